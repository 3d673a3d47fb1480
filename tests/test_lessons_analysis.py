"""The lesson analysis: bankroll paths, betting systems and card counting, pinned to
hand-worked rounds and to the exact odds."""

from fractions import Fraction

import numpy as np
import pytest

from baccarat_lessons.analysis.composition import Composition
from baccarat_lessons.analysis.exact import exact_odds
from baccarat_lessons.analysis.fast_rules import BANKER, PLAYER, TIE
from baccarat_lessons.analysis.lessons import bankroll, counting, systems
from baccarat_lessons.engine.bets import BetSpot

P, B, T = PLAYER, BANKER, TIE


# -- bankroll -----------------------------------------------------------------------
def test_net_tables_match_the_payouts():
    assert bankroll.net_table("player").tolist() == [20, -20, 0]
    assert bankroll.net_table("banker").tolist() == [-20, 19, 0]
    assert bankroll.net_table("tie").tolist() == [-20, -20, 160]
    assert bankroll.net_table("tie", tie_pays=9).tolist() == [-20, -20, 180]


def test_cumulative_net_of_a_worked_session():
    # 5 chips on Player: win, lose, tie (push), win -> +5, 0, 0, +5
    path = bankroll.cumulative_net(np.array([[P, B, T, P]]), "player", stake=5)
    assert [bankroll.from_twentieths(x) for x in path[0]] == [5, 0, 0, 5]
    # 10 on Banker: win 9.5, lose 10 -> -0.5 exactly
    banker = bankroll.cumulative_net(np.array([B, P]), "banker", stake=10)
    assert bankroll.from_twentieths(banker[-1]) == Fraction(-1, 2)


def test_shuffled_every_hand_frequencies_are_the_exact_probabilities():
    outcomes = bankroll.shuffled_every_hand(200_000, seed=11)[0]
    exact = bankroll.exact_probabilities(8)
    observed = np.bincount(outcomes, minlength=3) / len(outcomes)
    # Four standard errors of a proportion over 200,000 rounds.
    tolerance = 4 * np.sqrt(exact * (1 - exact) / len(outcomes))
    assert np.all(np.abs(observed - exact) < tolerance)


def test_dealt_outcomes_are_shaped_into_sessions_and_reproducible():
    first = bankroll.dealt_outcomes(50, sessions=4, seed=3)
    assert first.shape == (4, 50)
    assert np.array_equal(first, bankroll.dealt_outcomes(50, sessions=4, seed=3))
    assert set(np.unique(first)) <= {P, B, T}


def test_summary_mean_is_within_sampling_error_of_the_exact_expectation():
    outcomes = bankroll.dealt_outcomes(500, sessions=400, seed=5)
    summary = bankroll.summarize_paths(outcomes, "player")
    assert summary.expected_net == 500 * exact_odds(Composition.full(8)).bets[BetSpot.PLAYER].expected_net
    standard_error = summary.standard_deviation / np.sqrt(summary.sessions)
    assert abs(summary.mean_net - float(summary.expected_net)) < 4 * standard_error
    assert 0 < summary.ahead_fraction < 0.5  # losing on average, yet some sessions finish ahead
    assert "400 sessions of 500 rounds" in summary.text


def test_variance_of_a_tie_bet_is_far_larger_than_of_a_main_bet():
    assert bankroll.variance_per_chip("tie") > 7 * bankroll.variance_per_chip("banker")


# -- systems --------------------------------------------------------------------------
def test_martingale_doubles_after_losses_and_resets_after_a_win():
    # Banker bets of 1, 2 (lost), 4 (tie: stays 4), 4 (win) then back to 1 (win).
    result = systems.play_system(systems.Martingale(), np.array([[P, P, T, B, B]]), bankroll=100)
    assert result.staked.tolist() == [1 + 2 + 4 + 4 + 1]
    assert result.final_balances() == [100 - 1 - 2 + Fraction(38, 10) + Fraction(95, 100)]


def test_martingale_stake_is_cut_by_the_bankroll_and_the_table_maximum():
    losing_run = np.array([[P] * 6])
    capped = systems.play_system(systems.Martingale(), losing_run, bankroll=100, table_max=8)
    assert capped.staked.tolist() == [1 + 2 + 4 + 8 + 8 + 8]
    broke = systems.play_system(systems.Martingale(), np.array([[P] * 8]), bankroll=10)
    # 1 + 2 + 4 lost leaves 3; the next stake (8) is cut to 3; then nothing is left to bet.
    assert broke.staked.tolist() == [1 + 2 + 4 + 3]
    assert broke.final_balances() == [0] and broke.busted_fraction == 1.0


