"""Claims of lesson 08 (spread): what the SDs, the standard error and an hour's figures say."""

from __future__ import annotations

from functools import lru_cache
from statistics import NormalDist

from ...analysis.lessons.spread import HANDS_PER_HOUR, Z_95, bet_spread, hour_of_play, rounds_until_edge_shows
from . import Claim

PIN = 0.000005  # pinning an edge to the third decimal of a percent: a half-width of 0.0005%


def about(value: float, figures: int = 2) -> int:
    """``value`` rounded to ``figures`` significant figures, as "about" says it.

    >>> about(132_150), about(30_738), about(1_353, 1)
    (130000, 31000, 1000)
    """
    digits = len(str(int(abs(value)))) - figures
    return int(round(value, -digits)) if digits > 0 else round(value)


@lru_cache(maxsize=None)
def sds() -> dict:
    banker, player, tie = bet_spread("banker"), bet_spread("player"), bet_spread("tie")
    return {
        "banker_sd": banker.sd, "player_sd": player.sd, "tie_sd": tie.sd, "tie_lose": tie.lose, "tie_pays": tie.pays,
        "banker_times": banker.sd / -float(banker.mean), "player_times": player.sd / -float(player.mean),
        "pair_sd": bet_spread("player_pair").sd, "perfect_sd": bet_spread("perfect_pair").sd,
        "either_sd": bet_spread("either_pair").sd, "either_pays": bet_spread("either_pair").pays,
        "either_win": bet_spread("either_pair").win,
        "banker_sd_6": bet_spread("banker", 6).sd, "player_sd_6": bet_spread("player", 6).sd,
        "perfect_sd_6": bet_spread("perfect_pair", 6).sd,
    }


@lru_cache(maxsize=None)
def interval(rounds: int = 1_000_000) -> dict:
    banker, player = bet_spread("banker"), bet_spread("player")
    half = float(Z_95) * banker.sd / rounds**0.5
    times = (half / PIN) ** 2
    gap = float(banker.mean - player.mean)
    # The interval around a simulated edge x holds Player's when x − half < Player's edge, i.e. when x falls
    # below Banker's edge by more than gap − half; x is normal about Banker's edge with SD half / 1.96.
    holds = NormalDist().cdf((half - gap) / (half / float(Z_95)))
    return {"rounds": rounds, "half": half, "gap": gap, "holds": holds, "banker": float(banker.mean),
            "player": float(player.mean), "times": about(times), "exact_times": times}


@lru_cache(maxsize=None)
def showing() -> dict:
    banker = rounds_until_edge_shows("banker")
    side = max(rounds_until_edge_shows(spot) for spot in ("player_pair", "either_pair", "perfect_pair", "big", "small"))
    return {"banker": about(banker), "exact": banker, "side": about(side), "side_exact": side,
            "fewest_hours": banker / max(HANDS_PER_HOUR.values()), "most_hours": banker / min(HANDS_PER_HOUR.values()),
            "big_sd": bet_spread("big").sd, "banker_sd": bet_spread("banker").sd,
            "big_times": float(bet_spread("big").mean / bet_spread("banker").mean),
            "pair_times": [bet_spread(spot).sd / bet_spread("banker").sd
                           for spot in ("player_pair", "either_pair", "perfect_pair")]}


@lru_cache(maxsize=None)
def hours() -> dict:
    ratios = {table: hour_of_play(table).sd / float(hour_of_play(table).expected_loss) for table in HANDS_PER_HOUR}
    return {"mini": ratios["Mini Baccarat"], "big": ratios["big table"]}


