"""How far a session strays from the edge, and how long until the edge shows: lesson 08 (spread).

One bet of one chip wins ``pays`` with chance ``w``, pushes with chance ``t`` and loses
the chip with chance ``l``. Its exact mean and variance follow from those three numbers
(:func:`bet_spread`), which come from the exact odds of a full shoe
(:func:`~baccarat_lessons.analysis.exact.exact_odds`); nothing here re-states a rule.

A session of ``n`` bets adds ``n`` such results. Its mean and variance grow like ``n``,
so its standard deviation grows like ``√n`` while the expected loss grows like ``n``: the
edge is swamped at first and shows only after about ``4 σ² / μ²`` rounds
(:func:`rounds_until_edge_shows`). The exact distribution of a session's net
(:func:`session_distribution`, by convolution) is the central limit theorem at work.

>>> banker = bet_spread("banker")
>>> f"{float(banker.mean):+.4%}", f"{banker.sd:.4f}"
('-1.0579%', '0.9274')
>>> rounds_until_edge_shows("banker")
30738
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ...engine.bets import BankerPays, BetSpot
from ...engine.errors import SettingsError
from ..composition import Composition
from ..exact import exact_odds
from ..reports import REPORT_SPOTS

# Coups dealt per hour: round figures ASSUMED for illustration, not measurements (no source
# in this project records a rate). A full table with card squeezing is slow; a Mini dealer
# deals every card quickly. A teacher can pass the rate of the table they have in mind.
HANDS_PER_HOUR = {"big table": 70, "Mini Baccarat": 160}
Z_95 = Fraction(196, 100)  # a normal variable lies within ±1.96 SD with chance 95%


def _spot(spot: BetSpot | str) -> BetSpot:
    return spot if isinstance(spot, BetSpot) else BetSpot.from_key(spot)


@dataclass(frozen=True)
class BetSpread:
    """The exact distribution of one chip's net result on one bet, and its moments."""

    spot: BetSpot
    pays: Fraction  # profit per chip on a win
    win: Fraction
    push: Fraction
    lose: Fraction

    @property
    def mean(self) -> Fraction:
        """Expected net per chip (negative: minus the house edge)."""
        return self.win * self.pays - self.lose

    @property
    def variance(self) -> Fraction:
        """E[X²] − E[X]²: a push adds nothing to E[X²]."""
        return self.win * self.pays**2 + self.lose - self.mean**2

    @property
    def sd(self) -> float:
        return math.sqrt(self.variance)


def bet_spread(spot: BetSpot | str, decks: int = 8, tie_pays: int = 8,
               banker_pays: BankerPays | str = "commission") -> BetSpread:
    """Exact mean and variance of the net of one chip on ``spot`` off a full shoe.

    >>> tie = bet_spread("tie")
    >>> f"{tie.sd:.3f}", tie.variance > bet_spread("tie", tie_pays=9).variance
    ('2.641', False)
    """
    spot = _spot(spot)
    bet = exact_odds(Composition.full(decks), tie_pays=tie_pays, banker_pays=banker_pays).bets[spot]
    return BetSpread(spot, bet.pays, bet.win, bet.push, bet.lose)


def spreads_table_rows(decks=(8, 6), spots=REPORT_SPOTS) -> list[tuple[BetSpot, list[BetSpread]]]:
    """Each bet's spread at each deck count, for the lesson's table."""
    return [(spot, [bet_spread(spot, d) for d in decks]) for spot in spots]


def standard_error(spot: BetSpot | str, rounds: int, decks: int = 8) -> float:
    """How far the average result per chip of ``rounds`` bets typically strays: σ / √n.

    >>> round(standard_error("banker", 10_000), 5)
    0.00927
    """
    if rounds < 1:
        raise SettingsError(f"A session needs at least one round; {rounds} is not enough.")
    return bet_spread(spot, decks).sd / math.sqrt(rounds)


def edge_interval(average: float, spot: BetSpot | str, rounds: int, decks: int = 8) -> tuple[float, float]:
    """A 95% interval for the true result per chip, from a simulated ``average`` of ``rounds`` bets.

    >>> low, high = edge_interval(-0.012, "banker", 1_000_000)
    >>> round(low, 4), round(high, 4)
    (-0.0138, -0.0102)
    """
    half = float(Z_95) * standard_error(spot, rounds, decks)
    return average - half, average + half


def rounds_until_edge_shows(spot: BetSpot | str, decks: int = 8, sds: int = 2) -> int:
    """The fewest rounds after which the expected loss exceeds ``sds`` standard deviations.

    The loss is n|μ| and the SD σ√n, so n|μ| > k σ √n once n > k² σ² / μ² (exact, then
    rounded up).

    >>> rounds_until_edge_shows("player"), rounds_until_edge_shows("tie")
    (23723, 1353)
    """
    spread = bet_spread(spot, decks)
    if spread.mean == 0:
        raise SettingsError("A fair bet has no edge to show, however long the session.")
    threshold = sds**2 * spread.variance / spread.mean**2
    return math.floor(threshold) + 1


