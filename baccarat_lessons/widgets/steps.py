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
TableCell(hand=<Hand.BANKER: 'Banker'>, total=3, third_value=8, is_natural=False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from ..engine.cards import Card, hand_total
from ..engine.cells import TableCell, cell_after
from ..engine.events import BetSettled, CardDealt, CardsRevealed, CoupResult, Event, Hand, RuleApplied
from ..engine.seated.events import HandChoice, NaturalShown


@dataclass(frozen=True)
class ShownCard:
    """A card on the felt and whether it is face up."""

    card: Card
    face_up: bool = True


@dataclass(frozen=True)
class Step:
    """What is visible after one event of a round."""

    index: int
    event: Event
    text: str  # the event's sentence, for the seat that reads it
    hands: tuple[tuple[Hand, tuple[ShownCard, ...]], ...]
    texts: tuple[str, ...]
    highlight: TableCell | None  # the drawing-table cell that applies so far
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
    highlight: TableCell | None = None
    result: CoupResult | None = None
    steps = []
    for index, event in enumerate(events):
        if isinstance(event, CardDealt):
            hands.setdefault(event.hand, []).append(ShownCard(event.card, event.face_up))
        elif isinstance(event, CardsRevealed):
            shown = hands.setdefault(event.hand, [])
            shown[: len(event.cards)] = [ShownCard(card) for card in event.cards]
        elif isinstance(event, (RuleApplied, HandChoice, NaturalShown)):
            highlight = cell_after(event, {hand: [shown.card for shown in cards] for hand, cards in hands.items()})
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
