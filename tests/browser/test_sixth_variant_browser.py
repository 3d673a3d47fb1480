"""A sixth variant added from data alone, played in Chromium: the app server's kernels import
``with_sixth_variants`` (named by ``BACCARAT_LESSONS_VARIANTS``), and the Punto Banco layout at a 4%
commission is offered in the selector, staged, dealt and settled like the five.

The staged coup is the settlement test's: Banker A♣ 2♦ draws the 5♥ and wins 8 to 1, so a chip on Banker
is paid at 0.96:1 after the 4% commission, as the spot's label says.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from .conftest import APP_SEED, OFF_MACHINE, PAGE_READY_MS, _free_port, serving

pytestmark = pytest.mark.browser

TESTS = Path(__file__).resolve().parent.parent
KEY = "punto-banco-4"  # tests/sixth_variants.py
LINK = f"variant={KEY}&shoe=2S+AC+2H+2D+7C+5H"
TABLE = f".bl-page-{KEY} .bl-table .bls"


@pytest.fixture(scope="module")
def sixth_app_url(chromium_path, tmp_path_factory):
    """An app server of its own whose kernels add the sixth variants (the session's serves the five)."""
    port = _free_port()
    log_path = tmp_path_factory.mktemp("sixth-app-server") / "server.log"
    path = os.pathsep.join(filter(None, [str(TESTS), os.environ.get("PYTHONPATH")]))
    environment = {**os.environ, "BACCARAT_LESSONS_DEBUG": "1", "BACCARAT_LESSONS_SEED": str(APP_SEED),
                   "BACCARAT_LESSONS_VARIANTS": "with_sixth_variants", "PYTHONPATH": path}
    command = [sys.executable, "-m", "baccarat_lessons.cli", "app", "--no-browser", f"--port={port}"]
    with serving(command, port, log_path, env=environment, cwd=tmp_path_factory.getbasetemp()):
        yield f"http://127.0.0.1:{port}/"


def test_the_four_percent_layout_is_offered_dealt_and_paid_at_four_percent(browser, sixth_app_url):
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    blocked: list[str] = []
    context.route(OFF_MACHINE, lambda route: (blocked.append(route.request.url), route.abort()))
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        page.goto(f"{sixth_app_url}?{LINK}")
        surface = page.locator(TABLE)
        surface.wait_for(state="visible", timeout=PAGE_READY_MS)
        page.locator(".bl-app-message", has_text="staged a coup").wait_for(timeout=PAGE_READY_MS)
        assert page.get_by_role("button", name="Punto Banco at 4%").count() == 1
        assert "0.96:1" in surface.locator("button.bl-spot-banker").inner_text()
        before = surface.locator(".bl-status").get_attribute("data-turn")
        surface.locator("button.bl-spot-banker").click()
        page.wait_for_function("([root, before]) => document.querySelector(root + ' .bl-status').dataset.turn"
                               " !== before", arg=[TABLE, before])
        surface.locator("button.bl-deal:not([disabled])").click()
        log = surface.locator(".bls-log")
        log.filter(has_text="after the 4% commission").wait_for(timeout=30_000)
        assert "Banker won; it pays 0.96:1 after the 4% commission." in log.inner_text()
        assert blocked == []
    finally:
        page.goto("about:blank")
        context.close()
