"""The drawing rules of every variant, as data.

A banker table maps the banker's two-card total (0-7) and the value of the
other hand's third card (0-9) to a cell: draw, stand, or the banker's choice.
``None`` as third card means the other hand stood. Naturals are handled before
these tables are consulted.

>>> PUNTO_BANCO.banker_cell(3, 8), PUNTO_BANCO.banker_cell(3, 7)
(<Cell.STAND: 'stand'>, <Cell.DRAW: 'draw'>)
>>> CHEMIN_DE_FER.banker_cell(5, 4)
<Cell.OPTIONAL: 'optional'>
>>> PUNTO_BANCO.player_draws(5), PUNTO_BANCO.player_draws(6)
(True, False)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Mapping

ALL_VALUES = frozenset(range(10))


class Cell(enum.Enum):
    """What a banker does in one cell of a drawing table."""

    DRAW = "draw"
    STAND = "stand"
    OPTIONAL = "optional"


def _table(draws: Mapping[int, frozenset[int]],
           optional: Mapping[int, frozenset[int]]) -> tuple[tuple[Cell, ...], ...]:
    """Build the full 8x10 grid of cells (row = banker total) from the 'draws on'
    and 'optional' sets."""
    return tuple(
        tuple(
            Cell.DRAW if value in draws[total]
            else Cell.OPTIONAL if value in optional.get(total, ())
            else Cell.STAND
            for value in range(10)
        )
        for total in range(8)
    )


@dataclass(frozen=True)
class DrawingRules:
    """One variant's drawing rules.

    ``player_draws_on``: the non-natural totals on which the player hand draws
    when the rules decide for it (Punto Banco), or the guidance for a punter.
    ``banker_draws_when_player_stood``: the banker totals that draw when the
    other hand took no third card.
    ``banker_table``: the cell for each banker total and third-card value.
    """

    name: str
    player_draws_on: frozenset[int]
    player_optional_on: frozenset[int]
    player_forced_on: frozenset[int]
    banker_draws_when_player_stood: frozenset[int]
    banker_table: tuple[tuple[Cell, ...], ...]  # [banker total 0-7][third-card value 0-9]

    def player_draws(self, total: int) -> bool:
        """Whether the player hand draws on ``total`` (guidance where it may choose)."""
        return total in self.player_draws_on

    def banker_cell(self, total: int, third_value: int | None) -> Cell:
        """The banker's cell for its total and the other hand's third card value."""
        if total >= 8:
            return Cell.STAND
        if third_value is None:
            return Cell.DRAW if total in self.banker_draws_when_player_stood else Cell.STAND
        return self.banker_table[total][third_value]

    def banker_draws_on_values(self, total: int) -> frozenset[int]:
        """Third-card values on which the banker must draw with ``total``."""
        return frozenset(v for v in range(10) if self.banker_cell(total, v) is Cell.DRAW)


PUNTO_BANCO = DrawingRules(
    name="Punto Banco",
    player_draws_on=frozenset(range(6)),
    player_optional_on=frozenset(),
    player_forced_on=frozenset(range(6)),
    banker_draws_when_player_stood=frozenset(range(6)),
    banker_table=_table(
        draws={
            0: ALL_VALUES,
            1: ALL_VALUES,
            2: ALL_VALUES,
            3: ALL_VALUES - {8},
            4: frozenset(range(2, 8)),
            5: frozenset(range(4, 8)),
            6: frozenset({6, 7}),
            7: frozenset(),
        },
        optional={},
    ),
)

# Chemin de Fer: the punter must draw on 0, is guided to draw on 0-4 and stand on
# 6-7, and chooses freely on 5. The banker has two optional cells.
CHEMIN_DE_FER = DrawingRules(
    name="Chemin de Fer",
    player_draws_on=frozenset(range(5)),
    player_optional_on=frozenset({5}),
    player_forced_on=frozenset({0}),
    banker_draws_when_player_stood=frozenset(range(6)),
    banker_table=_table(
        draws={
            0: ALL_VALUES,
            1: ALL_VALUES,
            2: ALL_VALUES,
            3: frozenset(range(8)),
            4: frozenset(range(2, 8)),
            5: frozenset(range(5, 8)),
            6: frozenset({6, 7}),
            7: frozenset(),
        },
        optional={3: frozenset({9}), 5: frozenset({4})},
    ),
)
