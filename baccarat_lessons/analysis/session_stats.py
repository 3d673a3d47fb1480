"""What a Punto Banco or Mini Baccarat session did, against what its bets were expected to do.

The expectation of each bet is its exact expected net per chip for a full shoe
(:func:`~baccarat_lessons.analysis.exact.exact_odds` on
:meth:`Composition.full`), at the table's payouts and its variant record's
commission. The cards already dealt are
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
from ..engine.variants import PUNTO_BANCO
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
                          banker_pays: BankerPays | str = BankerPays.COMMISSION,
                          commission: Fraction = PUNTO_BANCO.commission) -> dict[BetSpot, Fraction]:
    """Each bet's exact expected net result per chip staked, for a full shoe of ``decks`` decks
    (a Banker win paying 1:1 less ``commission``, the rate of the table's variant record).

    >>> round(float(expected_net_per_chip()[BetSpot.PLAYER]), 6)
    -0.012351
    """
    odds = exact_odds(Composition.full(decks), tie_pays, banker_pays, commission)
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


class RunningStats:
    """The statistics of a growing history, one coup at a time: a coup is added, never changed, so
    a long session's statistics cost no more to bring up to date than a short one's.

    >>> running = RunningStats(10000, decks=8)
    >>> running.stats().hands_played, running.count
    (0, 0)
    """

    def __init__(self, starting: int, decks: int = 8, tie_pays: int = 8,
                 banker_pays: BankerPays | str = BankerPays.COMMISSION,
                 commission: Fraction = PUNTO_BANCO.commission):
        self.payouts = (decks, tie_pays, banker_pays, commission)
        self._per_chip: dict[BetSpot, Fraction] | None = None  # worked out at the first coup
        self.count = 0
        self.wins = {outcome: 0 for outcome in Outcome}
        self.expected, self.staked, self.net = Fraction(0), 0, 0
        self.peak = self.balance = starting
        self.swing = 0

    def add(self, record: CoupRecord) -> None:
        if self._per_chip is None:
            self._per_chip = expected_net_per_chip(*self.payouts)
        self.count += 1
        self.wins[record.outcome] += 1
        self.expected += sum((stake.amount * self._per_chip[stake.hand] for stake in record.stakes), Fraction(0))
        self.staked += record.staked
        self.net += record.net_of(0)
        self.balance = record.balances[0]
        self.peak = max(self.peak, self.balance)
        self.swing = max(self.swing, self.peak - self.balance)

    def stats(self) -> SessionStats:
        return SessionStats(hands_played=self.count, wins=dict(self.wins), staked=self.staked, net=self.net,
                            largest_swing=self.swing, expected_net=self.expected)


def session_stats(history: Sequence[CoupRecord], starting: int, decks: int = 8, tie_pays: int = 8,
                  banker_pays: BankerPays | str = BankerPays.COMMISSION,
                  commission: Fraction = PUNTO_BANCO.commission) -> SessionStats:
    """The statistics of the coups in ``history`` (the user's seat, which began with ``starting``
    hundredths), the expectation at the given payouts and commission."""
    running = RunningStats(starting, decks, tie_pays, banker_pays, commission)
    for record in history:
        running.add(record)
    return running.stats()
