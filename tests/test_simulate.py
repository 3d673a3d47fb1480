"""The simulator deals the engine's coups, agrees with the exact odds, and refuses bad arguments."""

import json

import numpy as np
import pytest

from baccarat_lessons import cli
from baccarat_lessons.analysis.composition import Composition
from baccarat_lessons.analysis.exact import exact_odds
from baccarat_lessons.analysis.fast_rules import BANKER, PLAYER, TIE
from baccarat_lessons.analysis import simulate_core
from baccarat_lessons.analysis.simulate import cards_of, simulate, simulate_report, simulate_shoes
from baccarat_lessons.analysis.simulate_core import VALUE_OF_FACE, shuffle_faces, shuffle_values, top_six_faces
from baccarat_lessons.engine.coup import deal_coup
from baccarat_lessons.engine.errors import SettingsError, ShoeError
from baccarat_lessons.engine.events import Outcome, ShoeShuffled
from baccarat_lessons.engine.shoe import Shoe

CODE = {Outcome.PLAYER: PLAYER, Outcome.BANKER: BANKER, Outcome.TIE: TIE}
PROCEDURES = ("reshuffle20", "every-hand", "casino")


def engine_rounds(order: np.ndarray, decks: int, procedure: str) -> list[tuple]:
    """Every round the engine deals from one shoe order, until its procedure shuffles again.

    The engine decides when the shoe ends (prepare_coup returns a ShoeShuffled
    event); under every-hand that is before the second round, so each order gives one round.
    """
    shoe = Shoe.from_order(cards_of(order), decks, procedure)
    rounds = []
    while True:
        events = shoe.prepare_coup()
        if rounds and any(isinstance(event, ShoeShuffled) for event in events):
            return rounds
        facts = deal_coup(shoe).facts
        rounds.append(
            (CODE[facts.outcome], facts.player_total, facts.banker_total, facts.cards_dealt,
             facts.player_pair, facts.banker_pair)
        )


def simulator_rounds(result) -> list[list[tuple]]:
    """The simulator's rounds grouped by shoe, in the same tuple form."""
    arrays = result.per_round
    by_shoe = [[] for _ in range(result.shoe_count)]
    for row in zip(
        arrays.shoe_index, arrays.outcome, arrays.player_total, arrays.banker_total,
        arrays.cards_dealt, arrays.player_pair, arrays.banker_pair,
    ):
        by_shoe[int(row[0])].append(tuple(int(x) if i < 4 else bool(x) for i, x in enumerate(row[1:])))
    return by_shoe


@pytest.mark.parametrize(
    "procedure, decks, shoe_count",
    [
        ("reshuffle20", 8, 30), ("casino", 8, 30), ("every-hand", 8, 400),
        ("reshuffle20", 1, 150), ("casino", 1, 150), ("casino", 6, 10), ("every-hand", 1, 300),
    ],
)
def test_simulator_deals_exactly_the_engines_coups(procedure, decks, shoe_count):
    orders = shuffle_faces(np.random.default_rng(2024 + decks), shoe_count, decks)
    result = simulate_shoes(orders, procedure)
    expected = [engine_rounds(order, decks, procedure) for order in orders]
    assert simulator_rounds(result) == expected
    assert result.rounds == sum(len(shoe) for shoe in expected)
    if procedure == "every-hand":
        assert all(len(shoe) == 1 for shoe in expected)


def test_casino_shoes_in_the_comparison_burn_both_short_and_long():
    """The comparison above covers a burn of 2 cards (ace first) and of 11 (ten or picture first)."""
    first_values = VALUE_OF_FACE[shuffle_faces(np.random.default_rng(2032), 30, 8)[:, 0]]
    assert 0 in first_values and 1 in first_values


