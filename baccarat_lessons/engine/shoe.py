"""The shoe: n decks shuffled together, dealt from the top.

Randomness is injected: pass a whole-number seed or a ``random.Random``
(:mod:`.randomness`: the same shoes on a server and in a browser). A stacked
shoe deals a given card string in order, for scripted rounds and tests.

>>> shoe = Shoe.stacked("2S 2H AC 2D 8C")
>>> shoe.draw(), shoe.remaining_count
(Card(rank=<Rank.TWO: '2'>, suit=<Suit.SPADES: 'S'>), 4)
>>> Shoe(decks=8, seed=1).composition_by_value()[0]
128
"""

from __future__ import annotations

import enum
import numbers
import random
from collections import Counter
from typing import Iterable

from .cards import RANKS, Card, Rank, full_deck, parse_cards
from .errors import SettingsError, ShoeError
from .events import CardsBurned, CutCardAppeared, CutCardPlaced, Event, ShoeShuffled
from .randomness import make_generator, permutation

RESHUFFLE_BELOW = 20
CUT_CARD_FROM_BOTTOM = 16
MAX_DECKS = 8


class ShoeProcedure(enum.Enum):
    """When the shoe is shuffled (SPEC §2.1)."""

    RESHUFFLE_20 = "reshuffle20"  # reshuffle before a round when fewer than 20 cards remain
    EVERY_HAND = "every-hand"  # online style: a fresh shuffle before every round
    CASINO = "casino"  # burn cards, cut card 16 from the bottom

    @property
    def label(self) -> str:
        return {
            "reshuffle20": "Reshuffle under 20 cards",
            "every-hand": "Shuffle every hand",
            "casino": "Casino (burn and cut card)",
        }[self.value]

    @classmethod
    def parse(cls, text: "str | ShoeProcedure") -> "ShoeProcedure":
        if isinstance(text, cls):
            return text
        for procedure in cls:
            if text in (procedure.value, procedure.name.lower(), procedure.label):
                return procedure
        names = ", ".join(p.value for p in cls)
        raise SettingsError(f"'{text}' is not a shoe procedure; choose one of {names}.")


def check_decks(decks: int) -> int:
    if not isinstance(decks, numbers.Integral) or isinstance(decks, bool) or not 1 <= decks <= MAX_DECKS:
        raise SettingsError(f"A shoe holds 1 to {MAX_DECKS} decks; {decks!r} is not allowed.")
    return int(decks)


