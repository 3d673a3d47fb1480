"""What a coup leaves behind, at every table: its stakes, each hand's cards, the finished coup's record.

One :class:`CoupRecord` serves all five variants. Amounts are hundredths of a chip. What a
finished coup did to each seat (``nets``) and who held each hand (``holders``) are written when
the coup ends, so no screen has to fold the events to find them again.

>>> stake = Stake(seat=2, amount=1000, hand=Hand.PLAYER)
>>> stake.amount, settle_reason(Hand.RIGHT, Outcome.PLAYER)
(1000, 'the right tableau won; it pays 1:1.')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, NamedTuple

from .bets import BetSpot
from .cards import Card
from .cells import TableCell
from .events import Event, Hand, Outcome

NOTHING: MappingProxyType[Any, Any] = MappingProxyType({})


def settle_reason(hand: Hand, outcome: Outcome) -> str:
    """Why a stake on ``hand`` is paid, collected or returned."""
    if outcome is Outcome.PLAYER:
        won = "players’ hand" if hand is Hand.PLAYER else hand.value.lower()
        return f"the {won} won; it pays 1:1."
    return "the banker won." if outcome is Outcome.BANKER else "a tie returns the stake."


class HandCards(list[Card]):
    """The cards of one hand (a list), carrying its running ``total``."""

    def __init__(self) -> None:
        super().__init__()
        self.total = 0


class Stake(NamedTuple):
    """Hundredths a seat put down: against the bank on one hand (``Hand.PLAYER`` at Chemin de Fer,
    a tableau at Banque), or on a Punto Banco layout's spot (a :class:`~.bets.BetSpot`)."""

    seat: int
    amount: int
    hand: Hand | BetSpot  # a BetSpot at Punto Banco and Mini


@dataclass(frozen=True)
class CoupRecord:
    """One finished coup, as the history shows it (amounts in hundredths)."""

    number: int
    banker: int | None  # a seat index, or HOUSE
    bank: int | None  # the bank at stake; None for the house bank
    hands: MappingProxyType[Hand, tuple[Card, ...]]
    stakes: tuple[Stake, ...]
    results: MappingProxyType[Hand, Outcome]  # each players' hand's result (PLAYER: that hand beat the bank)
    commission: int
    events: tuple[Event, ...]
    nets: MappingProxyType[int, int] = field(default_factory=lambda: NOTHING)  # each seat's gain (+) or loss (−)
    balances: tuple[int, ...] = ()  # each seat's chips in front of it once the coup was settled
    holders: MappingProxyType[Hand, int | None] = field(default_factory=lambda: NOTHING)  # HOUSE: the casino held it
    cell: TableCell | None = None  # the drawing-table cell of the coup's last rule or choice, if any
    returns: tuple[int, ...] = ()  # what each stake brought back to its bettor, stake included (0: lost)

    @property
    def text(self) -> str:
        return "\n".join(event.text for event in self.events)

    @property
    def outcome(self) -> Outcome:
        """The first players' hand's result against the bank (Punto Banco: the coup's result)."""
        return next(iter(self.results.values()))

    def net_of(self, seat: int) -> int:
        """What this coup won or lost ``seat`` (0 if it played no part)."""
        return self.nets.get(seat, 0)

    @property
    def staked(self) -> int:
        return sum(stake.amount for stake in self.stakes)

    def __deepcopy__(self, memo: dict[int, object]) -> CoupRecord:
        return self  # frozen: a copied table shares its finished coups
