"""Claims of lesson 09 (the law of large numbers): expected loss against swing, and who finishes ahead."""

from __future__ import annotations

import math
from functools import lru_cache

from ...analysis.lessons.ahead import ahead_and_behind
from ...analysis.lessons.spread import bet_spread
from . import Claim

ROUNDS = 1_000  # the sessions of the lesson's first chart


@lru_cache(maxsize=None)
def banker() -> dict:
    spread = bet_spread("banker")
    ahead, _ = ahead_and_behind(ROUNDS)
    edge = -float(spread.mean)
    return {"edge": edge, "sd": spread.sd, "rounds": ROUNDS, "loss": ROUNDS * edge,
            "swing": spread.sd * math.sqrt(ROUNDS), "ahead": float(ahead[-1])}


CLAIMS = (
    Claim("expected-loss",
          "The black line is what the exact odds predict on average: a loss of about {loss:.1f} chips.",
          banker, lambda f: abs(f["loss"] - 1_000 * f["edge"]) < 1e-9, why="the loss to be 1,000 times the edge"),
    Claim("swing",
          "A single round's result swings by about one chip either way (SD {sd:.2f}); the edge moves the "
          "*average* by about a hundredth of a chip ({edge:.4f}). After *n* rounds the expected loss is about "
          "{edge:.4f}·*n*, but the typical swing is about {sd:.2f}·√*n* chips.",
          banker, lambda f: abs(f["sd"] - 1) < 0.1 and 0.005 < f["edge"] < 0.02,
          why="an SD within 0.1 of a chip and an edge near a hundredth"),
    Claim("remember-ahead",
          "After {rounds:,} one-chip Banker bets the expected loss is {loss:.1f} chips but the typical swing "
          "is {swing:.0f}, so {ahead:.0%} of sessions still finish ahead (exact).",
          banker, lambda f: f["swing"] > f["loss"] and 0.25 < f["ahead"] < 0.5,
          why="the swing to exceed the loss, and between a quarter and a half of sessions to finish ahead"),
)
