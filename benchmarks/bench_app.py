"""How fast and how heavy the Voilà app is, measured in headless Chromium on 127.0.0.1.

Prints, without asserting (targets in brackets):

1. Deal latency in the kernel: Deal click to the first revealed step, timed in
   Python inside a running asyncio loop as in a kernel            [<= 100 ms]
2. Time to a usable table (a chip on screen), cold (no preheated kernel) and
   warm (``baccarat-lessons app``, preheated)                        [warm <= 2 s]
   and, for scale, a one-button notebook served the same way (what Voilà and
   Chromium cost on this machine at this moment, whatever the app does)
3. RSS of each Voilà kernel after a played round, and of the server [<= 150 MB]
4. Load: N sessions (default 30) opened at once in a few browser contexts, each
   plays one round; time-to-interactive percentiles, rounds completed, and the
   memory of all kernels together.                                   [all play]
5. The first page against issue 10's budgets, warm (``baccarat-lessons app``):
   widget models the browser is given (``comm_open`` messages plus the models in
   the widget manager's state reply, read off the kernel websocket)   [<= 40]
   and bytes received over the websocket before the table is usable  [<= 100 KiB];
   time to a usable table                                            [<= 0.8 s];
   CPU seconds of the server's processes (launcher, Voilà, every kernel, not the
   browser) per new session: from before the page is opened until the pool holds
   a kernel that has run the notebook again and everything is quiet  [<= 0.5 s];
   RSS of the page's kernel after 50 rounds played in the page       [<= 120 MB]

Usage::

    .venv/bin/python benchmarks/bench_app.py                 # everything
    .venv/bin/python benchmarks/bench_app.py --quick         # no 30-session load run
    .venv/bin/python benchmarks/bench_app.py --only-budgets  # just part 5
    .venv/bin/python benchmarks/bench_app.py --only-budgets --before 2d0c325   # part 5 then and now
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

from baccarat_lessons.app import app_notebook, voila_arguments, voila_environment

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
TABLE = ".bl-page-punto-banco .bl-table"
USABLE = f"{TABLE} .bl-chip"
POOL_FILLED = "is filled with"
OFF_MACHINE = re.compile(r"^https?://(?!127\.0\.0\.1[:/])")


# -- 1. kernel-side deal latency ------------------------------------------------------
def _walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


def _by_class(root, name: str):
    return [w for w in _walk(root) if name in getattr(w, "_dom_classes", ())]


async def _deal_latencies(rounds: int) -> list[float]:
    from baccarat_lessons.widgets import PuntoBancoTable

    table = PuntoBancoTable(variant="punto-banco", seed=1)
    root = table.widget
    chip = next(w for w in _by_class(root, "bl-chip") if w.description.strip() == "5")
    spot = _by_class(root, "bl-spot-banker")[0]
    deal = _by_class(root, "bl-deal")[0]
    reveal = _by_class(root, "bl-reveal")[0]
    new_session = _by_class(root, "bl-new-session")[0]
    latencies = []
    for _ in range(rounds):
        first_update: list[float] = []
        handler = lambda change: first_update.append(time.perf_counter()) if not first_update else None  # noqa: E731
        reveal.observe(handler, names="value")
        new_session.click()
        chip.click()
        spot.click()
        await asyncio.sleep(0)
        first_update.clear()
        start = time.perf_counter()
        deal.click()
        returned = time.perf_counter()
        reveal.unobserve(handler, names="value")
        if not first_update:
            raise RuntimeError("Deal did not update the reveal synchronously")
        latencies.append((first_update[0] - start, returned - start))
        await asyncio.sleep(0)
    return latencies


def bench_deal_latency(rounds: int = 30) -> None:
    latencies = asyncio.run(_deal_latencies(rounds))
    for label, values in (("first revealed step", [first for first, _ in latencies]),
                          ("Deal callback returned", [whole for _, whole in latencies])):
        shown = ", ".join(f"{name} {value * 1000:.1f} ms" for name, value in _percentiles(values).items())
        print(f"[1] Deal click -> {label}, in the kernel's Python ({rounds} rounds): {shown}  [target <= 100 ms]")
    print("    (later steps follow on the kernel's event loop at the deal speed; comm messages not included)")


# -- servers ------------------------------------------------------------------------
def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """A Voilà app server on a free port; ``preheat=False`` serves every page cold.
    ``package_root``: serve the package found there (another revision) instead of this one."""

    def __init__(self, preheat: bool, notebook: Path | None = None, package_root: Path | None = None):
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.log = Path(tempfile.mkstemp(prefix="bench_app_", suffix=".log")[1])
        if notebook is not None:  # the same server settings on another notebook
            command = [sys.executable, "-m", "voila", *voila_arguments(notebook, self.port, False, False)]
        elif preheat:  # exactly what users run
            command = [sys.executable, "-m", "baccarat_lessons.cli", "app", "--no-browser", f"--port={self.port}"]
        else:
            arguments = voila_arguments(app_notebook(), self.port, open_browser=False, debug=False)
            arguments = [a for a in arguments if not a.startswith(("--preheat_kernel", "--pool_size"))]
            command = [sys.executable, "-m", "voila", *arguments, "--preheat_kernel=False"]
        environment = voila_environment()
        if package_root is not None:
            environment["PYTHONPATH"] = str(package_root)
        with open(self.log, "wb") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT,
                                            cwd=tempfile.gettempdir(), env=environment)
        self._wait_for_port()

    def _wait_for_port(self) -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError(f"server did not start; see {self.log}")

    def pool_fills(self) -> int:
        return self.log.read_text(errors="replace").count(POOL_FILLED)

    def wait_for_pool(self, fills: int, timeout: float = 90) -> None:
        deadline = time.monotonic() + timeout
        while self.pool_fills() < fills:
            if time.monotonic() > deadline:
                raise RuntimeError("the kernel pool was not refilled in time")
            time.sleep(0.2)

    def wait_for_idle_kernels(self, quiet_seconds: float = 1.0, timeout: float = 90) -> None:
        """Wait until no kernel uses CPU: the preheated kernel has finished running the notebook
        (the "pool is filled" line comes when kernels start, before that)."""
        _wait_until_still(lambda: sum(_cpu_ticks(pid) for pid in self.kernel_rss()), quiet_seconds, timeout,
                          "the kernels never went quiet")

    def voila_pid(self) -> int:
        """The Voilà process: the launcher's child, or the server itself when run directly."""
        children = _children(self.process.pid)
        return children[0] if children and "voila" in _cmdline(children[0]) else self.process.pid

    def kernel_rss(self) -> dict[int, int]:
        """Resident memory in bytes of every kernel of this server."""
        return {pid: _rss(pid) for pid in _children(self.voila_pid()) if "ipykernel" in _cmdline(pid)}

    def stop(self) -> None:
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.unlink(missing_ok=True)


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return sorted(found)


