"""A sixth variant of each kind the engine plays, made from data alone.

Each is an existing record with other facts (``dataclasses.replace``) and a catalog entry that shares
its kind's page templates and guide, as the README's "Adding a sixth variant" says; nothing else is
written for them. ``tests/test_sixth_variant.py`` adds them (:func:`add_all`) and plays them through the
engine, the presentation, the rules pages, the CLI and a browser, and through every suite parametrised
over the registry: importing :mod:`with_sixth_variants` (``BACCARAT_LESSONS_VARIANTS=with_sixth_variants``,
read by tests/conftest.py and by the app's kernels) adds them before the suites are collected.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

from baccarat_lessons.content.catalog import CATALOG
from baccarat_lessons.content.registry import add_variant, remove_variant
from baccarat_lessons.engine.variants import BANQUE_LIMITEE, CHEMIN_DE_FER, PUNTO_BANCO, VARIANTS

# One of each kind: a house-banked layout with fixed rules, a seat-banked game against one players'
# hand, and one against two tableaux.
SIXTH = {
    "layout": dataclasses.replace(
        PUNTO_BANCO, key="punto-banco-4", name="Punto Banco at 4%", commission=Fraction(4, 100), decks=6,
        stakes=(5, 10, 25, 100), max_bet=300),
    "one hand": dataclasses.replace(
        CHEMIN_DE_FER, key="chemin-de-fer-8", name="Chemin de Fer, eight decks", decks=8, stakes=(2, 5, 10, 20),
        min_bet=2, commission=Fraction(3, 100)),
    "two tableaux": dataclasses.replace(
        BANQUE_LIMITEE, key="banque-limitee-10", name="Banque limitée, 10 to 50", decks=4, stakes=(10, 25, 50),
        min_bet=10, max_bet=50, starting_chips=200, commission=Fraction(3, 100)),
}
# The variant whose page, guide and sources each shares.
SHARES = {"punto-banco-4": "punto-banco", "chemin-de-fer-8": "chemin-de-fer", "banque-limitee-10": "banque-limitee"}



def add_all() -> None:
    """Register the three, each with a catalog entry that is its kind's with its pages named."""
    for variant in SIXTH.values():
        if variant.key not in VARIANTS:
            add_variant(variant, {**CATALOG[SHARES[variant.key]], "pages": SHARES[variant.key]})


def remove_all() -> None:
    for variant in SIXTH.values():
        remove_variant(variant.key)
