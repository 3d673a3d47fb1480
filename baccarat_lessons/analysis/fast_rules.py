"""Punto Banco coups on numpy arrays of card values, derived from the rules data.

The lookup tables are filled by asking :mod:`baccarat_lessons.engine.drawing`
every question once, so this fast form cannot drift from the rules the live
table uses; ``tests/test_fast_rules.py`` checks it against the engine coup by coup.

Cards are given in deal order: ``c0`` Player, ``c1`` Banker, ``c2`` Player,
``c3`` Banker, then ``c4`` (the first third card, Player's if Player draws,
otherwise Banker's) and ``c5`` (Banker's third card after Player drew).

>>> import numpy as np
>>> result = coup_from_values(*[np.array([v]) for v in (2, 1, 2, 2, 8, 5)])
>>> int(result.outcome[0]), int(result.player_total[0]), int(result.banker_total[0]), int(result.cards_dealt[0])
(1, 2, 3, 5)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ..engine.drawing import PUNTO_BANCO, Cell, DrawingRules

# Outcome codes used by every array form: index into OUTCOME_ORDER.
PLAYER, BANKER, TIE = 0, 1, 2


@dataclass(frozen=True)
class RuleTables:
    """Boolean lookup tables: player_draws[total], banker_after_stand[total],
    banker_after_draw[total, third_value]."""

    player_draws: np.ndarray
    banker_after_stand: np.ndarray
    banker_after_draw: np.ndarray


@lru_cache(maxsize=None)
def rule_tables(rules: DrawingRules = PUNTO_BANCO) -> RuleTables:
    """Tabulate a fixed-rules variant's drawing rules."""
    player = np.array([total < 8 and rules.player_draws(total) for total in range(10)])
    after_stand = np.array([rules.banker_cell(total, None) is Cell.DRAW for total in range(10)])
    after_draw = np.array(
        [[rules.banker_cell(total, value) is Cell.DRAW for value in range(10)] for total in range(10)]
    )
    for table in (player, after_stand, after_draw):
        table.setflags(write=False)
    return RuleTables(player, after_stand, after_draw)


@dataclass
class CoupArrays:
    """Per-coup results: outcome code, final totals, cards used."""

    outcome: np.ndarray
    player_total: np.ndarray
    banker_total: np.ndarray
    cards_dealt: np.ndarray
    banker_card_count: np.ndarray


def coup_from_values(c0, c1, c2, c3, c4, c5, rules: DrawingRules = PUNTO_BANCO) -> CoupArrays:
    """Play many coups at once from arrays of card values (0-9)."""
    tables = rule_tables(rules)
    player2 = (c0 + c2) % 10
    banker2 = (c1 + c3) % 10
    natural = (player2 >= 8) | (banker2 >= 8)
    player_draws = ~natural & tables.player_draws[player2]
    banker_draws = ~natural & np.where(
        player_draws, tables.banker_after_draw[banker2, c4], tables.banker_after_stand[banker2]
    )
    player_total = np.where(player_draws, (player2 + c4) % 10, player2)
    banker_third = np.where(player_draws, c5, c4)
    banker_total = np.where(banker_draws, (banker2 + banker_third) % 10, banker2)
    outcome = np.where(player_total > banker_total, PLAYER, np.where(banker_total > player_total, BANKER, TIE))
    cards_dealt = 4 + player_draws.astype(np.int8) + banker_draws.astype(np.int8)
    return CoupArrays(
        outcome=outcome.astype(np.int8),
        player_total=player_total.astype(np.int8),
        banker_total=banker_total.astype(np.int8),
        cards_dealt=cards_dealt.astype(np.int8),
        banker_card_count=(2 + banker_draws).astype(np.int8),
    )
