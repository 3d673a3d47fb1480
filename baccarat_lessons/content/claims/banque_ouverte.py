"""Claims of lesson 05 (Banque ouverte): how the stakes steer the banker's free choice."""

from __future__ import annotations

from functools import lru_cache

from ...analysis.lessons.banque_choices import SEEN, banker_choice, example_hand
from . import Claim

BIG, SMALL = 50, 5  # the lesson's example: 50 chips on the right, 5 on the left


@lru_cache(maxsize=None)
def big_right() -> dict:
    situations = [(total, right, left) for total in range(8) for right in SEEN for left in SEEN]
    # The choice against the right-hand tableau alone is the one it makes when the left stakes nothing.
    agree = sum(banker_choice(example_hand(total), right, left, BIG, SMALL).decision
                == banker_choice(example_hand(total), right, left, BIG, 0).decision
                for total, right, left in situations)
    return {"agree": agree, "situations": len(situations), "share": agree / len(situations)}


CLAIMS = (
    Claim("big-stake",
          "With 50 chips on the right and 5 on the left, a banker facing a choice nearly always plays to beat the "
          "right-hand tableau, even if that makes losing to the left more likely: in {agree} of the {situations} "
          "situations (its total, and what each tableau showed) it chooses as it would against the right alone.",
          big_right, lambda f: 0.95 <= f["share"] < 1, why="at least 95% of the situations, but not all"),
)
