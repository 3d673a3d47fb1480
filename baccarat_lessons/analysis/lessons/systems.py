"""Betting systems put to the test: Martingale, following the shoe, breaking streaks,
"reading the machine" — each played on the same dealt outcomes as a flat bettor.

A system only chooses *which side* and *how much* from what has happened so far; it
cannot change the chance of the next outcome. So whatever the system, the result per
chip staked should come out near the exact expectation of the bets it placed. The
lesson checks that by simulation instead of taking it on trust.

Outcomes are arrays of outcome codes (0 Player, 1 Banker, 2 Tie), one row per
session; every session plays the rows' rounds in order. Nets are kept in whole
twentieths of a chip (see :mod:`.bankroll`), so balances stay exact.

>>> import numpy as np
>>> rows = np.array([[0, 0, 1], [1, 1, 1]])    # session 1: P P B, session 2: B B B
>>> result = play_system(Martingale(), rows, bankroll=100)
>>> result.final_balances()   # -1 -2 +3.8 = +0.8, and 3 x 0.95 = +2.85
[Fraction(504, 5), Fraction(2057, 20)]
"""

from __future__ import annotations

import math

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ...engine.bets import BetSpot
from ..fast_rules import BANKER, PLAYER, TIE
from .bankroll import TWENTIETHS, expected_net_per_round, net_table, variance_per_chip

NO_BET = -1


class System:
    """A betting system: names a side and a stake for every session, round by round.

    Subclasses set ``name`` and ``claim`` (what its followers say it does), implement
    :meth:`bets`, and remember what they need in :meth:`observe`, which hears each
    round's outcome and the net of the bets they placed.
    """

    name = "system"
    claim = ""

    def reset(self, sessions: int, base_stake: int) -> None:
        self.base_stake = base_stake
        self.sessions = sessions

    def bets(self) -> tuple[np.ndarray, np.ndarray]:
        """(side code or -1 for no bet, stake in chips) for every session."""
        raise NotImplementedError

    def observe(self, outcomes: np.ndarray, nets: np.ndarray, stakes: np.ndarray) -> None:
        """Hear the round: outcome codes, and the nets (in twentieths) of the bets placed."""


class FlatBet(System):
    """The same stake on the same side every round: the yardstick."""

    claim = "No system at all: the same bet every round."

    def __init__(self, side: int = BANKER):
        self.side = side
        self.name = f"Flat bet on {'Banker' if side == BANKER else 'Player'}"

    def bets(self):
        return np.full(self.sessions, self.side), np.full(self.sessions, self.base_stake)


class Martingale(System):
    """Double the stake after every loss; go back to the base stake after a win."""

    name = "Martingale (double after a loss)"
    claim = "A win must come eventually, and it recovers every earlier loss plus one base stake."

    def __init__(self, side: int = BANKER):
        self.side = side

    def reset(self, sessions, base_stake):
        super().reset(sessions, base_stake)
        self.next_stake = np.full(sessions, base_stake, dtype=np.int64)

    def bets(self):
        return np.full(self.sessions, self.side), self.next_stake.copy()

    def observe(self, outcomes, nets, stakes):
        # A tie (net 0) leaves the stake as it was; a loss doubles what was actually bet.
        doubled = 2 * np.maximum(stakes, 1)
        self.next_stake = np.where(nets < 0, doubled, np.where(nets > 0, self.base_stake, self.next_stake))


class FollowTheShoe(System):
    """Pattern-following: bet on whichever side won the last decided round."""

    name = "Follow the shoe (bet on the last winner)"
    claim = "Shoes run in streaks, so ride the side that is winning."

    def reset(self, sessions, base_stake):
        super().reset(sessions, base_stake)
        self.last_winner = np.full(sessions, BANKER)

    def bets(self):
        return self.last_winner.copy(), np.full(self.sessions, self.base_stake)

    def observe(self, outcomes, nets, stakes):
        self.last_winner = np.where(outcomes == TIE, self.last_winner, outcomes)


