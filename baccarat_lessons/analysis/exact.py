"""Exact Punto Banco odds for any shoe composition, in plain Python.

Dealing six cards always and ignoring the unused ones changes no probability,
so every coup is one ordered six-card value sequence. The coup an ordered
sequence produces does not depend on the shoe; only its weight does, and that
weight depends only on which values it holds (its multiset). So the 10**6
sequences are played once and grouped into the 5,005 multisets of six values;
for a composition the odds are a 5,005-term weighted sum. Pair bets depend on
ranks and suits and have closed forms.

The grouped table ships with the package (``data/punto_banco_sequences.pickle``): it is
built from the rules by :mod:`.sequence_build` (numpy, 10**6 coups), and a test keeps
the shipped table equal to the built one. Reading it needs neither numpy nor a cache,
so the tables show exact odds wherever Python runs, a browser's Pyodide included.

>>> odds = exact_odds(Composition.full(8))
>>> odds.outcome_counts["banker"]
2292252566437888
>>> round(float(odds.bets[BetSpot.BANKER].house_edge), 6)
0.010579

A winning Banker bet pays 1:1 less the commission of the variant record the odds are for:
a table passes its own record's rate, and Punto Banco's record is the default.

>>> at_four = exact_odds(Composition.full(8), commission=Fraction(4, 100)).bets[BetSpot.BANKER]
>>> at_four.pays, round(float(at_four.house_edge), 6)
(Fraction(24, 25), 0.005993)
"""

from __future__ import annotations

import pickle
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from operator import itemgetter, mul
from pathlib import Path
from typing import Callable

from ..engine.bets import BankerPays, BetSpot, CoupFacts, profit_for, settle_bet
from ..engine.errors import SettingsError, ShoeError
from ..engine.events import Outcome
from ..engine.variants import PUNTO_BANCO
from .composition import Composition

PLAYER, BANKER, TIE = 0, 1, 2  # the outcome codes of .fast_rules
OUTCOMES = {PLAYER: Outcome.PLAYER, BANKER: Outcome.BANKER, TIE: Outcome.TIE}
CARDS_PER_COUP = 6
SHIPPED_TABLE = Path(__file__).resolve().parent / "data" / "punto_banco_sequences.pickle"


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
    """The coups of all six-value sequences, grouped by multiset (one row per multiset)."""

    multiplicities: tuple[tuple[int, ...], ...]  # [group][value]: how many of each value 0-9
    counts: tuple[tuple[int, ...], ...]  # [group][category]: orderings giving each category
    categories: tuple[Category, ...]


def table_data(table: SequenceTable) -> dict:
    """The table as the shipped file holds it: the categories as (outcome code, cards dealt, Banker
    three-card 7), and each group as its (value, multiplicity) and (category, count) pairs without
    the zeros. A group holds at most six values and a few categories: the weighted sum skips the rest."""
    codes = {outcome: code for code, outcome in OUTCOMES.items()}
    return {
        "categories": tuple((codes[c.outcome], c.cards_dealt, c.is_banker_three_card_seven) for c in table.categories),
        "groups": tuple(
            (tuple((v, m) for v, m in enumerate(row) if m), tuple((j, n) for j, n in enumerate(counts) if n))
            for row, counts in zip(table.multiplicities, table.counts)
        ),
    }


def table_from_data(data: dict) -> SequenceTable:
    """The whole table (every value and category of every group) from :func:`table_data`'s form."""
    width = len(data["categories"])
    multiplicities, counts = [], []
    for values, categories in data["groups"]:
        row, column = [0] * 10, [0] * width
        for value, multiplicity in values:
            row[value] = multiplicity
        for category, count in categories:
            column[category] = count
        multiplicities.append(tuple(row))
        counts.append(tuple(column))
    return SequenceTable(tuple(multiplicities), tuple(counts),
                         tuple(Category(OUTCOMES[o], d, bool(b7)) for o, d, b7 in data["categories"]))


@lru_cache(maxsize=None)
def _shipped() -> dict:
    # A pickle, not JSON: the first odds of every page's table wait for this read. Unpickling the
    # groups takes 7-12 ms; reading them as JSON and pairing the values took 45 ms (issue 20's
    # benchmark). The file is part of the package, as trusted as its code; nothing else is unpickled.
    data = pickle.loads(SHIPPED_TABLE.read_bytes())
    assert sum(n for _, categories in data["groups"] for _, n in categories) == 10**CARDS_PER_COUP, \
        "the shipped sequence table is incomplete"
    return data


@lru_cache(maxsize=None)
def sequence_table() -> SequenceTable:
    """The Punto Banco table shipped with the package, read once per process.

    >>> table = sequence_table()
    >>> len(table.multiplicities), sum(map(sum, table.counts)) == 10**CARDS_PER_COUP
    (5005, True)
    """
    return table_from_data(_shipped())


