"""Connection lost, said plainly: stop the server with the page open, and within 5 seconds the page
says so over the table, takes no more clicks, and offers to reload."""

from __future__ import annotations

import os
import sys
import time

import pytest

from .conftest import OFF_MACHINE, PAGE_READY_MS, _free_port, serving

pytestmark = pytest.mark.browser


def test_the_page_says_at_once_that_the_server_is_gone(browser, tmp_path, screenshot):
    port = _free_port()
    command = [sys.executable, "-m", "baccarat_lessons.cli", "app", "--no-browser", f"--port={port}"]
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.route(OFF_MACHINE, lambda route: route.abort())
    page = context.new_page()
    page.set_default_timeout(PAGE_READY_MS)
    try:
        with serving(command, port, tmp_path / "server.log", env=dict(os.environ), cwd=tmp_path):
            page.goto(f"http://127.0.0.1:{port}/")
            table = page.locator(".bl-page-punto-banco .bl-table")
            table.wait_for(state="visible")
            table.locator(".bl-deal").first.scroll_into_view_if_needed()
            notice = page.locator("#bl-connection-lost")
            assert notice.is_hidden(), "no notice while the server runs"
        stopped = time.monotonic()  # the server is stopped as the block ends
        notice.wait_for(state="visible", timeout=5_000)
        assert time.monotonic() - stopped < 5
        assert "connection to the server is lost" in notice.inner_text()
        # The notice covers the table: a click on Deal lands on the notice, not on the button.
        deal = table.locator(".bl-deal").first.bounding_box()
        hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('#bl-connection-lost') !== null",
                            [deal["x"] + deal["width"] / 2, deal["y"] + deal["height"] / 2])
        assert hit
        assert page.evaluate("() => document.activeElement.id") == "bl-connection-reload"
        screenshot(page, "connection_lost")
    finally:
        context.close()


def test_leaving_the_page_says_nothing(app_page):
    notice = app_page.locator("#bl-connection-lost")
    assert notice.count() == 1 and notice.is_hidden()
    app_page.evaluate("() => window.dispatchEvent(new Event('beforeunload'))")
    assert notice.is_hidden()
