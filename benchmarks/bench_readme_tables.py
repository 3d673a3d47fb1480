"""The README's `tables` figures and times, taken again: what ``baccarat-lessons tables`` prints.

The README quotes ``baccarat-lessons tables banque-ouverte --coups 150000 --seed 1`` (and seeds
2 and 3, and a 20,000-coup run of seed 1): the bank's result per coup with its standard error,
and how long the command takes. This runs each of those commands as the README gives them (the
CLI's ``main``, in a process that can import only this checkout's package: ``columns.py``),
one after the other, and prints the line the README quotes, the process's wall and CPU seconds
(its start and imports included) and the coups per CPU second. Prints figures only, asserts nothing::

    .venv/bin/python benchmarks/bench_readme_tables.py [--coups 150000] [--seeds 1 2 3] [--short 20000]
"""

from __future__ import annotations

import argparse
import json
import os

from columns import ROOT, describe, run

# In the measuring process: the README's command through the CLI, timed, its report as JSON.
COMMAND = """
import contextlib, io, json, resource, sys, time
from baccarat_lessons.cli import main
from baccarat_lessons.analysis.table_sim import TableSimReport
arguments = json.loads(sys.argv[1])
wall = time.perf_counter()
printed = io.StringIO()
with contextlib.redirect_stdout(printed):
    status = main(arguments + ["--json"])
wall = time.perf_counter() - wall
cpu = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({"status": status, "report": json.loads(printed.getvalue()), "wall": wall,
                  "cpu": cpu.ru_utime + cpu.ru_stime}))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="banque-ouverte")
    parser.add_argument("--coups", type=int, default=150_000)
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--short", type=int, default=20_000, help="the short run of the first seed (0: none)")
    args = parser.parse_args()
    runs = [(args.coups, seed) for seed in args.seeds] + ([(args.short, args.seeds[0])] if args.short else [])
    column = None
    print(f"{'command':<68}{'per coup':>10}{'error':>8}{'coups/cpu s':>12}{'wall s':>8}{'cpu s':>7}")
    for coups, seed in runs:
        words = ["tables", args.variant, "--coups", str(coups), "--seed", str(seed)]
        column = run(COMMAND, ROOT, json.dumps(words))
        figures = json.loads(column.stdout.splitlines()[-1])
        report = figures["report"]
        print(f"{'baccarat-lessons ' + ' '.join(words):<68}{report['bank_result_per_coup']:>+10.3f}"
              f"{report['bank_result_standard_error']:>8.3f}{coups / figures['cpu']:>12,.0f}"
              f"{figures['wall']:>8.1f}{figures['cpu']:>7.1f}", flush=True)
        print(f"    Holding the bank returned {report['bank_result_per_coup']:+.3f} chips per coup "
              f"(after commission; standard error {report['bank_result_standard_error']:.3f}, "
              f"from {report['batch_count']} batches of coups)")
    print(describe("measured", column))
    print(f"load average now: {', '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
