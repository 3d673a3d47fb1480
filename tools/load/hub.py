"""A real JupyterHub on this machine: 20 students log in, open the app and play a round.

Proves the JupyterHub path of the README (issue 12, "Past one machine") and prints, asserting
nothing:

- per user: login, server start (spawn until the single-user server answers through the proxy),
  time from navigating to ``/user/<name>/voila/render/app.ipynb`` to a usable table (the
  Punto Banco spots enabled), time to finish a round (click Banker, Deal, wait for
  ``.bl-round-done``), and the memory of the user's single-user server plus its kernels;
- the hub's and the proxy's memory, and totals, with all users' pages still open.

What runs, all on 127.0.0.1 (ports chosen free at start):

- ``jupyterhub`` (PyPI, ``pip install -e ".[hub]"``) with a config this script writes into a
  temporary folder (database, cookie secret, logs, the users' home folders; removed at the end);
- ``configurable-http-proxy`` (npm), installed by this script into ``tools/load/.hub/`` when
  missing (``npm install configurable-http-proxy@5``);
- ``SimpleLocalProcessSpawner``: one ``jupyterhub-singleuser`` process per user, run as the
  hub's own Unix user, home ``<temp>/home/<name>``. ``LocalProcessSpawner`` would need a Unix
  account per student (it looks each name up and switches to that account): on a machine where
  the hub runs as root with no such accounts it cannot start anyone, and making twenty accounts
  is not a benchmark's business. The simple spawner is for tests only (no isolation between users);
- ``SharedPasswordAuthenticator`` (JupyterHub 5.3+, the replacement of ``DummyAuthenticator``'s
  deprecated password): the twenty allowed names, one fixed test password;
- every single-user server serves the repository's ``notebooks/`` with the app's Voilà settings
  (``baccarat_lessons.app``): its template ``baccarat-lessons`` found through ``JUPYTER_PATH``
  (the package's ``jupyter_data``), light theme, sources stripped, no tracebacks, ipc kernels,
  a 60 s IOPub timeout. Voilà runs as a server extension there: no preheated kernels.
- idle and cull settings: a closed page's idle kernel is culled after 600 s (checked every
  60 s), as in ``baccarat-lessons app``; a single-user server with no kernel and no activity for
  3600 s stops itself (``ServerApp.shutdown_no_activity_timeout``). Nothing culls whole servers
  from the hub (no ``jupyterhub-idle-culler`` service here; Zero to JupyterHub runs one).

Users go in small concurrent batches (``--batch``, 4 by default on 2 cores); each user has its
own browser context in one headless Chromium, and every page stays open until the end, so the
memory figures are those of a class with the app open. Ctrl-C (or SIGTERM) stops the browser,
the hub, the proxy, every single-user server and kernel, and removes the temporary folder.

Usage::

    .venv/bin/python tools/load/hub.py                 # 20 users, 4 at a time
    .venv/bin/python tools/load/hub.py --users 4 --batch 2
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import psutil

from baccarat_lessons.app import (
    CULL_IDLE_SECONDS, CULL_INTERVAL_SECONDS, IOPUB_TIMEOUT_SECONDS, JUPYTER_DATA, LOCAL_ONLY, TEMPLATE,
)

REPOSITORY = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPOSITORY / "notebooks"
APP_PATH = "voila/render/app.ipynb"  # relative to a single-user server's root (notebooks/)
CACHE = Path(__file__).resolve().parent / ".hub"  # configurable-http-proxy's npm install (git-ignored)
PROXY_PACKAGE = "configurable-http-proxy@5"
PROXY_COMMAND = CACHE / "node_modules" / ".bin" / "configurable-http-proxy"
PASSWORD = "baccarat-test-only"  # SharedPasswordAuthenticator wants 8 characters or more
SERVER_IDLE_SECONDS = 3600
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
OFF_MACHINE = re.compile(r"^https?://(?!127\.0\.0\.1[:/])")
TABLE = ".bl-page-punto-banco .bls"
SPOT = f"{TABLE} button.bl-spot-banker"
DEAL = f"{TABLE} button.bl-deal"
DONE = f"{TABLE} .bl-round-done"
LOGIN_MS = 60_000
SPAWN_MS = 300_000
PAGE_MS = 180_000
ROUND_MS = 60_000
INTERRUPTED: list[int] = []  # the signals (Ctrl-C, SIGTERM) that asked the benchmark to stop


# -- setup ------------------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((LOCAL_ONLY, 0))
        return probe.getsockname()[1]


def ensure_proxy() -> str:
    """configurable-http-proxy from npm in ``tools/load/.hub``; returns its version."""
    if not PROXY_COMMAND.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        print(f"Installing {PROXY_PACKAGE} into {CACHE} (npm) ...", flush=True)
        subprocess.run(["npm", "install", "--prefix", str(CACHE), "--no-audit", "--no-fund", "--loglevel=error",
                        PROXY_PACKAGE], check=True)
    package = CACHE / "node_modules" / "configurable-http-proxy" / "package.json"
    return json.loads(package.read_text())["version"]


def singleuser_arguments() -> list[str]:
    """The single-user server's command-line settings: ``baccarat-lessons app``'s Voilà settings
    (see ``baccarat_lessons.app.voila_arguments``) under their server-extension names."""
    arguments = [
        f"--VoilaConfiguration.template={TEMPLATE}",
        "--VoilaConfiguration.theme=light",
        "--VoilaConfiguration.strip_sources=True",
        "--VoilaConfiguration.show_tracebacks=False",
        "--KernelManager.transport=ipc",
        f"--VoilaExecutor.iopub_timeout={IOPUB_TIMEOUT_SECONDS}",
        f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE_SECONDS}",
        f"--MappingKernelManager.cull_interval={CULL_INTERVAL_SECONDS}",
        f"--ServerApp.shutdown_no_activity_timeout={SERVER_IDLE_SECONDS}",
        # Nothing leaves the machine: no news feed, no update check (as `baccarat-lessons lab`).
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]
    if os.geteuid() == 0:  # jupyter_server refuses root without it (the simple spawner runs as the hub's user)
        arguments.append("--allow-root")
    return arguments


def write_config(folder: Path, users: list[str], ports: dict[str, int]) -> Path:
    singleuser = Path(sys.executable).parent / "jupyterhub-singleuser"
    settings = {
        "ip": LOCAL_ONLY, "port": ports["public"], "hub_port": ports["hub"], "api_port": ports["api"],
        "proxy": str(PROXY_COMMAND), "folder": str(folder), "users": users, "password": PASSWORD,
        "singleuser": str(singleuser), "notebooks": str(NOTEBOOKS), "args": singleuser_arguments(),
        "jupyter_path": os.pathsep.join(p for p in (str(JUPYTER_DATA), os.environ.get("JUPYTER_PATH", "")) if p),
        "app": "/" + APP_PATH,
    }
    config = folder / "jupyterhub_config.py"
    config.write_text(f'''# Written by tools/load/hub.py: a test-only hub on 127.0.0.1.
import json
s = json.loads({json.dumps(json.dumps(settings))})
c = get_config()  # noqa: F821
c.JupyterHub.ip = s["ip"]
c.JupyterHub.port = s["port"]
c.JupyterHub.hub_ip = s["ip"]
c.JupyterHub.hub_port = s["hub_port"]
c.JupyterHub.db_url = "sqlite:///" + s["folder"] + "/jupyterhub.sqlite"
c.JupyterHub.cookie_secret_file = s["folder"] + "/jupyterhub_cookie_secret"
c.JupyterHub.pid_file = s["folder"] + "/jupyterhub.pid"
c.JupyterHub.cleanup_servers = True  # the hub stops every server (and the proxy it started) when it stops
c.JupyterHub.cleanup_proxy = True
c.ConfigurableHTTPProxy.should_start = True
c.ConfigurableHTTPProxy.command = [s["proxy"]]
c.ConfigurableHTTPProxy.api_url = "http://" + s["ip"] + ":" + str(s["api_port"])
c.ConfigurableHTTPProxy.pid_file = s["folder"] + "/jupyterhub-proxy.pid"

# Test only: one shared password for the listed names.
c.JupyterHub.authenticator_class = "shared-password"
c.SharedPasswordAuthenticator.user_password = s["password"]
c.Authenticator.allowed_users = set(s["users"])

# Test only: every server runs as the hub's own Unix user (no accounts needed, no isolation).
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = s["folder"] + "/home/{{username}}"
c.Spawner.ip = s["ip"]
c.Spawner.cmd = [s["singleuser"]]
c.Spawner.notebook_dir = s["notebooks"]  # the repository's notebooks/: /user/<name>/voila/render/app.ipynb
c.Spawner.default_url = s["app"]  # a student who logs in lands on the app
c.Spawner.args = s["args"]
c.Spawner.environment = {{
    "JUPYTER_PATH": s["jupyter_path"],  # the app's Voila template
    # ipc kernels bind Unix sockets <runtime dir>/kernel-<uuid>-ipc-<n>, at most 107 characters:
    # <home>/.local/share/jupyter/runtime under a temporary folder is too long for them.
    "JUPYTER_RUNTIME_DIR": lambda spawner: s["folder"] + "/run/" + spawner.user.name,
}}
c.Spawner.start_timeout = 300
c.Spawner.http_timeout = 300
''', encoding="utf-8")
    return config


class Hub:
    """A JupyterHub child process in its own session; ``stop`` ends it and everything it started."""

    def __init__(self, folder: Path, config: Path, port: int):
        self.folder = folder
        self.url = f"http://{LOCAL_ONLY}:{port}"
        self.log_path = folder / "jupyterhub.log"
        self.log = open(self.log_path, "wb")
        self.process = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", str(config)], cwd=folder,
                                        stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)
        self.seen: dict[int, psutil.Process] = {}
        self.left_over: list[str] = []  # what ``stop`` had to end itself
        self.remember()

    def remember(self) -> None:
        """Note every process the hub has started so far, for ``stop`` to end whatever outlives it."""
        try:
            hub = psutil.Process(self.process.pid)
            for process in [hub, *hub.children(recursive=True)]:
                self.seen.setdefault(process.pid, process)
        except psutil.NoSuchProcess:
            pass

    def wait_until_up(self, timeout: float = 120) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"jupyterhub exited with status {self.process.returncode}:\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(f"{self.url}/hub/health", timeout=2) as answer:
                    if answer.status == 200:
                        self.remember()
                        return
            except OSError:
                pass
            time.sleep(0.3)
        raise RuntimeError(f"jupyterhub did not answer in {timeout:.0f} s:\n{self.log_tail()}")

    def log_tail(self, lines: int = 40) -> str:
        self.log.flush()
        return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])

    def stop(self) -> int:
        """SIGTERM to the hub (it stops the servers and the proxy), then end any process left over."""
        self.remember()
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=90)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        left = [process for process in self.seen.values() if process.is_running()]
        self.left_over = []
        for process in left:
            try:
                command = process.cmdline()
            except psutil.Error:
                continue
            words = [Path(word).name for word in command[:3]]
            self.left_over.append(next((w for w in words if w.startswith(("jupyterhub", "ipykernel", "configurable"))),
                                       words[0] if words else "?"))
        for process in left:
            try:
                process.terminate()
            except psutil.NoSuchProcess:
                pass
        gone, alive = psutil.wait_procs(left, timeout=10)
        for process in alive:
            try:
                process.kill()
            except psutil.NoSuchProcess:
                pass
        psutil.wait_procs(alive, timeout=5)
        self.log.close()
        return len(left)


# -- memory -----------------------------------------------------------------------------------
def memory(process: psutil.Process) -> tuple[int, int]:
    """(RSS, USS) in bytes; USS (memory no other process shares) is 0 when it cannot be read."""
    try:
        rss = process.memory_info().rss
    except psutil.Error:
        return 0, 0
    try:
        uss = process.memory_full_info().uss
    except psutil.Error:
        uss = 0
    return rss, uss


def processes_of(hub: Hub) -> dict:
    """The hub, the proxy, and per user the single-user server (the hub's child whose environment
    names the user) with its kernels (the server's descendants)."""
    hub.remember()
    found = {"hub": [], "proxy": [], "users": {}}
    root = psutil.Process(hub.process.pid)
    found["hub"].append(root)
    for child in root.children():
        try:
            user = child.environ().get("JUPYTERHUB_USER")
            command = " ".join(child.cmdline())
        except psutil.Error:
            continue
        if user:
            found["users"][user] = {"server": child, "kernels": child.children(recursive=True)}
        elif "configurable-http-proxy" in command:
            found["proxy"].extend([child, *child.children(recursive=True)])
    return found


def mb(size: float) -> str:
    return f"{size / 2**20:.0f} MB"


# -- one student ------------------------------------------------------------------------------
async def student(browser, hub_url: str, name: str) -> dict:
    """Log in, start the server, open the app, play a round. Returns the timings, or the error."""
    result = {"name": name}

    async def refuse(route):
        await route.abort()

    step = "browser"
    try:
        context = await browser.new_context()
        await context.route(OFF_MACHINE, refuse)
        page = await context.new_page()
        step = "login"
        start = time.perf_counter()
        await page.goto(f"{hub_url}/hub/login?next=/hub/home", timeout=LOGIN_MS)
        await page.fill("#username_input", name)
        await page.fill("#password_input", PASSWORD)
        await page.click("#login_submit")
        await page.wait_for_url("**/hub/home", timeout=LOGIN_MS)
        result["login"] = time.perf_counter() - start

        step = "server start"
        start = time.perf_counter()
        # The spawn page waits for the server, then goes through the proxy to a small file on it
        # (which also completes the server's OAuth handshake with the hub).
        ready = f"/user/{name}/files/README.md"
        await page.goto(f"{hub_url}/hub/spawn/{name}?next={ready}", timeout=SPAWN_MS)
        await page.wait_for_url(f"**{ready}", timeout=SPAWN_MS)
        result["spawn"] = time.perf_counter() - start

        step = "app page"
        start = time.perf_counter()
        await page.goto(f"{hub_url}/user/{name}/{APP_PATH}", timeout=PAGE_MS)
        await page.locator(TABLE).first.wait_for(state="visible", timeout=PAGE_MS)
        result["table"] = time.perf_counter() - start
        await page.locator(f"{SPOT}:not([disabled])").first.wait_for(state="visible", timeout=PAGE_MS)
        result["usable"] = time.perf_counter() - start
        # The app's own Voila template (found through JUPYTER_PATH) adds this notice to the page.
        result["template"] = await page.locator("#bl-connection-lost").count() > 0

        step = "round"
        start = time.perf_counter()
        await page.locator(SPOT).first.click(timeout=ROUND_MS)
        await page.locator(DEAL).first.click(timeout=ROUND_MS)
        await page.locator(DONE).first.wait_for(state="attached", timeout=ROUND_MS)
        result["round"] = time.perf_counter() - start
    except Exception as error:  # a benchmark reports a failed user and goes on with the others
        first_line = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        result["error"] = f"{step}: {first_line}"
    return result


async def run_class(hub: Hub, users: list[str], batch: int) -> list[dict]:
    from playwright.async_api import async_playwright

    results = []
    # Inside the loop a stop signal cancels this task, so Playwright shuts its driver down in order.
    loop, task = asyncio.get_running_loop(), asyncio.current_task()
    for stop in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(stop, lambda stop=stop: (INTERRUPTED.append(stop), task.cancel()))
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                                   headless=True)
        try:
            for first in range(0, len(users), batch):
                names = users[first:first + batch]
                start = time.perf_counter()
                done = await asyncio.gather(*(student(browser, hub.url, name) for name in names))
                if INTERRUPTED:  # Ctrl-C also ended Playwright's driver: the students above failed for that
                    raise KeyboardInterrupt
                hub.remember()
                print(f"  batch {first // batch + 1}: {', '.join(names)} in {time.perf_counter() - start:.1f} s"
                      + "".join(f"; {r['name']} failed at {r['error']}" for r in done if "error" in r), flush=True)
                results.extend(done)
            # Every page is still open: let the kernels settle, then read the class's memory.
            await asyncio.sleep(5)
            snapshot = processes_of(hub)
            for result in results:
                tree = snapshot["users"].get(result["name"])
                if tree is None:
                    continue
                server_rss, server_uss = memory(tree["server"])
                kernels = [memory(kernel) for kernel in tree["kernels"]]
                result.update(server_rss=server_rss, server_uss=server_uss, kernels=len(kernels),
                              kernel_rss=sum(r for r, _ in kernels), kernel_uss=sum(u for _, u in kernels))
            hub_memory = [memory(p) for p in snapshot["hub"]]
            proxy_memory = [memory(p) for p in snapshot["proxy"]]
            results.append({"hub": hub_memory, "proxy": proxy_memory})
        finally:
            await browser.close()
    return results


