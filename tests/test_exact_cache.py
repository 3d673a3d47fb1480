"""The six-value sequence table kept on disk: the same table as the rules derive, read
back without rebuilding, rebuilt for other rules, and built anyway where nothing can
be written.

Every test points ``BACCARAT_LESSONS_CACHE`` at its own folder and clears the
process's copy, so the table really comes from (or goes to) that folder.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from baccarat_lessons.analysis import exact
from baccarat_lessons.analysis.composition import Composition
from baccarat_lessons.analysis.exact import (
    build_sequence_table, exact_odds, sequence_table, sequence_table_key, sequence_table_path,
)
from baccarat_lessons.engine.bets import BetSpot
from baccarat_lessons.engine.drawing import PUNTO_BANCO, Cell

# Banker stands on 6 after a player's third 6 or 7: one cell of the table changed.
BANKER_STANDS_6_VS_6 = replace(
    PUNTO_BANCO,
    banker_table=tuple(
        tuple(Cell.STAND if (total, value) in {(6, 6), (6, 7)} else cell for value, cell in enumerate(row))
        for total, row in enumerate(PUNTO_BANCO.banker_table)
    ),
)


@pytest.fixture
def cache(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv("BACCARAT_LESSONS_CACHE", str(folder))
    sequence_table.cache_clear()
    yield folder
    sequence_table.cache_clear()


def assert_same_table(table, expected):
    assert table.categories == expected.categories
    for name in ("multiplicities", "counts"):
        stored, built = getattr(table, name), getattr(expected, name)
        assert stored.dtype == built.dtype and np.array_equal(stored, built), name


@pytest.fixture(scope="module")
def built():
    return build_sequence_table()


def test_the_stored_table_is_the_table_the_rules_derive(cache, built, monkeypatch):
    assert_same_table(sequence_table(), built)  # built and written
    assert sequence_table_path().is_file()
    sequence_table.cache_clear()
    monkeypatch.setattr(exact, "build_sequence_table", lambda rules: pytest.fail("rebuilt a stored table"))
    assert_same_table(sequence_table(), built)  # read back


def test_exact_odds_from_the_stored_table_are_the_published_ones(cache):
    sequence_table()
    sequence_table.cache_clear()
    odds = exact_odds(Composition.full(8))
    assert odds.outcome_counts["banker"] == 2292252566437888
    assert round(float(odds.bets[BetSpot.BANKER].house_edge), 6) == 0.010579


def test_changed_rules_are_not_served_the_stored_table(cache, built):
    sequence_table()  # the standard rules' table is on disk
    assert sequence_table_key(BANKER_STANDS_6_VS_6) != sequence_table_key()
    changed = sequence_table(BANKER_STANDS_6_VS_6)
    assert_same_table(changed, build_sequence_table(BANKER_STANDS_6_VS_6))
    assert not np.array_equal(changed.counts, built.counts)
    assert sequence_table_path(BANKER_STANDS_6_VS_6).is_file()


def test_the_key_follows_the_deriving_code(cache, monkeypatch, tmp_path):
    key = sequence_table_key()
    edited = tmp_path / "fast_rules.py"
    edited.write_text(open(exact.fast_rules.__file__).read() + "\n# an edit\n")
    monkeypatch.setattr(exact.fast_rules, "__file__", str(edited))
    assert sequence_table_key() != key


def test_a_damaged_file_is_rebuilt_and_replaced(cache, built):
    path = sequence_table_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"not a table")
    assert_same_table(sequence_table(), built)
    sequence_table.cache_clear()
    assert_same_table(exact._read_table(path), built)


def test_a_folder_that_cannot_be_written_means_building_in_memory(tmp_path, monkeypatch, built):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("BACCARAT_LESSONS_CACHE", str(blocker / "cache"))  # under a file: mkdir fails
    sequence_table.cache_clear()
    try:
        assert_same_table(sequence_table(), built)
    finally:
        sequence_table.cache_clear()


def test_writing_leaves_no_temporary_file(cache):
    sequence_table()
    assert [p.name for p in cache.iterdir()] == [sequence_table_path().name]
