"""Scoreboard roads drawn as SVG: the bead plate and the big road.

Each road is one SVG value with letters (B, P, T) as well as colours. They
record what happened; they predict nothing (a lesson shows why).

>>> from baccarat_lessons.engine.events import Outcome
>>> B, P, T = Outcome.BANKER, Outcome.PLAYER, Outcome.TIE
>>> big_road_cells([B, B, T, P, P, P, B])
[(0, 0, 'B', 0), (0, 1, 'B', 1), (1, 0, 'P', 0), (1, 1, 'P', 0), (1, 2, 'P', 0), (2, 0, 'B', 0)]
>>> bead_plate_svg([B, P, T]).count('class="bl-bead ')
3
"""

from __future__ import annotations

from typing import Sequence

import ipywidgets as widgets

from ..engine.events import Outcome

LETTERS = {Outcome.BANKER: "B", Outcome.PLAYER: "P", Outcome.TIE: "T"}
ROWS = 6
CELL = 22


def _svg(columns: int, body: str, label: str, css_class: str) -> str:
    width = max(columns, 12) * CELL + 2
    height = ROWS * CELL + 2
    grid = "".join(
        f'<line x1="{c * CELL + 1}" y1="1" x2="{c * CELL + 1}" y2="{height - 1}"/>' for c in range(max(columns, 12) + 1)
    ) + "".join(f'<line x1="1" y1="{r * CELL + 1}" x2="{width - 1}" y2="{r * CELL + 1}"/>' for r in range(ROWS + 1))
    return (
        f'<svg class="bl-road {css_class}" role="img" aria-label="{label}" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg"><title>{label}</title>'
        f'<g class="bl-road-grid">{grid}</g>{body}</svg>'
    )


def bead_plate_svg(outcomes: Sequence[Outcome]) -> str:
    """One bead per round, filled down each column of six, left to right."""
    beads = []
    for number, outcome in enumerate(outcomes):
        column, row = divmod(number, ROWS)
        x, y = column * CELL + 1 + CELL / 2, row * CELL + 1 + CELL / 2
        letter = LETTERS[outcome]
        beads.append(
            f'<g class="bl-bead bl-road-{letter.lower()}"><title>Round {number + 1}: {outcome.value}</title>'
            f'<circle cx="{x:g}" cy="{y:g}" r="{CELL / 2 - 2:g}"/>'
            f'<text x="{x:g}" y="{y + 4:g}" text-anchor="middle">{letter}</text></g>'
        )
    columns = (len(outcomes) + ROWS - 1) // ROWS
    summary = _summary(outcomes)
    return _svg(columns, "".join(beads), f"Bead plate: {summary}", "bl-bead-plate")


def big_road_cells(outcomes: Sequence[Outcome]) -> list[tuple[int, int, str, int]]:
    """(column, row, letter, ties after it) for each Player or Banker win.

    A new column starts when the winner changes; a column longer than six turns
    right along the bottom row (the "dragon tail"). Ties are counted on the
    previous win (or the first win, for ties at the start of the shoe).
    """
    cells: list[list] = []
    occupied: set[tuple[int, int]] = set()
    leading_ties = 0
    column_start = -1
    for outcome in outcomes:
        if outcome is Outcome.TIE:
            if cells:
                cells[-1][3] += 1
            else:
                leading_ties += 1
            continue
        letter = LETTERS[outcome]
        if not cells or cells[-1][2] != letter:
            column_start += 1
            while (column_start, 0) in occupied:
                column_start += 1
            position = (column_start, 0)
        else:
            column, row = cells[-1][0], cells[-1][1]
            below = (column, row + 1)
            position = below if row + 1 < ROWS and below not in occupied and column == column_start else (column + 1, row)
        occupied.add(position)
        cells.append([position[0], position[1], letter, 0])
        if len(cells) == 1:
            cells[0][3] += leading_ties
    return [tuple(cell) for cell in cells]


def big_road_svg(outcomes: Sequence[Outcome]) -> str:
    """Runs of wins as hollow rings with letters; a green slash and count marks ties."""
    marks = []
    for column, row, letter, ties in big_road_cells(outcomes):
        x, y = column * CELL + 1 + CELL / 2, row * CELL + 1 + CELL / 2
        tie_mark = ""
        if ties:
            tie_mark = (
                f'<line class="bl-road-tie-slash" x1="{x - 7:g}" y1="{y + 7:g}" x2="{x + 7:g}" y2="{y - 7:g}"/>'
                f'<text class="bl-road-tie-count" x="{x + 8:g}" y="{y - 4:g}">{ties}</text>'
            )
        word = "Banker" if letter == "B" else "Player"
        tie_words = f", then {ties} tie{'s' if ties > 1 else ''}" if ties else ""
        marks.append(
            f'<g class="bl-big-road-mark bl-road-{letter.lower()}"><title>{word}{tie_words}</title>'
            f'<circle cx="{x:g}" cy="{y:g}" r="{CELL / 2 - 3:g}"/>'
            f'<text x="{x:g}" y="{y + 4:g}" text-anchor="middle">{letter}</text>{tie_mark}</g>'
        )
    cells = big_road_cells(outcomes)
    columns = max((c for c, *_ in cells), default=-1) + 1
    return _svg(columns, "".join(marks), f"Big road: {_summary(outcomes)}", "bl-big-road")


def _summary(outcomes: Sequence[Outcome]) -> str:
    if not outcomes:
        return "no rounds yet"
    counts = {o: sum(1 for x in outcomes if x is o) for o in Outcome}
    return f"Banker {counts[Outcome.BANKER]}, Player {counts[Outcome.PLAYER]}, Tie {counts[Outcome.TIE]}"


class RoadsView:
    """Both roads in one HTML widget (class ``bl-roads``), redrawn from a list of outcomes."""

    def __init__(self):
        self.widget = widgets.HTML()
        self.widget.add_class("bl-roads")
        self.update([])

    def update(self, outcomes: Sequence[Outcome]) -> None:
        self.widget.value = (
            '<div class="bl-roads-box"><h4>Bead plate</h4>' + bead_plate_svg(outcomes)
            + "<h4>Big road</h4>" + big_road_svg(outcomes)
            + '<p class="bl-note">The roads record past rounds. Each coup is dealt from the shoe '
            "the same way whatever the roads show.</p></div>"
        )
