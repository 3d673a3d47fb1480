"""Part 5 of the app benchmark (``benchmarks/bench_app.py --only-budgets``): the first page against
issue 10's budgets (widget models and websocket bytes before the table is usable, warm time, server
+ kernel CPU per new session, a kernel's memory after 50 rounds), at this checkout and, served beside
it with the loads interleaved, the one-button floor (``--floor``) and another revision (``--before``)."""

from __future__ import annotations

import asyncio
import io
import json
import os
import re
import statistics
import subprocess
import tarfile
import tempfile
import time
from pathlib import Path

from tools.load.server import (
    TABLE, USABLE, Server, baseline_notebook, child_pids, close_page, cpu_ticks, launch_chromium, load_average,
    local_context, mb, percentiles, process_cmdline, process_rss, wait_until_still,
)


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
    return sorted({server.process.pid, voila, *child_pids(voila)})


def _cpu_snapshot(server: Server) -> dict[int, int]:
    return {pid: cpu_ticks(pid) for pid in _server_pids(server)}


def _cpu_seconds_between(before: dict[int, int], after: dict[int, int]) -> float:
    """CPU used between two snapshots; a process born in between counts from zero (a kernel
    that died in between is lost, so the figure is a lower bound then)."""
    return sum(ticks - before.get(pid, 0) for pid, ticks in after.items()) / CLOCK_TICKS


def _wait_until_quiet(server: Server, quiet_seconds: float = 1.0, timeout: float = 90) -> None:
    """Until no server-side process has used CPU for ``quiet_seconds``."""
    wait_until_still(lambda: sum(_cpu_snapshot(server).values()), quiet_seconds, timeout,
                     "the server never went quiet")


def _kernel_pid(server: Server, kernel_id: str) -> int | None:
    for pid in server.kernel_rss():
        if kernel_id in process_cmdline(pid):
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
        # In one step: the round's marker is redrawn while the page settles, so a count then a read
        # of the same element could find it gone in between.
        previous = await page.evaluate("(selector) => document.querySelector(selector)?.getAttribute('data-round')",
                                       f"{TABLE} .bl-round-done")
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


async def _first_page(server: Server, context, run: int) -> tuple[dict, object, WebsocketTally]:
    """One warm first page load on ``server`` (its ``run``-th): its time to a usable table, what
    the websocket brought, and the server side's CPU until the pool holds a new spare kernel that
    has run the notebook and everything is quiet. Returns the figures, the open page and its tally."""
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
    split = {role: _cpu_seconds_between(before, {p: after[p] for p in pids}) for role, pids in share.items()}
    load = {"seconds": seconds, "cpu": _cpu_seconds_between(before, after), "cpu_split": split,
            "models": len(tally.model_ids), "comm_opens": tally.comm_opens, "bytes": tally.received_bytes}
    return load, page, tally


async def _kernel_after_rounds(server: Server, page, tally: WebsocketTally, rounds: int, figures: dict) -> None:
    """Play ``rounds`` rounds in ``page`` and note its kernel's RSS before and after in ``figures``."""
    kernel = _kernel_pid(server, tally.kernel_ids[0]) if tally.kernel_ids else None
    figures["kernel_rss_fresh"] = process_rss(kernel) if kernel else 0
    start = time.perf_counter()
    figures["rounds"] = await _play_rounds(page, rounds) if rounds else 0
    figures["rounds_seconds"] = time.perf_counter() - start
    figures["kernel_rss"] = process_rss(kernel) if kernel else 0


TARGET_TIME_RATIO = 1.1
TARGET_CPU_RATIO = 1.5


