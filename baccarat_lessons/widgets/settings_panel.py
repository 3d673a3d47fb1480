"""The table settings panel (SPEC §2.1), applied through the driver (``Driver.change_setting``).

A refused change (chips still on the layout, say) shows the engine's sentence
and puts the control back to the setting in force: the controls always show
the session's settings, never a choice of their own.

>>> from baccarat_lessons.engine.driver import Driver
>>> driver = Driver("punto-banco", seed=2)
>>> panel = SettingsPanel(driver)
>>> panel.controls["tie_pays"].value = 9
>>> driver.settings.tie_pays, driver.log
(9, [['SETTING', 'tie_pays', 9]])
>>> _ = driver.act("BET", 500, "Tie")
>>> panel.controls["tie_pays"].value = 8
>>> driver.settings.tie_pays, panel.controls["tie_pays"].value
(9, 9)
>>> panel.guard.message.value.count("Clear")
1
>>> panel.controls["banker_pays"].options[0][0]   # the commission of the table's variant record
'0.95:1 (5% commission)'
"""

from __future__ import annotations

from typing import Callable

import ipywidgets as widgets

from ..content.comparison import percent
from ..engine.bets import BankerPays, pays_label
from ..engine.money import show_chips
from ..engine.punto_banco import SESSION_SETTINGS
from ..engine.settings import (
    DEAL_SPEED_CHOICES,
    HANDS_LIMIT_CHOICES,
    STARTING_CHIPS_CHOICES,
    TABLE_DECK_CHOICES,
    TIE_PAYS_CHOICES,
)
from ..engine.shoe import ShoeProcedure
from ..engine.variants import Variant
from .guard import ActionGuard
from .shared_models import button, hbox, html, shared_layout, shared_style, vbox

PRESENTATION_SETTINGS = ("sound", "show_timer", "reduced_motion", "deal_speed")
# A Dropdown whose value is None shows no selection at all, so "unlimited" is 0 on screen.
UNLIMITED = 0


def _dropdown(description: str, options, tooltip: str) -> widgets.Dropdown:
    # Its width is the panel's less its margins ("auto" in the panel's column), not 100% plus them:
    # at 100% its right edge was cut off by the panel's edge.
    return widgets.Dropdown(options=options, description=description, tooltip=tooltip,
                            style=shared_style(widgets.Dropdown, description_width="9.5em"),
                            layout=shared_layout(width="auto", max_width="28em"))


def _checkbox(description: str, tooltip: str) -> widgets.Checkbox:
    return widgets.Checkbox(description=description, indent=False, tooltip=tooltip,
                            layout=shared_layout(width="auto"), style=shared_style(widgets.Checkbox))


def build_controls(variant: Variant, deck_choices=TABLE_DECK_CHOICES) -> dict[str, widgets.ValueWidget]:
    """One control per setting, keyed by the :class:`TableSettings` field name; the Banker payout
    is named with the commission of the table's ``variant`` record."""
    pays = pays_label(variant.banker_payout)
    return {
        "decks": _dropdown("Decks", [(str(d), d) for d in deck_choices],
                           "Decks in the shoe. Changing it starts a new session."),
        "starting_chips": _dropdown("Starting chips", [(f"{c:,}", c) for c in STARTING_CHIPS_CHOICES],
                                    "Practice chips at the start. Changing it starts a new session."),
        "hands_limit": _dropdown(
            "Session length",
            [("Unlimited", UNLIMITED) if h is None else (f"{h} hands", h) for h in HANDS_LIMIT_CHOICES],
            "A limit of this practice session, not a casino rule. Changing it starts a new session."),
        "tie_pays": _dropdown("Tie pays", [(f"{t}:1", t) for t in TIE_PAYS_CHOICES],
                              "Profit per chip on a winning Tie bet."),
        "banker_pays": _dropdown(
            "Banker pays",
            [(f"{pays} ({percent(variant.commission)} commission)", BankerPays.COMMISSION),
             ("1:1, banker-7 pushes", BankerPays.BANKER_7)],
            f"Commission: every Banker win pays {pays}. Banker-7: 1:1, but a winning three-card 7 is returned."),
        "pair_bets": _checkbox("Pair bets (11:1)", "Player Pair and Banker Pair: the first two cards share a rank."),
        "extra_side_bets": _checkbox("Extra side bets", "Either Pair 5:1, Perfect Pair 25:1, Big 0.54:1, Small 1.5:1."),
        "procedure": _dropdown("Shoe", [(p.label, p) for p in ShoeProcedure],
                               "When the shoe is shuffled. Changing it starts a new session."),
        "deal_speed": _dropdown("Deal speed", [(s.capitalize(), s) for s in DEAL_SPEED_CHOICES],
                                "How fast the cards are revealed (presentation only)."),
        "reduced_motion": _checkbox("Reduced motion", "Show each round at once, without animation."),
        "show_timer": _checkbox("Show timer", "Show how long this session has run (presentation only)."),
        "sound": _checkbox("Sound", "A short tone when a round is settled (presentation only)."),
    }


