"""The registry above both table kinds: from a variant record, the table that plays it.

The variant records (:mod:`.variants`) are data only and import no table; the tables read
their record; this module alone knows both, so nothing imports in a circle. Which table
plays a variant follows from its record: fixed drawing rules are a Punto Banco table;
otherwise two tableaux are a Banque table, one players' hand a Chemin de Fer table. A sixth
variant of a kind already here needs a record and nothing in this file. Every table it makes
answers the one interface, :class:`~.table_api.Table` (a type checker checks each class in
:data:`TABLE_CLASSES` against it).

>>> from baccarat_lessons.engine.variants import BANQUE_LIMITEE, MINI_BACCARAT
>>> table_class(MINI_BACCARAT).__name__, table_class(BANQUE_LIMITEE).__name__
('PuntoBancoTable', 'BanqueTable')
>>> table = new_table("chemin-de-fer", seed=1)
>>> table.variant.name, table.pending.kind.name
('Chemin de Fer', 'OFFER_BANK')
"""

from __future__ import annotations

import random
from typing import Any, Callable

from .seated.banque import BanqueTable
from .seated.chemin_de_fer import CheminDeFerTable
from .punto_banco import PuntoBancoTable
from .settings import TableSettings
from .shoe import Shoe
from .table_api import Table
from .variants import Variant, variant_named

# Every class of table, each checked against the one interface (a class that lost a member of
# ``Table`` would fail the type check here, and the test over the five variants at run time).
TABLE_CLASSES: tuple[type[Table], ...] = (PuntoBancoTable, CheminDeFerTable, BanqueTable)


def table_class(variant: Variant) -> type[Table]:
    """The class of table that plays ``variant``, read from its record."""
    if variant.has_fixed_rules:
        return PuntoBancoTable
    return BanqueTable if variant.tableau_count == 2 else CheminDeFerTable


def new_table(variant: Variant | str, seed: int | random.Random | None = None, shoe: Shoe | None = None,
              settings: TableSettings | None = None, **options: Any) -> Table:
    """A fresh table of ``variant`` (a record, its key or its name): the one construction of either kind.

    ``seed`` shuffles its shoe, or ``shoe`` is dealt as given (stacked); ``settings`` replace the record's
    :attr:`~.variants.Variant.default_settings` (only a layout has any); other ``options`` go to the
    class as it takes them (``log_events``, ``names``…)."""
    record = variant if isinstance(variant, Variant) else variant_named(variant)
    if settings is not None:
        options["settings"] = settings  # a seat-banked table has no settings (its record's default is None)
    make: Callable[..., Table] = table_class(record)  # each class takes the record as ``variant``
    return make(variant=record, seed=seed, shoe=shoe, **options)
