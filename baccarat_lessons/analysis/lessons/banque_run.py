"""Is the Banque banker ahead? A long bot-only run, split into independent batches so the
result comes with its standard error.

:func:`~baccarat_lessons.analysis.table_sim.simulate_table` plays the live table engine
and reports totals, without a measure of chance variation. Running it in ``batches``
of equal length with different seeds gives independent estimates of the same
quantities; their spread gives the standard error of the overall mean
(sample standard deviation over the square root of the number of batches).

>>> run = banker_run("banque-ouverte", coups=600, batches=3, seed=1, banker="table")
>>> run.coups, len(run.bank_per_chip), run.bank_per_chip_error > 0
(600, 3, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from statistics import fmean, stdev

from ..table_sim import simulate_table


def standard_error(batches) -> float:
    """The standard error of the mean of independent batch results: their spread over the root of their count.

    >>> round(standard_error([1.0, 3.0]), 3)
    1.0
    """
    return stdev(batches) / len(batches) ** 0.5


@dataclass(frozen=True)
class BankerRun:
    """A bot-only run in independent batches: what holding the bank returned."""

    variant: str
    banker: str  # "exact" (expected-value banker) or "table" (follows the Chemin de Fer table)
    coups: int
    bank_per_chip: tuple[float, ...]  # per batch: the banker's net, after commission, per chip bet against it
    bets_per_chip: tuple[float, ...]  # per batch: the punters' net per chip staked

    @property
    def bank_per_chip_mean(self) -> float:
        return fmean(self.bank_per_chip)

    @property
    def bank_per_chip_error(self) -> float:
        """Standard error of :attr:`bank_per_chip_mean`, from the spread of the batches."""
        return standard_error(self.bank_per_chip)

    @property
    def bets_per_chip_mean(self) -> float:
        return fmean(self.bets_per_chip)

    @property
    def bets_per_chip_error(self) -> float:
        return standard_error(self.bets_per_chip)

    @property
    def is_banker_clearly_ahead(self) -> bool:
        """Ahead by more than two standard errors: chance alone rarely does that."""
        return self.bank_per_chip_mean > 2 * self.bank_per_chip_error


def banker_run(variant: str = "banque-ouverte", coups: int = 150_000, batches: int = 15, seed: int = 0,
               banker: str = "exact", progress=None, progress_offset: int = 0,
               progress_total: int | None = None) -> BankerRun:
    """Play ``coups`` bot-only coups in ``batches`` equal batches (seeds ``seed``, ``seed + 1``, ...).

    ``progress(done, total)`` is called after each batch (a notebook's progress bar);
    ``progress_offset`` and ``progress_total`` let several runs share one bar.
    """
    if batches < 2 or coups % batches:
        raise ValueError("Use at least two batches, and a number of coups they divide evenly.")
    per_batch = coups // batches
    total = progress_total or batches
    bank, bets = [], []
    for index in range(batches):
        report = simulate_table(variant, coups=per_batch, seed=seed + index, banker=banker)
        # A ratio of two amounts in the same unit, so it does not depend on how chips are stored.
        banked = sum(float(seat.bank_result) for seat in report.seats) + float(report.house_result)
        staked = sum(float(seat.staked) for seat in report.seats)
        bank.append(banked / staked if staked else 0.0)
        bets.append(report.bet_result_per_chip)
        if progress is not None:
            progress(progress_offset + index + 1, total)
    return BankerRun(variant, banker, coups, tuple(bank), tuple(bets))


def compare_bankers(variant: str = "banque-ouverte", coups: int = 150_000, batches: int = 15, seed: int = 0,
                    progress=None) -> list[BankerRun]:
    """The exact expected-value banker and the table-following banker, each over ``coups``."""
    return [
        banker_run(variant, coups, batches, seed, banker, progress, offset, 2 * batches)
        for banker, offset in (("exact", 0), ("table", batches))
    ]
