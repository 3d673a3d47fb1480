"""Scoreboard roads drawn as SVG: bead plate, big road and the three derived roads.

The roads are computed in :mod:`baccarat_lessons.analysis.roads`; this module only
draws them. Each road is one SVG value (many small widgets are slow under Voilà)
with a text alternative. Nothing is carried by colour alone: the bead plate and
big road carry letters (B, P, T), and a derived road's red marks are rings, its
blue marks crosses. They record what happened; they predict nothing.

>>> from baccarat_lessons.engine.events import Outcome
>>> B, P, T = Outcome.BANKER, Outcome.PLAYER, Outcome.TIE
>>> big_road_cells([B, B, T, P, P, P, B])
[(0, 0, 'B', 0), (0, 1, 'B', 1), (1, 0, 'P', 0), (1, 1, 'P', 0), (1, 2, 'P', 0), (2, 0, 'B', 0)]
>>> bead_plate_svg([B, P, T]).count('class="bl-bead ')
3
>>> svg = derived_road_svg("Big eye boy", [B, B, P, B, B, B, P, P, B])
>>> svg.count('class="bl-derived-mark bl-mark-red"'), svg.count('class="bl-derived-mark bl-mark-blue"')
(2, 4)
"""

from __future__ import annotations

from typing import Sequence


from ..analysis.roads import (
    BIG_EYE_BOY, COCKROACH_PIG, DERIVED_OFFSETS, ROWS, SMALL_ROAD, DerivedMark, bead_plate_cells,
    big_road_cells, derived_road, derived_road_cells,
)
from ..engine.events import Outcome

__all__ = ["RoadsView", "bead_plate_svg", "big_road_cells", "big_road_svg", "derived_road_svg"]

LETTERS = {Outcome.BANKER: "B", Outcome.PLAYER: "P", Outcome.TIE: "T"}
CELL = 22
DERIVED_CELL = 14  # the derived roads are drawn at a smaller scale, as on a casino sign
MIN_COLUMNS = 12


def _svg(columns: int, body: str, label: str, css_class: str, cell: int = CELL) -> str:
    shown = max(columns, MIN_COLUMNS)
    width = shown * cell + 2
    height = ROWS * cell + 2
    grid = "".join(
        f'<line x1="{c * cell + 1}" y1="1" x2="{c * cell + 1}" y2="{height - 1}"/>' for c in range(shown + 1)
    ) + "".join(f'<line x1="1" y1="{r * cell + 1}" x2="{width - 1}" y2="{r * cell + 1}"/>' for r in range(ROWS + 1))
    return (
        f'<svg class="bl-road {css_class}" role="img" aria-label="{label}" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg"><title>{label}</title>'
        f'<g class="bl-road-grid">{grid}</g>{body}</svg>'
    )


def _centre(column: int, row: int, cell: int = CELL) -> tuple[float, float]:
    return column * cell + 1 + cell / 2, row * cell + 1 + cell / 2


def bead_plate_svg(outcomes: Sequence[Outcome]) -> str:
    """One bead per round, filled down each column of six, left to right."""
    beads = []
    for number, (column, row, outcome) in enumerate(bead_plate_cells(outcomes)):
        x, y = _centre(column, row)
        letter = LETTERS[outcome]
        beads.append(
            f'<g class="bl-bead bl-road-{letter.lower()}"><title>Round {number + 1}: {outcome.value}</title>'
            f'<circle cx="{x:g}" cy="{y:g}" r="{CELL / 2 - 2:g}"/>'
            f'<text x="{x:g}" y="{y + 4:g}" text-anchor="middle">{letter}</text></g>'
        )
    columns = (len(outcomes) + ROWS - 1) // ROWS
    return _svg(columns, "".join(beads), f"Bead plate: {_summary(outcomes)}", "bl-bead-plate")


def big_road_svg(outcomes: Sequence[Outcome]) -> str:
    """Runs of wins as hollow rings with letters; a green slash and count marks ties."""
    marks = []
    cells = big_road_cells(outcomes)
    for column, row, letter, ties in cells:
        x, y = _centre(column, row)
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
    columns = max((c for c, *_ in cells), default=-1) + 1
    return _svg(columns, "".join(marks), f"Big road: {_summary(outcomes)}", "bl-big-road")


