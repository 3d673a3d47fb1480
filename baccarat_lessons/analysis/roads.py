"""The scoreboard roads of Punto Banco and Mini Baccarat, computed from a list of outcomes.

Five roads, all pure bookkeeping of the past:

- the **bead plate**: one bead per coup, down columns of six;
- the **big road**: a new column each time the winner changes; a tie is not a
  column, it is counted on the win before it (or on the first win, for ties at
  the start of the shoe);
- the three **derived roads**, which look only at the *shape* of the big road.
  For the big eye boy, small road and cockroach pig the big road is compared
  with itself one, two or three columns back (the road's ``offset``). Each win
  after the road's starting point adds one mark:

  * a win that **starts a new column** compares the two columns before it: the
    one just finished and the one ``offset`` columns before that. Equal lengths
    give a red mark, different lengths a blue one.
  * a win that **goes down a column** to row ``r`` looks at the column
    ``offset`` to the left. Blue if that column ends exactly at row ``r - 1``
    (so this win makes the new column longer than it); red if it reaches row
    ``r`` too, or if it ended before row ``r - 1``.

  Red reads "regular" and blue "irregular", in the casinos' words; neither word
  is about the next coup. Every coup is dealt from the shoe by the same drawing
  rules whatever the roads show, so no road predicts anything.

Column lengths are the lengths of the runs: a run longer than six that turns
right along the bottom row (a "dragon tail") still counts as one column.

>>> from baccarat_lessons.engine.events import Outcome
>>> B, P, T = Outcome.BANKER, Outcome.PLAYER, Outcome.TIE
>>> [len(column) for column in big_road_columns([B, B, T, P, B, B, B])]
[2, 1, 3]
>>> big_road_columns([B, B, T, P])[0][1].ties
1
>>> [mark.value for mark in big_eye_boy([B, B, P, B, B, B, P, P, B])]
['blue', 'blue', 'red', 'blue', 'red', 'blue']
>>> [mark.value for mark in cockroach_pig([B, B, P, B, B, B, P, P, B])]
['red', 'red']
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Sequence

from ..engine.events import Outcome

ROWS = 6  # every road is six rows deep

BIG_EYE_BOY, SMALL_ROAD, COCKROACH_PIG = "Big eye boy", "Small road", "Cockroach pig"
# How many columns back each derived road compares the big road with.
DERIVED_OFFSETS = {BIG_EYE_BOY: 1, SMALL_ROAD: 2, COCKROACH_PIG: 3}


class DerivedMark(Enum):
    """One mark of a derived road."""

    RED = "red"    # the big road repeated the shape it was compared with
    BLUE = "blue"  # it did not

    @property
    def meaning(self) -> str:
        return "repeats the earlier shape" if self is DerivedMark.RED else "differs from the earlier shape"


@dataclass(frozen=True)
class BigRoadEntry:
    """One Player or Banker win in the big road, with the ties dealt right after it."""

    side: Outcome
    ties: int = 0

    @property
    def letter(self) -> str:
        return self.side.value[0]


def bead_plate_cells(outcomes: Sequence[Outcome]) -> list[tuple[int, int, Outcome]]:
    """(column, row, outcome) for every coup, ties included, down columns of six.

    >>> bead_plate_cells([Outcome.BANKER] * 7)[-1]
    (1, 0, <Outcome.BANKER: 'Banker'>)
    """
    return [(*divmod(number, ROWS), outcome) for number, outcome in enumerate(outcomes)]


def big_road_columns(outcomes: Sequence[Outcome]) -> list[list[BigRoadEntry]]:
    """The big road's columns (runs of one side), each a list of entries, ties counted on them."""
    columns: list[list[BigRoadEntry]] = []
    leading_ties = 0
    for outcome in outcomes:
        if outcome is Outcome.TIE:
            if columns:
                last = columns[-1][-1]
                columns[-1][-1] = BigRoadEntry(last.side, last.ties + 1)
            else:
                leading_ties += 1
            continue
        entry = BigRoadEntry(outcome, leading_ties if not columns else 0)
        if columns and columns[-1][0].side is outcome:
            columns[-1].append(entry)
        else:
            columns.append([entry])
    return columns


