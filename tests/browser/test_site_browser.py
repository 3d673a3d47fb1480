"""The browser edition in headless Chromium: Pyodide in a Web Worker runs the tables, the page draws
them with the server's own surface module, and nothing is fetched from anywhere but the site.

One site is built per run (``site_dir``); the tests share one page where they can (a cold start of
Python costs seconds), each leaving it at a usable table.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import zipfile

import pytest
from playwright.sync_api import expect

from baccarat_lessons.engine.coup import deal_coup
from baccarat_lessons.engine.events import Outcome
from baccarat_lessons.engine.shoe import Shoe
from baccarat_lessons.site.python_files import PYODIDE_CORE

from .conftest import SITE_READY_MS, serve_static, watched_context
from .test_app_browser import check_round_settled, play_round, table_of
from .test_roles_browser import ROLES, _play_coup
from .test_staged_links_browser import LINKS

pytestmark = pytest.mark.browser
CDN = "https://cdn.jsdelivr.net/pyodide/v0.29.0/full/"  # where a Pyodide page would fetch from by default


def watch_console(page) -> None:
    page.console_errors = []
    page.on("console", lambda message: page.console_errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: page.console_errors.append(str(error)))


def python_ready(page) -> None:
    page.locator("body[data-python=ready]").wait_for(state="attached", timeout=SITE_READY_MS)


def open_site(context, url):
    """A page on the site, with its console errors noted, once Python is ready behind its table."""
    page = context.new_page()
    watch_console(page)
    page.set_default_timeout(30_000)
    page.goto(url)
    table_of(page).locator(".bl-deal").first.wait_for(state="visible")
    python_ready(page)
    return page


def wait_for_resume(table) -> None:
    """A reloaded page resumes the session its first load kept, a new redraw: a click on the view before
    it would be an older view's, ignored by design (surface/state.py), so a test waits for it."""
    table.locator(".bl-message", has_text="Resumed: ").first.wait_for(timeout=SITE_READY_MS)


def site_config(site_dir) -> dict:
    page = (site_dir / "index.html").read_text()
    return json.loads(re.search(r'<script id="site-config" type="application/json">(.*?)</script>', page).group(1))


@pytest.fixture(scope="module")
def site_page(browser, site_url):
    context = watched_context(browser)
    page = open_site(context, site_url)
    yield page
    context.close()


@pytest.fixture(scope="module")
def link_page(browser, site_url):
    """One page the staged-link tests navigate from link to link (each starts Python anew)."""
    context = watched_context(browser)
    page = context.new_page()
    watch_console(page)
    page.set_default_timeout(30_000)
    yield page
    assert context.blocked == [], "a staged coup asked a server other than 127.0.0.1"
    assert page.console_errors == []
    context.close()


def open_link(page, site_url, key, query):
    page.goto(f"{site_url}?{query}" if query else site_url)
    python_ready(page)
    if query is None:
        page.locator(".bl-variant-selector button", has_text="Chemin de Fer").click()
    surface = page.locator(f".bl-page-{key} .bl-table .bls")
    surface.wait_for(state="visible")
    if query:
        page.locator("#app-message", has_text="staged a coup").wait_for()
        said = next((said for link, said in LINKS.values() if link == query), None)
        if said:
            page.locator(f".bl-page-{key} .bl-table .bl-message", has_text=said).first.wait_for()
    return surface


def test_the_site_carries_pyodide_and_the_project_wheel_and_no_jupyter(site_dir):
    config = site_config(site_dir)
    folder = site_dir / config["pyodide"]
    assert sorted(path.name for path in folder.iterdir()) == sorted([*PYODIDE_CORE, "pyodide-lock.json", config["wheel"]])
    assert json.loads((folder / "pyodide-lock.json").read_text())["packages"] == {}  # nothing installed by name
    with zipfile.ZipFile(folder / config["wheel"]) as wheel:
        assert all(name.startswith("baccarat_lessons") for name in wheel.namelist())
    shipped = {path.name for path in site_dir.rglob("*")}
    assert not {"jupyter-lite.json", "repl", "extensions"} & shipped
    assert not any(name.startswith(("ipywidgets", "ipython", "ipykernel", "anywidget")) for name in shipped)


def test_every_request_of_the_page_and_its_worker_stays_on_this_machine(site_page, site_url):
    requested = site_page.context.requested
    assert site_page.context.blocked == []
    assert [url for url in requested if not url.startswith(site_url)] == []
    # The worker fetched Python and the wheel: the watch saw the worker's requests too.
    assert any(url.endswith("pyodide.asm.wasm") for url in requested)
    assert any("baccarat_lessons-" in url and url.endswith(".whl") for url in requested)