class StreakBreaker(System):
    """Bet against a side only after it has won ``streak`` decided rounds in a row."""

    name = "Break the streak (bet against three in a row)"
    claim = "After three in a row the other side is due."

    def __init__(self, streak: int = 3):
        self.streak = streak

    def reset(self, sessions, base_stake):
        super().reset(sessions, base_stake)
        self.streak_side = np.full(sessions, NO_BET)
        self.streak_length = np.zeros(sessions, dtype=np.int64)

    def bets(self):
        due = self.streak_length >= self.streak
        side = np.where(due, np.where(self.streak_side == BANKER, PLAYER, BANKER), NO_BET)
        return side, np.where(due, self.base_stake, 0)

    def observe(self, outcomes, nets, stakes):
        decided = outcomes != TIE
        same = decided & (outcomes == self.streak_side)
        self.streak_length = np.where(same, self.streak_length + 1, np.where(decided, 1, self.streak_length))
        self.streak_side = np.where(decided, outcomes, self.streak_side)


class ReadTheMachine(System):
    """Watch the machine for a while, then back the side it has been favouring."""

    name = "Read the machine (watch, then back the favourite)"
    claim = "After twenty minutes or so you can tell how a machine plays, and win more often."

    def __init__(self, watch_rounds: int = 50):
        self.watch_rounds = watch_rounds

    def reset(self, sessions, base_stake):
        super().reset(sessions, base_stake)
        self.seen = 0
        self.wins = np.zeros((sessions, 3), dtype=np.int64)

    def bets(self):
        if self.seen < self.watch_rounds:
            return np.full(self.sessions, NO_BET), np.zeros(self.sessions, dtype=np.int64)
        side = np.where(self.wins[:, PLAYER] > self.wins[:, BANKER], PLAYER, BANKER)
        return side, np.full(self.sessions, self.base_stake)

    def observe(self, outcomes, nets, stakes):
        self.seen += 1
        self.wins[np.arange(self.sessions), outcomes] += 1


SYSTEMS = (FlatBet, Martingale, FollowTheShoe, StreakBreaker, ReadTheMachine)


@dataclass(frozen=True)
class SystemResult:
    """How one system did over many sessions, in exact twentieths of a chip."""

    name: str
    claim: str
    bankroll: int
    final_net: np.ndarray  # per session, twentieths of a chip
    staked: np.ndarray  # per session, chips
    staked_on_player: int
    staked_on_banker: int
    squares_on_player: int  # sum of squared stakes: how much the big bets dominate the noise
    squares_on_banker: int
    decks: int

    @property
    def sessions(self) -> int:
        return len(self.final_net)

    def final_balances(self) -> list[Fraction]:
        return [self.bankroll + Fraction(int(n), TWENTIETHS) for n in self.final_net]

    @property
    def net_per_chip(self) -> float:
        """Total net result divided by total chips staked (the simulated edge, negated)."""
        return float(self.final_net.sum()) / TWENTIETHS / max(int(self.staked.sum()), 1)

    @property
    def expected_per_chip(self) -> Fraction:
        """Exact expectation per chip for the bets this system actually placed."""
        total = self.staked_on_player + self.staked_on_banker
        if total == 0:
            return Fraction(0)
        return (
            self.staked_on_player * expected_net_per_round(BetSpot.PLAYER, self.decks)
            + self.staked_on_banker * expected_net_per_round(BetSpot.BANKER, self.decks)
        ) / total

    @property
    def standard_error_per_chip(self) -> float:
        """How far :attr:`net_per_chip` typically strays from the exact value by chance."""
        total = self.staked_on_player + self.staked_on_banker
        if total == 0:
            return 0.0
        variance = (
            self.squares_on_player * float(variance_per_chip(BetSpot.PLAYER, self.decks))
            + self.squares_on_banker * float(variance_per_chip(BetSpot.BANKER, self.decks))
        )
        return variance**0.5 / total

    @property
    def ahead_fraction(self) -> float:
        return float((self.final_net > 0).mean())

    @property
    def busted_fraction(self) -> float:
        """Sessions that ended with less than one chip left."""
        return float((self.bankroll * TWENTIETHS + self.final_net < TWENTIETHS).mean())

    @property
    def mean_net(self) -> float:
        return float(self.final_net.mean()) / TWENTIETHS

    @property
    def worst_net(self) -> float:
        return float(self.final_net.min()) / TWENTIETHS

    def row(self) -> dict:
        """One line of the comparison table."""
        return {
            "system": self.name,
            "sessions ahead": f"{100 * self.ahead_fraction:.1f}%",
            "went broke": f"{100 * self.busted_fraction:.1f}%",
            "average result": f"{self.mean_net:+.2f} chips".replace("-", "\u2212"),
            "worst result": f"{self.worst_net:+.0f} chips".replace("-", "\u2212"),
            "chips staked per session": f"{self.staked.mean():.0f}",
            "result per chip staked": f"{100 * self.net_per_chip:+.2f}% ± {200 * self.standard_error_per_chip:.2f}%"
            .replace("-", "\u2212"),
            "exact expectation per chip": f"{100 * float(self.expected_per_chip):+.2f}%".replace("-", "\u2212"),
        }


