"""Events of a seat-banked table (Chemin de Fer, Banque). Cards, results and
settlements reuse :mod:`baccarat_lessons.engine.events`; these add the bank,
the bets and the choices.

Events hold facts; the sentence is written for the seat that reads it:
``event.text_for(reader, revealed)`` says "You" to the seat the event is about,
and never gives away what the reader may not know — a hand's total, or why a
seat chose on its face-down cards, stays unsaid until those cards are turned
over (``revealed``: the hands turned over by the time the reader reads).
``event.text`` is the sentence for the user at seat 0. Amounts are hundredths
of a chip.

>>> BankOpened(0, "Student", 2000).text
'You open the bank with 20 chips.'
>>> BankOpened(0, "Student", 2000).text_for(None)
'Student opens the bank with 20 chips.'
>>> BetPlaced(2, "Bot 2", 2000, covers_bank=True).text
'Bot 2 covers what is left of the bank: 20 chips.'
>>> choice = HandChoice(3, "Bot 3", Hand.PLAYER, draws=True, forced=True, why="A punter must draw on 0.")
>>> choice.text_for(0), choice.text_for(3)
('Bot 3 says carte (draw).', 'You say carte (draw). A punter must draw on 0.')
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..events import BetSettled, Event, Hand
from ..money import chips_phrase, show_chips


def who(seat: int | None, name: str, reader: int | None) -> tuple[str, bool]:
    """The subject of a sentence about ``seat`` read by ``reader``: ("You", True) or (name, False)."""
    return ("You", True) if seat is not None and seat == reader else (name, False)


def subject_verb(seat: int | None, name: str, reader: int | None, you_form: str, other_form: str) -> str:
    """'You bank' / 'Bot 2 banks'."""
    subject, is_you = who(seat, name, reader)
    return f"{subject} {you_form if is_you else other_form}"


class SeatEvent(Event):
    """An event told differently to each seat; ``text`` is the user's (seat 0) sentence."""

    @property
    def text(self) -> str:
        return self.text_for(0)

    def text_for(self, reader: int | None, revealed: frozenset[Hand] = frozenset()) -> str:  # pragma: no cover
        raise NotImplementedError


@dataclass(frozen=True)
class CoupStarted(SeatEvent):
    number: int
    banker: int | None  # a seat, or HOUSE
    banker_name: str
    bank: int | None  # None: the house bank, which has no limit

    def text_for(self, reader: int | None, revealed: frozenset[Hand] = frozenset()) -> str:
        if self.bank is None:
            return f"Coup {self.number}: the house holds the bank."
        return f"Coup {self.number}: {subject_verb(self.banker, self.banker_name, reader, 'bank', 'banks')} " \
               f"{chips_phrase(self.bank)}."


@dataclass(frozen=True)
class BankOpened(SeatEvent):
    seat: int
    name: str
    amount: int

    def text_for(self, reader: int | None, revealed: frozenset[Hand] = frozenset()) -> str:
        return f"{subject_verb(self.seat, self.name, reader, 'open', 'opens')} the bank with {chips_phrase(self.amount)}."


@dataclass(frozen=True)
class BankDeclined(SeatEvent):
    seat: int
    name: str

    def text_for(self, reader: int | None, revealed: frozenset[Hand] = frozenset()) -> str:
        return f"{subject_verb(self.seat, self.name, reader, 'decline', 'declines')} the bank; it is offered to the next seat."


@dataclass(frozen=True)
class BankKept(SeatEvent):
    seat: int
    name: str
    amount: int

    def text_for(self, reader: int | None, revealed: frozenset[Hand] = frozenset()) -> str:
        return (f"{subject_verb(self.seat, self.name, reader, 'continue', 'continues')}: the whole bank of "
                f"{chips_phrase(self.amount)} is at stake.")


GIVE_UP_WHY = {
    "lost": "after losing a coup the bank moves on",
    "passed": "the banker chose to pass the bank",
    "retired": "the banker chose to retire",
    "empty": "the bank is empty",
    "over": "the table is over",
}


