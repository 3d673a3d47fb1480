"""Run the browser tests last.

Playwright's sync API keeps an asyncio event loop running in the test process
while its browser is open; widgets that see a running loop schedule their timed
reveals on it. Running every browser test after all the others keeps that loop
away from the widget tests, the doctests and the notebooks.
"""

from pathlib import Path

BROWSER_TESTS = Path(__file__).resolve().parent / "browser"


def pytest_collection_modifyitems(items):
    in_browser = [BROWSER_TESTS in Path(str(item.fspath)).resolve().parents for item in items]
    items[:] = [item for item, last in zip(items, in_browser) if not last] + [
        item for item, last in zip(items, in_browser) if last
    ]
