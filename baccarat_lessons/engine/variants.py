"""The five variants as frozen records: everything that differs between them is data.

>>> PUNTO_BANCO.stakes, MINI_BACCARAT.stakes
((5, 10, 25, 50), (1, 2, 5, 10))
>>> [variant.name for variant in VARIANTS.values()]
['Punto Banco', 'Mini Baccarat', 'Chemin de Fer', 'Banque ouverte', 'Banque limitée']
>>> BANQUE_LIMITEE.commission
Fraction(1, 50)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType

from . import drawing
from .drawing import DrawingRules
from .errors import SettingsError


class Banking(enum.Enum):
    """Who holds the bank."""

    HOUSE = "the house banks every coup"
    ROTATING = "a seated player banks; the bank rotates"
    PLAYER_UNTIL_RETIRED = "a seated player banks until retiring"


@dataclass(frozen=True)
class Variant:
    """One variant's table: its cards, limits, bank and drawing rules."""

    key: str
    name: str
    decks: int
    starting_chips: int
    stakes: tuple[int, ...]  # chip values offered at the table
    min_bet: int
    max_bet: int | None  # None: limited only by balances and the bank
    seat_count: int
    banking: Banking
    commission: Fraction  # Punto Banco: on banker wins; Banque: on the banker's net gain
    tableau_count: int
    drawing: DrawingRules
    has_fixed_rules: bool  # True: nobody chooses whether to draw

    @property
    def is_seat_banked(self) -> bool:
        return self.banking is not Banking.HOUSE or self.tableau_count == 2


PUNTO_BANCO = Variant(
    key="punto-banco", name="Punto Banco", decks=8, starting_chips=100, stakes=(5, 10, 25, 50),
    min_bet=5, max_bet=500, seat_count=1, banking=Banking.HOUSE, commission=Fraction(5, 100),
    tableau_count=1, drawing=drawing.PUNTO_BANCO, has_fixed_rules=True,
)
MINI_BACCARAT = Variant(
    key="mini-baccarat", name="Mini Baccarat", decks=8, starting_chips=100, stakes=(1, 2, 5, 10),
    min_bet=1, max_bet=100, seat_count=1, banking=Banking.HOUSE, commission=Fraction(5, 100),
    tableau_count=1, drawing=drawing.PUNTO_BANCO, has_fixed_rules=True,
)
CHEMIN_DE_FER = Variant(
    key="chemin-de-fer", name="Chemin de Fer", decks=6, starting_chips=100, stakes=(1, 2, 5, 10, 25),
    min_bet=1, max_bet=None, seat_count=6, banking=Banking.ROTATING, commission=Fraction(5, 100),
    tableau_count=1, drawing=drawing.CHEMIN_DE_FER, has_fixed_rules=False,
)
BANQUE_OUVERTE = Variant(
    key="banque-ouverte", name="Banque ouverte", decks=6, starting_chips=100, stakes=(1, 2, 5, 10, 25),
    min_bet=1, max_bet=None, seat_count=6, banking=Banking.PLAYER_UNTIL_RETIRED,
    commission=Fraction(125, 10000), tableau_count=2, drawing=drawing.CHEMIN_DE_FER, has_fixed_rules=False,
)
BANQUE_LIMITEE = Variant(
    key="banque-limitee", name="Banque limitée", decks=3, starting_chips=100, stakes=(5, 10, 25),
    min_bet=5, max_bet=25, seat_count=6, banking=Banking.HOUSE, commission=Fraction(2, 100),
    tableau_count=2, drawing=drawing.CHEMIN_DE_FER, has_fixed_rules=False,
)

VARIANTS = MappingProxyType({
    variant.key: variant
    for variant in (PUNTO_BANCO, MINI_BACCARAT, CHEMIN_DE_FER, BANQUE_OUVERTE, BANQUE_LIMITEE)
})


def variant_named(key: str) -> Variant:
    """Look a variant up by key (``"punto-banco"``) or name (``"Punto Banco"``)."""
    for variant in VARIANTS.values():
        if key in (variant.key, variant.name):
            return variant
    raise SettingsError(f"There is no variant '{key}'; choose one of {', '.join(VARIANTS)}.")
