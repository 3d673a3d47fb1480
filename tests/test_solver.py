"""The Chemin de Fer solver against an independent card-by-card enumeration.

The enumeration below deals every card in order from the shoe (decrementing
counts, or with replacement for an infinite deck), applies SPEC §4 as copied
by hand here, and adds up exact fractions. It shares no code with the solver.
The same enumeration, with the punter's totals and the banker's cells changed
by hand, checks that the solver follows a changed drawing-rules record.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import replace
from fractions import Fraction
from itertools import product

import pytest

from baccarat_lessons.analysis.chemin_de_fer_solver import (
    PUNTER_ROWS, TABLE_CHOICE_CELLS, choice_game, format_solve, punter_value_curve, solve, solve_report,
)
from baccarat_lessons.analysis.game_theory.coup_chances import CELLS, coup_chances
from baccarat_lessons.analysis.game_theory.equilibrium import ChoiceGame
from baccarat_lessons.cli import main
from baccarat_lessons.engine import variants
from baccarat_lessons.engine.drawing import _table
from baccarat_lessons.engine.errors import SettingsError

# SPEC §4 by hand: after a punter draw the banker draws on these third-card values.
SPEC_DRAWS = {0: set(range(10)), 1: set(range(10)), 2: set(range(10)), 3: set(range(8)),
              4: set(range(2, 8)), 5: {5, 6, 7}, 6: {6, 7}, 7: set()}
FIVE_PERCENT = Fraction(1, 20)


def spec_banker_draws(total, third):
    return total <= 5 if third is None else third in SPEC_DRAWS[total]


def enumerate_coups(counts, punter_draws_on_free, guided_draws=frozenset(range(5)), free=5):
    """Exact chance of every (banker cell and action, or natural) and result.

    ``counts``: cards of each value 0-9, or None for an infinite deck. The punter
    draws on ``guided_draws``, and on its ``free`` total if ``punter_draws_on_free``.
    Both banker actions are followed at each cell, so any banker plan can be priced.
    """
    infinite = counts is None
    left = [4] + [1] * 9 if infinite else list(counts)
    card_total = 13 if infinite else sum(counts)
    sums = defaultdict(int)  # (key, result, cards used) -> ordered deals

    def take(value):
        weight = left[value]
        if not infinite:
            left[value] -= 1
        return weight

    def put(value):
        if not infinite:
            left[value] += 1

    def result(punter, banker):
        return "punter" if punter > banker else "banker" if banker > punter else "tie"

    for p1 in range(10):
        w1 = take(p1)
        for b1 in range(10):
            w2 = take(b1)
            for p2 in range(10):
                w3 = take(p2)
                for b2 in range(10):
                    w4 = take(b2)
                    weight = w1 * w2 * w3 * w4
                    punter, banker = (p1 + p2) % 10, (b1 + b2) % 10
                    if weight == 0:
                        pass
                    elif punter >= 8 or banker >= 8:
                        sums["natural", result(punter, banker), 4] += weight
                    elif punter in guided_draws or (punter == free and punter_draws_on_free):
                        for third in range(10):
                            wt = take(third)
                            final = (punter + third) % 10
                            sums[(banker, third, "stand"), result(final, banker), 5] += weight * wt
                            for last in range(10):
                                wu = take(last)
                                key = (banker, third, "draw"), result(final, (banker + last) % 10), 6
                                sums[key] += weight * wt * wu
                                put(last)
                            put(third)
                    else:
                        sums[(banker, None, "stand"), result(punter, banker), 4] += weight
                        for third in range(10):
                            wt = take(third)
                            sums[(banker, None, "draw"), result(punter, (banker + third) % 10), 5] += weight * wt
                            put(third)
                    put(b2)
                put(p2)
            put(b1)
        put(p1)

    def deals(cards):
        if infinite:
            return 13**cards
        count = 1
        for taken in range(cards):
            count *= card_total - taken
        return count

    chances = defaultdict(Fraction)
    for (key, res, cards), weight in sums.items():
        chances[key, res] += Fraction(weight, deals(cards))
    return chances


def payoffs(chances, draws, commission=Fraction(0)):
    """(punter, banker) value per chip when the banker draws in cell c iff draws(c)."""
    punter = banker = Fraction(0)
    for (key, res), chance in chances.items():
        if key != "natural" and (key[2] == "draw") != draws(key[:2]):
            continue
        if res == "punter":
            punter, banker = punter + chance, banker - chance
        elif res == "banker":
            punter, banker = punter - chance, banker + (1 - commission) * chance
    return punter, banker


def table_plan(column):
    chosen = dict(zip(TABLE_CHOICE_CELLS, column))
    return lambda cell: chosen[cell] if cell in chosen else spec_banker_draws(*cell)


COLUMNS = list(product((True, False), repeat=2))  # the solver's column order: draw first


@pytest.fixture(scope="module")
def one_deck():
    counts = [16] + [4] * 9
    return {draws: enumerate_coups(counts, draws) for draws in (True, False)}


@pytest.fixture(scope="module")
def infinite_deck():
    return {draws: enumerate_coups(None, draws) for draws in (True, False)}


@pytest.mark.parametrize("commission", [Fraction(0), FIVE_PERCENT])
def test_table_model_matrix_and_equilibrium_match_the_enumeration(one_deck, commission):
    solution = solve("table", decks=1, commission=commission)
    punter = [[payoffs(one_deck[row], table_plan(c), commission)[0] for c in COLUMNS] for row in (True, False)]
    banker = [[payoffs(one_deck[row], table_plan(c), commission)[1] for c in COLUMNS] for row in (True, False)]
    assert [list(r) for r in solution.payoff_matrix] == punter
    assert [list(r) for r in solution.banker_payoff_matrix] == banker
    _check_table_equilibrium(solution, punter, banker)


def _check_table_equilibrium(solution, punter, banker):
    """The reported strategies are an equilibrium of the enumerated matrices."""
    p, mix = solution.punter_draw_on_5, solution.banker_columns
    assert sum(mix) == 1 and all(0 <= x <= 1 for x in mix)
    row_values = [sum(m * v for m, v in zip(mix, row)) for row in punter]
    column_values = [p * banker[0][j] + (1 - p) * banker[1][j] for j in range(len(mix))]
    punter_value = p * row_values[0] + (1 - p) * row_values[1]
    banker_value = sum(m * v for m, v in zip(mix, column_values))
    assert punter_value == solution.value and banker_value == solution.banker_value
    assert max(row_values) <= punter_value
    assert max(column_values) <= banker_value


def test_table_model_on_the_infinite_deck_matches_the_enumeration(infinite_deck):
    solution = solve("table", decks=0)
    for i, row in enumerate((True, False)):
        for j, column in enumerate(COLUMNS):
            assert solution.payoff_matrix[i][j] == payoffs(infinite_deck[row], table_plan(column))[0]


def _check_classic_equilibrium(solution, chances, commission):
    """No cell flip helps the banker, and the punter has no better pure choice on 5."""
    p, plan = solution.punter_draw_on_5, solution.banker

    def banker_gain(cell):
        """Banker's payoff from drawing rather than standing in ``cell``, at the punter's p."""
        gain = Fraction(0)
        for row, weight in ((True, p), (False, 1 - p)):
            for (key, res), chance in chances[row].items():
                if key != "natural" and key[:2] == cell:
                    sign = 1 if key[2] == "draw" else -1
                    worth = {"punter": -1, "banker": 1 - commission, "tie": 0}[res]
                    gain += weight * sign * worth * chance
        return gain

    for cell in CELLS:
        gain = banker_gain(cell)
        if plan[cell] == 1:
            assert gain >= 0, cell
        elif plan[cell] == 0:
            assert gain <= 0, cell
        else:
            assert gain == 0, cell

    def mixed_plan_value(row):
        # The banker's plan is mixed in at most one cell: average the two pure plans.
        mixed = [c for c in CELLS if 0 < plan[c] < 1]
        assert len(mixed) <= 1
        if not mixed:
            return payoffs(chances[row], lambda c: plan[c] == 1, commission)[0]
        cell, q = mixed[0], plan[mixed[0]]
        with_draw = payoffs(chances[row], lambda c: True if c == cell else plan[c] == 1, commission)[0]
        with_stand = payoffs(chances[row], lambda c: False if c == cell else plan[c] == 1, commission)[0]
        return q * with_draw + (1 - q) * with_stand

    draw_value, stand_value = mixed_plan_value(True), mixed_plan_value(False)
    assert p * draw_value + (1 - p) * stand_value == solution.value
    if 0 < p < 1:
        assert draw_value == stand_value
    else:
        assert (draw_value >= stand_value) == (p == 1)


@pytest.mark.parametrize("commission", [Fraction(0), FIVE_PERCENT])
def test_classic_infinite_deck_is_an_equilibrium_of_the_enumerated_game(infinite_deck, commission):
    _check_classic_equilibrium(solve("classic", decks=0, commission=commission), infinite_deck, commission)


def test_classic_one_deck_is_an_equilibrium_of_the_enumerated_game(one_deck):
    _check_classic_equilibrium(solve("classic", decks=1), one_deck, Fraction(0))


def test_classic_infinite_deck_agrees_with_kemeny_and_snell():
    # Kemeny & Snell (1957): the punter draws on 5 with chance 9/11, the banker
    # mixes only when holding 6 against a punter who stood; the banker's edge is about 1.28%.
    solution = solve("classic", decks=0)
    assert solution.punter_draw_on_5 == Fraction(9, 11)
    assert [cell for cell, q in solution.banker.items() if 0 < q < 1] == [(6, None)]
    assert -0.0129 < float(solution.value) < -0.0127
    assert solution.banker_value == -solution.value
    # The classic banker draws in this table's two optional cells and departs
    # from its fixed cells only at 6 against a punter who stood.
    assert solution.banker[3, 9] == solution.banker[5, 4] == 1
    fixed = [cell for cell in CELLS if cell not in TABLE_CHOICE_CELLS]
    assert [cell for cell in fixed if solution.banker[cell] != spec_banker_draws(*cell)] == [(6, None)]


def test_no_chance_of_drawing_on_5_guarantees_the_punter_more_than_the_value():
    solution = solve("classic", decks=0)
    curve = dict(punter_value_curve("classic", decks=0, steps=22))
    assert max(curve.values()) == curve[Fraction(9, 11)] == solution.value
    assert curve[Fraction(0)] < curve[Fraction(1)] < solution.value


def test_exact_dependence_on_a_tiny_shoe_matches_the_enumeration():
    counts = (3, 2, 1, 1, 2, 1, 1, 1, 1, 1)  # heavy card removal effects
    game = ChoiceGame(coup_chances(counts), {cell: None for cell in CELLS}, FIVE_PERCENT)
    for row in (True, False):
        chances = enumerate_coups(list(counts), row)
        for column in product((0, 1), repeat=2):
            chosen = dict(zip([(6, None), (3, 2)], column))
            draws = lambda cell: chosen.get(cell, cell[0] <= 4)  # noqa: E731
            plan = game.full_plan({c: Fraction(int(draws(c))) for c in CELLS})
            expected = payoffs(chances, draws, FIVE_PERCENT)
            assert (game.value(0, Fraction(int(row)), plan), game.value(1, Fraction(int(row)), plan)) == expected


def test_commission_is_worse_for_the_banker():
    for model in ("table", "classic"):
        for decks in (0, 6):
            free, taxed = solve(model, decks), solve(model, decks, 0.05)
            assert taxed.banker_value < free.banker_value
            assert taxed.commission == FIVE_PERCENT
            assert free.banker_value == -free.value  # zero-sum without commission


def test_infinite_deck_and_eight_decks_are_close():
    for model in ("table", "classic"):
        infinite, eight = solve(model, 0), solve(model, 8)
        assert abs(float(infinite.value - eight.value)) < 2e-4
        assert abs(float(infinite.punter_draw_on_5 - eight.punter_draw_on_5)) < 0.01
        assert infinite.value != eight.value  # card removal does change the exact value


@pytest.mark.parametrize(
    "model, decks, commission",
    [("table", -1, 0), ("table", 9, 0), ("table", 2.5, 0), ("table", True, 0),
     ("table", 6, -0.01), ("table", 6, 0.5), ("table", 6, "lots"), ("casino", 6, 0)],
)
def test_bad_arguments_raise_a_settings_error(model, decks, commission):
    with pytest.raises(SettingsError):
        solve(model, decks, commission)


def test_report_and_text(capsys):
    report = solve_report("classic", decks=6, commission=0.05)
    assert {"model", "decks", "commission", "punter_draw_on_5", "value", "banker"} <= set(report)
    assert len(report["banker"]) == 88 and report["banker"]["7 vs stood"]["decision"] == "stand"
    assert Fraction(report["punter_draw_on_5_exact"]) == solve("classic", 6, 0.05).punter_draw_on_5
    text = format_solve(report)
    assert "5% commission" in text and "6-deck shoe" in text
    assert main(["solve", "chemin-de-fer", "--model", "table", "--decks", "2", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["decks"] == 2 and set(printed["banker"]) == {"3 vs 9", "5 vs 4"}
    assert main(["solve", "chemin-de-fer", "--decks", "9"]) == 2
    assert "0 (an infinite deck) to 8" in capsys.readouterr().err


def test_the_game_is_cached_per_setting():
    assert choice_game("table", 6, Fraction(0)) is choice_game("table", 6, Fraction(0))


# --- The solver reads its rules from a DrawingRules record -------------------------

CHEMIN_DE_FER_RULES = variants.CHEMIN_DE_FER.drawing
# The banker's table with other optional cells: 5 against a 4 now draws, and the
# banker chooses on 3 vs 9, 4 vs 1 and 6 vs 5.
MOVED_BANKER_DRAWS = {**SPEC_DRAWS, 5: {4, 5, 6, 7}}
MOVED_BANKER_OPTIONAL = [(3, 9), (4, 1), (6, 5)]
MOVED_BANKER = replace(CHEMIN_DE_FER_RULES, banker_table=_table(
    draws={total: frozenset(values) for total, values in MOVED_BANKER_DRAWS.items()},
    optional={3: frozenset({9}), 4: frozenset({1}), 6: frozenset({5})},
))
# The punter's free total moved from 5 to 4: it draws on 0-3, chooses on 4, stands on 5-7.
FREE_FOUR = replace(CHEMIN_DE_FER_RULES, player_draws_on=frozenset(range(4)), player_optional_on=frozenset({4}))


@pytest.fixture(scope="module")
def free_four_infinite_deck():
    return {draws: enumerate_coups(None, draws, guided_draws={0, 1, 2, 3}, free=4) for draws in (True, False)}


def test_default_figures_are_those_of_the_chemin_de_fer_record():
    classic, table = solve("classic", decks=0), solve("table", decks=0)
    assert (classic.punter_draw_on_5, classic.value) == (Fraction(9, 11), Fraction(-679568, 53094899))
    assert classic.banker[6, None] == Fraction(859, 2288) and classic.free_total == 5
    assert (table.punter_draw_on_5, table.value) == (1, Fraction(-4560, 371293))  # -0.012281
    assert solve("table", decks=6).value == Fraction(-18880657128, 1525814595305)
    assert solve("classic", decks=6).punter_draw_on_5 == Fraction(7631761, 9407656)
    assert solve("classic", decks=0, rules=CHEMIN_DE_FER_RULES) == classic
    assert list(solve_report("table", decks=0)["payoff_matrix"]["rows"]) == ["draw on 5", "stand on 5"]
    # The module's names for the record's rules, which the lessons import.
    assert PUNTER_ROWS == ("draw on 5", "stand on 5") and TABLE_CHOICE_CELLS == ((3, 9), (5, 4))


def test_the_table_models_free_cells_follow_the_banker_table(infinite_deck):
    solution = solve("table", decks=0, rules=MOVED_BANKER)
    assert list(solution.banker) == MOVED_BANKER_OPTIONAL
    columns = list(product((True, False), repeat=3))
    assert len(solution.column_labels) == len(columns) == 8
    assert solution.column_labels[1] == "draw on 3 vs 9, draw on 4 vs 1, stand on 6 vs 5"

    def plan(column):
        chosen = dict(zip(MOVED_BANKER_OPTIONAL, column))
        return lambda cell: chosen[cell] if cell in chosen else (
            cell[0] <= 5 if cell[1] is None else cell[1] in MOVED_BANKER_DRAWS[cell[0]])

    punter = [[payoffs(infinite_deck[row], plan(c))[0] for c in columns] for row in (True, False)]
    banker = [[payoffs(infinite_deck[row], plan(c))[1] for c in columns] for row in (True, False)]
    assert [list(r) for r in solution.payoff_matrix] == punter
    _check_table_equilibrium(solution, punter, banker)
    assert solution.value != solve("table", decks=0).value
    report = solve_report("table", decks=2, rules=MOVED_BANKER)
    assert set(report["banker"]) == {"3 vs 9", "4 vs 1", "6 vs 5"}


def test_the_classic_model_follows_the_punters_free_total(free_four_infinite_deck):
    solution = solve("classic", decks=0, rules=FREE_FOUR)
    assert solution.free_total == 4
    _check_classic_equilibrium(solution, free_four_infinite_deck, Fraction(0))
    assert (solution.punter_draw_on_5, solution.value) != (Fraction(9, 11), solve("classic", decks=0).value)
    # At the solved p the punter is not worse off than at either pure choice.
    p = solution.punter_draw_chance
    curve = dict(punter_value_curve("classic", decks=0, steps=p.denominator, rules=FREE_FOUR))
    ends = dict(punter_value_curve("classic", decks=0, steps=1, rules=FREE_FOUR))
    assert curve[p] == solution.value >= max(ends.values())


def test_the_table_model_follows_the_punters_free_total(free_four_infinite_deck, infinite_deck):
    solution = solve("table", decks=0, rules=FREE_FOUR)
    punter = [[payoffs(free_four_infinite_deck[row], table_plan(c))[0] for c in COLUMNS] for row in (True, False)]
    banker = [[payoffs(free_four_infinite_deck[row], table_plan(c))[1] for c in COLUMNS] for row in (True, False)]
    assert [list(r) for r in solution.payoff_matrix] == punter
    _check_table_equilibrium(solution, punter, banker)
    assert (solution.punter_draw_chance, solution.value) == (1, Fraction(-74176, 4826809))
    # Drawing on 4 and standing on 5 is one punter's play under both records.
    assert solution.payoff_matrix[0] == solve("table", decks=0).payoff_matrix[1]
    report = solve_report("table", decks=0, rules=FREE_FOUR)
    assert report["punter_free_total"] == 4 and list(report["payoff_matrix"]["rows"]) == ["draw on 4", "stand on 4"]
    assert "draws on 0-3, stands on 5-7) and chooses only on 4" in report["assumptions"][0]
    assert "Punter draws on 4 with probability" in format_solve(report)


def test_the_cache_keeps_each_record_apart():
    assert solve("classic", decks=1, rules=FREE_FOUR).free_total == 4
    assert solve("classic", decks=1).free_total == 5
    assert choice_game("table", 1, Fraction(0), FREE_FOUR) is not choice_game("table", 1, Fraction(0))
    assert choice_game("table", 1, Fraction(0), CHEMIN_DE_FER_RULES) is choice_game("table", 1, Fraction(0))
    assert coup_chances(None, FREE_FOUR).natural == coup_chances(None).natural
    assert (coup_chances(None, FREE_FOUR).branches != coup_chances(None).branches).any()


def test_the_default_follows_the_variant_record(monkeypatch):
    monkeypatch.setattr(variants, "CHEMIN_DE_FER", replace(variants.CHEMIN_DE_FER, drawing=FREE_FOUR))
    assert solve("table", decks=0) == solve("table", decks=0, rules=FREE_FOUR)
    assert solve("table", decks=0).free_total == 4
    monkeypatch.undo()
    assert solve("table", decks=0).free_total == 5


@pytest.mark.parametrize("optional, words", [({4, 5}, "free on 4 and 5"), (set(), "no choice")])
def test_rules_without_exactly_one_free_total_are_refused(optional, words):
    rules = replace(CHEMIN_DE_FER_RULES, player_optional_on=frozenset(optional))
    for call in (lambda: solve("table", 6, rules=rules), lambda: punter_value_curve(rules=rules),
                 lambda: solve_report("classic", 0, rules=rules), lambda: coup_chances(None, rules)):
        with pytest.raises(SettingsError, match="exactly one total") as error:
            call()
        assert words in str(error.value)


def test_a_table_with_too_many_optional_cells_is_refused_for_the_table_model_only():
    many = replace(CHEMIN_DE_FER_RULES, banker_table=_table(
        draws={total: frozenset(values) for total, values in SPEC_DRAWS.items()},
        optional={7: frozenset(range(7))},  # 7 vs 0 ... 7 vs 6: 2**7 banker plans
    ))
    with pytest.raises(SettingsError, match="7 optional cells"):
        solve("table", decks=0, rules=many)
    assert len(solve("classic", decks=0, rules=many).banker) == 88
