"""Events of a seat-banked table (Chemin de Fer, Banque). Cards, results and
settlements reuse :mod:`baccarat_lessons.engine.events`; these add the bank,
the bets and the choices. Events hold data; the sentence is built only when
``text`` is read, so a simulation that never reads it pays nothing for it.

>>> BankOpened(0, "You", 20).text
'You open the bank with 20 chips.'
>>> BetPlaced(2, "Bot 2", 20, covers_bank=True).text
'Bot 2 covers what is left of the bank: 20 chips.'
>>> HandChoice(3, "Bot 3", Hand.PLAYER, draws=True, forced=True, why="must draw on 0").text
'Bot 3 says carte (draw), as the rules require: must draw on 0.'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..events import BetSettled, Event, Hand
from ..money import format_chips


def _verb(name: str, you: str, other: str) -> str:
    return you if name == "You" else other


def _chips(amount) -> str:
    """'1 chip', '20 chips', '0.75 chips'."""
    return f"{format_chips(amount)} chip" + ("" if amount == 1 else "s")


@dataclass(frozen=True)
class CoupStarted(Event):
    number: int
    banker_name: str
    bank: Fraction | int | None  # None: the house bank, which has no limit

    @property
    def text(self) -> str:
        if self.bank is None:
            return f"Coup {self.number}: the house holds the bank."
        return f"Coup {self.number}: {self.banker_name} bank{_verb(self.banker_name, '', 's')} {_chips(self.bank)}."


@dataclass(frozen=True)
class BankOpened(Event):
    seat: int
    name: str
    amount: Fraction | int

    @property
    def text(self) -> str:
        return f"{self.name} open{_verb(self.name, '', 's')} the bank with {_chips(self.amount)}."


@dataclass(frozen=True)
class BankDeclined(Event):
    seat: int
    name: str

    @property
    def text(self) -> str:
        return f"{self.name} decline{_verb(self.name, '', 's')} the bank; it is offered to the next seat."


@dataclass(frozen=True)
class BankKept(Event):
    seat: int
    name: str
    amount: Fraction | int

    @property
    def text(self) -> str:
        return (f"{self.name} continue{_verb(self.name, '', 's')}: the whole bank of "
                f"{_chips(self.amount)} is at stake.")


GIVE_UP_WHY = {
    "lost": "after losing a coup the bank moves on",
    "passed": "the banker chose to pass the bank",
    "retired": "the banker chose to retire",
    "empty": "the bank is empty",
    "over": "the table is over",
}


@dataclass(frozen=True)
class BankGivenUp(Event):
    """The banker leaves the bank; what is left of it goes back to the seat's balance."""

    seat: int
    name: str
    returned: Fraction | int
    why: str  # a key of GIVE_UP_WHY

    @property
    def text(self) -> str:
        return (f"{self.name} give{_verb(self.name, '', 's')} up the bank ({GIVE_UP_WHY[self.why]}); "
                f"{_chips(self.returned)} go back to {_verb(self.name, 'your', 'their')} balance.")


@dataclass(frozen=True)
class BancoCalled(Event):
    seat: int
    name: str
    amount: Fraction | int

    @property
    def text(self) -> str:
        return f"{self.name} call{_verb(self.name, '', 's')} banco: {_chips(self.amount)} against the whole bank."


@dataclass(frozen=True)
class BancoDeclined(Event):
    seat: int
    name: str

    @property
    def text(self) -> str:
        return f"{self.name} do{_verb(self.name, '', 'es')} not call banco; bets go round in seat order."


@dataclass(frozen=True)
class BetPlaced(Event):
    seat: int
    name: str
    amount: Fraction | int
    side: Hand | None = None
    covers_bank: bool = False

    @property
    def text(self) -> str:
        if self.covers_bank and self.side is None:
            return f"{self.name} cover{_verb(self.name, '', 's')} what is left of the bank: {_chips(self.amount)}."
        where = f" on the {self.side.value.lower()}" if self.side else ""
        return f"{self.name} bet{_verb(self.name, '', 's')} {_chips(self.amount)}{where}."


@dataclass(frozen=True)
class BetSkipped(Event):
    seat: int
    name: str

    @property
    def text(self) -> str:
        return f"{self.name} do{_verb(self.name, '', 'es')} not bet this coup."


