"""The betting-systems lab: pick a system, play many sessions, compare with flat betting
on the very same rounds, and with the exact expectation of the bets the system made.

>>> lab = SystemsLab(seed=5)
>>> lab.system.value = "Martingale (double after a loss)"
>>> lab.sessions.value = 200
>>> lab.play_button.click()
>>> [r.name for r in lab.results]
['Martingale (double after a loss)', 'Flat bet on Banker']
>>> "result per chip staked" in lab.table.value
True
"""

from __future__ import annotations

import ipywidgets as widgets

from ...analysis.lessons.bankroll import dealt_outcomes
from ...analysis.lessons.systems import (
    FlatBet, FollowTheShoe, Martingale, ReadTheMachine, StreakBreaker, comparison_table_html, play_system,
)
from ..guard import ActionGuard
from ..part_box import PartBox
from .styles import lesson_style

SYSTEM_FACTORIES = {
    factory().name: factory
    for factory in (Martingale, FollowTheShoe, StreakBreaker, ReadTheMachine, lambda: FlatBet())
}


class SystemsLab:
    """Plays one system and a flat Banker bettor on the same simulated rounds."""

    def __init__(self, seed: int | None = 2026, bankroll: int = 100, table_max: int = 100):
        self.guard = ActionGuard()
        self.seed = seed
        self.bankroll = bankroll
        self.table_max = table_max
        self.results = []
        self.system = widgets.Dropdown(options=list(SYSTEM_FACTORIES), description="System",
                                       layout=widgets.Layout(width="30em"), style={"description_width": "initial"})
        self.sessions = widgets.IntSlider(value=1000, min=100, max=3000, step=100, description="Sessions",
                                          style={"description_width": "initial"})
        self.rounds = widgets.IntSlider(value=200, min=50, max=300, step=50, description="Rounds each",
                                        style={"description_width": "initial"})
        self.play_button = widgets.Button(description="Play the sessions", button_style="primary")
        self.play_button.on_click(self.guard.wrap(self._on_play))
        self.claim = widgets.HTML("")
        self.table = widgets.HTML("")
        self.system.observe(self.guard.wrap(self._show_claim), names="value")
        # The lab plays with numpy, which the browser edition's Python lacks: its page shows what the lab
        # shows after a press of Play at its settings when the lesson is built (widgets/part_box.py).
        self.widget = PartBox(
            [self.system, self.claim, widgets.HBox([self.sessions, self.rounds]), self.play_button,
             self.guard.message, self.table, self.guard.error_log],
            recipe=lambda: {"part": "shown", "name": "The betting-systems lab",
                            "html": self.claim.value + comparison_table_html(self._play(self.seed)) + f"<p>{self._played_text()}</p>"},
        )
        self.widget.add_class("bl-exercise")
        self.widget.children = (lesson_style(), *self.widget.children)
        self._show_claim()

    def _show_claim(self, _change=None) -> None:
        system = SYSTEM_FACTORIES[self.system.value]()
        self.claim.value = f"<p><em>The claim:</em> {system.claim}</p>"

    def _play(self, seed) -> list:
        """The chosen system and flat betting played on the same rounds, dealt from ``seed``."""
        outcomes = dealt_outcomes(self.rounds.value, sessions=self.sessions.value, seed=seed)
        system = SYSTEM_FACTORIES[self.system.value]()
        return [
            play_system(s, outcomes, self.bankroll, 1, self.table_max) for s in (system, FlatBet())
        ][: 1 if isinstance(system, FlatBet) else 2]

    def _played_text(self) -> str:
        return (f"Played {self.sessions.value:,} sessions of {self.rounds.value} rounds, {self.bankroll} chips each, "
                f"table maximum {self.table_max}.")

    def _on_play(self, _button=None) -> None:
        self.guard.clear()
        self.results = self._play(self.seed)
        if self.seed is not None:
            self.seed += 1  # each press deals new rounds, yet a fresh lab replays the same ones
        self.table.value = comparison_table_html(self.results)
        self.guard.say(self._played_text(), "done")
