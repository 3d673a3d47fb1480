"""The figures of lesson 08 (spread) against values derived here, independently of the module.

The published 8-deck chances (Banker 0.458597, Player 0.446247, Tie 0.095156: the
Wizard of Odds' baccarat pages, to six decimals) give each bet's mean and variance by
hand; the pair bets have a closed form (the second card matches the first's rank).
"""

import itertools
import math
from fractions import Fraction

import pytest

from baccarat_lessons.analysis.composition import Composition
from baccarat_lessons.analysis.exact import exact_odds
from baccarat_lessons.analysis.lessons.spread import (
    bet_spread, edge_interval, hour_of_play, rounds_until_edge_shows, session_distribution, standard_error,
)
from baccarat_lessons.engine.errors import BetError, SettingsError

PUBLISHED = {"banker": 0.458597, "player": 0.446247, "tie": 0.095156}


def moments(outcomes):
    """Mean and variance of a list of (net, chance)."""
    mean = sum(net * chance for net, chance in outcomes)
    return mean, sum(net * net * chance for net, chance in outcomes) - mean**2


def published(spot):
    b, p, t = PUBLISHED["banker"], PUBLISHED["player"], PUBLISHED["tie"]
    return {"banker": [(0.95, b), (-1, p), (0, t)], "player": [(1, p), (-1, b), (0, t)],
            "tie": [(8, t), (-1, b + p)]}[spot]


@pytest.mark.parametrize("spot", ["banker", "player", "tie"])
def test_mean_and_variance_of_the_main_bets_match_the_published_chances(spot):
    mean, variance = moments(published(spot))
    spread = bet_spread(spot, decks=8)
    assert float(spread.mean) == pytest.approx(mean, abs=2e-6)
    assert float(spread.variance) == pytest.approx(variance, abs=2e-5)


@pytest.mark.parametrize(("spot", "sd"), [("banker", 0.93), ("player", 0.95), ("tie", 2.64)])
def test_the_sd_per_chip_is_the_published_round_figure(spot, sd):
    assert bet_spread(spot, decks=8).sd == pytest.approx(sd, abs=0.005)
    assert bet_spread(spot, decks=6).sd == pytest.approx(sd, abs=0.005)


@pytest.mark.parametrize("decks", [6, 8])
def test_a_pair_bet_has_the_closed_form_spread(decks):
    hit = Fraction(4 * decks - 1, 52 * decks - 1)  # the second card has the first one's rank
    mean = 11 * hit - (1 - hit)
    spread = bet_spread("player_pair", decks=decks)
    assert spread.mean == mean
    assert spread.variance == 121 * hit + (1 - hit) - mean**2


def test_exact_values_are_fractions_and_a_push_lowers_the_variance():
    banker, banker7 = bet_spread("banker"), bet_spread("banker", banker_pays="banker7")
    assert isinstance(banker.variance, Fraction) and isinstance(banker.mean, Fraction)
    assert banker7.push > banker.push  # a three-card 7 pushes under the banker-7 rule
    assert bet_spread("tie", tie_pays=9).mean > bet_spread("tie").mean


def test_rounds_until_banker_edge_exceeds_two_sd_is_about_31000():
    mean, variance = moments(published("banker"))
    by_hand = 4 * variance / mean**2
    assert rounds_until_edge_shows("banker") == pytest.approx(by_hand, rel=0.01)
    assert 30_000 < rounds_until_edge_shows("banker") < 32_000


def test_at_that_many_rounds_the_loss_passes_two_sd_and_not_one_round_before():
    n = rounds_until_edge_shows("player")
    spread = bet_spread("player")
    assert n * -spread.mean > 2 * spread.sd * math.sqrt(n)
    assert (n - 1) * -spread.mean <= 2 * spread.sd * math.sqrt(n - 1)


def test_three_rounds_distribution_matches_a_direct_enumeration():
    outcomes = exact_odds(Composition.full(8)).outcomes
    single = {Fraction(19, 20): outcomes["banker"], Fraction(-1): outcomes["player"], Fraction(0): outcomes["tie"]}
    expected = {}
    for coups in itertools.product(single.items(), repeat=3):
        net = sum(n for n, _ in coups)
        expected[net] = expected.get(net, 0) + math.prod(c for _, c in coups)
    nets, chances = session_distribution(3, "banker")
    found = {Fraction(round(n * 20), 20): c for n, c in zip(nets, chances) if c > 1e-12}
    assert set(found) == set(expected)
    for net, chance in expected.items():
        assert found[net] == pytest.approx(float(chance), abs=1e-12)


def test_a_long_session_has_n_times_the_mean_and_variance():
    nets, chances = session_distribution(1_000, "player")
    mean = float((nets * chances).sum())
    variance = float((nets**2 * chances).sum()) - mean**2
    p, b = PUBLISHED["player"], PUBLISHED["banker"]
    assert mean == pytest.approx(1_000 * (p - b), abs=0.01)
    assert variance == pytest.approx(1_000 * moments(published("player"))[1], rel=1e-4)


def test_standard_error_and_interval_shrink_like_one_over_root_n():
    assert standard_error("banker", 40_000) == pytest.approx(standard_error("banker", 10_000) / 2)
    low, high = edge_interval(-0.01, "banker", 10_000)
    assert high - low == pytest.approx(2 * 1.96 * 0.9274 / 100, rel=1e-3)


def test_an_hour_at_mini_costs_hands_times_stake_times_edge():
    hour = hour_of_play("Mini Baccarat", "banker", stake=10, hands=100)
    mean, variance = moments(published("banker"))
    assert float(hour.expected_loss) == pytest.approx(-100 * 10 * mean, rel=1e-4)
    assert hour.sd == pytest.approx(10 * math.sqrt(100 * variance), rel=1e-4)


def test_bad_input_is_refused_with_a_sentence():
    with pytest.raises(BetError, match="no 'dragon' bet"):
        bet_spread("dragon")
    with pytest.raises(SettingsError, match="at least one round"):
        session_distribution(0, "banker")
    with pytest.raises(SettingsError, match="No assumed pace"):
        hour_of_play("online")
