"""Staged links in Chromium: a teacher's link opens the same coup in the app for every variant,
and a bad link says why over the normal table."""

from __future__ import annotations

import pytest

from .conftest import OFF_MACHINE, PAGE_READY_MS

pytestmark = pytest.mark.browser

LINKS = {
    "punto-banco": ("variant=punto-banco&shoe=2S+AC+2H+2D+7C+5H", "the next deal is 2S AC 2H 2D 7C 5H"),
    "mini-baccarat": ("variant=mini-baccarat&shoe=KS+9H+8D+10C", "the next deal is KS 9H 8D 10C"),
    "chemin-de-fer": ("variant=chemin-de-fer&shoe=2S+KH+3D+3S+9H&role=banker&choices=punter:draw",
                      "Staged coup: you as banker. Your turn: draw or stand for the bank"),
    "banque-ouverte": ("variant=banque-ouverte&shoe=4S+4H+2C+2D+3H+KS+5C+5D&role=captain",
                       "you as captain. Your turn: draw or stand for this tableau"),
    "banque-limitee": ("variant=banque-limitee&shoe=4S+4H+2C+2D+3H+KS+5C+5D&role=bettor", "you as bettor."),
}


def open_link(browser, app_url, query: str):
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    blocked: list[str] = []
    context.route(OFF_MACHINE, lambda route: (blocked.append(route.request.url), route.abort()))
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.goto(f"{app_url}?{query}")
    return context, page, blocked


@pytest.mark.parametrize("key", list(LINKS))
def test_a_staged_link_opens_the_staged_coup(browser, app_url, screenshot, key):
    query, said = LINKS[key]
    context, page, blocked = open_link(browser, app_url, query)
    try:
        table = page.locator(f".bl-page-{key} .bl-table")
        table.wait_for(state="visible", timeout=PAGE_READY_MS)
        page.locator(".bl-app-message", has_text="staged a coup").wait_for(timeout=PAGE_READY_MS)
        # The page sends its address once it has drawn the first table, so the staged coup may still
        # be on its way to the page (it is dealt after the page has shown "Dealing…").
        table.locator(".bl-message", has_text=said).first.wait_for(timeout=PAGE_READY_MS)
        if key == "chemin-de-fer":
            buttons = table.locator(".bl-decision:not([disabled])").all_inner_texts()
            assert buttons == ["Draw", "Stand"]
            assert table.locator('.bls-felt [aria-label="9 of hearts, turned sideways"]').count() == 1
            assert table.locator('.bls-felt [aria-label="2 of spades"]').count() == 0  # the punter's cards: backs
        table.scroll_into_view_if_needed()
        screenshot(page, f"staged_link_{key}")
        assert not blocked
    finally:
        page.goto("about:blank")
        context.close()


def test_a_bad_link_says_why_over_the_normal_table(browser, app_url):
    context, page, _ = open_link(browser, app_url, "variant=chemin-de-fer&shoe=2S+ZZ&role=banker")
    try:
        page.locator(".bl-page-punto-banco .bl-table").wait_for(state="visible", timeout=PAGE_READY_MS)
        message = page.locator(".bl-app-message", has_text="cannot be read")
        message.wait_for(timeout=PAGE_READY_MS)
        assert "Traceback" not in page.content()
    finally:
        page.goto("about:blank")
        context.close()
