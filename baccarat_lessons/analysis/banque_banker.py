"""The Banque banker who draws or stands by exact expected value.

What the banker can see (SPEC §5): its own two cards, each tableau's third card
if it drew (or that it stood), the stakes on each side, and every card shown so
far — so the unseen cards are the rest of the shoe plus the tableaux's face-down
cards. The banker does not see the tableaux's first two cards.

Assumptions, stated so a lesson can question them:

1. Every captain follows the guidance: draws on 0-4, stands on 6-7, and on 5
   draws with probability ``draw_on_five`` (½ by default, as the seat bots do).
   A side nobody captains is played by the croupier, who stands on 5.
2. A tableau still in play is not a natural (naturals are shown at once).
3. Cards are dealt from a well-shuffled shoe: every order of the unseen cards is
   equally likely, so the face-down cards and the banker's possible third card
   are drawn without replacement from the unseen cards.

Given these, the banker's chance of each (hidden total right, hidden total left,
third card) is computed exactly by counting ordered deals; each hidden total is
weighted by the chance the captain acted as seen. The value of a choice is the
expected net result over both sides *after* the commission on a positive net
gain (a side already settled by a natural counts too). The banker draws when
drawing is worth strictly more.

The count uses closed forms so a decision takes about a tenth of a millisecond:
with ``w(u, v) = c[u] (c[v] - [u = v])`` the ordered pair weights of a count
vector ``c``, the joint weight of an inner pair total ``t`` and a following card
``x`` is ``T2[t] c[x] - 2 w(x, t - x)``; the outer pair is summed over its 55
multisets. :func:`brute_force_values` enumerates card by card with exact
fractions, and the tests check the two agree.

>>> full_shoe = (96,) + (24,) * 9          # six decks: 96 cards worth 0, 24 of each other value
>>> view = BankerView(banker_total=6, unseen=full_shoe, commission=Fraction(1, 80),
...                   sides=(OpenSide(stake=10, third=None), OpenSide(stake=10, third=None)))
>>> banker_values(view).draws                # both tableaux stood on 5-7: a banker 6 stands
False
>>> view = BankerView(banker_total=4, unseen=full_shoe, commission=Fraction(1, 80),
...                   sides=(OpenSide(stake=30, third=1), OpenSide(stake=5, third=None)))
>>> banker_values(view).draws                # unlike the Chemin de Fer table (4 stands on an ace)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

import numpy as np

from ..engine.bots import BotChoice
from ..engine.events import Hand
from ..engine.seated.decisions import ActionKind, Decision

@dataclass(frozen=True)
class OpenSide:
    """A tableau still in play, as the banker sees it."""

    stake: Fraction | int  # total chips bet on it
    third: int | None  # the value of its face-up third card, or None if it stood
    draw_on_five: Fraction = Fraction(1, 2)  # assumed chance its captain draws on 5


@dataclass(frozen=True)
class BankerView:
    """Everything the banker's decision depends on."""

    banker_total: int
    unseen: tuple[int, ...]  # unseen cards of each value 0-9 (shoe + face-down tableau cards)
    sides: tuple[OpenSide, ...]  # one or two tableaux in play
    commission: Fraction
    settled_gain: Fraction | int = 0  # the banker's gain on a side already settled by a natural

    @classmethod
    def of_table(cls, table, draw_on_five: Fraction = Fraction(1, 2), shoe_values: "ShoeValues | None" = None):
        """What the banker at ``table`` sees now (the pending decision must be the banker's)."""
        unseen = (shoe_values or ShoeValues()).remaining_counts(table.shoe)
        sides, settled = [], 0
        for side in (Hand.RIGHT, Hand.LEFT):
            stake = table.staked_on(side)
            if side in table.settled_hands:
                outcome = table.results[side].value
                settled += stake if outcome == "Banker" else -stake if outcome == "Player" else 0
                continue
            cards = table.hands[side]
            for card in cards[:2]:  # face down to the banker: still unseen
                unseen[card.rank.value_in_baccarat] += 1
            third = cards[2].rank.value_in_baccarat if len(cards) == 3 else None
            chance = draw_on_five if table.captains[side] is not None else Fraction(0)
            sides.append(OpenSide(stake, third, chance))
        total = sum(card.rank.value_in_baccarat for card in table.hands[Hand.BANKER]) % 10
        return cls(total, tuple(int(count) for count in unseen), tuple(sides), table.variant.commission, settled)


