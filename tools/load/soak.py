"""A soak of the Voilà app: many pages (each its own kernel) playing for minutes in headless Chromium.

``--sessions`` pages (default 10, at least one per variant: the five variants in turn) open the
app served as users run it (``baccarat-lessons app``, preheated kernel pool) on 127.0.0.1, each
in its own browser context, choose their variant, set the deal speed to Instant and play for
``--minutes`` (default 10): the user's clicks are chosen at random among the table's enabled
controls (chips, bet spots, Undo, Clear, Rebet, Deal; at seat-banked tables the enabled decisions,
an amount, Next coup; rarely New session, and always when nothing else is left); the bots answer
in the kernel. After every click the page waits until the kernel has answered every message the
page sent (its websocket says "idle" for each) and nothing more is sent.

Prints every minute: rounds (Punto Banco, Mini Baccarat) and coups (seat-banked tables) played per
variant, each kernel's RSS and their sum, and what went wrong: an error box (``.bl-error-log``)
with text, a console error or uncaught exception in a page, a broken chips check, a click that
failed. Refusals ("Not allowed: …") after a legal click are not errors but are counted, as are
clicks the kernel answered without any visible change (a click sent for an older redraw is
dropped by design).

Chips are checked from what the page shows, in every session:

- Punto Banco and Mini Baccarat: the balance plus what is on the table changes only when a round
  is settled, and then exactly by the settlement sentences of the round's log (``bet of 10 loses``,
  ``wins 9.50``, ``is returned``; New session starts again at 100);
- seat-banked tables, at the end of every coup: the six seats' chips, the stakes still on the
  table, the bank, the house's result and the commission taken add up to 600.

At the end: totals, every error in detail, each kernel's memory growth from its first-minute
reading to its last [target <= 10%], CPU of the server's side and of the browser over the soak;
then every page is closed, and the script waits for Voilà's cull (the server runs with
``BACCARAT_LESSONS_CULL_IDLE_SECONDS=60`` and ``BACCARAT_LESSONS_CULL_INTERVAL_SECONDS=10``) and
prints how many of the soak's kernels are gone [target: all]. Nothing is asserted.

Usage::

    .venv/bin/python tools/load/soak.py                          # 10 pages, 10 minutes
    .venv/bin/python tools/load/soak.py --minutes 2 --sessions 5 # a short look
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import sys
import time
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository, for the package tools.load
from baccarat_lessons.app import CULL_IDLE_VARIABLE, CULL_INTERVAL_VARIABLE  # noqa: E402
from tools.load.class_load import KERNEL_SOCKET, Meter, kernel_pid  # noqa: E402
from tools.load.server import (  # noqa: E402
    CHROMIUM, Server, launch_chromium, load_average, local_context, mb, percentiles, process_rss,
)

VARIANTS = [("punto-banco", "Punto Banco", "PB"), ("mini-baccarat", "Mini Baccarat", "Mini"),
            ("chemin-de-fer", "Chemin de Fer", "CdF"), ("banque-ouverte", "Banque ouverte", "BO"),
            ("banque-limitee", "Banque limitée", "BL")]
SEATED = {"chemin-de-fer", "banque-ouverte", "banque-limitee"}
CHIPS_AT_THE_TABLE = Decimal(600)
CUT = Decimal("0.01")  # an amount shown cut short ("0.12…") is at most this far off
QUIET_SECONDS = 0.3  # no message of the page unanswered, and none sent, for this long: settled
ANSWER_SECONDS = 60  # longer than this without the kernel's answer is a finding
OPEN_MS = 240_000
CLICK_MS = 30_000
NOT_CLICKED = {"skip", "speed", "export", "import"}  # Show all, the speed, session files
LOCAL_ONLY = re.compile(r"^(chip-\d+|amount)$")  # chosen in the page alone: no message to the kernel
NUMBER = r"(-?[\d,]+(?:\.\d+)?)"  # an amount as the page prints it: 5, -10, 1,109.50
SETTLEMENT = re.compile(rf"bet of {NUMBER} (loses|is returned|wins {NUMBER})")
BALANCE = re.compile(r"Balance:\s*" + NUMBER)
STAKE = re.compile(r"\bBet " + NUMBER + "(…?)")

STATE_JS = """(root) => {
  const r = document.querySelector(root);
  if (!r) return null;
  const text = (selector) => { const e = r.querySelector(selector); return e ? e.textContent : null; };
  const status = r.querySelector('.bl-status');
  const done = r.querySelector('.bl-round-done');
  const said = r.querySelector('.bls-message > div');
  const amount = r.querySelector('[data-focus="amount"]');
  return {
    turn: status ? status.dataset.turn : null,
    revealing: r.classList.contains('bls-revealing'),
    done: done ? `${done.dataset.round}|${done.dataset.label}` : null,
    tone: said ? said.className.replace('bl-message-', '') : '',
    said: said ? said.textContent : '',
    balance: text('.bl-stat-balance'),
    staked: text('.bl-stat-staked'),
    speed: r.querySelector('.bl-speed select') ? r.querySelector('.bl-speed select').value : null,
    controls: [...r.querySelectorAll('[data-focus]')].filter((e) => !e.disabled && e.offsetParent !== null)
      .map((e) => e.getAttribute('data-focus')),
    amount: amount ? [Number(amount.min), Number(amount.max)] : null,
    amount_value: amount ? amount.value : null,
    log: done ? r.querySelector('.bl-reveal').innerText : null,
    seats: [...r.querySelectorAll('.bl-seat-chips')].map((e) => e.textContent),
    stakes: [...r.querySelectorAll('.bl-seat-stake')].map((e) => e.textContent),
    bank: r.querySelector('.bl-bank') ? r.querySelector('.bl-bank').innerText : null,
    errors: [...document.querySelectorAll('.bl-error-log')].map((e) => e.innerText.trim()).filter((t) => t),
  };
}"""


# -- the page's kernel websocket: has the kernel answered everything the page sent? ------------
def _frame(payload: bytes | str, wanted: set[str]):
    """(channel, msg_type, header, parent_header, content) of one kernel websocket frame, the
    JSON text protocol or ``v1.kernel.websocket.jupyter.org`` (offsets, channel, header, parent,
    metadata, content, buffers); parent and content are read only for a ``msg_type`` in ``wanted``."""
    if isinstance(payload, str):
        message = json.loads(payload)
        header = message.get("header", {})
        return (message.get("channel"), header.get("msg_type"), header, message.get("parent_header", {}),
                message.get("content", {}))
    count = int.from_bytes(payload[:8], "little")
    offsets = [int.from_bytes(payload[8 * (i + 1):8 * (i + 2)], "little") for i in range(count)]
    ends = offsets[1:] + [len(payload)]
    parts = [payload[start:end] for start, end in zip(offsets, ends)]
    channel, header = parts[0].decode(), json.loads(parts[1])
    if header.get("msg_type") not in wanted:
        return channel, header.get("msg_type"), header, {}, {}
    return channel, header["msg_type"], header, json.loads(parts[2]), json.loads(parts[4])


class KernelSocket:
    """Counts the comm messages a page sends its kernel and the kernel's "idle" answer to each."""

    def __init__(self, page):
        self.kernel_ids: list[str] = []
        self.pending: dict[str, float] = {}
        self.sent = 0
        self.changed = time.monotonic()
        self.closed = False
        page.on("websocket", self._watch)

    def _watch(self, websocket) -> None:
        match = KERNEL_SOCKET.search(websocket.url)
        if match:
            self.kernel_ids.append(match.group(1))
            websocket.on("framesent", self._sent)
            websocket.on("framereceived", self._received)
            websocket.on("close", lambda _socket: setattr(self, "closed", True))

    def _sent(self, payload) -> None:
        try:
            channel, kind, header, _, _ = _frame(payload, set())
        except (ValueError, KeyError, IndexError, UnicodeDecodeError):
            return
        if kind == "comm_msg" and channel == "shell":
            self.pending[header.get("msg_id", "")] = time.monotonic()
            self.sent += 1
            self.changed = time.monotonic()

    def _received(self, payload) -> None:
        try:
            channel, kind, _, parent, content = _frame(payload, {"status"})
        except (ValueError, KeyError, IndexError, UnicodeDecodeError):
            return
        if kind == "status" and content.get("execution_state") == "idle":
            if self.pending.pop(parent.get("msg_id", ""), None) is not None:
                self.changed = time.monotonic()

    def quiet(self) -> bool:
        return not self.pending and time.monotonic() - self.changed >= QUIET_SECONDS


