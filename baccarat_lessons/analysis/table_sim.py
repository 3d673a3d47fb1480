"""Bot-only simulation of the seat-banked tables: is it worth holding the bank?

Six bots (seat 0 included) play the live table engine — the same code a student
plays — for a number of coups. When a table ends because the chips have drained
away (the commission takes its share every coup), a fresh table starts and the
figures add up across tables. The Banque banker is the exact-expected-value bot
(``banker="exact"``) or the simple Chemin de Fer-table bot (``banker="table"``).

The bank's result per coup comes with its standard error, estimated from batch
means: the running total of every bank's result is recorded at the progress points
(every ``coups // 100`` coups, so about a hundred batches), and the spread of the
batches' results per coup gives the error of the overall mean. Consecutive coups
are not independent (a bank carries over, a table's chips drain), so an error from
the spread of single coups would be too small; batches of many coups each are
nearly independent of one another.

>>> report = simulate_table("chemin-de-fer", coups=300, seed=1)
>>> report.coups, report.chips_conserved, report.batch_count
(300, True, 100)
>>> report.bank_result_standard_error > 0
True
>>> sum(seat.net for seat in report.seats) + report.house_result + report.commission == 0
True
"""

from __future__ import annotations

import math
import time
from dataclasses import asdict, dataclass
from fractions import Fraction
from typing import Callable

from ..engine.bots import bot_turn, make_bots
from ..engine.errors import SettingsError
from ..engine.money import CHIP, format_chips
from ..engine.randomness import make_generator
from ..engine.seated import HOUSE
from ..engine.tables import new_table
from ..engine.variants import SEAT_BANKED
from .banque_banker import ExactBanqueBanker

BANKERS = ("exact", "table")
# Progress points per simulation; the batches of the standard error end at them.
PROGRESS_POINTS = 100


@dataclass(frozen=True)
class SeatResult:
    """One seat over the whole simulation: net chips, and the result in each role."""

    seat: int
    name: str
    net: Fraction | int
    coups_banked: int
    bank_result: Fraction | int
    coups_bet: int
    bet_result: Fraction | int
    staked: Fraction | int

    @property
    def bank_result_per_coup(self) -> float:
        return float(self.bank_result) / self.coups_banked if self.coups_banked else 0.0

    @property
    def bet_result_per_chip(self) -> float:
        return float(self.bet_result) / float(self.staked) if self.staked else 0.0


@dataclass(frozen=True)
class TableSimReport:
    variant: str
    coups: int
    tables: int  # how many fresh tables were needed (a table ends when the chips run out)
    seed: int | None
    banker: str
    seats: tuple[SeatResult, ...]
    house_result: Fraction | int  # the casino bank's net result (Banque limitée)
    house_coups: int
    commission: Fraction | int
    chips_conserved: bool
    seconds: float
    # Standard error of bank_result_per_coup, in chips, from batch_count batch means
    # (None with fewer than two batches).
    bank_result_standard_error: float | None
    batch_count: int

    @property
    def coups_per_second(self) -> float:
        return self.coups / self.seconds if self.seconds else float("inf")

    @property
    def bank_result_per_coup(self) -> float:
        """Average net result of whoever held the bank, per coup banked (after commission)."""
        coups = sum(seat.coups_banked for seat in self.seats) + self.house_coups
        result = sum(seat.bank_result for seat in self.seats) + self.house_result
        return float(result) / coups if coups else 0.0

    @property
    def bet_result_per_chip(self) -> float:
        """Average net result of bets against the bank, per chip staked."""
        staked = sum(seat.staked for seat in self.seats)
        return float(sum(seat.bet_result for seat in self.seats)) / float(staked) if staked else 0.0

    def to_dict(self) -> dict:
        data = asdict(self)
        for key in ("house_result", "commission"):
            data[key] = float(data[key])
        for seat in data["seats"]:
            for key in ("net", "bank_result", "bet_result", "staked"):
                seat[key] = float(seat[key])
        data["bank_result_per_coup"] = self.bank_result_per_coup  # bank_result_standard_error is its error
        data["bet_result_per_chip"] = self.bet_result_per_chip
        return data


