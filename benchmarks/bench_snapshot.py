"""Would a Pyodide memory snapshot start the browser edition's Python sooner? Measured, not assumed.

Pyodide can write its memory after start-up to a file (``loadPyodide({_makeSnapshot: true})`` then
``makeMemorySnapshot()``) and start from it later (``loadPyodide({_loadSnapshot})``). Both are private,
experimental options: a snapshot belongs to one Pyodide build, the start-up's random state is frozen
into it (the shoe's ``random`` must be seeded again after restoring), and no JavaScript object may be
referenced from Python when it is taken. This script builds the edition, takes a snapshot of Python
with the project's wheel unpacked and the worker's app module imported, and times three pages in the
main thread of headless Chromium, each with a profile on disk, a cold visit then warm ones:

- **plain**: ``loadPyodide``, the wheel unpacked, the app imported, a Punto Banco table opened;
- **snapshot**: the snapshot fetched, ``loadPyodide`` from it, the wheel unpacked again (a snapshot
  holds Python's memory, not the files it unpacked: a module not yet imported, or a data file read
  later, would be missing), ``random`` seeded from the system, the same table opened;
- (the bytes each fetched on its cold visit).

Prints the figures and the ratio, asserting nothing.

Usage::

    .venv/bin/python benchmarks/bench_snapshot.py             # three visits of each; about a minute
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from baccarat_lessons.site import build_site  # noqa: E402
from bench_site import MIB, VISIT_TIMEOUT_MS, StaticServer, http_server  # noqa: E402
from tools.load.server import CHROMIUM, CHROMIUM_ARGS, load_average  # noqa: E402

IMPORT = "import baccarat_lessons.widgets.posted_app"
# The app guards its own errors (a refusal is a message to the page), so the page checks that the table
# really opened: its state and its records were posted, and no sentence of the app's own.
OPEN = ("import json, random\\nrandom.seed()\\nfrom baccarat_lessons.widgets.posted_app import PostedApp\\n"
        "sent = []\\napp = PostedApp(sent.append)\\napp.receive({'kind': 'OPEN', 'variant': 'punto-banco'})\\n"
        "kinds = {m['kind'] for m in sent}\\n"
        "assert {'state', 'records'} <= kinds and 'app-message' not in kinds, sent[-1]")
PAGE = """<!doctype html>
<meta charset="utf-8"><title>{title}</title>
<script type="module">
const folder = new URL("./{folder}/", location.href).href;
const {{ loadPyodide }} = await import(folder + "pyodide.mjs");
{body}
document.body.append(Object.assign(document.createElement("p"), {{ id: "ready", textContent: "ready" }}));
</script>
"""
PLAIN = """const wheel = fetch(folder + "{wheel}").then((response) => response.arrayBuffer());
const pyodide = await loadPyodide({{ indexURL: folder }});
pyodide.unpackArchive(await wheel, "wheel");
pyodide.runPython("{import_}");
pyodide.runPython("{open}");"""
MAKE = """const wheel = fetch(folder + "{wheel}").then((response) => response.arrayBuffer());
const pyodide = await loadPyodide({{ indexURL: folder, _makeSnapshot: true }});
pyodide.unpackArchive(await wheel, "wheel");
pyodide.runPython("{import_}");
const snapshot = pyodide.makeMemorySnapshot();
const link = Object.assign(document.createElement("a"), {{ href: URL.createObjectURL(new Blob([snapshot])), download: "snapshot.bin" }});
document.body.append(link);
link.click();"""
RESTORE = """const snapshot = fetch("snapshot.bin").then((response) => response.arrayBuffer());
const wheel = fetch(folder + "{wheel}").then((response) => response.arrayBuffer());
const pyodide = await loadPyodide({{ indexURL: folder, _loadSnapshot: snapshot }});
pyodide.unpackArchive(await wheel, "wheel");  // a snapshot holds Python's memory, not its files
pyodide.runPython("{open}");"""


def pages(site: Path) -> None:
    python = next(site.glob("pyodide-*"))
    wheel = next(python.glob("baccarat_lessons-*.whl")).name
    for name, title, body in (("plain.html", "plain", PLAIN), ("make.html", "make a snapshot", MAKE),
                              ("restore.html", "from the snapshot", RESTORE)):
        text = PAGE.format(title=title, folder=python.name, body=body.format(wheel=wheel, import_=IMPORT, open=OPEN))
        (site / name).write_text(text, encoding="utf-8")


async def make_snapshot(playwright, url: str, site: Path) -> int:
    browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    page = await browser.new_page(accept_downloads=True)
    async with page.expect_download(timeout=VISIT_TIMEOUT_MS) as download:
        await page.goto(url + "make.html")
    await (await download.value).save_as(site / "snapshot.bin")
    await browser.close()
    return (site / "snapshot.bin").stat().st_size


async def visits(playwright, url: str, count: int) -> list[tuple[float, int]]:
    profile = tempfile.mkdtemp(prefix="bench_snapshot_profile_")
    context = await playwright.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    figures = []
    errors: list[str] = []
    try:
        for _ in range(count):
            responses = []
            note = lambda response: responses.append(response)  # noqa: E731
            context.on("response", note)
            page = await context.new_page()
            page.on("pageerror", lambda error: errors.append(str(error)))
            start = time.perf_counter()
            await page.goto(url, wait_until="commit")
            await page.locator("#ready").wait_for(state="attached", timeout=VISIT_TIMEOUT_MS)
            seconds = time.perf_counter() - start
            context.remove_listener("response", note)
            fetched = sum([max(0, (await response.request.sizes())["responseBodySize"]) for response in responses])
            figures.append((seconds, fetched))
            await page.close()
    finally:
        await context.close()
        shutil.rmtree(profile, ignore_errors=True)
    if errors:
        print(f"    errors on {url}: {errors[:2]}")
    return figures


async def main_async(count: int) -> None:
    from playwright.async_api import async_playwright

    folder = Path(tempfile.mkdtemp(prefix="bench_snapshot_"))
    site = build_site(folder / "site")
    pages(site)
    server = StaticServer(http_server, site)
    try:
        async with async_playwright() as playwright:
            size = await make_snapshot(playwright, server.url, site)
            print(f"snapshot: {size / MIB:.1f} MiB; load average {load_average()}; {count} visits each, the first cold")
            results = {}
            for name in ("plain", "restore"):
                figures = await visits(playwright, server.url + f"{name}.html", count)
                cold, warm = figures[0], [seconds for seconds, _ in figures[1:]]
                results[name] = (cold[0], statistics.median(warm) if warm else None)
                print(f"{name:<8} cold {cold[0]:5.2f} s ({cold[1] / MIB:5.1f} MiB)"
                      + (f" | warm {results[name][1]:5.2f} s" if warm else ""))
            plain, restore = results["plain"], results["restore"]
            print(f"snapshot / plain: cold {restore[0] / plain[0]:.2f}x"
                  + (f", warm {restore[1] / plain[1]:.2f}x" if plain[1] else ""))
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--visits", type=int, default=3, help="visits per page: one cold, the rest warm")
    args = parser.parse_args(argv)
    asyncio.run(main_async(max(1, args.visits)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