# -- reading the chips off the page ----------------------------------------------------------
def amount(text: str) -> Decimal:
    """An amount as the page prints it, thousands separated by commas ("1,109.50")."""
    return Decimal(text.replace(",", ""))


def settlement_nets(log: str) -> list[Decimal]:
    """What every bet settled in a Punto Banco round's log brings: minus the stake, 0 or the win.

    >>> settlement_nets("Player bet of 10 loses: Banker won. Banker bet of 20 wins 19 (you get 39 back).")
    [Decimal('-10'), Decimal('19')]
    >>> settlement_nets("Tie bet of 5 is returned: nothing. Banker bet of 1,000 wins 950 (you get 1,950 back)")
    [Decimal('0'), Decimal('950')]
    """
    return [-amount(stake) if verdict == "loses" else amount(won or "0")
            for stake, verdict, won in SETTLEMENT.findall(log)]


def _amount_or_zero(pattern: re.Pattern, text: str | None) -> Decimal:
    match = pattern.search(text or "")
    return amount(match.group(1)) if match else Decimal(0)


def wealth(state: dict) -> Decimal:
    """Punto Banco, Mini Baccarat: your balance (chips placed on the layout stay in it until the
    round is settled: "Balance: 100 · On the table: 15")."""
    return _amount_or_zero(BALANCE, state["balance"])


