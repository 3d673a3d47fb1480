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

from html import escape
from typing import Callable

import ipywidgets as widgets

from .guard import ActionGuard
from .settings_fields import (
    ASK_SAID,
    KEPT_SAID,
    PRESENTATION_NOTE,
    PRESENTATION_SETTINGS,
    RULES_NOTE,
    apply_setting,
    ask_text,
    asks_first,
    table_fields,
)
from .shared_models import button, hbox, html, shared_layout, shared_style, vbox

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


def build_controls(fields) -> dict[str, widgets.ValueWidget]:
    """One control per setting of ``fields`` (:func:`.settings_fields.table_fields`), keyed by the
    :class:`TableSettings` field name."""
    controls = {}
    for field in fields:
        if field.is_box:
            controls[field.name] = _checkbox(field.label, field.tip)
        else:
            options = [(words, UNLIMITED if value is None else value) for words, value in field.choices]
            controls[field.name] = _dropdown(field.label, options, field.tip)
    return controls


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
        self.controls = build_controls(table_fields(driver))
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
            html(f'<p class="bl-note">{RULES_NOTE}</p>'),
            vbox(rules),
            self.confirm_box,
            html(f'<p class="bl-note">{PRESENTATION_NOTE}</p>'),
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
        if asks_first(name, value, self.driver):
            return self._ask(name, value)
        self._apply(name, value)

    def _ask(self, name: str, value) -> None:
        """A change that starts a new session waits for a yes: the hands played would be lost."""
        self._asked = (name, value)
        self.confirm_text.value = f'<p class="bl-note"><strong>{escape(ask_text(self.driver))}</strong></p>'
        self.confirm_box.layout.display = None
        self.guard.say(ASK_SAID)

    def _answer(self, yes: bool) -> None:
        asked, self._asked = self._asked, None
        self.confirm_box.layout.display = "none"
        if asked is None:
            return
        if yes:
            self._apply(*asked)
        else:
            self.sync()  # the control goes back to the setting in force
            self.guard.say(KEPT_SAID, "done")

    def _apply(self, name: str, value) -> None:
        try:
            restarted = apply_setting(self.driver, name, value, self.guard.say)
        finally:
            self.sync()  # refused or not, the controls show what is in force
        self._on_applied(restarted)