class SettingsPanel:
    """Controls for every setting; ``widget`` has class ``bl-settings``.

    ``driver`` is the Punto Banco table's :class:`~baccarat_lessons.engine.driver.Driver`;
    ``on_applied(restarted)`` runs after a change the driver accepted.
    """

    def __init__(self, driver, guard: ActionGuard | None = None,
                 on_applied: Callable[[bool], None] | None = None):
        self.driver = driver
        self.guard = guard or ActionGuard()
        self._on_applied = on_applied or (lambda restarted: None)
        decks = tuple(sorted({*TABLE_DECK_CHOICES, driver.settings.decks}))
        self.controls = build_controls(driver.variant, decks)
        self._syncing = False
        self._asked: tuple[str, object] | None = None  # a session-resetting change waiting for a yes
        self.confirm_text = html()
        self.confirm_button = button("Start a new session", button_style="warning")
        self.keep_button = button("Keep my session")
        self.confirm_button.add_class("bl-settings-confirm")
        self.keep_button.add_class("bl-settings-keep")
        self.confirm_button.on_click(self.guard.wrap(lambda _b: self._answer(True)))
        self.keep_button.on_click(self.guard.wrap(lambda _b: self._answer(False)))
        # Its own layout: shown and hidden.
        self.confirm_box = widgets.VBox([self.confirm_text, hbox([self.confirm_button, self.keep_button])],
                                        layout=widgets.Layout(display="none"))
        self.confirm_box.add_class("bl-settings-ask")
        self.sync()
        for name, control in self.controls.items():
            control.observe(self.guard.wrap(lambda change, name=name: self._changed(name, change)), names="value")
        rules = [self.controls[n] for n in ("decks", "starting_chips", "hands_limit", "procedure",
                                            "tie_pays", "banker_pays", "pair_bets", "extra_side_bets")]
        shown = [self.controls[n] for n in PRESENTATION_SETTINGS]
        self.widget = vbox([
            html("<h4>Table settings</h4>"),
            html('<p class="bl-note">Decks, starting chips, session length and the shoe start a '
                 "new session; payouts apply from the next round. Take your chips back first.</p>"),
            vbox(rules),
            self.confirm_box,
            html('<p class="bl-note">Presentation only: these never change the cards or the payouts.</p>'),
            vbox(shown),
        ])
        self.widget.add_class("bl-settings")

    def sync(self) -> None:
        """Set every control to the setting in force (without applying anything)."""
        self._syncing = True
        try:
            for name, control in self.controls.items():
                value = getattr(self.driver.settings, name)
                if name == "hands_limit" and value is None:
                    value = UNLIMITED
                if control.value != value:
                    control.value = value
        finally:
            self._syncing = False

    def set_enabled(self, enabled: bool) -> None:
        for control in self.controls.values():
            control.disabled = not enabled

    def _changed(self, name: str, change) -> None:
        if self._syncing:
            return
        value = change["new"]
        if name == "hands_limit" and value == UNLIMITED:
            value = None
        if (name in SESSION_SETTINGS and self.driver.table.coups_played
                and value != getattr(self.driver.settings, name)):
            return self._ask(name, value)
        self._apply(name, value)

    def _ask(self, name: str, value) -> None:
        """A change that starts a new session waits for a yes: the hands played would be lost."""
        self._asked = (name, value)
        hands = self.driver.table.coups_played
        self.confirm_text.value = (
            f'<p class="bl-note"><strong>This starts a new session.</strong> Your {hands} hand'
            f'{"s" if hands != 1 else ""} and your balance of {show_chips(self.driver.table.balance + self.driver.table.staked)} '
            "would be reset. Start a new session with this setting?</p>")
        self.confirm_box.layout.display = None
        self.guard.say("This setting starts a new session: confirm it below, or keep your session.")

    def _answer(self, yes: bool) -> None:
        asked, self._asked = self._asked, None
        self.confirm_box.layout.display = "none"
        if asked is None:
            return
        if yes:
            self._apply(*asked)
        else:
            self.sync()  # the control goes back to the setting in force
            self.guard.say("Settings kept: your session goes on as it was.", "done")

    def _apply(self, name: str, value) -> None:
        try:
            restarted = self.driver.change_setting(name, value)
        finally:
            self.sync()  # refused or not, the controls show what is in force
        if name in SESSION_SETTINGS and restarted:
            self.guard.say("Settings changed: a new session starts with a fresh shoe and the starting chips.", "done")
        elif name in PRESENTATION_SETTINGS:
            self.guard.say("Presentation changed; the rules and payouts are as before.", "done")
        else:
            self.guard.say("Settings changed: they apply from the next round.", "done")
        self._on_applied(restarted)