def _cpu_ticks(pid: int) -> int:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0
    return int(fields[11]) + int(fields[12])  # utime + stime


def _rss(pid: int) -> int:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    match = re.search(r"VmRSS:\s+(\d+) kB", status)
    return int(match.group(1)) * 1024 if match else 0


def _load_average() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def _percentiles(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    if len(ordered) == 1:
        return {"p50": ordered[0], "max": ordered[0]}
    cuts = statistics.quantiles(ordered, n=20, method="inclusive")
    return {"p50": statistics.median(ordered), "p90": cuts[17], "p95": cuts[18], "max": ordered[-1]}


def _mb(size: int) -> str:
    return f"{size / 2**20:.0f} MB"


# -- 2 & 3. time to interactive, memory -----------------------------------------------
async def _open_usable(context, url: str, timeout_ms: int = 90_000):
    page = await context.new_page()
    start = time.perf_counter()
    # Voilà streams the page while the notebook runs: count from the request, not the load event.
    await page.goto(url, wait_until="commit", timeout=timeout_ms)
    await page.locator(USABLE).first.wait_for(state="visible", timeout=timeout_ms)
    return page, time.perf_counter() - start


async def _play_round(page, timeout_ms: int = 90_000) -> None:
    table = page.locator(TABLE)
    await table.locator(".bl-chip", has_text=re.compile(r"^\s*5\s*$")).first.click()
    await table.locator(".bl-spot-banker").first.click()
    await table.locator(".bl-deal").first.click()
    await table.locator(".bl-round-done").first.wait_for(state="attached", timeout=timeout_ms)


async def _close(page) -> None:
    await page.goto("about:blank")  # sends the unload request that stops the kernel
    await page.close()


async def _launch(playwright):
    return await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


async def _local_context(browser):
    """A browser context that may reach 127.0.0.1 only (Voilà's page links a font CDN)."""
    async def refuse(route):
        await route.abort()

    context = await browser.new_context()
    await context.route(OFF_MACHINE, refuse)
    return context


# A one-button notebook: what Voilà itself costs on this machine right now.
BASELINE_SOURCE = (
    "import ipywidgets as widgets\n"
    "chip = widgets.Button(description='5')\nchip.add_class('bl-chip')\n"
    "table = widgets.VBox([chip])\ntable.add_class('bl-table')\n"
    "page = widgets.VBox([table])\npage.add_class('bl-page-punto-banco')\npage"
)


def _baseline_notebook() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="bench_app_baseline_"))
    path = folder / "baseline.ipynb"
    path.write_text(json.dumps({
        "cells": [{"cell_type": "code", "execution_count": None, "id": "b", "metadata": {}, "outputs": [],
                   "source": BASELINE_SOURCE}],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5,
    }))
    return path