def test_a_control_pointing_pyodide_elsewhere_is_caught(browser, site_dir, tmp_path):
    # The same site, its worker's Python pointed at the CDN a Pyodide page uses by default.
    control = tmp_path / "control"
    shutil.copytree(site_dir, control, copy_function=os.link)
    page_path = control / "index.html"
    text = page_path.read_text().replace(f'"pyodide":"{site_config(site_dir)["pyodide"]}"', f'"pyodide":"{CDN}"')
    page_path.unlink()  # a hard link to the real site's file: write a new one
    page_path.write_text(text)
    server, url = serve_static(control, tmp_path / "server.log")
    with server:
        context = watched_context(browser)
        page = context.new_page()
        page.goto(url)
        for _ in range(240):
            if context.blocked:
                break
            page.wait_for_timeout(250)
        context.close()
    assert context.blocked and context.blocked[0].startswith(CDN)


def test_a_punto_banco_round_by_clicks_settles_the_balance(site_page):
    table = table_of(site_page)
    before = play_round(table, "10", "player")
    check_round_settled(table, before)
    # The records beside the table follow the round: its line in the hand history.
    expect(table.locator(".bl-records .bl-history-box")).to_contain_text("Round ")


def test_the_page_shows_the_app_without_any_notebook(site_page, screenshot):
    assert site_page.locator(".bl-app .bl-variant-selector button").count() == 5
    assert site_page.locator(".jp-CodeConsole, iframe").count() == 0
    rules = site_page.locator(".bl-page-punto-banco .bl-section-title", has_text="Complete rules")
    assert rules.count() == 1  # the rules come with it, written at build time
    screenshot(site_page, "site-01-app")


# The kept record passes through JSON: its seeds are below 2**53 (engine/randomness.py).
def test_a_reload_resumes_the_session(site_page):
    table = table_of(site_page)
    before = play_round(table, "10", "banker")
    check_round_settled(table, before)
    status = table.locator(".bl-balance").inner_text()
    balance, hands = re.search(r"Balance: [\d.,]+", status).group(0), re.search(r"Hands: \d+", status).group(0)
    site_page.reload()
    table = table_of(site_page)
    table.locator(".bl-deal").first.wait_for(state="visible")
    # The page sends its kept session once it has drawn its table; the worker replays it.
    table.locator(".bl-message", has_text="Resumed: ").first.wait_for(timeout=SITE_READY_MS)
    expect(table.locator(".bl-balance")).to_contain_text(balance)
    expect(table.locator(".bl-balance")).to_contain_text(hands)


def test_the_foot_wraps_on_a_phone_and_links_the_install_instructions(site_page, site_dir):
    foot = site_page.locator("#lessons")
    assert foot.locator('a[href="README.txt"]').count() == 1 and (site_dir / "README.txt").is_file()
    assert foot.locator('li a[href$=".html"]').count() == 16  # the lessons' pages
    site_page.set_viewport_size({"width": 390, "height": 844})
    try:
        width, shown, page_width = foot.evaluate(
            "(f) => [f.scrollWidth, f.clientWidth, document.documentElement.scrollWidth]")
        assert width <= shown and page_width <= 390
    finally:
        site_page.set_viewport_size({"width": 1280, "height": 1000})


def test_the_first_table_is_drawn_before_python_and_a_click_then_is_played_once_it_is(browser, site_url, screenshot):
    context = watched_context(browser)
    held = []  # the worker's script, held back: Python cannot start until the test lets it through
    context.route(re.compile(r".*/worker-[0-9a-f]{12}\.js$"), lambda route: held.append(route))
    page = context.new_page()
    watch_console(page)
    page.set_default_timeout(30_000)
    page.goto(site_url)
    table = table_of(page)
    table.locator("button.bl-spot-banker").wait_for(state="visible")
    assert page.locator("body").get_attribute("data-python") == "starting"
    expect(table.locator(".bl-message")).to_contain_text("Python is starting")
    screenshot(page, "site-02-before-python")
    table.locator(".bl-chip", has_text=re.compile(r"^\s*10\s*$")).first.click()
    table.locator("button.bl-spot-banker").click()
    expect(table.locator(".bl-message")).to_contain_text("Your move is kept")
    assert "On the table: 0" in table.locator(".bl-status").inner_text()
    assert held, "the page asked for no worker"
    held[0].continue_()
    python_ready(page)
    expect(table.locator(".bl-status")).to_contain_text("On the table: 10")  # the kept click, played once
    screenshot(page, "site-03-after-python")
    assert page.console_errors == [] and context.blocked == []
    context.close()


