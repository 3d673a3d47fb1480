"""How fast the browser edition (``baccarat-lessons site``) opens, against two floors, in one run.

Builds three sites into a temporary folder, each served by ``baccarat-lessons site-serve`` (the cache
headers a publisher should send) and opened in headless Chromium with a profile on disk:

- **bare page** (the physical floor): a page that imports Pyodide's ``pyodide.mjs``, calls
  ``loadPyodide()``, unpacks the project's wheel and has ``Driver("punto-banco")`` deal a coup; the
  same Pyodide files and wheel as the edition's;
- **JupyterLite page** (how the edition was built until December 2026): JupyterLite's REPL with the
  Pyodide kernel, ipywidgets and anywidget, showing one button (``jupyterlite_floor/``, served with
  the cache headers it was served with then);
- **the browser edition**: the app, timed to its Punto Banco table drawn (before Python) and to the
  table playable (the worker's Python has sent the table's own state); then once more under
  ``python -m http.server`` (no cache headers).

Prints, without asserting (targets in brackets): the time to a playable table, cold (a new profile;
the median of three) and warm (the same profile, later visits; the median of four), and the edition's over the bare page's [<= 1.3x, cold and
warm]; bytes fetched over the network per visit (a response the service worker or the HTTP cache
answered counts nothing) [a second visit of the edition fetches nothing]. Any request that left
127.0.0.1 is printed (there should be none). Requests are watched, not routed: Playwright turns a
context's HTTP cache off once it routes any.

Usage::

    .venv/bin/python benchmarks/bench_site.py             # 3 cold and 4 warm visits of each; about 4 minutes
    .venv/bin/python benchmarks/bench_site.py --visits 8 --colds 5
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

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the repository, for the load tools (tools/load)
sys.path.insert(0, str(HERE))  # the JupyterLite floor's builder (jupyterlite_floor/)
from baccarat_lessons.site import build_site  # noqa: E402
from baccarat_lessons.site.build import default_cache  # noqa: E402
from tools.load.server import CHROMIUM, CHROMIUM_ARGS, OFF_MACHINE, free_port, load_average  # noqa: E402

VISIT_TIMEOUT_MS = 240_000
# After a visit of the edition: its service worker has stored the build, and a first visit's Python
# snapshot has been kept (or has failed), as they are for a visitor who stays a few seconds.
SETTLED = """() => navigator.serviceWorker.ready.then(() => new Promise((resolve) => {
  const settled = () => (document.body.dataset.start === "snapshot" || document.body.dataset.snapshot)
    ? resolve(true) : setTimeout(settled, 100);
  settled();
}))"""
MIB = 1024 * 1024
FLOOR_CELLS = ["import ipywidgets\n\nipywidgets.Button(description='Deal')"]
BARE_PAGE = """<!doctype html>
<meta charset="utf-8"><title>The bare page: Pyodide, the wheel, one coup</title>
<script type="module">
const folder = new URL("./{folder}/", location.href).href;
const wheel = fetch(folder + "{wheel}").then((response) => response.arrayBuffer());
const {{ loadPyodide }} = await import(folder + "pyodide.mjs");
const pyodide = await loadPyodide({{ indexURL: folder }});
pyodide.unpackArchive(await wheel, "wheel");
const said = pyodide.runPython(`
from baccarat_lessons.engine.driver import Driver
driver = Driver("punto-banco")
driver.act("BET", 1000, "Banker")
driver.act("DEAL").coup.outcome.value`);
document.body.append(Object.assign(document.createElement("p"), {{ id: "ready", textContent: said }}));
</script>
"""


def bare_site(app_site: Path, out: Path) -> Path:
    """The bare page beside a copy of the edition's Python folder (the same files)."""
    python = next(app_site.glob("pyodide-*"))
    wheel = next(python.glob("baccarat_lessons-*.whl"))
    out.mkdir(parents=True)
    shutil.copytree(python, out / python.name)
    (out / "index.html").write_text(BARE_PAGE.format(folder=python.name, wheel=wheel.name), encoding="utf-8")
    (out / "offline.js").write_text("", encoding="utf-8")  # what site-serve looks for in a built site
    return out


def site_serve(folder: Path, port: int) -> list[str]:
    return [sys.executable, "-m", "baccarat_lessons.cli", "site-serve", str(folder), "--port", str(port)]


def floor_serve(folder: Path, port: int) -> list[str]:
    return [sys.executable, str(HERE / "jupyterlite_floor" / "serve.py"), str(folder), str(port)]


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


class Site:
    """What a visit waits for: ``shown`` and ``playable`` (CSS selectors; ``framed``: in the page's
    frame #app), and ``settle``: script run after a visit (the edition's service worker finishing its store)."""

    def __init__(self, label, folder, shown, playable, framed=False, settle=None, command=site_serve):
        self.label, self.folder, self.shown, self.playable = label, folder, shown, playable
        self.framed, self.settle, self.command = framed, settle, command


async def visit(context, url: str, site: Site) -> dict:
    """One visit: seconds to the table shown and playable, bytes of response bodies over the network."""
    responses = []

    def note(response) -> None:
        responses.append(response)

    context.on("response", note)
    page = await context.new_page()
    start = time.perf_counter()
    await page.goto(url, wait_until="commit", timeout=VISIT_TIMEOUT_MS)
    where = page.frame_locator("#app") if site.framed else page
    await where.locator(site.shown).first.wait_for(state="visible", timeout=VISIT_TIMEOUT_MS)
    shown = time.perf_counter() - start
    await where.locator(site.playable).first.wait_for(state="attached", timeout=VISIT_TIMEOUT_MS)
    playable = time.perf_counter() - start
    if site.settle:
        await page.evaluate(site.settle)
    await page.wait_for_timeout(1000)  # late requests of the same visit (the guides' steps)
    context.remove_listener("response", note)
    fetched = 0
    for response in responses:
        if not response.from_service_worker:
            fetched += max(0, (await response.request.sizes())["responseBodySize"])  # -1: from the cache
    await page.close()
    return {"shown": shown, "playable": playable, "bytes": fetched, "requests": len(responses)}


