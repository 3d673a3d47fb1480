"""The app server stays hardened (issue 12, item 5), checked against servers started as
``baccarat-lessons app`` starts them:

1. (the page's own kernel connection: test_kernel_socket_hardening.py);
2. nothing outside the app's notebooks and static files is served;
3. tracebacks stay hidden: the settings, Voilà's error pages, a notebook that raises and a
   widget callback that raises (served with the app's own Voilà arguments);
4. a kernel that waited in the pool longer than the cull's idle time serves its page, and a closed
   page's kernel is culled (with the cull made short by the app's variables).
"""

from __future__ import annotations

import json
import os
import re
import sys
import time
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import urlsplit

import psutil
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from baccarat_lessons import DEBUG_VARIABLE
from baccarat_lessons.app import (
    CULL_IDLE_VARIABLE, CULL_INTERVAL_VARIABLE, app_notebook, voila_arguments, voila_environment,
)

from .conftest import OFF_MACHINE, PAGE_READY_MS, _free_port, serving
from .server_checks import CHANNELS, RECORD_SOCKETS, SEND_MESSAGE, fetch, frames_text, play_round, v1_message

pytestmark = pytest.mark.browser

# A page has the cull's idle time to connect to the kernel it was handed (kernel_manager.py): on two
# cores shared with two other test workers a page took over 3 s to load Voilà's scripts and connect, and
# its kernel was culled (a failed CI run); 12 s leaves room and still tests a cull shorter than a page's life.
CULL_IDLE_SECONDS = 12
CULL_INTERVAL_SECONDS = 2
# A closed page's kernel must be gone within the idle time, one interval and the shutdown itself.
CULL_DEADLINE_SECONDS = CULL_IDLE_SECONDS + CULL_INTERVAL_SECONDS + 30
# The pooled kernel's preheat (a kernel start and the notebook's run) on two busy cores, at most.
POOL_READY_SECONDS = 90
TRACEBACK_TEXT = re.compile(r"Traceback \(most recent call last\)|File \"[^\"]+\.py\", line \d+")

def start_app(tmp_path_factory, name: str, **variables: str):
    """``baccarat-lessons app --no-browser`` on a free port, without the debug variable unless given:
    its port, the path of its log and the context manager that runs it."""
    port = _free_port()
    log_path = tmp_path_factory.mktemp(name) / "server.log"
    environment = {key: value for key, value in os.environ.items() if key != DEBUG_VARIABLE}
    environment.update(variables)
    command = [sys.executable, "-m", "baccarat_lessons.cli", "app", "--no-browser", f"--port={port}"]
    return port, log_path, serving(command, port, log_path, env=environment, cwd=tmp_path_factory.getbasetemp())


def pooled_kernel_idle_for(port: int, log_path: Path, seconds: float) -> str:
    """Wait until the first kernel a fresh app started (the pool's) has run the notebook and been idle for
    more than ``seconds`` by its own record (``last_activity`` of /api/kernels/<id>); return its id."""
    deadline = time.monotonic() + POOL_READY_SECONDS + seconds
    while True:
        log = log_path.read_text(encoding="utf-8", errors="replace")
        started = re.search(r"Kernel started: ([0-9a-f-]{36})", log)
        if started and "Kernel pool of app.ipynb is filled" in log:
            status, _, body = fetch(port, f"/api/kernels/{started.group(1)}")
            assert status == 200, f"the pooled kernel {started.group(1)} is gone:\n{log[-3000:]}"
            model = json.loads(body)
            idle = datetime.now(timezone.utc) - datetime.fromisoformat(model["last_activity"].replace("Z", "+00:00"))
            if model["execution_state"] == "idle" and idle.total_seconds() > seconds:
                return started.group(1)
        assert time.monotonic() < deadline, f"the pool's kernel was not idle for {seconds} s in time:\n{log[-3000:]}"
        time.sleep(0.25)


@pytest.fixture
def app_after_a_quiet_spell(chromium_path, tmp_path_factory):
    """A quiet app of its own whose pooled kernel has been idle longer than the cull's idle time (and an
    interval) when the test starts: the kernel the next visitor gets after a quiet spell. (Its own
    server: the first kernel its log names is the pool's.)"""
    port, log_path, server = start_app(tmp_path_factory, "app-after-a-quiet-spell", **{
        CULL_IDLE_VARIABLE: str(CULL_IDLE_SECONDS), CULL_INTERVAL_VARIABLE: str(CULL_INTERVAL_SECONDS)})
    with server as process:
        kernel_id = pooled_kernel_idle_for(port, log_path, CULL_IDLE_SECONDS + CULL_INTERVAL_SECONDS)
        yield {"url": f"http://127.0.0.1:{port}/", "port": port, "process": process, "log": log_path,
               "pooled_kernel": kernel_id}


