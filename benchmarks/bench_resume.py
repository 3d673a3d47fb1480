"""Resuming a kept session, before and after, in one run: kernel CPU seconds.

A Punto Banco session of 100, 300 and 800 hands (a 5-chip bet on Banker, Deal, the round
shown, each as the page sends it) and a Chemin de Fer session of 170 coups are played, kept
(the sealed record the page stores), and resumed on a new table as a reload does. Each
figure is the CPU time of the process that resumes (steadier than the wall clock on a shared
machine). A click's cost is one round (bet, deal, shown) at hand 1 and after the resume of
the 800-hand session.

"Before" is the package at another revision (``--before``, by default the commit this
branch started from), taken from git into a temporary folder and timed in the same run, so
both columns share the machine's load. Each column runs in a process that can import only its
own package (``columns.py``: ``-I``, an empty working folder); each column's commit and the
folder its package came from are printed, and two columns that imported the same files are
refused. Targets: 800 hands resumed in at most 1 s, 800/100 at most 10x (linear), a click at
hand 800 at most 1.5x one at hand 1.
Prints figures only, asserts nothing::

    .venv/bin/python benchmarks/bench_resume.py [--hands 100 300 800] [--coups 170] [--before REV] [--after REV]
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile

from columns import ROOT, check_distinct, describe, run, unpack

BEFORE = "ac0c09c"  # main when issue 19's branch began: each replayed round rebuilt the panels and resealed

# Run in a subprocess against one version of the package: prints one JSON line of figures.
MEASURE = """
import json, os, sys, tempfile, time
os.environ["BACCARAT_LESSONS_SESSION_KEY"] = os.path.join(tempfile.mkdtemp(), "session.key")
from baccarat_lessons.engine.settings import TableSettings
try:  # one table widget for every variant (issue 19)
    from baccarat_lessons.widgets.table import LiveTable
    layout_table = lambda **options: LiveTable("punto-banco", **options)
    seated_table = lambda seed: LiveTable("chemin-de-fer", seed=seed)
    hands_played = lambda table: table.table.coups_played
except ImportError:  # a revision from before it: two table widgets
    from baccarat_lessons.widgets.seated import SeatedTableView
    from baccarat_lessons.widgets.table import PuntoBancoTable
    layout_table = PuntoBancoTable
    seated_table = lambda seed: SeatedTableView("chemin-de-fer", seed=seed)
    hands_played = lambda table: table.session.hands_played

hands, coups = json.loads(sys.argv[1]), int(sys.argv[2])

def send(table, kind, amount=None, side=None):
    table.surface.handle({"kind": kind, "amount": amount, "side": side, "turn": table.surface.turn})

def one_round(table):
    send(table, "BET", 5, "Banker"); send(table, "DEAL"); send(table, "REVEALED")

def resume_cpu(table, stored):
    cpu = time.process_time()
    table.surface.handle({"kind": "RESUME", "record": json.loads(stored), "source": "storage"})
    return time.process_time() - cpu

def click_cpu(table):
    cpu = time.process_time()
    one_round(table)
    return time.process_time() - cpu

figures = {}
first = layout_table(settings=TableSettings(starting_chips=5000), seed=1)
figures["click 1"] = min(click_cpu(first) for _ in range(7))
for n in hands:
    played = layout_table(settings=TableSettings(starting_chips=5000), seed=n, defer=True)
    for _ in range(n):
        one_round(played)
    stored = json.dumps(played.surface.saved)
    again = layout_table(seed=n + 1)
    figures[f"punto-banco {n}"] = resume_cpu(again, stored)
    assert hands_played(again) == n, again.surface.message
    if n == max(hands):
        figures[f"click {n}"] = min(click_cpu(again) for _ in range(7))

seated = seated_table(3)
while seated.table.coups_played < coups and seated.table.view(0).over_reason is None:
    turn = seated.surface.view["turn"]
    if turn and turn["actions"]:
        actions = turn["actions"]
        # Decline what may be declined (the user's chips last), else the smallest amount.
        action = next((a for a in actions if a["kind"] in ("DECLINE_BANK", "DECLINE_BANCO", "NO_BET")), actions[0])
        amount = action["min_amount"] and action["min_amount"] / 100  # the page sends chips
        send(seated, action["kind"], amount, action["side"])
    else:
        send(seated, "NEXT")
    send(seated, "REVEALED")
stored = json.dumps(seated.surface.saved)
again = seated_table(4)
figures[f"chemin-de-fer {seated.table.coups_played}"] = resume_cpu(again, stored)
assert again.table.coups_played == seated.table.coups_played, again.surface.message
print(json.dumps(figures))
"""


def measure(package_root, hands: list[int], coups: int):
    """One column's figures, and the column (the package it imported)."""
    column = run(MEASURE, package_root, json.dumps(hands), str(coups))
    return json.loads(column.stdout.splitlines()[-1]), column


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, nargs="+", default=[100, 300, 800])
    parser.add_argument("--coups", type=int, default=170)
    parser.add_argument("--before", default=BEFORE, help="the git revision to compare with")
    parser.add_argument("--after", default=None, help="a git revision to measure instead of the working tree")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        before, before_column = measure(unpack(args.before, folder), args.hands, args.coups)
    with tempfile.TemporaryDirectory() as folder:
        after, after_column = measure(unpack(args.after, folder) if args.after else ROOT, args.hands, args.coups)
    check_distinct(before_column, after_column)
    print("Kernel CPU milliseconds to resume a kept session (and to play one round: the best of 7)")
    print(f"{'session':<22}{'before':>10}{'after':>10}")
    for key in after:
        print(f"{key:<22}{1000 * before.get(key, float('nan')):>10.2f}{1000 * after[key]:>10.2f}")
    most, least = max(args.hands), min(args.hands)
    for name, figures in (("before", before), ("after", after)):
        print(f"{name}: {most}/{least} hands resume ratio {figures[f'punto-banco {most}'] / figures[f'punto-banco {least}']:.1f}x"
              f" (target <= 10x); click at hand {most} / hand 1: {figures[f'click {most}'] / figures['click 1']:.2f}x"
              " (target <= 1.5x)")
    print(describe("before", before_column))
    print(describe("after", after_column))
    print(f"Targets: {most} hands <= 1000 ms. Load average now: "
          f"{', '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} cores.")


if __name__ == "__main__":
    main()
