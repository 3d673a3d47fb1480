"""Fixtures for the browser tests: one app server and one Chromium for all the browser tests.

The server is ``baccarat-lessons app --no-browser`` on a free port of 127.0.0.1 with
``BACCARAT_LESSONS_DEBUG=1`` (tracebacks shown). Chromium is Debian's
``/usr/bin/chromium`` driven by Playwright; where it is missing the tests skip with
that reason, except under ``CI=true``, where a missing browser is a failure.
"""

from __future__ import annotations

import fcntl
import os
import re
import signal
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
OFF_MACHINE = re.compile(r"^https?://(?!127\.0\.0\.1[:/])")
APP_SEED = 2026  # the test server's pages all play the games of this seed (a failure names it)
SCREENSHOTS = Path(__file__).resolve().parent.parent / "screenshots"
SERVER_START_SECONDS = 60
# Loading the page includes a kernel start when the preheated one is taken.
PAGE_READY_MS = 60_000


def _is_browser_test(item) -> bool:
    return item is not None and Path(__file__).resolve().parent in Path(str(item.fspath)).resolve().parents


def pytest_collection_modifyitems(items):
    for item in items:
        if _is_browser_test(item):
            item.add_marker(pytest.mark.browser)


def _missing_browser(reason: str):
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason}; CI must run the browser tests, so this is a failure.", pytrace=False)
    pytest.skip(reason)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _wait_for_port(port: int, server: subprocess.Popen, log_path: Path) -> None:
    deadline = time.monotonic() + SERVER_START_SECONDS
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"the app server exited with {server.returncode}:\n{log_path.read_text()[-3000:]}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"the app server did not listen within {SERVER_START_SECONDS} s")


@contextmanager
def serving(command: list[str], port: int, log_path: Path, **popen):
    """Run a server (its output to ``log_path``) until it listens on ``port``; SIGTERM it (and so its
    kernels) when the block ends."""
    with open(log_path, "wb") as log:
        server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, **popen)
    try:
        _wait_for_port(port, server, log_path)
        yield server
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


