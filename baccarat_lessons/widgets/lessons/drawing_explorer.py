"""The drawing-table explorer: pick Banker's two-card total and Player's third card,
see what Banker does and the rule that says so, with the cell lit in the full table.

The sentence comes from the engine (:func:`~baccarat_lessons.engine.coup.banker_rule`
for fixed rules; the Chemin de Fer table also has the banker's optional cells), and
the table from :class:`~baccarat_lessons.widgets.drawing_table.DrawingTableView`.

>>> explorer = DrawingExplorer()
>>> explorer.banker_total.value, explorer.third_card.value = 3, 8
>>> explorer.decision
<Cell.STAND: 'stand'>
>>> explorer.third_card.value = 7
>>> explorer.decision, "Banker draws" in explorer.sentence.value
(<Cell.DRAW: 'draw'>, True)
"""

from __future__ import annotations

import ipywidgets as widgets

from ...engine.drawing import PUNTO_BANCO, Cell, DrawingRules
from ..guard import ActionGuard
from ..part_box import PartBox
from .explorer_words import FIRST_CHOICE, STOOD, VALUE_LABELS, ExplorerWords, card_of_value
from .styles import lesson_style

__all__ = ["STOOD", "VALUE_LABELS", "DrawingExplorer", "card_of_value"]


class DrawingExplorer:
    """Banker's decision for any total and third card, under one variant's rules."""

    def __init__(self, rules: DrawingRules | str = PUNTO_BANCO):
        self.words = ExplorerWords(rules)
        self.rules = self.words.rules
        self.other_hand = self.words.other_hand
        self.guard = ActionGuard()
        self.table_view = self.words.table_view
        total, third = FIRST_CHOICE
        self.banker_total = widgets.Dropdown(
            options=[(str(t), t) for t in range(8)], value=total, description=self.words.total_label,
            layout=widgets.Layout(width="12em"),
            style={"description_width": "initial"},
        )
        self.third_card = widgets.Dropdown(
            options=self.words.third_choices(), value=third, description=self.words.third_label,
            style={"description_width": "initial"},
        )
        self.sentence = widgets.HTML("")
        self.table = widgets.HTML("")
        for control in (self.banker_total, self.third_card):
            control.observe(self.guard.wrap(self._on_change), names="value")
        key = rules if isinstance(rules, str) else None
        recipe = {"part": "drawing-explorer", "variant": key} if key or rules is PUNTO_BANCO else None
        self.widget = PartBox(
            [widgets.HBox([self.banker_total, self.third_card]), self.sentence, self.table,
             self.guard.message, self.guard.error_log], recipe=recipe,
        )
        self.widget.add_class("bl-exercise")
        self.widget.children = (lesson_style(), *self.widget.children)
        self._render()

    @property
    def third_value(self) -> int | None:
        return None if self.third_card.value == STOOD else self.third_card.value

    @property
    def decision(self) -> Cell:
        return self.words.decision(self.banker_total.value, self.third_value)

    def explanation(self) -> str:
        """The rule in one sentence, as the engine words it where it can."""
        return self.words.explanation(self.banker_total.value, self.third_value)

    def _on_change(self, _change=None) -> None:
        self.guard.clear()
        self._render()

    def _render(self) -> None:
        self.sentence.value = self.words.verdict_html(self.banker_total.value, self.third_value)
        self.table.value = self.words.table_html(self.banker_total.value, self.third_value)
