"""Results shown in lesson 13 (the third card) as tables and sentences.

>>> departures_table(8).rows[0][:3]
['4', '1', 'stand']
"""

from __future__ import annotations

from ...analysis.lessons.third_card import (
    BANKER_TOTALS, THIRD_CARDS, banker_choice_values, departures, player_totals_given_third,
)
from ...engine.drawing import PUNTO_BANCO, Cell
from ...analysis.reports import decks_text
from .present import Table, number, percent, say

LETTER = {Cell.DRAW: "D", Cell.STAND: "S", Cell.OPTIONAL: "="}


def _third(value) -> str:
    return "stood" if value is None else str(value)


def player_totals_table(decks: int = 8) -> Table:
    """Player's final total given the third card it showed (rows), in percent."""
    given = player_totals_given_third(decks)
    rows = [[str(third)] + [percent(given[third].get(total, 0), 1) if total in given[third] else "·"
                            for total in range(10)] for third in range(10)]
    return Table(["third card"] + [f"ends on {t}" for t in range(10)], rows,
                 note="Given that Player drew (two-card total 0–5) and showed this card. A dot: impossible.")


def cell_row_table(banker_total: int, decks: int = 8) -> Table:
    """One row of the drawing table: Banker's expected result from drawing and from standing."""
    values = banker_choice_values(decks)
    rows = [[_third(v), number(values[(banker_total, v)].draw, 4, signed=True),
             number(values[(banker_total, v)].stand, 4, signed=True), values[(banker_total, v)].best.value,
             PUNTO_BANCO.banker_cell(banker_total, v).value] for v in THIRD_CARDS]
    return Table(["Player's third card", "draw", "stand", "better", "Punto Banco"], rows,
                 caption=f"Banker's two cards total {banker_total}: expected result (+1 win, 0 tie, −1 loss)")


def best_reply_table(decks: int = 8) -> Table:
    """The better choice in every cell (D or S), marked with ! where Punto Banco's table differs."""
    values = banker_choice_values(decks)
    rows = []
    for total in BANKER_TOTALS:
        row = [str(total)]
        for v in THIRD_CARDS:
            best, fixed = values[(total, v)].best, PUNTO_BANCO.banker_cell(total, v)
            row.append(LETTER[best] + ("!" if best not in (fixed, Cell.OPTIONAL) else ""))
        rows.append(row)
    return Table(["Banker total"] + [_third(v) for v in THIRD_CARDS], rows,
                 note=f"{decks_text(decks)}. D: draw is better, S: stand is better; !: Punto Banco's table does the other.")


def departures_table(decks: int = 8) -> Table:
    """Where the fixed table is not the best reply, how much it gives up, and how often."""
    rows = [[str(d.banker_total), _third(d.third_card), d.fixed.value, number(d.value.gain, 4),
             percent(d.value.chance, 2), number(d.cost_per_coup, 6)] for d in departures(decks)]
    return Table(["Banker total", "Player's third card", "Punto Banco", "gain of the other choice",
                  "chance of the cell", "cost per coup dealt"], rows,
                 note=f"{decks_text(decks)}. The gain is per deal that reaches the cell, the cost per coup dealt (the gain × "
                      "the chance of the cell); a Banker win counts +1.")


def cost_sentence(decks: int = 8):
    """The total the fixed table gives up, per coup dealt."""
    cost = sum(d.cost_per_coup for d in departures(decks))
    return say(f"In all, the fixed table costs the Banker hand {number(cost, 5)} of a result per coup dealt "
               f"({percent(cost, 3)}): less than the 5% commission on a Banker win is worth, and the same on "
               "every coup, so the house sets its payouts for it once.")
