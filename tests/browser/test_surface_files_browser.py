"""The app's server serves the table surface's module and stylesheet as two files (issue 31, build item 5).

Under ``baccarat-lessons app`` every table and guide on a page draws with the same module and stylesheet;
the page fetches each once from the server (``voila/static/surface-<hash>.js`` and ``.css``) and no widget
model carries their text over the kernel's websocket any more (58 KB and 30 KB per surface before).
"""

from __future__ import annotations

from pathlib import PurePosixPath
from urllib.parse import urlparse

import pytest

from baccarat_lessons.widgets.surface.served import MODULE_TEXT, STYLE_TEXT, served_names

from .conftest import PAGE_READY_MS, watched_context

pytestmark = pytest.mark.browser

BUDGET_BYTES = 100 * 1024  # the budget: what the first page's websocket carries before the table is usable
# Lines found once each in the module and the stylesheet: a frame that carries either carries these.
MODULE_MARK = "export function sessionTimeText("
STYLE_MARK = STYLE_TEXT.strip().splitlines()[0]


def test_the_surface_files_are_fetched_once_and_travel_in_no_widget_model(browser, app_url):
    assert MODULE_MARK in MODULE_TEXT and STYLE_MARK  # the marks the frames are searched for
    context = watched_context(browser)
    page = context.new_page()
    page.set_default_timeout(20_000)
    frames: list[str | bytes] = []
    table_drawn_at: list[int] = []  # how many frames had arrived when the table was on screen
    page.on("websocket", lambda socket: socket.on("framereceived", lambda frame: frames.append(frame)))
    page.goto(app_url)
    page.locator(".bl-app .bl-page-punto-banco .bl-table .bls-spot").first.wait_for(state="visible",
                                                                                   timeout=PAGE_READY_MS)
    table_drawn_at.append(len(frames))
    # The page's second surface, the guide's felt, follows the table: drawn with the same files.
    page.locator(".bl-app .bl-page-punto-banco .bl-guide .bls").first.wait_for(state="attached",
                                                                              timeout=PAGE_READY_MS)
    try:
        module, style = served_names()
        fetched = [PurePosixPath(urlparse(url).path) for url in context.requested if "/surface-" in url]
        assert sorted(path.name for path in fetched) == sorted([module, style]), fetched
        assert all(path.parent.name == "static" for path in fetched), fetched
        carried = [frame for frame in frames
                   if MODULE_MARK in _text(frame) or STYLE_MARK in _text(frame)]
        assert not carried, f"{len(carried)} websocket frames carried the surface's module or stylesheet"
        before_table = sum(len(frame) for frame in frames[:table_drawn_at[0]])
        assert before_table < BUDGET_BYTES, f"{before_table:,} bytes reached the page before its table was usable"
        assert context.blocked == [], "the page asked a server other than 127.0.0.1"
    finally:
        page.goto("about:blank")  # Voilà shuts the page's kernel down
        context.close()


def _text(frame: str | bytes) -> str:
    return frame if isinstance(frame, str) else frame.decode("utf-8", "replace")
