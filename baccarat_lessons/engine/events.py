"""Immutable events: every step of a coup, written down as it happens.

Each event carries ``text``, one sentence a student can read. The illustrated
guide steps through events, the table animates them and the history prints them.

>>> from baccarat_lessons.engine.cards import Card
>>> event = CardDealt(Hand.PLAYER, Card.parse("8S"), 1, total=8)
>>> event.text
'Player gets the 8♠ (total 8).'
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card
from .keys import IdentityHashed
from .money import show_chips


class Hand(IdentityHashed):
    """The hands a coup can have; the value is the name shown to students."""

    PLAYER = "Player"
    BANKER = "Banker"
    RIGHT = "Right tableau"
    LEFT = "Left tableau"


class Outcome(IdentityHashed):
    """Which hand won a comparison."""

    PLAYER = "Player"
    BANKER = "Banker"
    TIE = "Tie"


@dataclass(frozen=True)
class Event:
    """Base class; subclasses define ``text``."""

    @property
    def kind(self) -> str:
        return type(self).__name__

    @property
    def text(self) -> str:  # pragma: no cover - every subclass overrides it
        raise NotImplementedError

    def text_for(self, reader: int | None, revealed: frozenset[Hand] = frozenset()) -> str:
        """The sentence as seat ``reader`` (``None``: an onlooker) may read it, the hands in
        ``revealed`` turned over by then. A public event reads the same for everyone."""
        return self.text


@dataclass(frozen=True)
class ShoeShuffled(Event):
    card_count: int
    decks: int

    @property
    def text(self) -> str:
        decks = "1 deck" if self.decks == 1 else f"{self.decks} decks"
        return f"The shoe is shuffled: {decks}, {self.card_count} cards."


@dataclass(frozen=True)
class CardsBurned(Event):
    first_card: Card
    burned_count: int

    @property
    def text(self) -> str:
        return (
            f"The first card, {self.first_card.label}, counts {self.first_card.rank.burn_value}: "
            f"it and {self.burned_count - 1} more cards are burned face down."
        )


@dataclass(frozen=True)
class CutCardPlaced(Event):
    cards_behind: int

    @property
    def text(self) -> str:
        return f"The cut card goes in {self.cards_behind} cards from the bottom of the shoe."


@dataclass(frozen=True)
class CutCardAppeared(Event):
    @property
    def text(self) -> str:
        return "The cut card comes out: this coup is the last before the shuffle."


@dataclass(frozen=True)
class CardDealt(Event):
    """A card dealt to ``hand``. At a seat-banked table ``holder`` is the seat that holds
    the hand: only it sees the face-down cards and knows the total before they are turned
    over, so only its sentence names them (Punto Banco: ``holder`` None, all face up).

    >>> from baccarat_lessons.engine.cards import Card
    >>> third = CardDealt(Hand.PLAYER, Card.parse("9D"), 3, total=1, holder=2)
    >>> third.text_for(2), third.text_for(0)
    ('Player gets the 9♦ face up (your total is 1).', 'Player gets the 9♦ face up; the first two cards stay face down.')
    """

    hand: Hand
    card: Card | None  # None (and total None) in the copy a seat that may not see the card reads (seen_events)
    card_number: int
    total: int | None
    face_up: bool = True
    holder: int | None = None

    @property
    def text(self) -> str:
        return self.text_for(0)

    def text_for(self, reader: int | None, revealed: frozenset[Hand] = frozenset()) -> str:
        hand = self.hand.value
        holds = reader is not None and reader == self.holder
        if not self.face_up and not holds:
            return f"{hand} gets card {self.card_number}, face down."
        # Every other sentence names the card: one dealt face up, or face down to the seat that holds it.
        assert self.card is not None, "a card is taken out only of a copy for a seat that may not see it"
        label = self.card.label
        if self.holder is None:
            return f"{hand} gets the {label} (total {self.total})."
        if not self.face_up:
            total = f"; your total is {self.total}" if self.card_number == 2 else ""
            return f"{hand} gets card {self.card_number} face down: you look at it, the {label}{total}."
        if holds:
            return f"{hand} gets the {label} face up (your total is {self.total})."
        return f"{hand} gets the {label} face up; the first two cards stay face down."


@dataclass(frozen=True)
class CardsRevealed(Event):
    hand: Hand
    cards: tuple[Card, ...]
    total: int

    @property
    def text(self) -> str:
        shown = " ".join(card.label for card in self.cards)
        return f"{self.hand.value} turns over {shown}: total {self.total}."


@dataclass(frozen=True)
class RuleApplied(Event):
    """A drawing rule (or a decision) that fired, with the reason in words."""

    hand: Hand
    action: str  # "draw", "stand" or "natural"
    reason: str
    rule: str = ""  # which table cell or rule, e.g. "banker 3 / third card 8"

    @property
    def text(self) -> str:
        return self.reason


@dataclass(frozen=True)
class CoupResult(Event):
    outcome: Outcome
    player_total: int
    banker_total: int
    player_label: str = "Player"
    against_first_two: bool = False  # a Banque tableau natural, compared with the bank's first two cards

    @property
    def text(self) -> str:
        """'Banker wins, 3 to 2.'; against one of two tableaux the sentence names that tableau:

        >>> CoupResult(Outcome.BANKER, 6, 7, "Right tableau").text
        'Banker beats the right tableau, 7 to 6.'
        >>> CoupResult(Outcome.PLAYER, 9, 5, "Left tableau", against_first_two=True).text
        "Left tableau wins, 9 to 5 (its natural against the banker's first two cards)."
        """
        tableau = self.player_label.endswith("tableau")
        first_two = " (its natural against the banker's first two cards)" if self.against_first_two else ""
        if self.outcome is Outcome.TIE:
            where = f" on the {self.player_label.lower()}" if tableau else ""
            return f"Tie{where} at {self.player_total}: the hands are level{first_two}."
        if self.outcome is Outcome.BANKER:
            beaten = f"beats the {self.player_label.lower()}" if tableau else "wins"
            return f"Banker {beaten}, {self.banker_total} to {self.player_total}{first_two}."
        verb = "win" if self.player_label.endswith("s") else "wins"  # "Players win", "Player wins"
        return f"{self.player_label} {verb}, {self.player_total} to {self.banker_total}{first_two}."


@dataclass(frozen=True)
class BetSettled(Event):
    """One bet paid, lost or pushed; ``stake`` and ``returned`` (the stake included) are hundredths."""

    spot: str
    stake: int
    returned: int
    reason: str

    @property
    def net(self) -> int:
        return self.returned - self.stake

    @property
    def text(self) -> str:
        stake = show_chips(self.stake)
        if self.returned == 0:
            return f"{self.spot} bet of {stake} loses: {self.reason}"
        if self.returned == self.stake:
            return f"{self.spot} bet of {stake} is returned: {self.reason}"
        return (f"{self.spot} bet of {stake} wins {show_chips(self.net)} "
                f"(you get {show_chips(self.returned)} back): {self.reason}")