def test_simulate_counts_equal_the_rounds_it_keeps():
    """The counts-only path (shuffling card values) and the per-round path (shuffling faces)
    deal the same shoes from the same seed, across several batches and a cut in the last shoe."""
    for procedure in PROCEDURES:
        kept = simulate(30_001, seed=11, procedure=procedure, keep_rounds=True)
        counted = simulate(30_001, seed=11, procedure=procedure)
        by_code = np.bincount(kept.per_round.outcome, minlength=3)
        assert counted.outcome_counts == kept.outcome_counts
        assert kept.outcome_counts == {"player": by_code[PLAYER], "banker": by_code[BANKER], "tie": by_code[TIE]}
        assert counted.rounds == kept.rounds == len(kept.per_round.outcome) == 30_001


def test_shuffling_values_and_faces_gives_the_same_shoes():
    faces = shuffle_faces(np.random.default_rng(5), 20, 8)
    values = shuffle_values(np.random.default_rng(5), 20, 8)
    assert (VALUE_OF_FACE[faces] == values).all()


def test_simulate_deals_its_shuffled_shoes_like_simulate_shoes():
    """The first batch of simulate() is four 8-deck shoes from shuffle_faces with the same seed."""
    result = simulate(200, seed=9, keep_rounds=True)
    direct = simulate_shoes(shuffle_faces(np.random.default_rng(9), 4, 8))
    for name in ("outcome", "player_total", "banker_total", "cards_dealt", "player_pair", "shoe_index", "coup_index"):
        assert (getattr(result.per_round, name) == getattr(direct.per_round, name)[:200]).all(), name


@pytest.mark.parametrize("procedure", PROCEDURES)
def test_fewer_rounds_are_a_prefix_of_more(procedure):
    short = simulate(3_000, seed=4, procedure=procedure, keep_rounds=True)
    long = simulate(20_000, seed=4, procedure=procedure, keep_rounds=True)
    assert (long.per_round.outcome[:3_000] == short.per_round.outcome).all()
    assert (long.per_round.shoe_index[:3_000] == short.per_round.shoe_index).all()


def test_shoes_deal_their_rounds_in_order():
    arrays = simulate(50_000, seed=2, keep_rounds=True).per_round
    new_shoe = np.diff(arrays.shoe_index) == 1
    assert ((np.diff(arrays.shoe_index) == 0) | new_shoe).all()
    assert (arrays.coup_index[1:][new_shoe] == 0).all()
    assert (np.diff(arrays.coup_index)[~new_shoe] == 1).all()
    # An 8-deck shoe dealt to 20 cards holds 396+ cards' worth of coups: 66 to 100 of them.
    coups = np.bincount(arrays.shoe_index)[:-1]
    assert coups.min() >= 66 and coups.max() <= 100


def test_shuffle_is_uniform_even_when_random_keys_collide(monkeypatch):
    """With 4 random bits per key, 8 cards collide in most rows; those rows must be drawn
    again, or ties would put low codes first (code 0 would lead 16% of rows, not 12.5%)."""
    monkeypatch.setattr(simulate_core, "RANDOM_BITS", 4)
    rows = simulate_core._shuffle(np.random.default_rng(1), 40_000, np.arange(8, dtype=np.uint32))
    assert (np.sort(rows, axis=1) == np.arange(8)).all()
    standard_error = np.sqrt(1 / 8 * 7 / 8 / len(rows))
    for place in (0, 7):
        share = np.bincount(rows[:, place], minlength=8) / len(rows)
        assert np.abs(share - 1 / 8).max() < 4 * standard_error


def test_every_hand_draws_six_different_cards():
    """With one deck each face appears once, so a repeated face would be a card dealt twice."""
    faces = top_six_faces(np.random.default_rng(3), 100_000, 1)
    assert (np.sort(faces, axis=1)[:, 1:] != np.sort(faces, axis=1)[:, :-1]).all()
    # Each of the 52 faces is about equally likely in each of the six places (1/52 each).
    share = np.bincount(faces[:, 4], minlength=52) / len(faces)
    assert np.abs(share - 1 / 52).max() < 0.002


