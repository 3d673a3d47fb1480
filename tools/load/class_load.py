"""Part 4 of the app benchmark (``benchmarks/bench_app.py --only-load``; the classroom load: N
sessions opened at once), and what it and the soak (``soak.py``) measure of processes with psutil:
CPU of the server's side (the launcher, Voilà, every kernel) apart from the browser's (the Chromium
processes Playwright started), and each page's kernel by the id in its websocket's address."""

from __future__ import annotations

import asyncio
import os
import re
import time

import psutil

from tools.load.server import (
    TABLE, USABLE, Server, close_page, launch_chromium, load_average, local_context, mb, percentiles, process_cmdline,
    process_rss,
)


# -- CPU of process trees, with psutil ------------------------------------------------------
def server_pids(server: Server) -> list[int]:
    """The launcher, Voilà and every child of Voilà (the kernels): all of the server side."""
    voila = server.voila_pid()
    try:
        children = [child.pid for child in psutil.Process(voila).children(recursive=True)]
    except psutil.Error:
        children = []
    return sorted({server.process.pid, voila, *children})


def browser_pids() -> tuple[list[int], list[int]]:
    """(Chromium's processes, the Playwright driver): the descendants of this process that are
    not a server's. Playwright runs a node driver as our child, and the driver starts Chromium."""
    drivers, chromium = [], []
    for child in psutil.Process().children():
        try:
            line = " ".join(child.cmdline())
        except psutil.Error:
            continue
        if "playwright" in line or child.name() == "node":
            drivers.append(child.pid)
            try:
                chromium += [p.pid for p in child.children(recursive=True)]
            except psutil.Error:
                pass
    return chromium, drivers


def cpu_snapshot(pids) -> dict[int, tuple[float, float]]:
    """pid -> (start time, CPU seconds, user + system) of every process still alive."""
    found = {}
    for pid in pids:
        try:
            process = psutil.Process(pid)
            times = process.cpu_times()
            found[pid] = (process.create_time(), times.user + times.system)
        except psutil.Error:
            continue
    return found


def cpu_between(before: dict, after: dict) -> float:
    """CPU seconds used between two snapshots: a process born in between counts from zero; one
    that ended in between is lost (the figure is then a lower bound)."""
    total = 0.0
    for pid, (started, seconds) in after.items():
        earlier = before.get(pid)
        total += seconds - earlier[1] if earlier and earlier[0] == started else seconds
    return total


class Meter:
    """CPU of the server's side and of the browser over a stretch of time (``start``/``stop``);
    the processes are listed again at ``stop``, so kernels and renderers born on the way count."""

    def __init__(self, server: Server):
        self.server = server

    def _snapshot(self) -> dict[str, dict]:
        chromium, drivers = browser_pids()
        return {"server": cpu_snapshot(server_pids(self.server)), "browser": cpu_snapshot(chromium),
                "driver": cpu_snapshot(drivers)}

    def start(self) -> None:
        self.before, self.started = self._snapshot(), time.perf_counter()

    def stop(self) -> dict[str, float]:
        after, wall = self._snapshot(), time.perf_counter() - self.started
        figures = {side: cpu_between(self.before[side], after[side]) for side in after}
        figures["wall"] = wall
        return figures


def kernel_pid(server: Server, kernel_id: str) -> int | None:
    """The kernel process whose connection file names ``kernel_id``."""
    for pid in server.kernel_rss():
        if kernel_id in process_cmdline(pid):
            return pid
    return None


KERNEL_SOCKET = re.compile(r"/api/kernels/([0-9a-f-]+)/channels")


# -- 4. the classroom load ---------------------------------------------------------------------
async def _open_usable(context, url: str, timeout_ms: int):
    page = await context.new_page()
    start = time.perf_counter()
    # Voilà streams the page while the notebook runs: count from the request, not the load event.
    await page.goto(url, wait_until="commit", timeout=timeout_ms)
    await page.locator(USABLE).first.wait_for(state="visible", timeout=timeout_ms)
    return page, time.perf_counter() - start


HELD_AFTER_SECONDS = 60
PRELOADED = 1  # the pool's spare kernel (baccarat_lessons.app.PRELOADED_KERNELS), nobody's page
RETRY_MS = 20_000  # a click with no answer this long is made again (and counted)


async def _click_until(page, button, answered: str, step: list[str], name: str, retries: list[str],
                       timeout_ms: int) -> None:
    """Click ``button`` until the ``answered`` selector shows up: the page redraws the table under a
    click at times (a kept session replayed, see the README), and such a click is dropped."""
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        step[0] = f"clicking {name}"
        await button.click(timeout=timeout_ms)
        step[0] = f"waiting for the answer to {name}"
        try:
            await page.locator(answered).first.wait_for(state="attached", timeout=RETRY_MS)
            return
        except Exception:  # noqa: BLE001 - no answer yet: said, then clicked again
            if time.monotonic() > deadline:
                raise
            said = await page.locator(f"{TABLE} .bls-message").first.text_content()
            retries.append(f"{name}: {(said or '').strip()[:80]}")


async def _play_round(page, timeout_ms: int, step: list[str], retries: list[str]) -> None:
    """5 on Banker, Deal, until the round is complete; ``step`` says where it is."""
    table = page.locator(TABLE)
    step[0] = "clicking the 5 chip"
    await table.locator(".bl-chip", has_text=re.compile(r"^\s*5\s*$")).first.click(timeout=timeout_ms)
    await _click_until(page, table.locator(".bl-spot-banker").first, f"{TABLE} .bl-deal:not([disabled])", step,
                       "Banker", retries, timeout_ms)
    await _click_until(page, table.locator(".bl-deal").first, f"{TABLE} .bl-round-done", step, "Deal", retries,
                       timeout_ms)
    step[0] = "done"


