"""A coup's mean and variance (analysis/coup_moments.py), checked against each bet's exact odds and by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest

from baccarat_lessons.analysis.coup_moments import (
    MAIN_SPOTS, coup_moments, full_shoe_odds, main_bet_law, side_bet_share,
)
from baccarat_lessons.engine.bets import BetSpot

COMMISSION = Fraction(1, 20)


@pytest.mark.parametrize("banker_pays", ["commission", "banker7"])
def test_the_joint_law_gives_each_main_bet_its_own_exact_odds(banker_pays):
    odds = full_shoe_odds(8, 8, banker_pays, COMMISSION)
    law = main_bet_law(odds)
    assert sum(chance for chance, _ in law) == 1 and all(chance >= 0 for chance, _ in law)
    for spot in MAIN_SPOTS:
        bet = odds.bets[spot]
        wins = sum(chance for chance, nets in law if nets[spot] > 0)
        pushes = sum(chance for chance, nets in law if nets[spot] == 0)
        assert (wins, pushes) == (bet.win, bet.push), spot
        assert {nets[spot] for _, nets in law if nets[spot] > 0} == {bet.pays}, spot


@pytest.mark.parametrize("spot", list(BetSpot))
def test_one_bet_has_its_own_mean_and_variance(spot):
    odds = full_shoe_odds(8, 8, "commission", COMMISSION)
    bet = odds.bets[spot]
    mean, variance = coup_moments([(spot, 300)], odds)
    assert mean == 300 * bet.expected_net
    second = bet.win * bet.pays ** 2 + bet.lose  # E[net per chip squared]
    assert variance == 300 ** 2 * (second - bet.expected_net ** 2)


def test_banker_and_player_together_leave_only_the_commission_at_risk():
    odds = full_shoe_odds(8, 8, "commission", COMMISSION)
    banker_wins = odds.bets[BetSpot.BANKER].win
    # 100 on each: a Banker win nets 95 - 100 = -5, anything else nets 0.
    mean, variance = coup_moments([(BetSpot.BANKER, 100), (BetSpot.PLAYER, 100)], odds)
    assert mean == -5 * banker_wins
    assert variance == 25 * banker_wins - mean ** 2


def test_stakes_on_one_spot_add_up_and_a_side_bet_adds_its_share():
    odds = full_shoe_odds(6, 8, "commission", COMMISSION)
    assert coup_moments([(BetSpot.TIE, 100), (BetSpot.TIE, 200)], odds) == coup_moments([(BetSpot.TIE, 300)], odds)
    stakes = [(BetSpot.BANKER, 1000), (BetSpot.PLAYER_PAIR, 100)]
    share = side_bet_share(stakes, odds)
    pair_variance = coup_moments([(BetSpot.PLAYER_PAIR, 100)], odds)[1]
    assert share == pair_variance / coup_moments(stakes, odds)[1]
    assert 0 < share < 1
    assert coup_moments([], odds) == (0, 0)
