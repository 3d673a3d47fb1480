"""Punto Banco / Mini table settings (SPEC §2.1), validated on creation.

>>> TableSettings().tie_pays, TableSettings(tie_pays=9).tie_pays
(8, 9)
>>> TableSettings(tie_pays=7)
Traceback (most recent call last):
...
baccarat_lessons.engine.errors.SettingsError: Tie pays 8:1 or 9:1; 7:1 is not a choice.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from .bets import EXTRA_SPOTS, MAIN_SPOTS, PAIR_SPOTS, BankerPays, BetSpot
from .errors import SettingsError
from .shoe import ShoeProcedure, check_decks

STARTING_CHIPS_CHOICES = (100, 1000, 2000, 5000)
HANDS_LIMIT_CHOICES = (None, 10, 20, 50)
TIE_PAYS_CHOICES = (8, 9)
DEAL_SPEED_CHOICES = ("slow", "normal", "fast", "instant")
# These change how the table looks and sounds, never the rules or the payouts.
PRESENTATION_SETTINGS = frozenset({"sound", "show_timer", "reduced_motion", "deal_speed"})
TABLE_DECK_CHOICES = (6, 8)


@dataclass(frozen=True)
class TableSettings:
    """Every choice of the settings panel. Presentation fields never change the rules."""

    decks: int = 8
    starting_chips: int = 100
    hands_limit: int | None = None
    tie_pays: int = 8
    pair_bets: bool = False
    banker_pays: BankerPays = BankerPays.COMMISSION
    extra_side_bets: bool = False
    procedure: ShoeProcedure = ShoeProcedure.RESHUFFLE_20
    # Presentation only.
    sound: bool = False
    show_timer: bool = False
    reduced_motion: bool = False
    deal_speed: str = "normal"

    def __post_init__(self) -> None:
        check_decks(self.decks)
        if not _is_choice(self.starting_chips, STARTING_CHIPS_CHOICES):
            choices = ", ".join(f"{c:,}" for c in STARTING_CHIPS_CHOICES)
            raise SettingsError(f"Starting chips can be {choices}; {self.starting_chips!r} is not a choice.")
        if not _is_choice(self.hands_limit, HANDS_LIMIT_CHOICES):
            raise SettingsError(
                f"A session lasts 10, 20 or 50 hands, or is unlimited; {self.hands_limit!r} is not a choice."
            )
        if not _is_choice(self.tie_pays, TIE_PAYS_CHOICES):
            raise SettingsError(f"Tie pays 8:1 or 9:1; {self.tie_pays}:1 is not a choice.")
        if self.deal_speed not in DEAL_SPEED_CHOICES:
            raise SettingsError(f"Deal speed is one of {', '.join(DEAL_SPEED_CHOICES)}; not {self.deal_speed!r}.")
        object.__setattr__(self, "banker_pays", _parse_banker_pays(self.banker_pays))
        object.__setattr__(self, "procedure", ShoeProcedure.parse(self.procedure))
        for name in ("pair_bets", "extra_side_bets", "sound", "show_timer", "reduced_motion"):
            if not isinstance(getattr(self, name), bool):
                raise SettingsError(f"The setting '{name}' is on or off (True or False).")

    @property
    def spots(self) -> tuple[BetSpot, ...]:
        """The bet spots these settings put on the layout."""
        return MAIN_SPOTS + (PAIR_SPOTS if self.pair_bets else ()) + (EXTRA_SPOTS if self.extra_side_bets else ())

    def changed(self, **changes: Any) -> "TableSettings":
        """A copy with some settings changed (validated the same way)."""
        known = {f.name for f in fields(self)}
        unknown = sorted(set(changes) - known)
        if unknown:
            raise SettingsError(f"There is no setting called '{unknown[0]}'.")
        return replace(self, **changes)


def _is_choice(value: object, choices: tuple[object, ...]) -> bool:
    """One of the listed choices, and a plain int (or None): 100.0 chips would bring a float into the money."""
    return (value is None or type(value) is int) and value in choices


def _parse_banker_pays(value: BankerPays | str) -> BankerPays:
    if isinstance(value, BankerPays):
        return value
    for mode in BankerPays:
        if value == mode.value:
            return mode
    raise SettingsError(f"Banker pays 'commission' or 'banker7'; '{value}' is not a choice.")
