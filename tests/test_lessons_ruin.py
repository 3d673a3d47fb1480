"""The figures of lesson 12 (ruin and bet size) against a second method written here: the textbook formula,
chains small enough to solve by hand, and simulation within its standard error."""

import math
from fractions import Fraction

import numpy as np
import pytest

from baccarat_lessons.analysis.composition import Composition
from baccarat_lessons.analysis.exact import exact_odds
from baccarat_lessons.analysis.lessons.counting import ShoeEdges
from baccarat_lessons.analysis.lessons.ruin import (
    bold_doubling_chance, doubling_chance, kelly_fraction, kelly_plan, martingale_odds,
)
from baccarat_lessons.analysis.lessons.systems import Martingale, play_system
from baccarat_lessons.engine.bets import BetSpot
from baccarat_lessons.engine.errors import SettingsError

OUTCOMES = exact_odds(Composition.full(8)).outcomes
P_PLAYER = OUTCOMES["player"] / (OUTCOMES["player"] + OUTCOMES["banker"])  # a decided coup goes to Player
P_BANKER = 1 - P_PLAYER


def ruin_formula(start, goal, p):
    """Chance of reaching ``goal`` before 0 from ``start`` with ±1 steps: (1 − r^start) / (1 − r^goal)."""
    r = (1 - p) / p
    return (1 - r**start) / (1 - r**goal)


@pytest.mark.parametrize("bankroll", [10, 100])
def test_one_chip_on_player_is_the_textbook_gamblers_ruin(bankroll):
    expected = float(ruin_formula(bankroll, 2 * bankroll, P_PLAYER))  # exact Fractions, then one rounding
    assert doubling_chance(bankroll, 1, "player") == pytest.approx(expected, rel=1e-10)


def test_ten_chips_at_a_time_is_the_formula_on_a_ten_times_smaller_bankroll():
    assert doubling_chance(100, 10, "player") == pytest.approx(float(ruin_formula(10, 20, P_PLAYER)), rel=1e-10)


def test_everything_on_one_player_coup_doubles_with_the_decided_chance():
    assert doubling_chance(50, 50, "player") == pytest.approx(float(P_PLAYER), rel=1e-12)
    assert bold_doubling_chance(50, "player") == pytest.approx(float(P_PLAYER), rel=1e-12)


def test_a_small_banker_chain_solved_by_hand():
    # 2 chips, staking 2: a win gives 3.9, then 2 more give 5.8 (doubled); a loss from 3.9 leaves 1.9,
    # which stakes 1: 2.85 after a win, then 2 more give 4.75; any other loss leaves less than a chip.
    p, q = P_BANKER, P_PLAYER
    at_2_85 = p
    at_1_9 = p * at_2_85
    at_3_9 = p + q * at_1_9
    assert doubling_chance(2, 2, "banker") == pytest.approx(float(p * at_3_9), rel=1e-12)


def simulate_doubling(bankroll, unit, win, pays, sessions, seed):
    """Play ``sessions`` bankrolls to the end, in twentieths of a chip (decided coups only)."""
    rng = np.random.default_rng(seed)
    balance = np.full(sessions, bankroll * 20)
    live = np.ones(sessions, dtype=bool)
    while live.any():
        stake = np.minimum(unit, balance // 20)
        won = rng.random(sessions) < win
        balance = np.where(live, balance + np.where(won, int(pays * 20) * stake, -20 * stake), balance)
        live &= (balance >= 20) & (balance < 2 * bankroll * 20)
    return float((balance >= 2 * bankroll * 20).mean())


@pytest.mark.parametrize(("bankroll", "unit"), [(10, 1), (20, 3)])
def test_banker_doubling_chance_agrees_with_simulation(bankroll, unit):
    sessions = 40_000
    share = simulate_doubling(bankroll, unit, float(P_BANKER), Fraction(19, 20), sessions, seed=12)
    exact = doubling_chance(bankroll, unit, "banker")
    assert abs(share - exact) < 4 * math.sqrt(exact * (1 - exact) / sessions)


def test_bold_play_beats_timid_play_in_a_game_that_favours_the_house():
    for spot in ("player", "banker"):
        assert bold_doubling_chance(100, spot) > doubling_chance(100, 10, spot) > doubling_chance(100, 1, spot)


def test_martingale_bust_chance_agrees_with_lesson_09s_simulation_code():
    rng = np.random.default_rng(9)
    chances = [float(OUTCOMES[name]) for name in ("player", "banker", "tie")]
    outcomes = rng.choice(3, size=(4_000, 200), p=chances)  # codes 0 Player, 1 Banker, 2 Tie
    simulated = play_system(Martingale(), outcomes, bankroll=100, base_stake=1, table_max=100)
    exact = martingale_odds(rounds=200, bankroll=100, table_max=100)
    error = math.sqrt(exact.bust * (1 - exact.bust) / 4_000)
    assert abs(simulated.busted_fraction - exact.bust) < 4 * error
    assert abs(simulated.ahead_fraction - exact.ahead) < 4 * math.sqrt(exact.ahead * (1 - exact.ahead) / 4_000)


def test_martingale_two_coups_from_one_chip_by_hand():
    # 1 chip on Banker: a first loss ends the session at 0. After a win (1.95 chips) or a tie (1 chip)
    # the second coup stakes 1 chip again, and a loss leaves less than a chip either way.
    b, p, t = (float(OUTCOMES[n]) for n in ("banker", "player", "tie"))
    odds = martingale_odds(rounds=2, bankroll=1, table_max=None)
    assert odds.bust == pytest.approx(p + (b + t) * p, rel=1e-12)
    assert odds.mean_net == pytest.approx((0.95 * b - p) * (1 + b + t), rel=1e-12)


def test_kelly_stakes_edge_over_variance_of_the_bankroll():
    variance = 0.95**2 * 0.458597 + 0.446247 - (0.95 * 0.458597 - 0.446247) ** 2  # published chances
    edges = np.array([0.01, -0.001, 0.02, -0.0005])  # house edge; negative favours the bettor
    shoes = ShoeEdges(decks=8, shoe_count=2, shoe_index=np.zeros(4), cards_left=np.arange(4),
                      edges={BetSpot.BANKER: edges})
    plan = kelly_plan(shoes, "banker", bankroll=1_000)
    assert plan.stakes.tolist() == pytest.approx([0.001 / variance * 1_000, 0.0005 / variance * 1_000], rel=1e-4)
    assert plan.gain_per_shoe == pytest.approx((0.001**2 + 0.0005**2) / variance * 1_000 / 2, rel=1e-4)
    assert kelly_fraction(-0.01, 0.9) == 0


def test_bad_amounts_are_refused_with_a_sentence():
    with pytest.raises(SettingsError, match="whole numbers of chips"):
        doubling_chance(0, 1)
    with pytest.raises(SettingsError, match="more than the"):
        doubling_chance(10, 20)
    with pytest.raises(SettingsError, match="Player, Banker or Tie"):
        doubling_chance(10, 1, "big")
