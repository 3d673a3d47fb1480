"""What the server-hardening tests share: the page's kernel sockets recorded and spoken to in
both websocket protocols (v1 binary framing, the legacy JSON), frames read back, a plain HTTP
request to the server, and a round played on the Punto Banco table."""

from __future__ import annotations

import http.client
import json
import re
import uuid

from .conftest import PAGE_READY_MS

CHANNELS = re.compile(r"/api/kernels/([0-9a-f-]{36})/channels")
ROUND_MS = 30_000

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


def frames_text(page, direction: str) -> str:
    return "\n".join(payload.decode("utf-8", "replace") if isinstance(payload, bytes) else payload
                     for seen, payload in page.frames_seen if seen == direction)


def play_round(page):
    """Click a chip, the Player spot and Deal on the Punto Banco table; wait for the round to end."""
    table = page.locator(".bl-page-punto-banco .bl-table")
    table.locator(".bl-chip").first.click()
    table.locator(".bl-spot-player").first.click()
    table.locator(".bl-deal").first.click()
    table.locator(".bl-round-done").first.wait_for(state="attached", timeout=ROUND_MS)


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


def fetch(port: int, path: str, method: str = "GET"):
    """One request as written (no normalising, no redirect followed): status, Location, body."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request(method, path)
        response = connection.getresponse()
        return response.status, response.getheader("Location"), response.read()
    finally:
        connection.close()
