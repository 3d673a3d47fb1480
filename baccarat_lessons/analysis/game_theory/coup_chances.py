"""Exact chances of every Chemin de Fer coup, split by the choices still open.

The punter chooses on one *free total* only (5 under the Chemin de Fer rules);
the banker chooses in *cells*: its two-card total (0-7) and what it saw of the
punter — ``STOOD`` or the value of the punter's third card. Everything else is
fixed by the drawing rules: naturals end the coup, and on every other total
the punter follows the guidance (``player_draws_on``: draw on 0-4, stand on
6-7). So every coup falls in one *branch* (the punter's kind of hand, the
banker's cell, the banker's action), and a branch ends in a punter win, a
banker win or a tie with an exact chance that no strategy changes. Any
strategy's payoff is then a weighted sum of these chances.

Cards come in order: punter, banker, punter, banker, then the first third card
(the punter's if it drew, else the banker's), then the banker's third card
after a punter draw. Dealing all six always and ignoring unused cards changes
no probability, so each coup is one ordered six-value sequence; the 10**6
sequences are played once per punter rule (cached, about 0.3 s) and only their
weights depend on the shoe: exact counts of ordered deals without replacement,
or powers of 4 and 1 over 13**6 for an infinite deck.

>>> chances = coup_chances(None)
>>> chances.denominator == 13 ** 6, chances.total() == chances.denominator
(True, True)
>>> cell_index(5, 4), CELLS[cell_index(6, STOOD)]
(60, (6, None))
>>> free_total(chemin_de_fer_rules())
5
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ...engine import variants
from ...engine.drawing import DrawingRules
from ...engine.errors import SettingsError

STOOD = None
"""The banker's view when the punter took no third card."""

CELLS = tuple((total, third) for total in range(8) for third in (STOOD, *range(10)))
"""Every banker cell: (banker total 0-7, punter's third-card value 0-9 or STOOD)."""

# The punter's kind of hand: its action is fixed by the guidance, or it holds
# its free total and drew, or it holds its free total and stood.
FIXED, FREE_DRAWS, FREE_STANDS = 0, 1, 2
KINDS = (FIXED, FREE_DRAWS, FREE_STANDS)
STAND, DRAW = 0, 1
PUNTER_WINS, BANKER_WINS, TIE = 0, 1, 2

CARDS_PER_COUP = 6
INFINITE_DECK_WEIGHTS = (4,) + (1,) * 9  # tens and pictures: 4 ranks of 13
_BRANCH_CODES = len(KINDS) * len(CELLS) * 2 * 3
_CODE_COUNT = _BRANCH_CODES + 3  # the last three: naturals by outcome


def chemin_de_fer_rules() -> DrawingRules:
    """The drawing rules of the Chemin de Fer variant record, read at each call
    so that a changed record is followed."""
    return variants.CHEMIN_DE_FER.drawing


def free_total(rules: DrawingRules) -> int:
    """The one total on which ``rules`` leave the punter a choice.

    The solver has one punter choice, so rules with no free total or several
    are refused.

    >>> from dataclasses import replace
    >>> free_total(replace(chemin_de_fer_rules(), player_optional_on=frozenset({4, 5})))
    Traceback (most recent call last):
    ...
    baccarat_lessons.engine.errors.SettingsError: The solver studies one free choice of the punter, but these Chemin de Fer rules leave the punter free on 4 and 5; they must leave it free on exactly one total.
    """
    free = sorted(rules.player_optional_on)
    if not free:
        raise SettingsError(
            f"The solver studies one free choice of the punter, but the {rules.name} rules "
            "leave the punter no choice; they must leave it free on exactly one total."
        )
    if len(free) > 1:
        totals = ", ".join(map(str, free[:-1])) + f" and {free[-1]}"
        raise SettingsError(
            f"The solver studies one free choice of the punter, but these {rules.name} rules "
            f"leave the punter free on {totals}; they must leave it free on exactly one total."
        )
    if free[0] not in range(8):
        raise SettingsError(
            f"The punter's free total must be 0 to 7 (8 and 9 are naturals); the {rules.name} rules give {free[0]}."
        )
    return free[0]


def cell_index(total: int, third: int | None) -> int:
    """Position of a cell in :data:`CELLS`."""
    return total * 11 + (0 if third is STOOD else third + 1)


@dataclass(frozen=True)
class CoupChances:
    """Exact chances, as integer counts over ``denominator``.

    ``natural[outcome]``: coups ended by a natural. ``branches[kind, cell,
    action, outcome]``: coups in which the punter's hand is of that kind and
    the banker, in that cell, takes that action (each coup that reaches a cell
    counts once under DRAW and once under STAND).
    """

    denominator: int
    natural: tuple[int, int, int]
    branches: np.ndarray  # int64, shape (3 kinds, 88 cells, 2 actions, 3 outcomes)

    def total(self) -> int:
        """All coups once: naturals plus one action of every branch (a check)."""
        fixed_and_drawn = self.branches[:, :, STAND, :].sum()
        # A punter on its free total appears twice (drew and stood); count it once.
        free_stood = self.branches[FREE_STANDS, :, STAND, :].sum()
        return int(sum(self.natural) + fixed_and_drawn - free_stood)


