"""Part 6 of the app benchmark (``benchmarks/bench_app.py --only-settings N``): do two Voilà server
settings shorten a warm load? Each is served beside the app's own settings, and warm loads are
taken in turn from each server (interleaved, so all share the machine's load):

- ``immutable``: the content-hashed files under ``/voila/labextensions/`` sent with
  ``Cache-Control: immutable`` (jupyter_server's ``static_immutable_cache``), so a warm page does
  not ask the server to revalidate them (17 requests answered 304 otherwise);
- ``later refill``: the pool's spare kernel started 5 s after a page takes the preheated one
  (``VoilaKernelManager.fill_delay``; 1 s by default), so it does not compete with the page's
  load for the CPU.
"""

from __future__ import annotations

import statistics
import time

from baccarat_lessons.app import app_notebook
from tools.load.server import USABLE, Server, close_page, launch_chromium, load_average, local_context

IMMUTABLE = {"Voila": {"tornado_settings": {"static_immutable_cache": ["/voila/labextensions/"]}}}
LATER_REFILL = {"VoilaKernelManager": {"fill_delay": 5}}
SETTINGS = {
    "app as it is": None,
    "immutable": IMMUTABLE,
    "later refill": LATER_REFILL,
    "both": {**IMMUTABLE, **LATER_REFILL},
}


async def _warm_load(context, url: str) -> tuple[float, int]:
    """Seconds from the request to a visible chip, and the requests the page made to its server."""
    page = await context.new_page()
    asked = []
    page.on("request", lambda request: asked.append(request.url))
    start = time.perf_counter()
    await page.goto(url, wait_until="commit", timeout=90_000)
    await page.locator(USABLE).first.wait_for(state="visible", timeout=90_000)
    seconds = time.perf_counter() - start
    await close_page(page)
    return seconds, len(asked)


async def bench_settings(loads: int) -> dict[str, list[tuple[float, int]]]:
    from playwright.async_api import async_playwright

    notebook = app_notebook()
    servers = {name: Server(preheat=True, notebook=notebook, voila_config=config) for name, config in SETTINGS.items()}
    found: dict[str, list[tuple[float, int]]] = {name: [] for name in SETTINGS}
    print(f"[6] Server settings, warm loads interleaved (load average {load_average()} before)")
    try:
        for server in servers.values():
            server.wait_for_pool(1)
            server.wait_for_idle_kernels()
        async with async_playwright() as playwright:
            browser = await launch_chromium(playwright)
            contexts = {name: await local_context(browser) for name in SETTINGS}
            fills = {name: server.pool_fills() for name, server in servers.items()}

            async def load(name: str) -> tuple[float, int]:
                for other, server in servers.items():  # every pool refilled and quiet: only this load runs
                    server.wait_for_pool(fills[other])
                    server.wait_for_idle_kernels()
                fills[name] += 1  # the page takes the preheated kernel; the pool starts another
                return await _warm_load(contexts[name], servers[name].url)

            for name in servers:  # a first load fills each context's cache
                await load(name)
            for _ in range(loads):
                for name in servers:
                    found[name].append(await load(name))
            await browser.close()
    finally:
        for server in servers.values():
            server.stop()
    base = statistics.median(seconds for seconds, _ in found["app as it is"])
    for name, results in found.items():
        times = [seconds for seconds, _ in results]
        median = statistics.median(times)
        print(f"    {name:14} warm time to usable: median {median:.2f} s ({median / base - 1:+.0%} against the app), "
              f"range {min(times):.2f}–{max(times):.2f} s; requests per load {statistics.median(n for _, n in results):.0f}")
    print(f"    load average after: {load_average()}  [keep a setting only if it saves >= 10%]")
    return found
