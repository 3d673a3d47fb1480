"""Every variant, every role, every screen size: one full coup played in Chromium.

Each coup is staged with a teacher's link (the same cards every time, the user in the
role), then played as a student would: the user's decision buttons when it is the
user's turn, Next coup while the bots decide, until the page marks the coup complete.
One page per role, resized in place: at each size nothing runs off the right edge, the pending
decision and the table's main buttons are on screen once the table is scrolled to (at 1366x768
on the first screen, as the page opens), and a screenshot is kept
(tests/screenshots/roles-<variant>-<role>-<width>.png). The coup is played at the phone's size.
"""

from __future__ import annotations

import pytest

from .conftest import PAGE_READY_MS, sized_page

pytestmark = pytest.mark.browser

SIZES = [(390, 844), (768, 1024), (1366, 768)]
CDF_SHOE = "2S+KH+3D+3S+9H"
BANQUE_SHOE = "4S+4H+2C+2D+3H+KS+5C+5D"
ROLES = [
    ("punto-banco", "bettor", "variant=punto-banco&shoe=2S+AC+2H+2D+7C+5H"),
    ("mini-baccarat", "bettor", "variant=mini-baccarat&shoe=KS+9H+8D+10C"),
    ("chemin-de-fer", "banker", f"variant=chemin-de-fer&shoe={CDF_SHOE}&role=banker"),
    ("chemin-de-fer", "punter", f"variant=chemin-de-fer&shoe={CDF_SHOE}&role=punter"),
    # A link cannot make you the bettor at the default stakes: you decline the bank and banco, then bet.
    ("chemin-de-fer", "bettor", None),
    ("banque-ouverte", "banker", f"variant=banque-ouverte&shoe={BANQUE_SHOE}&role=banker"),
    ("banque-ouverte", "captain", f"variant=banque-ouverte&shoe={BANQUE_SHOE}&role=captain"),
    ("banque-ouverte", "bettor", f"variant=banque-ouverte&shoe={BANQUE_SHOE}&role=bettor"),
    ("banque-limitee", "captain", f"variant=banque-limitee&shoe={BANQUE_SHOE}&role=captain"),
    ("banque-limitee", "bettor", f"variant=banque-limitee&shoe={BANQUE_SHOE}&role=bettor"),
]
MAX_CLICKS = 30
PREFER = {"bettor": ("decline-bank", "decline-banco", "bet", "bet-right")}  # a bettor's first choices
COUP_MS = 30_000


def _on_screen(page, locator) -> bool:
    box = locator.bounding_box()
    size = page.viewport_size
    return box is not None and box["x"] >= 0 and box["y"] >= 0 and \
        box["x"] + box["width"] <= size["width"] + 1 and box["y"] + box["height"] <= size["height"] + 1


