"""Chemin de Fer's table model with and without the house's 5% commission on the banker's wins.

Without commission the game is zero-sum: what the punter loses per chip the banker
wins. The house's 5% of every banker win turns the banker's small edge into a loss,
while the punter's payoffs do not change at all, so drawing on 5 still beats standing
whatever the banker does. The banker keeps only 95% of what it wins, so which of its
optional plays is best could in principle move; the exact solution shows it does not.

>>> plain, charged = commission_cases()
>>> f"{float(plain.banker_value):+.4%}", f"{float(charged.banker_value):+.4%}"
('+1.2374%', '-1.0558%')
>>> plain.banker_cells == charged.banker_cells, charged.punter_draws_on_5
(True, Fraction(1, 1))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..chemin_de_fer_solver import solve

HOUSE_COMMISSION = Fraction(1, 20)


@dataclass(frozen=True)
class CommissionCase:
    """The table model solved under one commission: each side's value per chip and best play."""

    commission: Fraction
    punter_value: Fraction  # per chip the punter stakes
    banker_value: Fraction  # per chip of the bank that is covered, after commission
    punter_draws_on_5: Fraction
    banker_cells: dict  # (banker total, punter's third card) -> chance the banker draws


def commission_case(commission=0, decks: int = 6) -> CommissionCase:
    """The table model (this table's rules, ``decks`` decks) solved with ``commission``."""
    solution = solve(model="table", decks=decks, commission=commission)
    return CommissionCase(solution.commission, solution.value, solution.banker_value,
                          solution.punter_draw_on_5, dict(solution.banker))


def commission_cases(decks: int = 6) -> tuple[CommissionCase, CommissionCase]:
    """The table model without commission and with the house's 5%."""
    return commission_case(0, decks), commission_case(HOUSE_COMMISSION, decks)
