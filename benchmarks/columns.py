"""One column of a before/after benchmark: a measurement run against one version of the package.

``python -c CODE`` puts the current folder ahead of ``PYTHONPATH``, so a measurement started from
the repository root with ``PYTHONPATH`` set to an unpacked revision imports the checkout instead
(issue 34: the README's before/after tables compared the checkout with itself). Here each column is
a process started with ``-I`` (no ``PYTHONPATH``, no user site, no current folder on ``sys.path``)
in an empty temporary folder, whose only way to the package is the folder put first on
``sys.path``; it reports the file its ``baccarat_lessons`` came from, and :func:`origin` names the
commit of that file. :func:`check_distinct` refuses two columns that imported the same files.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:          # doctest: +SKIP
    ...     column = run("print(1)", unpack("849f183", folder))
    >>> column.commit, column.stdout                            # doctest: +SKIP
    ('849f183…', '1\\n')
"""

from __future__ import annotations

import io
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MARK = "COMMIT"  # written beside an unpacked package: the commit it was taken from
# Runs first in the measuring process: the package folder (argv[1]) first on sys.path, and where the
# package was found, on a line of its own before anything the measurement prints.
PRELUDE = ("import sys; sys.path.insert(0, sys.argv.pop(1)); import baccarat_lessons; "
           "print('imported ' + baccarat_lessons.__file__, flush=True)\n")


@dataclass(frozen=True)
class Column:
    """What one measuring process printed, and which package it imported."""

    imported: Path  # baccarat_lessons/__init__.py as the process found it
    commit: str
    stdout: str  # what the measurement printed (the prelude's line taken out)


def unpack(revision: str, folder: str | Path) -> Path:
    """The package as it was at ``revision``, unpacked into ``folder``; returns the folder to put on ``sys.path``."""
    folder = Path(folder)
    commit = _git("rev-parse", "--verify", f"{revision}^{{commit}}").strip()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit, "baccarat_lessons"],
                             capture_output=True, check=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(folder)
    (folder / MARK).write_text(commit + "\n")
    return folder


def run(code: str, package_root: str | Path, *arguments: str, timeout: float | None = None) -> Column:
    """Run ``code`` (its ``sys.argv[1:]`` are ``arguments``) in a process that can import the package
    only from ``package_root``, started in an empty folder outside both trees."""
    with tempfile.TemporaryDirectory(prefix="bench_column_") as cwd:
        done = subprocess.run([sys.executable, "-I", "-c", PRELUDE + code, str(package_root), *arguments],
                              capture_output=True, text=True, cwd=cwd, timeout=timeout)
    if done.returncode:
        raise SystemExit(f"the measurement failed under {package_root}:\n{done.stderr[-3000:]}")
    first, _, rest = done.stdout.partition("\n")
    imported = Path(first.removeprefix("imported ")).resolve()
    return Column(imported, origin(imported), rest)


def origin(imported: Path) -> str:
    """The commit a package file was imported from: the mark of an unpacked revision, or the commit
    checked out where it lies (with "+ uncommitted changes" when its package differs from it)."""
    package = imported.parent
    mark = package.parent / MARK
    if mark.exists():
        return mark.read_text().strip()
    commit = _git("rev-parse", "HEAD", cwd=package).strip()
    dirty = _git("status", "--porcelain", "--", ".", cwd=package).strip()
    return commit + (" + uncommitted changes" if dirty else "")


def check_distinct(before: Column, after: Column) -> None:
    """Refuse two columns that measured the same files (or the same commit): a comparison of a tree with itself."""
    if before.imported == after.imported or before.commit == after.commit:
        raise SystemExit(f"both columns imported {after.commit} from {after.imported.parent}: "
                         "the comparison would measure one version twice")


def _git(*arguments: str, cwd: Path = ROOT) -> str:
    return subprocess.run(["git", "-C", str(cwd), *arguments], capture_output=True, text=True, check=True).stdout


def describe(name: str, column: Column) -> str:
    """'before: 849f183… imported from /tmp/…/baccarat_lessons'"""
    return f"{name}: {column.commit}, imported from {column.imported.parent}"


if __name__ == "__main__":  # a quick look: which package each column imports
    with tempfile.TemporaryDirectory() as folder:
        print(describe("before", run("", unpack(sys.argv[1] if len(sys.argv) > 1 else "HEAD", folder))))
    print(describe("after", run("", ROOT)))
