"""A class never waits on a lost click (issue 20, item 4), in Chromium.

- A chip, Banker and Deal clicked the instant the table is usable play the round; the table does not
  move under the pointer when the rest of the page arrives (the records' styles used to move Deal).
- A press held while the table redraws still clicks (the redraw waits for the release).
- A closed page's kernel is shut down within 10 s by the page's own unload request, with the app's
  ten-minute idle cull (so the cull cannot be what stopped it); a request without the page's cookie is
  still refused.
"""

from __future__ import annotations

import re
import time

import pytest

from .conftest import OFF_MACHINE, PAGE_READY_MS
from .server_checks import CHANNELS, fetch

pytestmark = pytest.mark.browser

TABLE = ".bl-app .bl-page-punto-banco .bl-table"
ROUND_MS = 30_000
SHUTDOWN_SECONDS = 10


def _fresh_page(browser, app_url, kernel_urls: list[str] | None = None):
    """A page in its own context (so no kept session), returned as soon as a chip shows. Requests that
    leave 127.0.0.1 are listed in ``context.off_machine`` (none expected): watched, not routed (Playwright loses the beacon a page
    sends as it unloads when its context routes requests)."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    context.off_machine = []
    context.on("request", lambda request: OFF_MACHINE.match(request.url) and context.off_machine.append(request.url))
    page = context.new_page()
    page.set_default_timeout(20_000)
    if kernel_urls is not None:
        page.on("websocket", lambda socket: CHANNELS.search(socket.url) and kernel_urls.append(socket.url))
    page.goto(app_url)
    page.locator(f"{TABLE} .bl-chip").first.wait_for(state="visible", timeout=PAGE_READY_MS)
    return page


def _close(page) -> None:
    """Leave the page (its unload request shuts its kernel down) and check it asked nothing off this machine."""
    page.goto("about:blank")
    page.context.close()
    assert not page.context.off_machine, f"requests left 127.0.0.1: {page.context.off_machine}"


def _centre(page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is not drawn"
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_a_chip_banker_and_deal_clicked_as_the_table_opens_play_the_round(browser, app_url):
    page = _fresh_page(browser, app_url)
    try:
        # Aimed where the table is as it opens, as a student's pointer would be, at once.
        page.mouse.click(*_centre(page, f"{TABLE} .bl-chip-5"))
        page.mouse.click(*_centre(page, f"{TABLE} .bl-spot-banker"))
        page.locator(f"{TABLE} .bl-deal:not([disabled])").wait_for(timeout=ROUND_MS)
        page.mouse.click(*_centre(page, f"{TABLE} .bl-deal"))
        page.locator(f"{TABLE} .bl-round-done").wait_for(state="attached", timeout=ROUND_MS)
        # The result's sentence is said once the page has told the kernel the round is shown: it may
        # arrive a moment after the last card (run 15 read the box before it came).
        result = page.locator(f"{TABLE} .bls-message", has_text=re.compile("on this round|came back"))
        result.wait_for(timeout=ROUND_MS)
    finally:
        _close(page)


# Notes, on the first frame a chip is drawn, where the chip, Banker and Deal are, and whether the
# records (the settings) have arrived yet.
FIRST_FRAME = """
(() => {
  const table = '.bl-app .bl-page-punto-banco .bl-table';
  const centre = (selector) => {
    const box = document.querySelector(`${table} ${selector}`).getBoundingClientRect();
    return [box.x + box.width / 2, box.y + box.height / 2];
  };
  const look = () => {
    if (!document.querySelector(`${table} .bl-chip-5`)) { requestAnimationFrame(look); return; }
    window.__blFirstFrame = { records: Boolean(document.querySelector(`${table} .bl-settings`)),
      centres: ['.bl-chip-5', '.bl-spot-banker', '.bl-deal'].map(centre) };
  };
  requestAnimationFrame(look);
})();
"""


def test_the_table_does_not_move_when_the_rest_of_the_page_arrives(browser, app_url):
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    context.off_machine = []
    context.on("request", lambda request: OFF_MACHINE.match(request.url) and context.off_machine.append(request.url))
    context.add_init_script(FIRST_FRAME)
    page = context.new_page()
    try:
        page.goto(app_url)
        page.locator(f"{TABLE} .bl-settings").wait_for(state="attached", timeout=PAGE_READY_MS)
        page.wait_for_timeout(300)  # the records' styles applied and laid out
        first = page.evaluate("window.__blFirstFrame")
        assert first and not first["records"], "the table was not drawn before the records"
        now = [list(_centre(page, f"{TABLE} {selector}")) for selector in (".bl-chip-5", ".bl-spot-banker", ".bl-deal")]
        assert now == first["centres"]
    finally:
        _close(page)


def test_a_press_held_while_the_table_redraws_still_clicks(app_page):
    table = app_page.locator(TABLE)
    table.locator(".bls-speed").select_option("slow")  # a second per event: the coup redraws under the press
    table.locator(".bl-chip-5").click()
    table.locator(".bl-spot-banker").click()
    table.locator(".bl-deal:not([disabled])").click()
    show_all = table.locator(".bl-skip:not([disabled])")
    show_all.wait_for(timeout=ROUND_MS)
    app_page.mouse.move(*_centre(app_page, f"{TABLE} .bl-skip"))
    app_page.mouse.down()
    shown_before = table.locator(".bls-step").count()
    app_page.wait_for_timeout(1500)  # at least one more event is due while the button is held
    app_page.mouse.up()
    table.locator(".bl-round-done").wait_for(state="attached", timeout=3_000)  # at once, not event by event
    assert table.locator(".bls-step").count() > shown_before


def test_a_closed_page_shuts_its_kernel_down_within_seconds(browser, app_url):
    kernel_urls: list[str] = []
    page = _fresh_page(browser, app_url, kernel_urls)
    port = int(re.search(r":(\d+)/", app_url).group(1))
    assert kernel_urls, "the page opened no kernel websocket"
    kernel_id = CHANNELS.search(kernel_urls[0]).group(1)
    try:
        assert fetch(port, f"/api/kernels/{kernel_id}")[0] == 200
        # Without the page's cookie and its value the shutdown is refused: XSRF protection stands.
        assert fetch(port, f"/voila/api/shutdown/{kernel_id}", "POST")[0] == 403
        assert fetch(port, f"/api/kernels/{kernel_id}")[0] == 200
        page.goto("about:blank")  # the unload request Voilà's page sends
        deadline = time.monotonic() + SHUTDOWN_SECONDS
        while fetch(port, f"/api/kernels/{kernel_id}")[0] != 404 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert fetch(port, f"/api/kernels/{kernel_id}")[0] == 404, \
            f"the closed page's kernel still runs {SHUTDOWN_SECONDS} s after the page was left"
    finally:
        page.context.close()
    assert not page.context.off_machine, f"requests left 127.0.0.1: {page.context.off_machine}"
