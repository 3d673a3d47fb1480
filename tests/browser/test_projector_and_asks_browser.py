"""Projector mode fills a 1920x1080 screen with the table, every word on it large; New session asks before it wipes hands
played; a disabled Deal says why in words on screen (issue 20, item 5). Chromium."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

TABLE = ".bl-app .bl-page-punto-banco .bl-table"
ROUND_MS = 30_000


def _box(page, selector: str) -> dict:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is not drawn"
    return box


def _play_a_round(page) -> None:
    table = page.locator(TABLE)
    table.locator(".bls-speed").select_option("instant")
    table.locator(".bl-chip-5").click()
    table.locator(".bl-spot-banker").click()
    table.locator(".bl-deal:not([disabled])").click()
    table.locator(".bl-round-done").wait_for(state="attached", timeout=ROUND_MS)


def test_projector_mode_fills_a_1920_by_1080_screen_with_the_table(app_page, screenshot):
    app_page.set_viewport_size({"width": 1920, "height": 1080})
    app_page.locator(".bl-projector-toggle").click()
    app_page.locator(".bl-app.bl-projector").wait_for()
    app_page.wait_for_timeout(300)  # laid out again
    surface, felt = _box(app_page, f"{TABLE} .bls"), _box(app_page, f"{TABLE} .bls-felt")
    assert surface["width"] >= 0.9 * 1920, surface  # not the 1100 px column of the laptop page
    assert surface["y"] <= 200, surface  # the header folded away: the table starts near the top
    assert felt["height"] >= 0.35 * 1080, felt
    assert not app_page.get_by_role("heading", name="Baccarat lessons").is_visible()
    for control in (".bl-chip-5", ".bl-spot-banker", ".bl-deal", ".bl-new-session"):
        box = _box(app_page, f"{TABLE} {control}")
        assert 0 <= box["y"] and box["y"] + box["height"] <= 1080, (control, box)  # on the screen
    assert app_page.locator(".bl-variant-selector").is_visible()  # another game is one click away
    screenshot(app_page, "projector-1920x1080")


# The visible words and numbers inside a table, smallest first: [size in px, text, element's class].
SMALLEST_TEXT = """(root) => {
  const found = [];
  const walker = document.createTreeWalker(document.querySelector(root), NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const text = walker.currentNode.textContent.trim();
    const node = walker.currentNode.parentElement;
    const style = getComputedStyle(node);
    if (!text || node.closest('svg') || style.visibility !== 'visible' || node.getBoundingClientRect().width === 0) continue;
    found.push([parseFloat(style.fontSize), text.slice(0, 30), String(node.className)]);
  }
  return found.sort((a, b) => a[0] - b[0]).slice(0, 5);
}"""
PROJECTOR_MIN_PX = 18  # read from the back of a classroom at 1920 x 1080


def test_projector_mode_makes_chips_payouts_and_seats_large_too(app_page, screenshot):
    """Not only the cards: the chips' values, stakes, payouts, a spot's payout, the shoe and the seats."""
    app_page.set_viewport_size({"width": 1920, "height": 1080})
    app_page.locator(".bl-projector-toggle").click()
    app_page.locator(".bl-app.bl-projector").wait_for()
    table = app_page.locator(TABLE)
    table.locator(".bls-speed").select_option("instant")
    table.locator(".bl-chip-5").click()
    for spot in ("player", "banker", "tie"):  # one of the three is paid, whatever the cards
        # Each chip is on its spot before the next click: a click sent before the page has the table's
        # last redraw belongs to an older turn, which the table ignores by design.
        table.locator(f".bl-spot-{spot}").click()
        table.locator(f".bl-spot-{spot} .bls-stack-amount").wait_for()
    smallest = app_page.evaluate(SMALLEST_TEXT, f"{TABLE} .bls")
    assert smallest[0][0] >= PROJECTOR_MIN_PX, smallest
    table.locator(".bl-deal:not([disabled])").click()
    table.locator(".bl-round-done").wait_for(state="attached", timeout=ROUND_MS)
    table.locator(".bls-settle-paid").first.wait_for(state="attached")  # a payout beside its stake
    smallest = app_page.evaluate(SMALLEST_TEXT, f"{TABLE} .bls")
    assert smallest[0][0] >= PROJECTOR_MIN_PX, smallest
    screenshot(app_page, "projector-punto-banco-settled")
    app_page.locator(".bl-variant-selector button", has_text="Chemin de Fer").click()
    seated = ".bl-app .bl-page-chemin-de-fer .bl-table"
    app_page.locator(f"{seated} .bl-decision-open-bank").click()  # you bank; the bots play the coup out
    app_page.locator(f"{seated} .bls-hand-stake").first.wait_for(state="attached", timeout=ROUND_MS)
    smallest = app_page.evaluate(SMALLEST_TEXT, f"{seated} .bls")
    assert smallest[0][0] >= PROJECTOR_MIN_PX, smallest
    screenshot(app_page, "projector-chemin-de-fer-coup")


def test_new_session_asks_before_it_wipes_hands_played(app_page):
    table = app_page.locator(TABLE)
    status = table.locator(".bl-status")
    table.locator(".bl-new-session").click()  # nothing played yet: nothing to lose, no question
    assert table.locator(".bl-new-session-ask").count() == 0
    _play_a_round(app_page)
    assert "Hands: 1" in status.inner_text()
    table.locator(".bl-new-session").click()
    ask = table.get_by_role("group", name="Start a new session?")
    ask.wait_for()
    assert "1 hand" in ask.inner_text()
    ask.get_by_role("button", name="Keep playing").click()
    assert table.locator(".bl-new-session-ask").count() == 0
    assert "Hands: 1" in status.inner_text()  # kept
    table.locator(".bl-new-session").click()
    table.locator(".bl-new-session-confirm").click()
    app_page.wait_for_function("(s) => document.querySelector(s).textContent.includes('Hands: 0')",
                               arg=f"{TABLE} .bl-status", timeout=ROUND_MS)
    assert "Balance: 100" in status.inner_text()


def test_a_disabled_deal_says_why_on_screen(app_page):
    table = app_page.locator(TABLE)
    deal = table.locator(".bl-deal")
    assert deal.is_disabled()
    reason = table.locator(".bl-control-reason")
    assert reason.is_visible()
    words = reason.inner_text()
    assert words.startswith("Deal: ") and words[len("Deal: "):] in deal.get_attribute("aria-label")
    table.locator(".bl-chip-5").click()
    table.locator(".bl-spot-banker").click()
    table.locator(".bl-deal:not([disabled])").wait_for()
    assert table.locator(".bl-control-reason").count() == 0  # Deal can be pressed: nothing to explain
