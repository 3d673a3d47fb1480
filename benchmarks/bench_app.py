"""How fast and how heavy the Voilà app is, measured in headless Chromium on 127.0.0.1.

Prints, without asserting (targets in brackets):

1. Deal latency in the kernel: Deal click to the first revealed step, timed in
   Python inside a running asyncio loop as in a kernel            [<= 100 ms]
2. Time to a usable table (a chip on screen), cold (no preheated kernel) and
   warm (``baccarat-lessons app``, preheated)                        [warm <= 2 s]
   and, for scale, a one-button notebook served the same way (what Voilà and
   Chromium cost on this machine at this moment, whatever the app does)
3. RSS of each Voilà kernel after a played round, and of the server [<= 150 MB]
4. Load: N sessions (default 30) opened at once, each in its own browser context;
   each plays one round; time to a usable table (percentiles), rounds completed, CPU
   of the server's side (launcher, Voilà, kernels) per session and, apart, of the
   browser (Chromium's processes), and the memory of all kernels together. [all play]
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
    .venv/bin/python benchmarks/bench_app.py --only-load     # just part 4 (the classroom load)
    .venv/bin/python benchmarks/bench_app.py --only-settings 8   # just part 6: two Voilà settings tried
    .venv/bin/python benchmarks/bench_app.py --only-budgets --before 2d0c325   # part 5 then and now
    .venv/bin/python benchmarks/bench_app.py --only-budgets --floor --budget-loads 5   # app / floor ratios
    .venv/bin/python benchmarks/bench_app.py --only-budgets --floor --before b919fbb   # then, now and the floor
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository, for the load tools (tools/load)
from tools.load.budgets import ROUNDS_FOR_RSS, run_budgets  # noqa: E402
from tools.load.class_load import bench_load  # noqa: E402
from tools.load.server import (  # noqa: E402
    CHROMIUM, TABLE, USABLE, Server, baseline_notebook, close_page, launch_chromium, load_average, local_context, mb,
    percentiles, process_rss,
)
from tools.load.settings_sweep import bench_settings  # noqa: E402


# -- 1. kernel-side deal latency ------------------------------------------------------
def _deal_latencies(rounds: int) -> list[tuple[float, float]]:
    """Deal clicks as the page sends them (``surface.handle``), timed in the kernel's Python:
    until the surface holds the round's reveal, and until the click's handler returned."""
    from baccarat_lessons.widgets import LiveTable

    table = LiveTable("punto-banco", seed=1)
    surface = table.surface
    latencies = []
    for _ in range(rounds):
        surface.handle({"kind": "NEW_SESSION", "turn": surface.turn})
        surface.handle({"kind": "BET", "side": "Banker", "amount": 5, "turn": surface.turn})
        first_update: list[float] = []
        handler = lambda change: first_update.append(time.perf_counter()) if not first_update else None  # noqa: E731
        surface.observe(handler, names="reveal")
        start = time.perf_counter()
        surface.handle({"kind": "DEAL", "turn": surface.turn})
        returned = time.perf_counter()
        surface.unobserve(handler, names="reveal")
        if not first_update or not surface.reveal.get("events"):
            raise RuntimeError(f"Deal did not send the round's reveal: {surface.message}")
        latencies.append((first_update[0] - start, returned - start))
        surface.handle({"kind": "REVEALED", "turn": surface.turn})
    return latencies


def bench_deal_latency(rounds: int = 30) -> None:
    latencies = _deal_latencies(rounds)
    for label, values in (("the round's reveal set", [first for first, _ in latencies]),
                          ("Deal callback returned", [whole for _, whole in latencies])):
        shown = ", ".join(f"{name} {value * 1000:.1f} ms" for name, value in percentiles(values).items())
        print(f"[1] Deal click -> {label}, in the kernel's Python ({rounds} rounds): {shown}  [target <= 100 ms]")
    print("    (the page then reveals the round at its own pace; comm messages not included)")


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


async def bench_time_to_interactive(preheat: bool, repeat: int, baseline: bool = False) -> None:
    from playwright.async_api import async_playwright

    label = "warm (preheated kernel)" if preheat else "cold (kernel started per page)"
    if baseline:
        label = "baseline one-button notebook, warm"
    server = Server(preheat, notebook=baseline_notebook() if baseline else None)
    try:
        async with async_playwright() as playwright:
            browser = await launch_chromium(playwright)
            context = await local_context(browser)
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
                await close_page(page)
            await browser.close()
        shown = ", ".join(f"{name} {value:.2f} s" for name, value in percentiles(times).items())
        target = "  [target <= 2 s]" if preheat and not baseline else ""
        print(f"[2] Time to a usable table, {label}, {repeat} loads: {shown}{target}")
        if preheat and not baseline:
            sizes = ", ".join(mb(size) for size in kernels.values())
            print(f"[3] RSS per kernel (page open, one round played, plus the preheated spare): {sizes}  [target <= 150 MB]")
            print(f"    Voilà server RSS: {mb(process_rss(server.voila_pid()))}")
    finally:
        server.stop()


# -- 4. load, 5. budgets, 6. settings: tools/load/class_load.py, budgets.py, settings_sweep.py ----------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="page loads per cold/warm measurement")
    parser.add_argument("--sessions", type=int, default=30)
    parser.add_argument("--contexts", type=int, default=0,
                        help="browser contexts the load's sessions share (default: one each, as students' browsers)")
    parser.add_argument("--time-limit", type=float, default=300, help="seconds for the whole load run")
    parser.add_argument("--skip-cold", action="store_true")
    parser.add_argument("--skip-load", action="store_true")
    parser.add_argument("--skip-baseline", action="store_true")
    parser.add_argument("--quick", action="store_true", help="skip the load run (part 4)")
    parser.add_argument("--only-budgets", action="store_true", help="part 5 only")
    parser.add_argument("--only-load", action="store_true", help="part 4 only (the classroom load)")
    parser.add_argument("--budget-loads", type=int, default=3, help="first page loads in part 5")
    parser.add_argument("--rounds", type=int, default=ROUNDS_FOR_RSS, help="rounds played before part 5's RSS")
    parser.add_argument("--json", type=Path, help="also write part 5's figures to this file")
    parser.add_argument("--before", metavar="REV",
                        help="run part 5 at this git revision too, its server beside this checkout's, loads interleaved")
    parser.add_argument("--floor", action="store_true",
                        help="run part 5 on the app and a one-button notebook served side by side, loads "
                             "interleaved, and print the app's time and CPU over the floor's "
                             "(what Voilà and a kernel cost here)")
    parser.add_argument("--only-settings", type=int, metavar="LOADS", default=0,
                        help="part 6 only: LOADS warm loads per Voilà setting tried (immutable cache, later refill)")
    args = parser.parse_args(argv)
    if not os.access(CHROMIUM, os.X_OK):
        print(f"{CHROMIUM} is missing: install Debian's chromium to run the browser benchmarks.", file=sys.stderr)
        return 1
    print(f"Machine: {os.cpu_count()} cores; Chromium and the kernels share them. "
          f"Load average {load_average()}.")
    if args.only_settings:
        asyncio.run(bench_settings(args.only_settings))
        return 0
    if args.only_budgets:
        run_budgets(args)
        return 0
    if args.only_load:
        asyncio.run(bench_load(args.sessions, args.contexts, args.time_limit))
        print(f"Load average at the end: {load_average()}.")
        return 0
    bench_deal_latency()
    if not args.skip_cold:
        asyncio.run(bench_time_to_interactive(preheat=False, repeat=args.repeat))
    asyncio.run(bench_time_to_interactive(preheat=True, repeat=args.repeat))
    if not args.skip_baseline:
        asyncio.run(bench_time_to_interactive(preheat=True, repeat=args.repeat, baseline=True))
    run_budgets(args)
    if not (args.skip_load or args.quick):
        asyncio.run(bench_load(args.sessions, args.contexts, args.time_limit))
    print(f"Load average at the end: {load_average()}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