async def bench_time_to_interactive(preheat: bool, repeat: int, baseline: bool = False) -> None:
    from playwright.async_api import async_playwright

    label = "warm (preheated kernel)" if preheat else "cold (kernel started per page)"
    if baseline:
        label = "baseline one-button notebook, warm"
    server = Server(preheat, notebook=_baseline_notebook() if baseline else None)
    try:
        async with async_playwright() as playwright:
            browser = await _launch(playwright)
            context = await _local_context(browser)
            times, kernels = [], {}
            for run in range(repeat):
                if preheat:  # each page should find a kernel that has already run the notebook
                    server.wait_for_pool(run + 1)
                    server.wait_for_idle_kernels()
                page, seconds = await _open_usable(context, server.url)
                times.append(seconds)
                if run == repeat - 1 and not baseline:
                    await _play_round(page)
                    kernels = server.kernel_rss()
                await _close(page)
            await browser.close()
        shown = ", ".join(f"{name} {value:.2f} s" for name, value in _percentiles(times).items())
        target = "  [target <= 2 s]" if preheat and not baseline else ""
        print(f"[2] Time to a usable table, {label}, {repeat} loads: {shown}{target}")
        if preheat and not baseline:
            sizes = ", ".join(_mb(size) for size in kernels.values())
            print(f"[3] RSS per kernel (page open, one round played, plus the preheated spare): {sizes}  [target <= 150 MB]")
            print(f"    Voilà server RSS: {_mb(_rss(server.voila_pid()))}")
    finally:
        server.stop()


