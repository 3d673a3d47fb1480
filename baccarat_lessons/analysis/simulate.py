"""Simulate Punto Banco rounds dealt from real, finite shoes.

Shoes of ``52 * decks`` cards are shuffled with a seeded numpy generator and
dealt under one shoe procedure (SPEC §2.1), exactly as the live table's
:class:`~baccarat_lessons.engine.shoe.Shoe` deals them:

- ``reshuffle20``: a shoe deals until fewer than 20 cards are left;
- ``casino``: the first card is turned and burned with as many cards as its
  value (tens and pictures 10); the coup that brings out the cut card, 16 cards
  from the bottom, is the shoe's last;
- ``every-hand``: each round comes from a freshly shuffled shoe, so only the
  top six cards of each shoe are drawn.

Rounds are counted shoe after shoe, so ``simulate(n, seed=s)`` is the first
``n`` rounds of ``simulate(m, seed=s)`` for any ``m > n``.

>>> result = simulate(10_000, seed=1)
>>> result.rounds, sum(result.outcome_counts.values())
(10000, 10000)
>>> sorted(simulate_report(1000, seed=1))
['banker', 'player', 'rounds', 'rounds_per_second', 'seconds', 'tie']
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable, Iterable, Sequence

import numpy as np

from ..engine.cards import Card
from ..engine.errors import SettingsError, ShoeError
from ..engine.shoe import ShoeProcedure, check_decks
from .composition import FACE_INDEX, FACES
from .fast_rules import BANKER, PLAYER, TIE
from .simulate_core import (
    CARDS_PER_COUP,
    COUP_TABLE,
    PACKED_COUNT,
    RANK_OF_FACE,
    VALUE_OF_FACE,
    ShoeCoups,
    deal_shoes,
    shuffle_faces,
    shuffle_values,
    top_six_faces,
)

OUTCOME_NAMES = {PLAYER: "player", BANKER: "banker", TIE: "tie"}
# Batches grow from small (a short simulation stays quick) to a size whose
# arrays stay near a million cards, whatever the number of rounds asked for.
FIRST_BATCH_CARDS = 4 * 416
MAX_BATCH_CARDS = 1 << 20


@dataclass(frozen=True)
class RoundArrays:
    """One entry per round, in the order dealt (shoe after shoe).

    ``outcome`` uses the codes of :mod:`.fast_rules` (0 Player, 1 Banker, 2 Tie);
    ``shoe_index`` counts shoes from 0 and ``coup_index`` counts coups within a shoe.
    """

    outcome: np.ndarray
    player_total: np.ndarray
    banker_total: np.ndarray
    cards_dealt: np.ndarray
    player_pair: np.ndarray
    banker_pair: np.ndarray
    shoe_index: np.ndarray
    coup_index: np.ndarray


@dataclass(frozen=True)
class SimulationResult:
    """How many rounds each hand won, and (if asked for) every round.

    ``shoe_count`` counts the shoes dealt from, the last one possibly only in
    part; ``seconds`` is the wall time the simulation took.
    """

    rounds: int
    decks: int
    procedure: ShoeProcedure
    outcome_counts: dict[str, int]
    shoe_count: int
    seconds: float = 0.0
    per_round: RoundArrays | None = field(default=None, repr=False)

    @property
    def frequencies(self) -> dict[str, float]:
        """Share of rounds each outcome won."""
        return {name: count / self.rounds for name, count in self.outcome_counts.items()}

    @property
    def rounds_per_second(self) -> float:
        return self.rounds / self.seconds if self.seconds > 0 else float("inf")


def check_rounds(rounds: int) -> int:
    """A round count must be a whole number, at least 1."""
    if isinstance(rounds, bool) or not isinstance(rounds, (int, np.integer)) or rounds < 1:
        raise SettingsError(f"A simulation deals at least 1 round, counted as a whole number; {rounds!r} is not allowed.")
    return int(rounds)


def simulate(
    rounds: int,
    decks: int = 8,
    seed: int | np.random.Generator | None = None,
    procedure: ShoeProcedure | str = "reshuffle20",
    keep_rounds: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> SimulationResult:
    """Deal ``rounds`` Punto Banco rounds from shuffled ``decks``-deck shoes.

    With ``keep_rounds`` the result carries one array entry per round
    (``result.per_round``); otherwise only the counts, so that 10**8 rounds
    need no more memory than a batch of shoes. ``progress``, if given, is called
    as ``progress(rounds_dealt, rounds)`` after each batch of shoes; the last call
    has ``rounds_dealt == rounds``.

    >>> result = simulate(500, decks=6, seed=7, procedure="casino", keep_rounds=True)
    >>> len(result.per_round.outcome), int(result.per_round.shoe_index[-1]) + 1 == result.shoe_count
    (500, True)
    """
    rounds = check_rounds(rounds)
    decks = check_decks(decks)
    procedure = ShoeProcedure.parse(procedure)
    rng = np.random.default_rng(seed)  # a Generator passed in is used as it is
    began = time.perf_counter()
    tally = _Tally(rounds, keep_rounds)
    # An every-hand "shoe" is the six cards a round can use; batches are counted in cards.
    size = CARDS_PER_COUP if procedure is ShoeProcedure.EVERY_HAND else 52 * decks
    batch = max(1, FIRST_BATCH_CARDS // size)
    while not tally.is_full:
        if procedure is ShoeProcedure.EVERY_HAND:
            faces = top_six_faces(rng, batch, decks)
            tally.add(faces, deal_shoes(VALUE_OF_FACE[faces], procedure, keep_rounds))
        elif keep_rounds:
            faces = shuffle_faces(rng, batch, decks)
            tally.add(faces, deal_shoes(VALUE_OF_FACE[faces], procedure, True))
        else:
            tally.add(None, deal_shoes(shuffle_values(rng, batch, decks), procedure))
        batch = min(2 * batch, max(1, MAX_BATCH_CARDS // size))
        if progress is not None:
            progress(tally.dealt, rounds)
    return tally.result(decks, procedure, time.perf_counter() - began)


def simulate_report(
    rounds: int,
    decks: int = 8,
    seed: int | np.random.Generator | None = None,
    procedure: ShoeProcedure | str = "reshuffle20",
    progress: Callable[[int, int], None] | None = None,
) -> dict:
    """Counts and speed of a simulation, as plain numbers (for the CLI and JSON);
    ``progress`` as for :func:`simulate`.

    >>> report = simulate_report(1000, seed=3)
    >>> report["banker"] + report["player"] + report["tie"]
    1000
    """
    result = simulate(rounds, decks, seed, procedure, progress=progress)
    return {
        "rounds": result.rounds,
        "banker": result.outcome_counts["banker"],
        "player": result.outcome_counts["player"],
        "tie": result.outcome_counts["tie"],
        "seconds": result.seconds,
        "rounds_per_second": result.rounds_per_second,
    }


def simulate_shoes(
    orders: np.ndarray | Sequence[Sequence[Card]],
    procedure: ShoeProcedure | str = "reshuffle20",
) -> SimulationResult:
    """Deal every round of these shoes, given card by card, top card first.

    Each shoe is dealt until its procedure calls for a shuffle; under
    ``every-hand`` that is after one round, so each shoe gives its first coup
    only. ``orders`` holds Card lists or a 2-D array of face codes (indices
    into :data:`~baccarat_lessons.analysis.composition.FACES`); every shoe
    must hold each card of 1 to 8 whole decks exactly once.

    >>> from baccarat_lessons.engine.cards import full_deck
    >>> result = simulate_shoes([full_deck()], "reshuffle20")
    >>> result.per_round.cards_dealt[:3].tolist(), result.per_round.outcome[:3].tolist()
    ([5, 5, 6], [0, 1, 1])
    """
    procedure = ShoeProcedure.parse(procedure)
    faces = shoe_faces(orders)
    decks = len(faces[0]) // 52
    began = time.perf_counter()
    coups = deal_shoes(VALUE_OF_FACE[faces], procedure, keep=True)
    tally = _Tally(int(coups.coups_per_shoe.sum()), keep=True)
    tally.add(faces, coups)
    return tally.result(decks, procedure, time.perf_counter() - began)


def shoe_faces(orders: np.ndarray | Sequence[Sequence[Card]]) -> np.ndarray:
    """Shoe orders as a 2-D int8 array of face codes, after checking each is a whole shoe."""
    if isinstance(orders, np.ndarray):
        faces = orders
    else:
        faces = np.array([[FACE_INDEX[card] for card in shoe] for shoe in orders], dtype=np.int64)
    if faces.ndim != 2 or len(faces) == 0 or faces.shape[1] % 52 or not 1 <= faces.shape[1] // 52 <= 8:
        raise ShoeError("Give one or more shoes of equal size, each of 1 to 8 whole decks (52 cards each).")
    decks = faces.shape[1] // 52
    expected = np.repeat(np.arange(52), decks)
    if not np.issubdtype(faces.dtype, np.integer) or not (np.sort(faces, axis=1) == expected).all():
        raise ShoeError(f"Each shoe must hold every card of {decks} deck(s) exactly once.")
    return faces.astype(np.int8)


def cards_of(faces: Iterable[int]) -> list[Card]:
    """The cards of a row of face codes, top first (to hand a shoe to the engine)."""
    return [FACES[int(face)] for face in faces]


class _Tally:
    """Adds up batches of dealt shoes, stopping at exactly the rounds asked for."""

    def __init__(self, rounds: int, keep: bool):
        self.rounds = rounds
        self.keep = keep
        self.counts = np.zeros(3, dtype=np.int64)
        self.dealt = 0
        self.shoe_count = 0
        self.parts: list[dict[str, np.ndarray]] = []

    @property
    def is_full(self) -> bool:
        return self.dealt >= self.rounds

    def add(self, faces: np.ndarray | None, coups: ShoeCoups) -> None:
        packed = coups.packed
        per_shoe = coups.coups_per_shoe
        wanted = self.rounds - self.dealt
        if per_shoe.sum() > wanted:
            # Keep the first `wanted` rounds, shoe after shoe: cut inside the shoe that reaches it.
            through = np.cumsum(per_shoe)
            last = int(np.searchsorted(through, wanted))
            per_shoe = per_shoe[: last + 1].copy()
            per_shoe[last] -= int(through[last] - wanted)
            packed = packed[:, : last + 1].copy()
            packed[per_shoe[last]:, last] = 0
        by_code = np.bincount(packed.ravel(), minlength=PACKED_COUNT)
        self.counts += _outcome_counts(by_code)
        if self.keep:
            self.parts.append(self._per_round(faces, coups, packed))
        self.dealt += int(per_shoe.sum())
        self.shoe_count += len(per_shoe)

    def _per_round(self, faces: np.ndarray, coups: ShoeCoups, packed: np.ndarray) -> dict[str, np.ndarray]:
        dealt = packed.T != 0  # shoe-major, the order the rounds were dealt in
        shoe, coup = np.nonzero(dealt)
        keys = coups.keys[:, : dealt.shape[0]].T[dealt]
        starts = coups.starts[:, : dealt.shape[0]].T[dealt]
        ranks = RANK_OF_FACE[faces.ravel()]
        return {
            "outcome": COUP_TABLE.outcome[keys],
            "player_total": COUP_TABLE.player_total[keys],
            "banker_total": COUP_TABLE.banker_total[keys],
            "cards_dealt": COUP_TABLE.cards_dealt[keys],
            "player_pair": ranks[starts] == ranks[starts + 2],
            "banker_pair": ranks[starts + 1] == ranks[starts + 3],
            "shoe_index": (shoe + self.shoe_count).astype(np.int64),
            "coup_index": coup.astype(np.int16),
        }

    def result(self, decks: int, procedure: ShoeProcedure, seconds: float) -> SimulationResult:
        per_round = None
        if self.keep:
            per_round = RoundArrays(**{name: np.concatenate([part[name] for part in self.parts]) for name in self.parts[0]})
        counts = {OUTCOME_NAMES[code]: int(self.counts[code]) for code in (BANKER, PLAYER, TIE)}
        return SimulationResult(self.dealt, decks, procedure, counts, self.shoe_count, seconds, per_round)


def _outcome_counts(by_code: np.ndarray) -> np.ndarray:
    """Rounds per outcome code from counts per packed code (outcome + 4 * cards dealt)."""
    counts = np.zeros(3, dtype=np.int64)
    for code in range(1, len(by_code)):
        if by_code[code]:
            counts[code % 4] += by_code[code]
    return counts
