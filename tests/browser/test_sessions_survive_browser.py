"""Sessions survive, in Chromium: play, reload — the same balance, hands and shoe position; stop
the server and start it again — the session comes back; a kept record edited by hand gives a
fresh session and one sentence; a reload opens on the game played last."""

from __future__ import annotations

import os
import sys

import pytest
from playwright.sync_api import expect

from .conftest import OFF_MACHINE, PAGE_READY_MS, _free_port, serving

pytestmark = pytest.mark.browser

TABLE = ".bl-page-punto-banco .bl-table"
STORAGE_KEY = "baccarat-lessons:session:punto-banco"


def play_rounds(page, count: int) -> None:
    table = page.locator(TABLE)
    for number in range(1, count + 1):
        table.locator("button.bl-spot-banker" if number % 2 else "button.bl-spot-player").click()
        table.locator("button.bl-deal:not([disabled])").click()
        table.locator(f'.bl-round-done[data-round="{number}"]').wait_for(state="attached", timeout=30_000)


def status(page) -> dict[str, str]:
    """The status line, item by item (balance, on the table, hands, cards in the shoe)."""
    items = page.locator(f"{TABLE} .bl-status .bl-stat")
    return {items.nth(i).get_attribute("class").split("bl-stat-")[-1]: items.nth(i).inner_text()
            for i in range(items.count())}


def open_app(context, url: str):
    page = context.new_page()
    page.set_default_timeout(PAGE_READY_MS)
    page.goto(url)
    page.locator(f"{TABLE} .bls").wait_for(state="visible")
    return page


def test_a_reload_and_a_server_restart_bring_the_session_back(browser, tmp_path, screenshot):
    port = _free_port()
    url = f"http://127.0.0.1:{port}/"
    command = [sys.executable, "-m", "baccarat_lessons.cli", "app", "--no-browser", f"--port={port}"]
    environment = {**os.environ, "BACCARAT_LESSONS_SESSION_KEY": str(tmp_path / "session.key")}
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    context.route(OFF_MACHINE, lambda route: route.abort())
    try:
        with serving(command, port, tmp_path / "server-1.log", env=environment, cwd=tmp_path):
            page = open_app(context, url)
            play_rounds(page, 4)
            before = status(page)
            assert before["hands"] == "Hands: 4"
            page.reload()
            page.locator(f"{TABLE} .bl-message", has_text="Resumed: 4 hands").wait_for()
            assert status(page) == before, "the reload brought another balance, hand count or shoe"
            # The history is drawn a moment after the table (the rest of the page follows a quiet page): attached,
            # it may still say "No rounds yet." until the resumed session's rounds are listed.
            expect(page.locator(f"{TABLE} .bl-history").first).to_contain_text("Banker")
            screenshot(page.locator(TABLE), "session-resumed-after-reload")
            page.close()
        # A new server on the same address (the same browser storage), with the same secret.
        with serving(command, port, tmp_path / "server-2.log", env=environment, cwd=tmp_path):
            page = open_app(context, url)
            page.locator(f"{TABLE} .bl-message", has_text="Resumed: 4 hands").wait_for()
            assert status(page) == before
            page.locator(TABLE).locator("button.bl-spot-tie").click()  # and it plays on
            page.locator(f"{TABLE} .bl-stat-staked", has_text="On the table: 5").wait_for()
            # A kept record edited by hand (a bigger balance written in) gives a fresh session.
            page.evaluate("""(key) => { const record = JSON.parse(localStorage.getItem(key));
                record.summary = "4 hands, balance 1,000"; localStorage.setItem(key, JSON.stringify(record)); }""",
                          STORAGE_KEY)
            page.reload()
            page.locator(f"{TABLE} .bl-message", has_text="a fresh session starts instead").wait_for()
            assert status(page)["balance"] == "Balance: 100" and status(page)["hands"] == "Hands: 0"
            # The game played last is the one a reload opens on, not the first game.
            page.locator(".bl-variant-selector button", has_text="Mini Baccarat").click()
            mini = page.locator(".bl-page-mini-baccarat .bl-table")
            mini.locator("button.bl-spot-player").click()
            mini.locator(".bl-stat-staked").wait_for()
            page.reload()
            mini.locator(".bls").wait_for(state="visible")
            assert page.locator(".bl-variant-selector button.mod-active").inner_text() == "Mini Baccarat"
            assert not page.locator(TABLE).is_visible()
            screenshot(page, "reload-opens-on-the-game-played-last")
            page.close()
    finally:
        context.close()