# -- 4. load --------------------------------------------------------------------------
async def bench_load(sessions: int, contexts: int, time_limit: float) -> None:
    from playwright.async_api import async_playwright

    server = Server(preheat=True)
    try:
        server.wait_for_pool(1)
        server.wait_for_idle_kernels()
        async with async_playwright() as playwright:
            browser = await _launch(playwright)
            pool = [await _local_context(browser) for _ in range(contexts)]
            opened, played, failures, pages = [], [], [], []

            async def session(number: int) -> None:
                try:
                    page, seconds = await _open_usable(pool[number % contexts], server.url, timeout_ms=int(time_limit * 1000))
                    pages.append(page)
                    opened.append(seconds)
                    await _play_round(page, timeout_ms=int(time_limit * 1000))
                    played.append(number)
                except Exception as error:  # noqa: BLE001 - counted and reported, never hidden
                    failures.append(f"session {number}: {type(error).__name__}: {str(error).splitlines()[0]}")

            start = time.perf_counter()
            try:
                await asyncio.wait_for(asyncio.gather(*(session(n) for n in range(sessions))), time_limit)
            except asyncio.TimeoutError:
                failures.append(f"the run passed its {time_limit:.0f} s limit")
            wall = time.perf_counter() - start
            kernels = server.kernel_rss()
            await asyncio.gather(*(_close(page) for page in pages), return_exceptions=True)
            await browser.close()
        shown = ", ".join(f"{name} {value:.1f} s" for name, value in _percentiles(opened).items()) if opened else "none"
        print(f"[4] Load: {sessions} sessions in {contexts} contexts, {wall:.1f} s wall clock")
        print(f"    opened {len(opened)}/{sessions}, played a round {len(played)}/{sessions}  [target: all]")
        print(f"    time to interactive: {shown}")
        print(f"    kernels: {len(kernels)}, together {_mb(sum(kernels.values()))}; "
              f"Voilà server {_mb(_rss(server.voila_pid()))}")
        for failure in failures[:10]:
            print(f"    FAILED {failure}")
    finally:
        server.stop()


# -- 5. the first page against issue 10's budgets --------------------------------------
BUDGET_MODELS = 40
BUDGET_WEBSOCKET_BYTES = 100 * 1024
BUDGET_WARM_SECONDS = 0.8
BUDGET_CPU_SECONDS = 0.5
BUDGET_KERNEL_RSS = 120 * 2**20
ROUNDS_FOR_RSS = 50
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def _kernel_message(payload: bytes | str) -> dict:
    """One Jupyter message from a kernel websocket frame: JSON text (the old protocol)
    or ``v1.kernel.websocket.jupyter.org`` binary (offsets, channel, header, parent,
    metadata, content, buffers)."""
    if isinstance(payload, str):
        message = json.loads(payload)
        return {"msg_type": message.get("msg_type") or message["header"]["msg_type"],
                "content": message.get("content", {})}
    count = int.from_bytes(payload[:8], "little")
    offsets = [int.from_bytes(payload[8 * (i + 1):8 * (i + 2)], "little") for i in range(count)]
    ends = offsets[1:] + [len(payload)]
    parts = [payload[start:end] for start, end in zip(offsets, ends)]
    header, content = json.loads(parts[1]), json.loads(parts[4])
    return {"msg_type": header["msg_type"], "content": content}


class WebsocketTally:
    """What the kernel sends the page until :meth:`stop`: bytes, and the widget models
    it creates — one per ``comm_open`` of a widget, plus every model in the widget
    manager's ``update_states`` reply (how a preheated kernel hands over its widgets)."""

    def __init__(self, page):
        self.received_bytes = 0
        self.frames = 0
        self.comm_opens = 0
        self.model_ids: set[str] = set()
        self.kernel_ids: list[str] = []
        self.is_counting = True
        page.on("websocket", self._watch)

    def _watch(self, websocket) -> None:
        match = re.search(r"/api/kernels/([0-9a-f-]+)/channels", websocket.url)
        if match:
            self.kernel_ids.append(match.group(1))
            websocket.on("framereceived", self._received)

    def _received(self, payload) -> None:
        if not self.is_counting:
            return
        self.frames += 1
        self.received_bytes += len(payload.encode() if isinstance(payload, str) else payload)
        try:
            message = _kernel_message(payload)
        except (ValueError, KeyError, IndexError):
            return
        content = message["content"]
        if message["msg_type"] == "comm_open" and content.get("target_name") == "jupyter.widget":
            self.comm_opens += 1
            self.model_ids.add(content.get("comm_id", ""))
        elif message["msg_type"] == "comm_msg" and content.get("data", {}).get("method") == "update_states":
            self.model_ids.update(content["data"].get("states", {}))

    def stop(self) -> None:
        self.is_counting = False


