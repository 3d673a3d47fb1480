"""The app server stays hardened (issue 12, item 5), checked against servers started as
``baccarat-lessons app`` starts them:

1. an ``execute_request`` the page sends over its kernel websocket is not run, while a widget
   click on the same page still is; a widget update carrying a binary buffer leaves the server
   answering, with a second connection to the kernel in the legacy protocol open;
2. nothing outside the app's notebooks and static files is served;
3. tracebacks stay hidden: the settings, Voilà's error pages, a notebook that raises and a
   widget callback that raises (served with the app's own Voilà arguments);
4. a closed page's kernel is culled (with the cull made short by the app's variables).
"""

from __future__ import annotations

import http.client
import json
import os
import re
import sys
import time
import uuid
from pathlib import Path
from urllib.parse import urlsplit

import psutil
import pytest

from baccarat_lessons import DEBUG_VARIABLE
from baccarat_lessons.app import (
    CULL_IDLE_VARIABLE, CULL_INTERVAL_VARIABLE, app_notebook, voila_arguments, voila_environment,
)

from .conftest import OFF_MACHINE, PAGE_READY_MS, _free_port, serving

pytestmark = pytest.mark.browser

CHANNELS = re.compile(r"/api/kernels/([0-9a-f-]{36})/channels")
CULL_IDLE_SECONDS = 3
CULL_INTERVAL_SECONDS = 1
# A closed page's kernel must be gone within the idle time, one interval and the shutdown itself.
CULL_DEADLINE_SECONDS = CULL_IDLE_SECONDS + CULL_INTERVAL_SECONDS + 30
ROUND_MS = 30_000
IDLE = re.compile(r'"execution_state"\s*:\s*"idle"')
TRACEBACK_TEXT = re.compile(r"Traceback \(most recent call last\)|File \"[^\"]+\.py\", line \d+")

# Records every WebSocket the page opens, so a test can send on the page's own kernel connection.
RECORD_SOCKETS = """
(() => {
  const Native = window.WebSocket;
  window.__blSockets = [];
  window.WebSocket = class extends Native {
    constructor(...args) { super(...args); window.__blSockets.push(this); }
  };
})();
"""

# Sends a Jupyter message on an open socket in the protocol it speaks: JSON with a channel field,
# or the v1 binary framing (offsets, then channel, header, parent header, metadata, content and each
# of the message's binary buffers, given as Uint8Arrays; the JSON protocol carries none).
SEND_MESSAGE = """
window.__blSend = (socket, channel, msg, buffers = []) => {
  if (socket.protocol !== "v1.kernel.websocket.jupyter.org") {
    if (buffers.length) throw new Error("the JSON protocol carries no binary buffers");
    socket.send(JSON.stringify({...msg, channel}));
    return socket.protocol;
  }
  const encoder = new TextEncoder();
  const parts = [channel, JSON.stringify(msg.header), JSON.stringify(msg.parent_header),
                 JSON.stringify(msg.metadata), JSON.stringify(msg.content)].map(p => encoder.encode(p))
                .concat(buffers);
  const count = parts.length + 1;
  const offsets = [8 * (count + 1)];
  for (const part of parts) offsets.push(offsets[offsets.length - 1] + part.length);
  const frame = new Uint8Array(offsets[offsets.length - 1]);
  const view = new DataView(frame.buffer);
  view.setBigUint64(0, BigInt(count), true);
  offsets.forEach((offset, i) => view.setBigUint64(8 * (i + 1), BigInt(offset), true));
  parts.forEach((part, i) => frame.set(part, offsets[i]));
  socket.send(frame);
  return socket.protocol;
};
"""


def jupyter_message(msg_type: str, content: dict, session: str) -> dict:
    return {
        "header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": session, "username": "student",
                   "date": "2026-12-01T00:00:00Z", "version": "5.3"},
        "parent_header": {}, "metadata": {}, "content": content, "buffers": [],
    }


def execute_request(code: str, session: str) -> dict:
    return jupyter_message("execute_request", {"code": code, "silent": False, "store_history": True,
                                               "user_expressions": {}, "allow_stdin": False,
                                               "stop_on_error": True}, session)


# ---------------------------------------------------------------- servers and pages


def start_app(tmp_path_factory, name: str, **variables: str):
    """``baccarat-lessons app --no-browser`` on a free port, without the debug variable unless given."""
    port = _free_port()
    log_path = tmp_path_factory.mktemp(name) / "server.log"
    environment = {key: value for key, value in os.environ.items() if key != DEBUG_VARIABLE}
    environment.update(variables)
    command = [sys.executable, "-m", "baccarat_lessons.cli", "app", "--no-browser", f"--port={port}"]
    return port, serving(command, port, log_path, env=environment, cwd=tmp_path_factory.getbasetemp())


