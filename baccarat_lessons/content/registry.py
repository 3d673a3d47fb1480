"""Adding a variant of a kind the engine already plays, from data alone: its record and its page.

A variant is its frozen record (:class:`~..engine.variants.Variant`, registered in the engine by
:func:`~..engine.variants.add_variant`) and its page's catalog entry (:data:`.catalog.CATALOG`).
:func:`add_variant` registers both; the live table, its presentation, the guides, the rules pages,
the CLI's choices and the app's selector then read them. A variant shipped with the package is
written into ``engine/variants.py`` and ``content/catalog.py``; one a teacher or a test adds at run
time goes in a module that calls :func:`add_variant` on import, named to the app by the environment
variable ``BACCARAT_LESSONS_VARIANTS`` (its kernels import it before drawing the selector).

>>> import dataclasses
>>> from fractions import Fraction
>>> from baccarat_lessons.engine.variants import PUNTO_BANCO, VARIANTS
>>> from baccarat_lessons.content import variant_page
>>> from baccarat_lessons.content.catalog import CATALOG
>>> add_variant(dataclasses.replace(PUNTO_BANCO, key="pb-4", name="Punto Banco at 4%", commission=Fraction(4, 100)),
...             {**CATALOG["punto-banco"], "pages": "punto-banco"})
>>> "Banker commission</th><td>4%</td>" in variant_page("pb-4").rules_html
True
>>> remove_variant("pb-4"); "pb-4" in VARIANTS, "pb-4" in CATALOG
(False, False)
"""

from __future__ import annotations

import importlib
import os
from typing import Any, Mapping

from ..engine import variants
from ..engine.variants import Variant
from .catalog import CATALOG

VARIANTS_MODULE_VARIABLE = "BACCARAT_LESSONS_VARIANTS"


def add_variant(variant: Variant, entry: Mapping[str, Any]) -> None:
    """Register ``variant``'s record and its page's catalog ``entry`` (the keys of a
    :data:`.catalog.CATALOG` entry; ``"pages"`` names the variant whose page templates it shares)."""
    variants.add_variant(variant)
    CATALOG[variant.key] = dict(entry)


def remove_variant(key: str) -> None:
    """Take a variant added by :func:`add_variant` out again (a test's clean-up)."""
    variants.remove_variant(key)
    CATALOG.pop(key)


def load_variants_module() -> None:
    """Import the module ``BACCARAT_LESSONS_VARIANTS`` names, if any: it adds its variants on import
    (once per process, as any import)."""
    name = os.environ.get(VARIANTS_MODULE_VARIABLE, "").strip()
    if name:
        importlib.import_module(name)
