"""The Banque banker's free choice, asked the way lesson 14 (game theory) asks it.

The exact expected value of drawing and of standing is computed by
:mod:`baccarat_lessons.analysis.banque_banker` (what the banker sees, the unseen
cards, captains who follow the guidance, the commission on a positive net gain).
This module only poses the lesson's questions to it, from a fresh shoe out of which
the cards the banker has seen are gone: its own two cards and any face-up third
cards. (The tableaux's face-down cards stay among the unseen.)

* with equal stakes and both tableaux doing the same, does best play rebuild the
  Chemin de Fer drawing table?
* where does moving the big stake from one side to the other flip the decision?

>>> banker_choice("KS 6H", right=None, left=None, right_stake=10, left_stake=10).decision
'stand'
>>> banker_choice("2S 3H", right=None, left=0, right_stake=50, left_stake=5).decision
'draw'
>>> unseen_cards("2S 3H", right=None, left=0)[:4]       # one ten-card, one 2 and one 3 are out
(95, 24, 23, 23)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ...engine.money import CHIP
from ...engine.variants import BANQUE_OUVERTE
from ..banque_banker import BankerView, OpenSide, banker_values, exact_values
from ..composition import Composition

SEEN = (None, *range(10))  # what a tableau showed: stood, or its third card's value
VALUE_TOKENS = ("10", "A", "2", "3", "4", "5", "6", "7", "8", "9")  # a rank for each value 0-9


def example_hand(total: int) -> str:
    """A two-card banker hand for a total, used where only the total is asked: a ten and
    a card of that value (two tens for 0).

    >>> example_hand(5), example_hand(0)
    ('10 5', '10 10')
    """
    return f"10 {VALUE_TOKENS[total]}"


def unseen_cards(banker_cards: str, right: int | None, left: int | None,
                 decks: int = BANQUE_OUVERTE.decks) -> tuple[int, ...]:
    """Cards of each value 0-9 the banker has not seen: a fresh shoe less its own two
    cards and the tableaux's face-up third cards."""
    shown = banker_cards.split() + [VALUE_TOKENS[third] for third in (right, left) if third is not None]
    return tuple(Composition.full(decks).removed(shown).by_value())


def banker_total(banker_cards: str) -> int:
    """The total of the banker's two cards, read by the engine's card rules.

    >>> banker_total("7S 8H")
    5
    """
    from ...engine.cards import hand_total, parse_cards  # noqa: PLC0415

    return hand_total(parse_cards(" ".join(
        card if card[-1:].upper() in "SHDC" and len(card) >= 2 else f"{card}S" for card in banker_cards.split()
    )))


@dataclass(frozen=True)
class BanqueChoice:
    """The banker's expected net result (chips) from drawing and from standing."""

    draw_value: Fraction | float
    stand_value: Fraction | float

    @property
    def decision(self) -> str:
        return "draw" if self.draw_value > self.stand_value else "stand"


def banker_choice(banker_cards: str, right: int | None, left: int | None, right_stake: int, left_stake: int,
                  decks: int = BANQUE_OUVERTE.decks, commission: Fraction = BANQUE_OUVERTE.commission,
                  exact: bool = False) -> BanqueChoice:
    """Draw or stand, for a banker holding ``banker_cards`` (e.g. ``"2S 3H"``) early in a shoe.

    ``right`` and ``left`` are what each tableau showed: ``None`` if it stood, else the
    value of its third card. Stakes are whole chips; the values come back in chips, the
    commission charged as the table charges it (rounded down to the hundredth). ``exact``
    gives the values as fractions (slower); otherwise floats, as the bots use.
    """
    view = BankerView(
        banker_total=banker_total(banker_cards), unseen=unseen_cards(banker_cards, right, left, decks),
        commission=commission, sides=(OpenSide(right_stake * CHIP, right), OpenSide(left_stake * CHIP, left)),
    )
    if exact:
        draw, stand = exact_values(view)
        return BanqueChoice(draw / CHIP, stand / CHIP)
    values = banker_values(view)
    return BanqueChoice(values.draw / CHIP, values.stand / CHIP)


def equal_stakes_grid(totals=range(3, 8), stake: int = 10) -> dict[int, str]:
    """For each banker total (held as :func:`example_hand`), 'D'/'S' for: both tableaux
    stood, then both drew a 0, 1, ..., 9."""
    return {
        total: "".join(
            banker_choice(example_hand(total), seen, seen, stake, stake).decision[0].upper() for seen in SEEN
        )
        for total in totals
    }


def stake_flips(banker_cards: str, big: int = 50, small: int = 5) -> list[tuple]:
    """Situations where the better choice depends on which side carries the big stake:
    (right seen, left seen, choice with the big stake right, choice with it left)."""
    flips = []
    for right in SEEN:
        for left in SEEN:
            big_right = banker_choice(banker_cards, right, left, big, small).decision
            big_left = banker_choice(banker_cards, right, left, small, big).decision
            if big_right != big_left:
                flips.append((right, left, big_right, big_left))
    return flips