def _outcome(punter: np.ndarray, banker: np.ndarray) -> np.ndarray:
    return np.where(punter > banker, PUNTER_WINS, np.where(banker > punter, BANKER_WINS, TIE))


@lru_cache(maxsize=1)
def _dealt_sequences() -> tuple[np.ndarray, np.ndarray]:
    """Every six-value sequence, and how many earlier cards share each card's
    value (for dealing without replacement)."""
    values = np.indices((10,) * CARDS_PER_COUP, dtype=np.int16).reshape(CARDS_PER_COUP, -1)
    earlier = np.zeros_like(values)
    for position in range(1, CARDS_PER_COUP):
        earlier[position] = (values[:position] == values[position]).sum(axis=0)
    return values, earlier


@lru_cache(maxsize=4)
def _played_sequences(guided_draws: frozenset[int], free: int) -> tuple[np.ndarray, np.ndarray]:
    """Play every six-value sequence once for one punter rule: draw on
    ``guided_draws``, choose on ``free``, stand otherwise.

    Returns the sequences ordered by branch code, and where each code's run starts.
    The banker's rules do not enter: both its actions are played in every cell.
    """
    values, _ = _dealt_sequences()
    p1, b1, p2, b2, first_third, second_third = values
    punter = (p1 + p2) % 10
    banker = (b1 + b2) % 10
    natural = (punter >= 8) | (banker >= 8)
    sequence = np.arange(values.shape[1], dtype=np.int32)
    codes, owners = [], []

    def add(mask, kind, cell, action, punter_final, banker_final):
        code = ((kind * len(CELLS) + cell) * 2 + action) * 3 + _outcome(punter_final, banker_final)
        codes.append(code[mask].astype(np.int16))
        owners.append(sequence[mask])

    codes.append((_BRANCH_CODES + _outcome(punter, banker))[natural].astype(np.int16))
    owners.append(sequence[natural])
    on_free = punter == free
    guided_draw = np.isin(punter, sorted(guided_draws))
    drew = ~natural & (guided_draw | on_free)
    kind = np.where(on_free, FREE_DRAWS, FIXED)
    after_draw = (punter + first_third) % 10
    cell = banker * 11 + 1 + first_third
    add(drew, kind, cell, DRAW, after_draw, (banker + second_third) % 10)
    add(drew, kind, cell, STAND, after_draw, banker)
    stood = ~natural & ~guided_draw
    kind = np.where(on_free, FREE_STANDS, FIXED)
    add(stood, kind, banker * 11, DRAW, punter, (banker + first_third) % 10)
    add(stood, kind, banker * 11, STAND, punter, banker)

    codes = np.concatenate(codes)
    owners = np.concatenate(owners)
    order = np.argsort(codes, kind="stable")
    starts = np.searchsorted(codes[order], np.arange(_CODE_COUNT + 1))
    return owners[order], starts


def sequence_weights(value_counts: tuple[int, ...] | None) -> tuple[np.ndarray, int]:
    """Weight of every six-value sequence and their common denominator.

    ``value_counts``: cards of each value 0-9 in the shoe, or ``None`` for an
    infinite deck. The weight is the number of ordered deals of that sequence.
    """
    values, earlier = _dealt_sequences()
    weights = np.ones(values.shape[1], dtype=np.int64)
    if value_counts is None:
        per_value = np.array(INFINITE_DECK_WEIGHTS, dtype=np.int64)
        for position in range(CARDS_PER_COUP):
            weights *= per_value[values[position]]
        return weights, 13**CARDS_PER_COUP
    counts = np.array(value_counts, dtype=np.int64)
    card_count = int(counts.sum())
    # 416**6 is about 5e15: below int64's 9e18 even summed over all branches.
    assert CARDS_PER_COUP <= card_count <= 416 and counts.min() >= 0
    for position in range(CARDS_PER_COUP):
        # A factor is 0 once a value runs out; the product stays 0 afterwards.
        weights *= counts[values[position]] - earlier[position]
    denominator = 1
    for taken in range(CARDS_PER_COUP):
        denominator *= card_count - taken
    return weights, denominator


def coup_chances(value_counts: tuple[int, ...] | None, rules: DrawingRules | None = None) -> CoupChances:
    """Exact chances of every branch for a shoe (``None``: infinite deck) under
    the punter's side of ``rules`` (default: the Chemin de Fer variant's).

    >>> chances = coup_chances((24,) * 10)
    >>> chances.total() == chances.denominator
    True
    """
    rules = chemin_de_fer_rules() if rules is None else rules
    free = free_total(rules)
    weights, denominator = sequence_weights(value_counts)
    owners, starts = _played_sequences(rules.player_draws_on - {free}, free)
    running = np.concatenate(([0], np.cumsum(weights[owners])))
    totals = running[starts[1:]] - running[starts[:-1]]
    branches = totals[:_BRANCH_CODES].reshape(len(KINDS), len(CELLS), 2, 3)
    natural = tuple(int(x) for x in totals[_BRANCH_CODES:])
    chances = CoupChances(denominator, natural, branches)
    assert chances.total() == denominator
    return chances