@dataclass(frozen=True)
class BankGivenUp(SeatEvent):
    """The banker leaves the bank; what is left of it goes back to the seat's balance."""

    seat: int
    name: str
    returned: int
    why: str  # a key of GIVE_UP_WHY

    def text_for(self, reader: int | None, revealed: frozenset[Hand] = frozenset()) -> str:
        _, is_you = who(self.seat, self.name, reader)
        return (f"{subject_verb(self.seat, self.name, reader, 'give', 'gives')} up the bank ({GIVE_UP_WHY[self.why]}); "
                f"{chips_phrase(self.returned)} go back to {'your' if is_you else 'their'} balance.")


@dataclass(frozen=True)
class BancoCalled(SeatEvent):
    seat: int
    name: str
    amount: int

    def text_for(self, reader: int | None, revealed: frozenset[Hand] = frozenset()) -> str:
        return f"{subject_verb(self.seat, self.name, reader, 'call', 'calls')} banco: " \
               f"{chips_phrase(self.amount)} against the whole bank."


@dataclass(frozen=True)
class BancoDeclined(SeatEvent):
    seat: int
    name: str

    def text_for(self, reader: int | None, revealed: frozenset[Hand] = frozenset()) -> str:
        return f"{subject_verb(self.seat, self.name, reader, 'do', 'does')} not call banco; bets go round in seat order."


@dataclass(frozen=True)
class BetPlaced(SeatEvent):
    seat: int
    name: str
    amount: int
    side: Hand | None = None
    covers_bank: bool = False

    def text_for(self, reader: int | None, revealed: frozenset[Hand] = frozenset()) -> str:
        if self.covers_bank and self.side is None:
            return f"{subject_verb(self.seat, self.name, reader, 'cover', 'covers')} what is left of the bank: " \
                   f"{chips_phrase(self.amount)}."
        where = f" on the {self.side.value.lower()}" if self.side else ""
        return f"{subject_verb(self.seat, self.name, reader, 'bet', 'bets')} {chips_phrase(self.amount)}{where}."


@dataclass(frozen=True)
class BetSkipped(SeatEvent):
    seat: int
    name: str

    def text_for(self, reader: int | None, revealed: frozenset[Hand] = frozenset()) -> str:
        return f"{subject_verb(self.seat, self.name, reader, 'do', 'does')} not bet this coup."


@dataclass(frozen=True)
class BettingClosed(SeatEvent):
    covered: int
    bank: int | None  # None: the house bank

    def text_for(self, reader: int | None, revealed: frozenset[Hand] = frozenset()) -> str:
        if self.bank is None:
            return f"Bets are closed: {chips_phrase(self.covered)} against the house."
        if self.covered == 0:
            return "Nobody bets against the bank, so no cards are dealt."
        safe = self.bank - self.covered
        if safe == 0:
            return f"Bets are closed: the whole bank of {show_chips(self.bank)} is covered."
        return (f"Bets are closed: {show_chips(self.covered)} of the bank is covered; the other "
                f"{chips_phrase(safe)} {'is' if safe == 100 else 'are'} safe this coup.")


@dataclass(frozen=True)
class PunterNamed(SeatEvent):
    seat: int
    name: str
    stake: int
    bettor_count: int

    def text_for(self, reader: int | None, revealed: frozenset[Hand] = frozenset()) -> str:
        subject, is_you = who(self.seat, self.name, reader)
        others = self.bettor_count - 1
        plays, follows = ("play", "follow") if is_you else ("plays", "follows")
        also = (f" and {plays} for {others} other bettor{'s' if others > 1 else ''}, so {follows} the guidance"
                if others else ", playing alone")
        role = "you are" if is_you else f"{subject} is"
        return f"{subject} placed the largest bet ({show_chips(self.stake)}): {role} the punter{also}."


CAPTAIN_WHY = {
    "start": "for this side",
    "lost": ": the side lost the last coup",
    "banker": ": the captain went to the bank",
    "back": "on leaving the bank",
    "broke": ": the captain has no chips left",
}


