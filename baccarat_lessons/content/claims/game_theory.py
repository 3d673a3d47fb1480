"""Claims of lesson 14 (game theory): the table model's value, the commission, the classic mixed solution."""

from __future__ import annotations

from functools import lru_cache

from ...analysis.chemin_de_fer_solver import solve
from ...analysis.lessons.table_commission import commission_cases
from . import Claim


@lru_cache(maxsize=None)
def table_model() -> dict:
    table = solve(model="table", decks=6)
    draw, stand = table.payoff_matrix
    with_commission = next(case for case in commission_cases() if case.commission > 0)
    return {"value": table.value, "dominates": all(d > s for d, s in zip(draw, stand)),
            "banker_draws_both": table.banker == {(3, 9): 1, (5, 4): 1},
            "banker_with_commission": with_commission.banker_value, "banker_loss": -with_commission.banker_value, "punter_with_commission": with_commission.punter_value,
            "cells_unchanged": with_commission.banker_cells == table.banker}


@lru_cache(maxsize=None)
def classic() -> dict:
    solution = solve(model="classic", decks=0)
    mixed = {cell: chance for cell, chance in solution.banker.items() if 0 < chance < 1}
    return {"punter": solution.punter_draw_chance, "mixed_cells": list(mixed), "mix": next(iter(mixed.values()), 0)}


CLAIMS = (
    Claim("table-value",
          "The value of the game is about {value:.2%} per chip for the punter.",
          table_model, lambda f: f["dominates"] and f["banker_draws_both"] and f["value"] < 0,
          why="drawing on 5 to dominate, the banker to draw in both optional cells, and the punter's value to be a loss"),
    Claim("commission",
          "With the commission the banker loses too — about {banker_loss:.2%} of every chip of the bank "
          "that is covered — and the house is the only winner. The optional cells do not change: drawing on 3 "
          "against 9 and on 5 against 4 is still the banker's best play.",
          table_model, lambda f: (f["banker_with_commission"] < 0 and f["punter_with_commission"] < 0
                                  and f["cells_unchanged"]),
          why="both sides to lose with the commission, and the banker's optional cells to stay as they were"),
    Claim("classic-mix",
          "the punter draws on 5 with probability {punter}, and the banker mixes in one cell — 6 when the punter "
          "stood — drawing about {mix:.1%} of the time",
          classic, lambda f: f["mixed_cells"] == [(6, None)],
          why="exactly one mixed banker cell, 6 when the punter stood"),
    Claim("remember-value",
          "In the table model of Chemin de Fer, drawing on 5 dominates, the banker's best reply is to draw in both "
          "optional cells, and the punter's value is about {value:.2%} per chip.",
          table_model, lambda f: f["dominates"] and f["banker_draws_both"],
          why="drawing on 5 to dominate and the banker to draw in both optional cells"),
    Claim("remember-classic",
          "With a banker free in every cell (Kemeny and Snell), no plain plan is best: the punter draws on 5 with "
          "probability {punter} and the banker mixes only on 6 when the punter stood.",
          classic, lambda f: f["mixed_cells"] == [(6, None)] and 0 < f["punter"] < 1,
          why="a strictly mixed punter and exactly one mixed banker cell"),
)
