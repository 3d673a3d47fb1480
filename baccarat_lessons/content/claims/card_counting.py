"""Claims of lesson 11 (card counting): how far one card moves an edge, and what the dealt shoes give."""

from __future__ import annotations

from functools import lru_cache

from ...analysis.lessons.counting import removal_range, shoe_edges
from ...engine.bets import BetSpot
from . import Claim
from .ruin_and_bet_size import SHOES  # lessons 11 and 12 deal the same forty shoes


@lru_cache(maxsize=None)
def removal() -> dict:
    ranges = [removal_range(spot, 8) for spot in ("banker", "player")]
    return {"low": 100 * min(low for low, _ in ranges), "high": 100 * max(high for _, high in ranges)}


@lru_cache(maxsize=None)
def shoes() -> dict:
    dealt = shoe_edges(**SHOES)
    figures = {}
    for spot in ("banker", "player", "tie"):
        edges = dealt.edges[BetSpot.from_key(spot)]
        figures[f"{spot}_gain"] = dealt.perfect_counter_gain_per_shoe(spot)
        figures[f"{spot}_count"] = dealt.favourable_coup_count(spot)
        figures[f"{spot}_latest"] = int(dealt.cards_left[edges < 0].max())
    figures["coups"] = dealt.coup_count
    figures["cards"] = 52 * SHOES["decks"]
    return figures


CLAIMS = (
    Claim("removal-size",
          "The change is small: for Banker and Player one card moves the edge by {low:.4f} to {high:.4f} of a "
          "percentage point, thousandths to about a hundredth of a percent of each chip, so the table shows "
          "percentage points to four decimals.",
          removal, lambda f: 0.001 <= f["low"] and f["high"] < 0.015,
          why="every effect of one card between a thousandth and 0.015 of a point"),
    Claim("perfect-counter",
          "on the main bets the gain per shoe is under a thousandth of a chip ({banker_gain:.5f} on Banker, "
          "{player_gain:.5f} on Player)",
          shoes, lambda f: max(f["banker_gain"], f["player_gain"]) < 0.001,
          why="a perfect counter's gain per shoe under a thousandth of a chip on Banker and on Player"),
    Claim("late",
          "they come only near the end of the shoe: every one of them had {latest} cards or fewer left of "
          "{cards}",
          lambda: {**shoes(), "latest": max(shoes()[f"{s}_latest"] for s in ("banker", "player", "tie"))},
          lambda f: f["latest"] < f["cards"] / 6, why="every favourable coup in the last sixth of the shoe"),
    Claim("remember-rare",
          "In forty real shoes ({coups:,} coups) Banker was favourable on {banker_count} coups, Player on "
          "{player_count} and the Tie on {tie_count}, all late in the shoe; betting one chip on exactly those "
          "coups gains under a thousandth of a chip per shoe on Banker or Player.",
          shoes, lambda f: (max(f["banker_count"], f["player_count"], f["tie_count"]) < f["coups"] / 100
                            and max(f["banker_gain"], f["player_gain"]) < 0.001),
          why="each bet favourable on under 1% of the coups, and the main bets' gain under a thousandth of a chip"),
)
