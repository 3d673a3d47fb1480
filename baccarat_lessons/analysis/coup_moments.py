"""What one coup's bets were expected to do, before its cards were dealt: the mean and variance of their net.

The class server (issue 32) sets each student's session result beside the normal curve the central limit
theorem predicts for it: a session's net is a sum of coups, so its mean and variance are taken as the sums
of the coups' (the coups of one shoe are not quite independent, as the shoe is used up). Both come from a
full shoe's exact odds (:func:`~.exact.exact_odds`), as the statistics panel's expectation does
(:mod:`.session_stats`), so they are exact for a coup dealt from a full shoe.

- **Banker, Player and Tie** are settled by the coup's result alone (and, at Banker 7 tables, by whether
  Banker won with a three-card 7), so their joint law is exact: a Player win, a Tie, a Banker win that
  pays, and (Banker 7 tables) a Banker win that pushes. Their mean and variance together are exact,
  whatever mix of them a coup holds.
- **Side bets** (pairs, Big, Small) add their exact mean; their variance is added as if they were
  independent of the coup's other bets and of each other, which they may not be at all (Big and Small
  exclude each other, a Player Pair is also an Either Pair, a pair makes some totals likelier).
  :func:`side_bet_share` says how much of a coup's variance came that way.

>>> odds = full_shoe_odds(8, 8, "commission", Fraction(1, 20))
>>> mean, variance = coup_moments([(BetSpot.BANKER, 100)], odds)
>>> round(float(mean), 4), round(float(variance) ** 0.5, 2)   # one chip on Banker: -1.06% and SD 0.93 chip
(-1.0579, 92.74)
>>> coup_moments([(BetSpot.BANKER, 100), (BetSpot.PLAYER, 100)], odds)[1] < variance   # the two cancel
True
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Iterable

from ..engine.bets import BankerPays, BetSpot
from .composition import Composition
from .exact import Odds, exact_odds

MAIN_SPOTS = (BetSpot.BANKER, BetSpot.PLAYER, BetSpot.TIE)


@lru_cache(maxsize=None)
def full_shoe_odds(decks: int, tie_pays: int, banker_pays: BankerPays | str, commission: Fraction) -> Odds:
    """A full shoe's exact odds at these payouts (worked out once per table's settings)."""
    return exact_odds(Composition.full(decks), tie_pays, banker_pays, commission)


def main_bet_law(odds: Odds) -> list[tuple[Fraction, dict[BetSpot, Fraction]]]:
    """The joint law of Banker, Player and Tie per chip: (chance, each spot's net per chip) for each way
    a coup can settle them."""
    banker, player, tie = (odds.bets[spot] for spot in MAIN_SPOTS)
    return [
        (player.win, {BetSpot.BANKER: Fraction(-1), BetSpot.PLAYER: Fraction(1), BetSpot.TIE: Fraction(-1)}),
        (tie.win, {BetSpot.BANKER: Fraction(0), BetSpot.PLAYER: Fraction(0), BetSpot.TIE: tie.pays}),
        (banker.win, {BetSpot.BANKER: banker.pays, BetSpot.PLAYER: Fraction(-1), BetSpot.TIE: Fraction(-1)}),
        # A Banker push that is not a tie (a three-card Banker 7 at a Banker 7 table).
        (banker.push - tie.win, {BetSpot.BANKER: Fraction(0), BetSpot.PLAYER: Fraction(-1), BetSpot.TIE: Fraction(-1)}),
    ]


def coup_moments(stakes: Iterable[tuple[BetSpot, int]], odds: Odds) -> tuple[Fraction, Fraction]:
    """The mean and variance of the net of ``stakes`` (spot, amount) on one coup, in the amounts' unit."""
    amounts: dict[BetSpot, int] = {}
    for spot, amount in stakes:
        amounts[spot] = amounts.get(spot, 0) + amount
    mean, variance = Fraction(0), Fraction(0)
    main = [(chance, sum((amounts.get(spot, 0) * net for spot, net in nets.items()), Fraction(0)))
            for chance, nets in main_bet_law(odds)]
    main_mean = sum((chance * net for chance, net in main), Fraction(0))
    mean += main_mean
    variance += sum((chance * (net - main_mean) ** 2 for chance, net in main), Fraction(0))
    for spot, amount in amounts.items():
        if spot not in MAIN_SPOTS:
            bet = odds.bets[spot]
            per_chip = bet.expected_net
            mean += amount * per_chip
            variance += amount * amount * (bet.win * (bet.pays - per_chip) ** 2 + bet.push * per_chip ** 2
                                           + bet.lose * (1 + per_chip) ** 2)
    return mean, variance


def side_bet_share(stakes: Iterable[tuple[BetSpot, int]], odds: Odds) -> Fraction:
    """The share of :func:`coup_moments`'s variance that its side bets bring (added as if independent).

    >>> side_bet_share([(BetSpot.BANKER, 100)], full_shoe_odds(8, 8, "commission", Fraction(1, 20)))
    Fraction(0, 1)
    """
    stakes = list(stakes)
    whole = coup_moments(stakes, odds)[1]
    main_only = coup_moments([(spot, amount) for spot, amount in stakes if spot in MAIN_SPOTS], odds)[1]
    return (whole - main_only) / whole if whole else Fraction(0)