@pytest.fixture(scope="session")
def chromium_path() -> Path:
    if not os.access(CHROMIUM, os.X_OK):
        _missing_browser(f"{CHROMIUM} is not installed (apt-get install chromium)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        _missing_browser("the playwright package is not installed (pip install -e '.[test]')")
    return CHROMIUM


@pytest.fixture(scope="session")
def app_url(chromium_path, tmp_path_factory) -> str:
    """Start the app server once; SIGTERM it (and so its kernels) at the end."""
    port = _free_port()
    log_path = tmp_path_factory.mktemp("app-server") / "server.log"
    # A closed page's kernel is shut down by the page's unload request; one that missed it (a test that
    # failed, a context closed first) is culled within a minute, so kernels do not pile up over the run.
    # Every page plays the same games in every run (BACCARAT_LESSONS_SEED): a failure can be replayed.
    environment = {**os.environ, "BACCARAT_LESSONS_DEBUG": "1", "BACCARAT_LESSONS_CULL_IDLE_SECONDS": "45",
                   "BACCARAT_LESSONS_CULL_INTERVAL_SECONDS": "15", "BACCARAT_LESSONS_SEED": str(APP_SEED)}
    command = [sys.executable, "-m", "baccarat_lessons.cli", "app", "--no-browser", f"--port={port}"]
    with serving(command, port, log_path, env=environment, cwd=tmp_path_factory.getbasetemp()):
        yield f"http://127.0.0.1:{port}/"


class _Chromium:
    """Playwright and one Chromium, started for the first browser test and stopped after the last of a
    run of browser tests: Playwright's sync API keeps an asyncio event loop running in this process while
    it is started, and widgets that see a running loop schedule their timed reveals on it, so it must not
    outlive the browser tests (with pytest-xdist other tests may follow them in the same worker)."""

    def __init__(self):
        self._playwright = self._browser = None

    def get(self, chromium_path: Path):
        if self._browser is None:
            from playwright.sync_api import sync_playwright

            self._playwright = sync_playwright().start()
            self._browser = self._playwright.chromium.launch(executable_path=str(chromium_path), args=CHROMIUM_ARGS)
        return self._browser

    def stop(self) -> None:
        if self._browser is not None:
            self._browser.close()
            self._playwright.stop()
            self._playwright = self._browser = None


_CHROMIUM = _Chromium()


@pytest.hookimpl(trylast=True)  # after pytest's own teardown has closed the test's pages and contexts
def pytest_runtest_teardown(item, nextitem):
    if _is_browser_test(item) and not _is_browser_test(nextitem):
        _CHROMIUM.stop()


@pytest.fixture(scope="module")  # module-scoped pages use it; Chromium itself lives as long as _CHROMIUM says
def browser(chromium_path):
    return _CHROMIUM.get(chromium_path)


@pytest.fixture
def app_page(browser, app_url):
    """A fresh app page (its own kernel) with the Punto Banco table ready to use."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    # Only 127.0.0.1; anything else is refused and noted (the app must not need it).
    blocked: list[str] = []

    def refuse(route):
        blocked.append(route.request.url)
        route.abort()

    context.route(OFF_MACHINE, refuse)
    page = context.new_page()
    page.blocked_urls = blocked
    page.set_default_timeout(20_000)
    page.goto(app_url)
    page.locator(".bl-app .bl-page-punto-banco .bl-table").wait_for(state="visible", timeout=PAGE_READY_MS)
    # The first page's guide, records and settings follow once its table is drawn.
    page.locator(".bl-app .bl-page-punto-banco .bl-settings").wait_for(state="attached", timeout=PAGE_READY_MS)
    page.locator(".bl-app .bl-page-punto-banco .bl-guide").wait_for(state="attached", timeout=PAGE_READY_MS)
    yield page
    # about:blank sends Voilà the unload request that shuts this page's kernel down.
    page.goto("about:blank")
    context.close()


@pytest.fixture
def screenshot():
    """Save a screenshot of a page (what the window shows) or of one element as
    tests/screenshots/<name>.png. Voilà scrolls inside the page, so an element
    screenshot is the way to see all of a tall part."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    def save(target, name: str) -> Path:
        path = SCREENSHOTS / f"{name}.png"
        target.screenshot(path=str(path))
        return path

    return save


# The browser edition (baccarat-lessons site): built once per run, served as the README says.
SITE_READY_MS = 180_000  # a cold Pyodide start on two busy cores; the benchmark prints real figures


@pytest.fixture(scope="session")
def site_dir(chromium_path, tmp_path_factory, worker_id) -> Path:
    """``baccarat-lessons site`` run once for the whole run, whichever workers need it: it executes the
    sixteen lessons, so the first worker builds it under a lock and the others wait for it (its downloads
    are cached between runs, see site/build.py)."""
    base = tmp_path_factory.getbasetemp()
    shared = (base if worker_id == "master" else base.parent) / "site-build"
    shared.mkdir(exist_ok=True)
    out = shared / "site"
    with open(shared / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file is closed
        if not (out / "index.html").is_file():
            done = subprocess.run([sys.executable, "-m", "baccarat_lessons.cli", "site", str(out)],
                                  capture_output=True, text=True)
            assert done.returncode == 0, f"the site did not build:\n{done.stderr[-3000:]}"
    return out


def serve_static(folder: Path, log_path: Path):
    """``python -m http.server -d folder`` on a free port of 127.0.0.1 (the README's way)."""
    port = _free_port()
    command = [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory", str(folder), str(port)]
    return serving(command, port, log_path), f"http://127.0.0.1:{port}/"


@pytest.fixture(scope="session")
def site_url(site_dir, tmp_path_factory) -> str:
    server, url = serve_static(site_dir, tmp_path_factory.mktemp("site-server") / "server.log")
    with server:
        yield url


def sized_page(browser, width: int, height: int):
    """A new context and page at ``width``×``height`` whose requests for anything but 127.0.0.1 are
    refused and listed in ``page.blocked`` (for the test to assert empty)."""
    context = browser.new_context(viewport={"width": width, "height": height})
    blocked: list[str] = []
    context.route(OFF_MACHINE, lambda route: (blocked.append(route.request.url), route.abort()))
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.blocked = blocked
    return context, page


def watched_context(browser):
    """A browser context that notes every request (the page's and its workers') and refuses, and
    notes, any that is not for 127.0.0.1, so nothing leaves the machine even when a test fails."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    context.requested, context.blocked = [], []
    context.on("request", lambda request: context.requested.append(request.url))

    def refuse(route):
        context.blocked.append(route.request.url)
        route.abort()

    context.route(OFF_MACHINE, refuse)
    return context


@pytest.fixture(autouse=True)
def app_seed_reported(request):
    """A failing browser test's report names the seed its pages played (with the staged links and
    clicks the tests print themselves, that replays it)."""
    request.node.add_report_section("call", "seed", f"the app's pages play the games of BACCARAT_LESSONS_SEED={APP_SEED}")
