"""The benchmarks' before/after columns import what they name (issue 34).

Each column of ``benchmarks/bench_tables.py`` and ``bench_resume.py`` runs through
``benchmarks/columns.py``; these tests run the same harness on a tiny program (no timing),
and show that the old way of starting a column (``python -c`` from the repository root with
``PYTHONPATH`` set to the revision) is caught.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))
import columns  # noqa: E402

BEFORE = "849f183"


@pytest.fixture(scope="module")
def unpacked(tmp_path_factory):
    if subprocess.run(["git", "-C", str(columns.ROOT), "cat-file", "-e", f"{BEFORE}^{{commit}}"]).returncode:
        pytest.skip(f"{BEFORE} is not in this clone's history")
    return columns.unpack(BEFORE, tmp_path_factory.mktemp("before"))


def test_the_two_columns_import_different_commits(unpacked):
    code = "import baccarat_lessons.engine.coup as t; print(t.__file__)"
    before, after = columns.run(code, unpacked), columns.run(code, columns.ROOT)
    assert before.commit.startswith(subprocess.run(["git", "-C", str(columns.ROOT), "rev-parse", BEFORE],
                                                   capture_output=True, text=True).stdout.strip())
    assert before.imported.is_relative_to(unpacked.resolve())
    assert after.imported.is_relative_to(columns.ROOT)
    assert before.commit.split()[0] != after.commit.split()[0]
    assert Path(before.stdout.strip()).is_relative_to(unpacked.resolve())  # submodules come from there too
    columns.check_distinct(before, after)  # does not refuse


def test_a_column_started_the_old_way_imports_the_checkout_and_is_refused(unpacked):
    # python -c from the repository root, the revision on PYTHONPATH: '' (the root) comes first.
    old = subprocess.run([sys.executable, "-c", "import baccarat_lessons; print(baccarat_lessons.__file__)"],
                         cwd=columns.ROOT, env=dict(os.environ, PYTHONPATH=str(unpacked)),
                         capture_output=True, text=True, check=True)
    imported = Path(old.stdout.strip()).resolve()
    if not imported.is_relative_to(columns.ROOT):
        pytest.skip("this interpreter does not put the current folder first for -c")
    stale = columns.Column(imported, columns.origin(imported), "")
    after = columns.run("", columns.ROOT)
    with pytest.raises(SystemExit, match="both columns imported"):
        columns.check_distinct(stale, after)
