"""Seat views: exactly what one seat may know at this moment, as a frozen record.

``table.view(seat)`` is what a screen for that seat draws from, and nothing else:

- ``hands``: each hand's cards as the seat sees them — a card it may not see is a
  :class:`CardView` with ``rank`` and ``suit`` None (a back); ``total`` only when the
  seat can know it (its own hand, or one turned over);
- ``seats``: each seat's public state — ``name`` ("You" for the viewer), ``balance``,
  ``staked``, ``roles`` (banker, punter, captain of a side, bettor);
- ``bank``, ``banker``, ``bank_covered``, ``commission_total``, ``house_result``, every
  stake (``stakes``) and how many cards are left in the shoe;
- ``turn``: whose decision the table waits for; its ``actions`` (the legal ones, with
  amounts, forced flags and reasons) are filled in only on the viewer's own turn;
- ``events``: this coup's events, each told for this seat (``text``), with the card
  it shows, if the seat may see it.

``view(None)`` is an onlooker's (a projector at the front of a class): public
information only. Amounts are integers counting hundredths of a chip.
``view.to_json()`` gives plain dicts, lists, strings and numbers for a browser.
The Punto Banco and Mini sessions give the same shape (``Session.view()``),
where everything is public.

>>> from baccarat_lessons.engine.money import CHIP
>>> from baccarat_lessons.engine.seated import CheminDeFerTable
>>> from baccarat_lessons.engine.shoe import Shoe
>>> table = CheminDeFerTable(shoe=Shoe.stacked("3S 2H 10D 4C 7H 9D"))
>>> table.open_bank(10 * CHIP); table.bet(10 * CHIP)         # Bot 1 covers the bank: the punter
>>> mine = table.view(0)                                     # you hold the bank
>>> [(card.label, card.face_up) for card in mine.hand("Player").cards]
[('face-down card', False), ('face-down card', False)]
>>> mine.hand("Player").total, mine.hand("Banker").total, mine.turn.seat, mine.turn.actions
(None, 6, 1, ())
>>> table.view(1).hand("Player").total, [a.label for a in table.view(1).turn.actions]
(3, ['Carte (draw)', 'Non (stand)'])
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any, Iterable

from ..cards import Card
from ..events import CardDealt, CardsRevealed, CoupResult, Event, Hand
from .decisions import HOUSE, Decision
from .events import HandChoice
from .roles import Role

if TYPE_CHECKING:  # the table gives its seats' views: it imports this module
    from .table import SeatedTable


@dataclass(frozen=True)
class CardView:
    """A card as one seat sees it: a back has no rank, no suit and no value."""

    rank: str | None
    suit: str | None
    value: int | None
    label: str  # "K♥", or "face-down card"
    face_up: bool  # dealt face up (a third card) or turned over

    @classmethod
    def of(cls, card: Card | None, face_up: bool) -> "CardView":
        if card is None:
            return cls(None, None, None, "face-down card", False)
        return cls(card.rank.value, card.suit.value, card.value, card.label, face_up)


@dataclass(frozen=True)
class HandView:
    hand: str  # "Player", "Banker", "Right tableau", "Left tableau"
    holder: int | None  # the seat that holds it (HOUSE for the casino bank)
    cards: tuple[CardView, ...]
    total: int | None  # None: this seat cannot know it yet
    turned_over: bool
    result: str | None  # this hand's result against the bank once settled: "Player", "Banker", "Tie"


@dataclass(frozen=True)
class SeatPublic:
    index: int
    name: str  # "You" for the viewer's own seat
    balance: int
    staked: int  # on the table this coup
    roles: tuple[Role, ...]  # banker, punter, captain of a side, bettor (on a hand another seat plays)
    is_viewer: bool


@dataclass(frozen=True)
class StakeView:
    seat: int
    amount: int
    hand: str  # the hand it backs: "Player", "Right tableau", "Left tableau"


@dataclass(frozen=True)
class ActionView:
    kind: str  # an ActionKind name: "BET", "DRAW", …
    label: str
    side: str | None  # Banque bets: "Right tableau" or "Left tableau"
    min_amount: int | None
    max_amount: int | None
    forced: bool
    reason: str


@dataclass(frozen=True)
class TurnView:
    seat: int  # HOUSE (-1) for the casino bank
    name: str
    kind: str  # a DecisionKind name
    prompt: str
    hand: str | None
    actions: tuple[ActionView, ...]  # only on the viewer's own turn


@dataclass(frozen=True)
class EventView:
    kind: str
    text: str
    hand: str | None  # a result's hand is the one that played the bank
    cards: tuple[CardView, ...]  # the cards this event shows to this seat
    total: int | None = None  # the hand's total after this event, when this seat may know it
    outcome: str | None = None  # a result's winner: "Player", "Banker" or "Tie"


@dataclass(frozen=True)
class TableView:
    """What one seat may know now (see the module docstring)."""

    variant: str
    name: str
    viewer: int | None
    phase: str
    coup_number: int
    coups_played: int
    seats: tuple[SeatPublic, ...]
    banker: int | None
    bank: int
    bank_covered: int
    house_result: int
    commission_total: int
    hands: tuple[HandView, ...]
    stakes: tuple[StakeView, ...]
    cards_in_shoe: int
    turn: TurnView | None
    events: tuple[EventView, ...]
    over_reason: str | None
    holders: tuple[tuple[str, int | None], ...] = ()  # who holds each hand now (None: nobody captains it)

    def hand(self, name: str) -> HandView:
        """The hand called ``name`` ("Player", "Banker", "Right tableau"…)."""
        return next(hand for hand in self.hands if hand.hand == name)

    def holder(self, name: str) -> int | None:
        """The seat that holds the hand called ``name`` now (``HOUSE`` for the casino; None: nobody)."""
        return dict(self.holders).get(name)

    def to_json(self) -> dict[str, Any]:
        """The view as ``dataclasses.asdict`` gives it (:func:`plain`): a view is made of frozen records,
        tuples, strings and numbers, and asdict (its recursion and deep copies) was 16% of the class server's
        time at a class's table (benchmarks/bench_people_pages.py --asdict)."""
        told: dict[str, Any] = plain(self)
        return told