@pytest.fixture(scope="module")
def quiet_app(chromium_path, tmp_path_factory):
    """The app as a user starts it (no debug), with the cull shortened by the app's variables."""
    port, _, server = start_app(tmp_path_factory, "quiet-app", **{
        CULL_IDLE_VARIABLE: str(CULL_IDLE_SECONDS), CULL_INTERVAL_VARIABLE: str(CULL_INTERVAL_SECONDS)})
    with server as process:
        yield {"url": f"http://127.0.0.1:{port}/", "port": port, "process": process}


def open_page(browser, url: str, ready: str):
    """A page of ``url`` in its own context, off-machine requests refused; every websocket frame it
    sends or receives is kept in ``page.frames`` and every kernel channel URL in ``page.kernel_urls``."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    context.route(OFF_MACHINE, lambda route: route.abort())
    context.add_init_script(RECORD_SOCKETS)
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.frames_seen, page.kernel_urls = [], []

    def watch(socket):
        if CHANNELS.search(socket.url):
            page.kernel_urls.append(socket.url)
        socket.on("framereceived", lambda payload: page.frames_seen.append(("received", payload)))
        socket.on("framesent", lambda payload: page.frames_seen.append(("sent", payload)))

    page.on("websocket", watch)
    try:
        page.goto(url)
        page.locator(ready).first.wait_for(state="visible", timeout=PAGE_READY_MS)
    except Exception:
        context.close()
        raise
    page.evaluate(f"() => {{ {SEND_MESSAGE} }}")
    return page


def kernel_id_of(page) -> str:
    assert page.kernel_urls, "the page opened no kernel websocket"
    return CHANNELS.search(page.kernel_urls[0]).group(1)


# ---------------------------------------------------------------- 2. only the app's notebooks and static files


def outside_png(tmp_path: Path) -> Path:
    """A png outside the notebooks folder: its extension is on Voilà's file allowlist."""
    picture = tmp_path / "outside.png"
    picture.write_bytes(b"\x89PNG\r\n\x1a\nOUTSIDE-THE-NOTEBOOKS")
    return picture


def follow(port: int, path: str, hops: int = 5):
    """The statuses of a request and of the redirects it leads to (127.0.0.1 only), and the last body."""
    statuses = []
    for _ in range(hops):
        status, location, body = fetch(port, path)
        statuses.append(status)
        if status not in (301, 302, 303, 307, 308):
            return statuses, body
        target = urlsplit(location)
        assert target.hostname in (None, "127.0.0.1"), location
        path = target.path + (f"?{target.query}" if target.query else "")
    return statuses, body


REPOSITORY = Path(__file__).resolve().parents[2]
SECRETS = [  # text that must never reach the browser: from files outside the notebooks
    (REPOSITORY / "pyproject.toml").read_text(encoding="utf-8").splitlines()[0],
    "OUTSIDE-THE-NOTEBOOKS",
    "root:x:0:0",
    '"cells"',  # a notebook's JSON source (strip_sources: the page shows outputs only)
]

