"""Bankroll paths of flat bets, next to what the exact odds predict.

Outcomes are arrays of the codes used by :mod:`..fast_rules` (0 Player, 1 Banker,
2 Tie), one row per session. Chips stay exact: a Banker win at 0.95:1 is 19/20 of a
chip, so nets are kept as whole numbers of *twentieths* of a chip (int64) and only
turned into floats for a plot.

>>> import numpy as np
>>> rows = np.array([[1, 0, 2, 1]])          # Banker, Player, Tie, Banker
>>> cumulative_net(rows, "banker", stake=10)[0].tolist()   # in twentieths of a chip
[190, -10, -10, 180]
>>> from_twentieths(180)
Fraction(9, 1)
>>> round(float(expected_net_per_round("banker", decks=8)), 6)
-0.010579
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

import numpy as np

from ...engine.bets import BankerPays, BetSpot, CoupFacts, settle_bet
from ...engine.events import Outcome
from ...engine.variants import PUNTO_BANCO
from ..composition import Composition
from ..exact import exact_odds
from ..fast_rules import BANKER, PLAYER, TIE
from ..simulate import simulate

TWENTIETHS = 20  # 0.95:1 and 1:1 and 8:1 are all whole numbers of twentieths
OUTCOME_OF_CODE = {PLAYER: Outcome.PLAYER, BANKER: Outcome.BANKER, TIE: Outcome.TIE}
MAIN_BETS = (BetSpot.PLAYER, BetSpot.BANKER, BetSpot.TIE)


def _spot(spot: BetSpot | str) -> BetSpot:
    return spot if isinstance(spot, BetSpot) else BetSpot.from_key(spot)


@lru_cache(maxsize=None)
def net_table(spot: BetSpot | str, tie_pays: int = 8) -> np.ndarray:
    """Net result of a 1-chip bet for each outcome code, in twentieths of a chip.

    Read from :func:`~baccarat_lessons.engine.bets.settle_bet`, the one settlement
    function, at the commission of the Punto Banco record (banker-7 needs more than the
    outcome to settle).

    >>> net_table("banker").tolist(), net_table("tie", tie_pays=9).tolist()
    ([-20, 19, 0], [-20, -20, 180])
    """
    spot = _spot(spot)
    nets = []
    for code in (PLAYER, BANKER, TIE):
        facts = CoupFacts(OUTCOME_OF_CODE[code], player_total=0, banker_total=0, banker_card_count=2, cards_dealt=4)
        returned = settle_bet(spot, 1, facts, BankerPays.COMMISSION, tie_pays, PUNTO_BANCO.commission).returned
        net = (returned - 1) * TWENTIETHS
        assert net.denominator == 1, "the bankroll lessons count whole twentieths of a chip"
        nets.append(int(net))
    table = np.array(nets, dtype=np.int64)
    table.setflags(write=False)
    return table


def round_nets(outcomes: np.ndarray, spot: BetSpot | str, stake: int = 1, tie_pays: int = 8) -> np.ndarray:
    """Net of each round's flat bet, in twentieths of a chip."""
    return net_table(spot, tie_pays)[np.asarray(outcomes)] * int(stake)


def cumulative_net(outcomes: np.ndarray, spot: BetSpot | str, stake: int = 1, tie_pays: int = 8) -> np.ndarray:
    """Running net after each round, in twentieths of a chip (same shape as ``outcomes``)."""
    return np.cumsum(round_nets(outcomes, spot, stake, tie_pays), axis=-1)


def as_outcomes(codes) -> list[Outcome]:
    """Outcome codes as the engine's :class:`Outcome` values (for the roads).

    >>> [o.value for o in as_outcomes([1, 0, 2])]
    ['Banker', 'Player', 'Tie']
    """
    return [OUTCOME_OF_CODE[int(code)] for code in codes]


def from_twentieths(amount: int) -> Fraction:
    """An exact chip amount from a count of twentieths."""
    return Fraction(int(amount), TWENTIETHS)


def to_chips(amounts: np.ndarray) -> np.ndarray:
    """Twentieths to chips as floats: for plotting only, never for balances."""
    return np.asarray(amounts) / TWENTIETHS


def exact_probabilities(decks: int = 8) -> np.ndarray:
    """Exact chance of Player, Banker and Tie (in outcome-code order) for a full shoe."""
    outcomes = exact_odds(Composition.full(decks)).outcomes
    return np.array([float(outcomes[name]) for name in ("player", "banker", "tie")])


def expected_net_per_round(spot: BetSpot | str, decks: int = 8, tie_pays: int = 8) -> Fraction:
    """Exact expected net of a 1-chip bet in one round off the top of a full shoe."""
    return exact_odds(Composition.full(decks), tie_pays=tie_pays).bets[_spot(spot)].expected_net


def variance_per_chip(spot: BetSpot | str, decks: int = 8, tie_pays: int = 8) -> Fraction:
    """Exact variance of the net of a 1-chip bet in one round.

    >>> round(float(variance_per_chip("player")), 4)
    0.9047
    """
    odds = exact_odds(Composition.full(decks), tie_pays=tie_pays).bets[_spot(spot)]
    return odds.win * odds.pays**2 + odds.lose - odds.expected_net**2


