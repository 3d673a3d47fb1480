"""What a Punto Banco or Mini Baccarat session did, against what its bets were expected to do.

The expectation of each bet is its exact expected net per chip for a full shoe
(:func:`~baccarat_lessons.analysis.exact.exact_odds` on
:meth:`Composition.full`), at the table's payouts. The cards already dealt are
not taken into account: the shoe's changing composition moves a bet's
expectation by a tiny amount, and the full-shoe figure is the one a student can
check in any table of baccarat odds.

>>> from baccarat_lessons.engine.driver import Driver
>>> from baccarat_lessons.engine.shoe import Shoe
>>> driver = Driver("punto-banco", shoe=Shoe.stacked("2S AC 2H 2D 8C"))
>>> _ = driver.act("BET", 1000, "Banker"); _ = driver.act("DEAL")
>>> stats = session_stats(driver.table.history, 10000, decks=8)
>>> stats.hands_played, stats.wins[Outcome.BANKER], show_chips(stats.net)
(1, 1, '9.50')
>>> round(float(stats.expected_net), 2)   # 10 chips on Banker at 0.95:1 lose about 1.06% on average
-10.58
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

from ..engine.bets import BankerPays, BetSpot
from ..engine.events import Outcome
from ..engine.money import show_chips  # noqa: F401  (doctest)
from ..engine.records import CoupRecord
from .composition import Composition
from .exact import exact_odds


@dataclass(frozen=True)
class SessionStats:
    """The numbers of the statistics panel; amounts are hundredths of a chip (the expectation exact)."""

    hands_played: int
    wins: dict[Outcome, int]
    staked: int            # every chip put on the layout, over all rounds
    net: int               # balance now less balance at the start
    largest_swing: int     # the largest fall of the balance from a peak to a later trough
    expected_net: Fraction   # what the bets actually placed were expected to return, in total


def expected_net_per_chip(decks: int = 8, tie_pays: int = 8,
                          banker_pays: BankerPays | str = BankerPays.COMMISSION) -> dict[BetSpot, Fraction]:
    """Each bet's exact expected net result per chip staked, for a full shoe of ``decks`` decks.

    >>> round(float(expected_net_per_chip()[BetSpot.PLAYER]), 6)
    -0.012351
    """
    odds = exact_odds(Composition.full(decks), tie_pays, banker_pays)
    return {spot: bet.expected_net for spot, bet in odds.bets.items()}


def largest_swing(balances: Sequence[int]) -> int:
    """The largest peak-to-trough fall in a sequence of balances (0 if it never falls).

    >>> largest_swing([100, 110, 90, 120, 105])
    20
    """
    swing, peak = 0, None
    for balance in balances:
        peak = balance if peak is None or balance > peak else peak
        swing = max(swing, peak - balance)
    return swing


def session_stats(history: Sequence[CoupRecord], starting: int, decks: int = 8, tie_pays: int = 8,
                  banker_pays: BankerPays | str = BankerPays.COMMISSION) -> SessionStats:
    """The statistics of the coups in ``history`` (the user's seat, which began with ``starting``
    hundredths), the expectation at the given payouts."""
    per_chip = expected_net_per_chip(decks, tie_pays, banker_pays) if history else {}
    wins = {outcome: 0 for outcome in Outcome}
    expected = Fraction(0)
    for record in history:
        wins[record.outcome] += 1
        expected += sum((stake.amount * per_chip[stake.hand] for stake in record.stakes), Fraction(0))
    balances = [starting, *(record.balances[0] for record in history)]
    return SessionStats(
        hands_played=len(history),
        wins=wins,
        staked=sum(record.staked for record in history),
        net=sum(record.net_of(0) for record in history),
        largest_swing=largest_swing(balances),
        expected_net=expected,
    )
