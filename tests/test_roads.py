"""The roads computed in the package: bead plate, big road and the three derived roads.

The rule the derived roads follow is the one described in "Baccarat Score Boards" by the
Wizard of Odds (read in the copy at internetradiomercedes.com/games/baccarat/history), with
the starting point as the "Big Eye Boy" entry of the Chips & Truths glossary puts it: the big
eye boy begins with the win after the first win of the big road's second column. The search
tool showed only the opening of those pages, not their drawn example boards, so every
expected mark below was worked out by hand from that rule, column by column, in the comments
next to it; a second, cell-by-cell reading of the same rule is checked against the package
on many random shoes.
"""

import random

import pytest

from baccarat_lessons.analysis.roads import (
    DERIVED_OFFSETS, DerivedMark, bead_plate_cells, big_eye_boy, big_road_cells, big_road_columns,
    cockroach_pig, derived_road, derived_road_cells, grid_positions, small_road,
)
from baccarat_lessons.engine.events import Outcome

B, P, T = Outcome.BANKER, Outcome.PLAYER, Outcome.TIE
R, U = DerivedMark.RED, DerivedMark.BLUE  # U for blUe: B is taken by Banker


def outcomes(text: str) -> list[Outcome]:
    return [{"B": B, "P": P, "T": T}[letter] for letter in text.replace(" ", "")]


# Big road columns: BB | P | BBB | PP | B  (lengths 2, 1, 3, 2, 1)
WORKED = outcomes("BB P BBB PP B")


def test_worked_example_big_eye_boy():
    # Columns and rows counted from 0, as in the code. Column 1 has a single win, so the
    # road starts with the first win of column 2.
    #   col 2 row 0: columns 1 and 0 have lengths 1 and 2, different    -> blue
    #   col 2 row 1: column 1 ended at row 0, just above                -> blue
    #   col 2 row 2: column 1 ended two rows above                      -> red
    #   col 3 row 0: columns 2 and 1 have lengths 3 and 1               -> blue
    #   col 3 row 1: column 2 reaches row 1                             -> red
    #   col 4 row 0: columns 3 and 2 have lengths 2 and 3               -> blue
    assert big_eye_boy(WORKED) == [U, U, R, U, R, U]


def test_worked_example_small_road():
    # Two columns back; column 2 has three wins, so the road starts at its row 1.
    #   col 2 row 1: column 0 reaches row 1                             -> red
    #   col 2 row 2: column 0 ended at row 1, just above                -> blue
    #   col 3 row 0: columns 2 and 0 have lengths 3 and 2               -> blue
    #   col 3 row 1: column 1 ended at row 0, just above                -> blue
    #   col 4 row 0: columns 3 and 1 have lengths 2 and 1               -> blue
    assert small_road(WORKED) == [R, U, U, U, U]


def test_worked_example_cockroach_pig():
    # Three columns back; starts at column 3 row 1.
    #   col 3 row 1: column 0 reaches row 1                             -> red
    #   col 4 row 0: columns 3 and 0 both have length 2                 -> red
    assert cockroach_pig(WORKED) == [R, R]


@pytest.mark.parametrize("pattern", ["BPBPBPBPBP", "BBPPBBPPBBPP", "BBBPPPBBBPPP"])
def test_a_regular_big_road_gives_only_red(pattern):
    # a chop (columns of 1), a two-two and a three-three: every column as long as the ones before
    for offset in DERIVED_OFFSETS.values():
        marks = derived_road(outcomes(pattern), offset)
        assert marks and set(marks) == {R}


