"""Run the browser tests last, and give every test the same game in every run.

Playwright's sync API keeps an asyncio event loop running in the test process
while its browser is open; widgets that see a running loop schedule their timed
reveals on it. Running every browser test after all the others keeps that loop
away from the widget tests, the doctests and the notebooks.

Every test is deterministic: Hypothesis derives its examples from the test itself (no random
database between runs), and the one source of fresh entropy the tables have (``secrets.randbits``,
behind ``engine.randomness.fresh_seed``: a New session, a resumed session's reshuffle) is drawn, in
the test process, from a generator seeded by the test's name. A failing test's report shows that seed.
The browser tests' games are fixed by staged links instead (tests/browser/staged.py).
"""

import random
import secrets
import zlib
from pathlib import Path

import pytest
from hypothesis import settings

BROWSER_TESTS = Path(__file__).resolve().parent / "browser"

settings.register_profile("deterministic", derandomize=True, database=None, print_blob=True)
settings.load_profile("deterministic")


def pytest_collection_modifyitems(items):
    in_browser = [BROWSER_TESTS in Path(str(item.fspath)).resolve().parents for item in items]
    items[:] = [item for item, last in zip(items, in_browser) if not last] + [
        item for item, last in zip(items, in_browser) if last
    ]


@pytest.fixture(autouse=True)
def seeded_entropy(request, monkeypatch):
    """``secrets.randbits`` from a generator seeded by the test's id (a test may still patch it itself)."""
    seed = zlib.crc32(request.node.nodeid.encode())
    monkeypatch.setattr(secrets, "randbits", random.Random(seed).getrandbits)
    # Shown with a failure's report (as "Captured seed call").
    request.node.add_report_section("call", "seed", f"fresh entropy (secrets.randbits) seeded with {seed}")
    return seed
