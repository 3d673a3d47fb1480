"""Run the longest files first, and give every test the same game in every run.

pytest-xdist hands whole files to its workers in the order collected (``--no-loadscope-reorder``), so the
files that take longest start first and no worker is left finishing one alone: the two files of slide
tests (lessons run in JupyterLab and presented, several minutes each), lesson 14 (its exact banker takes
a minute) and the sixth variants' file (a dozen suites again), then the other browser tests, then the rest. (Chromium is stopped after each run of browser tests,
see tests/browser/conftest.py, so its event loop never reaches the widget tests that follow.)

Every test is deterministic: Hypothesis derives its examples from the test itself (no random
database between runs), and the one source of fresh entropy the tables have (``secrets.randbits``,
behind ``engine.randomness.fresh_seed``: a New session, a resumed session's reshuffle) is drawn, in
the test process, from a generator seeded by the test's name. A failing test's report shows that seed.
The browser tests' games are fixed by staged links instead (tests/browser/staged.py).
"""

import os
import random
import secrets
import zlib
from pathlib import Path

import pytest
from hypothesis import settings
from class_live import live_class  # noqa: F401 - a class server in a thread, for the class's HTTP tests
from postgres_server import database, postgres_server, postgres_url  # noqa: F401 - fixtures of the class's storage tests

BROWSER_TESTS = Path(__file__).resolve().parent / "browser"

settings.register_profile("deterministic", derandomize=True, database=None, print_blob=True)
settings.load_profile("deterministic")


# Imported, this module adds the sixth variants to the registry for the rest of the process: only the runs that
# name it (BACCARAT_LESSONS_VARIANTS, see pytest_configure) import it, never --doctest-modules' collection (which
# once left the three registered in a worker, so the tests of the five that followed saw eight).
collect_ignore = ["with_sixth_variants.py"]

# test_sixth_variant.py runs a dozen suites again in one test (about a minute): started late, it was left
# finishing alone while the other workers were done.
LONGEST_FIRST = ("test_slides_fit_browser.py", "test_slides_browser.py", "14_game_theory.ipynb", "test_sixth_variant.py")


def _start_order(item) -> int:
    path = Path(str(item.fspath)).resolve()
    if path.name in LONGEST_FIRST:
        return 0
    return 1 if BROWSER_TESTS in path.parents else 2


def pytest_collection_modifyitems(items):
    items.sort(key=_start_order)  # stable: each file's tests keep their order


def pytest_configure(config):
    # A module that adds variants (BACCARAT_LESSONS_VARIANTS=with_sixth_variants): imported before the test files
    # are collected, so every suite parametrised over the registry plays its variants too (test_sixth_variant.py).
    if os.environ.get("BACCARAT_LESSONS_VARIANTS"):
        from baccarat_lessons.content.registry import load_variants_module

        load_variants_module()


@pytest.fixture(autouse=True)
def seeded_entropy(request, monkeypatch):
    """``secrets.randbits`` from a generator seeded by the test's id (a test may still patch it itself)."""
    seed = zlib.crc32(request.node.nodeid.encode())
    monkeypatch.setattr(secrets, "randbits", random.Random(seed).getrandbits)
    # Shown with a failure's report (as "Captured seed call").
    request.node.add_report_section("call", "seed", f"fresh entropy (secrets.randbits) seeded with {seed}")
    return seed