def shoe_clustered_standard_error(hit: np.ndarray, shoe_index: np.ndarray, probability: float) -> float:
    """Standard error of a frequency when rounds of one shoe are correlated:
    the spread of the per-shoe sums of (hit - p), which are independent between shoes."""
    per_shoe = np.bincount(shoe_index, weights=hit - probability)
    return float(np.sqrt((per_shoe ** 2).sum()) / len(hit))


@pytest.mark.parametrize("procedure", PROCEDURES)
def test_simulation_agrees_with_the_exact_odds(procedure):
    """|observed - exact| < 4 standard errors over 10**6 rounds, for each outcome.

    The exact odds are those of a full 8-deck shoe. Only a shoe's first coup has
    exactly these odds; later coups depend on the cards already dealt and on
    where the shoe stops, so the average over a shoe could differ a little.
    Measured with 3*10**8 rounds per procedure (``benchmarks/bench_simulate.py
    --versus-exact 300000000``), no such effect shows: every difference was
    under one standard error (at most 2.7e-5 for Banker and Player, whose error
    is 2.9e-5; 1.2e-5 for Tie, error 1.7e-5). Any effect is therefore below the
    difference plus three errors, about 1.2e-4 (6e-5 for Tie): under a quarter
    of one standard error of this test (5e-4 for Banker, 3e-4 for Tie). The
    standard error is taken over shoes, not rounds, because rounds of one shoe
    are not independent (it comes out within 1% of the binomial one).
    """
    result = simulate(1_000_000, seed=20261130, procedure=procedure, keep_rounds=True)
    exact = exact_odds(Composition.full(8)).outcomes
    arrays = result.per_round
    for code, name in ((BANKER, "banker"), (PLAYER, "player"), (TIE, "tie")):
        probability = float(exact[name])
        hit = (arrays.outcome == code).astype(float)
        error = shoe_clustered_standard_error(hit, arrays.shoe_index, probability)
        assert 2e-4 < error < 1e-3  # a sanity check on the formula: binomial errors are 3e-4 to 5e-4
        assert abs(result.frequencies[name] - probability) < 4 * error, name


def test_report_has_exactly_the_cli_fields():
    report = simulate_report(5_000, decks=6, seed=1, procedure="casino")
    assert set(report) == {"rounds", "banker", "player", "tie", "seconds", "rounds_per_second"}
    assert report["rounds"] == report["banker"] + report["player"] + report["tie"] == 5_000
    assert simulate_report(5_000, decks=6, seed=1, procedure="casino")["banker"] == report["banker"]


def test_cli_simulate_prints_json(capsys):
    assert cli.main(["simulate", "--rounds", "20000", "--seed", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["rounds"] == 20_000
    assert report["banker"] == simulate(20_000, seed=1).outcome_counts["banker"]


@pytest.mark.parametrize("rounds", [0, -5, 2.5, True, "100", None])
def test_bad_round_counts_are_refused(rounds):
    with pytest.raises(SettingsError, match="at least 1 round"):
        simulate(rounds)
    with pytest.raises(SettingsError, match="at least 1 round"):
        simulate_report(rounds)


@pytest.mark.parametrize("decks", [0, 9, -1, 2.5])
def test_bad_deck_counts_are_refused(decks):
    with pytest.raises(SettingsError, match="1 to 8 decks"):
        simulate(100, decks=decks)


def test_unknown_procedure_is_refused():
    with pytest.raises(SettingsError, match="not a shoe procedure; choose one of reshuffle20, every-hand, casino"):
        simulate(100, procedure="weekly")


def test_shoe_orders_must_be_whole_shoes():
    good = shuffle_faces(np.random.default_rng(1), 2, 1)
    with pytest.raises(ShoeError, match="whole decks"):
        simulate_shoes(good[:, :51])
    doubled = good.copy()
    doubled[0, 0] = doubled[0, 1]
    with pytest.raises(ShoeError, match="exactly once"):
        simulate_shoes(doubled)
    with pytest.raises(ShoeError, match="whole decks"):
        simulate_shoes([])
    with pytest.raises(SettingsError):
        simulate_shoes(good, "weekly")
