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

from html import escape

import ipywidgets as widgets

from ...engine.cards import Card, Rank, Suit
from ...engine.coup import banker_rule
from ...engine.drawing import PUNTO_BANCO, Cell, DrawingRules
from ...engine.variants import variant_named
from ...engine.events import Hand
from ..drawing_table import DrawingTableView, possessive
from ..guard import ActionGuard
from .styles import lesson_style
from ...engine.cells import TableCell

STOOD = -1  # the dropdown value for "Player stood"
VALUE_LABELS = {0: "10, J, Q or K (worth 0)", 1: "Ace (worth 1)", **{v: str(v) for v in range(2, 10)}}


def card_of_value(value: int) -> Card:
    """A card worth ``value`` (a ten for 0), for sentences like 'a 10 (0)'."""
    rank = Rank.TEN if value == 0 else Rank.ACE if value == 1 else Rank(str(value))
    return Card(rank, Suit.SPADES)


class DrawingExplorer:
    """Banker's decision for any total and third card, under one variant's rules."""

    def __init__(self, rules: DrawingRules | str = PUNTO_BANCO):
        self.rules = variant_named(rules).drawing if isinstance(rules, str) else rules  # a variant's key or rules
        self.other_hand = "Player" if self.rules is PUNTO_BANCO else "the players"
        self.guard = ActionGuard()
        self.table_view = DrawingTableView(self.rules, other_hand="Player" if self.rules is PUNTO_BANCO else "Players")
        self.banker_total = widgets.Dropdown(
            options=[(str(total), total) for total in range(8)], value=3, description="Banker has",
            layout=widgets.Layout(width="12em"),
            style={"description_width": "initial"},
        )
        self.third_card = widgets.Dropdown(
            options=[(f"{self.other_hand.capitalize()} stood (no third card)", STOOD)]
            + [(VALUE_LABELS[v], v) for v in range(10)],
            value=8, description=f"{possessive(self.other_hand.capitalize())} third card", style={"description_width": "initial"},
        )
        self.sentence = widgets.HTML("")
        self.table = widgets.HTML("")
        for control in (self.banker_total, self.third_card):
            control.observe(self.guard.wrap(self._on_change), names="value")
        self.widget = widgets.VBox(
            [widgets.HBox([self.banker_total, self.third_card]), self.sentence, self.table,
             self.guard.message, self.guard.error_log]
        )
        self.widget.add_class("bl-exercise")
        self.widget.children = (lesson_style(), *self.widget.children)
        self._render()

    @property
    def third_value(self) -> int | None:
        return None if self.third_card.value == STOOD else self.third_card.value

    @property
    def decision(self) -> Cell:
        return self.rules.banker_cell(self.banker_total.value, self.third_value)

    def explanation(self) -> str:
        """The rule in one sentence, as the engine words it where it can."""
        total, third = self.banker_total.value, self.third_value
        if self.decision is Cell.OPTIONAL:
            return (
                f"Banker has {total} and the players' third card is worth {third}: this cell is the banker's "
                "choice, to draw or to stand."
            )
        if self.rules is PUNTO_BANCO:
            return banker_rule(self.rules, total, None if third is None else card_of_value(third)).text
        verb = "draws" if self.decision is Cell.DRAW else "stands"
        if third is None:
            return f"The players stood, so the banker acts on its own total: on {total} it {verb}."
        return f"Banker has {total} and the players' third card is worth {third}: Banker {verb}."

    def _on_change(self, _change=None) -> None:
        self.guard.clear()
        self._render()

    def _render(self) -> None:
        verdict = {Cell.DRAW: "Draws", Cell.STAND: "Stands", Cell.OPTIONAL: "Chooses"}[self.decision]
        self.sentence.value = (
            f'<p class="bl-explorer-verdict"><strong>{verdict}.</strong> {escape(self.explanation())}</p>'
        )
        self.table.value = self.table_view.render(TableCell(Hand.BANKER, self.banker_total.value, self.third_value))
