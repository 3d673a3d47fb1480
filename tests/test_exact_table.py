"""The six-value sequence table shipped with the package is the table the rules derive: the
exact odds the tables show (read without numpy) come from the same rules code as every coup."""

from __future__ import annotations

from dataclasses import replace

from baccarat_lessons.analysis.exact import sequence_table
from baccarat_lessons.analysis.sequence_build import build_sequence_table
from baccarat_lessons.engine.drawing import PUNTO_BANCO, Cell

# Banker stands on 6 after a player's third 6 or 7: one cell of the table changed.
BANKER_STANDS_6_VS_6 = replace(
    PUNTO_BANCO,
    banker_table=tuple(
        tuple(Cell.STAND if (total, value) in {(6, 6), (6, 7)} else cell for value, cell in enumerate(row))
        for total, row in enumerate(PUNTO_BANCO.banker_table)
    ),
)


def test_the_shipped_table_is_the_table_the_rules_derive():
    assert sequence_table() == build_sequence_table(PUNTO_BANCO)


def test_a_changed_rule_derives_another_table():
    # The check above would catch a shipped table left over from other rules.
    assert build_sequence_table(BANKER_STANDS_6_VS_6) != sequence_table()


def test_every_multiset_of_six_values_appears_once_with_all_its_orderings():
    table = sequence_table()
    assert len(set(table.multiplicities)) == len(table.multiplicities) == 5005
    for multiplicities, counts in zip(table.multiplicities, table.counts):
        orderings = 720
        for m in multiplicities:
            for k in range(2, m + 1):
                orderings //= k
        assert sum(multiplicities) == 6 and sum(counts) == orderings



def test_the_shipped_file_holds_the_sparse_form_of_the_derived_table_and_nothing_else():
    import io
    import pickle

    from baccarat_lessons.analysis.exact import SHIPPED_TABLE, table_data, table_from_data

    class PlainData(pickle.Unpickler):
        def find_class(self, module, name):  # any class or function in the file would be refused here
            raise pickle.UnpicklingError(f"the table file names {module}.{name}")

    shipped = PlainData(io.BytesIO(SHIPPED_TABLE.read_bytes())).load()
    built = build_sequence_table(PUNTO_BANCO)
    assert shipped == table_data(built)
    assert table_from_data(shipped) == built
    groups = shipped["groups"]  # the zeros are left out: the weighted sum skips nothing it needs
    assert all(m > 0 for values, _ in groups for _, m in values) and all(n > 0 for _, counts in groups for _, n in counts)
