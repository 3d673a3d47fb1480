"""The drawing-table explorer without a widget: its choices, the banker's decision for them and the
sentence that says why, with the cell lit in the full table. The explorer widget
(:class:`~.drawing_explorer.DrawingExplorer`) and the browser edition's page
(:mod:`~baccarat_lessons.widgets.posted_parts`) both show what :class:`ExplorerWords` says.

>>> words = ExplorerWords("chemin-de-fer")
>>> words.decision(5, 4), words.decision(3, 8)
(<Cell.OPTIONAL: 'optional'>, <Cell.STAND: 'stand'>)
>>> print(words.explanation(6, None))
The players stood, so the banker acts on its own total: on 6 it stands.
"""

from __future__ import annotations

from html import escape

from ...engine.cards import Card, Rank, Suit
from ...engine.cells import TableCell
from ...engine.coup import banker_rule
from ...engine.drawing import PUNTO_BANCO, Cell, DrawingRules
from ...engine.events import Hand
from ...engine.variants import variant_named
from ..drawing_table import DrawingTableView, possessive

STOOD = -1  # the choice "Player stood"
VALUE_LABELS = {0: "10, J, Q or K (worth 0)", 1: "Ace (worth 1)", **{v: str(v) for v in range(2, 10)}}
BANKER_TOTALS = tuple(range(8))  # a banker on 8 or 9 has a natural: no third card is in question
FIRST_CHOICE = (3, 8)  # what the explorer shows first: Banker on 3 against an 8


def card_of_value(value: int) -> Card:
    """A card worth ``value`` (a ten for 0), for sentences like 'a 10 (0)'."""
    rank = Rank.TEN if value == 0 else Rank.ACE if value == 1 else Rank(str(value))
    return Card(rank, Suit.SPADES)


class ExplorerWords:
    """Banker's decision for any total and third card under one variant's rules (a key, or the rules)."""

    def __init__(self, rules: DrawingRules | str = PUNTO_BANCO):
        self.rules = variant_named(rules).drawing if isinstance(rules, str) else rules
        self.other_hand = "Player" if self.rules is PUNTO_BANCO else "the players"
        self.table_view = DrawingTableView(self.rules, other_hand="Player" if self.rules is PUNTO_BANCO else "Players")

    @property
    def total_label(self) -> str:
        return "Banker has"

    @property
    def third_label(self) -> str:
        return f"{possessive(self.other_hand.capitalize())} third card"

    def third_choices(self) -> list[tuple[str, int]]:
        """The third-card choices: the other hand stood, or a card of each value."""
        return [(f"{self.other_hand.capitalize()} stood (no third card)", STOOD)] + [(VALUE_LABELS[v], v) for v in range(10)]

    def decision(self, total: int, third: int | None) -> Cell:
        return self.rules.banker_cell(total, third)

    def explanation(self, total: int, third: int | None) -> str:
        """The rule in one sentence, as the engine words it where it can."""
        decision = self.decision(total, third)
        if decision is Cell.OPTIONAL:
            return (
                f"Banker has {total} and the players' third card is worth {third}: this cell is the banker's "
                "choice, to draw or to stand."
            )
        if self.rules is PUNTO_BANCO:
            return banker_rule(self.rules, total, None if third is None else card_of_value(third)).text
        verb = "draws" if decision is Cell.DRAW else "stands"
        if third is None:
            return f"The players stood, so the banker acts on its own total: on {total} it {verb}."
        return f"Banker has {total} and the players' third card is worth {third}: Banker {verb}."

    def verdict_html(self, total: int, third: int | None) -> str:
        verdict = {Cell.DRAW: "Draws", Cell.STAND: "Stands", Cell.OPTIONAL: "Chooses"}[self.decision(total, third)]
        return f'<p class="bl-explorer-verdict"><strong>{verdict}.</strong> {escape(self.explanation(total, third))}</p>'

    def table_html(self, total: int, third: int | None) -> str:
        return self.table_view.render(TableCell(Hand.BANKER, total, third))