def test_a_second_visit_with_the_server_stopped_still_plays(browser, site_dir, tmp_path):
    server, url = serve_static(site_dir, tmp_path / "server.log")
    context = watched_context(browser)
    with server:
        page = open_site(context, url)
        # The service worker has stored the build once it is active and controls the page.
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=SITE_READY_MS)
        page.evaluate("() => navigator.serviceWorker.ready")
    context.set_offline(True)  # and the server is stopped: nothing can come from the network
    responses = []
    page.on("response", lambda response: responses.append(response))
    page.reload()
    python_ready(page)
    table = table_of(page)
    wait_for_resume(table)
    before = play_round(table, "10", "tie")
    check_round_settled(table, before)
    assert responses and all(response.from_service_worker for response in responses), \
        [response.url for response in responses if not response.from_service_worker]
    assert page.console_errors == []
    context.close()


@pytest.mark.parametrize("key", ["chemin-de-fer", "banque-ouverte"])
def test_a_staged_link_opens_its_coup(link_page, site_url, key):
    query, said = LINKS[key]
    open_link(link_page, site_url, key, query)
    table = link_page.locator(f".bl-page-{key} .bl-table")
    assert said in table.locator(".bl-message", has_text=said).first.inner_text()
    if key == "chemin-de-fer":  # the banker sees the punter's cards as backs until they are shown
        assert table.locator('.bls-felt [aria-label="9 of hearts, turned sideways"]').count() == 1
        assert table.locator('.bls-felt [aria-label="2 of spades"]').count() == 0


@pytest.mark.parametrize("key,role,query", [entry for entry in ROLES if entry[0] != "punto-banco"],
                         ids=[f"{k}-{r}" for k, r, _ in ROLES if k != "punto-banco"])
def test_a_coup_in_each_role_by_clicks(link_page, site_url, key, role, query):
    surface = open_link(link_page, site_url, key, query)
    statuses = _play_coup(link_page, surface, key, role)
    if role in ("banker", "punter", "captain"):
        assert any(role in status.lower() for status in statuses), statuses
    assert surface.locator(".bls-card").count() >= 4
    assert surface.locator(".bls-badge").count() >= 1


def test_a_staged_mini_baccarat_round_ends_as_the_engine_deals_it(link_page, site_url):
    query, _ = LINKS["mini-baccarat"]
    open_link(link_page, site_url, "mini-baccarat", query)
    table = table_of(link_page, "mini-baccarat")
    before = play_round(table, "10", "banker")
    check_round_settled(table, before)
    coup = deal_coup(Shoe.stacked("KS 9H 8D 10C"))  # the engine's own deal of the link's cards
    assert coup.outcome is Outcome.BANKER
    assert f"Banker wins, {coup.banker_total} to {coup.player_total}" in table.locator(".bl-reveal").inner_text()


def test_the_illustrated_guide_steps_by_buttons_and_keys(site_page):
    site_page.locator(".bl-variant-selector button", has_text="Chemin de Fer").click()
    guide = site_page.locator(".bl-page-chemin-de-fer .bl-guide")
    guide.wait_for()
    count = guide.locator(".bl-guide-count")
    expect(count).to_have_text(re.compile(r"^Step 1 of \d+$"))
    total = int(count.inner_text().split()[-1])
    guide.locator(".bl-guide-next").click()
    site_page.keyboard.press("ArrowRight")  # the page's keys step the guide, as on the server
    expect(count).to_have_text(f"Step 3 of {total}")
    guide.locator(".bl-guide-end").click()
    expect(guide.locator(".bl-guide-sentence")).to_contain_text("The round is over.")
    assert guide.locator(".bl-guide-next").is_disabled() and guide.locator(".bls-card").count() >= 4
    assert guide.locator(".bl-guide-so-far li").count() == total
    site_page.locator(".bl-variant-selector button", has_text="Punto Banco").click()


# The page a browser window gives at each screen size (a 1366×768 laptop's window is about 1366×657).
SIZES = [(390, 664), (768, 928), (1366, 657)]