def simulate_table(
    variant: str = "chemin-de-fer",
    coups: int = 10_000,
    seed: int | None = None,
    banker: str = "exact",
    check_every_coup: bool = False,
    log_events: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> TableSimReport:
    """Play ``coups`` bot-only coups of a seat-banked variant and report per-seat results.

    ``check_every_coup`` verifies after every coup that balances + chips on the table
    + bank + house result + commission still equal the chips the table started with.
    ``log_events=False`` (the fast path) runs the same rules without writing the event log.
    ``progress``, if given, is called as ``progress(coups_played, coups)`` every
    ``max(1, coups // 100)`` coups and once more at the end if the last point fell earlier.
    """
    if variant not in SEAT_BANKED:
        raise SettingsError(f"Bot simulation covers {', '.join(SEAT_BANKED)}; not '{variant}'.")
    if banker not in BANKERS:
        raise SettingsError(f"The Banque banker is 'exact' or 'table'; not '{banker}'.")
    if not isinstance(coups, int) or coups < 1:
        raise SettingsError(f"Simulate at least one coup; {coups!r} is not a number of coups.")
    rng = make_generator(seed)
    bots = make_bots(rng, seats=range(6))
    banque_banker = ExactBanqueBanker() if banker == "exact" else None
    totals = [dict(net=0, coups_banked=0, bank_result=0, coups_bet=0, bet_result=0, staked=0) for _ in range(6)]
    house_result = house_coups = commission = 0
    conserved = True
    tables = played = 0
    names = None
    every = max(1, coups // PROGRESS_POINTS)
    # (coups played, every bank's result so far in hundredths) at each progress point.
    points = [(0, 0)]
    banked_before = 0  # the bank results of the tables already over, in hundredths

    def mark(table) -> None:
        done = played + table.coups_played
        points.append((done, banked_before + _bank_result(table)))
        if progress is not None:
            progress(done, coups)

    started = time.perf_counter()
    while played < coups:
        table = new_table(SEAT_BANKED[variant], seed=rng, history_limit=0, log_events=log_events)
        # Every seat is a bot here, the user's too: it is "Bot 0" in the report, not "Student".
        names = ["Bot 0" if seat.is_user else seat.name for seat in table.seats]
        tables += 1
        first_mark = every - played % every
        conserved &= _play(table, bots, banque_banker, coups - played, check_every_coup, first_mark, every, mark)
        played += table.coups_played
        banked_before += _bank_result(table)
        for seat, total in zip(table.seats, totals):
            held = table.bank if table.banker == seat.index else 0
            total["net"] += Fraction(seat.balance + held, CHIP) - table.variant.starting_chips
            total["coups_banked"] += seat.stats.coups_banked
            total["coups_bet"] += seat.stats.coups_bet
            for key in ("bank_result", "bet_result", "staked"):  # hundredths, reported in chips
                total[key] += Fraction(getattr(seat.stats, key), CHIP)
        house_result += Fraction(table.house_result, CHIP)
        house_coups += table.house_stats.coups_banked if table.banker == HOUSE else 0
        commission += Fraction(table.commission_total, CHIP)
        conserved &= table.chips_in_play() == table.starting_total
    seconds = time.perf_counter() - started
    if points[-1][0] != played:
        points.append((played, banked_before))
        if progress is not None:
            progress(played, coups)
    return TableSimReport(
        variant=variant, coups=played, tables=tables, seed=seed, banker=banker,
        seats=tuple(SeatResult(index, names[index], **total) for index, total in enumerate(totals)),
        house_result=house_result, house_coups=house_coups, commission=commission,
        chips_conserved=conserved, seconds=seconds,
        bank_result_standard_error=batch_standard_error(points), batch_count=len(points) - 1,
    )


def _bank_result(table) -> int:
    """Every bank's result at ``table`` so far (seats' and the house's), in hundredths."""
    return sum(seat.stats.bank_result for seat in table.seats) + table.house_result


def batch_standard_error(points: list[tuple[int, int]]) -> float | None:
    """Standard error, in chips, of the mean bank result per coup, from batch means.

    ``points`` are ``(coups, running bank result in hundredths)``, starting at
    ``(0, 0)``; each batch runs from one point to the next. With ``k`` batches of
    ``n_i`` coups and results ``r_i``, and the overall mean ``m = sum r / sum n``,
    the error is ``sqrt(k / (k - 1) * sum (r_i - m n_i)**2) / sum n`` (for equal
    batches, the batch means' standard deviation over ``sqrt(k)``). None with
    fewer than two batches.

    >>> round(batch_standard_error([(0, 0), (10, 100), (20, 100), (30, 300)]), 6)  # means 0.1, 0, 0.2 chips
    0.057735
    """
    sizes = [after[0] - before[0] for before, after in zip(points, points[1:])]
    results = [Fraction(after[1] - before[1], CHIP) for before, after in zip(points, points[1:])]
    count, coups = len(sizes), sum(sizes)
    if count < 2:
        return None
    mean = sum(results) / coups
    spread = sum((result - mean * size) ** 2 for result, size in zip(results, sizes))
    return math.sqrt(count / (count - 1) * spread) / coups


def _play(table, bots, banque_banker, coups: int, check_every_coup: bool, first_mark: int, every: int,
          mark: Callable) -> bool:
    """Let the bots play ``table`` until ``coups`` are finished or the table is over; call
    ``mark(table)`` when it has played ``first_mark`` coups, then every ``every`` coups."""
    conserved = True
    start = table.starting_total
    next_mark = first_mark
    while table.pending is not None and table.coups_played < coups:
        before = table.coups_played
        bot_turn(table, bots, banque_banker)
        if check_every_coup and table.coups_played != before:
            conserved &= table.chips_in_play() == start
        if table.coups_played >= next_mark:
            mark(table)
            next_mark += every
    return conserved


def format_table_sim(report: TableSimReport) -> str:
    """The report as a plain-text table for the terminal or a notebook."""
    lines = [
        f"{report.variant}: {report.coups:,} bot-only coups on {report.tables:,} table{'' if report.tables == 1 else 's'} "
        f"in {report.seconds:.2f} s ({report.coups_per_second:,.0f} coups/s)",
        f"{'seat':<8}{'net':>10}{'banked':>8}{'bank result':>13}{'per coup':>10}{'bets':>8}{'per chip':>10}",
    ]
    for seat in report.seats:
        lines.append(
            f"{seat.name:<8}{float(seat.net):>10.2f}{seat.coups_banked:>8}{float(seat.bank_result):>13.2f}"
            f"{seat.bank_result_per_coup:>10.3f}{seat.coups_bet:>8}{seat.bet_result_per_chip:>10.4f}"
        )
    if report.house_coups:
        lines.append(f"{'house':<8}{float(report.house_result):>10.2f}{report.house_coups:>8}")
    lines += [
        f"Commission collected: {format_chips(report.commission)} chips.",
        f"Holding the bank returned {report.bank_result_per_coup:+.3f} chips per coup (after commission; "
        f"{_standard_error_words(report)}); bets against it returned {report.bet_result_per_chip:+.4f} "
        "per chip staked.",
        "Chips conserved: " + ("yes" if report.chips_conserved else "NO"),
    ]
    return "\n".join(lines)


def _standard_error_words(report: TableSimReport) -> str:
    if report.bank_result_standard_error is None:
        return "too few coups for a standard error"
    return (f"standard error {report.bank_result_standard_error:.3f}, "
            f"from {report.batch_count} batches of coups")
