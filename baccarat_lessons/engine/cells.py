"""Which cell of the drawing table a coup's rule or choice used, read from its events.

A :class:`TableCell` is the hand, its two-card total and — for the banker — the value of the
other hand's third card (``None``: that hand stood), or a natural. Every table writes the cell of
its coup's last rule or choice into the coup's record (``CoupRecord.cell``), so no screen has to
work it out again; the illustrated guides step through :func:`cell_after` event by event.

>>> from baccarat_lessons.engine.coup import deal_coup
>>> from baccarat_lessons.engine.shoe import Shoe
>>> last_cell(deal_coup(Shoe.stacked("2S AC 2H 2D 8C")).events)
TableCell(hand=<Hand.BANKER: 'Banker'>, total=3, third_value=8, is_natural=False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from .cards import Card, hand_total
from .events import CardDealt, CardsRevealed, Event, Hand

# The events that apply a cell, by kind: a fixed rule (Punto Banco), a seat's draw-or-stand choice,
# a natural shown (the seat-banked tables, whose events module sits above this one).
RULE_KINDS = frozenset({"RuleApplied", "HandChoice", "NaturalShown"})


@dataclass(frozen=True)
class TableCell:
    """The drawing-table cell a rule event applied: ``third_value`` None means
    the other hand stood (or, for a natural, ``total`` is the natural)."""

    hand: Hand
    total: int
    third_value: int | None = None
    is_natural: bool = False


def cell_after(event: Event, hands: Mapping[Hand, Sequence[Card | None]]) -> TableCell | None:
    """The cell behind a rule (Punto Banco) or a choice (seat-banked tables), given the cards on the
    felt so far (``None`` for a card the reader may not see); none when a hand's first cards are
    hidden from the reader (its total is not the reader's to know) or no single cell applies."""
    if event.kind not in RULE_KINDS:
        return None
    # Each rule event names its hand; two of the three are the seat-banked tables' (above this module).
    hand = getattr(event, "hand", None)
    assert isinstance(hand, Hand), f"a {event.kind} event names its hand"
    dealt = hands.get(hand, ())[:2]
    first_two = [card for card in dealt if card is not None]
    if len(first_two) < len(dealt):
        return None
    total = hand_total(first_two)
    if event.kind == "NaturalShown" or getattr(event, "action", None) == "natural":
        return TableCell(hand, total, None, is_natural=True)
    if hand is not Hand.BANKER:
        return TableCell(hand, total)
    # The banker decides on its two-card total and the value of the other hand's third card.
    others = [cards for other, cards in hands.items() if other is not Hand.BANKER]
    if len(others) > 1:
        return None  # two tableaux: the banker weighs both, no single cell applies
    third = next((cards[2].value for cards in others if len(cards) >= 3 and cards[2] is not None), None)
    return TableCell(Hand.BANKER, total, third)


def last_cell(events: Iterable[Event], hand_order: Sequence[Hand] = (Hand.PLAYER, Hand.BANKER)) -> TableCell | None:
    """The cell of the last rule or choice among ``events`` that has one (None: none did)."""
    hands: dict[Hand, list[Card | None]] = {hand: [] for hand in hand_order}
    cell = None
    for event in events:
        if isinstance(event, CardDealt):
            hands.setdefault(event.hand, []).append(event.card)
        elif isinstance(event, CardsRevealed):
            shown = hands.setdefault(event.hand, [])
            shown[: len(event.cards)] = list(event.cards)
        else:
            cell = cell_after(event, hands) or cell
    return cell
