"""What is left in a shoe: a count for each of the 52 card faces.

Built from a full n-deck shoe, a live :class:`~baccarat_lessons.engine.shoe.Shoe`,
or a full shoe with cards taken out. A token names one card (``"5H"``) or any
card of a rank (``"5"``, ``"K"``): the latter removes one of that rank, taking
the suit that is most plentiful (spades first on equal counts).

>>> full = Composition.full(8)
>>> full.card_count, full.by_value()[0]
(416, 128)
>>> Composition.full(1).removed(["5", "5H", "K"]).by_rank()[4]
2
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from ..engine.cards import RANKS, SUITS, Card, Rank, Suit
from ..engine.errors import CardError
from ..engine.shoe import Shoe, check_decks

FACES = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)
FACE_INDEX = {card: index for index, card in enumerate(FACES)}


@dataclass(frozen=True)
class Composition:
    """Counts of each card face, in :data:`FACES` order (suit by suit, ace to king)."""

    counts: tuple[int, ...]

    @classmethod
    def full(cls, decks: int = 8) -> "Composition":
        return cls((check_decks(decks),) * 52)

    @classmethod
    def of_cards(cls, cards: Iterable[Card]) -> "Composition":
        counts = [0] * 52
        for card in cards:
            counts[FACE_INDEX[card]] += 1
        return cls(tuple(counts))

    @classmethod
    def of_shoe(cls, shoe: Shoe) -> "Composition":
        """The cards a live shoe has not dealt yet."""
        return cls.of_cards(shoe.remaining_cards)

    @property
    def card_count(self) -> int:
        return sum(self.counts)

    def by_value(self) -> list[int]:
        """Cards left of each baccarat value 0-9."""
        values = [0] * 10
        for card, count in zip(FACES, self.counts):
            values[card.value] += count
        return values

    def by_rank(self) -> list[int]:
        """Cards left of each rank, ace to king."""
        ranks = [0] * 13
        for index, count in enumerate(self.counts):
            ranks[index % 13] += count
        return ranks

    def removed(self, tokens: Iterable[str | Card]) -> "Composition":
        """A copy with these cards taken out; a card that is not there is an error."""
        counts = list(self.counts)
        for token in tokens:
            index = self._index_to_remove(token, counts)
            counts[index] -= 1
        return Composition(tuple(counts))

    @staticmethod
    def _index_to_remove(token: str | Card, counts: list[int]) -> int:
        if isinstance(token, Card):
            card = token
        else:
            text = token.strip()
            if text[-1:].upper() in {suit.value for suit in Suit} and len(text) >= 2:
                card = Card.parse(text)
            else:
                rank = Rank.parse(text)
                offset = RANKS.index(rank)
                index = max((s * 13 + offset for s in range(4)), key=lambda i: (counts[i], -i))
                if counts[index] == 0:
                    raise CardError(f"There is no {rank.name.lower()} left to remove from the shoe.")
                return index
        index = FACE_INDEX[card]
        if counts[index] == 0:
            raise CardError(f"There is no {card.name} left to remove from the shoe.")
        return index
