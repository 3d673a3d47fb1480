"""The settlement seen in Chromium: at the result the chips move (a winner's payout slides out from
the house to beside its stake, a losing stake is swept away), and with reduced motion they are
drawn where they end without moving.

The round is staged with a teacher's link: Player 2♠ 2♥ draws the 7♣ and ends on 1, Banker A♣ 2♦
draws the 5♥ and wins 8 to 1, so of two stakes, on Player and on Banker, one loses and one is paid.
"""

from __future__ import annotations

import pytest

from .conftest import OFF_MACHINE, PAGE_READY_MS

pytestmark = pytest.mark.browser

LINK = "variant=punto-banco&shoe=2S+AC+2H+2D+7C+5H"
TABLE = ".bl-page-punto-banco .bl-table .bls"
# The settled chips' boxes in two frames 150 ms apart, read as soon as they are drawn.
TWO_FRAMES = """async () => {
  const boxes = () => [...document.querySelectorAll('.bls-settle-chip')].map((el) => {
    const r = el.getBoundingClientRect(); return [r.left, r.top].map(Math.round); });
  const first = boxes();
  await new Promise((done) => setTimeout(done, 150));
  return [first, boxes()];
}"""


def _settled_frames(browser, app_url, **context_options):
    context = browser.new_context(viewport={"width": 1280, "height": 1000}, **context_options)
    blocked: list[str] = []
    context.route(OFF_MACHINE, lambda route: (blocked.append(route.request.url), route.abort()))
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        page.goto(f"{app_url}?{LINK}")
        surface = page.locator(TABLE)
        surface.wait_for(state="visible", timeout=PAGE_READY_MS)
        page.locator(".bl-app-message", has_text="staged a coup").wait_for(timeout=PAGE_READY_MS)
        for spot in ("player", "banker"):
            before = surface.locator(".bl-status").get_attribute("data-turn")
            surface.locator(f"button.bl-spot-{spot}").click()
            page.wait_for_function("([root, before]) => document.querySelector(root + ' .bl-status').dataset.turn"
                                   " !== before", arg=[TABLE, before])
        surface.locator("button.bl-deal:not([disabled])").click()
        page.wait_for_function("() => document.querySelectorAll('.bls-settle-chip').length >= 2", polling="raf",
                               timeout=30_000)
        frames = page.evaluate(TWO_FRAMES)
        said = surface.locator(".bls-log").inner_text()
        assert blocked == []
        return frames, said, surface
    finally:
        page.goto("about:blank")
        context.close()


def test_the_settlement_moves_the_chips(browser, app_url):
    (first, second), said, _ = _settled_frames(browser, app_url)
    assert "Player bet of 5 loses" in said and "Banker bet of 5 wins" in said
    assert len(first) == len(second) >= 2
    assert first != second, "the settled chips did not move between two frames"


def test_reduced_motion_draws_the_settlement_without_moving(browser, app_url):
    (first, second), said, _ = _settled_frames(browser, app_url, reduced_motion="reduce")
    assert "Banker bet of 5 wins" in said
    assert len(first) == len(second) >= 2
    assert first == second, "with reduced motion the settled chips moved"