class Shoe:
    """Cards waiting to be dealt, top first, under one shoe procedure."""

    def __init__(
        self,
        decks: int = 8,
        seed: "int | random.Random | None" = None,
        procedure: ShoeProcedure | str = ShoeProcedure.RESHUFFLE_20,
        order: list[Card] | None = None,
    ):
        """``order``: use this shuffled order for the first shoe instead of shuffling."""
        self.decks = check_decks(decks)
        self.procedure = ShoeProcedure.parse(procedure)
        self.rng = make_generator(seed)
        self.is_stacked = False
        self._cards: list[Card] = []
        self._position = 0
        self._cut_position: int | None = None
        self.is_cut_card_out = False
        self._redraws: list[tuple[int, tuple[int, ...]]] = []  # planned for the next coup (redraw_next_coup)
        # A new shoe arrives shuffled; what that took is reported with the first coup.
        self._pending_events: list[Event] = self.shuffle() if order is None else self._load(order)

    @classmethod
    def stacked(cls, cards: str | Iterable[Card], decks: int = 8) -> "Shoe":
        """A shoe that deals exactly these cards in this order, and never shuffles."""
        shoe = cls(decks=decks, order=parse_cards(cards) if isinstance(cards, str) else list(cards))
        shoe._pending_events = []
        shoe.is_stacked = True
        return shoe

    @classmethod
    def staged(cls, cards: str | Iterable[Card], decks: int = 8, seed: "int | random.Random | None" = None,
               procedure: "ShoeProcedure | str" = ShoeProcedure.RESHUFFLE_20) -> "Shoe":
        """A full shoe whose first cards are ``cards``, in this order, and the rest of it shuffled
        after them: a staged coup is dealt first, and play goes on from a real shoe.

        >>> shoe = Shoe.staged("2S AC 2H", decks=1, seed=1)
        >>> [str(shoe.draw()) for _ in range(3)], shoe.remaining_count
        (['2S', 'AC', '2H'], 49)
        >>> Shoe.staged("AS AS", decks=1)
        Traceback (most recent call last):
        ...
        baccarat_lessons.engine.errors.ShoeError: A 1-deck shoe holds only 1 A♠; the card string asks for 2.
        """
        first = parse_cards(cards) if isinstance(cards, str) else list(cards)
        rest = full_deck() * check_decks(decks)
        for card in first:
            if card not in rest:
                asked = first.count(card)
                raise ShoeError(f"A {decks}-deck shoe holds only {decks} {card.label}; the card string asks for {asked}.")
            rest.remove(card)
        order = permutation(make_generator(seed), len(rest))
        return cls(decks=decks, procedure=procedure, order=first + [rest[i] for i in order])

    @classmethod
    def from_order(cls, cards: Iterable[Card], decks: int, procedure: ShoeProcedure | str) -> "Shoe":
        """A shuffled shoe whose order is given (the simulator's shoes, for tests)."""
        return cls(decks=decks, procedure=procedure, order=list(cards))

    # -- state -----------------------------------------------------------------
    @property
    def remaining_count(self) -> int:
        return len(self._cards) - self._position

    @property
    def dealt_count(self) -> int:
        return self._position

    @property
    def remaining_cards(self) -> list[Card]:
        return self._cards[self._position:]

    def composition_by_value(self) -> list[int]:
        """How many cards of each baccarat value 0-9 are left."""
        counts = [0] * 10
        for card in self.remaining_cards:
            counts[card.value] += 1
        return counts

    def composition_by_rank(self) -> dict[Rank, int]:
        """How many cards of each rank are left (all thirteen ranks listed)."""
        counts = Counter(card.rank for card in self.remaining_cards)
        return {rank: counts.get(rank, 0) for rank in RANKS}

    # -- procedures --------------------------------------------------------------
    def shuffle(self) -> list[Event]:
        """Gather every card, shuffle, and (casino procedure) burn and cut."""
        deck = full_deck() * self.decks
        order = permutation(self.rng, len(deck))
        return self._load([deck[i] for i in order])

    def reshuffle_rest(self, seed: int, kept: Iterable[int] = ()) -> None:
        """Shuffle the cards not dealt yet anew from ``seed``, and draw every later shuffle from it;
        the cards at the offsets ``kept`` (counted from the next card to deal) stay where they are.

        A resumed session calls this with fresh entropy, so an older record of it never deals a
        future its student has already seen. What is dealt, burned or counted stays as it was.

        >>> shoe = Shoe(decks=1, seed=3)
        >>> dealt, rest = shoe.draw(), shoe.remaining_cards
        >>> shoe.reshuffle_rest(99)
        >>> shoe.remaining_count, sorted(shoe.remaining_cards) == sorted(rest), shoe.remaining_cards == rest
        (51, True, False)
        >>> before = shoe.remaining_cards
        >>> shoe.reshuffle_rest(7, kept=[1])
        >>> shoe.remaining_cards[1] == before[1], shoe.remaining_cards == before
        (True, False)
        """
        if self.is_stacked:
            raise ShoeError("A stacked shoe deals its cards in the order given; it is not reshuffled.")
        rest = self._cards[self._position:]
        kept = frozenset(kept)
        if any(offset >= len(rest) for offset in kept):
            raise ShoeError("The shoe holds fewer cards than the reshuffle keeps in place.")
        unseen = [card for offset, card in enumerate(rest) if offset not in kept]
        self.rng = make_generator(seed)
        shuffled = iter([unseen[i] for i in permutation(self.rng, len(unseen))])
        self._cards[self._position:] = [card if offset in kept else next(shuffled) for offset, card in enumerate(rest)]

    def redraw_next_coup(self, seed: int, kept: Iterable[int]) -> None:
        """Deal the next coup from a redraw: when :meth:`prepare_coup` has applied the shoe procedure,
        the cards not dealt are shuffled anew from ``seed`` (as :meth:`reshuffle_rest` does), except
        those ``kept``: the offsets, counted from the coup's first card, whose cards stay where they are.

        A session resumed in the middle of a coup is dealt again this way from the moment before its
        cards went out: the cards its user saw (``kept``) come back, every other one is drawn anew.
        Several redraws planned before one coup apply in turn.

        >>> shoe, again = Shoe(decks=1, seed=3), Shoe(decks=1, seed=3)
        >>> again.redraw_next_coup(99, kept=[0, 2])
        >>> _ = again.prepare_coup()
        >>> first, redrawn = [shoe.draw() for _ in range(4)], [again.draw() for _ in range(4)]
        >>> redrawn[0] == first[0] and redrawn[2] == first[2], redrawn == first
        (True, False)
        """
        if self.is_stacked:
            raise ShoeError("A stacked shoe deals its cards in the order given; it is not reshuffled.")
        self._redraws.append((seed, tuple(kept)))

    @property
    def is_redraw_planned(self) -> bool:
        """Whether the next coup is to be dealt from a redraw (:meth:`redraw_next_coup`)."""
        return bool(self._redraws)

    def _load(self, cards: list[Card]) -> list[Event]:
        self._cards = cards
        self._position = 0
        # Kept as cards are drawn, so a seat's count of unseen cards costs nothing per decision.
        self._unseen_values = [0] * 10
        for card in cards[1:] if self.procedure is ShoeProcedure.CASINO else cards:
            self._unseen_values[card.value] += 1
        self.is_cut_card_out = False
        events: list[Event] = [ShoeShuffled(len(cards), self.decks)]
        self._cut_position = None
        if self.procedure is ShoeProcedure.CASINO:
            first = self._cards[0]
            burned = 1 + first.rank.burn_value
            self._position = burned
            self._cut_position = len(cards) - CUT_CARD_FROM_BOTTOM
            events += [CardsBurned(first, burned), CutCardPlaced(CUT_CARD_FROM_BOTTOM)]
        return events

    def prepare_coup(self) -> list[Event]:
        """Apply the shoe procedure before a coup, then any redraw planned for it; return what happened."""
        if self.is_stacked:
            return []
        events = self._procedure()
        for seed, kept in self._redraws:
            self.reshuffle_rest(seed, kept)
        self._redraws = []
        return events

    def _procedure(self) -> list[Event]:
        if self._pending_events:
            events, self._pending_events = self._pending_events, []
            return events
        if (
            self.procedure is ShoeProcedure.EVERY_HAND
            or (self.procedure is ShoeProcedure.RESHUFFLE_20 and self.remaining_count < RESHUFFLE_BELOW)
            or (self.procedure is ShoeProcedure.CASINO and self.is_cut_card_out)
        ):
            return self.shuffle()
        return []

    def draw(self) -> Card:
        """Deal the top card."""
        if self._position >= len(self._cards):
            if self.is_stacked:
                raise ShoeError("The stacked card string ran out before the coup finished; add more cards.")
            raise ShoeError("The shoe is empty; it must be shuffled before dealing.")
        card = self._cards[self._position]
        self._position += 1
        self._unseen_values[card.value] -= 1
        return card

    def unseen_by_value(self) -> list[int]:
        """How many cards of each value 0-9 nobody has seen: those still in the shoe and (casino
        procedure) those burned face down. The order of the shoe stays unknown.

        >>> shoe = Shoe.stacked("KS 9H 9D 5C")
        >>> shoe.unseen_by_value()[0], shoe.unseen_by_value()[9]
        (1, 2)
        >>> _ = shoe.draw(); shoe.unseen_by_value()[0]
        0
        """
        return list(self._unseen_values)

    def take_cut_card_event(self) -> list[Event]:
        """After a card is dealt: the cut card event, the first time it comes out."""
        if (
            self._cut_position is not None
            and not self.is_cut_card_out
            and self._position > self._cut_position
        ):
            self.is_cut_card_out = True
            return [CutCardAppeared()]
        return []
