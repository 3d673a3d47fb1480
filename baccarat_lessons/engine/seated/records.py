"""What a seat-banked coup leaves behind: its stakes, each hand's cards, the finished coup's record.

>>> stake = Stake(seat=2, amount=1000, hand=Hand.PLAYER)
>>> stake.amount, settle_reason(Hand.RIGHT, Outcome.PLAYER)
(1000, 'the right tableau won; it pays 1:1.')
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import NamedTuple

from ..events import Event, Hand, Outcome


def settle_reason(hand: Hand, outcome: Outcome) -> str:
    """Why a stake on ``hand`` is paid, collected or returned."""
    if outcome is Outcome.PLAYER:
        won = "players’ hand" if hand is Hand.PLAYER else hand.value.lower()
        return f"the {won} won; it pays 1:1."
    return "the banker won." if outcome is Outcome.BANKER else "a tie returns the stake."


class HandCards(list):
    """The cards of one hand (a list), carrying its running ``total``."""

    def __init__(self):
        super().__init__()
        self.total = 0


class Stake(NamedTuple):
    """Hundredths a seat put against the bank on one hand (``Hand.PLAYER`` at Chemin de Fer)."""

    seat: int
    amount: int
    hand: Hand


@dataclass(frozen=True)
class CoupRecord:
    """One finished coup, as the history shows it (amounts in hundredths)."""

    number: int
    banker: int | None  # a seat index, or HOUSE
    bank: int | None  # the bank at stake; None for the house bank
    hands: MappingProxyType  # Hand -> tuple of cards
    stakes: tuple[Stake, ...]
    results: MappingProxyType  # player hand -> Outcome (PLAYER: that hand beat the bank)
    commission: int
    events: tuple[Event, ...]

    @property
    def text(self) -> str:
        return "\n".join(event.text for event in self.events)

    def __deepcopy__(self, memo):
        return self  # frozen: a copied table shares its finished coups
