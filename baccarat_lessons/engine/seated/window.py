"""What one seat may know of a seat-banked table, read live: the information a bot decides from.

A :class:`SeatWindow` answers only what its seat may see (SPEC §10): its own hand's
cards, face-up third cards and hands turned over, every stake, balance and the
bank, and how many cards of each value it has not seen. It never hands out the
table itself. ``table.view(seat)`` is the same information frozen as a record for
a screen; a bot reads the window because a record per decision would cost more
than the decision.

>>> from baccarat_lessons.engine.money import CHIP
>>> from baccarat_lessons.engine.seated import CheminDeFerTable
>>> from baccarat_lessons.engine.shoe import Shoe
>>> table = CheminDeFerTable(shoe=Shoe.stacked("3S 2H 10D 4C 7H 9D"))
>>> table.open_bank(10 * CHIP); table.bet(10 * CHIP)         # Bot 1 covers the bank and is the punter
>>> banker, punter = table.window(0), table.window(1)
>>> punter.cards(Hand.PLAYER), banker.cards(Hand.PLAYER)
((Card(rank=<Rank.THREE: '3'>, suit=<Suit.SPADES: 'S'>), Card(rank=<Rank.TEN: '10'>, suit=<Suit.DIAMONDS: 'D'>)), (None, None))
>>> punter.total(Hand.PLAYER), banker.total(Hand.PLAYER), banker.pending is None, punter.pending.kind.name
(3, None, True, 'PUNTER_DRAW')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import Card
from ..drawing import DrawingRules
from ..events import Hand, Outcome
from ..records import Stake
from ..variants import Variant
from .decisions import Decision, Phase

if TYPE_CHECKING:  # the table makes its seats' windows: it imports this module
    from .table import SeatedTable


class SeatWindow:
    """The live information of ``seat`` (a seat index, ``HOUSE`` for the casino bank, or ``None``
    for an onlooker) at ``table``."""

    __slots__ = ("_table", "seat")

    def __init__(self, table: SeatedTable, seat: int | None) -> None:
        self._table = table
        self.seat = seat

    # -- public facts -------------------------------------------------------------------------
    @property
    def variant(self) -> Variant:
        return self._table.variant

    @property
    def drawing(self) -> DrawingRules:
        return self._table.drawing

    @property
    def phase(self) -> Phase:
        return self._table.phase

    @property
    def pending(self) -> Decision | None:
        """The decision this seat must take now, or None (another seat's decision is not its to read)."""
        decision = self._table.pending
        return decision if decision is not None and decision.seat == self.seat else None

    @property
    def waiting_for(self) -> int | None:
        """The seat whose turn it is (public), or None when the table is over."""
        decision = self._table.pending
        return None if decision is None else decision.seat

    def balance(self, seat: int | None = None) -> int:
        """The chips in front of ``seat`` (by default this window's own)."""
        index = self.seat if seat is None else seat
        assert index is not None and index >= 0, "an onlooker's or the house's window names the seat it asks about"
        return self._table.seats[index].balance

    @property
    def banker(self) -> int | None:
        return self._table.banker

    @property
    def bank(self) -> int:
        return self._table.bank

    @property
    def bank_opening(self) -> int:
        return self._table.bank_opening

    @property
    def stakes(self) -> tuple[Stake, ...]:
        return tuple(self._table.stakes)

    def staked_on(self, hand: Hand) -> int:
        return self._table.staked_on(hand)

    @property
    def captains(self) -> dict[Hand, int | None]:
        return dict(getattr(self._table, "captains", {}))

    @property
    def results(self) -> dict[Hand, Outcome]:
        """The hands already settled this coup and how (public: settled hands are turned over)."""
        return dict(self._table.results)

    @property
    def naturals(self) -> tuple[Hand, ...]:
        """Banque tableaux shown as naturals this coup and not yet settled (public: a natural is
        shown at once; its result waits for the banker's cards)."""
        return tuple(hand for hand in self._table.hands if hand in self._table.naturals)

    def holder_of(self, hand: Hand) -> int | None:
        return self._table.holder_of(hand)

    # -- cards -----------------------------------------------------------------------------------
    def hands(self) -> tuple[Hand, ...]:
        return tuple(self._table.hands)

    def sees(self, hand: Hand) -> bool:
        """Whether this seat sees all of ``hand``'s cards (its own, or turned over)."""
        return self._table.can_see(self.seat, hand)

    def cards(self, hand: Hand) -> tuple[Card | None, ...]:
        """``hand``'s cards as this seat sees them: ``None`` for a card face down to it."""
        return self._table.visible_cards(self.seat, hand)

    def total(self, hand: Hand) -> int | None:
        """``hand``'s total if this seat may know it, else None."""
        return self._table.hands[hand].total if hand in self._table.hands and self.sees(hand) else None

    def third_card(self, hand: Hand) -> Card | None:
        """``hand``'s face-up third card, or None while it has two cards."""
        cards = self._table.hands.get(hand, ())
        return cards[2] if len(cards) > 2 else None

    def unseen_counts(self) -> list[int]:
        """How many cards of each value 0-9 this seat has not seen: the rest of the shoe and the
        other hands' face-down cards (what a seat that remembers every card shown can count)."""
        table = self._table
        counts = table.shoe.unseen_by_value()
        for hand, cards in table.hands.items():
            if not table.can_see(self.seat, hand):
                for card in cards[:2]:
                    counts[card.value] += 1
        return counts