def plain(value: Any) -> Any:
    """A view or any of its records (an event told, a card) as ``dataclasses.asdict`` gives it (tested equal),
    without its deep copies."""
    names = _FIELD_NAMES.get(type(value))
    if names is not None:
        return {name: plain(getattr(value, name)) for name in names}
    if type(value) is tuple:
        return tuple(plain(item) for item in value)
    return value


# Each record of a view, and its fields in order (what plain() turns into a dict).
_FIELD_NAMES: dict[type, tuple[str, ...]] = {
    record: tuple(item.name for item in fields(record))
    for record in (CardView, HandView, SeatPublic, StakeView, ActionView, TurnView, EventView, TableView)
}


def seen_events(events: Iterable[Event], reader: int | None, revealed: frozenset[Hand] = frozenset()) -> list[Event]:
    """``events`` with what ``reader`` may not know taken out of their facts: a face-down card
    dealt to another seat's hand has no card and no total, a face-up card on a hand whose
    first cards it cannot see has no total, and a choice on hidden cards has no reason until
    that hand is in ``revealed``. What is left is safe to draw or send to that seat's screen."""
    seen = []
    for event in events:
        if isinstance(event, CardDealt) and event.holder is not None and event.holder != reader:
            if event.hand not in revealed or not event.face_up:
                event = replace(event, card=event.card if event.face_up else None, total=None)
        elif isinstance(event, HandChoice) and event.seat != reader and event.hand not in revealed:
            event = replace(event, why="")
        seen.append(event)
    return seen


