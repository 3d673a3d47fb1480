"""The five variants as frozen records: everything that differs between them is data.

One record per variant holds its cards and limits, payouts and commission, seats,
hands and deal order, who banks and when the bank or the captaincy moves, the
drawing rules and guidance. The records import no table: the tables, the guides, the
simulator, the exact odds, the bots, the CLI and the rules pages read them, and
:mod:`.tables` makes the table that plays each one.

>>> PUNTO_BANCO.stakes, MINI_BACCARAT.stakes
((5, 10, 25, 50), (1, 2, 5, 10))
>>> VARIANTS["banque-limitee"] is BANQUE_LIMITEE, variant_named("Mini Baccarat") is MINI_BACCARAT
(True, True)
>>> BANQUE_LIMITEE.commission, BANQUE_LIMITEE.house_banks, "banque-limitee" in SEAT_BANKED
(Fraction(1, 50), True, True)
>>> CHEMIN_DE_FER.banker_payout
Fraction(19, 20)
>>> MINI_BACCARAT.default_settings.decks, CHEMIN_DE_FER.default_settings is None
(8, True)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType

from . import drawing
from .coup import PUNTO_BANCO_DEAL
from .drawing import DrawingRules
from .errors import SettingsError
from .events import Hand
from .settings import TableSettings


class Banking(enum.Enum):
    """Who holds the bank."""

    HOUSE = "the house banks every coup"
    ROTATING = "a seated player banks; the bank rotates"
    PLAYER_UNTIL_RETIRED = "a seated player banks until retiring"


class CommissionBasis(enum.Enum):
    """What the commission is a share of."""

    BANKER_WINS = "each winning Banker bet"
    BANKER_WINNINGS = "the stakes the banker wins in a coup"
    NET_GAIN = "the banker’s net gain over both sides, when positive"


@dataclass(frozen=True)
class Variant:
    """One variant's table. Chip amounts here are whole chips (the tables count hundredths)."""

    key: str
    name: str
    decks: int
    starting_chips: int
    stakes: tuple[int, ...]  # chip values offered at the table
    min_bet: int
    max_bet: int | None  # None: limited only by balances and the bank
    seat_count: int  # seat 0 is the user; the others are bots
    banking: Banking
    commission: Fraction  # the banker's cost: see commission_basis
    commission_basis: CommissionBasis
    tableau_count: int
    drawing: DrawingRules
    has_fixed_rules: bool  # True: nobody chooses whether to draw
    player_hands: tuple[Hand, ...]  # the hands that play against the bank
    deal_order: tuple[Hand, ...]  # the first cards, one at a time
    bank_passes_after_loss: bool = False  # Chemin de Fer: a losing banker gives up the bank
    has_banco: bool = False
    side_seats: MappingProxyType[Hand, tuple[int, ...]] = field(default_factory=lambda: MappingProxyType({}))  # Banque: the seats on each side, in captaincy order
    user_starts_as_banker: bool = False
    is_compact: bool = False  # a small, fast table: drawn with smaller cards (Mini Baccarat)

    @property
    def is_seat_banked(self) -> bool:
        return not self.has_fixed_rules

    @property
    def house_banks(self) -> bool:
        return self.banking is Banking.HOUSE

    @property
    def default_settings(self) -> TableSettings | None:
        """The settings a new session of this variant starts with: the record's decks and starting
        chips on a layout with fixed rules; ``None`` at a seat-banked table, which has nothing to set."""
        if not self.has_fixed_rules:
            return None
        return TableSettings(decks=self.decks, starting_chips=self.starting_chips)

    @property
    def round_noun(self) -> str:
        """What one deal is called at this table: a "hand" at a layout, a "coup" at a seat-banked table."""
        return "hand" if self.has_fixed_rules else "coup"

    @property
    def banker_payout(self) -> Fraction:
        """What a winning Banker bet pays per chip at Punto Banco (1 less the commission)."""
        return 1 - self.commission

    def __deepcopy__(self, memo: dict[int, object]) -> Variant:
        return self  # a frozen record: a copied table shares it


_BANQUE_DEAL = (Hand.RIGHT, Hand.LEFT, Hand.BANKER, Hand.RIGHT, Hand.LEFT, Hand.BANKER)
_SIDES = MappingProxyType({Hand.RIGHT: (0, 1, 2), Hand.LEFT: (3, 4, 5)})

