"""Counting to nine: a seeded drill that deals a small hand and asks for its total.

>>> drill = TotalsDrill(seed=4)
>>> drill.answer_box.value = str(drill.total)
>>> drill.check_button.click()
>>> drill.score, "Right" in drill.feedback.value
((1, 1), True)
>>> drill.next_button.click()
>>> drill.answer_box.value, drill.feedback.value
('', '')
"""

from __future__ import annotations

import ipywidgets as widgets

from ..guard import ActionGuard
from ..part_box import PartBox
from .styles import lesson_style
from .totals import TotalsRound, explain_total

__all__ = ["TotalsDrill", "explain_total"]


class TotalsDrill:
    """Deals two or three cards from a seeded deck; the student types the total (a :class:`TotalsRound`)."""

    def __init__(self, seed=None):
        self.round = TotalsRound(seed)
        self.guard = ActionGuard()
        self.cards_view = widgets.HTML("")
        self.answer_box = widgets.Text(placeholder="total", layout=widgets.Layout(width="6em"))
        self.check_button = widgets.Button(description="Check", button_style="primary")
        self.next_button = widgets.Button(description="Next hand")
        self.feedback = widgets.HTML("")
        self.score_view = widgets.HTML("")
        self.check_button.on_click(self.guard.wrap(self._on_check))
        self.next_button.on_click(self.guard.wrap(self._on_next))
        recipe = {"part": "totals-drill", "seed": seed} if seed is None or type(seed) is int else None
        self.widget = PartBox(
            [self.cards_view, widgets.HBox([widgets.Label("Total:"), self.answer_box, self.check_button,
                                            self.next_button]),
             self.guard.message, self.feedback, self.score_view, self.guard.error_log], recipe=recipe,
        )
        self.widget.add_class("bl-exercise")
        self.widget.children = (lesson_style(), *self.widget.children)
        self._render()

    @property
    def cards(self):
        return self.round.cards

    @property
    def total(self) -> int:
        return self.round.total

    @property
    def score(self) -> tuple[int, int]:
        return self.round.score

    def _on_check(self, _widget=None) -> None:
        self.guard.clear()
        self.feedback.value = self.round.check(self.answer_box.value)
        self._render()

    def _on_next(self, _button=None) -> None:
        self.guard.clear()
        self.round.deal()
        self.answer_box.value = ""
        self.feedback.value = ""
        self._render()

    def _render(self) -> None:
        self.cards_view.value = self.round.cards_html()
        self.score_view.value = self.round.score_html()
