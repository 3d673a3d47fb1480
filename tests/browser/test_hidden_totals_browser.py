"""The bank's hidden total never crosses the websocket: the issue's Banque limitée coup, played
in Chromium as the right captain, and its twin.

Right 5♣ Q♦ (5, yours), left 2♥ 7♦ (a natural 9, shown at once), bank 7♣ 8♣ (5) — the twin's
bank is 7♣ 6♣ (3). Until you decide, every frame the page receives is read: no frame names a
bank card, no frame says the natural's result, and the table surface's synced state (its view,
presentation, reveal and message, the kept record's seal set aside) is the same for both coups.
"""

from __future__ import annotations

import json
import re

import pytest

from .conftest import OFF_MACHINE, PAGE_READY_MS

pytestmark = pytest.mark.browser

COUP = "variant=banque-limitee&shoe=5C+2H+7C+QD+7D+8C&role=captain"
TWIN = "variant=banque-limitee&shoe=5C+2H+7C+QD+7D+6C&role=captain"
SURFACE_KEYS = ("view", "presentation", "reveal", "message")
SEALING = ("nonce", "sealed", "tag")


def contents(frame: bytes) -> list[dict]:
    """The message contents in one frame: Jupyter's v1 websocket protocol sends a frame as a count of
    offsets, the offsets (little-endian 64-bit), then the channel, header, parent header, metadata,
    content and buffers; a plain JSON text frame (the older protocol) is read as a whole message."""
    if frame[:1] == b"{":
        return [json.loads(frame).get("content") or {}]
    count = int.from_bytes(frame[:8], "little")
    offsets = [int.from_bytes(frame[8 * (i + 1):8 * (i + 2)], "little") for i in range(count)] + [len(frame)]
    parts = [frame[offsets[i]:offsets[i + 1]] for i in range(count)]
    return [json.loads(parts[4])] if len(parts) > 4 and parts[4][:1] == b"{" else []


def surface_states(frames: list[bytes]) -> dict:
    """The last value the kernel sent for each of the table surface's synced keys (from the comm
    messages' state), with a kept record's seal set aside."""
    last: dict = {}
    for frame in frames:
        for content in contents(frame):
            state = (content.get("data") or {}).get("state") or {}
            for key in SURFACE_KEYS:
                if key in state:
                    last[key] = state[key]
    return json.loads(re.sub(r'"(nonce|sealed|tag)": ?(\[[^\]]*\]|"[^"]*")', r'"\1": "(sealed)"',
                             json.dumps(last, sort_keys=True)))


def frames_until_your_decision(browser, app_url, query: str) -> list[bytes]:
    frames: list[bytes] = []
    context = browser.new_context(viewport={"width": 1366, "height": 657})
    context.route(OFF_MACHINE, lambda route: route.abort())
    page = context.new_page()
    page.set_default_timeout(PAGE_READY_MS)
    page.on("websocket", lambda socket: socket.on("framereceived", lambda payload: frames.append(
        payload.encode("utf-8") if isinstance(payload, str) else payload)))
    try:
        page.goto(f"{app_url}?{query}")
        table = page.locator(".bl-page-banque-limitee .bl-table")
        table.locator(".bl-decision:not([disabled])").first.wait_for(state="visible")
        table.locator(".bl-message", has_text=re.compile("your turn", re.IGNORECASE)).first.wait_for()
        assert not table.locator(".bl-round-done").count(), f"?{query}: the coup ended before your decision"
        return list(frames)
    finally:
        page.goto("about:blank")
        context.close()


def test_no_frame_before_your_decision_tells_the_banks_total(browser, app_url):
    frames = frames_until_your_decision(browser, app_url, COUP)
    received = "\n".join(frame.decode("utf-8", "replace") for frame in frames)
    assert len(received) > 10_000, "the page's frames were captured"
    for rank, suit in (("7", "C"), ("8", "C")):
        assert f'"rank": "{rank}", "suit": "{suit}"' not in received and f'"rank":"{rank}","suit":"{suit}"' \
            not in received, f"?{COUP}: the bank's {rank}{suit} reached the page"
    assert "Left tableau has a natural 9" in received, f"?{COUP}: the natural was not announced"
    assert "9 to 5" not in received and "Left tableau wins," not in received, f"?{COUP}: a result states the bank"
    twin = frames_until_your_decision(browser, app_url, TWIN)
    mine, theirs = surface_states(frames), surface_states(twin)
    assert set(mine) == set(SURFACE_KEYS), sorted(mine)
    for key in SURFACE_KEYS:
        assert mine[key] == theirs[key], f"?{COUP} against ?{TWIN}: the surface's {key} differs"
