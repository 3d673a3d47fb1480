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

The count uses closed forms, in plain integers (no numpy: the tables run in a browser's
Pyodide too), and only for the hidden totals a captain could hold as seen, so a decision
takes about a tenth of a millisecond. With ``A[t][u] = c[u'] - [2u = t]`` (``u' = t - u``)
the cards that make a total ``t`` with one given card worth ``u``, ``w(u, u') = c[u] A[t][u]``
the ordered pairs of total ``t`` starting with ``u``, and ``P[t]`` their sum: taking two given
cards worth ``u`` and ``o - u`` out leaves ``P[i] - 2 A[i][u] - 2 A[i][o - u] + 2 [i = o]`` pairs
of total ``i``, so a pair of total ``o`` then one of total ``i`` number ``D = P[o] (P[i] + 2 [o = i])
- 4 sum_a w(a, o - a) A[i][a]``. The banker's card ``x`` comes next: ``c[x] D`` less, over those
deals, the cards worth ``x`` they already use, ``2 w(x, o - x)`` deals with ``x`` in the first
pair times the pairs of total ``i`` left, and as many the other way round (the terms correct for
pairs that share a card value). :func:`brute_force_values` enumerates card by card with
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
from operator import getitem, mul

from ..engine.bots import DRAW_ON_FIVE, BotChoice
from ..engine.coup import compare
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
        naturals = window.naturals
        for side in TABLEAUX:
            stake = window.staked_on(side)
            if side in results or side in naturals:
                # A natural is settled against the bank's first two cards, which the banker knows.
                outcome = results[side] if side in results else compare(window.total(side), window.total(Hand.BANKER))
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
    draws: bool  # drawing is worth strictly more, decided on the exact values (floats may round a near-tie)


def likelihood(side: OpenSide, rules: DrawingRules = CHEMIN_DE_FER) -> list:
    """Chance, for each hidden two-card total 0-9, that its captain acted as the banker saw,
    a captain following the guidance of ``rules`` (and its coin where the guidance leaves a choice).

    >>> likelihood(OpenSide(stake=100, third=None))[4:8]
    [0, Fraction(1, 2), 1, 1]
    """
    weights, scale = _likelihood_ints(side, rules)
    return [Fraction(weight, scale) if weight % scale else weight // scale for weight in weights]


def _likelihood_ints(side: OpenSide, rules: DrawingRules) -> tuple[list[int], int]:
    """The likelihood total by total as integers, and the one denominator they share: that of
    ``draw_on_five`` (whole numbers, so the value sums stay exact integers)."""
    five = Fraction(side.draw_on_five)
    scale, draws_on_five = five.denominator, five.numerator
    stood = side.third is None
    weights = []
    for total in range(10):
        if total >= 8:
            weights.append(0)  # a natural is shown at once, so a tableau in play has none
        elif total in rules.player_optional_on:
            weights.append(scale - draws_on_five if stood else draws_on_five)
        else:
            guided_draw = total in rules.player_draws_on or total in rules.player_forced_on
            weights.append(scale if guided_draw != stood else 0)
    return weights, scale


def _pair_tables(unseen) -> tuple[list[int], list[list[int]], list[int]]:
    """The unseen counts ``c`` as integers, their partners ``A`` (:func:`_partners`) and ``P[t]``, the
    ordered pairs of each total ``t``: what every count of deals below starts from."""
    counts = [int(n) for n in unseen]
    partners = _partners(counts)
    return counts, partners, [sum(map(mul, counts, row)) for row in partners]


def _partners(counts: list[int]) -> list[list[int]]:
    """``[t][u]``: the cards that make a total ``t`` with one given card worth ``u``, itself
    excluded: ``A[t][u] = c[t - u] - [2u = t]`` (so ``w(u, t - u) = c[u] A[t][u]``)."""
    return [[counts[(t - u) % 10] - (2 * u % 10 == t) for u in range(10)] for t in range(10)]


def _deals_by_card(counts: list[int], partners: list[list[int]], pairs: list[int], outer: int | None,
                   inner: int) -> tuple[int, list[int]]:
    """``D`` and ``[x]``: the ordered deals of a pair of total ``outer`` (None: no outer pair), then
    a pair of total ``inner`` (``D``), and of those pairs then a card worth ``x``, by the closed forms
    in the module's docstring: ``c[x] D - U[x]``, where ``U[x]`` counts, over the pairs' deals, the
    cards worth ``x`` they use (so the ``x`` row sums to ``D`` times the cards left)."""
    row_in = partners[inner]
    if outer is None:
        return pairs[inner], [count * (pairs[inner] - 2 * partner) for count, partner in zip(counts, row_in)]
    row_out, same = partners[outer], 2 * (outer == inner)
    inner_left, outer_left = pairs[inner] + same, pairs[outer] + same
    pairs_then_pair = pairs[outer] * inner_left - 4 * sum(map(mul, map(mul, counts, row_out), row_in))
    # The rows read backwards from the other total: in_back[x] = row_in[(outer - x) % 10], and the
    # same for out_back, so the loop over x below is one zip, with no index arithmetic: with the
    # sums of products run by map, 114 -> 107 us a decision over 4,321 decisions of bot games.
    in_back = row_in[outer::-1] + row_in[:outer:-1]
    out_back = row_out[inner::-1] + row_out[:inner:-1]
    return pairs_then_pair, [count * (pairs_then_pair - 2 * out_x * (inner_left - 2 * in_x - 2 * in_other)
                                      - 2 * in_x * (outer_left - 2 * out_x - 2 * out_other))
                             for count, out_x, in_x, in_other, out_other in zip(counts, row_out, row_in, in_back, out_back)]


def joint_counts(unseen, two_sides: bool) -> list[list[list[int]]]:
    """Ordered deals giving (outer total, inner total, next card): ``[outer][inner][card]``.

    The inner pair and the next card are dealt after the outer pair; with one side in play
    there is no outer pair (one outer row). Exact integers, by the closed forms in the
    module's docstring.

    >>> joint_counts((0, 2, 0, 0, 0, 0, 0, 0, 0, 1), two_sides=False)[0][2][9]  # A A then the 9
    2
    """
    counts, partners, pairs = _pair_tables(unseen)
    outers = range(10) if two_sides else (None,)
    return [[_deals_by_card(counts, partners, pairs, outer, inner)[1] for inner in range(10)] for outer in outers]


def banker_values(view: BankerView) -> BankerValues:
    """Expected net result of drawing and of standing, as floats, and whether to draw
    (decided exactly; see :func:`exact_values`)."""
    draw, stand, total = _value_sums(view)
    # One denominator: the exact comparison is of the integer sums, and each float is the quotient
    # correctly rounded, as float(Fraction) gives it, without making the fractions: with the zip in
    # _deals_by_card, 118-124 -> 105-108 us a decision (measured in turn, issue 34).
    return BankerValues(draw / total, stand / total, draw > stand)


def exact_values(view: BankerView) -> tuple[Fraction, Fraction]:
    """The bank's exact expected net result (hundredths, after commission) drawing and standing.
    Every weight is an integer (the likelihoods scaled by their denominators), so the sums are
    exact integers and only the two quotients are fractions. Only the hidden totals a captain
    could hold, as seen, are counted (the others weigh nothing)."""
    draw_sum, stand_sum, total = _value_sums(view)
    return Fraction(draw_sum, total), Fraction(stand_sum, total)


def _value_sums(view: BankerView) -> tuple[int, int, int]:
    """:func:`exact_values` as three integers: the draw and stand values times the total weight, and it."""
    counts, partners, pairs = _pair_tables(view.unseen)
    rate = Fraction(view.commission)
    banker = view.banker_total
    drawn_finals = (*range(banker, 10), *range(banker))  # the banker's final, (banker + x) % 10, for x = 0..9
    # Per side, per hidden total it could hold: its likelihood, and how the bank's final compares
    # with the side's (0 loses, 1 ties, 2 wins) standing and drawing each card x.
    options, stakes = [], []
    for side in view.sides:
        held = []
        for total, like in enumerate(_likelihood_ints(side, view.drawing)[0]):
            if like:
                final = total if side.third is None else (total + side.third) % 10
                by_card = [(drawn > final) - (drawn < final) + 1 for drawn in drawn_finals]
                held.append((total, like, (banker > final) - (banker < final) + 1, by_card))
        options.append(held)
        stakes.append(side.stake)
    if len(options) == 1:
        options.insert(0, [(None, 1, 1, [1] * 10)])  # no outer side: always a "tie" with no stake
        stakes.insert(0, 0)
    # The bank's net result depends only on those two comparisons: nine values, [outer][inner].
    nets = [[_net(view.settled_gain + stakes[0] * (a - 1) + stakes[1] * (b - 1), rate) for b in range(3)]
            for a in range(3)]
    # Every deal of the hidden pairs is followed by one of the cards left, whatever the totals, so
    # the weight of a cell is its pairs' deals times those cards, which the stand sum and the total
    # share: they are counted in pairs' deals, and scaled once at the end.
    draw_sum = stand_sum = total = 0
    for outer, outer_like, outer_stand, outer_draw in options[0]:
        nets_by_card = [nets[a] for a in outer_draw]  # per card x, the nets for the outer side's comparison
        for inner, inner_like, inner_stand, inner_draw in options[1]:
            pair_deals, deals = _deals_by_card(counts, partners, pairs, outer, inner)
            like = outer_like * inner_like
            weight = like * pair_deals
            draw_sum += like * sum(map(mul, deals, map(getitem, nets_by_card, inner_draw)))
            stand_sum += weight * nets[outer_stand][inner_stand]
            total += weight
    cards_left = sum(counts) - 2 * len(view.sides)
    return draw_sum, stand_sum * cards_left, total * cards_left


def _net(gain, rate: Fraction):
    """One gain (hundredths) less the commission the table charges on it, exactly."""
    return gain - commission_on(gain, rate) if gain > 0 else gain


def brute_force_values(view: BankerView) -> tuple[Fraction, Fraction]:
    """Card-by-card enumeration with exact fractions: slow, independent, for tests."""
    counts = list(view.unseen)
    likes = [_likelihood_ints(side, view.drawing)[0] for side in view.sides]
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
        in_play = [side for side in TABLEAUX if side not in window.results and side not in window.naturals]
        if not any(window.staked_on(side) for side in in_play):
            return BotChoice(ActionKind.STAND, reason="No chips ride on the tableaux in play: standing costs nothing.")
        view = BankerView.of_window(window, self.draw_on_five)
        values = banker_values(view)
        draws = values.draws
        kind = ActionKind.DRAW if draws else ActionKind.STAND
        return BotChoice(kind, reason=describe_values(values, "so I " + ("draw." if draws else "stand.")),
                         public="I draw." if draws else "I stand.", hidden_hand=Hand.BANKER)


def describe_values(values: BankerValues, conclusion: str) -> str:
    """'Expected result for the bank: +0.12 chips if it draws, -0.05 if it stands, <conclusion>'
    (values in hundredths of a chip, as the tables count)."""
    return (f"Expected result for the bank: {values.draw / CHIP:+.2f} chips drawing, "
            f"{values.stand / CHIP:+.2f} standing, {conclusion}")