@lru_cache(maxsize=None)
def _categories() -> tuple[Category, ...]:
    return tuple(Category(OUTCOMES[o], d, bool(b7)) for o, d, b7 in _shipped()["categories"])


def _sparse_rows() -> tuple[tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]], ...]:
    """Each group's (value, multiplicity) and (category, count) pairs, as the file holds them."""
    return _shipped()["groups"]


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


# -- the weighted sums, in plain Python ------------------------------------------------------------
# A composition's odds are sums over the 5,005 groups of (the group's weight: the ways to draw its
# values) x (its orderings in a category). Done group by group, category by category, that is 37,387
# products in Python's loop: 2.5 ms. Three things make it 0.8 ms (benchmarks/bench_exact.py,
# issue 34): a weight is the product of a weight over the values 0-4 and one over 5-9, each of 462
# part-groups made with one product from a shorter one; only the sums the odds use are made (each
# outcome, each bet's wins and pushes), each as one sum over the groups it touches, run by the
# interpreter's own loops (map, sum); and a sum that is every sequence less other sums (Banker: not
# Player, not Tie) is read from them. The tests check the odds against a card-by-card deal and the
# published counts.


@lru_cache(maxsize=None)
def _halves() -> tuple:
    """Each group's weight as a product of two parts, the part-groups ((value, multiplicity) pairs)
    of the values 0-4 and of 5-9. Returns, per half, each part-group as (the index of the part-group
    without its last pair, that pair's value, its multiplicity), shorter ones first, and per group the
    index of each of its parts."""
    halves, parts_of = [], []
    for low in (True, False):
        keys = {(): 0}
        for values, _ in _sparse_rows():
            pairs = tuple(pair for pair in values if (pair[0] < 5) == low)
            for end in range(1, len(pairs) + 1):
                keys.setdefault(pairs[:end], len(keys))
        ordered = sorted(keys, key=len)
        place = {key: index for index, key in enumerate(ordered)}
        halves.append(tuple((place[key[:-1]], *key[-1]) for key in ordered[1:]))
        parts_of.append(tuple(place[tuple(pair for pair in values if (pair[0] < 5) == low)]
                              for values, _ in _sparse_rows()))
    return halves[0], halves[1], parts_of[0], parts_of[1]


def _weights(by_value: list[int]) -> list[int]:
    """Every group's weight for the composition: the ordered ways to draw its values from it."""
    ways = [[falling(count, k) for k in range(CARDS_PER_COUP + 1)] for count in by_value]  # [v][k]
    low, high, low_of, high_of = _halves()
    parts = []
    for half in (low, high):
        weights = [1]  # the empty part-group
        for shorter, value, multiplicity in half:
            weights.append(weights[shorter] * ways[value][multiplicity])
        parts.append(weights)
    return list(map(mul, map(parts[0].__getitem__, low_of), map(parts[1].__getitem__, high_of)))


@dataclass(frozen=True)
class _Sum:
    """One sum over the groups it touches (fetched by ``groups``): weight times ``orderings``, the
    group's orderings in the categories it counts."""

    groups: Callable
    orderings: tuple[int, ...]


@dataclass(frozen=True)
class _Plan:
    """The sums exact odds make under one choice of payouts, and how each quantity reads them: a
    quantity is ``(whole, indices)``, the sum of those sums, or every sequence less it when ``whole``
    (``(False, ())`` is 0)."""

    sums: tuple[_Sum, ...]
    outcomes: dict
    bets: tuple  # (spot, profit per chip, win quantity, push quantity)