@pytest.fixture(scope="module")
def quiet_app(chromium_path, tmp_path_factory):
    """The app as a user starts it (no debug), with the cull shortened by the app's variables."""
    port, server = start_app(tmp_path_factory, "quiet-app", **{
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
    page.goto(url)
    page.locator(ready).first.wait_for(state="visible", timeout=PAGE_READY_MS)
    page.evaluate(f"() => {{ {SEND_MESSAGE} }}")
    return page


def frames_text(page, direction: str) -> str:
    return "\n".join(payload.decode("utf-8", "replace") if isinstance(payload, bytes) else payload
                     for seen, payload in page.frames_seen if seen == direction)


def kernel_id_of(page) -> str:
    assert page.kernel_urls, "the page opened no kernel websocket"
    return CHANNELS.search(page.kernel_urls[0]).group(1)


def play_round(page):
    """Click a chip, the Player spot and Deal on the Punto Banco table; wait for the round to end."""
    table = page.locator(".bl-page-punto-banco .bl-table")
    table.locator(".bl-chip").first.click()
    table.locator(".bl-spot-player").first.click()
    table.locator(".bl-deal").first.click()
    table.locator(".bl-round-done").first.wait_for(state="attached", timeout=ROUND_MS)


# ---------------------------------------------------------------- 1. no execute_request from the browser


def reload_recorded(page):
    """Reload an app page (a reload takes a new kernel) with its sockets recorded in
    ``window.__blSockets``, every frame it sends or receives kept in ``page.frames_seen`` and
    ``window.__blSend`` defined; return it once its first page's settings are drawn."""
    page.frames_seen = []
    page.on("websocket", lambda socket: (
        socket.on("framereceived", lambda payload: page.frames_seen.append(("received", payload))),
        socket.on("framesent", lambda payload: page.frames_seen.append(("sent", payload)))))
    page.context.add_init_script(RECORD_SOCKETS)
    page.reload()
    page.locator(".bl-app .bl-page-punto-banco .bl-table").wait_for(state="visible", timeout=PAGE_READY_MS)
    page.locator(".bl-app .bl-page-punto-banco .bl-settings").wait_for(state="attached", timeout=PAGE_READY_MS)
    page.evaluate(f"() => {{ {SEND_MESSAGE} }}")
    return page


def v1_message(payload) -> dict | None:
    """A frame of the v1 kernel websocket protocol as channel, header, parent header, content and
    buffers (bytes); None for a text frame or anything else."""
    if not isinstance(payload, bytes) or len(payload) < 8:
        return None
    count = int.from_bytes(payload[:8], "little")
    if not 6 <= count <= 64 or len(payload) < 8 * (count + 1):
        return None
    offsets = [int.from_bytes(payload[8 * (i + 1):8 * (i + 2)], "little") for i in range(count)]
    parts = [payload[start:end] for start, end in zip(offsets, offsets[1:])]
    try:
        channel, header, parent, _metadata, content = (part.decode("utf-8") for part in parts[:5])
        return {"channel": channel, "header": json.loads(header), "parent_header": json.loads(parent),
                "content": json.loads(content), "buffers": parts[5:]}
    except (UnicodeDecodeError, ValueError):
        return None


def widget_models(page) -> dict[str, str]:
    """The widget models the page was told of on its kernel connection: comm id -> model name,
    from the models' ``comm_open`` messages and the kernel's ``update_states`` reply."""
    models = {}
    for seen, payload in page.frames_seen:
        message = v1_message(payload) if seen == "received" else None
        if message is None:
            continue
        content = message["content"]
        data = content.get("data") or {}
        if message["header"]["msg_type"] == "comm_open":
            models[content["comm_id"]] = (data.get("state") or {}).get("_model_name", "")
        elif message["header"]["msg_type"] == "comm_msg" and data.get("method") == "update_states":
            models.update({comm_id: model.get("model_name", "") for comm_id, model in data["states"].items()})
    return models



def test_execute_request_from_the_page_is_not_run(app_page, tmp_path):
    """On the page's own kernel connection and on a second one the page opens to the same kernel (plain
    JSON, shell and control channels), ``execute_request`` is dropped: the code would create a file and
    print a marker; neither happens, although a later kernel_info_request is answered and a widget click
    plays a round (both processed by the kernel after the execute_request would have been)."""
    page = reload_recorded(app_page)
    marker = f"EXECUTED-{uuid.uuid4().hex}"
    ran = tmp_path / "ran"
    code = f"open({str(ran)!r}, 'w').write('ran')\nprint({marker!r})"
    channel_urls = [s for s in page.evaluate("window.__blSockets.map(s => s.url)") if CHANNELS.search(s)]
    assert channel_urls, "the page has no kernel websocket of its own"

    # The page's own connection, in the protocol it negotiated.
    own = page.evaluate(
        """([message]) => {
             const socket = window.__blSockets.find(s => /\\/api\\/kernels\\/[^/]+\\/channels/.test(s.url)
                                                        && s.readyState === WebSocket.OPEN);
             return window.__blSend(socket, "shell", message);
           }""",
        [execute_request(code, "page-own")],
    )

    # A second connection to the page's kernel, the plain JSON protocol, whose replies the page reads.
    second_url = re.sub(r"session_id=[^&]*", f"session_id={uuid.uuid4()}", channel_urls[0])
    info = jupyter_message("kernel_info_request", {}, "second")
    replies = page.evaluate(
        """async ([url, executeShell, executeControl, info]) => {
             const socket = new WebSocket(url);
             const seen = [];
             await new Promise((ok, fail) => { socket.onopen = ok; socket.onerror = fail; });
             const answered = new Promise(ok => {
               socket.onmessage = event => {
                 const message = JSON.parse(event.data);
                 seen.push({type: message.header.msg_type, parent: message.parent_header.msg_id || null,
                            channel: message.channel, text: event.data});
                 if (message.header.msg_type === "kernel_info_reply") ok();
               };
             });
             window.__blSend(socket, "shell", executeShell);
             window.__blSend(socket, "control", executeControl);
             window.__blSend(socket, "shell", info);
             await answered;
             // Left open: the page's template takes any kernel socket closing for a lost connection.
             window.__blSecondSocket = socket;
             return seen;
           }""",
        [second_url, execute_request(code, "second"), execute_request(code, "second-control"), info],
    )
    reply_types = {reply["type"] for reply in replies if reply["parent"] == info["header"]["msg_id"]}
    assert "kernel_info_reply" in reply_types, replies

    # A legitimate widget click on the same page still reaches the kernel and runs its callback.
    play_round(page)

    assert marker in frames_text(page, "sent"), f"the execute_request was not sent on the page's socket ({own!r})"
    assert not ran.exists(), "the kernel ran an execute_request sent from the browser"
    assert marker not in frames_text(page, "received").replace(repr(marker), "")
    assert not [r for r in replies if r["type"] in ("execute_input", "execute_reply", "stream")], replies


def test_a_buffered_widget_update_leaves_the_server_answering(app_page):
    """Voilà 0.5.13 reads every binary frame it writes to a kernel websocket as the v1 protocol; a second
    connection to the page's kernel in the legacy JSON protocol gets a message carrying buffers in the
    older binary framing, and Voilà's server then spins for good on the offsets it misreads. ipywidgets
    echoes every state update a page sends (``echo_update``), buffers included, so the page could hang
    the server by itself: the app turns the echo off (``JUPYTER_WIDGETS_ECHO=0``). Here, with a legacy
    connection open, the page sends a checkbox's ``value`` as a binary buffer on its own v1 connection:
    the kernel takes it (its idle status for it reaches the legacy connection), no echo and no binary
    frame reaches the legacy connection, the server still serves the page and a click still plays a round."""
    page = reload_recorded(app_page)
    models = widget_models(page)
    checkboxes = [comm_id for comm_id, name in models.items() if name == "CheckboxModel"]
    assert checkboxes, f"the page was told of no checkbox model: {sorted(set(models.values()))}"
    channel_urls = [s for s in page.evaluate("window.__blSockets.map(s => s.url)") if CHANNELS.search(s)]
    assert channel_urls, "the page has no kernel websocket of its own"
    legacy_url = re.sub(r"session_id=[^&]*", f"session_id={uuid.uuid4()}", channel_urls[0])
    marker = f"BUFFER-{uuid.uuid4().hex}"
    update = jupyter_message("comm_msg", {"comm_id": checkboxes[0], "data": {
        "method": "update", "state": {}, "buffer_paths": [["value"]]}}, "page-own")

    outcome = page.evaluate(
        """async ([url, update, marker]) => {
             // The legacy connection: no subprotocol, its own session; kept open (the page's template
             // takes any kernel socket closing for a lost connection).
             const legacy = new WebSocket(url);
             legacy.binaryType = "arraybuffer";
             await new Promise((ok, fail) => { legacy.onopen = ok; legacy.onerror = fail; });
             window.__blLegacySocket = legacy;
             const seen = [];
             const taken = new Promise(ok => {
               legacy.onmessage = event => {
                 if (typeof event.data !== "string") { seen.push({binary: event.data.byteLength}); return; }
                 const message = JSON.parse(event.data);
                 seen.push({type: message.header.msg_type, parent: message.parent_header.msg_id || null,
                            state: message.content.execution_state || null,
                            method: (message.content.data || {}).method || null});
                 if (message.header.msg_type === "status" && message.content.execution_state === "idle"
                     && message.parent_header.msg_id === update.header.msg_id) ok(true);
               };
             });
             const own = window.__blSockets.find(s => /\\/api\\/kernels\\/[^/]+\\/channels/.test(s.url)
                                                      && s.readyState === WebSocket.OPEN && s !== legacy);
             const protocol = window.__blSend(own, "shell", update, [new TextEncoder().encode(marker)]);
             const answered = await Promise.race([taken, new Promise(ok => setTimeout(() => ok(false), 20000))]);
             return {protocol, answered, seen};
           }""",
        [legacy_url, update, marker],
    )

    # Sent on the wire as asked: the page's v1 connection, one buffer, the checkbox's value.
    assert outcome["protocol"] == "v1.kernel.websocket.jupyter.org", outcome["protocol"]
    sent = [message for seen, payload in page.frames_seen if seen == "sent"
            for message in [v1_message(payload)]
            if message and message["header"]["msg_id"] == update["header"]["msg_id"]]
    assert len(sent) == 1, "the buffered update is not among the page's sent frames"
    assert sent[0]["buffers"] == [marker.encode()], sent[0]["buffers"]
    assert sent[0]["content"]["data"]["buffer_paths"] == [["value"]], sent[0]["content"]

    # The server still answers (a liveness check: a spinning server never does, within the 30 s timeout).
    try:
        status, _, body = fetch(urlsplit(page.url).port, "/")
    except TimeoutError:
        pytest.fail(f"the server no longer answers after the buffered update; the legacy socket saw {outcome['seen']}")
    assert status == 200 and b"<html" in body.lower(), status
    # The kernel took the update, and the legacy connection got neither its echo nor any binary frame.
    assert outcome["answered"], f"the kernel's idle status for the update never came: {outcome['seen']}"
    assert not [m for m in outcome["seen"] if "binary" in m or m.get("method") == "echo_update"], outcome["seen"]
    play_round(page)
    assert page.evaluate("window.__blLegacySocket.readyState") == 1, "the legacy connection was closed"


# ---------------------------------------------------------------- 2. only the app's notebooks and static files


def outside_png(tmp_path: Path) -> Path:
    """A png outside the notebooks folder: its extension is on Voilà's file allowlist."""
    picture = tmp_path / "outside.png"
    picture.write_bytes(b"\x89PNG\r\n\x1a\nOUTSIDE-THE-NOTEBOOKS")
    return picture


def fetch(port: int, path: str, method: str = "GET"):
    """One request as written (no normalising, no redirect followed): status, Location, body."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request(method, path)
        response = connection.getresponse()
        return response.status, response.getheader("Location"), response.read()
    finally:
        connection.close()


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
    for source_line in ("from baccarat_lessons.widgets.app import LessonsApp", "app.open_link(page_query())"):
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
            page.locator("button.bl-fail").click()
            # The callback's error arrives on IOPub before the kernel goes idle again; wait for that
            # idle after the click (a status frame answering the click's comm_msg).
            clicked_at = len(page.frames_seen)

            def idle_after_click():
                return any(IDLE.search(payload if isinstance(payload, str) else payload.decode("utf-8", "replace"))
                           for seen, payload in page.frames_seen[clicked_at:] if seen == "received")

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
def test_a_closed_pages_kernel_is_culled(quiet_app, browser, closing):
    """A page's kernel runs while the page is open; after the page is left (about:blank, which sends
    Voilà's unload request) or closed (page.close(), which sends nothing), the kernel process is gone
    and /api/kernels/<id> answers 404 within the short cull."""
    server = psutil.Process(quiet_app["process"].pid)
    page = open_page(browser, quiet_app["url"], ".bl-app .bl-page-punto-banco .bl-table")
    context = page.context
    try:
        kernel_id = kernel_id_of(page)
        assert kernel_processes(server, kernel_id), "the page's kernel is not a process of the server"
        assert fetch(quiet_app["port"], f"/api/kernels/{kernel_id}")[0] == 200
        if closing == "goto-blank":
            page.goto("about:blank")
        else:
            page.close()
        deadline = time.monotonic() + CULL_DEADLINE_SECONDS

        def gone() -> bool:  # the process ends first; the server forgets the kernel a moment later
            return not kernel_processes(server, kernel_id) and fetch(quiet_app["port"], f"/api/kernels/{kernel_id}")[0] == 404

        while not gone() and time.monotonic() < deadline:
            time.sleep(0.25)
        assert not kernel_processes(server, kernel_id), f"kernel {kernel_id} still runs after {closing}"
        assert fetch(quiet_app["port"], f"/api/kernels/{kernel_id}")[0] == 404
    finally:
        context.close()