def shuffled_every_hand(rounds: int, sessions: int = 1, decks: int = 8, seed=None) -> np.ndarray:
    """Outcome codes of a table that shuffles the whole shoe before every round.

    Such rounds are independent and each has the full shoe's exact probabilities, so
    drawing outcomes with those probabilities *is* that table (to the last card).
    For real shoes dealt down to the cut card, use the simulator.

    >>> shuffled_every_hand(5, sessions=2, seed=1).shape
    (2, 5)
    """
    rng = np.random.default_rng(seed)
    codes = rng.choice(3, size=(sessions, rounds), p=exact_probabilities(decks))
    return codes.astype(np.int8)


def dealt_outcomes(rounds: int, sessions: int = 1, decks: int = 8, seed=None,
                   procedure: str = "reshuffle20") -> np.ndarray:
    """Outcome codes of rounds dealt by the simulator from real shoes, one row per session.

    The rows are consecutive stretches of one long run of shoes, as if each session
    sat down where the previous one stood up.

    >>> dealt_outcomes(100, sessions=3, seed=1).shape
    (3, 100)
    """
    result = simulate(rounds * sessions, decks=decks, seed=seed, procedure=procedure, keep_rounds=True)
    return result.per_round.outcome.astype(np.int8).reshape(sessions, rounds)


def stake_words(stake: int) -> str:
    """A stake in words: "1 chip", "5 chips".

    >>> stake_words(1), stake_words(5)
    ('1 chip', '5 chips')
    """
    return f"{stake} chip" if stake == 1 else f"{stake:,} chips"


def signed(value, digits: int = 2) -> str:
    """A result with its sign, and a true minus sign for a loss.

    >>> signed(-10.5), signed(Fraction(3, 2))
    ('−10.50', '+1.50')
    """
    return f"{float(value):+.{digits}f}".replace("-", "\u2212")


@dataclass(frozen=True)
class PathSummary:
    """What a bundle of bankroll paths did, next to the exact prediction."""

    spot: BetSpot
    sessions: int
    rounds: int
    stake: int
    mean_net: float  # chips per session, averaged over sessions
    expected_net: Fraction  # exact, chips per session
    standard_deviation: float  # of one session's net, from the exact odds
    ahead_fraction: float  # sessions that finished ahead

    @property
    def text(self) -> str:
        return (
            f"{self.sessions:,} sessions of {self.rounds:,} rounds, {stake_words(self.stake)} on {self.spot.value}: "
            f"average result {signed(self.mean_net)} chips (exact expectation {signed(self.expected_net)}); "
            f"{100 * self.ahead_fraction:.1f}% of sessions finished ahead."
        )


def summarize_paths(
    outcomes: np.ndarray, spot: BetSpot | str, stake: int = 1, decks: int = 8, tie_pays: int = 8
) -> PathSummary:
    """Compare the sessions in ``outcomes`` (one row each) with the exact odds."""
    spot = _spot(spot)
    outcomes = np.atleast_2d(outcomes)
    finals = round_nets(outcomes, spot, stake, tie_pays).sum(axis=1)
    odds = exact_odds(Composition.full(decks), tie_pays=tie_pays).bets[spot]
    rounds = outcomes.shape[1]
    mean = odds.expected_net
    variance = float(variance_per_chip(spot, decks, tie_pays))
    return PathSummary(
        spot=spot,
        sessions=outcomes.shape[0],
        rounds=rounds,
        stake=stake,
        mean_net=float(to_chips(finals).mean()),
        expected_net=mean * stake * rounds,
        standard_deviation=float(np.sqrt(variance * rounds)) * stake,
        ahead_fraction=float((finals > 0).mean()),
    )


def plot_paths(ax, outcomes: np.ndarray, spot: BetSpot | str, stake: int = 1, decks: int = 8, start: int = 0,
               shown: int = 30):
    """Draw up to ``shown`` bankroll paths and the exact expectation with a ±2 s.d. band."""
    spot = _spot(spot)
    outcomes = np.atleast_2d(outcomes)
    paths = start + to_chips(cumulative_net(outcomes, spot, stake))
    rounds = np.arange(1, outcomes.shape[1] + 1)
    for path in paths[:shown]:
        ax.plot(rounds, path, linewidth=0.7, alpha=0.5)
    summary = summarize_paths(outcomes[:, :1], spot, stake, decks)
    per_round_mean = float(summary.expected_net)
    per_round_sd = summary.standard_deviation
    expected = start + per_round_mean * rounds
    ax.plot(rounds, expected, color="black", linewidth=2, label="exact expectation")
    band = 2 * per_round_sd * np.sqrt(rounds)
    ax.fill_between(rounds, expected - band, expected + band, color="grey", alpha=0.2, label="±2 standard deviations")
    ax.set_xlabel("rounds played")
    ax.set_ylabel("chips")
    ax.set_title(f"{stake_words(stake)} on {spot.value}, every round")
    ax.legend(loc="lower left")
    return ax