def told_events(events: Iterable[Event], reader: int | None,
                revealed: frozenset[Hand] = frozenset()) -> tuple[EventView, ...]:
    """``events`` as ``reader`` may read them: sentences for that seat, and only cards it may see."""
    told = []
    for event in seen_events(events, reader, revealed):
        hand = getattr(event, "hand", None)
        cards: tuple[CardView, ...] = ()
        total = outcome = None
        if isinstance(event, CardDealt):
            cards, total = (CardView.of(event.card, event.face_up),), event.total
        elif isinstance(event, CardsRevealed):
            cards, total = tuple(CardView.of(card, True) for card in event.cards), event.total
        elif isinstance(event, CoupResult):
            outcome = event.outcome.value
            hand = next((h for h in Hand if h.value == event.player_label), Hand.PLAYER)
        told.append(EventView(event.kind, event.text_for(reader, revealed), hand.value if hand else None, cards,
                              total, outcome))
    return tuple(told)


def _turn(table: SeatedTable, decision: Decision | None, viewer: int | None) -> TurnView | None:
    if decision is None:
        return None
    actions: tuple[ActionView, ...] = ()
    if viewer is not None and decision.seat == viewer:
        actions = tuple(
            ActionView(action.kind.name, action.label, action.side.value if action.side else None,
                       action.min_amount, action.max_amount, action.forced, action.reason)
            for action in decision.actions
        )
    name = "You" if decision.seat == viewer else table.name_of(decision.seat)
    return TurnView(decision.seat, name, decision.kind.name, decision.kind.value,
                    decision.hand.value if decision.hand else None, actions)


def _roles(table: SeatedTable, index: int) -> tuple[Role, ...]:
    roles = []
    if table.banker == index:
        roles.append(Role.BANKER)
    if getattr(table, "punter", None) == index and table.hands:
        roles.append(Role.PUNTER)
    for side, captain in getattr(table, "captains", {}).items():
        if captain == index:
            roles.append(Role.captain_of(side))
    if any(stake.seat == index and isinstance(stake.hand, Hand) and table.holder_of(stake.hand) != index
           for stake in table.stakes):
        roles.append(Role.BETTOR)  # a stake on a hand another seat plays
    return tuple(roles)


def table_view(table: SeatedTable, viewer: int | None) -> TableView:
    """The view of seat ``viewer`` at a seat-banked ``table``."""
    revealed = frozenset(table.revealed)
    hands = []
    for hand, cards in table.hands.items():
        shown = table.visible_cards(viewer, hand)
        views = tuple(CardView.of(card, index >= 2 or hand in revealed) for index, card in enumerate(shown))
        result = table.results.get(hand)
        hands.append(HandView(hand.value, table.holder_of(hand), views,
                              cards.total if table.can_see(viewer, hand) else None, hand in revealed,
                              result.value if result else None))
    seats = tuple(
        SeatPublic(seat.index, "You" if seat.index == viewer else seat.name, seat.balance,
                   sum(stake.amount for stake in table.stakes
                       if stake.seat == seat.index and stake.hand not in table.settled_hands),
                   _roles(table, seat.index), seat.index == viewer)
        for seat in table.seats
    )
    return TableView(
        variant=table.variant.key, name=table.variant.name, viewer=viewer, phase=table.phase.value,
        coup_number=table.coup_number, coups_played=table.coups_played, seats=seats,
        banker=table.banker, bank=table.bank, bank_covered=table.covered, house_result=table.house_result,
        commission_total=table.commission_total, hands=tuple(hands),
        stakes=tuple(StakeView(stake.seat, stake.amount, stake.hand.value) for stake in table.stakes),
        cards_in_shoe=table.shoe.remaining_count, turn=_turn(table, table.pending, viewer),
        events=told_events(table.events, viewer, revealed), over_reason=table.over_reason(),
        holders=tuple((hand.value, _public_holder(table, hand)) for hand in table.variant.player_hands + (Hand.BANKER,)),
    )


def _public_holder(table: SeatedTable, hand: Hand) -> int | None:
    """Who holds ``hand`` now, as every seat knows it; a side the croupier plays has no holder."""
    holder = table.holder_of(hand)
    return None if holder is not None and holder < HOUSE else holder