# What a session that did not finish shows: its status line, message and Deal button.
STUCK_JS = """(table) => {
  const r = document.querySelector(table + ' .bls');
  if (!r) return 'no table drawn';
  const text = (s) => { const e = r.querySelector(s); return e ? e.textContent.trim() : '-'; };
  const deal = r.querySelector('.bl-deal');
  return `turn ${(r.querySelector('.bl-status') || {dataset: {}}).dataset.turn}, ${text('.bl-status')}; ` +
    `message: ${text('.bls-message')}; Deal ${deal ? (deal.disabled ? 'disabled' : 'enabled') : 'missing'}; ` +
    `log: ${text('.bl-reveal').slice(0, 120)}`;
}"""


async def _stuck(page) -> str:
    try:
        return await asyncio.wait_for(page.evaluate(STUCK_JS, TABLE), 10)
    except Exception as error:  # noqa: BLE001 - what it says is the finding
        return f"({type(error).__name__} reading the page)"


async def bench_load(sessions: int, contexts: int, time_limit: float) -> dict:
    """N sessions opened at once, each in its own browser context (``contexts`` > 0: that many
    contexts, the sessions shared out among them), each plays one round. Prints time to
    a usable table (percentiles), server CPU per session (the launcher, Voilà and every kernel,
    pool refills included, from before the first page is asked for until every session has
    played) and, apart, the browser's CPU over the same stretch."""
    from playwright.async_api import async_playwright

    contexts = contexts or sessions  # one each: pages of one context share the kept sessions
    server = Server(preheat=True)
    figures: dict = {"sessions": sessions, "contexts": contexts, "load_average_before": load_average()}
    try:
        server.wait_for_pool(1)
        server.wait_for_idle_kernels()
        async with async_playwright() as playwright:
            browser = await launch_chromium(playwright)
            pool = [await local_context(browser) for _ in range(contexts)]
            opened, played, failures, pages, retries = [], [], [], {}, []
            steps = {number: ["opening the page"] for number in range(sessions)}
            limit_ms = int(time_limit * 1000)

            async def session(number: int) -> None:
                try:
                    page, seconds = await _open_usable(pool[number % contexts], server.url, limit_ms)
                    pages[number] = page
                    opened.append(seconds)
                    await _play_round(page, limit_ms, steps[number], retries)
                    played.append(number)
                except Exception as error:  # noqa: BLE001 - counted and reported, never hidden
                    failures.append(f"session {number}: {type(error).__name__}: {str(error).splitlines()[0]}")

            meter = Meter(server)
            meter.start()
            try:
                await asyncio.wait_for(asyncio.gather(*(session(n) for n in range(sessions))), time_limit)
            except asyncio.TimeoutError:
                failures.append(f"the run passed its {time_limit:.0f} s limit")
            cpu = meter.stop()
            kernels = server.kernel_rss()
            voila_rss = process_rss(server.voila_pid())
            for number, step in steps.items():
                if step[0] != "done":
                    shown = await _stuck(pages[number]) if number in pages else "no page"
                    failures.append(f"session {number} (context {number % contexts}) stopped {step[0]}: {shown}")
            await asyncio.gather(*(close_page(page) for page in pages.values()), return_exceptions=True)
            await browser.close()
            # What the closed pages still hold a minute later: their kernels, if the shutdown each page
            # sends as it unloads was refused (the pool's spare kernel is not theirs).
            await asyncio.sleep(HELD_AFTER_SECONDS)
            held = server.kernel_rss()
    finally:
        server.stop()
    figures.update(opened=opened, played=len(played), failures=failures, retries=retries, cpu=cpu,
                   kernels=len(kernels), kernels_rss=sum(kernels.values()), voila_rss=voila_rss,
                   held=max(0, len(held) - PRELOADED), held_rss=sum(sorted(held.values())[PRELOADED:]),
                   load_average_after=load_average())
    _print_load(figures)
    return figures


def _print_load(figures: dict) -> None:
    sessions, cpu, opened = figures["sessions"], figures["cpu"], figures["opened"]
    shown = ", ".join(f"{name} {value:.1f} s" for name, value in percentiles(opened).items()) if opened else "none"
    print(f"[4] Load: {sessions} sessions opened at once in {figures['contexts']} contexts, "
          f"{cpu['wall']:.1f} s wall clock (load average {figures['load_average_before']} before, "
          f"{figures['load_average_after']} after; {os.cpu_count()} cores)")
    print(f"    opened {len(opened)}/{sessions}, played a round {figures['played']}/{sessions}  [target: all]")
    print(f"    time to a usable table: {shown}")
    retries = figures["retries"]
    resumed = sum(1 for retry in retries if "Resumed" in retry)
    print(f"    clicks made again after {RETRY_MS // 1000} s without an answer: {len(retries)} "
          f"({resumed} with the page saying 'Resumed: …')" + (f"; first: {retries[0]}" if retries else ""))
    print(f"    server CPU (launcher, Voilà, kernels): {cpu['server']:.1f} s, "
          f"{cpu['server'] / sessions:.2f} s per session")
    print(f"    browser CPU (Chromium's processes), apart: {cpu['browser']:.1f} s, "
          f"{cpu['browser'] / sessions:.2f} s per session; Playwright's driver {cpu['driver']:.1f} s")
    print(f"    kernels: {figures['kernels']}, together {mb(figures['kernels_rss'])}; "
          f"Voilà server {mb(figures['voila_rss'])}")
    print(f"    kernels of the closed pages still running {HELD_AFTER_SECONDS} s after they were closed: "
          f"{figures['held']}, holding {mb(figures['held_rss'])}  [target: 0]")
    for failure in figures["failures"][:40]:
        print(f"    FAILED {failure}")
