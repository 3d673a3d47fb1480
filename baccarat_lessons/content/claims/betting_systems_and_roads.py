"""Claims of lesson 10 (betting systems and roads): what every bet costs, whatever the system."""

from __future__ import annotations

from functools import lru_cache

from ...analysis.composition import Composition
from ...analysis.exact import exact_odds
from ...analysis.reports import REPORT_SPOTS
from ...engine.bets import BetSpot
from . import Claim

SIDE_BETS = [spot for spot in REPORT_SPOTS if spot not in (BetSpot.BANKER, BetSpot.PLAYER, BetSpot.TIE)]


@lru_cache(maxsize=None)
def edges() -> dict:
    bets = exact_odds(Composition.full(8)).bets
    return {"banker": bets[BetSpot.BANKER].house_edge, "player": bets[BetSpot.PLAYER].house_edge,
            "tie": bets[BetSpot.TIE].house_edge, "side_min": min(bets[spot].house_edge for spot in SIDE_BETS)}


CLAIMS = (
    Claim("every-bet-costs",
          "Every bet loses, on average, a fixed share of what is staked on it: {banker:.2%} on Banker, "
          "{player:.2%} on Player, {tie:.1%} on the Tie and {side_min:.1%} or more on every side bet. Choosing "
          "bets from past results changes how much is staked, never that share.",
          edges, lambda f: 0 < f["banker"] < f["player"] < min(f["tie"], f["side_min"]),
          why="Banker's edge to be the smallest, then Player's, with the Tie and every side bet above both"),
)