@dataclass(frozen=True)
class BettingClosed(Event):
    covered: Fraction | int
    bank: Fraction | int | None  # None: the house bank

    @property
    def text(self) -> str:
        if self.bank is None:
            return f"Bets are closed: {_chips(self.covered)} against the house."
        if self.covered == 0:
            return "Nobody bets against the bank, so no cards are dealt."
        safe = self.bank - self.covered
        if safe == 0:
            return f"Bets are closed: the whole bank of {format_chips(self.bank)} is covered."
        return (f"Bets are closed: {format_chips(self.covered)} of the bank is covered; the other "
                f"{_chips(safe)} {'is' if safe == 1 else 'are'} safe this coup.")


@dataclass(frozen=True)
class PunterNamed(Event):
    seat: int
    name: str
    stake: Fraction | int
    bettor_count: int

    @property
    def text(self) -> str:
        others = self.bettor_count - 1
        plays, follows = ("play", "follow") if self.name == "You" else ("plays", "follows")
        also = (f" and {plays} for {others} other bettor{'s' if others > 1 else ''}, so {follows} the guidance"
                if others else ", playing alone")
        who = "you are" if self.name == "You" else f"{self.name} is"
        return f"{self.name} placed the largest bet ({format_chips(self.stake)}): {who} the punter{also}."


CAPTAIN_WHY = {
    "start": "for this side",
    "lost": ": the side lost the last coup",
    "banker": ": the captain went to the bank",
    "back": "on leaving the bank",
    "broke": ": the captain has no chips left",
}


@dataclass(frozen=True)
class CaptainChanged(Event):
    side: Hand
    seat: int | None
    name: str
    why: str  # a key of CAPTAIN_WHY

    @property
    def text(self) -> str:
        if self.seat is None:
            return f"Nobody on the {self.side.value.lower()} side can play it; the croupier follows the guidance."
        why = CAPTAIN_WHY[self.why]
        return (f"{self.name} take{_verb(self.name, '', 's')} the cards of the {self.side.value.lower()}"
                f"{'' if why.startswith(':') else ' '}{why}.")


@dataclass(frozen=True)
class HandChoice(Event):
    """A punter, captain or banker draws or stands; ``why`` is shown after the choice."""

    seat: int
    name: str
    hand: Hand
    draws: bool
    forced: bool = False
    why: str = ""

    @property
    def text(self) -> str:
        if self.hand is Hand.PLAYER:
            said = "says carte (draw)" if self.draws else "says non (stand)"
            if self.name == "You":
                said = "say carte (draw)" if self.draws else "say non (stand)"
        else:
            said = (_verb(self.name, "draw", "draws") if self.draws else _verb(self.name, "stand", "stands"))
            said += f" for the {self.hand.value.lower()}" if self.hand is not Hand.BANKER else " for the bank"
        if self.forced:
            return f"{self.name} {said}, as the rules require: {self.why}."
        return f"{self.name} {said}" + (f": {self.why}." if self.why else ".")


@dataclass(frozen=True)
class NaturalShown(Event):
    hand: Hand
    total: int
    stops_third_card: bool = False  # a banker natural stops a requested card

    @property
    def text(self) -> str:
        word = "la grande" if self.total == 9 else "la petite"
        text = f"{self.hand.value} has a natural {self.total} ({word}) and shows it."
        if self.stops_third_card:
            text += " The coup ends before the requested card is dealt."
        return text


@dataclass(frozen=True)
class CommissionTaken(Event):
    amount: Fraction
    rate: Fraction
    basis: Fraction | int

    @property
    def text(self) -> str:
        return (f"Commission: {format_chips(100 * self.rate)}% of the banker's gain of {format_chips(self.basis)} "
                f"is {_chips(self.amount)}.")


@dataclass(frozen=True)
class NoCommission(Event):
    net: Fraction | int

    @property
    def text(self) -> str:
        return f"The banker's net result over both sides is {format_chips(self.net)}: no gain, no commission."


@dataclass(frozen=True)
class SeatBetSettled(BetSettled):
    """A bet against the bank paid, collected or returned; ``spot`` names the bettor."""

    seat: int = -1

    @property
    def text(self) -> str:
        who = "Your" if self.seat == 0 else f"{self.spot}'s"
        if self.returned == 0:
            return f"{who} bet of {_chips(self.stake)} goes to the bank: {self.reason}"
        if self.returned == self.stake:
            return f"{who} bet of {_chips(self.stake)} is returned: {self.reason}"
        return f"{who} bet of {_chips(self.stake)} is paid {_chips(self.net)} by the bank: {self.reason}"
