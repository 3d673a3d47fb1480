"""Keyboard play in Chromium: the page's shortcuts at Punto Banco, and a seat-banked coup taken with
Tab and Enter alone (focus moves to the next thing to press after each action)."""

from __future__ import annotations

import pytest

from baccarat_lessons.engine.variants import VARIANTS

pytestmark = pytest.mark.browser


def test_the_page_title_and_the_shortcuts_play_a_punto_banco_round(app_page):
    assert app_page.title() == "Baccarat lessons"
    table = app_page.locator(".bl-page-punto-banco .bl-table")
    assert "P, B, T put the chosen chip" in app_page.locator(".bl-page-punto-banco .bl-keys").inner_text()
    app_page.locator("body").click(position={"x": 5, "y": 5})  # nothing focused: the keys go to the page
    app_page.keyboard.press("b")
    table.locator(".bl-spot-banker.bl-spot-has-chips").wait_for()
    app_page.keyboard.press("d")
    table.locator(".bl-round-done").wait_for(timeout=30_000)
    assert "Banker bet of 5" in table.locator(".bl-reveal").inner_text()


def test_a_mini_baccarat_round_by_its_shortcuts(app_page):
    app_page.locator(".bl-variant-selector button", has_text="Mini Baccarat").click()
    table = app_page.locator(".bl-page-mini-baccarat .bl-table")
    table.locator(".bls").wait_for(state="visible")
    app_page.locator("body").click(position={"x": 5, "y": 5})
    app_page.keyboard.press("p")
    table.locator(".bl-spot-player.bl-spot-has-chips").wait_for()
    app_page.keyboard.press(" ")  # Space deals as well as D
    table.locator(".bl-round-done").wait_for(timeout=30_000)
    assert "Player bet of 1 " in table.locator(".bl-reveal").inner_text()


@pytest.mark.parametrize("key", ["chemin-de-fer", "banque-ouverte", "banque-limitee"])
def test_a_seat_banked_coup_with_tab_and_enter_alone(app_page, key):
    app_page.locator(".bl-variant-selector button", has_text=VARIANTS[key].name).click()
    table = app_page.locator(f".bl-page-{key} .bl-table")
    table.locator(".bls").wait_for(state="visible")
    table.locator(".bl-speed select").select_option(label="Instant")
    for _ in range(160):  # Tab through the page to the first decision button
        app_page.keyboard.press("Tab")
        if app_page.evaluate("() => document.activeElement.classList.contains('bl-decision')"):
            break
    else:
        raise AssertionError("Tab never reached a decision button")
    for _ in range(16):  # Enter presses the focused button; focus then moves to the next one to press
        if table.locator(".bl-round-done").count():
            break
        if not app_page.evaluate("() => !!document.activeElement.closest('.bls')"):
            app_page.keyboard.press("Tab")  # focus left the table (a button it was on is gone): Tab back in
            continue
        app_page.keyboard.press("Enter")
        app_page.wait_for_timeout(600)
    table.locator(".bl-round-done").wait_for(timeout=30_000)