def _server_pids(server: Server) -> list[int]:
    """The launcher, Voilà and every kernel: all of the server side, none of the browser."""
    voila = server.voila_pid()
    return sorted({server.process.pid, voila, *_children(voila)})


def _cpu_snapshot(server: Server) -> dict[int, int]:
    return {pid: _cpu_ticks(pid) for pid in _server_pids(server)}


def _cpu_seconds_between(before: dict[int, int], after: dict[int, int]) -> float:
    """CPU used between two snapshots; a process born in between counts from zero (a kernel
    that died in between is lost, so the figure is a lower bound then)."""
    return sum(ticks - before.get(pid, 0) for pid, ticks in after.items()) / CLOCK_TICKS


def _wait_until_quiet(server: Server, quiet_seconds: float = 1.0, timeout: float = 90) -> None:
    """Until no server-side process has used CPU for ``quiet_seconds``."""
    _wait_until_still(lambda: sum(_cpu_snapshot(server).values()), quiet_seconds, timeout,
                      "the server never went quiet")


def _wait_until_still(read_ticks, quiet_seconds: float, timeout: float, failure: str) -> None:
    """Poll ``read_ticks()`` (CPU ticks) until it has not changed for ``quiet_seconds``."""
    deadline = time.monotonic() + timeout
    last, quiet_since = None, time.monotonic()
    while time.monotonic() < deadline:
        ticks = read_ticks()
        now = time.monotonic()
        if ticks != last:
            last, quiet_since = ticks, now
        elif now - quiet_since >= quiet_seconds:
            return
        time.sleep(0.1)
    raise RuntimeError(failure)


def _kernel_pid(server: Server, kernel_id: str) -> int | None:
    for pid in server.kernel_rss():
        if kernel_id in _cmdline(pid):
            return pid
    return None


async def _play_rounds(page, rounds: int, timeout_ms: int = 60_000) -> int:
    """Place 5 on Banker and Deal, ``rounds`` times, each time until the round is complete
    ("Show all" skips the dealing pace, as a student may)."""
    table = page.locator(TABLE)
    chip = table.locator(".bl-chip", has_text=re.compile(r"^\s*5\s*$")).first
    played = 0
    for _ in range(rounds):
        await chip.click(timeout=timeout_ms)
        await table.locator(".bl-spot-banker").first.click(timeout=timeout_ms)
        done_before = await table.locator(".bl-round-done").count()
        previous = await table.locator(".bl-round-done").first.get_attribute("data-round") if done_before else None
        await table.locator(".bl-deal").first.click(timeout=timeout_ms)
        try:
            await table.locator(".bl-skip").first.click(timeout=1500)
        except Exception:  # noqa: BLE001 - the round may already be over: nothing to skip
            pass
        await page.wait_for_function(
            """([selector, previous]) => {
                const done = document.querySelector(selector);
                return done && done.getAttribute('data-round') !== previous;
            }""",
            arg=[f"{TABLE} .bl-round-done", previous], timeout=timeout_ms)
        played += 1
    return played


