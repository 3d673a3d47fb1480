"""The browser edition in headless Chromium: the app runs in the page's own Python (Pyodide) and
nothing is fetched from anywhere but the site.

One site is built per run (``site_dir``) and one page opened on it for the module (a cold start of
Pyodide costs seconds), so the tests here share that page and each leaves it at a usable table.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil

import pytest
from playwright.sync_api import expect
from jupyterlite_pyodide_kernel.constants import PYODIDE_CDN_URL

from baccarat_lessons.engine.coup import deal_coup
from baccarat_lessons.engine.events import Outcome
from baccarat_lessons.engine.shoe import Shoe
from baccarat_lessons.site.build import KERNEL_SETTINGS

from .conftest import SITE_READY_MS, serve_static, watched_context
from .test_app_browser import check_round_settled, play_round, table_of
from .test_roles_browser import ROLES, _play_coup
from .test_staged_links_browser import LINKS

pytestmark = pytest.mark.browser


def app_frame(page):
    return page.frame_locator("#app")


def the_frame(page):
    """The app's frame as a Playwright Frame (for waits that run script in it)."""
    return page.locator("#app").element_handle().content_frame()


def open_site(context, url):
    """A page on the site, with its console errors noted, once the Punto Banco table is usable."""
    page = context.new_page()
    page.console_errors = []
    page.on("console", lambda message: page.console_errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: page.console_errors.append(str(error)))
    page.set_default_timeout(30_000)
    page.goto(url)
    table_of(app_frame(page)).locator(".bl-deal").first.wait_for(state="visible", timeout=SITE_READY_MS)
    return page


@pytest.fixture(scope="module")
def link_page(browser, site_url):
    """One page the staged-link tests navigate from link to link (each opens a new kernel)."""
    context = watched_context(browser)
    page = context.new_page()
    page.set_default_timeout(30_000)
    yield page
    assert context.blocked == [], "a staged coup asked a server other than 127.0.0.1"
    context.close()


def open_link(page, site_url, key, query):
    page.goto(f"{site_url}?{query}" if query else site_url)
    frame = app_frame(page)
    if query is None:  # the loading screen gives way to a table; then choose the variant
        # The game shown is the one this browser played last (the tests before played others in this
        # page's storage), so any table drawn will do before the choice.
        frame.locator(".bl-table .bls >> visible=true").first.wait_for(timeout=SITE_READY_MS)
        frame.locator(".bl-variant-selector button", has_text="Chemin de Fer").click()
    surface = frame.locator(f".bl-page-{key} .bl-table .bls")
    surface.wait_for(state="visible", timeout=SITE_READY_MS)
    if query:
        frame.locator(".bl-app-message", has_text="staged a coup").wait_for(timeout=SITE_READY_MS)
        # The page sends its address once it has drawn its first table; the staged coup follows.
        said = next((said for link, said in LINKS.values() if link == query), None)
        if said:
            frame.locator(f".bl-page-{key} .bl-table .bl-message", has_text=said).first.wait_for(timeout=SITE_READY_MS)
    return frame, surface


@pytest.fixture(scope="module")
def site_page(browser, site_url):
    context = watched_context(browser)
    page = open_site(context, site_url)
    yield page
    context.close()


def pyodide_folder(site_dir):
    settings = json.loads((site_dir / "jupyter-lite.json").read_text())["jupyter-config-data"]
    url = settings["litePluginSettings"][KERNEL_SETTINGS]["pyodideUrl"]
    return settings, (site_dir / url).parent


def test_the_site_carries_its_python_and_locks_every_wheel_by_sha256(site_dir):
    settings, folder = pyodide_folder(site_dir)
    kernel = settings["litePluginSettings"][KERNEL_SETTINGS]
    assert kernel["disablePyPIFallback"] is True
    assert kernel["pyodideUrl"].startswith("./static/")
    lock = json.loads((folder / "pyodide-lock.json").read_text())["packages"]
    shipped = {wheel.name: hashlib.sha256(wheel.read_bytes()).hexdigest() for wheel in folder.glob("*.whl")}
    assert {entry["file_name"]: entry["sha256"] for entry in lock.values()} == shipped
    for entry in lock.values():  # every dependency is itself in the lock, so nothing is looked up
        assert set(entry["depends"]) <= set(lock), entry["name"]
    assert set(kernel["loadPyodideOptions"]["packages"]) <= set(lock)
    assert "baccarat-lessons" in kernel["loadPyodideOptions"]["packages"]
    assert not any(name.startswith(("numpy-", "matplotlib-")) for name in shipped)  # no Pyodide wheels on PyPI


def test_every_request_of_the_page_and_its_kernel_stays_on_this_machine(site_page, site_url):
    requested = site_page.context.requested
    assert site_page.context.blocked == []
    assert [url for url in requested if not url.startswith(site_url)] == []
    # The kernel's worker fetched Pyodide and the wheels: the watch saw the worker's requests too.
    assert any(url.endswith("pyodide.asm.wasm") for url in requested)
    assert any("baccarat_lessons-" in url and url.endswith(".whl") for url in requested)


