"""The Voilà app server the load tools and the app benchmarks start, headless Chromium for their
pages, and what they read of the server's processes in /proc."""

from __future__ import annotations

import json
import re
import signal
import socket
import statistics
import subprocess
import sys
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


# -- servers ------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """A Voilà app server on a free port; ``preheat=False`` serves every page cold.
    ``package_root``: serve the package found there (another revision) instead of this one."""

    def __init__(self, preheat: bool, notebook: Path | None = None, package_root: Path | None = None,
                 voila_config: dict | None = None):
        """``voila_config``: more Voilà configuration, written to a ``voila.json`` in the server's
        working folder (the app's own settings on the command line still apply)."""
        self.port = free_port()
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
        folder = tempfile.gettempdir()
        if voila_config:
            folder = tempfile.mkdtemp(prefix="bench_app_config_")
            (Path(folder) / "voila.json").write_text(json.dumps(voila_config))
        with open(self.log, "wb") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT,
                                            cwd=folder, env=environment)
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
        wait_until_still(lambda: sum(cpu_ticks(pid) for pid in self.kernel_rss()), quiet_seconds, timeout,
                         "the kernels never went quiet")

    def voila_pid(self) -> int:
        """The Voilà process: the launcher's child, or the server itself when run directly."""
        # (a kernel's command line names its connection file, which lies in /tmp/voila_*)
        servers = [pid for pid in child_pids(self.process.pid)
                   if "voila" in process_cmdline(pid) and "ipykernel" not in process_cmdline(pid)]
        return servers[0] if servers else self.process.pid

    def kernel_rss(self) -> dict[int, int]:
        """Resident memory in bytes of every kernel of this server."""
        return {pid: process_rss(pid) for pid in child_pids(self.voila_pid())
                if "ipykernel" in process_cmdline(pid)}

    def stop(self) -> None:
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.unlink(missing_ok=True)


# -- processes, in /proc (a process gone reads as empty) -----------------------------
def process_cmdline(pid: int) -> str:
    """The process's command line, its arguments joined by spaces."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def child_pids(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (children only, not their descendants)."""
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


def cpu_ticks(pid: int) -> int:
    """User + system CPU time the process has used, in clock ticks (``os.sysconf("SC_CLK_TCK")`` a second)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0
    return int(fields[11]) + int(fields[12])  # utime + stime


def process_rss(pid: int) -> int:
    """The process's resident memory in bytes."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    match = re.search(r"VmRSS:\s+(\d+) kB", status)
    return int(match.group(1)) * 1024 if match else 0


def load_average() -> str:
    """The machine's load averages over 1, 5 and 15 minutes, as /proc/loadavg says them."""
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def percentiles(values: list[float]) -> dict[str, float]:
    """p50, p90, p95 and max of ``values`` (p50 and max alone for a single value)."""
    ordered = sorted(values)
    if len(ordered) == 1:
        return {"p50": ordered[0], "max": ordered[0]}
    cuts = statistics.quantiles(ordered, n=20, method="inclusive")
    return {"p50": statistics.median(ordered), "p90": cuts[17], "p95": cuts[18], "max": ordered[-1]}


def mb(size: int) -> str:
    """Bytes as whole megabytes (MiB), e.g. "78 MB"."""
    return f"{size / 2**20:.0f} MB"


def wait_until_still(read_ticks, quiet_seconds: float, timeout: float, failure: str) -> None:
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


# -- the browser ----------------------------------------------------------------------
async def close_page(page) -> None:
    """Leave the page, as a student closing the tab does, then close it."""
    await page.goto("about:blank")  # sends the unload request that stops the kernel
    await page.close()


async def launch_chromium(playwright):
    """Headless Chromium (``CHROMIUM``) with ``CHROMIUM_ARGS``, through Playwright."""
    return await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


async def local_context(browser):
    """A browser context whose requests are listed in ``context.off_machine`` when they leave
    127.0.0.1 (there should be none). Watched, not blocked: Playwright turns a context's HTTP
    cache off as soon as it routes any request, and a warm page load must use the cache."""
    context = await browser.new_context()
    context.off_machine = []
    context.on("request", lambda request: OFF_MACHINE.match(request.url) and context.off_machine.append(request.url))
    return context


# A one-button notebook: what Voilà itself costs on this machine right now.
BASELINE_SOURCE = (
    "import ipywidgets as widgets\n"
    "chip = widgets.Button(description='5')\nchip.add_class('bl-chip')\n"
    "table = widgets.VBox([chip])\ntable.add_class('bl-table')\n"
    "page = widgets.VBox([table])\npage.add_class('bl-page-punto-banco')\npage"
)


def baseline_notebook() -> Path:
    """A new temporary notebook of ``BASELINE_SOURCE``, to serve like the app."""
    folder = Path(tempfile.mkdtemp(prefix="bench_app_baseline_"))
    path = folder / "baseline.ipynb"
    path.write_text(json.dumps({
        "cells": [{"cell_type": "code", "execution_count": None, "id": "b", "metadata": {}, "outputs": [],
                   "source": BASELINE_SOURCE}],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5,
    }))
    return path
