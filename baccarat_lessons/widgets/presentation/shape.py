"""The one shape of what the page draws a table with, whichever variant draws it.

A :class:`Presentation` holds the words and settings the table surface draws the user's seat
view with: the status line, the hands' labels and captions, the chips, the controls, the seats
round the felt and the bank (empty at a house-banked layout), the spots (empty at a seat-banked
table), the pending decision's words, the deal speeds. Pure functions build it
(:mod:`.layout`, :mod:`.seated`); ``to_json()`` is what the page receives.

>>> Presentation(layout="punto-banco", variant="mini-baccarat").to_json()["seats"]
[]
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field


@dataclass(frozen=True)
class HandLabel:
    """A hand on the felt: its name in the view, its key (class names), label and caption."""

    name: str
    key: str
    label: str
    caption: str = ""
    wins: str = ""  # the badge on a winning hand: "Players win", "Banker wins"
    yours: bool = False  # the user holds these cards


@dataclass(frozen=True)
class Control:
    """One button below the table; ``tooltip`` says why it cannot be pressed when it is disabled."""

    kind: str
    label: str
    css: str
    enabled: bool
    tooltip: str
    primary: bool = False


def control(kind: str, label: str, css: str, refused: str | None, tooltip: str, primary: bool = False) -> Control:
    """A button that ``refused`` (a sentence, or None) keeps from being pressed.

    >>> control("DEAL", "Deal", "bl-deal", "Place a bet first.", "Deal the round.").tooltip
    'Place a bet first.'
    """
    return Control(kind, label, css, refused is None, refused or tooltip, primary)


@dataclass(frozen=True)
class Presentation:
    """Everything the page draws besides the view (see the module docstring)."""

    layout: str  # "punto-banco" or "seated": how the felt is laid out
    variant: str
    hands: tuple[HandLabel, ...] = ()
    suits: dict = field(default_factory=dict)
    words: dict = field(default_factory=dict)
    status: tuple[tuple[str, str], ...] = ()
    chips: tuple[dict, ...] = ()  # {"value", "enabled", "tooltip"}
    chip: int = 1
    denominations: tuple[int, ...] = (1,)
    controls: tuple[Control, ...] = ()
    speed: str = "normal"
    speeds: tuple = ()
    reduced_motion: bool = False
    sound: bool = False
    timer: int | None = None
    idle: str = ""
    resumable: bool = True
    # A house-banked layout: its bet spots, each with its payout and the refusal of each chip.
    spots: tuple[dict, ...] = ()
    # A seat-banked table: the seats round the felt, the bank, the stakes and the pending decision.
    seats: tuple[dict, ...] = ()
    seats_above: tuple[int, ...] = ()
    seats_below: tuple[int, ...] = ()
    bank: str = ""
    bank_amount: int = 0
    stakes: tuple[dict, ...] = ()
    default_amounts: dict = field(default_factory=dict)
    tooltips: dict = field(default_factory=dict)
    situation: str = ""
    refused: tuple[dict, ...] = ()
    notes: tuple[str, ...] = ()  # under the decision's buttons: why the choice is forced, or what each action means
    amount_kinds: tuple[str, ...] = ()
    hint: str = ""

    def to_json(self) -> dict:
        """Plain dicts, lists, strings and numbers, as the page receives them."""
        return _plain(asdict(self))


def _plain(value):
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return value
