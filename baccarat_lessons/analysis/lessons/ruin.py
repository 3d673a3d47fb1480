"""The gambler's ruin, the Martingale's bust, and bet size when the edge turns: lesson 12 (ruin and bet size).

A bankroll that bets until it doubles or runs out is a Markov chain: its state is the
balance, each decided coup moves it up by the win or down by the stake, and a tie
leaves it where it was (so only decided coups matter: win with ``p = w / (w + l)``).
The chance of reaching the goal from every balance solves one linear system
(:func:`reach_chance`). Balances are kept in whole *steps* — a twentieth of a chip for
Banker's 0.95:1 — so a Banker win lands exactly on a state of the chain.

>>> f"{doubling_chance(100, 1, 'player'):.9f}"     # timid: one chip at a time
'0.061220327'
>>> f"{doubling_chance(100, 100, 'player'):.9f}"   # bold: everything on one coup
'0.493175170'
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

import numpy as np

from ...engine.bets import MAIN_SPOTS, BetSpot
from ...engine.errors import SettingsError
from .bankroll import TWENTIETHS, exact_probabilities, net_table
from .spread import bet_spread

# Beyond this many balances a dense solve gets slow (4,000 take under a second).
MOST_STATES = 6_000


def _main_spot(spot: BetSpot | str) -> BetSpot:
    spot = spot if isinstance(spot, BetSpot) else BetSpot.from_key(spot)
    if spot not in MAIN_SPOTS:
        raise SettingsError(f"The ruin lesson bets on Player, Banker or Tie; {spot.value} is not one of them.")
    return spot


def _check_amounts(bankroll: int, unit: int) -> None:
    if not isinstance(bankroll, int) or not isinstance(unit, int) or bankroll < 1 or unit < 1:
        raise SettingsError("The bankroll and the stake are whole numbers of chips, at least 1.")
    if unit > bankroll:
        raise SettingsError(f"A stake of {unit} chips is more than the {bankroll}-chip bankroll.")


def decided_win_chance(spot: BetSpot | str, decks: int = 8) -> Fraction:
    """The chance that a coup that does not push wins: ``w / (w + l)``.

    >>> f"{float(decided_win_chance('banker')):.6f}", f"{float(decided_win_chance('player')):.6f}"
    ('0.506825', '0.493175')
    """
    spread = bet_spread(_main_spot(spot), decks)
    return spread.win / (spread.win + spread.lose)


def reach_chance(start: int, goal: int, stake_for, spot: BetSpot | str = "player", decks: int = 8) -> float:
    """The chance that a balance of ``start`` chips reaches ``goal`` before it falls below one chip.

    ``stake_for(balance)`` names the whole chips staked at a balance (a :class:`Fraction`
    of chips). Every balance reachable from ``start`` is a state; the chance ``h`` of
    reaching the goal from each satisfies ``h(x) = p h(x + win) + (1 - p) h(x - stake)``,
    with ``h = 1`` at or beyond the goal and ``h = 0`` below one chip. The system is
    solved in double precision (error about 1e-13 on these chains).
    """
    spot = _main_spot(spot)
    pays = bet_spread(spot, decks).pays
    scale = pays.denominator
    p = float(decided_win_chance(spot, decks))
    moves, order = {}, [start * scale]
    seen = set(order)
    for x in order:  # breadth first: the list grows while it is read
        stake = int(stake_for(Fraction(x, scale)))
        up, down = x + int(stake * pays * scale), x - stake * scale
        moves[x] = (up, down)
        for y in (up, down):
            if scale <= y < goal * scale and y not in seen:
                seen.add(y)
                order.append(y)
        if len(order) > MOST_STATES:
            raise SettingsError(f"That chain has more than {MOST_STATES:,} balances; choose a smaller bankroll.")
    index = {x: i for i, x in enumerate(order)}
    matrix, target = np.eye(len(order)), np.zeros(len(order))
    for x, (up, down) in moves.items():
        for y, chance in ((up, p), (down, 1 - p)):
            if y >= goal * scale:
                target[index[x]] += chance
            elif y >= scale:
                matrix[index[x], index[y]] -= chance
    return float(np.linalg.solve(matrix, target)[0])


@lru_cache(maxsize=None)
def doubling_chance(bankroll: int, unit: int, spot: BetSpot | str = "player", decks: int = 8) -> float:
    """The chance of turning ``bankroll`` chips into twice as many before going broke,
    staking ``unit`` chips on every coup (all that is left when less; a tie pushes).

    >>> round(doubling_chance(100, 1, "banker"), 6)
    0.077749
    """
    _check_amounts(bankroll, unit)
    return reach_chance(bankroll, 2 * bankroll, lambda balance: min(unit, math.floor(balance)), spot, decks)


@lru_cache(maxsize=None)
def bold_doubling_chance(bankroll: int, spot: BetSpot | str = "player", decks: int = 8) -> float:
    """Bold play: stake everything, or just enough to reach the goal if that is less.

    >>> round(bold_doubling_chance(100, "banker"), 6)
    0.491741
    """
    _check_amounts(bankroll, 1)
    pays = bet_spread(_main_spot(spot), decks).pays
    goal = 2 * bankroll

    def stake_for(balance: Fraction) -> int:
        return min(math.floor(balance), math.ceil((goal - balance) / pays))

    return reach_chance(bankroll, goal, stake_for, spot, decks)


def simulate_doubling(bankroll: int, unit: int, spot: BetSpot | str = "player", sessions: int = 10_000,
                      decks: int = 8, seed=None) -> float:
    """The share of ``sessions`` simulated bankrolls that double, staking as :func:`doubling_chance` does.

    Coups are drawn with a full shoe's exact chances; a tie changes nothing, so only
    decided coups are drawn. Balances are kept in whole steps, as in the chain.

    >>> share = simulate_doubling(10, 1, "player", sessions=2_000, seed=1)
    >>> abs(share - doubling_chance(10, 1, "player")) < 0.04
    True
    """
    _check_amounts(bankroll, unit)
    pays = bet_spread(_main_spot(spot), decks).pays
    scale, p = pays.denominator, float(decided_win_chance(spot, decks))
    rng = np.random.default_rng(seed)
    balance = np.full(sessions, bankroll * scale, dtype=np.int64)
    playing = np.ones(sessions, dtype=bool)
    while playing.any():
        stake = np.minimum(unit, balance // scale)
        won = rng.random(sessions) < p
        change = np.where(won, int(pays * scale) * stake, -scale * stake)
        balance = np.where(playing, balance + change, balance)
        playing &= (balance >= scale) & (balance < 2 * bankroll * scale)
    return float((balance >= 2 * bankroll * scale).mean())


def gamblers_ruin_formula(bankroll: int, goal: int, p: float) -> float:
    """The textbook chance of reaching ``goal`` from ``bankroll`` with ±1 steps, win chance ``p``:
    ``(1 − r^b) / (1 − r^g)`` with ``r = q / p``.

    >>> round(gamblers_ruin_formula(10, 20, 0.5), 6)
    0.5
    """
    if p == 0.5:
        return bankroll / goal
    r = (1 - p) / p
    return (1 - r**bankroll) / (1 - r**goal)


@dataclass(frozen=True)
class MartingaleOdds:
    """The exact distribution of a Martingale session's end, summarised."""

    rounds: int
    bankroll: int
    bust: float  # chance of ending with less than one chip
    ahead: float  # chance of ending strictly ahead
    mean_net: float  # expected net, chips
    ahead_median: float  # the median net of the sessions that end ahead, chips