@lru_cache(maxsize=None)
def _plan(banker_pays: BankerPays, tie_pays: int, commission: Fraction) -> _Plan:
    """Which sums to make, settled once per choice of payouts.

    Each quantity is a set of categories: an outcome's, and each bet's wins and pushes as the table's
    own settlement (``settle_bet``) settles one chip in each category. Equal sets are summed once; a
    set whose complement is a union of other, disjoint sets made anyway is read as every sequence less
    their sums (larger sets first, so the sums made are the small ones); the empty set is 0."""
    categories = _categories()
    everything = frozenset(range(len(categories)))
    outcome_sets = {outcome.value.lower(): frozenset(j for j, c in enumerate(categories) if c.outcome is outcome)
                    for outcome in Outcome}
    bet_sets = []
    for spot in (BetSpot.PLAYER, BetSpot.BANKER, BetSpot.TIE, BetSpot.BIG, BetSpot.SMALL):
        returned = [settle_bet(spot, 1, category.facts(), banker_pays, tie_pays, commission).returned
                    for category in categories]
        bet_sets.append((spot, profit_for(spot, banker_pays, tie_pays, commission),
                         frozenset(j for j, back in enumerate(returned) if back > 1),
                         frozenset(j for j, back in enumerate(returned) if back == 1)))
    wanted = {columns for columns in [*outcome_sets.values(), *(s for _, _, *sets in bet_sets for s in sets)]
              if columns}
    made, rests = set(wanted), {}
    for columns in sorted(wanted, key=len, reverse=True):
        rest = everything - columns
        parts = [other for other in made if other != columns and other <= rest and other not in rests]
        if parts and sum(map(len, parts)) == len(rest) and frozenset().union(*parts) == rest:
            rests[columns] = parts
            made.discard(columns)
    order = sorted(made, key=sorted)
    place = {columns: index for index, columns in enumerate(order)}

    def quantity(columns: frozenset) -> tuple[bool, tuple[int, ...]]:
        if columns in rests:
            return True, tuple(place[part] for part in rests[columns])
        return False, (place[columns],) if columns else ()

    sums = []
    for columns in order:
        orderings = [0] * len(_sparse_rows())
        for column in columns:
            for group, count in _by_category()[column]:
                orderings[group] += count
        touched = [group for group, number in enumerate(orderings) if number]
        # itemgetter of one index returns the item, not a tuple: a sum always touches many groups
        sums.append(_Sum(itemgetter(*touched), tuple(orderings[group] for group in touched)))
    return _Plan(tuple(sums), {name: quantity(columns) for name, columns in outcome_sets.items()},
                 tuple((spot, pays, quantity(wins), quantity(pushes)) for spot, pays, wins, pushes in bet_sets))


@lru_cache(maxsize=None)
def _by_category() -> tuple:
    """Per category, the (group, orderings) of the groups that have coups in it."""
    columns: list[list] = [[] for _ in _categories()]
    for group, (_, counts) in enumerate(_sparse_rows()):
        for column, count in counts:
            columns[column].append((group, count))
    return tuple(map(tuple, columns))


def exact_odds(
    composition: Composition,
    tie_pays: int = 8,
    banker_pays: BankerPays | str = BankerPays.COMMISSION,
    commission: Fraction = PUNTO_BANCO.commission,
) -> Odds:
    """Exact odds of every bet for the cards left in ``composition``, a winning Banker bet paying
    1:1 less ``commission`` (the rate of the table's variant record) in commission mode."""
    try:
        banker_pays = BankerPays(banker_pays)
    except ValueError:
        raise SettingsError(f"Banker pays 'commission' or 'banker7'; '{banker_pays}' is not a choice.") from None
    total = composition.card_count
    if total < CARDS_PER_COUP:
        raise ShoeError(f"Exact odds need at least {CARDS_PER_COUP} cards in the shoe; it holds {total}.")
    sequences = falling(total, CARDS_PER_COUP)
    plan = _plan(banker_pays, tie_pays, Fraction(commission))
    weights = _weights(composition.by_value())
    sums = [sum(map(mul, made.groups(weights), made.orderings)) for made in plan.sums]

    def read(quantity: tuple[bool, tuple[int, ...]]) -> int:
        whole, indices = quantity
        made = sum(sums[index] for index in indices)
        return sequences - made if whole else made

    outcome_counts = {name: read(quantity) for name, quantity in plan.outcomes.items()}
    assert min(outcome_counts.values()) >= 0 and sum(outcome_counts.values()) == sequences
    bets: dict[BetSpot, BetOdds] = {}
    for spot, pays, wins, pushes in plan.bets:
        bets[spot] = BetOdds(pays, Fraction(read(wins), sequences), Fraction(read(pushes), sequences))

    four = falling(total, 4)
    rank_one, rank_both = _ordered_pair_counts(composition.by_rank(), total)
    face_one, face_both = _ordered_pair_counts(list(composition.counts), total)
    for spot, hits in (
        (BetSpot.PLAYER_PAIR, rank_one),
        (BetSpot.BANKER_PAIR, rank_one),
        (BetSpot.EITHER_PAIR, 2 * rank_one - rank_both),
        (BetSpot.PERFECT_PAIR, 2 * face_one - face_both),
    ):
        bets[spot] = BetOdds(profit_for(spot, banker_pays, tie_pays, commission), Fraction(hits, four), Fraction(0))
    return Odds(total, outcome_counts, sequences, bets)


def coup_chances(decks: int = 8) -> dict[str, float]:
    """The exact chance of each result (``banker``, ``player``, ``tie``) for a coup dealt from a full shoe of
    ``decks`` decks, as floats: what the class's pool is drawn beside (issue 32).

    >>> {name: round(chance, 4) for name, chance in coup_chances().items()}
    {'player': 0.4462, 'banker': 0.4586, 'tie': 0.0952}
    """
    return {name: float(chance) for name, chance in exact_odds(Composition.full(decks)).outcomes.items()}
