"""Both table kinds answer the one declared interface, :class:`~baccarat_lessons.engine.table_api.Table`.

The type checker checks each class in ``TABLE_CLASSES`` against the protocol (its annotation in
``engine/tables.py``); these tests check the same at run time, for the table every variant gets:
each member is there, and each method takes the protocol's parameters, in its order.
"""

from __future__ import annotations

import inspect

import pytest

from baccarat_lessons.engine.punto_banco import PuntoBancoTable
from baccarat_lessons.engine.seated import BanqueTable, CheminDeFerTable
from baccarat_lessons.engine.table_api import Table
from baccarat_lessons.engine.tables import TABLE_CLASSES, new_table, table_class
from baccarat_lessons.engine.variants import VARIANTS

MEMBERS = sorted(name for name in vars(Table) if not name.startswith("_"))
METHODS = [name for name in MEMBERS if inspect.isfunction(vars(Table)[name])]


def test_the_interface_declares_what_the_driver_and_the_widgets_use():
    assert {"variant", "view", "pending", "coups_played", "history", "last_coup", "chips_in_play", "act",
            "can", "legal_actions"} <= set(MEMBERS)
    assert set(TABLE_CLASSES) == {PuntoBancoTable, CheminDeFerTable, BanqueTable}


@pytest.mark.parametrize("key", list(VARIANTS))
def test_every_variant_gets_a_table_of_the_one_interface(key):
    table = new_table(key, seed=1)
    assert isinstance(table, Table)
    assert type(table) is table_class(VARIANTS[key]) and type(table) in TABLE_CLASSES
    missing = [name for name in MEMBERS if not hasattr(table, name)]
    assert not missing, f"{type(table).__name__} lacks {missing}"


@pytest.mark.parametrize("cls", TABLE_CLASSES, ids=lambda cls: cls.__name__)
@pytest.mark.parametrize("name", METHODS)
def test_each_method_takes_the_interfaces_parameters_in_its_order(cls, name):
    declared = list(inspect.signature(getattr(Table, name)).parameters)
    taken = list(inspect.signature(getattr(cls, name)).parameters)
    assert taken[:len(declared)] == declared
    extra = list(inspect.signature(getattr(cls, name)).parameters.values())[len(declared):]
    assert all(parameter.default is not inspect.Parameter.empty for parameter in extra)


def test_something_without_the_members_is_not_a_table():
    class NotATable:
        def view(self, seat):
            return None

    assert not isinstance(NotATable(), Table) and not isinstance(object(), Table)