def test_each_road_starts_one_win_after_the_first_win_of_its_column():
    # Second column two wins long: the big eye boy's first mark is its second win.
    assert big_eye_boy(outcomes("B P")) == []
    assert big_eye_boy(outcomes("B PP")) == [U]          # column 1 ended just above
    # Second column one win long: the first mark is the first win of the third column.
    assert big_eye_boy(outcomes("BB P B")) == [U]        # lengths 1 and 2 differ
    assert small_road(outcomes("B P B")) == [] and small_road(outcomes("B P BB")) == [U]
    assert small_road(outcomes("B P B P")) == [R]        # columns 3 and 1, both length 1
    assert cockroach_pig(outcomes("B P B P")) == [] and cockroach_pig(outcomes("B P B PP")) == [U]
    assert cockroach_pig(outcomes("B P B P B")) == [R]


def test_ties_are_not_columns_and_change_no_derived_mark():
    with_ties = outcomes("T BB T P T BBB PPT T B")
    assert [len(column) for column in big_road_columns(with_ties)] == [2, 1, 3, 2, 1]
    assert big_road_columns(with_ties)[0][0].ties == 1  # the leading tie sits on the first win
    assert big_road_columns(with_ties)[3][1].ties == 2
    for road in (big_eye_boy, small_road, cockroach_pig):
        assert road(with_ties) == road(WORKED)


def test_a_dragon_tail_is_still_one_column():
    long_player = outcomes("B PPPPPPPP")
    # column 2 rows 1..7 against column 1 (one win): row 1 is just below its end -> blue,
    # then further down -> red, also past the sixth row where the tail turns right.
    assert big_eye_boy(long_player) == [U] + [R] * 6
    assert big_eye_boy(outcomes("BBBBBBBB P B")) == [U]  # lengths 1 and 8 differ
    cells = big_road_cells(long_player)
    assert [(c, r) for c, r, *_ in cells[1:]] == [(1, r) for r in range(6)] + [(2, 5), (3, 5)]


def test_a_new_column_runs_right_under_an_earlier_tail():
    # 7 Banker wins (tail into column 1), then Player x6 starting in column 1: it meets the
    # tail at row 5 and turns right along row 4.
    positions = grid_positions([7, 6])
    assert positions[6] == (1, 5)
    assert positions[7:] == [(1, 0), (1, 1), (1, 2), (1, 3), (1, 4), (2, 4)]


def test_bead_plate_keeps_every_coup_in_order():
    cells = bead_plate_cells(outcomes("BTPPBPTB"))
    assert [(c, r) for c, r, _ in cells] == [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (1, 0), (1, 1)]
    assert [o for *_, o in cells] == outcomes("BTPPBPTB")


def test_derived_marks_are_drawn_in_runs_of_one_colour():
    cells = derived_road_cells([U, U, R, U, R, U])
    assert [(c, r, m) for c, r, m in cells] == [(0, 0, U), (0, 1, U), (1, 0, R), (2, 0, U), (3, 0, R), (4, 0, U)]


def _cell_by_cell(results: list[Outcome], offset: int) -> list[DerivedMark]:
    """The rule read off a grid of unlimited depth, one cell at a time, as a scorecard keeper
    reads it: is there a win in the compared column at this row, and in the row above?"""
    grid: list[list[Outcome]] = []
    marks = []
    for outcome in results:
        if outcome is T:
            continue
        if grid and grid[-1][0] is outcome:
            grid[-1].append(outcome)
        else:
            grid.append([outcome])
        column, row = len(grid) - 1, len(grid[-1]) - 1
        if column < offset or (column == offset and row == 0):
            continue

        def filled(c, r):
            return 0 <= c and r < len(grid[c])

        if row == 0:
            same = len(grid[column - 1]) == len(grid[column - 1 - offset])
        else:
            left = column - offset
            same = filled(left, row) or not filled(left, row - 1)
        marks.append(R if same else U)
    return marks


def test_the_package_agrees_with_the_cell_by_cell_reading_on_random_shoes():
    rng = random.Random(10)
    for _ in range(300):
        results = rng.choices([B, P, T], weights=[46, 45, 9], k=rng.randrange(0, 80))
        for offset in (1, 2, 3):
            assert derived_road(results, offset) == _cell_by_cell(results, offset)
