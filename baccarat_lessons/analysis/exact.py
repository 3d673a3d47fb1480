"""Exact Punto Banco odds for any shoe composition.

Dealing six cards always and ignoring the unused ones changes no probability,
so every coup is one ordered six-card value sequence. The coup an ordered
sequence produces does not depend on the shoe; only its weight does, and that
weight depends only on which values it holds (its multiset). So the 10**6
sequences are played once (through :mod:`.fast_rules`) and grouped into the
5,005 multisets of six values; for a composition the odds are a 5,005-term
weighted sum. Pair bets depend on ranks and suits and have closed forms.

Playing the 10**6 sequences takes about 0.3 s, which every new kernel of the app
used to pay before its first page. The grouped table is therefore kept in a
per-user cache folder (``$BACCARAT_LESSONS_CACHE``, else
``$XDG_CACHE_HOME/baccarat-lessons``, else ``~/.cache/baccarat-lessons``), in a
file named by a hash of the tabulated drawing rules and of the code that derives
the table, so changed rules or code never read a stale table. Where the folder
cannot be written the table is simply built in memory.

>>> odds = exact_odds(Composition.full(8))
>>> odds.outcome_counts["banker"]
2292252566437888
>>> round(float(odds.bets[BetSpot.BANKER].house_edge), 6)
0.010579
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

import numpy as np

from ..engine.bets import BankerPays, BetSpot, CoupFacts, profit_for, settle_bet
from ..engine.drawing import PUNTO_BANCO, DrawingRules
from ..engine.errors import SettingsError, ShoeError
from ..engine.events import Outcome
from . import fast_rules
from .composition import Composition
from .fast_rules import BANKER, PLAYER, TIE, coup_from_values, rule_tables

OUTCOMES = {PLAYER: Outcome.PLAYER, BANKER: Outcome.BANKER, TIE: Outcome.TIE}
CARDS_PER_COUP = 6


@dataclass(frozen=True)
class Category:
    """A class of coups that every non-pair bet settles the same way."""

    outcome: Outcome
    cards_dealt: int
    is_banker_three_card_seven: bool

    def facts(self) -> CoupFacts:
        return CoupFacts(
            outcome=self.outcome,
            player_total=0,
            banker_total=7 if self.is_banker_three_card_seven else 0,
            banker_card_count=3 if self.is_banker_three_card_seven else 2,
            cards_dealt=self.cards_dealt,
        )


@dataclass(frozen=True)
class SequenceTable:
    """The coups of all six-value sequences, grouped by multiset."""

    multiplicities: np.ndarray  # (groups, 10): how many of each value
    counts: np.ndarray  # (groups, categories): orderings giving each category
    categories: tuple[Category, ...]


def build_sequence_table(rules: DrawingRules = PUNTO_BANCO) -> SequenceTable:
    """Play all 10**6 value sequences under ``rules`` and group them (about 0.3 s)."""
    values = np.indices((10,) * CARDS_PER_COUP).reshape(CARDS_PER_COUP, -1).astype(np.int64)
    coups = coup_from_values(*values, rules=rules)
    b7 = (coups.outcome == BANKER) & (coups.banker_total == 7) & (coups.banker_card_count == 3)
    code = coups.outcome.astype(np.int64) + 3 * (coups.cards_dealt.astype(np.int64) - 4) + 9 * b7
    categories = tuple(
        Category(OUTCOMES[o], 4 + d, bool(s)) for s in (0, 1) for d in range(3) for o in (PLAYER, BANKER, TIE)
    )
    key = (7 ** values).sum(axis=0)
    groups, inverse = np.unique(key, return_inverse=True)
    counts = np.bincount(inverse * len(categories) + code, minlength=len(groups) * len(categories))
    counts = counts.reshape(len(groups), len(categories))
    used = counts.sum(axis=0) > 0
    multiplicities = (groups[:, None] // 7 ** np.arange(10)) % 7
    return SequenceTable(multiplicities, counts[:, used], tuple(c for c, u in zip(categories, used) if u))


@lru_cache(maxsize=None)
def sequence_table(rules: DrawingRules = PUNTO_BANCO) -> SequenceTable:
    """:func:`build_sequence_table`, read from the cache folder when it holds the table for
    these rules (about 3 ms), else built and stored there; once per process either way."""
    path = sequence_table_path(rules)
    table = _read_table(path) if path is not None else None
    if table is None:
        table = build_sequence_table(rules)
        if path is not None:
            _write_table(path, table)
    return table


def cache_folder() -> Path | None:
    """Where derived tables are kept for this user (None: no home to keep them in)."""
    if os.environ.get("BACCARAT_LESSONS_CACHE"):
        return Path(os.environ["BACCARAT_LESSONS_CACHE"])
    if os.environ.get("XDG_CACHE_HOME"):
        return Path(os.environ["XDG_CACHE_HOME"]) / "baccarat-lessons"
    try:
        return Path.home() / ".cache" / "baccarat-lessons"
    except RuntimeError:
        return None


def sequence_table_key(rules: DrawingRules = PUNTO_BANCO) -> str:
    """A hash of what the table is derived from: the drawing rules as the fast form reads
    them, and the source of the two modules that derive it (an edit there rebuilds too).

    >>> from dataclasses import replace
    >>> changed = replace(PUNTO_BANCO, banker_draws_when_player_stood=frozenset(range(5)))
    >>> sequence_table_key() == sequence_table_key(changed)
    False
    """
    digest = hashlib.sha256()
    tables = rule_tables(rules)
    for table in (tables.player_draws, tables.banker_after_stand, tables.banker_after_draw):
        digest.update(np.ascontiguousarray(table, dtype=np.bool_).tobytes())
    for module_file in (__file__, fast_rules.__file__):
        digest.update(Path(module_file).read_bytes())
    return digest.hexdigest()[:20]


def sequence_table_path(rules: DrawingRules = PUNTO_BANCO) -> Path | None:
    folder = cache_folder()
    return None if folder is None else folder / f"sequences-{sequence_table_key(rules)}.npz"


def _read_table(path: Path) -> SequenceTable | None:
    """The table stored at ``path``; None when it is missing or not a whole table."""
    try:
        with np.load(path, allow_pickle=False) as stored:
            multiplicities, counts, categories = stored["multiplicities"], stored["counts"], stored["categories"]
    except (OSError, ValueError, KeyError):
        return None
    if counts.sum() != 10**CARDS_PER_COUP or (multiplicities.sum(axis=1) != CARDS_PER_COUP).any():
        return None
    return SequenceTable(multiplicities, counts, tuple(
        Category(OUTCOMES[int(o)], int(d), bool(b7)) for o, d, b7 in categories
    ))


def _write_table(path: Path, table: SequenceTable) -> None:
    """Store ``table`` at ``path`` atomically (a reader sees the old file or the whole new
    one); a folder that cannot be written only means the next process builds it again."""
    codes = {outcome: code for code, outcome in OUTCOMES.items()}
    categories = np.array([(codes[c.outcome], c.cards_dealt, c.is_banker_three_card_seven)
                           for c in table.categories], dtype=np.int64)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.stem, suffix=".tmp")
    except OSError:
        return
    try:
        with os.fdopen(handle, "wb") as out:
            np.savez(out, multiplicities=table.multiplicities, counts=table.counts, categories=categories)
        os.replace(temporary, path)
    except OSError:
        Path(temporary).unlink(missing_ok=True)


def falling(n: int, k: int) -> int:
    """n (n-1) ... (n-k+1): ordered ways to take k cards from n."""
    result = 1
    for i in range(k):
        result *= n - i
    return result


def _ordered_pair_counts(counts: list[int], total: int) -> tuple[int, int]:
    """Ordered four-card deals (hand A gets cards 1 and 3, hand B cards 2 and 4):
    how many give hand A a pair of the same class, and how many give both hands one."""
    one = sum(c * (c - 1) for c in counts) * falling(total - 2, 2)
    both = sum(c * (c - 1) for c in counts) ** 2 - sum((c * (c - 1)) ** 2 for c in counts) + sum(
        falling(c, 4) for c in counts
    )
    return one, both


@dataclass(frozen=True)
class BetOdds:
    """One bet: profit per chip on a win, and the chances of winning, pushing, losing."""

    pays: Fraction
    win: Fraction
    push: Fraction

    @property
    def lose(self) -> Fraction:
        return 1 - self.win - self.push

    @property
    def expected_net(self) -> Fraction:
        return self.win * self.pays - self.lose

    @property
    def house_edge(self) -> Fraction:
        """Minus the expected net result per chip staked."""
        return -self.expected_net


@dataclass(frozen=True)
class Odds:
    """Exact odds of one shoe composition under one choice of payouts."""

    card_count: int
    outcome_counts: dict[str, int]  # ordered six-card sequences giving each outcome
    sequence_count: int
    bets: dict[BetSpot, BetOdds]

    @property
    def outcomes(self) -> dict[str, Fraction]:
        return {name: Fraction(count, self.sequence_count) for name, count in self.outcome_counts.items()}


def exact_odds(
    composition: Composition,
    tie_pays: int = 8,
    banker_pays: BankerPays | str = BankerPays.COMMISSION,
) -> Odds:
    """Exact odds of every bet for the cards left in ``composition``."""
    try:
        banker_pays = BankerPays(banker_pays)
    except ValueError:
        raise SettingsError(f"Banker pays 'commission' or 'banker7'; '{banker_pays}' is not a choice.") from None
    total = composition.card_count
    if total < CARDS_PER_COUP:
        raise ShoeError(f"Exact odds need at least {CARDS_PER_COUP} cards in the shoe; it holds {total}.")
    table = sequence_table()
    by_value = composition.by_value()
    sequences = falling(total, CARDS_PER_COUP)
    dtype = np.int64 if sequences < 2**62 else object
    ways = np.ones((CARDS_PER_COUP + 1, 10), dtype=dtype)  # ways[k, v]: falling(count of v, k)
    for k in range(1, CARDS_PER_COUP + 1):
        ways[k] = ways[k - 1] * (np.array(by_value, dtype=dtype) - (k - 1))
    weights = ways[table.multiplicities, np.arange(10)].prod(axis=1)
    category_counts = [int(x) for x in table.counts.astype(dtype).T @ weights]
    assert sum(category_counts) == sequences

    outcome_counts = {o.value.lower(): 0 for o in Outcome}
    for category, count in zip(table.categories, category_counts):
        outcome_counts[category.outcome.value.lower()] += count

    bets: dict[BetSpot, BetOdds] = {}
    for spot in (BetSpot.PLAYER, BetSpot.BANKER, BetSpot.TIE, BetSpot.BIG, BetSpot.SMALL):
        win = push = 0
        for category, count in zip(table.categories, category_counts):
            returned = settle_bet(spot, 1, category.facts(), banker_pays, tie_pays).returned
            win += count if returned > 1 else 0
            push += count if returned == 1 else 0
        bets[spot] = BetOdds(profit_for(spot, banker_pays, tie_pays), Fraction(win, sequences), Fraction(push, sequences))

    four = falling(total, 4)
    rank_one, rank_both = _ordered_pair_counts(composition.by_rank(), total)
    face_one, face_both = _ordered_pair_counts(list(composition.counts), total)
    for spot, hits in (
        (BetSpot.PLAYER_PAIR, rank_one),
        (BetSpot.BANKER_PAIR, rank_one),
        (BetSpot.EITHER_PAIR, 2 * rank_one - rank_both),
        (BetSpot.PERFECT_PAIR, 2 * face_one - face_both),
    ):
        bets[spot] = BetOdds(profit_for(spot, banker_pays, tie_pays), Fraction(hits, four), Fraction(0))
    return Odds(total, outcome_counts, sequences, bets)