def play_system(
    system: System,
    outcomes: np.ndarray,
    bankroll: int = 100,
    base_stake: int = 1,
    table_max: int | None = None,
    decks: int = 8,
) -> SystemResult:
    """Play ``system`` on every session (row) of ``outcomes``.

    A stake is cut to the chips left and to ``table_max``: that is exactly where a
    doubling system meets the wall. A session with less than a base stake stops betting.
    """
    outcomes = np.atleast_2d(np.asarray(outcomes))
    sessions, rounds = outcomes.shape
    nets_by_side = np.stack([net_table(BetSpot.PLAYER), net_table(BetSpot.BANKER)])
    balance = np.full(sessions, bankroll * TWENTIETHS, dtype=np.int64)
    staked = np.zeros(sessions, dtype=np.int64)
    on_side = np.zeros(2, dtype=np.int64)
    squares = np.zeros(2, dtype=np.int64)
    system.reset(sessions, base_stake)
    for t in range(rounds):
        side, stake = system.bets()
        stake = np.minimum(np.asarray(stake, dtype=np.int64), balance // TWENTIETHS)
        if table_max is not None:
            stake = np.minimum(stake, table_max)
        stake = np.where((side == NO_BET) | (balance < base_stake * TWENTIETHS), 0, stake)
        nets = np.where(stake > 0, nets_by_side[np.clip(side, 0, 1), outcomes[:, t]] * stake, 0)
        balance += nets
        staked += stake
        on_side += np.bincount(np.clip(side, 0, 1), weights=stake, minlength=2).astype(np.int64)
        squares += np.bincount(np.clip(side, 0, 1), weights=stake * stake, minlength=2).astype(np.int64)
        system.observe(outcomes[:, t], nets, stake)
    return SystemResult(
        name=system.name, claim=system.claim, bankroll=bankroll,
        final_net=balance - bankroll * TWENTIETHS, staked=staked,
        staked_on_player=int(on_side[0]), staked_on_banker=int(on_side[1]),
        squares_on_player=int(squares[0]), squares_on_banker=int(squares[1]), decks=decks,
    )


def compare_systems(outcomes: np.ndarray, bankroll: int = 100, base_stake: int = 1, table_max: int | None = 100,
                    decks: int = 8, systems=None) -> list[SystemResult]:
    """Play every system on the same outcomes, so they differ only in how they bet.

    The "result per chip staked" column shows ± two standard errors: the range chance
    alone would usually keep the simulated figure in around the exact one.
    """
    systems = systems or [FlatBet(BANKER), FlatBet(PLAYER), Martingale(), FollowTheShoe(), StreakBreaker(),
                          ReadTheMachine()]
    return [play_system(s, outcomes, bankroll, base_stake, table_max, decks) for s in systems]


def result_of(results: list[SystemResult], name_start: str) -> SystemResult:
    """The result of the system whose name starts with ``name_start`` ("Martingale")."""
    for result in results:
        if result.name.startswith(name_start):
            return result
    raise KeyError(f"no system called {name_start!r} was played")


def plot_session_results(ax, result: SystemResult, bins: int = 60):
    """A histogram of one system's session results, in chips, titled with how often it ended
    ahead and how often it went broke."""
    ax.hist(result.final_net / TWENTIETHS, bins=bins)
    ax.set_xlabel("result of a session (chips)")
    ax.set_ylabel("sessions")
    ax.set_title(f"{result.name}: {result.ahead_fraction:.0%} of sessions ahead, "
                 f"{result.busted_fraction:.0%} went broke")
    return ax


def comparison_cells(results: list[SystemResult]) -> tuple[list[str], list[list[str]]]:
    """The results as table columns and rows of formatted cells (one row per system)."""
    rows = [result.row() for result in results]
    return list(rows[0]), [list(row.values()) for row in rows]


def comparison_table_html(results: list[SystemResult]) -> str:
    """The results as an HTML table (one row per system)."""
    columns, rows = comparison_cells(results)
    head = "".join(f"<th>{key}</th>" for key in columns)
    body = "".join("<tr>" + "".join(f"<td>{value}</td>" for value in row) + "</tr>" for row in rows)
    return f"<table class=\"bl-table\"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


@dataclass(frozen=True)
class StreakRow:
    """After ``length`` decided wins in a row by ``side``: how often the next decided round
    went the same way, against the exact chance for a fresh shoe."""

    side: str
    length: int  # the last row counts streaks of this length or longer
    seen: int
    continued: int
    exact: float

    @property
    def continued_fraction(self) -> float:
        return self.continued / self.seen if self.seen else float("nan")


def streak_rows(outcomes: np.ndarray, longest: int = 6, decks: int = 8) -> list[StreakRow]:
    """Does a streak predict the next result? Count, over every session, what followed
    each run of Banker (or Player) wins; ties are skipped, as the roads skip them.

    >>> rows = streak_rows(np.array([[1, 1, 2, 1, 0, 0, 1]]), longest=3)
    >>> [(r.side, r.length, r.seen, r.continued) for r in rows if r.seen]
    [('Banker', 1, 1, 1), ('Banker', 2, 1, 1), ('Banker', 3, 1, 0), ('Player', 1, 1, 1), ('Player', 2, 1, 0)]
    """
    from .bankroll import exact_probabilities  # noqa: PLC0415 - keeps the module's imports light

    player, banker, _ = exact_probabilities(decks)
    seen = np.zeros((2, longest + 1), dtype=np.int64)
    continued = np.zeros((2, longest + 1), dtype=np.int64)
    for row in np.atleast_2d(outcomes):
        decided = row[row != TIE]
        if len(decided) < 2:
            continue
        starts = np.r_[True, decided[1:] != decided[:-1]]
        run_id = np.cumsum(starts) - 1
        run_start = np.flatnonzero(starts)[run_id]
        run_length = np.minimum(np.arange(len(decided)) - run_start + 1, longest)
        side, length, nxt = decided[:-1], run_length[:-1], decided[1:]
        np.add.at(seen, (side, length), 1)
        np.add.at(continued, (side, length), (nxt == side).astype(np.int64))
    chance = {PLAYER: player / (player + banker), BANKER: banker / (player + banker)}
    return [
        StreakRow("Banker" if side == BANKER else "Player", length, int(seen[side, length]),
                  int(continued[side, length]), float(chance[side]))
        for side in (BANKER, PLAYER) for length in range(1, longest + 1)
    ]


STREAK_COLUMNS = ["streak of", "length", "times seen", "next decided round went the same way",
                  "± 2 standard errors", "exact chance, fresh shoe"]


def streak_table_cells(rows: list[StreakRow]) -> tuple[list[str], list[list[str]]]:
    """The streak counts as table columns and rows of formatted cells."""
    longest = max(r.length for r in rows)
    return STREAK_COLUMNS, [
        [r.side, f"{r.length}{'+' if r.length == longest else ''}", f"{r.seen:,}",
         f"{100 * r.continued_fraction:.2f}%", f"± {200 * math.sqrt(r.exact * (1 - r.exact) / max(r.seen, 1)):.2f}%",
         f"{100 * r.exact:.2f}%"]
        for r in rows
    ]


def streak_table_html(rows: list[StreakRow]) -> str:
    """The streak counts as an HTML table."""
    columns, cells = streak_table_cells(rows)
    head = "".join(f"<th>{c}</th>" for c in columns)
    body = "".join("<tr>" + "".join(f"<td>{v}</td>" for v in row) + "</tr>" for row in cells)
    return f'<table class="bl-table"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'
