"""The banker's drawing table (SPEC §2) as one HTML table, built from the rules data.

Rows are the banker's two-card total, columns the value of the other hand's
third card (or "stood"). Each cell shows a letter as well as a colour: D draws,
S stands, C is the banker's choice. The cell a rule event used is highlighted.

>>> from baccarat_lessons.engine.drawing import PUNTO_BANCO
>>> html = DrawingTableView(PUNTO_BANCO).render(TableCell(Hand.BANKER, 3, 8))
>>> html.count("bl-cell-active"), 'data-total="3" data-third="8"' in html
(1, True)
>>> from baccarat_lessons.engine.drawing import CHEMIN_DE_FER
>>> cdf = DrawingTableView(CHEMIN_DE_FER, other_hand="Punter").render()
>>> cdf.count(">C</td>"), "C punter's choice" in cdf
(3, True)
"""

from __future__ import annotations

from ..engine.drawing import Cell, DrawingRules
from ..engine.events import Hand
from ..engine.cells import TableCell

# Said beside the table wherever a Banque game shows it: no table binds the Banque banker.
BANQUE_NOTE = ('<p class="bl-note">The Banque banker is not bound by this table: it shows the guidance a tableau '
               "follows and the Chemin de Fer banker's table, for comparison.</p>")
CELL_LETTERS = {Cell.DRAW: "D", Cell.STAND: "S", Cell.OPTIONAL: "C"}
CELL_WORDS = {Cell.DRAW: "draws", Cell.STAND: "stands", Cell.OPTIONAL: "chooses"}
STOOD = "stood"


def possessive(name: str) -> str:
    """``"Player's"``, but ``"Players'"``: a hand's name in the possessive."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


class DrawingTableView:
    """Renders one variant's drawing rules, optionally highlighting the cell in use."""

    def __init__(self, rules: DrawingRules, other_hand: str = "Player", note: str = ""):
        self.rules = rules
        self.note = note  # HTML said above the table, e.g. BANQUE_NOTE where no table binds the banker
        self.other_hand = other_hand

    def _cell(self, total: int, third: int | None, active: bool) -> str:
        cell = self.rules.banker_cell(total, third)
        column = STOOD if third is None else str(third)
        classes = f"bl-cell bl-cell-{cell.value}" + (" bl-cell-active" if active else "")
        when = f"{self.other_hand} stood" if third is None else f"third card {third}"
        title = f"Banker on {total}, {when}: {CELL_WORDS[cell]}"
        return (
            f'<td class="{classes}" data-total="{total}" data-third="{column}" title="{title}">'
            f"{CELL_LETTERS[cell]}</td>"
        )

    def _player_row(self, highlight: TableCell | None) -> str:
        cells = []
        for total in range(10):
            if total >= 8:
                letter, kind = "N", "natural"
            elif total in self.rules.player_optional_on:
                letter, kind = "C", "optional"
            elif self.rules.player_draws(total):
                letter, kind = "D", "draw"
            else:
                letter, kind = "S", "stand"
            active = highlight is not None and highlight.hand is not Hand.BANKER and highlight.total == total
            classes = f"bl-cell bl-cell-{kind}" + (" bl-cell-active" if active else "")
            cells.append(f'<td class="{classes}" data-total="{total}">{letter}</td>')
        head = "".join(f"<th scope='col'>{t}</th>" for t in range(10))
        choice = f", C {possessive(self.other_hand.lower())} choice" if self.rules.player_optional_on else ""
        return (
            f'<table class="bl-player-rule"><caption>{possessive(self.other_hand)} hand on its two-card total '
            f"(D draws, S stands{choice}, N natural)</caption>"
            f"<tr><th scope='row'>Total</th>{head}</tr>"
            f"<tr><th scope='row'>{self.other_hand}</th>{''.join(cells)}</tr></table>"
        )

    def _choice_legend(self) -> str:
        """The legend's "C" entry, only for rules that leave the banker a choice (Punto Banco has none)."""
        optional = any(self.rules.banker_cell(total, third) is Cell.OPTIONAL
                       for total in range(8) for third in (None, *range(10)))
        return ", C banker's choice" if optional else ""

    def render(self, highlight: TableCell | None = None) -> str:
        """Both tables as HTML; the active cell carries class ``bl-cell-active``."""
        banker_active = highlight if highlight and highlight.hand is Hand.BANKER and not highlight.is_natural else None
        header = f"<th scope='col'>{self.other_hand} stood</th>" + "".join(
            f"<th scope='col'>{value}</th>" for value in range(10)
        )
        rows = []
        for total in range(8):
            cells = "".join(
                self._cell(
                    total, third,
                    banker_active is not None and banker_active.total == total and banker_active.third_value == third,
                )
                for third in (None, *range(10))
            )
            rows.append(f"<tr><th scope='row'>{total}</th>{cells}</tr>")
        natural = ""
        if highlight is not None and highlight.is_natural:
            natural = '<p class="bl-natural-note bl-cell-active">A natural: neither hand draws.</p>'
        return (
            f'{self.note}<div class="bl-drawing">{self._player_row(highlight)}'
            f'<table class="bl-drawing-table"><caption>Banker on its two-card total (rows) and '
            f"{possessive(self.other_hand)} third card (columns): D draws, S stands{self._choice_legend()}</caption>"
            f"<tr><th scope='col'>Banker</th>{header}</tr>{''.join(rows)}</table>{natural}</div>"
        )
