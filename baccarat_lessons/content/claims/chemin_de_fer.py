"""Claims of lesson 04 (Chemin de Fer): what acting second is worth to the bank, and what the commission takes."""

from __future__ import annotations

from functools import lru_cache

from ...analysis.chemin_de_fer_solver import solve
from ...analysis.lessons.table_commission import commission_cases
from . import Claim


@lru_cache(maxsize=None)
def bank_margin() -> dict:
    table = solve(model="table", decks=6)
    draws = table.banker_columns.index(1) if 1 in table.banker_columns else 0  # the banker's best column
    # The punter's payoff is +1 for a win, −1 for a loss, 0 for a tie, so minus it is the bank's margin of
    # wins over losses, per coup, against a punter who always draws (row 0) or always stands (row 1) on 5.
    margins = [-row[draws] for row in table.payoff_matrix]
    with_commission = next(case for case in commission_cases() if case.commission > 0)
    return {"low": min(margins), "high": max(margins), "loss": -with_commission.banker_value}


CLAIMS = (
    Claim("bank-margin",
          "Acting second, after seeing the players' third card, gives the banker's hand {low:.2%} to {high:.2%} "
          "more wins than losses, depending on how the punter plays 5 (the banker drawing in both optional "
          "cells); the 5% commission on the bank's wins costs "
          "more than that: with it the bank loses about {loss:.2%} of each covered chip against a punter who "
          "draws on 5.",
          bank_margin, lambda f: 0 < f["low"] < f["high"] and f["loss"] > 0,
          why="a positive margin of wins over losses, and a loss once the commission is taken"),
)