# -- report -----------------------------------------------------------------------------------
def spread(values: list[float]) -> str:
    if not values:
        return "-"
    if len(values) == 1:
        return f"{values[0]:.2f} s"
    return f"median {statistics.median(values):.2f} s, min {min(values):.2f} s, max {max(values):.2f} s"


def report(results: list[dict], batch: int) -> None:
    extra = results.pop()
    print()
    print(f"{'user':8} {'login':>7} {'start':>7} {'table':>7} {'usable':>7} {'round':>7} "
          f"{'server':>8} {'kernels (n)':>12} {'total':>8}")
    for r in results:
        def seconds(key):
            return f"{r[key]:6.2f}s" if key in r else "      -"
        server = r.get("server_rss", 0)
        kernels = r.get("kernel_rss", 0)
        kernel_column = f"{mb(kernels)} ({r.get('kernels', 0)})"
        print(f"{r['name']:8} {seconds('login')} {seconds('spawn')} {seconds('table')} {seconds('usable')} "
              f"{seconds('round')} {mb(server):>8} {kernel_column:>12} "
              f"{mb(server + kernels):>8}" + (f"  FAILED {r['error']}" if "error" in r else ""))
    played = [r for r in results if "round" in r]
    print()
    print(f"users: {len(results)}, batch size (concurrent users): {batch}, rounds played: {len(played)} of {len(results)}")
    print(f"pages served with the app's Voila template ({TEMPLATE}): {sum(bool(r.get('template')) for r in results)}"
          f" of {len(results)}")
    for label, key in (("login", "login"), ("server start", "spawn"), ("navigation to the table drawn", "table"),
                       ("navigation to a usable table", "usable"), ("round (Banker, Deal, round done)", "round")):
        print(f"  {label:34} {spread([r[key] for r in results if key in r])}")
    measured = [r for r in results if "server_rss" in r]
    per_user = [r["server_rss"] + r["kernel_rss"] for r in measured]
    if per_user:
        print(f"  {'memory per user (server + kernels)':34} median {mb(statistics.median(per_user))}, "
              f"min {mb(min(per_user))}, max {mb(max(per_user))} RSS "
              f"(server median {mb(statistics.median(r['server_rss'] for r in measured))}, "
              f"kernels median {mb(statistics.median(r['kernel_rss'] for r in measured))})")
    hub_rss, hub_uss = sum(r for r, _ in extra["hub"]), sum(u for _, u in extra["hub"])
    proxy_rss, proxy_uss = sum(r for r, _ in extra["proxy"]), sum(u for _, u in extra["proxy"])
    users_rss = sum(per_user)
    users_uss = sum(r["server_uss"] + r["kernel_uss"] for r in measured)
    print(f"  {'hub':34} {mb(hub_rss)} RSS ({mb(hub_uss)} USS)")
    print(f"  {'proxy (node)':34} {mb(proxy_rss)} RSS ({mb(proxy_uss)} USS)")
    print(f"  {'all users (' + str(len(measured)) + ' servers + kernels)':34} {mb(users_rss)} RSS ({mb(users_uss)} USS)")
    print(f"  {'total: hub + proxy + all users':34} {mb(hub_rss + proxy_rss + users_rss)} RSS "
          f"({mb(hub_uss + proxy_uss + users_uss)} USS; the browser not counted)")
    print("  (RSS counts pages shared between processes in each of them; USS only each process's own.)")