def martingale_odds(rounds: int = 200, bankroll: int = 100, base_stake: int = 1, table_max: int | None = 100,
                    decks: int = 8) -> MartingaleOdds:
    """Exactly what the Martingale on Banker of lesson 10 (betting systems) does in a session of ``rounds`` coups.

    The rules are those of :func:`~.systems.play_system`: the stake is doubled after a loss
    (of what was actually bet), back to the base after a win, unchanged after a tie, and cut
    to the chips left and to ``table_max``; with less than a base stake the session stops.
    Each coup is dealt off a full shoe (the simulation deals real shoes; the difference is
    tiny). The state is (balance in twentieths, next stake); equal states are merged after
    every coup, so the whole distribution is carried along exactly, with float chances.

    >>> odds = martingale_odds(rounds=200)
    >>> f"{odds.bust:.4f}", f"{odds.ahead:.4f}", round(odds.ahead_median)
    ('0.4038', '0.5218', 75)
    """
    if rounds < 1:
        raise SettingsError(f"A session needs at least one round; {rounds} is not enough.")
    _check_amounts(bankroll, base_stake)
    chances = exact_probabilities(decks)  # Player, Banker, Tie
    nets = net_table(BetSpot.BANKER)  # twentieths per chip, by outcome code
    balance = np.array([bankroll * TWENTIETHS], dtype=np.int64)
    next_stake = np.array([base_stake], dtype=np.int64)
    chance = np.array([1.0])
    for _ in range(rounds):
        stake = np.minimum(next_stake, balance // TWENTIETHS)
        if table_max is not None:
            stake = np.minimum(stake, table_max)
        stake = np.where(balance < base_stake * TWENTIETHS, 0, stake)
        parts = []
        for code, net in enumerate(nets):
            after = np.where(net < 0, 2 * np.maximum(stake, 1), np.where(net > 0, base_stake, next_stake))
            after = np.where(stake > 0, after, next_stake)
            parts.append((balance + net * stake, after, chance * chances[code]))
        balance, next_stake, chance = _merge(*(np.concatenate(column) for column in zip(*parts)))
    start = bankroll * TWENTIETHS
    ahead = balance > start
    order = np.argsort(balance[ahead])
    running = np.cumsum(chance[ahead][order])
    median = balance[ahead][order][np.searchsorted(running, running[-1] / 2)] if ahead.any() else start
    return MartingaleOdds(
        rounds=rounds, bankroll=bankroll, bust=float(chance[balance < TWENTIETHS].sum()),
        ahead=float(chance[ahead].sum()),
        mean_net=float((chance * (balance - start)).sum()) / TWENTIETHS,
        ahead_median=float(median - start) / TWENTIETHS,
    )


def _merge(balance, next_stake, chance):
    """Add up the chances of equal (balance, next stake) states."""
    keys = balance * (1 << 24) + next_stake
    unique, inverse = np.unique(keys, return_inverse=True)
    return unique >> 24, unique & ((1 << 24) - 1), np.bincount(inverse, weights=chance)


def kelly_fraction(advantage: float, variance: float) -> float:
    """The share of the bankroll that maximises long-run growth, for a small edge: edge ÷ variance
    (nothing at all when the bet does not favour you).

    >>> kelly_fraction(0.001, 0.9), kelly_fraction(-0.01, 0.9)
    (0.0011111111111111111, 0.0)
    """
    return max(advantage, 0.0) / variance


@dataclass(frozen=True)
class KellyPlan:
    """What Kelly betting on the rare favourable coups of dealt shoes would stake and earn."""

    spot: BetSpot
    bankroll: int
    shoe_count: int
    advantages: np.ndarray  # the bettor's edge on each favourable coup
    variances: np.ndarray  # the variance of one chip's result on each of those coups

    @property
    def stakes(self) -> np.ndarray:
        """Chips staked on each favourable coup (Kelly fraction × bankroll, before rounding to chips)."""
        return self.advantages / self.variances * self.bankroll

    @property
    def gain_per_shoe(self) -> float:
        """Expected chips won per shoe: stake × edge summed over the favourable coups."""
        return float((self.stakes * self.advantages).sum()) / self.shoe_count

    @property
    def growth_per_shoe(self) -> float:
        """Expected growth of the log bankroll per shoe, about edge² ÷ (2 variance) per coup."""
        return float((self.advantages**2 / (2 * self.variances)).sum()) / self.shoe_count


def coup_variances(spot: BetSpot, advantages: np.ndarray, decks: int) -> np.ndarray:
    """The variance of one chip's result on ``spot`` on each favourable coup.

    The Tie pays 8 to 1 and never pushes, so its advantage fixes its chance of winning, p = (1 + e) / 9,
    and its variance on the coup is 81·p·(1 − p): on the Tie's best coups a third above the full shoe's.
    Banker's and Player's variances hardly move with the cards left (their edges move by tenths of a
    percent at most), so theirs is the full shoe's.

    >>> coup_variances(BetSpot.TIE, np.array([0.0]), 8).round(3).tolist()
    [8.0]
    """
    if spot is BetSpot.TIE:
        win = (1 + advantages) / 9
        return 81 * win * (1 - win)
    return np.full(len(advantages), float(bet_spread(spot, decks).variance))


def kelly_plan(shoes, spot: BetSpot | str = "banker", bankroll: int = 1_000) -> KellyPlan:
    """Kelly stakes on the coups of ``shoes`` (a :class:`~.counting.ShoeEdges`) that favour ``spot``: on
    each, the edge ÷ the variance of one chip's result on that coup (:func:`coup_variances`), as a share
    of the bankroll."""
    spot = _main_spot(spot)
    edges = shoes.edges[spot]
    advantages = -edges[edges < 0]
    return KellyPlan(spot, bankroll, shoes.shoe_count, advantages, coup_variances(spot, advantages, shoes.decks))
