"""One presenter per table kind, chosen from the variant record; LiveTable branches on no kind.

The presenter is read from the record by one function (:func:`presenter_class`), for the five
variants and for a sixth record made from one of each kind with a new key; :class:`LiveTable` only
wires the driver, the presenter and the surface: its code names no fact that tells the kinds apart,
no table class, no records class and no presentation function of either kind, and no word that is
one kind's ("round", "coup").
"""

from __future__ import annotations

import ast
import inspect
import re
from dataclasses import replace

import pytest

from baccarat_lessons.engine.variants import VARIANTS
from baccarat_lessons.widgets import posted_table as posted_table_module
from baccarat_lessons.widgets import table as table_module
from baccarat_lessons.widgets import table_play as table_play_module
from baccarat_lessons.widgets.presenters import TablePresenter, presenter_class, presenter_for
from baccarat_lessons.widgets.punto_banco_table import PuntoBancoPresenter
from baccarat_lessons.widgets.seat_banked_table import SeatBankedPresenter
from baccarat_lessons.widgets.table import LiveTable

KINDS = {"punto-banco": PuntoBancoPresenter, "mini-baccarat": PuntoBancoPresenter,
         "chemin-de-fer": SeatBankedPresenter, "banque-ouverte": SeatBankedPresenter,
         "banque-limitee": SeatBankedPresenter}
# What tells the kinds apart, or belongs to one kind only: none of it may appear in LiveTable.
KIND_NAMES = {
    "has_fixed_rules", "tableau_count", "player_hands", "house_banks", "has_banco", "is_layout",
    "PuntoBancoTable", "SeatedTable", "CheminDeFerTable", "BanqueTable", "BetSpot", "Hand",
    "LayoutRecords", "SeatedRecords", "layout_presentation", "seated_presentation", "Felt",
    "PuntoBancoPresenter", "SeatBankedPresenter", "scripted_table", "window", "phase",
}


def test_the_five_variants_get_their_kinds_presenter():
    assert set(KINDS) == set(VARIANTS)
    for key, variant in VARIANTS.items():
        assert presenter_class(variant) is KINDS[key]
        presenter = presenter_for(variant)
        assert isinstance(presenter, TablePresenter) and isinstance(presenter, KINDS[key])


@pytest.mark.parametrize("key", ["mini-baccarat", "chemin-de-fer", "banque-limitee"])
def test_a_sixth_variant_gets_its_presenter_from_its_record_alone(key):
    sixth = replace(VARIANTS[key], key=f"{key}-sixth", name="A sixth table")
    assert presenter_class(sixth) is KINDS[key]
    presenter = presenter_for(sixth)
    assert presenter.variant is sixth
    assert presenter.sides == presenter_for(VARIANTS[key]).sides


@pytest.mark.parametrize("key", list(VARIANTS))
def test_each_live_table_wires_the_presenter_of_its_record(key):
    table = LiveTable(key, seed=1)
    assert type(table.presenter) is presenter_class(VARIANTS[key]) and table.presenter.variant is table.variant
    assert table.surface.sides == frozenset(table.presenter.sides)


def names_in(node: ast.AST) -> set[str]:
    """Every name, attribute and keyword the code under ``node`` uses."""
    found = set()
    for child in ast.walk(node):
        if isinstance(child, ast.Name):
            found.add(child.id)
        elif isinstance(child, ast.Attribute):
            found.add(child.attr)
        elif isinstance(child, ast.keyword) and child.arg:
            found.add(child.arg)
    return found


# The table in play and its two carriers (the widget, and the browser edition's worker table).
PLAYING_CLASSES = [(table_module, "LiveTable"), (table_play_module, "TablePlay"), (posted_table_module, "PostedTable")]


@pytest.mark.parametrize("module, name", PLAYING_CLASSES, ids=[name for _, name in PLAYING_CLASSES])
def test_the_table_in_play_has_no_branch_on_the_kind(module, name):
    source = ast.parse(inspect.getsource(module))
    live = next(node for node in source.body if isinstance(node, ast.ClassDef) and node.name == name)
    assert not names_in(source) & KIND_NAMES, names_in(source) & KIND_NAMES  # the module imports none either
    docstrings = {id(node.value) for node in ast.walk(live) if isinstance(node, ast.Expr)}
    words = [node.value for node in ast.walk(live) if isinstance(node, ast.Constant) and isinstance(node.value, str)
             and id(node) not in docstrings]
    assert not [text for text in words if re.search(r"\b(round|coup)s?\b", text, re.IGNORECASE)]  # each kind's noun
    calls = [node for node in ast.walk(live) if isinstance(node, ast.Call)
             and getattr(node.func, "id", getattr(node.func, "attr", "")) == "presenter_for"]
    assert len(calls) == (1 if name == "TablePlay" else 0)  # the presenter is chosen once, from the record
