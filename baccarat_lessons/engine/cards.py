"""Playing cards: ranks, suits and baccarat values.

>>> hand = parse_cards("KC 8D")
>>> [card.value for card in hand], hand_total(hand)
([0, 8], 8)
>>> str(Card.parse("10H")), Card.parse("th").name
('10H', 'ten of hearts')
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Iterable

from .errors import CardError


class _InOrder(enum.Enum):
    """Members compare in the order they are listed, so cards can be sorted."""

    def __lt__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        members = list(type(self))
        return members.index(self) < members.index(other)


class Suit(_InOrder):
    """The four suits; the value is the one-letter token used in card strings."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[self.value]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)


class Rank(_InOrder):
    """The thirteen ranks; the value is the token used in card strings."""

    ACE = "A"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"

    @property
    def value_in_baccarat(self) -> int:
        """Ace 1, two to nine their face value, ten and pictures 0."""
        return RANK_VALUES[self]

    @property
    def burn_value(self) -> int:
        """What the first card of a new shoe orders burned: pictures and ten count 10."""
        return RANK_VALUES[self] or 10

    @classmethod
    def parse(cls, token: str) -> "Rank":
        """Read a rank token such as ``"A"``, ``"10"``, ``"T"`` or ``"k"``."""
        text = token.strip().upper()
        text = {"T": "10", "1": "A"}.get(text, text)
        try:
            return cls(text)
        except ValueError:
            raise CardError(
                f"'{token}' is not a card rank; use A, 2-9, 10 (or T), J, Q or K."
            ) from None


RANK_VALUES = {rank: (index + 1) % 10 if index < 9 else 0 for index, rank in enumerate(Rank)}
RANKS = tuple(Rank)
SUITS = tuple(Suit)


@dataclass(frozen=True, order=True)
class Card:
    """One playing card. Frozen, so it can sit in sets, events and logs.

    Cards sort by rank (ace to king), then suit (spades, hearts, diamonds, clubs).
    """

    rank: Rank
    suit: Suit
    value: int = field(init=False, compare=False, repr=False)  # the baccarat value, read on every card dealt

    def __post_init__(self) -> None:
        object.__setattr__(self, "value", RANK_VALUES[self.rank])  # frozen: set once, here

    @property
    def name(self) -> str:
        return f"{self.rank.name.lower()} of {self.suit.name.lower()}"

    def __str__(self) -> str:
        return f"{self.rank.value}{self.suit.value}"

    @property
    def label(self) -> str:
        """Short label with the suit symbol, e.g. ``10♥``."""
        return f"{self.rank.value}{self.suit.symbol}"

    @classmethod
    def parse(cls, token: str) -> "Card":
        """Read ``"AS"``, ``"10D"``, ``"TD"`` or ``"kc"``: rank then suit letter."""
        text = token.strip()
        if len(text) < 2:
            raise CardError(
                f"'{token}' is not a card; write the rank then the suit, like 'AS' or '10D'."
            )
        rank = Rank.parse(text[:-1])
        try:
            suit = Suit(text[-1].upper())
        except ValueError:
            raise CardError(
                f"'{token}' has no suit letter at the end; use S, H, D or C."
            ) from None
        return cls(rank, suit)


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Read a card string like ``"2S 2H AC 10D KC"`` (commas also allowed)."""
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [Card.parse(token) for token in tokens]


def hand_total(cards: Iterable[Card]) -> int:
    """Baccarat total: the sum of the card values, keeping the last digit."""
    return sum(card.value for card in cards) % 10


def is_natural(cards: list[Card]) -> bool:
    """A two-card 8 or 9."""
    return len(cards) == 2 and hand_total(cards) >= 8


def full_deck() -> list[Card]:
    """One 52-card deck in a fixed order (suit by suit, ace to king)."""
    return [Card(rank, suit) for suit in SUITS for rank in RANKS]
