"""Bot-only coups per second at the seat-banked tables, before and after, in one run.

For Chemin de Fer, Banque ouverte and Banque limitée, six rule bots play the live
table engine (``analysis.table_sim.simulate_table``, the event log off as the
simulator runs it) with the simple table banker and with the exact-expected-value
Banque banker. Each figure is the best of several runs, in CPU seconds of the
process that plays (steadier than the wall clock on a shared machine), on one core.

"Before" is the engine at another revision (``--before``, by default the last commit
before the seat views, chips in hundredths and plain code of issue 9): its package is
taken from git into a temporary folder. Each column is timed in a process that can import
only its own package (``columns.py``: started with ``-I`` in an empty folder), the two in
turn ``--rounds`` times so they share the machine's load; each column's commit and the
folder its package came from are printed, and two columns that imported the same files are
refused. Targets: 20,000 coups/s with the table banker, 9,000 with the exact banker. Prints
figures only, asserts nothing::

    .venv/bin/python benchmarks/bench_tables.py [--coups 20000] [--repeat 3] [--rounds 2] [--before REV]
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile

from columns import ROOT, check_distinct, describe, run, unpack

BEFORE = "849f183"  # main before issue 9: Fraction chips, private-slot arithmetic, caches, _act_as_bot
TARGETS = {"table": 20_000, "exact": 9_000}
ROWS = [("chemin-de-fer", "table")] + [(v, b) for v in ("banque-ouverte", "banque-limitee") for b in ("table", "exact")]

# Run in a subprocess against one version of the package: prints {"variant banker": coups/s}.
MEASURE = """
import json, sys, time
from baccarat_lessons.analysis.table_sim import simulate_table
coups, repeat, rows = int(sys.argv[1]), int(sys.argv[2]), json.loads(sys.argv[3])
rates = {}
for variant, banker in rows:
    best = 0.0
    for run in range(repeat):
        cpu = time.process_time()
        report = simulate_table(variant, coups=coups, seed=run, banker=banker, log_events=False)
        cpu = time.process_time() - cpu
        assert report.chips_conserved
        best = max(best, coups / cpu)
    rates[f"{variant} {banker}"] = best
print(json.dumps(rates))
"""


def measure(package_root, coups: int, repeat: int):
    """One column: coups/s per row, and the column (the package it imported)."""
    column = run(MEASURE, package_root, str(coups), str(repeat), json.dumps(ROWS))
    return json.loads(column.stdout.splitlines()[-1]), column


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--coups", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=2, help="times each column runs, in turn (the best counts)")
    parser.add_argument("--before", default=BEFORE, help="the git revision to compare with")
    args = parser.parse_args()
    before, after = {}, {}
    with tempfile.TemporaryDirectory(prefix="bench_tables_before_") as folder:
        package = unpack(args.before, folder)
        for _ in range(args.rounds):
            for rates, root in ((before, package), (after, ROOT)):
                measured, column = measure(root, args.coups, args.repeat)
                for key, rate in measured.items():
                    rates[key] = max(rates.get(key, 0.0), rate)
                if root == ROOT:
                    after_column = column
                else:
                    before_column = column
    check_distinct(before_column, after_column)
    print(f"Bot-only coups per second (CPU), best of {args.repeat} runs of {args.coups:,} coups, one core")
    print(f"{'variant':<16}{'banker':<8}{'before':>10}{'after':>10}{'target':>9}  ")
    for variant, banker in ROWS:
        key = f"{variant} {banker}"
        target = TARGETS[banker]
        mark = "" if after[key] >= target else f"  below target by {1 - after[key] / target:.0%}"
        shown = banker if variant != "chemin-de-fer" else "-"
        print(f"{variant:<16}{shown:<8}{before[key]:>10,.0f}{after[key]:>10,.0f}{target:>9,}{mark}")
    print(f"\n{describe('before', before_column)}\n{describe('after', after_column)}\nload average now: "
          f"{', '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} cores.")


if __name__ == "__main__":
    main()
