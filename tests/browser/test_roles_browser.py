"""Every variant, every role, every screen size: one full coup played in Chromium.

Each coup is staged with a teacher's link (the same cards every time, the user in the
role), then played as a student would: the user's decision buttons when it is the
user's turn, Next coup while the bots decide, until the page marks the coup complete.
At each size nothing runs off the right edge, the pending decision and the table's
main buttons are on screen once the table is scrolled to, and a screenshot is kept
(tests/screenshots/roles-<variant>-<role>-<width>.png).
"""

from __future__ import annotations

import pytest

from .conftest import OFF_MACHINE, PAGE_READY_MS

pytestmark = pytest.mark.browser

SIZES = [(390, 844), (768, 1024), (1366, 768)]
CDF_SHOE = "2S+KH+3D+3S+9H"
BANQUE_SHOE = "4S+4H+2C+2D+3H+KS+5C+5D"
ROLES = [
    ("punto-banco", "bettor", "variant=punto-banco&shoe=2S+AC+2H+2D+7C+5H"),
    ("mini-baccarat", "bettor", "variant=mini-baccarat&shoe=KS+9H+8D+10C"),
    ("chemin-de-fer", "banker", f"variant=chemin-de-fer&shoe={CDF_SHOE}&role=banker"),
    ("chemin-de-fer", "punter", f"variant=chemin-de-fer&shoe={CDF_SHOE}&role=punter"),
    ("chemin-de-fer", "bettor", f"variant=chemin-de-fer&shoe={CDF_SHOE}&role=bettor"),
    ("banque-ouverte", "banker", f"variant=banque-ouverte&shoe={BANQUE_SHOE}&role=banker"),
    ("banque-ouverte", "captain", f"variant=banque-ouverte&shoe={BANQUE_SHOE}&role=captain"),
    ("banque-ouverte", "bettor", f"variant=banque-ouverte&shoe={BANQUE_SHOE}&role=bettor"),
    ("banque-limitee", "captain", f"variant=banque-limitee&shoe={BANQUE_SHOE}&role=captain"),
    ("banque-limitee", "bettor", f"variant=banque-limitee&shoe={BANQUE_SHOE}&role=bettor"),
]
MAX_CLICKS = 30
COUP_MS = 30_000


def _on_screen(page, locator) -> bool:
    box = locator.bounding_box()
    size = page.viewport_size
    return box is not None and box["x"] >= 0 and box["y"] >= 0 and \
        box["x"] + box["width"] <= size["width"] + 1 and box["y"] + box["height"] <= size["height"] + 1


def _overflow(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")


def _play_coup(page, surface, key: str, role: str) -> list[str]:
    """Play until the page marks a coup complete; return the roles the status line named."""
    roles_seen = []
    if key in ("punto-banco", "mini-baccarat"):
        surface.locator("button.bl-spot-banker").click()
        surface.locator("button.bl-deal").click()
    for _ in range(MAX_CLICKS):
        if surface.locator(".bl-round-done").count():
            break
        surface.locator(".bls:not(.bls-revealing)").wait_for(timeout=COUP_MS)
        if surface.locator(".bl-round-done").count():
            break
        status = surface.locator(".bl-status").inner_text()
        roles_seen.append(status)
        decision = surface.locator(".bls-actions-row button:not([disabled])")
        if decision.count():
            decision.first.click()
        else:
            surface.locator("button.bl-next-coup").click()
        page.wait_for_timeout(150)
    surface.locator(".bl-round-done").wait_for(state="attached", timeout=COUP_MS)
    return roles_seen


@pytest.mark.parametrize("width,height", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("key,role,query", ROLES, ids=[f"{k}-{r}" for k, r, _ in ROLES])
def test_a_full_coup_in_each_role_at_each_size(browser, app_url, screenshot, key, role, query, width, height):
    context = browser.new_context(viewport={"width": width, "height": height})
    blocked: list[str] = []
    context.route(OFF_MACHINE, lambda route: (blocked.append(route.request.url), route.abort()))
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        page.goto(f"{app_url}?{query}")
        surface = page.locator(f".bl-page-{key} .bls")
        surface.wait_for(state="visible", timeout=PAGE_READY_MS)
        page.locator(".bl-app-message", has_text="staged a coup").wait_for(timeout=PAGE_READY_MS)
        surface.scroll_into_view_if_needed()
        surface.locator(".bl-status").scroll_into_view_if_needed()
        # At the start of the coup: the main controls fit the screen and nothing runs off the edge.
        first = surface.locator(".bls-actions-row button:not([disabled]), button.bl-deal, button.bl-next-coup").first
        first.scroll_into_view_if_needed()
        assert _overflow(page) <= 0, f"{key} as {role} is wider than a {width} px screen"
        if width >= 1366:
            surface.locator(".bls-felt").scroll_into_view_if_needed()
            wanted = ["button.bl-spot-banker", "button.bl-deal"] if key in ("punto-banco", "mini-baccarat") \
                else [".bls-decision"]
            page.evaluate("(el) => el.scrollIntoView({block: 'start'})", surface.element_handle())
            for selector in wanted:
                assert _on_screen(page, surface.locator(selector).first), f"{selector} is off screen at {width}x{height}"
        statuses = _play_coup(page, surface, key, role)
        if role in ("banker", "punter", "captain"):
            assert any(role in status.lower() for status in statuses), \
                f"the status line never named the {role}: {statuses}"
        assert _overflow(page) <= 0, f"{key} as {role} is wider than a {width} px screen after the coup"
        assert surface.locator(".bls-card").count() >= 4, "a finished coup shows its cards"
        screenshot(surface, f"roles-{key}-{role}-{width}")
        assert blocked == [], f"the page asked a server other than 127.0.0.1: {blocked}"
    finally:
        page.goto("about:blank")
        context.close()
