"""Claims of lesson 13 (the third card): what Player's third card says, and what the fixed table gives up."""

from __future__ import annotations

from functools import lru_cache

from ...analysis.lessons.third_card import departures, player_totals_given_third
from . import Claim, in_words


@lru_cache(maxsize=None)
def after_nine() -> dict:
    totals = player_totals_given_third(8)[9]
    others = [chance for total, chance in totals.items() if total != 9]
    return {"nine": totals[9], "low": min(others), "high": max(others), "others": in_words(len(others))}


@lru_cache(maxsize=None)
def six_stood() -> dict:
    cells = {(d.banker_total, d.third_card): d for d in departures(8)}
    return {"cost": cells[(6, None)].cost_per_coup, "departures": in_words(len(cells)), "count": len(cells)}


CLAIMS = (
    Claim("bayes-nine",
          "so the total the third card makes from a 0 is about {nine:.0%} likely, and each of the other "
          "{others} about {low:.0%}",
          after_nine, lambda f: f["nine"] > f["high"] and round(float(f["low"]), 2) == round(float(f["high"]), 2),
          why="the total made from a 0 to be the likeliest, the other totals equal to the percent"),
    Claim("remember-six",
          "Punto Banco's table is the Banker hand's best reply in all cells but {departures} with eight decks; "
          "drawing on 6 when Player stood would be worth about {cost:.2%} of a result per coup.",
          six_stood, lambda f: f["count"] == 2 and f["cost"] > 0, why="exactly two cells where the table is not the best reply"),
)
