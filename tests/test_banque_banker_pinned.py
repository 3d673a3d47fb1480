"""The plain-Python Banque banker gives the values the numpy code of 600006d gave.

``tests/data/banque_banker_values.json`` was written by ``tests/data/make_banque_banker_values.py``
with that code, before the rewrite: 300 random banker views (one or two tableaux, stakes,
third cards, coins, commission rates, settled gains, two sets of guidance), each with the
float values the bot compared, the exact fractions, and (for the first 24) every joint count.
"""

import json
from fractions import Fraction
from pathlib import Path

import pytest

from baccarat_lessons.analysis.banque_banker import BankerView, OpenSide, banker_values, exact_values, joint_counts
from baccarat_lessons.engine.drawing import CHEMIN_DE_FER, PUNTO_BANCO

CASES = json.loads((Path(__file__).parent / "data" / "banque_banker_values.json").read_text())["cases"]
RULES = {"CHEMIN_DE_FER": CHEMIN_DE_FER, "PUNTO_BANCO": PUNTO_BANCO}


def view_of(case) -> BankerView:
    sides = tuple(OpenSide(s["stake"], s["third"], Fraction(s["draw_on_five"])) for s in case["sides"])
    return BankerView(case["banker_total"], tuple(case["unseen"]), sides, Fraction(case["commission"]),
                      case["settled_gain"], RULES[case["drawing"]])


def test_the_pinned_cases_cover_one_and_two_tableaux_and_both_choices():
    assert len(CASES) == 300
    assert {len(case["sides"]) for case in CASES} == {1, 2}
    assert {case["draws"] for case in CASES} == {True, False}


@pytest.mark.parametrize("index", range(len(CASES)))
def test_values_equal_the_numpy_code(index):
    case = CASES[index]
    view = view_of(case)
    draw, stand = exact_values(view)
    assert (draw, stand) == (Fraction(case["exact_draw"]), Fraction(case["exact_stand"]))
    values = banker_values(view)
    assert float(values.draw) == pytest.approx(case["draw"], rel=1e-12, abs=1e-9)
    assert float(values.stand) == pytest.approx(case["stand"], rel=1e-12, abs=1e-9)
    if abs(case["draw"] - case["stand"]) > 1e-9:  # the old bot settled near-ties exactly, as this code always does
        assert values.draws == case["draws"]
    else:
        assert values.draws == (Fraction(case["exact_draw"]) > Fraction(case["exact_stand"]))
    if case["joint_counts"] is not None:
        table = joint_counts(view.unseen, len(view.sides) == 2)
        assert [n for outer in table for inner in outer for n in inner] == case["joint_counts"]
