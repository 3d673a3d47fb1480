"""The Punto Banco table's settings as data: each field's name, words and choices, and what is said
when one changes. The settings widget (:mod:`.settings_panel`) and the browser edition's form
(``site/settings.js``, through :mod:`.posted_table`) are both built from it.

A choice travels from a page as its position in the field's list, never as a value: the value is
always read back from the list here, so a page cannot ask for a setting the panel does not offer.

>>> fields = setting_fields(PUNTO_BANCO)
>>> [field.name for field in fields][:3], fields[0].choices[1]
(['decks', 'starting_chips', 'hands_limit'], ('8', 8))
>>> next(field for field in fields if field.name == "banker_pays").choices[0][0]
'0.95:1 (5% commission)'
>>> applied_text("tie_pays", False), applied_text("decks", True)[:33]
('Settings changed: they apply from the next round.', 'Settings changed: a new session s')
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.bets import BankerPays, pays_label
from ..engine.money import show_chips, show_percent as percent
from ..engine.punto_banco import SESSION_SETTINGS
from ..engine.settings import (
    DEAL_SPEED_CHOICES,
    HANDS_LIMIT_CHOICES,
    STARTING_CHIPS_CHOICES,
    TABLE_DECK_CHOICES,
    TIE_PAYS_CHOICES,
)
from ..engine.shoe import ShoeProcedure
from ..engine.variants import PUNTO_BANCO, Variant  # noqa: F401  (PUNTO_BANCO: doctest)

PRESENTATION_SETTINGS = ("sound", "show_timer", "reduced_motion", "deal_speed")
RULES_NOTE = ("Decks, starting chips, session length and the shoe start a new session; payouts apply from "
              "the next round. Take your chips back first.")
PRESENTATION_NOTE = "Presentation only: these never change the cards or the payouts."


@dataclass(frozen=True)
class SettingField:
    """One setting: ``choices`` are (words, value) pairs, or empty for a yes/no box."""

    name: str
    label: str
    tip: str
    choices: tuple[tuple[str, object], ...] = ()

    @property
    def is_box(self) -> bool:
        return not self.choices


def setting_fields(variant: Variant, deck_choices=TABLE_DECK_CHOICES) -> tuple[SettingField, ...]:
    """Every setting of a Punto Banco or Mini table, in the panel's order; the Banker payout is named
    with the commission of the table's ``variant`` record. ``hands_limit``'s "Unlimited" is None."""
    pays = pays_label(variant.banker_payout)
    return (
        SettingField("decks", "Decks", "Decks in the shoe. Changing it starts a new session.",
                     tuple((str(d), d) for d in deck_choices)),
        SettingField("starting_chips", "Starting chips", "Practice chips at the start. Changing it starts a new session.",
                     tuple((f"{c:,}", c) for c in STARTING_CHIPS_CHOICES)),
        SettingField("hands_limit", "Session length",
                     "A limit of this practice session, not a casino rule. Changing it starts a new session.",
                     tuple(("Unlimited", None) if h is None else (f"{h} hands", h) for h in HANDS_LIMIT_CHOICES)),
        SettingField("tie_pays", "Tie pays", "Profit per chip on a winning Tie bet.",
                     tuple((f"{t}:1", t) for t in TIE_PAYS_CHOICES)),
        SettingField("banker_pays", "Banker pays",
                     f"Commission: every Banker win pays {pays}. Banker-7: 1:1, but a winning three-card 7 is returned.",
                     ((f"{pays} ({percent(variant.commission)} commission)", BankerPays.COMMISSION),
                      ("1:1, banker-7 pushes", BankerPays.BANKER_7))),
        SettingField("pair_bets", "Pair bets (11:1)", "Player Pair and Banker Pair: the first two cards share a rank."),
        SettingField("extra_side_bets", "Extra side bets", "Either Pair 5:1, Perfect Pair 25:1, Big 0.54:1, Small 1.5:1."),
        SettingField("procedure", "Shoe", "When the shoe is shuffled. Changing it starts a new session.",
                     tuple((p.label, p) for p in ShoeProcedure)),
        SettingField("deal_speed", "Deal speed", "How fast the cards are revealed (presentation only).",
                     tuple((s.capitalize(), s) for s in DEAL_SPEED_CHOICES)),
        SettingField("reduced_motion", "Reduced motion", "Show each round at once, without animation."),
        SettingField("show_timer", "Show timer", "Show how long this session has run (presentation only)."),
        SettingField("sound", "Sound", "A short tone when a round is settled (presentation only)."),
    )


def table_fields(driver) -> tuple[SettingField, ...]:
    """The settings of ``driver``'s table, its own deck count among the choices (a resumed session's)."""
    return setting_fields(driver.variant, tuple(sorted({*TABLE_DECK_CHOICES, driver.settings.decks})))


def asks_first(name: str, value, driver) -> bool:
    """Whether changing ``name`` to ``value`` would wipe the hands played, and so waits for a yes."""
    return name in SESSION_SETTINGS and bool(driver.table.coups_played) and value != getattr(driver.settings, name)


def ask_text(driver) -> str:
    """The question before a change that starts a new session."""
    hands = driver.table.coups_played
    return (f"This starts a new session. Your {hands} hand{'s' if hands != 1 else ''} and your balance of "
            f"{show_chips(driver.table.balance + driver.table.staked)} would be reset. "
            "Start a new session with this setting?")


def applied_text(name: str, restarted: bool) -> str:
    """What the table says once a setting is applied."""
    if name in SESSION_SETTINGS and restarted:
        return "Settings changed: a new session starts with a fresh shoe and the starting chips."
    if name in PRESENTATION_SETTINGS:
        return "Presentation changed; the rules and payouts are as before."
    return "Settings changed: they apply from the next round."


def apply_setting(driver, name: str, value, say) -> bool:
    """Change ``name`` to ``value`` through the driver (which refuses, with a sentence, what it may not
    do), then ``say(sentence, "done")``; returns whether a new session started."""
    restarted = driver.change_setting(name, value)
    say(applied_text(name, restarted), "done")
    return restarted


ASK_SAID = "This setting starts a new session: confirm it below, or keep your session."
KEPT_SAID = "Settings kept: your session goes on as it was."