async def bench_budgets(sessions: int, rounds: int = ROUNDS_FOR_RSS, floor: bool = False,
                        before: Path | None = None, revision: str = "") -> list[dict]:
    """Part 5: ``sessions`` warm first page loads of the app, then ``rounds`` rounds in the last.
    With ``floor`` the one-button notebook, and with ``before`` the package found there (as
    ``revision``), are served beside it, their loads interleaved: the order turns each round (app,
    floor, then floor, app, ...), so all meet the same moments of a shared machine. Then each app's
    figures over the floor's."""
    from playwright.async_api import async_playwright

    served = {"app": ("the app (this checkout)", {})}  # name: (label, how its Server is made)
    if floor:
        served["floor"] = ("floor: a one-button notebook", {"notebook": baseline_notebook()})
    if before is not None:
        served["before"] = (f"the app at {revision}", {"package_root": before})
    figures = {name: {"label": label, "load_average_before": load_average(), "loads": []}
               for name, (label, _) in served.items()}
    servers: dict[str, Server] = {}
    try:
        for name, (_, options) in served.items():
            servers[name] = Server(preheat=True, **options)
        for server in servers.values():
            server.wait_for_pool(1)
            _wait_until_quiet(server)
        async with async_playwright() as playwright:
            browser = await launch_chromium(playwright)
            contexts = {name: await local_context(browser) for name in servers}
            names, last = list(servers), {}
            for run in range(sessions):
                for name in names[run % len(names):] + names[:run % len(names)]:
                    for other in servers.values():  # the pages closed before have gone quiet everywhere
                        _wait_until_quiet(other)
                    load, page, tally = await _first_page(servers[name], contexts[name], run)
                    figures[name]["loads"].append(load)
                    if run < sessions - 1:
                        await close_page(page)
                    else:
                        last[name] = (page, tally)
            for name, (page, tally) in last.items():  # the floor has no table to play
                await _kernel_after_rounds(servers[name], page, tally, 0 if name == "floor" else rounds, figures[name])
                await close_page(page)
                figures[name]["off_machine"] = contexts[name].off_machine
            await browser.close()
        for name in figures:
            figures[name]["load_average_after"] = load_average()
    finally:
        for server in servers.values():
            server.stop()
    for name in ("floor", "before", "app"):
        if name in figures:
            _print_budgets(figures[name])
    for name in ("before", "app"):
        if name in figures and floor:
            _print_ratios(figures[name], figures["floor"])
    return list(figures.values())


def _print_ratios(app: dict, floor: dict) -> None:
    """The app's median warm time and CPU per session over the floor's, against issue 20's targets."""
    print(f"[5] {app['label']} over the floor, {len(app['loads'])} interleaved loads each (medians):")
    for name, key, target in (("warm time to a usable table", "seconds", TARGET_TIME_RATIO),
                              ("server + kernel CPU per new session", "cpu", TARGET_CPU_RATIO)):
        mine = statistics.median(load[key] for load in app["loads"])
        theirs = statistics.median(load[key] for load in floor["loads"])
        print(f"    {name}: {mine:.2f} s / {theirs:.2f} s = {mine / theirs:.2f}x  [target <= {target}x]")
    for role in app["loads"][0]["cpu_split"]:
        mine = statistics.median(load["cpu_split"][role] for load in app["loads"])
        theirs = statistics.median(load["cpu_split"][role] for load in floor["loads"])
        print(f"      {role}: {mine:.2f} s against {theirs:.2f} s")


def checkout(revision: str, folder: Path) -> Path:
    """The package and its notebooks as they were at ``revision``, unpacked into ``folder``."""
    root = Path(__file__).resolve().parents[2]
    archive = subprocess.run(["git", "-C", str(root), "archive", revision, "baccarat_lessons", "notebooks"],
                             capture_output=True, check=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(folder)
    return folder


async def _open_usable_page(page, url: str, timeout_ms: int = 90_000):
    start = time.perf_counter()
    await page.goto(url, wait_until="commit", timeout=timeout_ms)
    await page.locator(USABLE).first.wait_for(state="visible", timeout=timeout_ms)
    return page, time.perf_counter() - start


def _print_budgets(figures: dict) -> None:
    loads = figures["loads"]
    first = loads[0]
    times = percentiles([load["seconds"] for load in loads])
    cpus = percentiles([load["cpu"] for load in loads])
    label = f" — {figures['label']}" if figures.get("label") else ""
    print(f"[5] The first page{label}, {len(loads)} warm loads "
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
    print(f"    the page's kernel RSS: {mb(figures['kernel_rss_fresh'])} fresh, {mb(figures['kernel_rss'])} after "
          f"{figures['rounds']} rounds played in the page ({figures['rounds_seconds']:.0f} s)"
          f"  [budget <= {BUDGET_KERNEL_RSS // 2**20} MB]")
    print(f"    requests that left 127.0.0.1: {len(figures['off_machine'])} {figures['off_machine'][:3]}")


def run_budgets(args) -> None:
    # --floor: the app beside one Voilà button, the part no app code can remove; --before: beside another revision.
    with tempfile.TemporaryDirectory(prefix="bench_app_before_") as folder:
        before = checkout(args.before, Path(folder)) if args.before else None
        figures = asyncio.run(bench_budgets(args.budget_loads, args.rounds, args.floor, before, args.before or ""))
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1))
