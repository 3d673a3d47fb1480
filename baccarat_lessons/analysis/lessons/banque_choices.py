"""The Banque banker's free choice, asked the way lesson 11 asks it.

The exact expected value of drawing and of standing is computed by
:mod:`baccarat_lessons.analysis.banque_banker` (what the banker sees, the unseen
cards, captains who follow the guidance, the commission on a positive net gain).
This module only poses the lesson's questions to it, for a full shoe:

* with equal stakes and both tableaux doing the same, does best play rebuild the
  Chemin de Fer drawing table?
* where does moving the big stake from one side to the other flip the decision?

>>> banker_choice(6, right=None, left=None, right_stake=10, left_stake=10).decision
'stand'
>>> banker_choice(5, right=None, left=0, right_stake=50, left_stake=5).decision
'draw'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ...engine.variants import BANQUE_OUVERTE
from ..banque_banker import BankerView, OpenSide, banker_values, exact_values
from ..composition import Composition

SEEN = (None, *range(10))  # what a tableau showed: stood, or its third card's value


@dataclass(frozen=True)
class BanqueChoice:
    """The banker's expected net result (chips) from drawing and from standing."""

    draw_value: Fraction | float
    stand_value: Fraction | float

    @property
    def decision(self) -> str:
        return "draw" if self.draw_value > self.stand_value else "stand"


def banker_choice(banker_total: int, right: int | None, left: int | None, right_stake: int, left_stake: int,
                  decks: int = BANQUE_OUVERTE.decks, commission: Fraction = BANQUE_OUVERTE.commission,
                  exact: bool = False) -> BanqueChoice:
    """Draw or stand, for a banker on ``banker_total`` at the top of a full shoe.

    ``exact`` gives the values as fractions (slower); otherwise floats, as the bots use.
    """
    view = BankerView(
        banker_total=banker_total, unseen=tuple(Composition.full(decks).by_value()), commission=commission,
        sides=(OpenSide(right_stake, right), OpenSide(left_stake, left)),
    )
    if exact:
        return BanqueChoice(*exact_values(view))
    values = banker_values(view)
    return BanqueChoice(values.draw, values.stand)


def equal_stakes_grid(totals=range(3, 8), stake: int = 10) -> dict[int, str]:
    """For each banker total, 'D'/'S' for: both tableaux stood, then both drew a 0, 1, ..., 9."""
    return {
        total: "".join(banker_choice(total, seen, seen, stake, stake).decision[0].upper() for seen in SEEN)
        for total in totals
    }


def stake_flips(banker_total: int, big: int = 50, small: int = 5) -> list[tuple]:
    """Situations where the better choice depends on which side carries the big stake:
    (right seen, left seen, choice with the big stake right, choice with it left)."""
    flips = []
    for right in SEEN:
        for left in SEEN:
            big_right = banker_choice(banker_total, right, left, big, small).decision
            big_left = banker_choice(banker_total, right, left, small, big).decision
            if big_right != big_left:
                flips.append((right, left, big_right, big_left))
    return flips
