"""The hand history widget: one short paragraph per round, newest first (the text: :mod:`.history_text`).

>>> from baccarat_lessons.engine.driver import Driver
>>> from baccarat_lessons.engine.shoe import Shoe
>>> driver = Driver("punto-banco", shoe=Shoe.stacked("2S AC 2H 2D 8C"))
>>> _ = driver.act("BET", 1000, "Banker")
>>> view = HandHistoryView()
>>> view.update([driver.act("DEAL").coup])
>>> "Round 1: Player 2♠ 2♥ 8♣ (2)" in view.widget.value
True
"""

from __future__ import annotations

from typing import Callable, Sequence

from ..engine.records import CoupRecord
from .history_text import SHOWN_ROUNDS, history_html, round_summary  # noqa: F401  (read from here too)
from .shared_models import html


class HandHistoryView:
    """Recent rounds as a list (class ``bl-history``); each row expands to every step."""

    def __init__(self):
        self.widget = html()
        self.widget.add_class("bl-history")
        self.update([])

    def update(self, history: Sequence[CoupRecord]) -> None:
        self._render(history, round_summary, "rounds")

    def _render(self, history: Sequence, summary: Callable[[object], str], unit: str) -> None:
        self.widget.value = history_html(history, summary, unit)