async def profile_visits(playwright, url: str, site: Site, visits: int, off_machine: list) -> list[dict]:
    """``visits`` visits in one new profile on disk: the first cold, the rest warm."""
    # A profile on disk, as a visitor's browser has: a new context (incognito) keeps its HTTP cache
    # in memory and does not keep Pyodide's 9.6 MB wasm, so every "warm" visit would fetch it again.
    profile = tempfile.mkdtemp(prefix="bench_site_profile_")
    context = await playwright.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    context.on("request", lambda request: OFF_MACHINE.match(request.url) and off_machine.append(request.url))
    try:
        return [await visit(context, url, site) for _ in range(visits)]
    finally:
        await context.close()
        shutil.rmtree(profile, ignore_errors=True)


async def bench_one(playwright, site: Site, visits: int, colds: int) -> dict:
    """The median of ``colds`` cold visits (each in a new profile) and of the warm visits that follow
    the first of them (``visits`` in all in that profile)."""
    server = StaticServer(site.command, site.folder)
    off_machine: list[str] = []
    try:
        figures = await profile_visits(playwright, server.url, site, visits, off_machine)
        cold = [figures[0]] + [(await profile_visits(playwright, server.url, site, 1, off_machine))[0]
                               for _ in range(colds - 1)]
    finally:
        server.stop()
    warm = figures[1:]
    result = {"cold": statistics.median(f["playable"] for f in cold), "cold_shown": statistics.median(f["shown"] for f in cold),
              "cold_bytes": max(f["bytes"] for f in cold),
              "warm": statistics.median(f["playable"] for f in warm) if warm else None,
              "warm_shown": statistics.median(f["shown"] for f in warm) if warm else None,
              "warm_bytes": max(f["bytes"] for f in warm) if warm else None}
    line = (f"{site.label:<44} cold {result['cold_shown']:5.2f} / {result['cold']:5.2f} s "
            f"{result['cold_bytes'] / MIB:6.2f} MiB")
    if warm:
        line += f" | warm {result['warm_shown']:5.2f} / {result['warm']:5.2f} s {result['warm_bytes'] / MIB:6.3f} MiB"
    print(line, flush=True)
    if off_machine:
        print(f"    LEFT 127.0.0.1: {off_machine[:5]}")
    return result


async def main_async(visits: int, colds: int) -> None:
    from playwright.async_api import async_playwright

    from jupyterlite_floor.build import build_site as build_jupyterlite

    folder = Path(tempfile.mkdtemp(prefix="bench_site_"))
    started = time.perf_counter()
    app = build_site(folder / "app")
    size = sum(f.stat().st_size for f in app.rglob("*") if f.is_file()) / MIB
    print(f"Built the browser edition in {time.perf_counter() - started:.1f} s ({size:.1f} MiB on disk)")
    bare = bare_site(app, folder / "bare")
    lite = build_jupyterlite(folder / "jupyterlite", cells=FLOOR_CELLS, app_packages=("ipywidgets",),
                             ready=".widget-button", cache=default_cache())
    table = ".bl-page-punto-banco .bl-deal"
    sites = [
        Site("bare page: Pyodide, the wheel, one coup", bare, "#ready", "#ready"),
        Site("JupyterLite page: one ipywidgets button", lite, ".widget-button", ".widget-button", framed=True,
             command=floor_serve),
        Site("browser edition (shown / playable)", app, table, ".bl-page-punto-banco[data-live]", settle=SETTLED),
        Site("browser edition, python -m http.server", app, table, ".bl-page-punto-banco[data-live]",
             settle=SETTLED, command=http_server),
    ]
    print(f"load average before: {load_average()}; medians of {colds} cold visits (each in a new profile) and of "
          f"{visits - 1} warm ones; times to the table shown / playable")
    results = {}
    async with async_playwright() as playwright:
        for site in sites:
            results[site.label] = await bench_one(playwright, site, visits, colds)
    floor, edition = results[sites[0].label], results[sites[2].label]
    lite_result = results[sites[1].label]
    print(f"edition / bare page, cold: {edition['cold'] / floor['cold']:.2f}x  [target <= 1.3x]; "
          f"JupyterLite / bare page: {lite_result['cold'] / floor['cold']:.2f}x")
    if edition["warm"] is not None:
        print(f"edition / bare page, warm: {edition['warm'] / floor['warm']:.2f}x  [target <= 1.3x]; "
              f"JupyterLite / bare page: {lite_result['warm'] / floor['warm']:.2f}x; "
              f"the edition's second visit fetched {edition['warm_bytes']} bytes  [target: nothing]")
    print(f"load average after: {load_average()}")
    shutil.rmtree(folder, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--visits", type=int, default=5, help="visits per site in one profile: one cold, the rest warm")
    parser.add_argument("--colds", type=int, default=3, help="cold visits per site, each in a new profile")
    args = parser.parse_args(argv)
    asyncio.run(main_async(max(1, args.visits), max(1, args.colds)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
