"""Claims of lesson 09 (the law of large numbers): expected loss against swing, and who finishes ahead."""

from __future__ import annotations

import math
from functools import lru_cache
from statistics import NormalDist

from ...analysis.lessons.ahead import ahead_and_behind, wins_needed
from ...analysis.lessons.bankroll import ahead_chance, dealt_outcomes, normal_ahead_chance, round_nets, to_chips
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


@lru_cache(maxsize=None)
def long_session() -> dict:
    # The session the lesson plots: the first of 100 sessions of 10,000 rounds, seed 8.
    nets = to_chips(round_nets(dealt_outcomes(10_000, sessions=100, decks=8, seed=8)[0], "banker"))
    spread = bet_spread("banker")
    rounds = len(nets)
    average, error = float(nets.sum()) / rounds, spread.sd / math.sqrt(rounds)
    z = (average - float(spread.mean)) / error
    return {"rounds": rounds, "average": average, "exact": float(spread.mean), "error": error, "z": z, "below": -z,
            "one_in": 1 / NormalDist().cdf(z)}


@lru_cache(maxsize=None)
def extra_wins() -> dict:
    extra = [wins_needed(losses) - losses for losses in range(200)]
    return {"two": extra.index(2), "three": extra.index(3), "two_last": extra.index(3) - 1, "extra": extra}


@lru_cache(maxsize=None)
def ahead_by_rounds() -> dict:
    exact = {n: ahead_chance(n, "banker") for n in (1, 2, 10, 100, 1_000)}
    return {"one": exact[1], "two": exact[2], "ten": exact[10], "hundred": exact[100], "thousand": exact[1_000],
            "normal_ten": normal_ahead_chance(10, "banker"), "edge": float(bet_spread("banker").mean)}


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
    Claim("settles-slowly",
          "Early on it jumps around; as rounds accumulate it closes in on the exact value, {exact:.2%}, but "
          "slowly, because the standard error of the average shrinks only like 1/√*n*: after {rounds:,} rounds "
          "it is still {error:.2%}. The grey funnel is the exact value ± 2 standard errors, where about 95% of "
          "sessions end. This one ends at {average:.2%} per chip, {below:.1f} standard errors below the exact "
          "value and just outside the funnel: an unlucky session, about one in {one_in:.0f}, not a flaw.",
          long_session, lambda f: 2 < -f["z"] < 2.5 and f["error"] > 0.005,
          why="the session to end between 2 and 2.5 standard errors below the exact value, just outside the "
              "funnel, with the error still above half a percent"),
    Claim("extra-wins",
          "one win more than losses is enough only while the losses stay below {two}; from {two} to {two_last} "
          "losses it takes two more, from {three} three more",
          extra_wins, lambda f: all(a <= b for a, b in zip(f["extra"], f["extra"][1:])) and f["extra"][0] == 1,
          why="the extra wins needed to start at one and never fall as losses grow"),
    Claim("ten-rounds",
          "After 10 rounds the net's values come in a few clumps near whole numbers and the bell curve is well off "
          "({normal_ten:.0%} against the exact {ten:.1%}); over many rounds the two agree.",
          ahead_by_rounds, lambda f: abs(f["normal_ten"] - f["ten"]) > 0.02, why="the normal curve off by more than two points at 10 rounds"),
    Claim("wobble",
          "The exact column does not move, but it does not fall steadily either: {ten:.1%} after 10 rounds, "
          "{hundred:.1%} after 100.",
          ahead_by_rounds, lambda f: f["hundred"] > f["ten"], why="the chance after 100 rounds above the chance after 10"),
    Claim("one-two",
          "so the chance of being ahead drops from {one:.1%} after one round to {two:.1%} after two",
          ahead_by_rounds, lambda f: f["two"] < f["one"], why="a lower chance after two rounds than after one"),
    Claim("remember-average",
          "As the bets pile up, the **average result per chip** settles on it ({edge:.2%} on Banker): that is the "
          "law of large numbers.",
          ahead_by_rounds, lambda f: f["edge"] < 0, why="Banker's expected result per chip to be a loss"),
    Claim("goal-ahead",
          "explain why many sessions finish ahead (over a third, even after 1,000 rounds) though every bet loses "
          "on average",
          ahead_by_rounds, lambda f: f["thousand"] > 1 / 3, why="over a third of 1,000-round sessions ahead"),
)
