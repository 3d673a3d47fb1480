"""Keep face-down totals hidden in the sentences of a seat-banked coup.

The engine's :class:`~baccarat_lessons.engine.events.CardDealt` sentence gives the
hand's running total ("Player gets the 9♥ (total 4)"), right for Punto Banco where
every card is face up. At a seat-banked table a third card is dealt face up onto
two face-down cards: saying the total would tell the banker what the rules keep
from them. :func:`conceal_totals` swaps such events for :class:`ThirdCardShown`,
the same card without the total, until the hand is turned over.

>>> from baccarat_lessons.engine.cards import Card
>>> from baccarat_lessons.engine.events import CardDealt, Hand
>>> events = [CardDealt(Hand.PLAYER, Card.parse("2C"), 1, 2, face_up=False),
...           CardDealt(Hand.PLAYER, Card.parse("3D"), 2, 5, face_up=False),
...           CardDealt(Hand.PLAYER, Card.parse("9H"), 3, 4, face_up=True)]
>>> print(conceal_totals(events)[-1].text)
Player gets the 9♥ face up; the first two cards stay face down.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from ...engine.events import CardDealt, CardsRevealed, Event


@dataclass(frozen=True)
class ThirdCardShown(CardDealt):
    """A face-up card on a hand whose other cards are still face down: no total in the sentence."""

    @property
    def text(self) -> str:
        return f"{self.hand.value} gets the {self.card.label} face up; the first two cards stay face down."


def conceal_totals(events: Iterable[Event]) -> list[Event]:
    """The events, with each face-up card dealt onto face-down cards told without the total."""
    hidden = set()
    shown: list[Event] = []
    for event in events:
        if isinstance(event, CardDealt) and not isinstance(event, ThirdCardShown):
            if not event.face_up:
                hidden.add(event.hand)
            elif event.hand in hidden:
                event = ThirdCardShown(event.hand, event.card, event.card_number, event.total, event.face_up)
        elif isinstance(event, CardsRevealed):
            hidden.discard(event.hand)
        shown.append(event)
    return shown