def test_follow_the_shoe_bets_on_the_last_decided_winner_and_ignores_ties():
    # Bets: Banker (default) on P: lose; Player on T: push; Player on B: lose; Banker on B: win.
    result = systems.play_system(systems.FollowTheShoe(), np.array([[P, T, B, B]]))
    assert result.staked_on_player == 2 and result.staked_on_banker == 2
    assert result.final_balances() == [100 - 1 - 1 + Fraction(95, 100)]


def test_streak_breaker_bets_only_after_three_in_a_row():
    # B B T B: the tie does not break the streak, so the fifth round is bet on Player.
    result = systems.play_system(systems.StreakBreaker(), np.array([[B, B, T, B, P, P]]))
    assert result.staked.tolist() == [1] and result.staked_on_player == 1
    assert result.final_balances() == [101]


def test_read_the_machine_watches_then_backs_the_side_that_won_more():
    result = systems.play_system(systems.ReadTheMachine(watch_rounds=3), np.array([[P, P, B, B, B]]))
    # After P P B it backs Player and loses; after P P B B the count is level, so it
    # backs Banker and wins 0.95.
    assert result.staked_on_player == 1 and result.staked_on_banker == 1
    assert result.final_balances() == [100 - 1 + Fraction(95, 100)]


def test_no_system_moves_the_result_per_chip_away_from_the_exact_edge():
    outcomes = bankroll.dealt_outcomes(200, sessions=2000, seed=2026)
    for result in systems.compare_systems(outcomes):
        gap = abs(result.net_per_chip - float(result.expected_per_chip))
        assert gap < 4 * result.standard_error_per_chip, result.name
        assert result.expected_per_chip < 0  # every bet the systems place loses on average


def test_martingale_wins_small_often_and_loses_big_sometimes():
    outcomes = bankroll.dealt_outcomes(200, sessions=2000, seed=7)
    flat, martingale = systems.compare_systems(outcomes, systems=[systems.FlatBet(), systems.Martingale()])
    assert martingale.ahead_fraction > flat.ahead_fraction
    assert martingale.worst_net <= -99 < flat.worst_net  # its worst sessions lose (nearly) everything
    assert martingale.busted_fraction > 0.1 and flat.busted_fraction == 0


# -- counting ---------------------------------------------------------------------------
@pytest.mark.parametrize("removed", [(), ("5", "5", "5", "K"), ("9",) * 8 + ("2",) * 6])
def test_batched_edges_equal_the_exact_odds(removed):
    composition = Composition.full(2).removed(removed)
    batched = counting.edges_of_value_counts(np.array(composition.by_value()), tie_pays=9)
    odds = exact_odds(composition, tie_pays=9)
    for spot in counting.COUNTED_SPOTS:
        assert batched[spot][0] == pytest.approx(float(odds.bets[spot].house_edge), abs=1e-12)


def test_effects_of_removal_cancel_over_a_whole_deck():
    removal = counting.effects_of_removal("banker", decks=8)
    cards_per_value = [16] + [4] * 9
    weighted = [n * float(e) for n, e in zip(cards_per_value, removal)]
    # Removing a whole deck in proportion leaves the odds almost unchanged.
    assert abs(sum(weighted)) < 0.02 * sum(abs(w) for w in weighted)


def test_effects_of_removal_pull_player_and_banker_opposite_ways():
    banker = counting.effects_of_removal("banker")
    player = counting.effects_of_removal("player")
    assert all((b > 0) != (p > 0) for b, p in zip(banker, player))
    assert min(range(10), key=lambda v: banker[v]) == 4  # taking out a 4 helps the Banker bet most
    assert max(range(10), key=lambda v: banker[v]) == 6  # taking out a 6 hurts it most


def test_shoe_edges_follow_real_shoes_to_the_cut_card():
    result = counting.shoe_edges(decks=8, shoe_count=5, seed=4)
    for shoe in range(5):
        left = result.cards_left[result.shoe_index == shoe]
        assert np.all(np.diff(left) < 0)  # cards only leave the shoe
        assert 416 - 11 <= left[0] <= 416 - 2  # the burn takes 2 to 11 cards
        assert left[-1] >= 16  # the last coup starts at or above the cut card
    assert result.favourable_fraction("banker") < 0.05
    first = result.edges[BetSpot.BANKER][result.shoe_index == 0][0]
    assert first == pytest.approx(0.0106, abs=0.003)


def test_a_streak_does_not_change_the_chance_of_the_next_result():
    outcomes = bankroll.dealt_outcomes(1000, sessions=200, seed=8)
    rows = systems.streak_rows(outcomes, longest=5)
    for row in rows:
        standard_error = np.sqrt(row.exact * (1 - row.exact) / row.seen)
        assert abs(row.continued_fraction - row.exact) < 4 * standard_error, (row.side, row.length)
    # Every decided round but each session's last follows a streak of some length.
    decided = (outcomes != TIE).sum()
    assert sum(row.seen for row in rows) == decided - len(outcomes)
    assert "5+" in systems.streak_table_html(rows)


