"""The drawing-table cells of lesson 13 (the third card) against a brute-force enumeration written here.

The test plays every ordered six-value sequence (the unused cards change no chance),
weights it by the number of ways to deal it without replacement, and types Punto
Banco's rules out again from the rule card rather than reading the engine's table.
"""

import itertools
from fractions import Fraction

import pytest

from baccarat_lessons.analysis.lessons.third_card import (
    banker_choice_values, departures, player_totals_given_third,
)
from baccarat_lessons.engine.drawing import Cell
from baccarat_lessons.engine.errors import SettingsError

# Punto Banco's Banker card: with this two-card total, draw when Player's third card is one of these.
BANKER_DRAWS_ON = {0: set(range(10)), 1: set(range(10)), 2: set(range(10)), 3: set(range(10)) - {8},
                   4: set(range(2, 8)), 5: set(range(4, 8)), 6: {6, 7}, 7: set()}


def sign(x):
    return (x > 0) - (x < 0)


def brute_force(decks):
    """{cell: [weight, weight × result if Banker stands, weight × result if Banker draws]}."""
    start = [16 * decks] + [4 * decks] * 9
    cells = {}
    for deal in itertools.product(range(10), repeat=6):
        left, weight = list(start), 1
        for value in deal:
            weight *= left[value]
            left[value] -= 1
        if weight == 0:
            continue
        p1, b1, p2, b2, fifth, sixth = deal
        player, banker = (p1 + p2) % 10, (b1 + b2) % 10
        if player >= 8 or banker >= 8:
            continue
        if player <= 5:
            third, player, banker_card = fifth, (player + fifth) % 10, sixth
        else:
            third, banker_card = None, fifth
        tally = cells.setdefault((banker, third), [0, 0, 0])
        tally[0] += weight
        tally[1] += weight * sign(banker - player)
        tally[2] += weight * sign((banker + banker_card) % 10 - player)
    return {cell: (Fraction(d, w), Fraction(s, w)) for cell, (w, s, d) in cells.items()}


def fixed_draws(total, third):
    return total <= 5 if third is None else third in BANKER_DRAWS_ON[total]


@pytest.fixture(scope="module", params=[1, 8])
def both(request):
    return request.param, brute_force(request.param), banker_choice_values(request.param)


def test_every_cell_matches_the_brute_force_exactly(both):
    _, expected, values = both
    assert set(values) == set(expected) and len(expected) == 88
    for cell, (draw, stand) in expected.items():
        assert (values[cell].draw, values[cell].stand) == (draw, stand), cell


def test_the_departures_are_the_brute_force_cells_where_the_fixed_rule_is_worse(both):
    decks, expected, _ = both
    worse = sorted(((t, v) for (t, v), (draw, stand) in expected.items()
                    if draw != stand and (draw > stand) != fixed_draws(t, v)), key=str)
    found = departures(decks)
    assert sorted(((d.banker_total, d.third_card) for d in found), key=str) == worse
    for departure in found:
        draw, stand = expected[(departure.banker_total, departure.third_card)]
        assert departure.value.gain == abs(draw - stand)
        assert departure.fixed is (Cell.DRAW if fixed_draws(departure.banker_total, departure.third_card)
                                   else Cell.STAND)


def test_the_known_departures():
    # One deck: three cells; eight decks: drawing on 6 against a standing Player, and 4 against an ace.
    assert {(d.banker_total, d.third_card) for d in departures(1)} == {(3, 8), (5, 4), (6, None)}
    assert {(d.banker_total, d.third_card) for d in departures(8)} == {(4, 1), (6, None)}


def test_cell_chances_and_naturals_make_up_every_coup():
    values = banker_choice_values(8)
    n = 416
    ways = {v: 128 if v == 0 else 32 for v in range(10)}
    # Chance that neither two-card hand is a natural, by counting the four cards directly.
    natural_free = Fraction(0)
    for p1, b1, p2, b2 in itertools.product(range(10), repeat=4):
        left, weight = dict(ways), 1
        for value in (p1, b1, p2, b2):
            weight *= left[value]
            left[value] -= 1
        if (p1 + p2) % 10 < 8 and (b1 + b2) % 10 < 8:
            natural_free += Fraction(weight, n * (n - 1) * (n - 2) * (n - 3))
    assert sum(cell.chance for cell in values.values()) == natural_free


def test_the_third_card_narrows_player_final_total():
    given = player_totals_given_third(1)
    for third, totals in given.items():
        assert sum(totals.values()) == 1
        assert set(totals) == {(t + third) % 10 for t in range(6)}  # Player drew on 0 to 5
    # Brute force for one value: Player drew, showed a 9; how often does it end on 9 (two-card 0)?
    start = [16] + [4] * 9
    hits = whole = 0
    for p1, b1, p2, b2 in itertools.product(range(10), repeat=4):
        left, weight = list(start), 1
        for value in (p1, b1, p2, b2, 9):
            weight *= left[value]
            left[value] -= 1
        if (p1 + p2) % 10 <= 5 and (b1 + b2) % 10 < 8:
            whole += weight
            hits += weight if (p1 + p2) % 10 == 0 else 0
    assert given[9][9] == Fraction(hits, whole)


def test_a_shoe_that_is_not_a_shoe_is_refused():
    with pytest.raises(SettingsError, match="decks"):
        banker_choice_values(0)
