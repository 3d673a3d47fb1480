"""Time the Chemin de Fer solver (target: a 6-deck model solved in 0.5 s or less).

Run: ``.venv/bin/python benchmarks/bench_solver.py``. "first" includes playing
the 10**6 six-value sequences once per process; "fresh" rebuilds the payoffs
of a shoe (the per-setting cache cleared) but reuses the played sequences.
"""

from __future__ import annotations

import time
from fractions import Fraction

from baccarat_lessons.analysis.chemin_de_fer_solver import choice_game, solve

TARGET_SECONDS = 0.5


def timed(function, *args):
    start = time.perf_counter()
    result = function(*args)
    return time.perf_counter() - start, result


def main() -> None:
    first, _ = timed(solve, "classic", 6, Fraction(0))
    print(f"first solve in this process (classic, 6 decks):     {first:.3f} s")
    for model in ("table", "classic"):
        for commission in (Fraction(0), Fraction(1, 20)):
            runs = []
            for _ in range(3):
                choice_game.cache_clear()
                seconds, solution = timed(solve, model, 6, commission)
                runs.append(seconds)
            best = min(runs)
            verdict = "ok" if best <= TARGET_SECONDS else "SLOWER THAN TARGET"
            print(
                f"fresh solve {model:<7} 6 decks, commission {float(commission):.2f}: "
                f"{best:.3f} s (best of 3)  p = {float(solution.punter_draw_on_5):.4f}  "
                f"value = {float(solution.value):+.6f}  [{verdict}]"
            )
    cached, _ = timed(solve, "classic", 6, Fraction(0))
    print(f"solve again, payoffs cached (classic, 6 decks):     {cached:.3f} s")
    infinite, _ = timed(solve, "classic", 0, Fraction(0))
    print(f"fresh solve classic, infinite deck:                 {infinite:.3f} s")


if __name__ == "__main__":
    main()