def test_a_control_pointing_pyodide_elsewhere_is_caught(browser, site_dir, tmp_path):
    # The same site, its kernel's Pyodide pointed back at the CDN it would use by default.
    control = tmp_path / "control"
    shutil.copytree(site_dir, control, copy_function=os.link)
    config_path = control / "jupyter-lite.json"
    config = json.loads(config_path.read_text())
    config["jupyter-config-data"]["litePluginSettings"][KERNEL_SETTINGS]["pyodideUrl"] = f"{PYODIDE_CDN_URL}/pyodide.mjs"
    config_path.unlink()  # a hard link to the real site's file: write a new one
    config_path.write_text(json.dumps(config))
    server, url = serve_static(control, tmp_path / "server.log")
    with server:
        context = watched_context(browser)
        page = context.new_page()
        page.goto(url)
        page.wait_for_function("() => true")  # the page is up; now wait for the worker's request
        for _ in range(240):
            if context.blocked:
                break
            page.wait_for_timeout(250)
        context.close()
    assert context.blocked and context.blocked[0] == f"{PYODIDE_CDN_URL}/pyodide.mjs"


def test_a_punto_banco_round_by_clicks_settles_the_balance(site_page):
    table = table_of(app_frame(site_page))
    before = play_round(table, "10", "player")
    check_round_settled(table, before)


def test_the_page_shows_the_app_without_code_or_notebook_chrome(site_page, screenshot):
    frame = app_frame(site_page)
    assert frame.locator(".bl-app .bl-variant-selector button").count() == 5
    assert not frame.locator(".jp-CodeConsole-promptCell").is_visible()
    assert frame.locator(".jp-InputArea-editor:visible").count() == 0
    assert not site_page.locator("#loading").is_visible()
    screenshot(site_page, "site-01-app")


# The kept record passes through the page's JSON: its seeds are below 2**53 (engine/randomness.py),
# so the Pyodide kernel hands them to the page as plain numbers, not BigInt that JSON cannot store.
def test_a_reload_resumes_the_session(site_page):
    table = table_of(app_frame(site_page))
    before = play_round(table, "10", "banker")
    check_round_settled(table, before)
    status = table.locator(".bl-balance").inner_text()
    balance, hands = re.search(r"Balance: [\d.,]+", status).group(0), re.search(r"Hands: \d+", status).group(0)
    site_page.reload()
    table = table_of(app_frame(site_page))
    table.locator(".bl-deal").first.wait_for(state="visible", timeout=SITE_READY_MS)
    # The page sends its kept session once it has drawn its table; the kernel replays it.
    table.locator(".bl-message", has_text="Resumed: ").first.wait_for(timeout=SITE_READY_MS)
    expect(table.locator(".bl-balance")).to_contain_text(balance)
    expect(table.locator(".bl-balance")).to_contain_text(hands)


def test_spots_are_ovals_and_chips_rings_as_on_the_server(site_page):
    # JupyterLab's theme rounds every button of its page by 2 px (issue 30, point 3: square spots here).
    radii = the_frame(site_page).evaluate("""() => ["bls-spot", "bls-chip"].map((name) =>
      getComputedStyle(document.querySelector(`.bl-page-punto-banco .${name}`)).borderTopLeftRadius)""")
    assert radii == ["40% 50%", "50%"]


def test_the_foot_wraps_on_a_phone_and_links_the_install_instructions(site_page, site_dir):
    foot = site_page.locator("#lessons")
    assert foot.locator("a").get_attribute("href") == "README.txt" and (site_dir / "README.txt").is_file()
    site_page.set_viewport_size({"width": 390, "height": 844})
    try:  # issue 30, point 4: it was one line cut at "…server edition: baccarat-l…"
        width, shown, frame_bottom = foot.evaluate("(f) => [f.scrollWidth, f.clientWidth, document.getElementById('app').getBoundingClientRect().bottom]")
        assert width <= shown and frame_bottom <= foot.bounding_box()["y"] + 0.5
    finally:
        site_page.set_viewport_size({"width": 1280, "height": 1000})


def test_no_console_errors(site_page):
    assert site_page.console_errors == []


@pytest.mark.parametrize("key", ["chemin-de-fer", "banque-ouverte"])
def test_a_staged_link_opens_its_coup(link_page, site_url, key):
    query, said = LINKS[key]
    frame, _ = open_link(link_page, site_url, key, query)
    table = frame.locator(f".bl-page-{key} .bl-table")
    assert said in table.locator(".bl-message", has_text=said).first.inner_text()
    if key == "chemin-de-fer":  # the banker sees the punter's cards as backs until they are shown
        assert table.locator('.bls-felt [aria-label="9 of hearts, turned sideways"]').count() == 1
        assert table.locator('.bls-felt [aria-label="2 of spades"]').count() == 0


@pytest.mark.parametrize("key,role,query", [entry for entry in ROLES if entry[0] != "punto-banco"],
                         ids=[f"{k}-{r}" for k, r, _ in ROLES if k != "punto-banco"])
def test_a_coup_in_each_role_by_clicks(link_page, site_url, key, role, query):
    _, surface = open_link(link_page, site_url, key, query)
    statuses = _play_coup(the_frame(link_page), surface, key, role)
    if role in ("banker", "punter", "captain"):
        assert any(role in status.lower() for status in statuses), statuses
    assert surface.locator(".bls-card").count() >= 4
    assert surface.locator(".bls-badge").count() >= 1


def test_a_staged_mini_baccarat_round_ends_as_the_engine_deals_it(link_page, site_url):
    query, _ = LINKS["mini-baccarat"]
    frame, _ = open_link(link_page, site_url, "mini-baccarat", query)
    table = table_of(frame, "mini-baccarat")
    before = play_round(table, "10", "banker")
    check_round_settled(table, before)
    coup = deal_coup(Shoe.stacked("KS 9H 8D 10C"))  # the engine's own deal of the link's cards
    assert coup.outcome is Outcome.BANKER
    assert f"Banker wins, {coup.banker_total} to {coup.player_total}" in table.locator(".bl-reveal").inner_text()