def _overflow(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")


def _play_coup(page, surface, key: str, role: str) -> list[str]:
    """Play until the page marks a coup complete; return the status lines seen on the way."""
    root = f".bl-page-{key} .bl-table .bls"
    if key in ("punto-banco", "mini-baccarat"):
        surface.locator("button.bl-spot-banker").click()
        surface.locator("button.bl-deal:not([disabled])").click()
        surface.locator(".bl-round-done").wait_for(state="attached", timeout=COUP_MS)
        return [surface.locator(".bl-status").inner_text()]
    statuses = []
    for _ in range(MAX_CLICKS):
        page.locator(f"{root}:not(.bls-revealing)").wait_for(timeout=COUP_MS)
        if surface.locator(".bl-round-done").count():
            break
        statuses.append(surface.locator(".bl-status").inner_text())
        before = surface.locator(".bl-status").get_attribute("data-turn")
        decision = surface.locator(".bls-actions-row button:not([disabled])")
        preferred = [surface.locator(f"button.bl-decision-{name}") for name in PREFER.get(role, ())]
        preferred = [button for button in preferred if button.count()]
        target = preferred[0] if preferred else decision.first if decision.count() \
            else surface.locator("button.bl-next-coup:not([disabled])")
        target.click()
        # The kernel answers with a redraw (a new data-turn), or the coup's reveal starts.
        page.wait_for_function(
            "([root, before]) => { const s = document.querySelector(root + ' .bl-status');"
            " return document.querySelector(root + '.bls-revealing') || (s && s.dataset.turn !== before); }",
            arg=[root, before], timeout=COUP_MS)
    surface.locator(".bl-round-done").wait_for(state="attached", timeout=COUP_MS)
    return statuses


def _resize(page, surface, width: int, height: int) -> None:
    """The window at ``width``×``height``, once the page's panels have been laid out again (Lumino does it on
    the animation frames after a resize): the table's box the same for three frames."""
    page.set_viewport_size({"width": width, "height": height})
    surface.evaluate("""async (root) => {
      const box = () => JSON.stringify(root.getBoundingClientRect());
      // An animation frame, or 100 ms if none comes (a page that paints no frame must not hold the test up:
      // Playwright's evaluate waits for this promise without a timeout; CI run 22 waited on it 14 minutes).
      const frame = () => new Promise((done) => { requestAnimationFrame(done); setTimeout(done, 100); });
      let last = box(), same = 0;
      for (let n = 0; n < 120 && same < 3; n++) { await frame(); const now = box(); same = now === last ? same + 1 : 0; last = now; }
    }""")


# Every frame while the coup is played (at the phone's size): the hands' boxes from the felt's corner,
# the cards past the felt's inner edge, and whether the coup is complete.
WATCH_THE_FELT = """(root) => {
  window.feltFrames = [];
  const watch = () => {
    const felt = root.querySelector('.bls-felt');
    if (felt) {
      const f = felt.getBoundingClientRect(), rail = parseFloat(getComputedStyle(felt).borderLeftWidth);
      const hands = [...felt.querySelectorAll('.bls-hand')].map((hand) => { const h = hand.getBoundingClientRect();
        return [h.left - f.left, h.top - f.top, h.width].map(Math.round); });
      const past = [...felt.querySelectorAll('.bls-card')].filter((card) => { const c = card.getBoundingClientRect();
        return c.left < f.left + rail - 1 || c.right > f.right - rail + 1; }).length;
      window.feltFrames.push({ hands, past, done: Boolean(root.querySelector('.bl-round-done')) });
    }
    if (window.feltFrames.length < 20000) requestAnimationFrame(watch);
  };
  watch();
}"""


def _check_the_felt_held_still(surface, key, role):
    """Issue 30, point 6: at the result a Banque felt on a phone keeps its rows and columns and no card runs
    past the felt."""
    frames = surface.evaluate("() => window.feltFrames")
    played = [frame for frame in frames if not frame["done"]]
    end = frames[-1]
    assert played and end["done"]
    if key.startswith("banque"):
        moved = max(abs(a - b) for one, other in zip(played[-1]["hands"], end["hands"]) for a, b in zip(one[::2], other[::2]))
        rows = lambda frame: len({round(top / 4) for _, top, _ in frame["hands"]})  # noqa: E731
        assert rows(played[-1]) == rows(end) and moved <= 2, (played[-1]["hands"], end["hands"])
        assert end["past"] == 0, "a card runs past the felt"


@pytest.mark.parametrize("key,role,query", ROLES, ids=[f"{k}-{r}" for k, r, _ in ROLES])
def test_a_full_coup_in_each_role_at_each_size(browser, app_url, screenshot, key, role, query):
    """One page per role, opened at the laptop's size (its first screen as the page opens is checked there),
    then resized in place to the tablet and the phone; the coup is played at the phone's size, the smallest."""
    width, height = SIZES[-1]
    context, page = sized_page(browser, width, height)
    blocked = page.blocked
    try:
        page.goto(f"{app_url}?{query}" if query else app_url)
        if query is None:
            page.locator(".bl-variant-selector button", has_text="Chemin de Fer").click()
        surface = page.locator(f".bl-page-{key} .bl-table .bls")
        surface.wait_for(state="visible", timeout=PAGE_READY_MS)
        if query:
            page.locator(".bl-app-message", has_text="staged a coup").wait_for(timeout=PAGE_READY_MS)
            # The page sends its address after drawing its first table, so the staged coup is still being
            # shown ("Dealing…", then a redraw that replaces the buttons): wait until it has been.
            page.wait_for_function("(selector) => { const said = document.querySelector(selector); "
                                   "return said !== null && !said.textContent.includes('Dealing'); }",
                                   arg=f".bl-page-{key} .bl-table .bl-message", timeout=PAGE_READY_MS)
        wanted = ["button.bl-spot-banker", "button.bl-deal"] if key in ("punto-banco", "mini-baccarat") \
            else [".bls-decision"]
        # A laptop: the bet spots and Deal, or the decision, on the first screen as opened.
        page.locator(f".bl-page-{key} .bl-guide").wait_for(state="attached", timeout=PAGE_READY_MS)
        for selector in wanted:
            assert _on_screen(page, surface.locator(selector).first), \
                f"{selector} is not on the first screen at {width}x{height}"
        for width, height in reversed(SIZES):  # the laptop, the tablet, then the phone the coup is played on
            _resize(page, surface, width, height)
            surface.scroll_into_view_if_needed()
            surface.locator(".bl-status").scroll_into_view_if_needed()
            # At the start of the coup: the main controls fit the screen and nothing runs off the edge.
            first = surface.locator(".bls-actions-row button:not([disabled]), button.bl-deal, button.bl-next-coup").first
            first.scroll_into_view_if_needed()
            assert _overflow(page) <= 0, f"{key} as {role} is wider than a {width} px screen"
            if width >= 1366:
                surface.locator(".bls-felt").scroll_into_view_if_needed()
                page.evaluate("(el) => el.scrollIntoView({block: 'start'})", surface.element_handle())
                for selector in wanted:
                    assert _on_screen(page, surface.locator(selector).first), \
                        f"{selector} is off screen at {width}x{height}"
        surface.evaluate(WATCH_THE_FELT)
        statuses = _play_coup(page, surface, key, role)
        page.wait_for_timeout(300)  # the settlement's first frames: the felt as it stays until the next click
        _check_the_felt_held_still(surface, key, role)
        if role in ("banker", "punter", "captain"):  # the user held that role during the coup
            assert any(role in status.lower() for status in statuses), \
                f"the status line never named the {role}: {statuses}"
        assert surface.locator(".bls-card").count() >= 4, "a finished coup shows its cards"
        # Every card has a text alternative; the winner is said in words, not by colour alone.
        labels = surface.locator(".bls-card").evaluate_all("cards => cards.map(c => c.getAttribute('aria-label'))")
        assert all(label and (" of " in label or label.startswith("face-down")) for label in labels), labels
        assert surface.locator(".bls-badge").count() >= 1 and \
            any(word in surface.locator(".bls-felt").inner_text() for word in (" win", "Tie")), "no result in words"
        # Each chip on the felt says its value.
        assert all(text.strip().isdigit() for text in surface.locator(".bls-felt .bls-disc").all_inner_texts())
        for width, height in SIZES:
            _resize(page, surface, width, height)
            assert _overflow(page) <= 0, f"{key} as {role} is wider than a {width} px screen after the coup"
            # Voilà paints only what is in view: make the window as tall as the table (same width) for its picture.
            tall = surface.evaluate("element => Math.ceil(element.getBoundingClientRect().height)")
            _resize(page, surface, width, min(max(tall + 200, height), 4000))
            surface.scroll_into_view_if_needed()
            screenshot(surface, f"roles-{key}-{role}-{width}")
        assert blocked == [], f"the page asked a server other than 127.0.0.1: {blocked}"
    finally:
        page.goto("about:blank")
        context.close()
