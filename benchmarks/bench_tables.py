"""Bot-only coups per second at the seat-banked tables (target: 20,000 a second each).

For Chemin de Fer, Banque ouverte and Banque limitée, six rule bots play the live
table engine (``analysis.table_sim.simulate_table``). Each line is the best of
several runs, as CPU seconds of this process (steadier than the wall clock on a
shared machine) and wall clock:

- ``fast path``: the event log switched off (``log_events=False``), as the
  simulator runs; the rules are the same code;
- ``logged``: every event recorded, as at the live table;
- Banque with the simple table banker and with the exact-expected-value banker
  (``analysis.banque_banker``), whose decision is timed on its own too.

Prints figures only, asserts nothing. Run from the repository root::

    .venv/bin/python benchmarks/bench_tables.py [--coups 20000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import timeit
from fractions import Fraction

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from baccarat_lessons.analysis.banque_banker import BankerView, OpenSide, banker_values  # noqa: E402
from baccarat_lessons.analysis.table_sim import simulate_table  # noqa: E402

TARGET = 20_000


def best_rate(variant: str, coups: int, repeat: int, **options) -> tuple[float, float]:
    cpu_best = wall_best = 0.0
    for run in range(repeat):
        cpu, wall = time.process_time(), time.perf_counter()
        report = simulate_table(variant, coups=coups, seed=run, **options)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        assert report.chips_conserved
        cpu_best, wall_best = max(cpu_best, coups / cpu), max(wall_best, coups / wall)
    return cpu_best, wall_best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--coups", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    print(f"Bot-only coups per second, best of {args.repeat} runs of {args.coups:,} coups (target {TARGET:,}/s)")
    print(f"{'variant':<16}{'banker':<8}{'events':<11}{'cpu coups/s':>13}{'wall coups/s':>14}")
    rows = [("chemin-de-fer", "table")] + [(v, b) for v in ("banque-ouverte", "banque-limitee") for b in ("table", "exact")]
    for variant, banker in rows:
        for log_events in (False, True):
            if log_events and banker == "exact":
                continue
            cpu, wall = best_rate(variant, args.coups, args.repeat, banker=banker, log_events=log_events)
            shown = banker if variant != "chemin-de-fer" else "-"
            mark = "" if cpu >= TARGET or log_events else "  (below target)"
            print(f"{variant:<16}{shown:<8}{'logged' if log_events else 'fast path':<11}{cpu:>13,.0f}{wall:>14,.0f}{mark}")

    view = BankerView(4, (96,) + (24,) * 9, (OpenSide(30, 1), OpenSide(5, None)), Fraction(1, 80))
    seconds = min(timeit.repeat(lambda: banker_values(view), number=2000, repeat=5)) / 2000
    print(f"\nExact Banque banker: one draw-or-stand decision (two tableaux) takes {seconds * 1e6:.0f} µs.")
    print(f"Load average now: {', '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} cores.")


if __name__ == "__main__":
    main()