@dataclass(frozen=True)
class CaptainChanged(SeatEvent):
    side: Hand
    seat: int | None
    name: str
    why: str  # a key of CAPTAIN_WHY

    def text_for(self, reader: int | None, revealed: frozenset[Hand] = frozenset()) -> str:
        if self.seat is None:
            return f"Nobody on the {self.side.value.lower()} side can play it; the croupier follows the guidance."
        why = CAPTAIN_WHY[self.why]
        return (f"{subject_verb(self.seat, self.name, reader, 'take', 'takes')} the cards of the "
                f"{self.side.value.lower()}{'' if why.startswith(':') else ' '}{why}.")


@dataclass(frozen=True)
class HandChoice(SeatEvent):
    """A punter, captain, croupier or banker draws or stands. ``why`` rests on the hand's
    face-down cards, so only the chooser reads it until the hand is turned over."""

    seat: int
    name: str
    hand: Hand
    draws: bool
    forced: bool = False
    why: str = ""  # a sentence

    def text_for(self, reader: int | None, revealed: frozenset[Hand] = frozenset()) -> str:
        subject, is_you = who(self.seat, self.name, reader)
        if self.hand is Hand.PLAYER:
            said = ("say" if is_you else "says") + (" carte (draw)" if self.draws else " non (stand)")
        else:
            said = ("draw" if self.draws else "stand") + ("" if is_you else "s")
            said += " for the bank" if self.hand is Hand.BANKER else f" for the {self.hand.value.lower()}"
        if not self.why or not (is_you or self.hand in revealed):
            return f"{subject} {said}."
        return f"{subject} {said}. {self.why}"


@dataclass(frozen=True)
class NaturalShown(SeatEvent):
    hand: Hand
    total: int
    stops_third_card: bool = False  # a banker natural stops a requested card
    waits_for_banker: bool = False  # a Banque tableau natural: settled when the bank's cards turn over

    def text_for(self, reader: int | None, revealed: frozenset[Hand] = frozenset()) -> str:
        word = "la grande" if self.total == 9 else "la petite"
        text = f"{self.hand.value} has a natural {self.total} ({word}) and shows it."
        if self.stops_third_card:
            text += " The coup ends before the requested card is dealt."
        if self.waits_for_banker:
            text += " It will be settled against the banker's first two cards when they are turned over."
        return text


@dataclass(frozen=True)
class CommissionTaken(SeatEvent):
    amount: int
    rate: Fraction
    basis: int

    def text_for(self, reader: int | None, revealed: frozenset[Hand] = frozenset()) -> str:
        exact = self.basis * self.rate
        rounding = "" if exact == self.amount else f" (rounded down from {float(exact) / 100:.4f})"
        return (f"Commission: {float(100 * self.rate):g}% of the banker's gain of {show_chips(self.basis)} "
                f"is {chips_phrase(self.amount)}{rounding}.")


@dataclass(frozen=True)
class NoCommission(SeatEvent):
    net: int

    def text_for(self, reader: int | None, revealed: frozenset[Hand] = frozenset()) -> str:
        return f"The banker's net result over both sides is {show_chips(self.net)}: no gain, no commission."


@dataclass(frozen=True)
class SeatBetSettled(BetSettled, SeatEvent):
    """A bet against the bank paid, collected or returned; ``spot`` names the bettor.
    ``stake`` and ``returned`` are hundredths."""

    seat: int = -1

    def text_for(self, reader: int | None, revealed: frozenset[Hand] = frozenset()) -> str:
        whose = "Your" if self.seat == reader else f"{self.spot}'s"
        if self.returned == 0:
            return f"{whose} bet of {chips_phrase(self.stake)} goes to the bank: {self.reason}"
        if self.returned == self.stake:
            return f"{whose} bet of {chips_phrase(self.stake)} is returned: {self.reason}"
        return f"{whose} bet of {chips_phrase(self.stake)} is paid {chips_phrase(self.returned - self.stake)} " \
               f"by the bank: {self.reason}"

    text = SeatEvent.text
