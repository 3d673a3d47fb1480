"""The simulator's inner loop: many real shoes dealt in lockstep, coup by coup.

A shoe is a row of card codes. Every shoe of a batch deals its next coup at
the same step: six card values are gathered at each shoe's position, turned
into one lookup key, and the key's coup (from :data:`COUP_TABLE`, filled by
:func:`~baccarat_lessons.analysis.fast_rules.coup_from_values`, so the drawing
rules are not written again) moves the position on by the cards it used.

The key only needs the two-card sums of each hand and the next two cards:
``((c0 + c2) * 19 + (c1 + c3)) * 100 + c4 * 10 + c5`` (sums 0-18, before the
modulo, so no division is done per coup).

Shoes are shuffled by sorting each row on random 32-bit keys (see
:func:`_shuffle`), and an every-hand round needs only the top six cards of a
fresh shoe (see :func:`top_six_faces`).

>>> key = coup_key(2, 1, 2, 2, 8, 5)   # Player 2+2 draws an 8, Banker A+2 stands
>>> int(COUP_TABLE.outcome[key]), int(COUP_TABLE.player_total[key]), int(COUP_TABLE.banker_total[key])
(1, 2, 3)
>>> int(COUP_TABLE.cards_dealt[key])
5
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..engine.cards import RANKS
from ..engine.shoe import CUT_CARD_FROM_BOTTOM, RESHUFFLE_BELOW, ShoeProcedure
from .composition import FACES
from .fast_rules import coup_from_values

SUM_RANGE = 19  # a two-card sum of values 0-9 is 0-18
KEY_COUNT = SUM_RANGE * SUM_RANGE * 100
CARDS_PER_COUP = 6

# Card codes: a face is its index in Composition's FACES (suit by suit, ace to king).
VALUE_OF_FACE = np.array([card.value for card in FACES], dtype=np.uint16)
RANK_OF_FACE = np.array([RANKS.index(card.rank) for card in FACES], dtype=np.int8)
# The first card of a casino shoe burns itself and as many cards as its value, tens and pictures 10.
BURN_OF_VALUE = np.array([1 + (value or 10) for value in range(10)], dtype=np.intp)


def coup_key(c0, c1, c2, c3, c4, c5):
    """The lookup key of a coup dealt from these six card values (in deal order)."""
    return ((c0 + c2) * SUM_RANGE + (c1 + c3)) * 100 + c4 * 10 + c5


@dataclass(frozen=True)
class CoupTable:
    """Every coup, by key: its outcome code, totals and cards used.

    ``packed`` holds ``outcome + 4 * cards_dealt`` in one byte, so the inner
    loop does a single lookup per coup.
    """

    outcome: np.ndarray
    player_total: np.ndarray
    banker_total: np.ndarray
    cards_dealt: np.ndarray
    packed: np.ndarray


def _build_coup_table() -> CoupTable:
    player_sum, banker_sum, c4, c5 = (a.astype(np.int64) for a in np.indices((SUM_RANGE, SUM_RANGE, 10, 10)).reshape(4, -1))
    assert (coup_key(player_sum, banker_sum, 0, 0, c4, c5) == np.arange(KEY_COUNT)).all()
    zero = np.zeros_like(player_sum)
    # The rules look at two-card totals only, so a sum s can stand for the cards (s mod 10, 0).
    coups = coup_from_values(player_sum % 10, banker_sum % 10, zero, zero, c4, c5)
    packed = (coups.outcome + 4 * coups.cards_dealt).astype(np.uint8)
    table = CoupTable(coups.outcome, coups.player_total, coups.banker_total, coups.cards_dealt, packed)
    for array in (table.outcome, table.player_total, table.banker_total, table.cards_dealt, table.packed):
        array.setflags(write=False)
    return table


COUP_TABLE = _build_coup_table()
PACKED_COUNT = 4 * (CARDS_PER_COUP + 1)  # packed codes are below this; 0 means "no coup"


@dataclass
class ShoeCoups:
    """What a batch of shoes dealt, coup-major: row t holds coup t of every shoe.

    ``packed[t, s]`` is 0 when shoe ``s`` had ended before coup ``t``. ``keys``
    and ``starts`` (flat card index of each coup's first card) are kept only
    when per-round arrays are wanted.
    """

    packed: np.ndarray
    keys: np.ndarray | None
    starts: np.ndarray | None

    @property
    def coups_per_shoe(self) -> np.ndarray:
        return np.count_nonzero(self.packed, axis=0)


def first_position(values: np.ndarray, procedure: ShoeProcedure) -> np.ndarray:
    """Index of the first card of the first coup in each shoe (after any burn)."""
    if procedure is ShoeProcedure.CASINO:
        return BURN_OF_VALUE[values[:, 0]]
    return np.zeros(len(values), dtype=np.intp)


def last_start(size: int, procedure: ShoeProcedure) -> int:
    """The highest position at which a shoe of ``size`` cards still deals a coup.

    Under ``reshuffle20`` a coup needs 20 cards left. Under ``casino`` the cut
    card lies before index ``size - 16``; once a card at or past it is dealt,
    that coup is the shoe's last, so a coup starts only at positions up to
    ``size - 16``. Under ``every-hand`` a shoe deals one coup.
    """
    if procedure is ShoeProcedure.RESHUFFLE_20:
        return size - RESHUFFLE_BELOW
    if procedure is ShoeProcedure.CASINO:
        return size - CUT_CARD_FROM_BOTTOM
    return -1


def deal_shoes(values: np.ndarray, procedure: ShoeProcedure, keep: bool = False) -> ShoeCoups:
    """Deal every coup of each shoe (rows of ``values``, card values) until its procedure ends it."""
    shoe_count, size = values.shape
    # Keys reach 36,099: any unsigned type of 16 bits or more holds them without a copy.
    dtype = values.dtype if values.dtype in (np.uint16, np.uint32) else np.uint16
    flat = np.ascontiguousarray(values, dtype=dtype).ravel()
    # A view shifted by k gathers the card k places after each position without an index add.
    shifted = [flat[k:] for k in range(CARDS_PER_COUP)]
    row_start = np.arange(shoe_count, dtype=np.intp) * size
    position = row_start + first_position(values, procedure)
    limit = row_start + last_start(size, procedure)
    rows = np.arange(shoe_count, dtype=np.intp)
    max_coups = 1 if procedure is ShoeProcedure.EVERY_HAND else size // 4 + 1
    packed_out = np.zeros((max_coups, shoe_count), dtype=np.uint8)
    keys_out = np.zeros((max_coups, shoe_count), dtype=np.uint32) if keep else None
    starts_out = np.zeros((max_coups, shoe_count), dtype=np.intp) if keep else None
    everyone = True  # while no shoe has ended, rows need no fancy indexing
    for step in range(max_coups):
        key = shifted[0].take(position)
        key += shifted[2].take(position)
        key *= SUM_RANGE
        key += shifted[1].take(position)
        key += shifted[3].take(position)
        key *= 10
        key += shifted[4].take(position)
        key *= 10
        key += shifted[5].take(position)
        packed = COUP_TABLE.packed.take(key)
        if everyone:
            packed_out[step] = packed
        else:
            packed_out[step, rows] = packed
        if keep:
            keys_out[step, rows] = key
            starts_out[step, rows] = position
        position += packed >> 2
        alive = position <= limit
        if not alive.all():
            everyone = False
            rows, position, limit = rows[alive], position[alive], limit[alive]
            if rows.size == 0:
                break
    return ShoeCoups(packed_out, keys_out, starts_out)


RANDOM_BITS = 26  # a sort key is 26 random bits above a 6-bit card code: 32 bits in all
CODE_BITS = 6


def shuffle_values(rng: np.random.Generator, shoe_count: int, decks: int) -> np.ndarray:
    """``shoe_count`` shuffled shoes as card values (uint32 rows).

    The same shoes as :func:`shuffle_faces` from the same generator state: the
    order comes from the random part of the keys only (checked in the tests).
    """
    return _shuffle(rng, shoe_count, np.tile(VALUE_OF_FACE.astype(np.uint32), decks))


def shuffle_faces(rng: np.random.Generator, shoe_count: int, decks: int) -> np.ndarray:
    """``shoe_count`` shuffled shoes as face codes (int8 rows, see :data:`FACES`)."""
    return _shuffle(rng, shoe_count, np.tile(np.arange(52, dtype=np.uint32), decks)).astype(np.int8)


def _shuffle(rng: np.random.Generator, shoe_count: int, codes: np.ndarray) -> np.ndarray:
    """Rows of ``codes`` in uniformly random order, by sorting on random keys.

    Each card gets a random 26-bit number with its code below it, and each row
    is sorted (a 32-bit sort is several times faster than ``Generator.permuted``).
    When every number in a row differs, the order is a uniformly random
    permutation; a row where two coincide (about 1 shoe in 800) is drawn again,
    so the shoes are exactly uniform.
    """
    keys = _sorted_keys(rng, shoe_count, codes)
    redo = _rows_with_equal_keys(keys)
    while redo.size:
        keys[redo] = _sorted_keys(rng, redo.size, codes)
        redo = redo[_rows_with_equal_keys(keys[redo])]
    keys &= (1 << CODE_BITS) - 1
    return keys


def _sorted_keys(rng: np.random.Generator, shoe_count: int, codes: np.ndarray) -> np.ndarray:
    keys = rng.integers(0, 1 << RANDOM_BITS, size=(shoe_count, codes.size), dtype=np.uint32)
    keys <<= CODE_BITS
    keys |= codes
    keys.sort(axis=1)
    return keys


def _rows_with_equal_keys(keys: np.ndarray) -> np.ndarray:
    random_part = keys >> CODE_BITS
    return np.flatnonzero((random_part[:, 1:] == random_part[:, :-1]).any(axis=1))


def top_six_faces(rng: np.random.Generator, count: int, decks: int) -> np.ndarray:
    """The top six cards of ``count`` freshly shuffled shoes, as face codes.

    Six positions drawn uniformly and independently from the shoe, redrawn
    whenever two coincide, are a uniform ordered draw without replacement:
    the same law as the first six cards of a full shuffle, at a fraction of its cost.
    """
    size = 52 * decks
    picks = rng.integers(0, size, size=(count, CARDS_PER_COUP), dtype=np.int16)
    redo = _rows_with_repeats(picks)
    while redo.size:
        picks[redo] = rng.integers(0, size, size=(redo.size, CARDS_PER_COUP), dtype=np.int16)
        redo = redo[_rows_with_repeats(picks[redo])]
    return (picks % 52).astype(np.int8)


def _rows_with_repeats(picks: np.ndarray) -> np.ndarray:
    repeated = np.zeros(len(picks), dtype=bool)
    for i in range(CARDS_PER_COUP):
        for j in range(i + 1, CARDS_PER_COUP):
            repeated |= picks[:, i] == picks[:, j]
    return np.flatnonzero(repeated)
