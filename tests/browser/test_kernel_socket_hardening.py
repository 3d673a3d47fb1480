"""The page's own kernel connection is no way in (issue 12, item 5): an ``execute_request`` the page
sends is not run, while a widget click on the same page still is; a widget update carrying a binary
buffer leaves the server answering, with a second connection to the kernel in the legacy protocol open
(Voilà 0.5.13 spins for ever on a binary frame written to such a connection; the app's kernels send
none, their widget echo being off)."""

from __future__ import annotations

import re
import uuid
from urllib.parse import urlsplit

import pytest

from .server_checks import (
    CHANNELS, execute_request, fetch, frames_text, jupyter_message, play_round, reload_recorded, v1_message,
    widget_models,
)

pytestmark = pytest.mark.browser


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