def net_distribution(rounds: int, spot: BetSpot | str, decks: int = 8, tie_pays: int = 8) -> tuple[int, np.ndarray]:
    """Chance of every net result of ``rounds`` independent 1-chip bets, in twentieths of a chip.

    Returns ``(lowest, chances)``: ``chances[k]`` is the chance the net is ``lowest + k``
    twentieths. Each round wins, loses or pushes with the exact chances of a full shoe;
    the ``rounds``-fold convolution is done by the fast Fourier transform, which is exact
    up to floating-point rounding (about 1e-12 here), for 10 rounds or 10,000.

    >>> lowest, chances = net_distribution(2, "player")
    >>> lowest, [round(float(c), 4) for c in chances[::20]]     # -2, -1, 0, +1, +2 chips
    (-40, [0.2103, 0.0873, 0.4183, 0.0849, 0.1991])
    """
    spot = _spot(spot)
    nets = net_table(spot, tie_pays)
    outcomes = exact_odds(Composition.full(decks), tie_pays=tie_pays).outcomes
    chance = np.array([float(outcomes[name]) for name in ("player", "banker", "tie")])
    low, high = int(nets.min()), int(nets.max())
    size = rounds * (high - low) + 1
    one_round = np.zeros(size)
    np.add.at(one_round, nets - low, chance)
    spectrum = np.fft.rfft(one_round) ** rounds
    chances = np.clip(np.fft.irfft(spectrum, n=size), 0, None)
    return rounds * low, chances / chances.sum()


def ahead_chance(rounds: int, spot: BetSpot | str, decks: int = 8, tie_pays: int = 8) -> float:
    """Exact chance that ``rounds`` flat 1-chip bets finish strictly ahead (pushes included).

    >>> round(ahead_chance(10, "banker"), 4)
    0.4446
    """
    lowest, chances = net_distribution(rounds, spot, decks, tie_pays)
    return float(chances[-lowest + 1:].sum())


def normal_ahead_chance(rounds: int, spot: BetSpot | str, decks: int = 8) -> float:
    """The normal approximation to :func:`ahead_chance` (good for many rounds only).

    >>> round(normal_ahead_chance(10, "banker"), 2)
    0.49
    """
    from math import erf, sqrt  # noqa: PLC0415

    mean = float(expected_net_per_round(spot, decks))
    sd = float(variance_per_chip(spot, decks)) ** 0.5
    z = -mean * rounds / (sd * sqrt(rounds))  # P(net > 0) = P(Z > -mean n / (sd sqrt n))
    return 0.5 * (1 - erf(z / sqrt(2)))


@dataclass(frozen=True)
class AheadRow:
    """After ``rounds`` rounds: the share of sessions ahead, simulated, exact and approximated."""

    rounds: int
    simulated: float
    exact: float  # from the exact distribution of the net (:func:`ahead_chance`)
    normal: float  # the normal approximation, for comparison


def ahead_rows(outcomes: np.ndarray, spot: BetSpot | str, checkpoints=(10, 100, 1000, 10_000), decks: int = 8
               ) -> list[AheadRow]:
    """How the chance of being ahead shrinks as a flat bettor plays on.

    The expected loss grows like the number of rounds, the spread only like its square
    root, so the share of sessions ahead falls towards zero.
    """
    spot = _spot(spot)
    outcomes = np.atleast_2d(outcomes)
    paths = cumulative_net(outcomes, spot)
    return [
        AheadRow(n, float((paths[:, n - 1] > 0).mean()), ahead_chance(n, spot, decks), normal_ahead_chance(n, spot, decks))
        for n in checkpoints if n <= outcomes.shape[1]
    ]


def plot_running_average(ax, outcomes_row: np.ndarray, spot: BetSpot | str, decks: int = 8):
    """The average result per chip after n rounds of one long session, against the exact value and
    the ±2 standard-error funnel it stays inside about 95% of the time."""
    spot = _spot(spot)
    nets = to_chips(round_nets(np.asarray(outcomes_row).ravel(), spot))
    rounds = np.arange(1, len(nets) + 1)
    mean = float(expected_net_per_round(spot, decks))
    error = 2 * math.sqrt(variance_per_chip(spot, decks)) / np.sqrt(rounds)
    ax.fill_between(rounds, mean - error, mean + error, color="#cccccc", label="exact ± 2 standard errors")
    ax.plot(rounds, np.cumsum(nets) / rounds, linewidth=1, label="average so far")
    ax.axhline(mean, color="black", linestyle="--", label="exact expectation")
    ax.set_xscale("log")
    ax.set_ylim(-0.35, 0.35)  # the first rounds swing by a whole chip; the funnel is what matters
    ax.set_xlabel("rounds played (log scale)")
    ax.set_ylabel("average result per chip")
    ax.set_title(f"One long session on {spot.value}: the average closes in, slowly")
    ax.legend(loc="upper right")
    return ax