# -- the Banque banker ------------------------------------------------------------------------
def test_banque_banker_with_equal_stakes_rebuilds_the_chemin_de_fer_table():
    from baccarat_lessons.analysis.lessons.banque_choices import SEEN, equal_stakes_grid
    from baccarat_lessons.engine.drawing import CHEMIN_DE_FER, Cell

    grid = equal_stakes_grid(totals=range(8))
    for total in range(8):
        for seen, letter in zip(SEEN, grid[total]):
            cell = CHEMIN_DE_FER.banker_cell(total, seen)
            if cell is not Cell.OPTIONAL:
                assert letter == ("D" if cell is Cell.DRAW else "S"), (total, seen)


def test_banque_banker_weighs_each_side_by_its_stake():
    from baccarat_lessons.analysis.lessons.banque_choices import banker_choice, stake_flips

    big_right = banker_choice("2S 3H", right=None, left=0, right_stake=50, left_stake=5, exact=True)
    big_left = banker_choice("2S 3H", right=None, left=0, right_stake=5, left_stake=50, exact=True)
    assert (big_right.decision, big_left.decision) == ("draw", "stand")
    assert big_right.draw_value > big_right.stand_value and big_left.draw_value < big_left.stand_value
    assert stake_flips("KS 7H") == []  # on 7 standing is best whatever the stakes


def test_banque_banker_is_asked_about_the_cards_it_has_not_seen():
    from baccarat_lessons.analysis.lessons.banque_choices import unseen_cards

    full = (96,) + (24,) * 9
    unseen = unseen_cards("KS 5H", right=3, left=None)
    # The banker's ten and 5 and the right tableau's face-up 3 are gone; nothing else.
    assert [f - u for f, u in zip(full, unseen)] == [1, 0, 0, 1, 0, 1, 0, 0, 0, 0]


# -- lesson 09 (law of large numbers): the exact chance of being ahead ----------------------------------------------
def test_exact_chance_that_ten_banker_bets_finish_ahead_matches_enumeration():
    from itertools import product

    from baccarat_lessons.analysis.composition import Composition
    from baccarat_lessons.analysis.exact import exact_odds

    chance = exact_odds(Composition.full(8)).outcomes
    # Every sequence of 10 results (Banker wins 19/20, Player wins -1, tie 0), exactly.
    ahead = Fraction(0)
    for results in product(("banker", "player", "tie"), repeat=10):
        net = sum(19 if r == "banker" else -20 if r == "player" else 0 for r in results)
        if net > 0:
            weight = Fraction(1)
            for r in results:
                weight *= chance[r]
            ahead += weight
    assert abs(bankroll.ahead_chance(10, "banker") - float(ahead)) < 1e-9
    assert round(float(ahead), 3) == 0.445
    assert round(bankroll.normal_ahead_chance(10, "banker"), 2) == 0.49  # why the old table said 49%


def test_net_distribution_is_a_distribution_with_the_exact_mean():
    lowest, chances = bankroll.net_distribution(500, "player")
    nets = (lowest + np.arange(len(chances))) / 20
    assert abs(chances.sum() - 1) < 1e-12
    assert abs(float(nets @ chances) - 500 * float(bankroll.expected_net_per_round("player"))) < 1e-9


# -- lesson 11 (card counting) ---------------------------------------------------------------------------------
def test_effects_of_removal_of_the_main_bets_are_of_order_ten_to_minus_five():
    from baccarat_lessons.analysis.lessons.counting import removal_range

    for spot in ("banker", "player"):
        low, high = removal_range(spot)
        assert 1.5e-5 < low < 2e-5 and 1.1e-4 < high < 1.3e-4, spot
    assert [f"{v:.1e}" for v in removal_range("banker")] == ["1.9e-05", "1.2e-04"]


def test_favourable_coups_are_counted_from_the_exact_edges():
    from baccarat_lessons.analysis.lessons.counting import shoe_edges

    calls = []
    shoes = shoe_edges(decks=8, shoe_count=3, seed=5, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(1, 3), (2, 3), (3, 3)]
    for spot, edges in shoes.edges.items():
        assert shoes.favourable_coup_count(spot) == int((edges < 0).sum())


# -- lesson 14 (game theory): the Banque bank over a long run ---------------------------------------------------
def test_banker_run_standard_error_comes_from_independent_batches():
    from statistics import stdev

    from baccarat_lessons.analysis.lessons.banque_run import banker_run

    seen = []
    run = banker_run("banque-ouverte", coups=900, batches=3, seed=4, banker="table",
                     progress=lambda done, total: seen.append(done))
    assert seen == [1, 2, 3] and len(set(run.bank_per_chip)) == 3  # different seeds, different batches
    assert run.bank_per_chip_error == pytest.approx(stdev(run.bank_per_chip) / 3 ** 0.5)
    with pytest.raises(ValueError):
        banker_run(coups=1000, batches=3)
