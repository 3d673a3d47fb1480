"""How each seat-banked table runs, as data: one frozen record per variant.

Cards, decks, limits and commission rates come from the :class:`Variant`
records in :mod:`baccarat_lessons.engine.variants`; these records add what the
table machinery needs: deal order, which hands oppose the bank, who banks and
when the bank or the captaincy moves.

>>> CHEMIN_DE_FER_TABLE.deal_order
(<Hand.PLAYER: 'Player'>, <Hand.BANKER: 'Banker'>, <Hand.PLAYER: 'Player'>, <Hand.BANKER: 'Banker'>)
>>> BANQUE_LIMITEE_TABLE.variant.decks, BANQUE_LIMITEE_TABLE.house_banks, BANQUE_OUVERTE_TABLE.house_banks
(3, True, False)
>>> str(BANQUE_OUVERTE_TABLE.variant.commission), BANQUE_OUVERTE_TABLE.commission_basis.value
('1/80', 'the banker’s net gain over both sides, when positive')
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from types import MappingProxyType

from ..events import Hand
from ..variants import BANQUE_LIMITEE, BANQUE_OUVERTE, CHEMIN_DE_FER, Variant


class CommissionBasis(enum.Enum):
    BANKER_WINNINGS = "the stakes the banker wins in a coup"
    NET_GAIN = "the banker’s net gain over both sides, when positive"


@dataclass(frozen=True)
class TableRules:
    """A seat-banked table's procedure. Seat 0 is the user; the other seats are bots."""

    variant: Variant
    deal_order: tuple[Hand, ...]
    player_hands: tuple[Hand, ...]  # the hands that play against the bank
    house_banks: bool  # True: a permanent casino bank; no seat banks
    bank_passes_after_loss: bool  # Chemin de Fer: a losing banker gives up the bank
    has_banco: bool
    commission_basis: CommissionBasis
    side_seats: MappingProxyType  # Banque: the seats on each side, in captaincy order
    user_starts_as_banker: bool

    @property
    def name(self) -> str:
        return self.variant.name

    @property
    def seat_count(self) -> int:
        return self.variant.seat_count

    @property
    def min_bet(self) -> int:
        return self.variant.min_bet

    @property
    def max_bet(self) -> int | None:
        return self.variant.max_bet


_SIDES = MappingProxyType({Hand.RIGHT: (0, 1, 2), Hand.LEFT: (3, 4, 5)})

CHEMIN_DE_FER_TABLE = TableRules(
    variant=CHEMIN_DE_FER,
    deal_order=(Hand.PLAYER, Hand.BANKER, Hand.PLAYER, Hand.BANKER),
    player_hands=(Hand.PLAYER,),
    house_banks=False,
    bank_passes_after_loss=True,
    has_banco=True,
    commission_basis=CommissionBasis.BANKER_WINNINGS,
    side_seats=MappingProxyType({}),
    user_starts_as_banker=True,
)
BANQUE_OUVERTE_TABLE = TableRules(
    variant=BANQUE_OUVERTE,
    deal_order=(Hand.RIGHT, Hand.LEFT, Hand.BANKER, Hand.RIGHT, Hand.LEFT, Hand.BANKER),
    player_hands=(Hand.RIGHT, Hand.LEFT),
    house_banks=False,
    bank_passes_after_loss=False,
    has_banco=False,
    commission_basis=CommissionBasis.NET_GAIN,
    side_seats=_SIDES,
    user_starts_as_banker=True,
)
BANQUE_LIMITEE_TABLE = TableRules(
    variant=BANQUE_LIMITEE,
    deal_order=BANQUE_OUVERTE_TABLE.deal_order,
    player_hands=(Hand.RIGHT, Hand.LEFT),
    house_banks=True,
    bank_passes_after_loss=False,
    has_banco=False,
    commission_basis=CommissionBasis.NET_GAIN,
    side_seats=_SIDES,
    user_starts_as_banker=False,
)

TABLE_RULES = MappingProxyType({
    rules.variant.key: rules for rules in (CHEMIN_DE_FER_TABLE, BANQUE_OUVERTE_TABLE, BANQUE_LIMITEE_TABLE)
})