CLAIMS = (
    Claim("main-sd",
          "Banker and Player swing by about one chip per coup (SD {banker_sd:.2f} and {player_sd:.2f}), "
          "{banker_times:.0f} and {player_times:.0f} times their edges.",
          sds, lambda f: all(abs(f[k] - 1) < 0.1 for k in ("banker_sd", "player_sd")),
          why="both SDs within 0.1 of one chip"),
    Claim("tie-sd",
          "Tie's SD is {tie_sd:.2f}: it loses a chip nine times in ten and wins eight chips the tenth.",
          sds, lambda f: round(float(f["tie_lose"]), 1) == 0.9 and f["tie_pays"] == 8,
          why="Tie to lose 90% of its coups, rounded, and to pay 8 to 1"),
    Claim("pair-sd",
          "Player Pair and Banker Pair, paying 11:1 on rare wins, swing more than Tie (SD {pair_sd:.2f}), and "
          "Perfect Pair at 25:1 most of all ({perfect_sd:.2f}); Either Pair, paying {either_pays}:1 on one coup "
          "in seven, swings less than Tie ({either_sd:.2f}).",
          sds, lambda f: (f["tie_sd"] < f["pair_sd"] < f["perfect_sd"] and f["either_sd"] < f["tie_sd"]
                          and round(1 / float(f["either_win"])) == 7),
          why="Tie < the pairs < Perfect Pair, Either Pair < Tie, and Either Pair to win one coup in seven"),
    Claim("decks-sd",
          "Six decks instead of eight leave Banker's and Player's SDs the same to four decimals; the pair bets "
          "move more, Perfect Pair's from {perfect_sd:.4f} to {perfect_sd_6:.4f}.",
          sds, lambda f: (round(f["banker_sd"], 4) == round(f["banker_sd_6"], 4)
                          and round(f["player_sd"], 4) == round(f["player_sd_6"], 4)
                          and abs(f["perfect_sd"] - f["perfect_sd_6"]) > 0.01),
          why="Banker's and Player's SDs equal to four decimals at 6 and 8 decks and Perfect Pair's to move"),
    Claim("interval-width",
          "About ±{half:.3%}: a shade wider than the gap of {gap:.3%} between Banker ({banker:.2%}) and Player "
          "({player:.2%}), so the interval around a simulated Banker edge can still hold Player's (it does in "
          "about half of all runs, {holds:.0%}): a million coups only just fail to tell the two bets apart.",
          interval, lambda f: f["gap"] < f["half"] < 1.1 * f["gap"] and 0.4 < f["holds"] < 0.6,
          why="the half-width to be wider than the gap, by less than a tenth of it, and the interval to hold "
              "Player's edge in 40% to 60% of runs"),
    Claim("third-decimal",
          "Pinning Banker's edge to the third decimal ({banker:.3%}) needs a half-width under 0.0005%, "
          "about {times:,} times as many coups.",
          interval, lambda f: abs(f["times"] - f["exact_times"]) < 0.05 * f["exact_times"],
          why="the rounded multiple within 5% of the exact one"),
    Claim("banker-shows",
          "Banker needs about {banker:,} coups, hundreds of hours at a real table. Every side bet shows its larger "
          "edge within about {side:,} coups, the pair bets even though they swing two to five times as much as "
          "Banker, so they give themselves away much sooner.",
          showing, lambda f: (100 <= f["fewest_hours"] and f["most_hours"] < 1000
                              and f["side_exact"] < 1.5 * f["side"] and f["side_exact"] < f["exact"] / 5
                              and 2 <= min(f["pair_times"]) and max(f["pair_times"]) < 5.1),
          why="Banker's coups to take 100 to 1,000 hours at the assumed paces, every side bet to show within "
              "about the rounded figure, under a fifth of Banker's, and the pair bets' SDs 2 to 5 times Banker's"),
    Claim("hour-spread",
          "And the SD of one hour is {mini:.1f} times its expected loss at Mini and {big:.1f} times at the big "
          "table, which is why a single evening proves nothing.",
          hours, lambda f: min(f["mini"], f["big"]) > 2,
          why="the SD of an hour to be more than twice its expected loss at both paces, so that about 95% of "
              "hours range from a loss to a gain"),
    Claim("remember-shows",
          "Banker's edge needs about {banker:,} coups to stand out from chance.",
          showing, lambda f: abs(f["banker"] - f["exact"]) < 0.05 * f["exact"],
          why="the rounded count within 5% of the exact one"),
    Claim("big-and-banker",
          "Big swings less than Banker (SD {big_sd:.2f} against {banker_sd:.2f}) yet costs about {big_times:.0f} times "
          "as much per chip.",
          showing, lambda f: f["big_sd"] < f["banker_sd"] and round(f["big_times"]) >= 2,
          why="Big's SD below Banker's and its edge at least twice Banker's"),
)