class ShoeValues:
    """The values left in a shoe, cached between decisions: counting 300 cards one by one
    for every decision would cost more than the decision itself.

    >>> from baccarat_lessons.engine.shoe import Shoe
    >>> shoe = Shoe.stacked("KS 9H 9D 5C")
    >>> cache = ShoeValues()
    >>> cache.remaining_counts(shoe)[[0, 5, 9]].tolist()
    [1, 1, 2]
    >>> _ = shoe.draw(); cache.remaining_counts(shoe)[[0, 5, 9]].tolist()
    [0, 1, 2]
    """

    def __init__(self):
        self._cards: list = []
        self._offset = 0
        self._suffix = np.zeros((1, 10), dtype=np.int64)

    def remaining_counts(self, shoe) -> np.ndarray:
        """Cards of each value 0-9 not yet dealt from ``shoe`` (a fresh array)."""
        remaining = shoe.remaining_cards
        start = shoe.dealt_count - self._offset
        if not (0 <= start <= len(self._cards) and self._cards[start:] == remaining):
            self._load(remaining, shoe.dealt_count)
            start = 0
        return self._suffix[start].copy()

    def _load(self, cards: list, offset: int) -> None:
        values = np.fromiter((card.rank.value_in_baccarat for card in cards), dtype=np.int64, count=len(cards))
        onehot = np.zeros((len(cards) + 1, 10), dtype=np.int64)
        onehot[np.arange(len(cards)), values] = 1
        self._suffix = onehot[::-1].cumsum(axis=0)[::-1]  # _suffix[i]: counts of cards[i:]
        self._cards, self._offset = cards, offset


@dataclass(frozen=True)
class BankerValues:
    """Expected net result for the bank (chips, after commission) of each choice."""

    draw: float
    stand: float

    @property
    def draws(self) -> bool:
        return self.draw > self.stand


def likelihood(side: OpenSide) -> np.ndarray:
    """Chance, for each hidden two-card total 0-9, that its captain acted as the banker saw."""
    weights = np.zeros(10)
    five = float(side.draw_on_five)
    if side.third is None:
        weights[5], weights[6], weights[7] = 1 - five, 1, 1
    else:
        weights[0:5], weights[5] = 1, five
    return weights