def session_distribution(rounds: int, spot: BetSpot | str, decks: int = 8, tie_pays: int = 8,
                         banker_pays: BankerPays | str = "commission") -> tuple[np.ndarray, np.ndarray]:
    """The exact chance of every net result of ``rounds`` one-chip bets, by convolution.

    Returns ``(nets, chances)`` with nets in chips. One coup's distribution is put on a
    grid of steps of ``1 / denominator of the payout`` (a twentieth for 0.95:1) and
    convolved with itself ``rounds`` times through the fast Fourier transform, exact up
    to floating-point rounding (about 1e-12).

    >>> nets, chances = session_distribution(2, "player")
    >>> [(int(n), round(float(c), 4)) for n, c in zip(nets, chances) if c > 1e-9]
    [(-2, 0.2103), (-1, 0.0873), (0, 0.4183), (1, 0.0849), (2, 0.1991)]
    """
    if rounds < 1:
        raise SettingsError(f"A session needs at least one round; {rounds} is not enough.")
    spread = bet_spread(spot, decks, tie_pays, banker_pays)
    step = spread.pays.denominator
    win_steps = int(spread.pays * step)
    one = np.zeros(rounds * (win_steps + step) + 1)
    one[0], one[step], one[step + win_steps] = float(spread.lose), float(spread.push), float(spread.win)
    chances = np.fft.irfft(np.fft.rfft(one) ** rounds, n=len(one))
    chances = np.clip(chances, 0, None)
    nets = (np.arange(len(one)) - rounds * step) / step
    return nets, chances / chances.sum()


def normal_curve(nets: np.ndarray, rounds: int, spot: BetSpot | str, decks: int = 8) -> np.ndarray:
    """The normal density with the session's exact mean and SD at ``nets``, per chip: beside bars of
    1-chip bins it reads as the chance of each bin."""
    spread = bet_spread(spot, decks)
    mean, sd = rounds * float(spread.mean), spread.sd * math.sqrt(rounds)
    return np.exp(-0.5 * ((nets - mean) / sd) ** 2) / (sd * math.sqrt(2 * math.pi))


@dataclass(frozen=True)
class HourOfPlay:
    """What an hour of flat bets costs on average, and how far an hour strays from that."""

    table: str
    hands: int
    stake: int
    expected_loss: Fraction  # chips
    sd: float  # chips

    @property
    def typical_range(self) -> tuple[float, float]:
        """The net of about 95% of such hours: the mean ± 2 SD."""
        return float(-self.expected_loss) - 2 * self.sd, float(-self.expected_loss) + 2 * self.sd


def hour_of_play(table: str, spot: BetSpot | str = "banker", stake: int = 10, decks: int = 8,
                 hands: int | None = None) -> HourOfPlay:
    """Expected loss per hour (hands per hour × stake × edge) and its SD (stake × σ × √hands).

    >>> hour = hour_of_play("Mini Baccarat", "banker", stake=10)
    >>> hour.hands, f"{float(hour.expected_loss):.2f}", f"{hour.sd:.1f}"
    (160, '16.93', '117.3')
    """
    if hands is None:
        if table not in HANDS_PER_HOUR:
            raise SettingsError(f"No assumed pace for '{table}'; the tables are {', '.join(HANDS_PER_HOUR)}.")
        hands = HANDS_PER_HOUR[table]
    spread = bet_spread(spot, decks)
    return HourOfPlay(table, hands, stake, -spread.mean * hands * stake, stake * spread.sd * math.sqrt(hands))


def plot_session(ax, rounds: int, spot: BetSpot | str = "banker", decks: int = 8, legend: bool = True):
    """The exact distribution of a session's net as bars, with the normal curve over it."""
    nets, chances = session_distribution(rounds, spot, decks)
    # Banker's nets fall on twentieths of a chip: gather them into whole-chip bins to see a shape.
    low = math.floor(nets[0])
    binned = np.bincount(np.floor(nets + 0.5).astype(int) - low, weights=chances)
    whole = np.arange(len(binned)) + low
    shown = binned > 1e-6
    ax.bar(whole[shown], binned[shown], width=0.9, color="#1f5fbf", label="exact (1-chip bins)")
    # The normal curve is drawn smooth, on a fine grid over the bars' range, so one coup's three
    # spikes are shown against a real bell rather than three points joined by lines.
    fine = np.linspace(whole[shown][0] - 1, whole[shown][-1] + 1, 400)
    ax.plot(fine, normal_curve(fine, rounds, spot, decks), color="#b3122e",
            label="normal curve (same mean and SD)")
    ax.set_xlabel("net result of the session (chips)")
    ax.set_ylabel("chance")
    ax.set_title(f"{rounds:,} one-chip bet{'' if rounds == 1 else 's'} on {_spot(spot).value}")
    if legend:
        # Room above the tallest bar, so the legend covers no bar.
        ax.set_ylim(0, ax.get_ylim()[1] * 1.6)
        ax.legend(loc="upper left")
    return ax
