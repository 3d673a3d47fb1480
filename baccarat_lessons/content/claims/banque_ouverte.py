"""Claims of lesson 05 (Banque ouverte): how the stakes steer the banker's free choice."""

from __future__ import annotations

from functools import lru_cache

from ...analysis.lessons.banque_choices import SEEN, banker_choice, example_hand
from . import Claim

BIG, SMALL = 50, 5  # the lesson's example: 50 chips on the right, 5 on the left


@lru_cache(maxsize=None)
def big_right() -> dict:
    conflicts = with_right = 0
    for total in range(8):
        for right in SEEN:
            for left in SEEN:
                hand = example_hand(total)
                # The choice against one tableau alone is the one made when the other stakes nothing.
                right_alone = banker_choice(hand, right, left, BIG, 0).decision
                if right_alone == banker_choice(hand, right, left, 0, BIG).decision:
                    continue  # both sides call for the same choice: nothing to weigh
                conflicts += 1
                with_right += banker_choice(hand, right, left, BIG, SMALL).decision == right_alone
    return {"conflicts": conflicts, "with_right": with_right, "share": with_right / conflicts}


CLAIMS = (
    Claim("big-stake",
          "With 50 chips on the right and 5 on the left, a banker facing a choice nearly always plays to beat the "
          "right-hand tableau, even if that makes losing to the left more likely: of the {conflicts} situations "
          "(its total, and what each tableau showed) where the two tableaux call for different choices, it "
          "sides with the right in {with_right}.",
          big_right, lambda f: 0.9 <= f["share"] < 1, why="the banker to side with the right in at least 90% of the "
          "situations where the sides conflict, but not all"),
)
