"""Does one coup's result say anything about the next? Exactly, over a shoe's first two coups.

The cards a coup uses leave the shoe, so the next coup is dealt from a slightly
different shoe, and which cards left depends a little on who won. Every first coup
is played (each ordered value sequence of 4, 5 or 6 cards, as :mod:`..exact`
plays them), the shoe it leaves is counted exactly, and the second coup's chances
are averaged over the first coups that ended each way.

The answer is a lean *towards* balancing, far too small to bet on: after a Banker
win, Banker's share of the next decided coup is lower than from a fresh shoe; after a
Player win it is higher.

>>> shares = next_banker_share(decks=8)
>>> [f"{100 * float(shares[o] - shares[None]):+.5f}" for o in (Outcome.BANKER, Outcome.PLAYER)]
['-0.00006', '+0.00015']
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import numpy as np

from ...engine.events import Outcome
from ..composition import Composition
from ..exact import CARDS_PER_COUP, OUTCOMES, exact_odds, falling, sequence_table
from ..sequence_build import sequence_arrays
from ..fast_rules import coup_from_values


def _first_coups():
    """Every first coup, grouped by (outcome, values it used): the outcome codes, the
    value multiplicities (groups, 10) and how many orderings each group holds."""
    values = np.indices((10,) * CARDS_PER_COUP).reshape(CARDS_PER_COUP, -1).astype(np.int64)
    coups = coup_from_values(*values)
    used = coups.cards_dealt.astype(np.int64)
    # A coup of k cards is the same coup whatever the unused positions hold: keep it once.
    once = ((np.arange(CARDS_PER_COUP)[:, None] < used) | (values == 0)).all(axis=0)
    values, used, outcome = values[:, once], used[once], coups.outcome[once].astype(np.int64)
    multiplicities = np.zeros((values.shape[1], 10), dtype=np.int64)
    for position in range(CARDS_PER_COUP):
        dealt = np.nonzero(position < used)[0]
        np.add.at(multiplicities, (dealt, values[position, dealt]), 1)
    key = (multiplicities * 7 ** np.arange(10)).sum(axis=1) * 3 + outcome
    groups, orderings = np.unique(key, return_counts=True)
    return groups % 3, (groups // 3)[:, None] // 7 ** np.arange(10) % 7, orderings


def _second_coup_counts(left: np.ndarray) -> np.ndarray:
    """Ordered six-card sequences giving each outcome (Player, Banker, Tie) from each shoe
    of ``left`` (rows of cards left per value), exact in 64-bit integers."""
    table = sequence_table()
    multiplicities, counts = sequence_arrays()
    by_outcome = np.zeros((counts.shape[1], 3), dtype=np.int64)
    code = {outcome: c for c, outcome in OUTCOMES.items()}
    for column, category in enumerate(table.categories):
        by_outcome[column, code[category.outcome]] = 1
    per_multiset = counts @ by_outcome
    ways = np.ones((left.shape[0], CARDS_PER_COUP + 1, 10), dtype=np.int64)
    for k in range(1, CARDS_PER_COUP + 1):
        ways[:, k] = ways[:, k - 1] * (left - (k - 1))
    weights = ways[:, multiplicities[:, 0], 0]
    for value in range(1, 10):
        weights *= ways[:, multiplicities[:, value], value]
    return weights @ per_multiset


@lru_cache(maxsize=None)
def next_banker_share(decks: int = 8) -> dict[Outcome | None, Fraction]:
    """Banker's exact share of the second coup's decided coups (Banker or Player), after a
    first coup won by each side or tied; under ``None``, the share from a fresh shoe.
    About five seconds for eight decks."""
    full = np.array(Composition.full(decks).by_value(), dtype=np.int64)
    total = int(full.sum())
    outcome, used, orderings = _first_coups()
    counts = _second_coup_counts(full - used)
    banker, player = {code: 0 for code in OUTCOMES}, {code: 0 for code in OUTCOMES}
    for code, taken, ways_in_group, (p, b, _) in zip(outcome, used, orderings, counts):
        ways = int(ways_in_group)
        for value, count in zip(full, taken):
            ways *= falling(int(value), int(count))
        # The chance of this first coup and then each second outcome, over one denominator per card count.
        scale = Fraction(ways, falling(total, int(taken.sum()) + CARDS_PER_COUP))
        banker[int(code)] += scale * int(b)
        player[int(code)] += scale * int(p)
    fresh = exact_odds(Composition.full(decks)).outcome_counts
    shares: dict[Outcome | None, Fraction] = {None: Fraction(fresh["banker"], fresh["banker"] + fresh["player"])}
    for code, result in OUTCOMES.items():
        shares[result] = banker[code] / (banker[code] + player[code])
    return shares
