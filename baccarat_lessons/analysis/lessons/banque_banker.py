"""The Banque banker's free choice, in a model a lesson can compute by hand.

The banker sees its own two cards, what each tableau did (stood, or the value of the
third card it drew face up) and the stakes on each side. Should it draw or stand?
Here the question is answered exactly in a simple model:

* an infinite deck: each card is a ten-value with chance 4/13 and each of 1-9 with 1/13;
* no natural is on the table (a natural settles before the banker chooses);
* each captain follows the guidance: draws on 0-4, stands on 6-7, and on 5 draws
  with chance ``draw_on_five``;
* the banker counts a win on a side as +stake, a loss as -stake, a tie as 0, and
  ignores the commission on its net gain (which only shrinks a winning coup a little).

Seeing "stood" or the third card changes what the tableau's hidden two cards are
likely to be; from that, each side's final total has a distribution, and the banker's
expected gain from drawing and from standing is a short exact sum.

>>> choice = banker_choice(6, right=None, left=None, right_stake=10, left_stake=10)
>>> choice.decision                      # both stood: a 6 stands
'stand'
>>> banker_choice(5, right=4, left=None, right_stake=50, left_stake=5).decision
'draw'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

CARD_CHANCE = tuple([Fraction(4, 13)] + [Fraction(1, 13)] * 9)  # value 0 (tens, pictures), then 1-9


@lru_cache(maxsize=None)
def two_card_chances() -> tuple[Fraction, ...]:
    """Chance of each two-card total 0-9 from an infinite deck."""
    chances = [Fraction(0)] * 10
    for a, pa in enumerate(CARD_CHANCE):
        for b, pb in enumerate(CARD_CHANCE):
            chances[(a + b) % 10] += pa * pb
    return tuple(chances)


def draw_chance(total: int, draw_on_five: Fraction) -> Fraction:
    """The guidance: draw on 0-4, stand on 6-7, draw on 5 with chance ``draw_on_five``."""
    return Fraction(1) if total <= 4 else Fraction(draw_on_five) if total == 5 else Fraction(0)


def tableau_final_chances(seen: int | None, draw_on_five=Fraction(1, 2)) -> tuple[Fraction, ...]:
    """Chance of each final total of a tableau the banker saw stand (``None``) or draw ``seen``.

    >>> chances = tableau_final_chances(None, draw_on_five=0)    # stood: 5, 6 or 7
    >>> [t for t, p in enumerate(chances) if p], sum(chances)
    ([5, 6, 7], Fraction(1, 1))
    """
    two = two_card_chances()
    weights = [Fraction(0)] * 10
    for total in range(8):  # no natural on the table
        drew = draw_chance(total, Fraction(draw_on_five))
        if seen is None:
            weights[total] += two[total] * (1 - drew)
        else:
            weights[(total + seen) % 10] += two[total] * drew
    norm = sum(weights)
    if norm == 0:
        raise ValueError("no hand following the guidance could have done that")
    return tuple(w / norm for w in weights)


def _expected_result(banker_final_chances, tableau_chances) -> Fraction:
    """Banker's expected result per chip against one tableau: P(banker higher) - P(lower)."""
    result = Fraction(0)
    for b, pb in enumerate(banker_final_chances):
        if pb:
            for t, pt in enumerate(tableau_chances):
                if pt:
                    result += pb * pt * ((b > t) - (b < t))
    return result


@dataclass(frozen=True)
class BanqueChoice:
    """The banker's expected gain (chips) from drawing and from standing, and the better one."""

    draw_value: Fraction
    stand_value: Fraction

    @property
    def decision(self) -> str:
        return "draw" if self.draw_value > self.stand_value else "stand"

    @property
    def margin(self) -> Fraction:
        return abs(self.draw_value - self.stand_value)


def banker_choice(banker_total: int, right: int | None, left: int | None, right_stake: int, left_stake: int,
                  draw_on_five=Fraction(1, 2)) -> BanqueChoice:
    """Exact expected gain of drawing and of standing for the Banque banker (model above)."""
    if not 0 <= banker_total <= 7:
        raise ValueError("the banker chooses only on a two-card total of 0 to 7")
    sides = [(tableau_final_chances(right, draw_on_five), right_stake),
             (tableau_final_chances(left, draw_on_five), left_stake)]
    stand = [Fraction(int(total == banker_total)) for total in range(10)]
    draw = [Fraction(0)] * 10
    for value, chance in enumerate(CARD_CHANCE):
        draw[(banker_total + value) % 10] += chance
    return BanqueChoice(
        draw_value=sum(stake * _expected_result(draw, chances) for chances, stake in sides),
        stand_value=sum(stake * _expected_result(stand, chances) for chances, stake in sides),
    )


def stake_flips(banker_total: int, draw_on_five=Fraction(1, 2), big: int = 50, small: int = 5) -> list[tuple]:
    """Situations where the better choice depends on which side carries the big stake:
    (right seen, left seen, choice with the big stake right, choice with it left)."""
    seen = [None, *range(10)]
    flips = []
    for right in seen:
        for left in seen:
            big_right = banker_choice(banker_total, right, left, big, small, draw_on_five).decision
            big_left = banker_choice(banker_total, right, left, small, big, draw_on_five).decision
            if big_right != big_left:
                flips.append((right, left, big_right, big_left))
    return flips
