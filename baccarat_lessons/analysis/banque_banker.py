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
gain (a side already settled by a natural counts too), charged as the table
charges it: stakes are hundredths of a chip, and the commission is the rate of
the gain rounded down to the hundredth. The banker draws when drawing is worth
strictly more.

The count uses closed forms so a decision takes a few hundredths of a
millisecond: with ``w(u, v) = c[u] (c[v] - [u = v])`` the ordered pair weights
of a count vector ``c`` and ``T2[t]`` their sum over pairs of total ``t``, the
joint weight of a pair total ``t`` and a following card ``x`` is
``T2[t] c[x] - 2 w(x, t - x)``. For two pairs, the banker's card is taken out
first (``c' = c - e[x]``, ``c[x]`` ways), and the ordered deals of two pairs of
totals ``o`` and ``i`` from ``c'`` number ``T2[o] T2[i] + 2 [o = i] T2[o] +
4 sum_a w(a, o - a) ([2a = i] - c'[i - a])`` (the terms correct for pairs that
share a card value). :func:`brute_force_values` enumerates card by card with
exact fractions, and the tests check the two agree.

>>> full_shoe = (96,) + (24,) * 9          # six decks: 96 cards worth 0, 24 of each other value
>>> view = BankerView(banker_total=6, unseen=full_shoe, commission=Fraction(1, 80),
...                   sides=(OpenSide(stake=1000, third=None), OpenSide(stake=1000, third=None)))
>>> banker_values(view).draws                # both tableaux stood on 5-7: a banker 6 stands
False
>>> view = BankerView(banker_total=4, unseen=full_shoe, commission=Fraction(1, 80),
...                   sides=(OpenSide(stake=3000, third=1), OpenSide(stake=500, third=None)))
>>> banker_values(view).draws                # unlike the Chemin de Fer table (4 stands on an ace)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ..engine.bots import DRAW_ON_FIVE, BotChoice
from ..engine.drawing import CHEMIN_DE_FER, DrawingRules
from ..engine.events import Hand, Outcome
from ..engine.money import CHIP, commission_on
from ..engine.seated.decisions import ActionKind

@dataclass(frozen=True)
class OpenSide:
    """A tableau still in play, as the banker sees it."""

    stake: int  # total bet on it, in hundredths of a chip (the commission is rounded down to the hundredth)
    third: int | None  # the value of its face-up third card, or None if it stood
    draw_on_five: Fraction = Fraction(1, 2)  # assumed chance its captain draws where the guidance leaves a choice


@dataclass(frozen=True)
class BankerView:
    """Everything the banker's decision depends on."""

    banker_total: int
    unseen: tuple[int, ...]  # unseen cards of each value 0-9 (shoe + face-down tableau cards)
    sides: tuple[OpenSide, ...]  # one or two tableaux in play
    commission: Fraction
    settled_gain: int = 0  # the banker's gain (hundredths) on a side already settled by a natural
    drawing: DrawingRules = CHEMIN_DE_FER  # the guidance the captains are assumed to follow

    @classmethod
    def of_window(cls, window, draw_on_five: Fraction = Fraction(1, 2)) -> "BankerView":
        """What the banker sees through its seat's window (the pending decision must be the banker's):
        its own cards, the stakes, the tableaux' third cards, and the counts of the cards it has not seen."""
        sides, settled = [], 0
        results = window.results
        for side in TABLEAUX:
            stake = window.staked_on(side)
            if side in results:
                outcome = results[side]
                settled += stake if outcome is Outcome.BANKER else -stake if outcome is Outcome.PLAYER else 0
                continue
            card = window.third_card(side)
            chance = draw_on_five if window.captains.get(side) is not None else _NEVER
            sides.append(OpenSide(stake, None if card is None else card.value, chance))
        return cls(window.total(Hand.BANKER), tuple(window.unseen_counts()), tuple(sides),
                   window.variant.commission, settled, window.drawing)


TABLEAUX = (Hand.RIGHT, Hand.LEFT)
_NEVER = Fraction(0)  # the croupier plays the guidance and stands where a captain could choose


@dataclass(frozen=True)
class BankerValues:
    """Expected net result for the bank (hundredths of a chip, after commission) of each choice."""

    draw: float
    stand: float

    @property
    def draws(self) -> bool:
        return self.draw > self.stand


def likelihood(side: OpenSide, rules: DrawingRules = CHEMIN_DE_FER) -> np.ndarray:
    """Chance, for each hidden two-card total 0-9, that its captain acted as the banker saw,
    a captain following the guidance of ``rules`` (and its coin where the guidance leaves a choice)."""
    return np.array(_likelihood_weights(side.third is None, side.draw_on_five, rules), dtype=float)


def _likelihood_weights(stood: bool, five, rules: DrawingRules) -> list:
    """The likelihood as exact numbers (Fractions or ints), total by total."""
    weights = []
    for total in range(10):
        if total >= 8:
            weights.append(0)  # a natural is shown at once, so a tableau in play has none
        elif total in rules.player_optional_on:
            weights.append(1 - five if stood else five)
        else:
            guided_draw = total in rules.player_draws_on or total in rules.player_forced_on
            weights.append(int(guided_draw != stood))
    return weights


_VALUES = np.arange(10)
_PARTNER = (_VALUES[:, None] - _VALUES[None, :]) % 10  # [t, a]: the value that makes a pair of total t with a
_SAME_VALUE = (_PARTNER == _VALUES[None, :]).astype(float)  # [t, a]: a pair of two cards of one value
_SHIFT = (_VALUES[None, :] - _VALUES[:, None]) % 10  # [a, i]: i - a
_DOUBLES_TO = (2 * _VALUES[:, None] % 10 == _VALUES[None, :]).astype(float)  # [a, i]: a + a has total i
_TWICE_EYE = 2 * np.eye(10)
# With the card x out, c'[v] = c[v] - [v = x]: these fold the "- [v = x]" into constants,
# so each decision gathers from the 10 counts only (indexed [x, t, a] and [x, a, i]).
_PARTNER_LESS = (_VALUES[:, None, None] == _PARTNER[None]) + _SAME_VALUE[None]  # c'[t - a] - w's [a = t - a]
_SHIFT_LESS = 4 * ((_VALUES[:, None, None] == _SHIFT[None]) + _DOUBLES_TO[None])  # 4 ([2a = i] - c'[i - a]) + 4 c[i - a]


def _two_pairs_then_card(counts: np.ndarray) -> np.ndarray:
    """Ordered deals of (outer total, inner total, next card), shape (10, 10, 10): the banker's
    card is taken out first, then two pairs are counted by the closed form in the module's
    docstring. Every count is an integer below 2**53, so exact as a float."""
    rest = counts - np.eye(10)  # [x, v]: what is left once a card worth x is out
    by_total = rest[:, None, :] * (counts[_PARTNER] - _PARTNER_LESS)  # [x, t, a]: w(a, t - a)
    pairs = by_total.sum(axis=2)  # [x, t]: T2 of what is left
    deals = by_total @ (_SHIFT_LESS - 4 * counts[_SHIFT])  # [x, o, i]: pairs sharing a value
    deals += pairs[:, :, None] * (pairs[:, None, :] + _TWICE_EYE)
    return np.multiply(deals.transpose(1, 2, 0), counts, out=np.empty((10, 10, 10)))  # c[x] ways; (o, i, x)


def joint_counts(unseen, two_sides: bool) -> np.ndarray:
    """Ordered deals giving (outer total, inner total, next card), shape (10 or 1, 10, 10).

    The inner pair and the next card are dealt after the outer pair; with one side
    in play there is no outer pair (first axis of length 1). Exact integers, as floats."""
    counts = np.asarray(unseen, dtype=float)
    if two_sides:
        return _two_pairs_then_card(counts)
    by_total = counts[None, :] * (counts[_PARTNER] - _SAME_VALUE)  # [t, a]: w(a, t - a)
    return (by_total.sum(axis=1)[:, None] * counts[None, :] - 2 * by_total)[None]


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
    weights = weights * likelihood(inner, view.drawing)[None, :, None]
    outer = view.sides[0] if two else None
    if two:
        weights = weights * likelihood(outer, view.drawing)[:, None, None]
    draw_result, stand_result = _net_results(
        view.banker_total, float(view.settled_gain), Fraction(view.commission), inner.third, float(inner.stake),
        outer.third if two else None, float(outer.stake) if two else None,
    )
    total = weights.sum()
    draw_net = (weights * draw_result).sum()
    stand_net = (weights * stand_result).sum()
    return BankerValues(float(draw_net / total), float(stand_net / total))


def _net_results(banker_total: int, settled_gain: float, rate: Fraction, inner_third: int | None, inner_stake: float,
                 outer_third: int | None, outer_stake: float | None) -> tuple[np.ndarray, np.ndarray]:
    """The bank's net result after commission, drawing and standing, for each hidden total
    (outer, inner) and banker card: ``outer_stake`` None when one tableau is in play."""
    draw_gain = stand_gain = settled_gain
    draw, stand = _results(banker_total, inner_third, False)
    draw_gain = draw_gain + inner_stake * draw
    stand_gain = stand_gain + inner_stake * stand
    if outer_stake is not None:
        draw, stand = _results(banker_total, outer_third, True)
        draw_gain = draw_gain + outer_stake * draw
        stand_gain = stand_gain + outer_stake * stand
    return _after_commission(draw_gain, rate), _after_commission(stand_gain, rate)


def _after_commission(gains: np.ndarray, rate: Fraction) -> np.ndarray:
    """Each gain (whole hundredths, held as floats) less the commission the table charges on a
    positive one: ``rate`` of it, rounded down to the hundredth (``engine.money.commission_on``).
    The rate's numerator and denominator keep the rounding exact in floats.

    >>> _after_commission(np.array([-500.0, 0.0, 79.0, 80.0, 1000.0]), Fraction(1, 80)).tolist()
    [-500.0, 0.0, 79.0, 79.0, 988.0]
    """
    return gains - np.floor_divide(np.maximum(gains, 0) * rate.numerator, rate.denominator)


def _net(gain, rate: Fraction):
    """One gain (hundredths) less the commission the table charges on it, exactly."""
    return gain - commission_on(gain, rate) if gain > 0 else gain


def exact_values(view: BankerView) -> tuple[Fraction, Fraction]:
    """The same values as exact fractions (slower; for near-ties and tests)."""
    two = len(view.sides) == 2
    counts = joint_counts(view.unseen, two)
    likes = [_likelihood_ints(side, view.drawing) for side in view.sides]
    draw_sum = stand_sum = total = Fraction(0)

    def net(gain):
        return _net(gain, view.commission)

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


def _likelihood_ints(side: OpenSide, rules: DrawingRules) -> list[int]:
    """The likelihood scaled to integers by the denominator of ``draw_on_five`` (exact)."""
    five = Fraction(side.draw_on_five)
    return [int(weight * five.denominator) for weight in _likelihood_weights(side.third is None, five, rules)]


def brute_force_values(view: BankerView) -> tuple[Fraction, Fraction]:
    """Card-by-card enumeration with exact fractions: slow, independent, for tests."""
    counts = list(view.unseen)
    likes = [_likelihood_ints(side, view.drawing) for side in view.sides]
    draw_sum = stand_sum = total_weight = Fraction(0)

    def net(gain):
        return _net(gain, view.commission)

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
    exact expected value under the assumptions in this module's docstring. Ties stand.
    It decides from the banker's window (``table.window(banker)``) and nothing else."""

    def __init__(self, draw_on_five: Fraction = DRAW_ON_FIVE):
        self.draw_on_five = Fraction(draw_on_five)

    def choose(self, window) -> BotChoice:
        in_play = [side for side in TABLEAUX if side not in window.results]
        if not any(window.staked_on(side) for side in in_play):
            return BotChoice(ActionKind.STAND, reason="No chips ride on the tableaux in play: standing costs nothing.")
        view = BankerView.of_window(window, self.draw_on_five)
        values = banker_values(view)
        draws = values.draw > values.stand
        if abs(values.draw - values.stand) < 1e-9:  # too close for floats: settle it exactly
            draw, stand = exact_values(view)
            draws = draw > stand
        kind = ActionKind.DRAW if draws else ActionKind.STAND
        return BotChoice(kind, reason=describe_values(values, "so I " + ("draw." if draws else "stand.")),
                         public="I draw." if draws else "I stand.", hidden_hand=Hand.BANKER)


def describe_values(values: BankerValues, conclusion: str) -> str:
    """'Expected result for the bank: +0.12 chips if it draws, -0.05 if it stands, <conclusion>'
    (values in hundredths of a chip, as the tables count)."""
    return (f"Expected result for the bank: {values.draw / CHIP:+.2f} chips drawing, "
            f"{values.stand / CHIP:+.2f} standing, {conclusion}")
