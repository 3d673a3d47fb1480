"""The exact-expected-value Banque banker: closed forms against card-by-card enumeration."""

import random
from fractions import Fraction

import pytest

from baccarat_lessons.analysis.banque_banker import (
    BankerView, ExactBanqueBanker, OpenSide, banker_values, brute_force_values, exact_values, joint_counts,
)
from baccarat_lessons.engine.events import Hand
from baccarat_lessons.engine.money import CHIP
from baccarat_lessons.engine.seated import ActionKind, DecisionKind, HOUSE
from baccarat_lessons.engine.seated.banque import BanqueLimiteeTable
from baccarat_lessons.engine.shoe import Shoe


def random_view(rng: random.Random) -> BankerView:
    sides = tuple(
        OpenSide(
            stake=rng.choice([0, 500, 350, 2000, 125]),  # hundredths, as the table counts
            third=rng.choice([None, rng.randint(0, 9)]),
            draw_on_five=rng.choice([Fraction(1, 2), Fraction(0), Fraction(1), Fraction(9, 11)]),
        )
        for _ in range(rng.choice([1, 2]))
    )
    unseen = tuple(rng.randint(0, 3) for _ in range(10))
    return BankerView(rng.randint(0, 7), unseen, sides, rng.choice([Fraction(1, 80), Fraction(1, 50)]),
                      rng.choice([0, 1000, -500]))


def test_joint_counts_match_counting_every_ordered_deal():
    unseen = (3, 1, 0, 2, 1, 1, 0, 2, 1, 1)
    counts = list(unseen)
    expected = {}

    def deal(values):
        if len(values) == 5:
            key = ((values[0] + values[1]) % 10, (values[2] + values[3]) % 10, values[4])
            expected[key] = expected.get(key, 0) + 1
            return
        for value in range(10):
            for _ in range(counts[value]):  # each physical card separately
                counts[value] -= 1
                deal(values + [value])
                counts[value] += 1

    deal([])
    table = joint_counts(unseen, two_sides=True)
    found = {(o, i, x): n for o, outer in enumerate(table) for i, inner in enumerate(outer)
             for x, n in enumerate(inner) if n}
    assert found == expected


def test_closed_form_values_equal_brute_force_enumeration():
    rng = random.Random(3)
    checked = 0
    while checked < 12:
        view = random_view(rng)
        try:
            brute = brute_force_values(view)
        except ZeroDivisionError:  # what the banker saw cannot happen with these cards
            continue
        assert exact_values(view) == brute
        fast = banker_values(view)
        assert fast.draw == pytest.approx(float(brute[0]), abs=1e-9)
        assert fast.stand == pytest.approx(float(brute[1]), abs=1e-9)
        checked += 1


def test_banker_zero_draws_against_two_tableaux_that_stood():
    view = BankerView(0, (96,) + (24,) * 9, (OpenSide(10, None), OpenSide(10, None)), Fraction(1, 80))
    assert banker_values(view).draws


def test_stakes_change_the_decision():
    # Banker 5; right drew a 4 and left stood. With the chips on the right the banker draws
    # (as the Chemin de Fer table does on 5 against a 4 when it draws); with most chips on
    # the tableau that stood on 5-7 it should compare to that hand instead.
    full = (96,) + (24,) * 9
    right_heavy = BankerView(5, full, (OpenSide(30, 4), OpenSide(1, None)), Fraction(1, 80))
    left_heavy = BankerView(5, full, (OpenSide(1, 4), OpenSide(30, None)), Fraction(1, 80))
    assert banker_values(right_heavy).draws
    assert banker_values(left_heavy).draws  # on 5 against hands of 5-7, drawing is the only way to win
    six_left_heavy = BankerView(6, full, (OpenSide(1, 4), OpenSide(30, None)), Fraction(1, 80))
    assert not banker_values(six_left_heavy).draws


def test_view_of_a_table_counts_only_what_the_banker_cannot_see():
    # Right natural 9 (settled), left 3 draws a 10 (still 3), banker 3+3.
    table = BanqueLimiteeTable(shoe=Shoe.stacked("9S 2H 3D 10S AC 3C 10H 9C 4D", decks=3))
    table.bet(10 * CHIP, Hand.RIGHT)
    for _ in range(5):
        table.bet(5 * CHIP, Hand.LEFT)
    table.draw()
    assert table.pending.kind is DecisionKind.BANQUE_BANKER_DRAW and table.pending.seat == HOUSE
    view = BankerView.of_window(table.window(HOUSE))
    assert view.banker_total == 6
    assert view.settled_gain == -10 * CHIP and len(view.sides) == 1  # the right's natural was paid
    assert view.sides[0] == OpenSide(25 * CHIP, 0, Fraction(1, 2))
    assert sum(view.unseen) == 2 + 2  # the 9C and 4D still in the shoe, the left's 2H and AC
    assert view.unseen[9] == 1 and view.unseen[2] == 1 and view.unseen[1] == 1 and view.unseen[4] == 1
    choice = ExactBanqueBanker().choose(table.window(HOUSE))
    assert choice.kind in (ActionKind.DRAW, ActionKind.STAND) and "Expected result" in choice.reason
    # Left's hidden total is 0-5 (it drew); left final = hidden total. Banker 6 stands and
    # beats everything the left can hold: the exact banker stands.
    assert choice.kind is ActionKind.STAND
    # The values rest on the banker's own cards: the seats hear only what it does.
    assert choice.told(0, seat=HOUSE) == "I stand." and choice.told(HOUSE, seat=HOUSE) == choice.reason


def test_unseen_values_follow_the_shoe_through_a_reshuffle():
    shoe = Shoe(decks=1, seed=1)
    for _ in range(30):
        shoe.draw()
        expected = [0] * 10
        for card in shoe.remaining_cards:
            expected[card.value] += 1
        assert shoe.unseen_by_value() == expected
    shoe.shuffle()
    assert sum(shoe.unseen_by_value()) == 52


def test_the_values_count_the_commission_rounded_down_as_the_table_charges_it():
    # Only ten-cards unseen: the tableau drew on 0 to a ten-card, and the banker's third card is worth
    # 0 too, so a banker 5 wins the 1-chip stake either way. At 1/80 the table charges 1.25 hundredths, rounded
    # down to 1: the bank keeps 99 hundredths, not 98.75.
    view = BankerView(5, (40,) + (0,) * 9, (OpenSide(stake=CHIP, third=0),), Fraction(1, 80))
    assert exact_values(view) == brute_force_values(view) == (99, 99)
    assert (banker_values(view).draw, banker_values(view).stand) == (99.0, 99.0)
    # A settled natural's gain is charged with the rest of the coup's gain: 81 + 100 hundredths pay 2.
    settled = BankerView(5, (40,) + (0,) * 9, (OpenSide(stake=CHIP, third=0),), Fraction(1, 80), settled_gain=81)
    assert exact_values(settled) == (179, 179)
