"""The registry above both table kinds: from a variant record, the table that plays it.

The variant records (:mod:`.variants`) are data only and import no table; the tables read
their record; this module alone knows both, so nothing imports in a circle. Which table
plays a variant follows from its record: fixed drawing rules are a Punto Banco table;
otherwise two tableaux are a Banque table, one players' hand a Chemin de Fer table. A sixth
variant of a kind already here needs a record and nothing in this file.

>>> from baccarat_lessons.engine.variants import BANQUE_LIMITEE, MINI_BACCARAT
>>> table_class(MINI_BACCARAT).__name__, table_class(BANQUE_LIMITEE).__name__
('PuntoBancoTable', 'BanqueTable')
>>> table = new_table("chemin-de-fer", seed=1)
>>> table.variant.name, table.pending.kind.name
('Chemin de Fer', 'OFFER_BANK')
"""

from __future__ import annotations

from .seated.banque import BanqueTable
from .seated.chemin_de_fer import CheminDeFerTable
from .punto_banco import PuntoBancoTable
from .variants import Variant, variant_named


def table_class(variant: Variant) -> type:
    """The class of table that plays ``variant``, read from its record."""
    if variant.has_fixed_rules:
        return PuntoBancoTable
    return BanqueTable if variant.tableau_count == 2 else CheminDeFerTable


def new_table(variant: Variant | str, **options):
    """A fresh table of ``variant`` (a record, its key or its name); ``options`` as its class takes
    them (``seed``, ``shoe``…)."""
    record = variant if isinstance(variant, Variant) else variant_named(variant)
    return table_class(record)(variant=record, **options)