def grid_positions(run_lengths: Sequence[int], rows: int = ROWS) -> list[tuple[int, int]]:
    """Where each entry of consecutive runs is drawn: down a column, then right along the
    lowest free row when the column is full or blocked by an earlier run's tail.

    >>> grid_positions([8, 1])   # a dragon tail: the seventh and eighth go right along row 5
    [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (1, 5), (2, 5), (1, 0)]
    """
    occupied: set[tuple[int, int]] = set()
    positions: list[tuple[int, int]] = []
    column_start = -1
    for length in run_lengths:
        column_start += 1
        while (column_start, 0) in occupied:
            column_start += 1
        column, row = column_start, 0
        for index in range(length):
            if index:
                below = (column, row + 1)
                if column == column_start and row + 1 < rows and below not in occupied:
                    row += 1
                else:
                    column += 1
            occupied.add((column, row))
            positions.append((column, row))
    return positions


def big_road_cells(outcomes: Sequence[Outcome]) -> list[tuple[int, int, str, int]]:
    """(column, row, letter, ties after it) for each Player or Banker win, as drawn.

    >>> big_road_cells([Outcome.BANKER, Outcome.TIE, Outcome.PLAYER])
    [(0, 0, 'B', 1), (1, 0, 'P', 0)]
    """
    columns = big_road_columns(outcomes)
    entries = [entry for column in columns for entry in column]
    positions = grid_positions([len(column) for column in columns])
    return [(column, row, entry.letter, entry.ties) for (column, row), entry in zip(positions, entries)]


def derived_road_from_lengths(lengths: Sequence[int], offset: int) -> list[DerivedMark]:
    """The derived road comparing ``offset`` columns back, from the big road's column lengths.

    >>> [m.value for m in derived_road_from_lengths([1, 1, 1, 1, 1], 1)]   # a chop: B, P, B, P, B
    ['red', 'red', 'red']
    """
    marks: list[DerivedMark] = []
    for column, length in enumerate(lengths):
        for row in range(length):
            if column < offset or (column == offset and row == 0):
                continue  # too early: nothing far enough back to compare with
            if row == 0:
                same = lengths[column - 1] == lengths[column - 1 - offset]
            else:
                same = lengths[column - offset] != row
            marks.append(DerivedMark.RED if same else DerivedMark.BLUE)
    return marks


def derived_road(outcomes: Sequence[Outcome], offset: int) -> list[DerivedMark]:
    """The marks of the derived road ``offset`` columns back (1, 2 or 3), oldest first."""
    return derived_road_from_lengths([len(column) for column in big_road_columns(outcomes)], offset)


def big_eye_boy(outcomes: Sequence[Outcome]) -> list[DerivedMark]:
    """The derived road one column back."""
    return derived_road(outcomes, DERIVED_OFFSETS[BIG_EYE_BOY])


def small_road(outcomes: Sequence[Outcome]) -> list[DerivedMark]:
    """The derived road two columns back."""
    return derived_road(outcomes, DERIVED_OFFSETS[SMALL_ROAD])


def cockroach_pig(outcomes: Sequence[Outcome]) -> list[DerivedMark]:
    """The derived road three columns back."""
    return derived_road(outcomes, DERIVED_OFFSETS[COCKROACH_PIG])


def derived_road_cells(marks: Sequence[DerivedMark]) -> list[tuple[int, int, DerivedMark]]:
    """(column, row, mark) as drawn: a new column each time the colour changes, like the big road.

    >>> [(c, r) for c, r, _ in derived_road_cells([DerivedMark.RED, DerivedMark.RED, DerivedMark.BLUE])]
    [(0, 0), (0, 1), (1, 0)]
    """
    runs: list[int] = []
    for index, mark in enumerate(marks):
        if index and mark is marks[index - 1]:
            runs[-1] += 1
        else:
            runs.append(1)
    return [(column, row, mark) for (column, row), mark in zip(grid_positions(runs), marks)]