async def bench_budgets(sessions: int, rounds: int = ROUNDS_FOR_RSS, package_root: Path | None = None,
                        label: str = "") -> dict:
    """Part 5: each of ``sessions`` warm first page loads, then ``rounds`` rounds in the last."""
    from playwright.async_api import async_playwright

    server = Server(preheat=True, package_root=package_root)
    figures: dict = {"label": label, "load_average_before": _load_average()}
    try:
        server.wait_for_pool(1)
        _wait_until_quiet(server)
        async with async_playwright() as playwright:
            browser = await _launch(playwright)
            context = await _local_context(browser)
            loads = []
            for run in range(sessions):
                before = _cpu_snapshot(server)
                page = await context.new_page()
                tally = WebsocketTally(page)
                page, seconds = await _open_usable_page(page, server.url)
                tally.stop()
                server.wait_for_pool(run + 2)  # the spare kernel taken by this page is replaced...
                _wait_until_quiet(server)  # ...and has run the notebook
                after = _cpu_snapshot(server)
                kernels = set(server.kernel_rss())
                page_kernel = _kernel_pid(server, tally.kernel_ids[0]) if tally.kernel_ids else None
                share = {"server": [p for p in after if p not in kernels],
                         "page's kernel": [p for p in after if p == page_kernel],
                         "new spare kernel": [p for p in after if p in kernels and p not in before]}
                split = {role: _cpu_seconds_between(before, {p: after[p] for p in pids})
                         for role, pids in share.items()}
                cpu = _cpu_seconds_between(before, after)
                loads.append({"seconds": seconds, "cpu": cpu, "cpu_split": split, "models": len(tally.model_ids),
                              "comm_opens": tally.comm_opens, "bytes": tally.received_bytes})
                if run < sessions - 1:
                    await _close(page)
            kernel = _kernel_pid(server, tally.kernel_ids[0]) if tally.kernel_ids else None
            rss_before = _rss(kernel) if kernel else 0
            start = time.perf_counter()
            played = await _play_rounds(page, rounds)
            figures["rounds_seconds"] = time.perf_counter() - start
            figures["rounds"] = played
            figures["kernel_rss_fresh"] = rss_before
            figures["kernel_rss"] = _rss(kernel) if kernel else 0
            await _close(page)
            await browser.close()
        figures["loads"] = loads
        figures["load_average_after"] = _load_average()
    finally:
        server.stop()
    _print_budgets(figures)
    return figures