# -- main -------------------------------------------------------------------------------------
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--users", type=int, default=20, help="students (user01, user02, ...)")
    parser.add_argument("--batch", type=int, default=4, help="students logging in at the same time")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder (config, logs)")
    args = parser.parse_args(argv)
    if args.users < 1 or args.batch < 1:
        parser.error("--users and --batch must be at least 1")
    users = [f"user{number:02d}" for number in range(1, args.users + 1)]

    def interrupt(signum, frame):
        INTERRUPTED.append(signum)
        raise KeyboardInterrupt

    def catch_stop_signals():  # outside the event loop (run_class has its own handlers inside it)
        for stop in (signal.SIGINT, signal.SIGTERM):
            signal.signal(stop, interrupt)

    catch_stop_signals()
    hub = folder = None
    status = 0
    try:
        import jupyterhub
        import voila

        proxy_version = ensure_proxy()
        folder = Path(tempfile.mkdtemp(prefix="bench_hub_"))
        ports = {"public": free_port(), "hub": free_port(), "api": free_port()}
        config = write_config(folder, users, ports)
        load = " ".join(f"{x:.2f}" for x in os.getloadavg())
        print(f"jupyterhub {jupyterhub.__version__}, configurable-http-proxy {proxy_version}, "
              f"voila {voila.__version__}, Python {sys.version.split()[0]}, {os.cpu_count()} cores, load {load}")
        print(f"spawner SimpleLocalProcessSpawner (as uid {os.geteuid()}), authenticator SharedPasswordAuthenticator; "
              f"hub at http://{LOCAL_ONLY}:{ports['public']}/ (hub API port {ports['hub']}, "
              f"proxy API port {ports['api']})")
        print(f"config {config}")
        print(f"{len(users)} users, {args.batch} at a time; each opens /user/<name>/{APP_PATH} and plays a round",
              flush=True)
        started = time.perf_counter()
        hub = Hub(folder, config, ports["public"])
        hub.wait_until_up()
        print(f"hub and proxy up in {time.perf_counter() - started:.1f} s", flush=True)
        started = time.perf_counter()
        try:
            results = asyncio.run(run_class(hub, users, args.batch))
        finally:
            catch_stop_signals()  # closing the loop put the default handlers back
        print(f"all batches done in {time.perf_counter() - started:.1f} s; "
              f"load {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        report(results, args.batch)
    except BaseException as error:
        if isinstance(error, KeyboardInterrupt) or INTERRUPTED:
            # Ctrl-C reaches Playwright's driver too: whatever broke on the way (the browser, mostly)
            # needs no report, nor its pending futures; the clean-up below is what matters.
            logging.getLogger("asyncio").setLevel(logging.CRITICAL)
            print("\ninterrupted: stopping the hub, the proxy and every server", file=sys.stderr)
            status = 130
        elif isinstance(error, (RuntimeError, subprocess.CalledProcessError)):
            print(f"hub.py: {error}", file=sys.stderr)
            status = 1
        else:
            raise
    finally:
        for stop in (signal.SIGINT, signal.SIGTERM):  # a second Ctrl-C must not cut the clean-up short
            signal.signal(stop, signal.SIG_IGN)
        if hub is not None:
            left = hub.stop()
            print(f"stopped the hub; {left} process(es) it had started were still running and were ended "
                  f"({', '.join(sorted(hub.left_over))})"
                  if left else "stopped the hub, the proxy and every single-user server", file=sys.stderr)
        if folder is not None and args.keep:
            print(f"kept {folder}", file=sys.stderr)
        elif folder is not None:
            shutil.rmtree(folder, ignore_errors=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
