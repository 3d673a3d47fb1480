"""A round's event log turned into the snapshots a reveal steps through.

Snapshot ``i`` is everything visible after event ``i``: the cards on the felt,
the sentences so far, the drawing-table cell that applies, the bets settled.
The live table animates these snapshots and the illustrated guide steps
through them forward and back; neither decides anything about the game.

>>> from baccarat_lessons.engine.coup import deal_coup
>>> from baccarat_lessons.engine.shoe import Shoe
>>> steps = steps_from_events(deal_coup(Shoe.stacked("2S AC 2H 2D 8C")).events)
>>> [step.text for step in steps][-2:]
["Banker has 3 and Player's third card is an 8: Banker stands.", 'Banker wins, 3 to 2.']
>>> steps[-2].highlight
Highlight(hand=<Hand.BANKER: 'Banker'>, total=3, third_value=8, is_natural=False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from ..engine.cards import Card, hand_total
from ..engine.events import BetSettled, CardDealt, CardsRevealed, CoupResult, Event, Hand, RuleApplied
from ..engine.seated.events import HandChoice, NaturalShown


@dataclass(frozen=True)
class ShownCard:
    """A card on the felt and whether it is face up."""

    card: Card
    face_up: bool = True


@dataclass(frozen=True)
class Highlight:
    """The drawing-table cell a rule event applied: ``third_value`` None means
    the other hand stood (or, for a natural, ``total`` is the natural)."""

    hand: Hand
    total: int
    third_value: int | None = None
    is_natural: bool = False


@dataclass(frozen=True)
class Step:
    """What is visible after one event of a round."""

    index: int
    event: Event
    text: str  # the event's sentence, for the seat that reads it
    hands: tuple[tuple[Hand, tuple[ShownCard, ...]], ...]
    texts: tuple[str, ...]
    highlight: Highlight | None
    settlements: tuple[BetSettled, ...]
    result: CoupResult | None

    def cards_of(self, hand: Hand) -> tuple[ShownCard, ...]:
        return dict(self.hands).get(hand, ())

    def total_of(self, hand: Hand) -> int | None:
        """The total of the face-up cards, or None while any card is face down."""
        cards = self.cards_of(hand)
        if not cards or not all(shown.face_up for shown in cards):
            return None
        return hand_total(shown.card for shown in cards)


def _highlight(event: Event, hands: dict[Hand, list[ShownCard]]) -> Highlight | None:
    """The drawing-table cell behind a rule (Punto Banco) or a choice (seat-banked tables); none
    when the hand's first cards are backs to the reader (its total is not the reader's to know)."""
    if any(shown.card is None for shown in hands.get(event.hand, [])[:2]):
        return None
    if isinstance(event, NaturalShown) or (isinstance(event, RuleApplied) and event.action == "natural"):
        cards = hands.get(event.hand, [])
        return Highlight(event.hand, hand_total(s.card for s in cards[:2]), None, is_natural=True)
    own = hands.get(event.hand, [])
    total = hand_total(s.card for s in own[:2])
    if event.hand is not Hand.BANKER:
        return Highlight(event.hand, total)
    # The banker decides on its two-card total and the value of the other hand's third card.
    others = [cards for hand, cards in hands.items() if hand is not Hand.BANKER]
    if len(others) > 1:
        return None  # two tableaux: the banker weighs both, no single cell applies
    third = next((cards[2].card.value for cards in others if len(cards) >= 3), None)
    return Highlight(Hand.BANKER, total, third)


def steps_from_events(
    events: Iterable[Event], hand_order: tuple[Hand, ...] = (Hand.PLAYER, Hand.BANKER),
    reader: int | None = 0, revealed: frozenset = frozenset(),
) -> list[Step]:
    """One snapshot per event, in order, its sentences told to seat ``reader`` (the hands in
    ``revealed`` turned over by then). At a seat-banked table pass the events that seat may
    see (``engine.seated.view.seen_events``): a face-down card it may not see has no card."""
    hands: dict[Hand, list[ShownCard]] = {hand: [] for hand in hand_order}
    texts: list[str] = []
    settlements: list[BetSettled] = []
    highlight: Highlight | None = None
    result: CoupResult | None = None
    steps = []
    for index, event in enumerate(events):
        if isinstance(event, CardDealt):
            hands.setdefault(event.hand, []).append(ShownCard(event.card, event.face_up))
        elif isinstance(event, CardsRevealed):
            shown = hands.setdefault(event.hand, [])
            shown[: len(event.cards)] = [ShownCard(card) for card in event.cards]
        elif isinstance(event, (RuleApplied, HandChoice, NaturalShown)):
            highlight = _highlight(event, hands)
        elif isinstance(event, CoupResult):
            result = event
        elif isinstance(event, BetSettled):
            settlements.append(event)
        text = event.text_for(reader, revealed)
        texts.append(text)
        steps.append(
            Step(
                index=index,
                event=event,
                text=text,
                hands=tuple((hand, tuple(cards)) for hand, cards in hands.items()),
                texts=tuple(texts),
                highlight=highlight,
                settlements=tuple(settlements),
                result=result,
            )
        )
    return steps
