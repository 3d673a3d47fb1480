"""Rounds per second of the simulator on one core, from real finite 8-deck shoes.

Numeric libraries are held to one thread before numpy loads (the simulator's
numpy calls are single-threaded anyway). For each shoe procedure the script
prints rounds per second of wall time and of process CPU time: on a machine
shared with other work the CPU figure is the steadier one. Prints figures only,
asserts nothing about time. Run from the repository root::

    .venv/bin/python benchmarks/bench_simulate.py [--rounds 20000000] [--repeat 3]

``--versus-exact N`` also deals N rounds per procedure (seed 12345) and prints
how far each outcome's frequency lies from the exact full-shoe odds, in
binomial standard errors: the size of the finite-shoe effect quoted in
``tests/test_simulate.py`` (3*10**8 rounds take about 30 s per procedure).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

for variable in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "NUMEXPR_NUM_THREADS"):
    os.environ[variable] = "1"

from baccarat_lessons.analysis.composition import Composition  # noqa: E402
from baccarat_lessons.analysis.exact import exact_odds  # noqa: E402
from baccarat_lessons.analysis.simulate import simulate  # noqa: E402

PROCEDURES = ("reshuffle20", "casino", "every-hand")
TARGET, AIM = 4e6, 10e6


def timed(rounds: int, procedure: str, seed: int) -> tuple[float, float, dict[str, int]]:
    wall, cpu = time.perf_counter(), time.process_time()
    result = simulate(rounds, decks=8, seed=seed, procedure=procedure)
    return time.perf_counter() - wall, time.process_time() - cpu, result.outcome_counts


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20_000_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--versus-exact", type=int, default=0, metavar="N", help="also compare N rounds with the exact odds")
    args = parser.parse_args(argv)

    for procedure in PROCEDURES:  # warm up: the coup table, and the allocator's first large arrays
        simulate(2_000_000, seed=0, procedure=procedure)
    print(f"{args.rounds:,} rounds from 8-deck shoes per run, {args.repeat} runs, one thread")
    print(f"{'procedure':<13}{'median wall/s':>15}{'best wall/s':>15}{'median CPU/s':>15}   banker share")
    for procedure in PROCEDURES:
        runs = [timed(args.rounds, procedure, seed) for seed in range(1, args.repeat + 1)]
        wall = [args.rounds / w for w, _, _ in runs]
        cpu = [args.rounds / c for _, c, _ in runs]
        banker = runs[0][2]["banker"] / args.rounds
        print(
            f"{procedure:<13}{statistics.median(wall):>15,.0f}{max(wall):>15,.0f}"
            f"{statistics.median(cpu):>15,.0f}   {banker:.5f}"
        )
    print(f"target: at least {TARGET:,.0f} rounds/s (aim {AIM:,.0f})")
    if args.versus_exact:
        versus_exact(args.versus_exact)


def versus_exact(rounds: int) -> None:
    exact = exact_odds(Composition.full(8)).outcomes
    print(f"{rounds:,} rounds per procedure against the exact odds of a full 8-deck shoe (seed 12345)")
    for procedure in PROCEDURES:
        result = simulate(rounds, seed=12345, procedure=procedure)
        for name in ("banker", "player", "tie"):
            p = float(exact[name])
            difference = result.frequencies[name] - p
            error = (p * (1 - p) / rounds) ** 0.5
            print(f"  {procedure:<12}{name:<8}exact {p:.6f}  simulated {result.frequencies[name]:.6f}"
                  f"  difference {difference:+.6f}  ({difference / error:+.2f} standard errors of {error:.6f})")


if __name__ == "__main__":
    main()
