"""Claims of lesson 10 (betting systems and roads): what every bet costs, whatever the system."""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache

from ...analysis.composition import Composition
from ...analysis.exact import exact_odds
from ...analysis.lessons.bankroll import dealt_outcomes
from ...analysis.lessons.systems import streak_rows
from ...analysis.reports import REPORT_SPOTS
from ...engine.bets import BetSpot
from . import Claim
from .ruin_and_bet_size import martingale  # lesson 10 plays the Martingale that lesson 12 counts exactly

SIDE_BETS = [spot for spot in REPORT_SPOTS if spot not in (BetSpot.BANKER, BetSpot.PLAYER, BetSpot.TIE)]


@lru_cache(maxsize=None)
def edges() -> dict:
    bets = exact_odds(Composition.full(8)).bets
    return {"banker": bets[BetSpot.BANKER].house_edge, "player": bets[BetSpot.PLAYER].house_edge,
            "tie": bets[BetSpot.TIE].house_edge, "side_min": min(bets[spot].house_edge for spot in SIDE_BETS)}


CLAIMS = (
    Claim("every-bet-costs",
          "From a full shoe every bet loses, on average, a fixed share of what is staked on it: {banker:.2%} on Banker, "
          "{player:.2%} on Player, {tie:.1%} on the Tie and {side_min:.1%} or more on every side bet. Choosing "
          "bets from past results changes how much is staked, never that share; only the cards left move it, and "
          "by very little (lesson 11).",
          edges, lambda f: 0 < f["banker"] < f["player"] < min(f["tie"], f["side_min"]),
          why="Banker's edge to be the smallest, then Player's, with the Tie and every side bet above both"),
)


@lru_cache(maxsize=None)
def streaks() -> dict:
    rows = streak_rows(dealt_outcomes(1_000, sessions=500, seed=3), longest=6)  # the lesson's half million coups
    within = sum(abs(r.continued_fraction - r.exact) <= 2 * math.sqrt(r.exact * (1 - r.exact) / r.seen) for r in rows)
    return {"within": within, "rows": len(rows)}


@lru_cache(maxsize=None)
def doubling() -> dict:
    losses = next(k for k in range(1, 20) if Fraction(19, 20) * 2**k < 2**k - 1)
    return {"losses": losses, "stake": 2**losses, "pays": Fraction(19, 20) * 2**losses, "lost": 2**losses - 1,
            **martingale()}


CLAIMS += (
    Claim("streak-noise",
          "Read each row against its ± 2 standard errors, the size of the random noise for that many streaks: "
          "{within} of the {rows} rows sit within it, and the others follow no pattern.",
          streaks, lambda f: f["within"] >= 0.75 * f["rows"], why="at least three rows in four within ± 2 standard errors"),
    Claim("martingale-trade",
          "Each doubling cycle wins a little, but over 200 coups a run of six or seven losses comes often enough "
          "that {bust:.0%} of sessions go broke (counted exactly in lesson 12), while most of the others finish "
          "ahead.",
          martingale, lambda f: 0.3 < f["bust"] < 0.5 and f["ahead"] > (1 - f["bust"]) / 2,
          why="between three and five sessions in ten to go broke, and most of the rest to finish ahead"),
    Claim("before-the-wall",
          "On Banker the claim fails even before the wall: after {losses} losses the {stake}-chip win pays "
          "{pays:.2f} against {lost} lost.",
          doubling, lambda f: f["pays"] < f["lost"] and f["losses"] < 7,
          why="the win after that many losses to pay less than was lost, before the seventh loss"),
    Claim("remember-martingale",
          "Systems reshape the spread of results: the Martingale wins a little per cycle but goes broke in about "
          "{bust:.0%} of sessions here; watching or waiting for streaks stakes fewer chips.",
          martingale, lambda f: round(f["bust"], 1) == 0.4, why="the Martingale's bust chance to round to four in ten"),
)