# Each request and the statuses it gets: a single-notebook Voilà redirects any other path to
# /voila/files/<path>, where the allowlist (png, jpg, gif, svg under the notebooks folder) refuses it.
REFUSED = [
    ("/tree", [302, 403]),
    ("/lab", [302, 403]),
    ("/terminals", [302, 403]),
    ("/api/terminals", [302, 403]),
    ("/api/contents", [302, 403]),
    ("/api/contents/pyproject.toml", [302, 403]),
    ("/api/kernels", [302, 403]),  # the listing; a single kernel is /api/kernels/<id>, below
    ("/api/sessions", [302, 403]),
    ("/api/kernelspecs", [302, 403]),
    ("/files/README.md", [302, 403]),
    ("/voila/tree", [302, 403]),
    ("/voila/api/contents", [302, 403]),
    ("/voila/render/app.ipynb", [302, 403]),
    ("/pyproject.toml", [302, 403]),
    ("/README.md", [302, 403]),
    ("/app.ipynb", [302, 403]),
    ("/%2e%2e/pyproject.toml", [302, 403]),
    ("/../pyproject.toml", [302, 403]),
    ("/voila/files/", [403]),
    ("/voila/files/app.ipynb", [403]),
    ("/voila/files/README.md", [403]),
    ("/voila/files/../pyproject.toml", [403]),
    ("/voila/files/%2e%2e/pyproject.toml", [403]),
    ("/voila/files/%2e%2e%2fpyproject.toml", [403]),
    ("/voila/files/..%2f..%2fetc%2fpasswd", [403]),
    ("/voila/files//etc/passwd", [403]),
    ("/voila/static/../../app.py", [403]),
    ("/voila/static/%2e%2e/%2e%2e/app.py", [403]),
    ("/voila/static//etc/passwd", [403]),
    ("/voila/labextensions/%2e%2e/%2e%2e/", [404]),
    ("/voila/labextensions//etc/passwd", [404]),
    # Voilà's template handler fails on paths it cannot split: a bare 500 page, nothing served.
    ("/voila/templates/lab/static/../../../../../../../etc/passwd", [500]),
    ("/voila/templates/lab/static/%2e%2e/%2e%2e/%2e%2e/conf.json", [500]),
    ("/voila/templates/baccarat-lessons/static/../../../../../pyproject.toml", [500]),
    ("/api/kernels/00000000-0000-0000-0000-000000000000", [404]),
]


@pytest.mark.parametrize(("path", "statuses"), REFUSED, ids=[path for path, _ in REFUSED])
def test_nothing_outside_the_app_is_served(quiet_app, path, statuses):
    seen, body = follow(quiet_app["port"], path)
    assert seen == statuses, f"{path}: {seen}"
    text = body.decode("utf-8", "replace")
    for secret in SECRETS:
        assert secret not in text, f"{path} served {secret!r}"
    assert not TRACEBACK_TEXT.search(text), text


def test_an_allowlisted_picture_outside_the_notebooks_is_refused(quiet_app, tmp_path):
    """A .png passes Voilà's allowlist, but only under the notebooks folder: outside it, by a relative
    path or an encoded one or an absolute one, it is 403 Forbidden; its absolute path without the
    leading slash is looked up under the notebooks folder, where there is no such file: 404."""
    picture = outside_png(tmp_path)
    relative = os.path.relpath(picture, app_notebook().parent)
    for path, status in ((f"/voila/files/{relative}", 403), ("/voila/files/" + relative.replace("..", "%2e%2e"), 403),
                         (f"/voila/files/{picture}", 403), (f"/voila/files/{str(picture).lstrip('/')}", 404)):
        seen, body = follow(quiet_app["port"], path)
        assert seen == [status], f"{path}: {seen}"
        assert b"OUTSIDE-THE-NOTEBOOKS" not in body


def test_the_app_page_and_its_static_files_are_served(quiet_app):
    """The other side of the checks above: the page (outputs only, no notebook source) and the
    template's static files are served."""
    status, _, body = fetch(quiet_app["port"], "/")
    assert status == 200
    page = body.decode("utf-8")
    for source_line in ("from baccarat_lessons.widgets.app import LessonsApp", "app = LessonsApp(defer=True)"):
        assert source_line not in page
    stylesheet = re.search(r'href="(/voila/templates/baccarat-lessons/static/[^"?]+)', page)
    assert stylesheet, "the page links no template stylesheet"
    assert fetch(quiet_app["port"], stylesheet.group(1))[0] == 200


def test_a_kernel_is_reached_only_by_its_id_and_not_shut_down_without_xsrf(quiet_app, browser):
    """/api/kernels/<id> answers (200) for a kernel whose id is known (the page's own), but a DELETE
    or restart without the page's _xsrf token is refused (403), and the kernel lives on."""
    page = open_page(browser, quiet_app["url"], ".bl-app .bl-page-punto-banco .bl-table")
    try:
        kernel_id = kernel_id_of(page)
        port = quiet_app["port"]
        assert fetch(port, f"/api/kernels/{kernel_id}")[0] == 200
        assert fetch(port, f"/api/kernels/{kernel_id}", "DELETE")[0] == 403
        assert fetch(port, f"/api/kernels/{kernel_id}/restart", "POST")[0] == 403
        assert fetch(port, f"/voila/api/shutdown/{kernel_id}", "POST")[0] == 403
        assert fetch(port, f"/api/kernels/{kernel_id}")[0] == 200
        play_round(page)
    finally:
        page.context.close()


# ---------------------------------------------------------------- 3. tracebacks stay hidden


