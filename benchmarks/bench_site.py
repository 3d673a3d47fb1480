"""How fast the browser edition (``baccarat-lessons site``) opens, against its floor, in one run.

Builds two sites with the same pipeline into a temporary folder: the app, and the floor — a bare
Pyodide-kernel site whose page shows one ipywidgets button (what JupyterLite, Pyodide and the
kernel cost before the app does anything). Each is served by ``baccarat-lessons site-serve`` (the
cache headers a publisher should send) and opened in headless Chromium; then the app once more
under ``python -m http.server`` (no cache headers). Prints, without asserting (targets in brackets):

- time to a usable table (the app: a chip of the Punto Banco table on screen; the floor: its
  button), cold (a new browser profile on disk) and warm (the same profile, a second visit),
  and the app's time over the floor's                                     [<= 1.3x the floor]
- bytes fetched per visit (response bodies over the network, the kernel worker's included; files
  the browser took from its cache count nothing)                        [warm visit <= 1 MiB]
- the server app (``baccarat-lessons app``, preheated kernel) the same way, beside them.

Requests are watched, not routed: Playwright turns a context's HTTP cache off once it routes any.
Any request that left 127.0.0.1 is printed (there should be none).

Usage::

    .venv/bin/python benchmarks/bench_site.py             # two visits of each; about 3 minutes
    .venv/bin/python benchmarks/bench_site.py --visits 3  # more warm visits per site
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository, for the load tools (tools/load)
from baccarat_lessons.site import build_site  # noqa: E402
from tools.load.server import (  # noqa: E402
    CHROMIUM, CHROMIUM_ARGS, OFF_MACHINE, USABLE, Server, free_port, load_average,
)

FLOOR_CELLS = ["import ipywidgets\n\nipywidgets.Button(description='Deal')"]
FLOOR_READY = ".widget-button"
APP_READY = USABLE
VISIT_TIMEOUT_MS = 240_000
MIB = 1024 * 1024


def site_serve(folder: Path, port: int) -> list[str]:
    return [sys.executable, "-m", "baccarat_lessons.cli", "site-serve", str(folder), "--port", str(port)]


def http_server(folder: Path, port: int) -> list[str]:
    return [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory", str(folder), str(port)]


class StaticServer:
    """A built site served on a free port of 127.0.0.1 by ``command(folder, port)``."""

    def __init__(self, command, folder: Path):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.process = subprocess.Popen(command(folder, self.port), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1.0)

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


async def visit(context, url: str, ready: str, framed: bool = True) -> tuple[float, int, int]:
    """(seconds to ``ready``, bytes of response bodies fetched, requests) for one page visit."""
    responses = []

    def note(response) -> None:
        responses.append(response)

    context.on("response", note)
    page = await context.new_page()
    start = time.perf_counter()
    await page.goto(url, wait_until="commit", timeout=VISIT_TIMEOUT_MS)
    where = page.frame_locator("#app") if framed else page
    await where.locator(ready).first.wait_for(state="visible", timeout=VISIT_TIMEOUT_MS)
    seconds = time.perf_counter() - start
    await page.wait_for_timeout(1000)  # late requests of the same visit (deferred guide, fonts)
    context.remove_listener("response", note)
    fetched = 0
    for response in responses:
        fetched += max(0, (await response.request.sizes())["responseBodySize"])  # -1: taken from the cache
    await page.close()
    return seconds, fetched, len(responses)


async def bench_one(playwright, label: str, url: str, ready: str, visits: int, framed: bool = True) -> dict:
    # A profile on disk, as a visitor's browser has: a new context (incognito) keeps its HTTP cache
    # in memory and does not keep Pyodide's 9.6 MB wasm, so every "warm" visit would fetch it again.
    profile = tempfile.mkdtemp(prefix="bench_site_profile_")
    context = await playwright.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    context.off_machine = []
    context.on("request", lambda request: OFF_MACHINE.match(request.url) and context.off_machine.append(request.url))
    figures = [await visit(context, url, ready, framed) for _ in range(visits)]
    await context.close()
    shutil.rmtree(profile, ignore_errors=True)
    cold, warm = figures[0], figures[1:]
    line = f"{label:<46} cold {cold[0]:6.2f} s {cold[1] / MIB:7.2f} MiB ({cold[2]} requests)"
    if warm:
        warm_seconds = statistics.median(seconds for seconds, _, _ in warm)
        warm_bytes = max(fetched for _, fetched, _ in warm)
        line += f" | warm {warm_seconds:6.2f} s {warm_bytes / MIB:7.3f} MiB ({warm[-1][2]} requests)"
    print(line)
    if context.off_machine:
        print(f"    LEFT 127.0.0.1: {context.off_machine[:5]}")
    return {"cold": cold[0], "warm": statistics.median(s for s, _, _ in warm) if warm else None,
            "warm_bytes": max((f for _, f, _ in warm), default=None)}


async def main_async(visits: int) -> None:
    from playwright.async_api import async_playwright

    folder = Path(tempfile.mkdtemp(prefix="bench_site_"))
    started = time.perf_counter()
    app_site = build_site(folder / "app")
    print(f"Built the app site in {time.perf_counter() - started:.1f} s "
          f"({sum(f.stat().st_size for f in app_site.rglob('*') if f.is_file()) / MIB:.1f} MiB on disk)")
    floor_site = build_site(folder / "floor", cells=FLOOR_CELLS, app_packages=("ipywidgets",), ready=FLOOR_READY)
    print(f"load average before: {load_average()}; {visits} visits each (the first cold, the rest warm)")
    results = {}
    async with async_playwright() as playwright:
        for label, site, ready, command in (
            ("floor: one button, site-serve", floor_site, FLOOR_READY, site_serve),
            ("app: Punto Banco table, site-serve", app_site, APP_READY, site_serve),
            ("app: Punto Banco table, python -m http.server", app_site, APP_READY, http_server),
        ):
            server = StaticServer(command, site)
            try:
                results[label] = await bench_one(playwright, label, server.url, ready, visits)
            finally:
                server.stop()
        voila = Server(preheat=True)
        try:
            voila.wait_for_pool(1)
            voila.wait_for_idle_kernels()
            await bench_one(playwright, "server app (baccarat-lessons app), preheated", voila.url, USABLE, 1, framed=False)
        finally:
            voila.stop()
    floor, app = results["floor: one button, site-serve"], results["app: Punto Banco table, site-serve"]
    print(f"app / floor, cold: {app['cold'] / floor['cold']:.2f}x  [target <= 1.3x]")
    if app["warm"] is not None:
        print(f"app / floor, warm: {app['warm'] / floor['warm']:.2f}x  [target <= 1.3x]; "
              f"app warm visit fetched {app['warm_bytes'] / MIB:.3f} MiB  [target <= 1 MiB]")
    print(f"load average after: {load_average()}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--visits", type=int, default=2, help="visits per site: one cold, the rest warm")
    args = parser.parse_args(argv)
    asyncio.run(main_async(max(1, args.visits)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
