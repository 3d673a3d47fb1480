"""Bot-only simulation of the seat-banked tables: is it worth holding the bank?

Six bots (seat 0 included) play the live table engine — the same code a student
plays — for a number of coups. When a table ends because the chips have drained
away (the commission takes its share every coup), a fresh table starts and the
figures add up across tables. The Banque banker is the exact-expected-value bot
(``banker="exact"``) or the simple Chemin de Fer-table bot (``banker="table"``).

>>> report = simulate_table("chemin-de-fer", coups=300, seed=1)
>>> report.coups, report.chips_conserved
(300, True)
>>> sum(seat.net for seat in report.seats) + report.house_result + report.commission == 0
True
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass
from fractions import Fraction

import numpy as np

from ..engine.bots import bot_turn, make_bots
from ..engine.errors import SettingsError
from ..engine.money import CHIP, format_chips
from ..engine.seated import HOUSE
from ..engine.variants import SEAT_BANKED
from .banque_banker import ExactBanqueBanker

TABLES = {key: variant.table_class for key, variant in SEAT_BANKED.items()}
BANKERS = ("exact", "table")


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
        data["bank_result_per_coup"] = self.bank_result_per_coup
        data["bet_result_per_chip"] = self.bet_result_per_chip
        return data


def simulate_table(
    variant: str = "chemin-de-fer",
    coups: int = 10_000,
    seed: int | None = None,
    banker: str = "exact",
    check_every_coup: bool = False,
    log_events: bool = False,
) -> TableSimReport:
    """Play ``coups`` bot-only coups of a seat-banked variant and report per-seat results.

    ``check_every_coup`` verifies after every coup that balances + chips on the table
    + bank + house result + commission still equal the chips the table started with.
    ``log_events=False`` (the fast path) runs the same rules without writing the event log.
    """
    if variant not in TABLES:
        raise SettingsError(f"Bot simulation covers {', '.join(TABLES)}; not '{variant}'.")
    if banker not in BANKERS:
        raise SettingsError(f"The Banque banker is 'exact' or 'table'; not '{banker}'.")
    if not isinstance(coups, int) or coups < 1:
        raise SettingsError(f"Simulate at least one coup; {coups!r} is not a number of coups.")
    rng = np.random.default_rng(seed)
    bots = make_bots(rng, seats=range(6))
    banque_banker = ExactBanqueBanker() if banker == "exact" else None
    totals = [dict(net=0, coups_banked=0, bank_result=0, coups_bet=0, bet_result=0, staked=0) for _ in range(6)]
    house_result = house_coups = commission = 0
    conserved = True
    tables = played = 0
    names = None
    started = time.perf_counter()
    while played < coups:
        table = SEAT_BANKED[variant].new_table(seed=rng, history_limit=0, log_events=log_events)
        names = [seat.name for seat in table.seats]
        tables += 1
        conserved &= _play(table, bots, banque_banker, coups - played, check_every_coup)
        played += table.coups_played
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
    return TableSimReport(
        variant=variant, coups=played, tables=tables, seed=seed, banker=banker,
        seats=tuple(SeatResult(index, names[index], **total) for index, total in enumerate(totals)),
        house_result=house_result, house_coups=house_coups, commission=commission,
        chips_conserved=conserved, seconds=seconds,
    )


def _play(table, bots, banque_banker, coups: int, check_every_coup: bool) -> bool:
    """Let the bots play ``table`` until ``coups`` are finished or the table is over."""
    conserved = True
    start = table.starting_total
    while table.pending is not None and table.coups_played < coups:
        before = table.coups_played
        bot_turn(table, bots, banque_banker)
        if check_every_coup and table.coups_played != before:
            conserved &= table.chips_in_play() == start
    return conserved


def format_table_sim(report: TableSimReport) -> str:
    """The report as a plain-text table for the terminal or a notebook."""
    lines = [
        f"{report.variant}: {report.coups:,} bot-only coups on {report.tables} table(s) "
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
        f"Holding the bank returned {report.bank_result_per_coup:+.3f} chips per coup (after commission); "
        f"bets against it returned {report.bet_result_per_chip:+.4f} per chip staked.",
        "Chips conserved: " + ("yes" if report.chips_conserved else "NO"),
    ]
    return "\n".join(lines)