def chips_at_the_table(state: dict) -> tuple[Decimal, Decimal, str]:
    """Seat-banked tables: (the sum, its slack, what was read) of the six seats' chips, the stakes on
    the table, the bank, the house's result and the commission — as check_chips_add_up in
    tests/browser/test_seated_tables_browser.py reads them."""
    bank_text = state["bank"] or ""
    found = [re.search(NUMBER + "(…?)", text) for text in state["seats"]]
    found += [match for text in state["stakes"] for match in STAKE.finditer(text)]
    found += [re.search(rf"commission taken(?: so far)?: {NUMBER}(…?)", bank_text),
              re.search(rf"Bank: {NUMBER}(…?) chips", bank_text),
              re.search(rf"Its result so far: \+?{NUMBER}(…?)", bank_text)]
    found = [match for match in found if match]
    total = sum((amount(match.group(1)) for match in found), Decimal(0))
    slack = CUT * sum(1 for match in found if match.group(2))
    shown = f"seats {state['seats']}, stakes {state['stakes']}, bank {bank_text!r}"
    return total, slack, shown


# -- one session: a page, its kernel, its random user -------------------------------------------
class Session:
    def __init__(self, number: int, key: str, name: str, short: str, seed: int):
        self.number, self.key, self.name = number, key, name
        self.label = f"{short}{number // len(VARIANTS) + 1}"
        self.root = f".bl-page-{key} .bl-table .bls"
        self.random = random.Random(seed * 1000 + number)
        self.rounds = self.clicks = self.refusals = self.unchanged = 0
        self.errors: list[str] = []
        self.refused_texts: dict[str, int] = {}
        self.last_click = "(none yet)"
        self.kernel = None
        self.rss: list[tuple[float, int]] = []  # (seconds into the soak, RSS)
        self.time_to_usable = None
        self.stopped = False
        self.reported = 0  # errors already printed
        self.speed_lost = 0  # times the speed select was found off Instant again (set again)

    # -- opening ---------------------------------------------------------------------------
    async def open(self, browser, url: str, server: Server) -> None:
        self.context = await local_context(browser)
        self.page = await self.context.new_page()
        self.socket = KernelSocket(self.page)
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda error: self._error(f"uncaught exception in the page: {error}"))
        self.page.on("crash", lambda _page: self._error("the page crashed"))
        await self.page.set_viewport_size({"width": 1280, "height": 1000})
        start = time.perf_counter()
        await self.page.goto(url, wait_until="commit", timeout=OPEN_MS)
        await self.page.locator(".bl-page-punto-banco .bl-table .bls .bl-chip").first.wait_for(timeout=OPEN_MS)
        self.time_to_usable = time.perf_counter() - start
        if self.key != "punto-banco":
            await self.page.locator(".bl-variant-selector button", has_text=self.name).click(timeout=OPEN_MS)
        await self.page.locator(f"{self.root} .bl-status").wait_for(timeout=OPEN_MS)
        await self._instant()
        for _ in range(200):
            if self.socket.kernel_ids:
                self.kernel = kernel_pid(server, self.socket.kernel_ids[0])
                break
            await asyncio.sleep(0.1)
        await self._settle(None)
        self.state = await self._read()
        self.seen_done = self.state["done"]
        self.wealth = wealth(self.state)
        self.seen_errors = set(self.state["errors"])
        for text in self.state["errors"]:
            self._error(f"error box on opening: {text[:500]}")

    async def _instant(self) -> None:
        await self.page.locator(f"{self.root} .bl-speed select").select_option(label="Instant", timeout=OPEN_MS)

    def _console(self, message) -> None:
        if message.type == "error":
            location = message.location or {}
            where = f" ({location.get('url', '')}:{location.get('lineNumber', '')})" if location else ""
            self._error(f"console error: {message.text[:300]}{where}")

    def _error(self, text: str) -> None:
        self.errors.append(f"{self.label} ({self.name}), {time.strftime('%H:%M:%S')}, "
                           f"after {self.last_click}: {text}")

    # -- playing ---------------------------------------------------------------------------
    async def _read(self) -> dict:
        return await self.page.evaluate(STATE_JS, self.root)

    async def _settle(self, sent_before: int | None) -> bool:
        """Until the click's message is sent (``sent_before``: the count before it), the kernel has
        answered every message, the page has sent nothing more for a moment and shows no coup
        on its way (at Instant speed a coup is shown at once)."""
        deadline = time.monotonic() + ANSWER_SECONDS
        while time.monotonic() < deadline:
            if (sent_before is None or self.socket.sent > sent_before) and self.socket.quiet():
                if not await self.page.locator(f"{self.root}.bls-revealing").count():
                    return True
            await asyncio.sleep(0.05)
        return False

    def _choose(self, state: dict) -> tuple[str, str | None]:
        """(a control's data-focus, a value to type) chosen at random among the enabled controls."""
        controls = [c for c in state["controls"] if c not in NOT_CLICKED]
        kernel_actions = [c for c in controls if not LOCAL_ONLY.match(c) and c != "NEW_SESSION"]
        if not kernel_actions:  # broke, or the table is over: only a new session goes on
            return ("NEW_SESSION", None) if "NEW_SESSION" in controls else ("", None)
        weights = []
        for control in controls:
            if control.startswith("spot-"):
                weights.append(2)
            elif control.startswith("chip-"):
                weights.append(0.5)
            elif control.startswith("action-"):
                weights.append(3)
            else:
                weights.append({"DEAL": 4, "NEXT": 3, "REBET": 1.5, "UNDO": 0.7, "CLEAR": 0.3, "amount": 1,
                                "NEW_SESSION": 0.02}.get(control, 0.3))
        control = self.random.choices(controls, weights)[0]
        if control == "amount":
            low, high = state["amount"]  # what the input allows: whole chips between, or an end
            whole = list(range(int(-(-low // 1)), int(high // 1) + 1))
            return control, f"{self.random.choice([*whole, low, high]):g}"
        return control, None

    async def run(self, deadline: float) -> None:
        while time.monotonic() < deadline and not self.stopped:
            try:
                await self._step()
            except Exception as error:  # noqa: BLE001 - a page that stops answering is a finding
                first = str(error).splitlines()[0] if str(error) else ""
                self._error(f"{type(error).__name__}: {first}")
                if self.page.is_closed() or len(self.errors) > 50:
                    self.stopped = True
                    return
                await asyncio.sleep(1)
                await self._settle(None)
                self.state = await self._read()
                self.seen_done, self.wealth = self.state["done"], wealth(self.state)

    async def _step(self) -> None:
        before = self.state
        if before["speed"] != "instant":  # a redrawn table forgets the speed chosen in the page
            self.speed_lost += 1
            await self._instant()
            before = self.state = await self._read()
        control, value = self._choose(before)
        if not control:
            self._error(f"no control is enabled; the page says {before['said']!r}")
            await asyncio.sleep(5)
            self.state = await self._read()
            return
        self.last_click = f"{control}" + (f" = {value}" if value is not None else "") + f" (turn {before['turn']})"
        target = self.page.locator(f'{self.root} [data-focus="{control}"]').first
        sent_before = None if LOCAL_ONLY.match(control) else self.socket.sent
        if value is not None:
            await target.fill(value, timeout=CLICK_MS)
        else:
            await target.click(timeout=CLICK_MS)
            confirm = self.page.locator(f'{self.root} [data-focus="new-session-confirm"]').first
            if control == "NEW_SESSION" and await confirm.count():  # with hands played the page asks first
                await confirm.click(timeout=CLICK_MS)
        self.clicks += 1
        if not await self._settle(sent_before):
            self._error(f"no answer from the kernel within {ANSWER_SECONDS} s "
                        f"({len(self.socket.pending)} messages unanswered)")
        state = self.state = await self._read()
        self._check(before, state, control)

    def _check(self, before: dict, state: dict, control: str) -> None:
        for text in state["errors"]:
            if text not in self.seen_errors:
                self.seen_errors.add(text)
                self._error(f"error box: {text[:1500]}")
        if LOCAL_ONLY.match(control):
            return
        if state["tone"] == "refused" and state["turn"] == before["turn"]:
            self.refusals += 1
            box = (f" [the amount box said {before['amount_value']}, range {before['amount'][0]:g} to "
                   f"{before['amount'][1]:g}]" if before["amount"] else "")
            key = f"{control}: {state['said'][:160]}{box}"
            self.refused_texts[key] = self.refused_texts.get(key, 0) + 1
        elif (state["turn"], state["said"], state["done"]) == (before["turn"], before["said"], before["done"]):
            self.unchanged += 1
        new_round = state["done"] is not None and state["done"] != self.seen_done
        if control == "NEW_SESSION":
            self.seen_done = state["done"]
            self.wealth = wealth(state)
            return
        if self.key in SEATED:
            if new_round:
                self.seen_done = state["done"]
                self.rounds += 1
                total, slack, shown = chips_at_the_table(state)
                if abs(total - CHIPS_AT_THE_TABLE) > slack:
                    self._error(f"chips check: the table shows {total}, not 600, at the end of {state['done']}: "
                                f"{shown}")
            return
        now = wealth(state)
        if new_round:
            self.seen_done = state["done"]
            self.rounds += 1
            nets = settlement_nets(state["log"] or "")
            expected = self.wealth + sum(nets, Decimal(0))
            if now != expected:
                self._error(f"chips check: balance + on the table is {now}, expected {self.wealth} "
                            f"{'+'.join(str(n) for n in nets) or '(no settlement shown)'} = {expected} after "
                            f"{state['done']}; the log says {state['log']!r}")
        elif now != self.wealth:
            self._error(f"chips check: balance + on the table moved from {self.wealth} to {now} "
                        f"without a round ({state['balance']!r}, {state['staked']!r})")
        self.wealth = now

    def read_rss(self, seconds: float) -> int:
        size = process_rss(self.kernel) if self.kernel else 0
        self.rss.append((seconds, size))
        return size


# -- the soak -----------------------------------------------------------------------------------
def _report(minute: int, sessions: list[Session], previous: dict, seconds: float) -> None:
    per_variant = {}
    for session in sessions:
        per_variant[session.name] = per_variant.get(session.name, 0) + session.rounds
    parts = [f"{name} {count - previous.get(name, 0)}/{count}" for name, count in per_variant.items()]
    total = sum(per_variant.values())
    print(f"[soak {minute:2d} min] rounds or coups this minute/so far: " + ", ".join(parts)
          + f"; all {total - previous.get('all', 0)}/{total}; clicks so far {sum(s.clicks for s in sessions)}",
          flush=True)
    sizes = [(session.label, session.read_rss(seconds)) for session in sessions]
    print(f"             kernels' RSS: sum {mb(sum(size for _, size in sizes))}; "
          + ", ".join(f"{label} {size / 2**20:.0f}" for label, size in sizes) + " (MB)", flush=True)
    errors = sum(len(s.errors) for s in sessions)
    print(f"             errors so far: {errors}; refusals (Not allowed) {sum(s.refusals for s in sessions)}; "
          f"clicks with no visible change {sum(s.unchanged for s in sessions)}; load average {load_average()}",
          flush=True)
    new = [text for session in sessions for text in session.errors[session.reported:]]
    for text in new[:20]:
        print(f"             ERROR {text[:2000]}", flush=True)
    if len(new) > 20:
        print(f"             ... and {len(new) - 20} more errors this minute", flush=True)
    for session in sessions:
        session.reported = len(session.errors)
    previous.update(per_variant, all=total)


async def _wait_for_cull(server: Server, kernels: dict[str, int], idle: int, interval: int) -> None:
    """Poll until the soak's kernels are gone, or idle + 3 intervals + 30 s have passed."""
    start = time.monotonic()
    gone: dict[str, float] = {}
    limit = idle + 3 * interval + 30
    checkpoints = {5: None, idle + interval: None}
    while time.monotonic() - start < limit:
        alive = set(server.kernel_rss())
        for label, pid in kernels.items():
            if label not in gone and pid not in alive:
                gone[label] = time.monotonic() - start
        elapsed = time.monotonic() - start
        for checkpoint in checkpoints:
            if checkpoints[checkpoint] is None and elapsed >= checkpoint:
                checkpoints[checkpoint] = len(gone)
        if len(gone) == len(kernels) and all(v is not None for v in checkpoints.values()):
            break
        await asyncio.sleep(1)
    for checkpoint, count in checkpoints.items():
        print(f"    {count if count is not None else len(gone)}/{len(kernels)} of the soak's kernels gone "
              f"{checkpoint} s after the pages were closed")
    print(f"    gone at the end of the wait ({time.monotonic() - start:.0f} s): {len(gone)}/{len(kernels)}  "
          f"[target: all, within idle {idle} s + interval {interval} s]; when: "
          + ", ".join(f"{label} {seconds:.0f} s" for label, seconds in sorted(gone.items(), key=lambda x: x[1])))
    left = [label for label in kernels if label not in gone]
    if left:
        print(f"    STILL RUNNING: {', '.join(left)}")
    others = [pid for pid in server.kernel_rss() if pid not in kernels.values()]
    print(f"    other kernels of the server now: {len(others)} (the preheated pool's spare)")


async def soak(minutes: float, sessions_count: int, seed: int, idle: int, interval: int) -> None:
    from playwright.async_api import async_playwright

    os.environ[CULL_IDLE_VARIABLE] = str(idle)
    os.environ[CULL_INTERVAL_VARIABLE] = str(interval)
    server = Server(preheat=True)
    try:
        server.wait_for_pool(1)
        server.wait_for_idle_kernels()
        async with async_playwright() as playwright:
            browser = await launch_chromium(playwright)
            sessions = [Session(n, *VARIANTS[n % len(VARIANTS)], seed) for n in range(sessions_count)]
            start = time.perf_counter()
            await asyncio.gather(*(session.open(browser, server.url, server) for session in sessions))
            print(f"Opened {sessions_count} pages at once in {time.perf_counter() - start:.0f} s "
                  f"(time to a usable table: "
                  + ", ".join(f"{k} {v:.1f} s" for k, v in percentiles([s.time_to_usable for s in sessions]).items())
                  + "); kernels: " + ", ".join(f"{s.label} pid {s.kernel}" for s in sessions), flush=True)
            for session in sessions:
                session.read_rss(0)
            meter = Meter(server)
            meter.start()
            begun = time.monotonic()
            deadline = begun + minutes * 60
            previous: dict = {}

            async def reporter() -> None:
                minute = 0
                while True:
                    minute += 1
                    wake = begun + minute * 60
                    if wake > deadline + 1:
                        break
                    await asyncio.sleep(max(0.0, wake - time.monotonic()))
                    _report(minute, sessions, previous, time.monotonic() - begun)

            await asyncio.gather(reporter(), *(session.run(deadline) for session in sessions))
            cpu = meter.stop()
            _summary(sessions, cpu)
            kernels = {s.label: s.kernel for s in sessions if s.kernel}
            print(f"Closing the {len(sessions)} pages (a tab closed: page.close()), then waiting for the cull:")
            for session in sessions:
                await session.page.close()
                await session.context.close()
            await _wait_for_cull(server, kernels, idle, interval)
            await browser.close()
    finally:
        server.stop()


def _summary(sessions: list[Session], cpu: dict) -> None:
    print(f"Soak over: {cpu['wall'] / 60:.1f} minutes of play, load average {load_average()}.")
    by_variant: dict[str, int] = {}
    for session in sessions:
        by_variant[session.name] = by_variant.get(session.name, 0) + session.rounds
    print(f"    rounds or coups played: {sum(by_variant.values())} ("
          + ", ".join(f"{name} {count}" for name, count in by_variant.items()) + "); per page: "
          + ", ".join(f"{s.label} {s.rounds}" for s in sessions))
    print(f"    clicks: {sum(s.clicks for s in sessions)}; refusals (Not allowed) {sum(s.refusals for s in sessions)}; "
          f"clicks with no visible change {sum(s.unchanged for s in sessions)}; the deal speed found off Instant "
          f"(and set again) {sum(s.speed_lost for s in sessions)} times")
    refused: dict[str, int] = {}
    for session in sessions:
        for text, count in session.refused_texts.items():
            refused[f"{session.name}: {text}"] = refused.get(f"{session.name}: {text}", 0) + count
    for text, count in sorted(refused.items(), key=lambda item: -item[1])[:12]:
        print(f"      refused {count}x  {text}")
    errors = [text for session in sessions for text in session.errors]
    print(f"    errors: {len(errors)}  [target: 0]")
    for text in errors[:30]:
        print(f"      {text[:2000]}")
    print("    kernel memory, first-minute reading -> last [target: growth <= 10%]:")
    for session in sessions:
        readings = session.rss
        first = readings[1] if len(readings) > 2 else readings[0]
        last = readings[-1]
        growth = (last[1] - first[1]) / first[1] * 100 if first[1] else float("nan")
        print(f"      {session.label:<6} {mb(readings[0][1]):>7} at the start, {mb(first[1]):>7} at "
              f"{first[0] / 60:.0f} min, {mb(last[1]):>7} at {last[0] / 60:.0f} min: {growth:+.1f}%  "
              f"({session.rounds} rounds)")
    print(f"    CPU over the soak: server side (launcher, Voilà, kernels) {cpu['server']:.0f} s, "
          f"browser (Chromium) {cpu['browser']:.0f} s, Playwright's driver {cpu['driver']:.0f} s, "
          f"of {cpu['wall'] * (os.cpu_count() or 1):.0f} core-seconds")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--sessions", type=int, default=10, help="pages, the five variants in turn")
    parser.add_argument("--seed", type=int, default=1, help="of the random users' choices")
    parser.add_argument("--cull-idle", type=int, default=60, help="seconds: " + CULL_IDLE_VARIABLE)
    parser.add_argument("--cull-interval", type=int, default=10, help="seconds: " + CULL_INTERVAL_VARIABLE)
    args = parser.parse_args(argv)
    if not os.access(CHROMIUM, os.X_OK):
        print(f"{CHROMIUM} is missing: install Debian's chromium to run the browser benchmarks.", file=sys.stderr)
        return 1
    print(f"{time.strftime('%Y-%m-%d %H:%M:%S %Z')}: soak of {args.sessions} pages for {args.minutes:g} minutes "
          f"on {os.cpu_count()} cores (Chromium, Voilà and the kernels share them); load average {load_average()}.",
          flush=True)
    asyncio.run(soak(args.minutes, args.sessions, args.seed, args.cull_idle, args.cull_interval))
    print(f"Load average at the end: {load_average()}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