def checkout(revision: str, folder: Path) -> Path:
    """The package and its notebooks as they were at ``revision``, unpacked into ``folder``."""
    root = Path(__file__).resolve().parent.parent
    archive = subprocess.run(["git", "-C", str(root), "archive", revision, "baccarat_lessons", "notebooks"],
                             capture_output=True, check=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(folder)
    return folder


def _summary(figures: dict) -> dict[str, str]:
    loads = figures["loads"]
    first = loads[0]
    return {
        "widget models": f"{first['models']}",
        "websocket before usable": f"{first['bytes'] / 1024:.0f} KiB",
        "warm time to usable (p50)": f"{statistics.median(l['seconds'] for l in loads):.2f} s",
        "CPU per new session (p50)": f"{statistics.median(l['cpu'] for l in loads):.2f} s",
        "kernel RSS after rounds": f"{_mb(figures['kernel_rss'])}",
        "load average at start": figures["load_average_before"].split()[0],
    }


def bench_budgets_before_after(revision: str, sessions: int, rounds: int) -> list[dict]:
    """Part 5 at ``revision`` and at this checkout, one after the other, then side by side."""
    with tempfile.TemporaryDirectory(prefix="bench_app_before_") as folder:
        before = asyncio.run(bench_budgets(sessions, rounds, checkout(revision, Path(folder)), f"before ({revision})"))
    after = asyncio.run(bench_budgets(sessions, rounds, label="after (this checkout)"))
    budgets = [f"<= {BUDGET_MODELS}", f"<= {BUDGET_WEBSOCKET_BYTES // 1024} KiB", f"<= {BUDGET_WARM_SECONDS} s",
               f"<= {BUDGET_CPU_SECONDS} s", f"<= {BUDGET_KERNEL_RSS // 2**20} MB", ""]
    print(f"[5] before = {revision}, after = this checkout")
    print(f"    {'figure':<28}{'before':>10}{'after':>10}  budget")
    for (name, old), new, budget in zip(_summary(before).items(), _summary(after).values(), budgets):
        print(f"    {name:<28}{old:>10}{new:>10}  {budget}")
    return [before, after]


async def _open_usable_page(page, url: str, timeout_ms: int = 90_000):
    start = time.perf_counter()
    await page.goto(url, wait_until="commit", timeout=timeout_ms)
    await page.locator(USABLE).first.wait_for(state="visible", timeout=timeout_ms)
    return page, time.perf_counter() - start


def _print_budgets(figures: dict) -> None:
    loads = figures["loads"]
    first = loads[0]
    times = _percentiles([load["seconds"] for load in loads])
    cpus = _percentiles([load["cpu"] for load in loads])
    label = f" — {figures['label']}" if figures.get("label") else ""
    print(f"[5] The first page{label}, warm, {len(loads)} loads one after another "
          f"(load average {figures['load_average_before']} before, {figures['load_average_after']} after):")
    print(f"    widget models given to the page: {first['models']} "
          f"({first['comm_opens']} by comm_open, the rest in the state reply)  [budget <= {BUDGET_MODELS}]")
    print(f"    received over the websocket before the table is usable: {first['bytes'] / 1024:.0f} KiB"
          f"  [budget <= {BUDGET_WEBSOCKET_BYTES // 1024} KiB]")
    print("    time to a usable table: " + ", ".join(f"{k} {v:.2f} s" for k, v in times.items())
          + f"  [budget <= {BUDGET_WARM_SECONDS} s]")
    print("    server + kernel CPU per new session: " + ", ".join(f"{k} {v:.2f} s" for k, v in cpus.items())
          + f"  [budget <= {BUDGET_CPU_SECONDS} s]")
    split = {role: statistics.median(load["cpu_split"][role] for load in loads) for role in first["cpu_split"]}
    print("      of which (medians): " + ", ".join(f"{role} {value:.2f} s" for role, value in split.items()))
    print(f"    the page's kernel RSS: {_mb(figures['kernel_rss_fresh'])} fresh, {_mb(figures['kernel_rss'])} after "
          f"{figures['rounds']} rounds played in the page ({figures['rounds_seconds']:.0f} s)"
          f"  [budget <= {BUDGET_KERNEL_RSS // 2**20} MB]")


def _budgets(args) -> None:
    if args.before:
        figures = bench_budgets_before_after(args.before, args.budget_loads, args.rounds)
    else:
        figures = asyncio.run(bench_budgets(args.budget_loads, args.rounds))
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="page loads per cold/warm measurement")
    parser.add_argument("--sessions", type=int, default=30)
    parser.add_argument("--contexts", type=int, default=5)
    parser.add_argument("--time-limit", type=float, default=300, help="seconds for the whole load run")
    parser.add_argument("--skip-cold", action="store_true")
    parser.add_argument("--skip-load", action="store_true")
    parser.add_argument("--skip-baseline", action="store_true")
    parser.add_argument("--quick", action="store_true", help="skip the load run (part 4)")
    parser.add_argument("--only-budgets", action="store_true", help="part 5 only")
    parser.add_argument("--budget-loads", type=int, default=3, help="first page loads in part 5")
    parser.add_argument("--rounds", type=int, default=ROUNDS_FOR_RSS, help="rounds played before part 5's RSS")
    parser.add_argument("--json", type=Path, help="also write part 5's figures to this file")
    parser.add_argument("--before", metavar="REV", help="run part 5 at this git revision too and print both")
    args = parser.parse_args(argv)
    if not os.access(CHROMIUM, os.X_OK):
        print(f"{CHROMIUM} is missing: install Debian's chromium to run the browser benchmarks.", file=sys.stderr)
        return 1
    print(f"Machine: {os.cpu_count()} cores; Chromium and the kernels share them. "
          f"Load average {_load_average()}.")
    if args.only_budgets:
        _budgets(args)
        return 0
    bench_deal_latency()
    if not args.skip_cold:
        asyncio.run(bench_time_to_interactive(preheat=False, repeat=args.repeat))
    asyncio.run(bench_time_to_interactive(preheat=True, repeat=args.repeat))
    if not args.skip_baseline:
        asyncio.run(bench_time_to_interactive(preheat=True, repeat=args.repeat, baseline=True))
    _budgets(args)
    if not (args.skip_load or args.quick):
        asyncio.run(bench_load(args.sessions, args.contexts, args.time_limit))
    print(f"Load average at the end: {_load_average()}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