@lru_cache(maxsize=1)
def _tables():
    """Index tables for the closed-form counts (built once). Float64 holds every count
    exactly: the largest is below n**5 / 2 < 2**53 for a shoe of at most 8 decks."""
    pairs = [(a, b) for a in range(10) for b in range(a, 10)]
    first = np.array([a for a, _ in pairs])
    second = np.array([b for _, b in pairs])
    removed = np.zeros((len(pairs), 10))
    np.add.at(removed, (np.arange(len(pairs)), first), 1)
    np.add.at(removed, (np.arange(len(pairs)), second), 1)
    group = np.zeros((10, len(pairs)))
    group[(first + second) % 10, np.arange(len(pairs))] = 1
    to_total = np.zeros((100, 10))  # flat (u, v) -> its total
    to_total[np.arange(100), (np.arange(100) // 10 + np.arange(100) % 10) % 10] = 1
    t, x = np.meshgrid(np.arange(10), np.arange(10), indexing="ij")
    pair_of = (x * 10 + (t - x) % 10).ravel()  # for (t, x): the pair (x, t - x)
    return first, second, removed, group, to_total, pair_of, np.eye(10)


def joint_counts(unseen, two_sides: bool) -> np.ndarray:
    """Ordered deals giving (outer total, inner total, next card), shape (10 or 1, 10, 10).

    The inner pair and the next card are dealt after the outer pair; with one side
    in play there is no outer pair (first axis of length 1). Exact integers, as floats."""
    first, second, removed, group, to_total, pair_of, eye = _tables()
    counts = np.asarray(unseen, dtype=float)
    if two_sides:
        weight = counts[first] * (counts[second] - (first == second))
        weight[first != second] *= 2  # the two orders of a mixed pair
        left = counts - removed  # counts once the outer pair is out, one row per multiset
    else:
        left = counts[None, :]
    rows = len(left)
    pair = (left[:, :, None] * (left[:, None, :] - eye)).reshape(rows, 100)
    inner = (pair @ to_total)[:, :, None] * left[:, None, :] - 2 * pair[:, pair_of].reshape(rows, 10, 10)
    if not two_sides:
        return inner
    return ((group * weight) @ inner.reshape(rows, 100)).reshape(10, 10, 10)


@lru_cache(maxsize=None)
def _results(banker_total: int, third: int | None, outer: bool) -> tuple[np.ndarray, np.ndarray]:
    """+1 / 0 / -1 (banker wins / tie / side wins) for each hidden side total and banker card,
    shaped to broadcast over (outer total, inner total, banker card): (draw, stand)."""
    hidden = np.arange(10)
    final = hidden if third is None else (hidden + third) % 10
    drawn = (banker_total + np.arange(10)) % 10
    draw = np.sign(drawn[None, :] - final[:, None]).astype(float)  # (side total, card)
    stand = np.sign(banker_total - final).astype(float)  # (side total,)
    if outer:
        return draw[:, None, :], stand[:, None, None]
    return draw[None, :, :], stand[None, :, None]


def banker_values(view: BankerView) -> BankerValues:
    """Exact expected net result of drawing and of standing (as floats; see :func:`exact_values`)."""
    two = len(view.sides) == 2
    weights = joint_counts(view.unseen, two)
    inner = view.sides[-1]
    weights = weights * likelihood(inner)[None, :, None]
    draw_gain = stand_gain = float(view.settled_gain)
    draw, stand = _results(view.banker_total, inner.third, False)
    draw_gain = draw_gain + float(inner.stake) * draw
    stand_gain = stand_gain + float(inner.stake) * stand
    if two:
        outer = view.sides[0]
        weights = weights * likelihood(outer)[:, None, None]
        draw, stand = _results(view.banker_total, outer.third, True)
        draw_gain = draw_gain + float(outer.stake) * draw
        stand_gain = stand_gain + float(outer.stake) * stand
    rate = float(view.commission)
    total = weights.sum()
    draw_net = (weights * (draw_gain - rate * np.maximum(draw_gain, 0))).sum()
    stand_net = (weights * (stand_gain - rate * np.maximum(stand_gain, 0))).sum()
    return BankerValues(float(draw_net / total), float(stand_net / total))


def exact_values(view: BankerView) -> tuple[Fraction, Fraction]:
    """The same values as exact fractions (slower; for near-ties and tests)."""
    two = len(view.sides) == 2
    counts = joint_counts(view.unseen, two)
    likes = [_likelihood_ints(side) for side in view.sides]
    draw_sum = stand_sum = total = Fraction(0)

    def net(gain):
        return gain - view.commission * gain if gain > 0 else gain

    def result(side, hidden_total, banker_final):
        final = hidden_total if side.third is None else (hidden_total + side.third) % 10
        return side.stake * ((banker_final > final) - (banker_final < final))

    for (outer_total, inner_total, card), count in np.ndenumerate(counts):
        if not count:
            continue
        totals = (outer_total, inner_total) if two else (inner_total,)
        weight = int(count)
        for like, hidden in zip(likes, totals):
            weight *= int(like[hidden])
        if not weight:
            continue
        drawn = (view.banker_total + card) % 10
        draw_sum += weight * net(view.settled_gain + sum(result(s, t, drawn) for s, t in zip(view.sides, totals)))
        stand_sum += weight * net(view.settled_gain + sum(result(s, t, view.banker_total)
                                                          for s, t in zip(view.sides, totals)))
        total += weight
    return draw_sum / total, stand_sum / total


def _likelihood_ints(side: OpenSide) -> np.ndarray:
    """The likelihood scaled to integers by the denominator of ``draw_on_five`` (exact)."""
    five = Fraction(side.draw_on_five)
    den = five.denominator
    weights = np.zeros(10, dtype=np.int64)
    if side.third is None:
        weights[5], weights[6], weights[7] = den - five.numerator, den, den
    else:
        weights[0:5], weights[5] = den, five.numerator
    return weights


def brute_force_values(view: BankerView) -> tuple[Fraction, Fraction]:
    """Card-by-card enumeration with exact fractions: slow, independent, for tests."""
    counts = list(view.unseen)
    likes = [_likelihood_ints(side) for side in view.sides]
    draw_sum = stand_sum = total_weight = Fraction(0)

    def net(gain):
        return gain - view.commission * gain if gain > 0 else gain

    def side_result(side, hidden_total, banker_final):
        final = hidden_total if side.third is None else (hidden_total + side.third) % 10
        return side.stake * ((banker_final > final) - (banker_final < final))

    def deal(holdings, weight):
        nonlocal draw_sum, stand_sum, total_weight
        if len(holdings) < 2 * len(view.sides):
            for value in range(10):
                if counts[value]:
                    chance = counts[value]
                    counts[value] -= 1
                    deal(holdings + [value], weight * chance)
                    counts[value] += 1
            return
        totals = [(holdings[2 * i] + holdings[2 * i + 1]) % 10 for i in range(len(view.sides))]
        like = 1
        for side_like, total in zip(likes, totals):
            like *= int(side_like[total])
        if not like:
            return
        weight *= like
        stand = net(view.settled_gain + sum(side_result(s, t, view.banker_total) for s, t in zip(view.sides, totals)))
        for value in range(10):
            if counts[value]:
                final = (view.banker_total + value) % 10
                draw = net(view.settled_gain + sum(side_result(s, t, final) for s, t in zip(view.sides, totals)))
                draw_sum += weight * counts[value] * draw
                stand_sum += weight * counts[value] * stand
                total_weight += weight * counts[value]

    deal([], Fraction(1))
    return draw_sum / total_weight, stand_sum / total_weight


class ExactBanqueBanker:
    """A bot for Banque banker decisions (seat or house): draws when drawing has the higher
    exact expected value under the assumptions in this module's docstring. Ties stand."""

    def __init__(self, draw_on_five: Fraction = Fraction(1, 2)):
        self.draw_on_five = Fraction(draw_on_five)
        self.shoe_values = ShoeValues()

    def choose(self, table, decision: Decision) -> BotChoice:
        if not any(table.staked_on(side) for side in (Hand.RIGHT, Hand.LEFT) if side not in table.settled_hands):
            return BotChoice(ActionKind.STAND, why="No chips ride on the tableaux in play: standing costs nothing.")
        view = BankerView.of_table(table, self.draw_on_five, self.shoe_values)
        values = banker_values(view)
        draws = values.draw > values.stand
        if abs(values.draw - values.stand) < 1e-9:  # too close for floats: settle it exactly
            draw, stand = exact_values(view)
            draws = draw > stand
        return BotChoice(
            ActionKind.DRAW if draws else ActionKind.STAND,
            why="Expected result for the bank: {0:+.2f} chips if I draw, {1:+.2f} if I stand, so I {2}.",
            facts=(values.draw, values.stand, "draw" if draws else "stand"),
        )
