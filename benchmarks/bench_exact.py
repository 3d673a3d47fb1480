"""Time exact odds of every bet: the package's exact_odds against the plain reference.

Two compositions: a full 8-deck shoe, and the same shoe after 208 cards were
dealt from a seeded shuffle. For each, both methods must give the same exact
fractions (printed as "agree: True"); then the median time per composition of
each, and how many times faster exact_odds is. Prints figures only, asserts nothing
about time. Run from the repository root::

    .venv/bin/python benchmarks/bench_exact.py [--repeat 41]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent))

from reference_enumeration import reference_odds  # noqa: E402

from baccarat_lessons.analysis.composition import Composition  # noqa: E402
from baccarat_lessons.analysis.exact import exact_odds  # noqa: E402
from baccarat_lessons.engine.bets import BetSpot  # noqa: E402
from baccarat_lessons.engine.shoe import Shoe  # noqa: E402

TARGET_MS, AIM_MS = 20.0, 1.0  # the aim: issue 34, at most 1 ms warm


def half_dealt_shoe(seed: int = 2026, dealt: int = 208) -> Composition:
    """What is left of a seeded 8-deck shoe after ``dealt`` cards."""
    shoe = Shoe(decks=8, seed=seed)
    for _ in range(dealt):
        shoe.draw()
    return Composition.of_shoe(shoe)


def agree(composition: Composition) -> bool:
    """Same outcome counts, and the same win and push chance for every bet, under both Banker payouts."""
    for banker_pays in ("commission", "banker7"):
        fast = exact_odds(composition, banker_pays=banker_pays)
        slow = reference_odds(composition, banker_pays=banker_pays)
        if fast.outcome_counts != slow.outcome_counts or fast.sequence_count != slow.sequence_count:
            return False
        for spot in BetSpot:
            odds = fast.bets[spot]
            if (odds.win, odds.push) != (slow.win[spot.key], slow.push[spot.key]):
                print(f"  differs on {spot.value} ({banker_pays}): {odds.win} vs {slow.win[spot.key]}")
                return False
    return True


def median_ms(function, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        function()
        times.append(time.perf_counter() - began)
    return 1000 * statistics.median(times)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=41, help="timed runs of exact_odds per composition")
    args = parser.parse_args(argv)

    began = time.perf_counter()
    exact_odds(Composition.full(8))
    print(f"the first exact_odds of a process, with its read of the shipped sequence table: "
          f"{1000 * (time.perf_counter() - began):.0f} ms")
    print(f"{'composition':<24}{'cards':>6}{'reference ms':>14}{'exact_odds ms':>15}{'ratio':>9}  agree")
    for name, composition in (("full 8-deck shoe", Composition.full(8)), ("after 208 cards dealt", half_dealt_shoe())):
        same = agree(composition)
        reference = median_ms(lambda: reference_odds(composition), max(3, args.repeat // 8))
        fast = median_ms(lambda: exact_odds(composition), args.repeat)
        print(f"{name:<24}{composition.card_count:>6}{reference:>14.1f}{fast:>15.2f}{reference / fast:>8.0f}x  agree: {same}")
    print(f"target: exact_odds at most {TARGET_MS:.0f} ms per composition for all bets (aim {AIM_MS:.0f} ms)")


if __name__ == "__main__":
    main()