def _derived_mark(column: int, row: int, mark: DerivedMark) -> str:
    x, y = _centre(column, row, DERIVED_CELL)
    size = DERIVED_CELL / 2 - 3
    if mark is DerivedMark.RED:
        shape = f'<circle cx="{x:g}" cy="{y:g}" r="{size:g}"/>'
    else:
        shape = (f'<path d="M{x - size:g},{y - size:g}L{x + size:g},{y + size:g}'
                 f'M{x - size:g},{y + size:g}L{x + size:g},{y - size:g}"/>')
    return (f'<g class="bl-derived-mark bl-mark-{mark.value}"><title>{mark.value.capitalize()}: '
            f"{mark.meaning}</title>{shape}</g>")


def derived_road_label(name: str, marks: Sequence[DerivedMark]) -> str:
    """The text alternative: the counts, then every mark in order.

    >>> derived_road_label("Small road", [DerivedMark.RED, DerivedMark.BLUE])
    'Small road: 2 marks, 1 red, 1 blue. In order: red, blue.'
    """
    if not marks:
        return f"{name}: no marks yet."
    red = sum(mark is DerivedMark.RED for mark in marks)
    order = ", ".join(mark.value for mark in marks)
    return f"{name}: {len(marks)} mark{'s' if len(marks) > 1 else ''}, {red} red, {len(marks) - red} blue. In order: {order}."


def derived_road_svg(name: str, outcomes: Sequence[Outcome]) -> str:
    """The derived road ``name`` (big eye boy, small road or cockroach pig) of these outcomes."""
    marks = derived_road(outcomes, DERIVED_OFFSETS[name])
    cells = derived_road_cells(marks)
    columns = max((c for c, *_ in cells), default=-1) + 1
    body = "".join(_derived_mark(column, row, mark) for column, row, mark in cells)
    css = "bl-derived-road bl-" + name.lower().replace(" ", "-")
    return _svg(columns, body, derived_road_label(name, marks), css, DERIVED_CELL)


def _summary(outcomes: Sequence[Outcome]) -> str:
    if not outcomes:
        return "no rounds yet"
    counts = {o: sum(1 for x in outcomes if x is o) for o in Outcome}
    return f"Banker {counts[Outcome.BANKER]}, Player {counts[Outcome.PLAYER]}, Tie {counts[Outcome.TIE]}"


LEGEND = (
    '<p class="bl-note bl-road-legend">Derived roads: '
    '<svg class="bl-legend-mark bl-mark-red" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">'
    '<circle cx="6" cy="6" r="4"/></svg> red ring: the big road repeated the shape of the column it is '
    'compared with; '
    '<svg class="bl-legend-mark bl-mark-blue" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">'
    '<path d="M2,2L10,10M2,10L10,2"/></svg> blue cross: it did not. The big eye boy compares one column '
    "back, the small road two, the cockroach pig three.</p>"
)

NOTE = (
    '<p class="bl-note bl-roads-lesson"><strong>The roads record the past and predict nothing.</strong> '
    "Every coup is dealt from the shoe by the same drawing rules whatever the marks show, "
    "and a red or blue mark says only how the big road's columns compare with earlier ones.</p>"
)


def roads_html(outcomes: Sequence[Outcome]) -> str:
    """All five roads of ``outcomes`` in one block, with their note and legend."""
    derived = "".join(
        f'<div class="bl-derived-box"><h5>{name}</h5>{derived_road_svg(name, outcomes)}</div>'
        for name in (BIG_EYE_BOY, SMALL_ROAD, COCKROACH_PIG)
    )
    return ('<div class="bl-roads-box"><h4>Roads of this shoe</h4>' + NOTE
            + "<h5>Bead plate</h5>" + bead_plate_svg(outcomes)
            + "<h5>Big road</h5>" + big_road_svg(outcomes)
            + f'<div class="bl-derived-roads">{derived}</div>' + LEGEND + "</div>")


class RoadsView:
    """All five roads in one HTML widget (class ``bl-roads``), redrawn from a list of outcomes."""

    def __init__(self):
        from .shared_models import html  # the widget only: this module's HTML is also drawn without one

        self.widget = html()
        self.widget.add_class("bl-roads")
        self.update([])

    def update(self, outcomes: Sequence[Outcome]) -> None:
        self.widget.value = roads_html(outcomes)