PUNTO_BANCO = Variant(
    key="punto-banco", name="Punto Banco", decks=8, starting_chips=100, stakes=(5, 10, 25, 50),
    min_bet=5, max_bet=500, seat_count=1, banking=Banking.HOUSE, commission=Fraction(5, 100),
    commission_basis=CommissionBasis.BANKER_WINS, tableau_count=1, drawing=drawing.PUNTO_BANCO,
    has_fixed_rules=True, player_hands=(Hand.PLAYER,), deal_order=PUNTO_BANCO_DEAL,
)
MINI_BACCARAT = Variant(
    key="mini-baccarat", name="Mini Baccarat", decks=8, starting_chips=100, stakes=(1, 2, 5, 10),
    min_bet=1, max_bet=100, seat_count=1, banking=Banking.HOUSE, commission=Fraction(5, 100),
    commission_basis=CommissionBasis.BANKER_WINS, tableau_count=1, drawing=drawing.PUNTO_BANCO,
    has_fixed_rules=True, player_hands=(Hand.PLAYER,), deal_order=PUNTO_BANCO_DEAL, is_compact=True,
)
CHEMIN_DE_FER = Variant(
    key="chemin-de-fer", name="Chemin de Fer", decks=6, starting_chips=100, stakes=(1, 2, 5, 10, 25),
    min_bet=1, max_bet=None, seat_count=6, banking=Banking.ROTATING, commission=Fraction(5, 100),
    commission_basis=CommissionBasis.BANKER_WINNINGS, tableau_count=1, drawing=drawing.CHEMIN_DE_FER,
    has_fixed_rules=False, player_hands=(Hand.PLAYER,), deal_order=PUNTO_BANCO_DEAL,
    bank_passes_after_loss=True, has_banco=True, user_starts_as_banker=True,
)
BANQUE_OUVERTE = Variant(
    key="banque-ouverte", name="Banque ouverte", decks=6, starting_chips=100, stakes=(1, 2, 5, 10, 25),
    min_bet=1, max_bet=None, seat_count=6, banking=Banking.PLAYER_UNTIL_RETIRED,
    commission=Fraction(125, 10000), commission_basis=CommissionBasis.NET_GAIN, tableau_count=2,
    drawing=drawing.CHEMIN_DE_FER, has_fixed_rules=False, player_hands=(Hand.RIGHT, Hand.LEFT),
    deal_order=_BANQUE_DEAL, side_seats=_SIDES, user_starts_as_banker=True,
)
BANQUE_LIMITEE = Variant(
    key="banque-limitee", name="Banque limitée", decks=3, starting_chips=100, stakes=(5, 10, 25),
    min_bet=5, max_bet=25, seat_count=6, banking=Banking.HOUSE, commission=Fraction(2, 100),
    commission_basis=CommissionBasis.NET_GAIN, tableau_count=2, drawing=drawing.CHEMIN_DE_FER,
    has_fixed_rules=False, player_hands=(Hand.RIGHT, Hand.LEFT), deal_order=_BANQUE_DEAL,
    side_seats=_SIDES,
)

_RECORDS: dict[str, Variant] = {}
_SEAT_BANKED: dict[str, Variant] = {}
# Read-only views of the registry: a variant added by add_variant is in them wherever they were imported.
VARIANTS = MappingProxyType(_RECORDS)
SEAT_BANKED = MappingProxyType(_SEAT_BANKED)


def add_variant(variant: Variant) -> None:
    """Register a variant of a kind the engine plays: its record is all the engine needs (the app's
    pages need its catalog entry too, see the README's "Adding a sixth variant").

    >>> import dataclasses
    >>> add_variant(dataclasses.replace(PUNTO_BANCO, key="punto-banco-4", name="Punto Banco at 4%",
    ...                                 commission=Fraction(4, 100)))
    >>> VARIANTS["punto-banco-4"].banker_payout
    Fraction(24, 25)
    >>> remove_variant("punto-banco-4"); "punto-banco-4" in VARIANTS
    False
    """
    if variant.key in _RECORDS or any(variant.name == known.name for known in _RECORDS.values()):
        raise SettingsError(f"There is a variant called '{variant.key}' or '{variant.name}' already.")
    _RECORDS[variant.key] = variant
    if variant.is_seat_banked:
        _SEAT_BANKED[variant.key] = variant


def remove_variant(key: str) -> None:
    """Take a variant added by :func:`add_variant` out of the registry again."""
    _RECORDS.pop(key)
    _SEAT_BANKED.pop(key, None)


for _variant in (PUNTO_BANCO, MINI_BACCARAT, CHEMIN_DE_FER, BANQUE_OUVERTE, BANQUE_LIMITEE):
    add_variant(_variant)


def variant_named(key: str) -> Variant:
    """Look a variant up by key (``"punto-banco"``) or name (``"Punto Banco"``)."""
    for variant in VARIANTS.values():
        if key in (variant.key, variant.name):
            return variant
    raise SettingsError(f"There is no variant '{key}'; choose one of {', '.join(VARIANTS)}.")