@pytest.mark.parametrize("width,height", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_screen_size_shows_the_table_without_sideways_scrolling(site_page, width, height, screenshot):
    site_page.set_viewport_size({"width": width, "height": height})
    try:
        for key in ("punto-banco", "chemin-de-fer"):
            site_page.locator(f".bl-variant-selector button[data-variant={key}]").click()
            table = table_of(site_page, key)
            table.locator(".bls-felt").wait_for(state="visible")
            site_page.evaluate("() => window.scrollTo(0, 0)")
            overflow = site_page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 0, f"{key} at {width}x{height}: the page scrolls sideways by {overflow} px"
            felt = table.locator(".bls-felt").bounding_box()
            assert felt["x"] >= 0 and felt["x"] + felt["width"] <= width + 1
            if width >= 768:  # a tablet or a laptop shows the felt's top on the first screen
                assert felt["y"] < height, f"{key} at {width}x{height}: the felt starts below the first screen"
            screenshot(site_page, f"site-04-{key}-{width}x{height}")
    finally:
        site_page.set_viewport_size({"width": 1280, "height": 1000})
        site_page.locator(".bl-variant-selector button[data-variant=punto-banco]").click()


def test_projector_mode_makes_the_cards_larger(site_page):
    card_width = "() => getComputedStyle(document.querySelector('.bl-page-punto-banco .bls')).getPropertyValue('--bls-card-w')"
    toggle = site_page.locator(".bl-projector-toggle")
    normal = site_page.evaluate(card_width)
    toggle.click()
    try:
        assert toggle.get_attribute("aria-pressed") == "true"
        assert site_page.evaluate(card_width) == "clamp(48px, min(12vw, 13vh), 150px)" != normal  # app.css's
    finally:
        toggle.click()
    assert toggle.get_attribute("aria-pressed") == "false" and site_page.evaluate(card_width) == normal


def test_the_settings_change_the_table_and_a_new_session_asks_first(site_page):
    table = table_of(site_page)
    settings = table.locator(".bl-settings")
    tie = settings.locator(".bl-setting-tie_pays select")
    tie.select_option(label="9:1")
    expect(table.locator(".bl-message")).to_contain_text("Settings changed: they apply from the next round.")
    expect(table.locator(".bl-spot-tie").first).to_contain_text("9:1")
    before = play_round(table, "5", "banker")
    check_round_settled(table, before)
    settings.locator(".bl-setting-decks select").select_option(label="6")
    expect(settings.locator(".bl-settings-ask")).to_contain_text("This starts a new session.")
    settings.locator(".bl-settings-keep").click()
    expect(table.locator(".bl-message")).to_contain_text("Settings kept")
    expect(settings.locator(".bl-setting-decks select option:checked")).to_have_text("8")  # the decks in force
    settings.locator(".bl-setting-decks select").select_option(label="6")
    settings.locator(".bl-settings-confirm").click()
    expect(table.locator(".bl-message")).to_contain_text("a new session starts")
    expect(table.locator(".bl-status")).to_contain_text("Cards in shoe: 3")  # 6 decks: 312 cards, less the burn
    settings.locator(".bl-setting-decks select").select_option(label="8")
    settings.locator(".bl-setting-tie_pays select").select_option(label="8:1")
    # Reduced motion stills the table's animations, as on the server (the class its stylesheets read).
    box = settings.locator(".bl-setting-reduced_motion input")
    box.check()
    expect(table).to_have_class(re.compile(r"\bbl-reduced-motion\b"))
    settings.locator(".bl-setting-reduced_motion input").uncheck()
    expect(table).not_to_have_class(re.compile(r"\bbl-reduced-motion\b"))


def test_no_console_errors(site_page):  # last: every test above used the page
    assert site_page.console_errors == []


FIRST_ROUND = "() => document.querySelector('.bl-page-punto-banco .bl-history-round summary').textContent"


def _fresh_round(page) -> str:
    """A new visit's first round, from a fresh session (the kept one forgotten first): its history line."""
    table = table_of(page)
    before = play_round(table, "10", "banker")
    check_round_settled(table, before)
    table.locator(".bl-history-round").first.wait_for()
    return page.evaluate(FIRST_ROUND)


def test_a_later_visit_starts_python_from_the_snapshot_the_first_kept(browser, site_url):
    context = watched_context(browser)
    page = open_site(context, site_url)
    assert page.locator("body").get_attribute("data-start") == "start"
    page.locator("body[data-snapshot=kept]").wait_for(state="attached", timeout=SITE_READY_MS)
    rounds = []
    for _ in range(2):
        page.evaluate("() => localStorage.clear()")  # no kept session: each visit deals from fresh entropy
        page.reload()
        python_ready(page)
        assert page.locator("body").get_attribute("data-start") == "snapshot"
        rounds.append(_fresh_round(page))
    # The snapshot holds the start-up's random state: seeded again, two visits deal different shoes.
    assert rounds[0] != rounds[1], rounds
    assert page.console_errors == [] and context.blocked == []
    context.close()


def test_a_damaged_snapshot_is_forgotten_and_python_starts_plainly(browser, site_url):
    context = watched_context(browser)
    page = open_site(context, site_url)
    page.locator("body[data-snapshot=kept]").wait_for(state="attached", timeout=SITE_READY_MS)
    page.evaluate("""async () => {
      const store = await caches.open("bl-python-snapshots");
      const [key] = await store.keys();
      await store.put(key, new Response(new Uint8Array(1000)));
    }""")
    page.reload()
    python_ready(page)
    assert page.locator("body").get_attribute("data-start") == "start"
    table = table_of(page)
    wait_for_resume(table)
    before = play_round(table, "10", "player")
    check_round_settled(table, before)
    assert page.console_errors == [] and context.blocked == []
    context.close()