def voila_command_line(process: psutil.Process) -> list[str]:
    """The command line of the Voilà child of an app server process."""
    for child in process.children(recursive=True):
        command = child.cmdline()
        if command[1:3] == ["-m", "voila"]:
            return command
    raise AssertionError("the app server has no Voilà child")


def test_the_app_hides_tracebacks_unless_debugging(quiet_app, app_url):
    """As a user starts it, the app runs Voilà with show_tracebacks off; the test server
    (BACCARAT_LESSONS_DEBUG=1) has it on."""
    quiet = voila_command_line(psutil.Process(quiet_app["process"].pid))
    assert "--show_tracebacks=False" in quiet and "--show_tracebacks=True" not in quiet
    debug_port = urlsplit(app_url).port
    debug_servers = [p for p in psutil.process_iter(["cmdline"])
                     if f"--port={debug_port}" in (p.info["cmdline"] or []) and "voila" in p.info["cmdline"]]
    assert len(debug_servers) == 1
    debug = debug_servers[0].info["cmdline"]
    assert "--show_tracebacks=True" in debug


def test_error_pages_show_no_traceback(quiet_app, browser):
    """Voilà's own failures (a template path it cannot split: 500, a refused file: 403) show the
    browser a status line only, while the server's log keeps the traceback."""
    context = browser.new_context()
    context.route(OFF_MACHINE, lambda route: route.abort())
    page = context.new_page()
    try:
        for path, status in (("voila/templates/nothing", 500), ("voila/files/pyproject.toml", 403)):
            response = page.goto(quiet_app["url"] + path)
            assert response.status == status
            text = page.content()
            assert not TRACEBACK_TEXT.search(text) and "ValueError" not in text, text
    finally:
        context.close()


FAILING_NOTEBOOK_CELLS = [  # the button's callback goes through the ActionGuard, as every callback of the app does
    "import ipywidgets as widgets\n"
    "from baccarat_lessons.widgets.guard import ActionGuard\n"
    "guard = ActionGuard()\n"
    "button = widgets.Button(description='Fail')\n"
    "button.add_class('bl-fail')\n"
    "def fail(_button):\n"
    "    raise RuntimeError('CALLBACK-SECRET-' + 'MARKER')\n"
    "button.on_click(guard.wrap(fail))\n"
    "widgets.VBox([button, guard.message, guard.error_log])",
    "raise RuntimeError('CELL-SECRET-' + 'MARKER')",
]


def failing_notebook(folder: Path) -> Path:
    notebook = {
        "cells": [{"cell_type": "code", "execution_count": None, "id": f"cell{i}", "metadata": {},
                   "outputs": [], "source": source} for i, source in enumerate(FAILING_NOTEBOOK_CELLS)],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5,
    }
    path = folder / "failing.ipynb"
    path.write_text(json.dumps(notebook), encoding="utf-8")
    return path


@pytest.mark.parametrize("debug", [False, True], ids=["default", "debug"])
def test_a_failing_notebook_and_callback_show_no_traceback(browser, tmp_path, debug):
    """A notebook whose cell raises and whose button's callback raises, served by Voilà with the app's
    own arguments (``voila_arguments``, the app's template and environment): by default neither the
    page nor any websocket frame carries the exception's text or a traceback (Voilà says a cell failed;
    the kernel manager replaces the callback's traceback); with debug both are shown, which is what
    tells these checks can see a traceback at all."""
    notebook = failing_notebook(tmp_path)
    port = _free_port()
    command = [sys.executable, "-m", "voila", *voila_arguments(notebook, port, open_browser=False, debug=debug)]
    environment = {key: value for key, value in voila_environment().items() if key != DEBUG_VARIABLE}
    if debug:
        environment[DEBUG_VARIABLE] = "1"  # the kernel's ActionGuard shows the traceback, as in the app's tests
    with serving(command, port, tmp_path / "voila.log", env=environment, cwd=tmp_path):
        page = open_page(browser, f"http://127.0.0.1:{port}/", "button.bl-fail")
        try:
            # The callback's error arrives on IOPub before the kernel goes idle after the click's
            # comm_msg. Frames are counted before the click: Playwright may deliver the answer while
            # click() is still returning, and a count taken after it would miss that idle.
            before_click = len(page.frames_seen)
            page.locator("button.bl-fail").click()

            def idle_after_click():
                seen = [(direction, v1_message(payload)) for direction, payload in page.frames_seen[before_click:]]
                clicks = {message["header"]["msg_id"] for direction, message in seen
                          if direction == "sent" and message and message["header"]["msg_type"] == "comm_msg"
                          and message["content"].get("data", {}).get("content") == {"event": "click"}}
                return any(message["header"]["msg_type"] == "status"
                           and message["content"].get("execution_state") == "idle"
                           and message["parent_header"].get("msg_id") in clicks
                           for direction, message in seen if direction == "received" and message)

            deadline = time.monotonic() + 30
            while not idle_after_click() and time.monotonic() < deadline:
                page.wait_for_timeout(100)
            assert idle_after_click(), "the kernel never answered the click"
            shown_on_page = page.content()
            sent_to_page = frames_text(page, "received")
        finally:
            page.context.close()
    if debug:
        assert "CELL-SECRET-MARKER" in shown_on_page and "Traceback" in shown_on_page
        assert "CALLBACK-SECRET-MARKER" in sent_to_page and "Traceback" in sent_to_page
        return
    assert "There was an error when executing cell" in shown_on_page
    for text in ("CELL-SECRET-MARKER", "CALLBACK-SECRET-MARKER", "Traceback"):
        assert text not in shown_on_page, f"the page shows {text!r}"
    # Voilà's show_tracebacks covers only the notebook's first run: a callback that let its exception
    # escape would have it sent as an IOPub error, traceback and all (the kernel manager's
    # allow_tracebacks=False breaks the page's connection in jupyter_server 2.21, see app.py). Every
    # callback of the app goes through the ActionGuard, which names the error and keeps the trace in
    # the server's log: that is what this page checks.
    assert "CALLBACK-SECRET-MARKER" not in sent_to_page, "a callback's exception reached the page's websocket"
    assert "Traceback" not in sent_to_page, "a callback's traceback reached the page's websocket"


# ---------------------------------------------------------------- 4. closed pages' kernels are culled


def kernel_processes(server: psutil.Process, kernel_id: str) -> list[psutil.Process]:
    """The server's descendant processes running the kernel ``kernel_id`` (named by its connection file)."""
    found = []
    for child in server.children(recursive=True):
        try:
            if any(f"kernel-{kernel_id}.json" in part for part in child.cmdline()):
                found.append(child)
        except psutil.NoSuchProcess:
            pass
    return found


@pytest.mark.parametrize("closing", ["goto-blank", "close"])
def test_a_closed_pages_kernel_is_culled_after_waiting_in_the_pool(app_after_a_quiet_spell, browser, closing):
    """The pool's kernel, idle longer than the cull's idle time, is the one the page gets; the page's table
    is usable (a round played) and its kernel lives on past another idle time while the page is open
    (issue 20: Voilà culled such a kernel as idle since its preheat, at the first cull tick after it was
    handed out, before the page had connected). After the page is left (about:blank, which sends Voilà's unload request) or closed
    (page.close(), which sends nothing), the kernel process is gone and /api/kernels/<id> answers 404
    within the short cull."""
    app = app_after_a_quiet_spell
    server = psutil.Process(app["process"].pid)
    try:
        page = open_page(browser, app["url"], ".bl-app .bl-page-punto-banco .bl-table")
    except PlaywrightTimeoutError:
        said = [line for line in app["log"].read_text(encoding="utf-8", errors="replace").splitlines()
                if app["pooled_kernel"] in line]
        pytest.fail("the page never drew its table; what the server's log says of the pooled kernel:\n"
                    + "\n".join(said), pytrace=False)
    context = page.context
    try:
        kernel_id = kernel_id_of(page)
        assert kernel_id == app["pooled_kernel"], "the page did not get the kernel that waited in the pool"
        play_round(page)
        page.wait_for_timeout((CULL_IDLE_SECONDS + 2 * CULL_INTERVAL_SECONDS) * 1000)
        assert kernel_processes(server, kernel_id), "the open page's kernel is not a process of the server"
        assert fetch(app["port"], f"/api/kernels/{kernel_id}")[0] == 200
        if closing == "goto-blank":
            page.goto("about:blank")
        else:
            page.close()
        deadline = time.monotonic() + CULL_DEADLINE_SECONDS

        def gone() -> bool:  # the process ends first; the server forgets the kernel a moment later
            return not kernel_processes(server, kernel_id) and fetch(app["port"], f"/api/kernels/{kernel_id}")[0] == 404

        while not gone() and time.monotonic() < deadline:
            time.sleep(0.25)
        assert not kernel_processes(server, kernel_id), f"kernel {kernel_id} still runs after {closing}"
        assert fetch(app["port"], f"/api/kernels/{kernel_id}")[0] == 404
    finally:
        context.close()
