"""Serve the lessons app (``notebooks/app.ipynb``) with Voilà on this machine.

``serve`` runs Voilà as a child process with the settings measured to work here
(see ``NOTES-jupyter.md``): kernels talk over ipc rather than TCP ports, one kernel
is kept preheated, idle kernels of closed pages are culled, sources are stripped and
tracebacks of the notebook's cells hidden unless ``BACCARAT_LESSONS_DEBUG=1`` (Voilà's
``show_tracebacks``). An exception escaping a widget callback still reaches the page's websocket
with its traceback: ``MappingKernelManager.allow_tracebacks=False`` would replace it, but
jupyter_server 2.21 then fails on every error message (it reads the replacement text from the
wrong manager) and the page stops hearing from its kernel, so the app's callbacks go through
``widgets.guard`` instead.

Two environment variables shorten the culling, for tests: ``BACCARAT_LESSONS_CULL_IDLE_SECONDS``
(a closed page's idle kernel is shut down after this long; 600 by default) and
``BACCARAT_LESSONS_CULL_INTERVAL_SECONDS`` (how often Voilà looks; 60 by default). Voilà's pool is
built on the app's own kernel manager (``kernel_manager.PageKernelManager``): a preheated kernel
that waited in the pool longer than the idle time is not culled before its page has connected.

>>> arguments = voila_arguments(Path("app.ipynb"), port=9000, open_browser=False, debug=False)
>>> arguments[:4], "--no-browser" in arguments
(['app.ipynb', '--port=9000', '--Voila.ip=127.0.0.1', '--Voila.port_retries=0'], True)
>>> "--show_tracebacks=False" in arguments, '--KernelManager.transport=ipc' in arguments
(True, True)
>>> "--MappingKernelManager.cull_idle_timeout=600" in arguments
True
>>> f"--VoilaConfiguration.multi_kernel_manager_class={KERNEL_MANAGER}" in arguments
True
"""

from __future__ import annotations

import compileall
import errno
import ipaddress
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

from . import DEBUG_VARIABLE, SURFACE_SERVED_VARIABLE

CULL_IDLE_VARIABLE = "BACCARAT_LESSONS_CULL_IDLE_SECONDS"
CULL_INTERVAL_VARIABLE = "BACCARAT_LESSONS_CULL_INTERVAL_SECONDS"
LOCAL_ONLY = "127.0.0.1"
# A Jupyter data folder holding the app's Voilà template (the lab page, minus a font CDN).
JUPYTER_DATA = Path(__file__).resolve().parent / "jupyter_data"
TEMPLATE = "baccarat-lessons"

# The notebook Voilà renders. The same two lines are written to a temporary
# notebook when the package is installed without its repository (no notebooks/).
APP_SOURCES = (  # the cell of notebooks/app.ipynb
    "from baccarat_lessons.widgets.app import LessonsApp\n\n"
    "# The first page shows its table first; its guide, records and rules follow once the table is drawn.\n"
    "# The page itself sends its address, so a staged link (?variant=…&shoe=…&role=…&choices=…)\n"
    "# opens the same coup for the whole class, and ?class=<join address>&name=<display name> joins a class\n"
    "# server: this kernel joins and reports each table's coups itself (classroom/client.py).\n"
    "app = LessonsApp(defer=True)\napp.widget",
)

# Idle kernels of closed pages are shut down after this long (Voilà cannot always
# tell that a page was closed); Binder culls whole sessions after about as long.
CULL_IDLE_SECONDS = 600
CULL_INTERVAL_SECONDS = 60
PRELOADED_KERNELS = 1
# The class Voilà builds its pool manager on: it does not cull a kernel handed to a page before the
# page has connected to it (issue 20; see kernel_manager.py).
KERNEL_MANAGER = "baccarat_lessons.kernel_manager.PageKernelManager"
# The JupyterLab extensions the app page loads (by their package names): the widget manager,
# Voilà's own for ipywidgets 8, and anywidget.
APP_EXTENSIONS = ("@jupyter-widgets/jupyterlab-manager", "@voila-dashboards/widgets-manager8", "anywidget")
IOPUB_TIMEOUT_SECONDS = 60


def app_notebook() -> Path:
    """The app notebook of the repository this package was installed from.

    >>> app_notebook().name
    'app.ipynb'
    """
    repository_notebook = Path(__file__).resolve().parent.parent / "notebooks" / "app.ipynb"
    if repository_notebook.is_file():
        return repository_notebook
    return written_notebook()


def written_notebook(folder: Path | None = None) -> Path:
    """A thin app notebook in ``folder`` (a new temporary folder by default), for
    installs without the repository's ``notebooks/``."""
    folder = Path(folder or tempfile.mkdtemp(prefix="baccarat_lessons_"))
    notebook = {
        "cells": [{"cell_type": "code", "execution_count": None, "id": cell_id, "metadata": {},
                   "outputs": [], "source": source} for cell_id, source in zip(("app",), APP_SOURCES)],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                     "title": "Baccarat lessons"},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path = folder / "app.ipynb"
    path.write_text(json.dumps(notebook, indent=1), encoding="utf-8")
    return path


def port_is_free(port: int, ip: str = LOCAL_ONLY) -> bool:
    """Whether nothing listens on ``port`` of ``ip`` yet."""
    with socket.socket() as probe:
        # As Tornado does: connections of a server that just stopped must not count.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((ip, port))
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                return False
            raise
    return True


def voila_arguments(
    notebook: Path, port: int, open_browser: bool, debug: bool, ip: str = LOCAL_ONLY,
    cull_idle_seconds: int = CULL_IDLE_SECONDS, cull_interval_seconds: int = CULL_INTERVAL_SECONDS,
) -> list[str]:
    """The Voilà command line (after ``python -m voila``) for the app notebook."""
    arguments = [
        str(notebook),
        f"--port={port}",
        f"--Voila.ip={ip}",
        # The address printed for the user must be the one served: never move to another port.
        "--Voila.port_retries=0",
        "--theme=light",
        "--strip_sources=True",
        f"--show_tracebacks={debug}",
        # TCP kernels started together fight over ports; ipc sockets do not.
        "--KernelManager.transport=ipc",
        # The app's widgets reach Voilà as a few hundred IOPub messages; under load
        # (many pages opening at once) they take longer than nbclient's default 4 s,
        # and a page whose output is dropped stays blank.
        f"--VoilaExecutor.iopub_timeout={IOPUB_TIMEOUT_SECONDS}",
        f"--MappingKernelManager.cull_idle_timeout={cull_idle_seconds}",
        f"--MappingKernelManager.cull_interval={cull_interval_seconds}",
        # Voilà culls a preheated kernel handed to a page as idle since its preheat: one that waited in
        # the pool longer than the idle time was shut down before the page could connect.
        f"--VoilaConfiguration.multi_kernel_manager_class={KERNEL_MANAGER}",
        # A kernel that has already run the notebook makes the page interactive
        # sooner; preheat excludes progressive rendering, which stays off.
        "--preheat_kernel=True",
        f"--pool_size={PRELOADED_KERNELS}",
        # The app needs the widget manager and anywidget only: every other JupyterLab extension
        # installed beside it (MathJax, the slides, code highlighting) would be ~1.5 MB more
        # for every page to fetch and compile before its table can be drawn.
        *(f"--VoilaConfiguration.extension_allowlist={name}" for name in APP_EXTENSIONS),
    ]
    if (JUPYTER_DATA / "voila" / "templates" / TEMPLATE / "index.html.j2").is_file():
        arguments.append(f"--template={TEMPLATE}")
    if not open_browser:
        arguments.append("--no-browser")
    return arguments


def jupyter_environment() -> dict[str, str]:
    """Our environment with the package's ``jupyter_data`` searched first on ``JUPYTER_PATH``:
    Voilà finds the app's template there, JupyterLab the slides' labextension."""
    environment = dict(os.environ)
    environment["JUPYTER_PATH"] = os.pathsep.join(
        part for part in (str(JUPYTER_DATA), environment.get("JUPYTER_PATH", "")) if part
    )
    return environment


def voila_environment(surface_served: bool = False) -> dict[str, str]:
    """:func:`jupyter_environment` with ipywidgets' echo of the page's state updates turned off
    (``JUPYTER_WIDGETS_ECHO=0``): the environment of the app's Voilà server and so of its kernels.
    ``surface_served``: the table surface's files are in the template's static folder, so the kernels'
    surfaces load them from there (:mod:`baccarat_lessons.widgets.surface.served`)."""
    environment = jupyter_environment()
    # A page is the only frontend of its kernel, so no other view needs its updates echoed back
    # (JupyterLab's several views of one kernel do: ``baccarat-lessons lab`` keeps the echo). And an
    # echo carrying a binary buffer, sent to a second connection to the kernel in the legacy (not v1)
    # websocket protocol, hangs Voilà 0.5.13's whole server: its write_message reads every binary
    # frame as v1 and spins on the offsets it misreads (tests/browser/test_kernel_socket_hardening.py).
    environment["JUPYTER_WIDGETS_ECHO"] = "0"
    if surface_served:
        environment[SURFACE_SERVED_VARIABLE] = "1"
    else:
        environment.pop(SURFACE_SERVED_VARIABLE, None)
    return environment


PACKAGE = Path(__file__).resolve().parent


def compile_package(folder: Path = PACKAGE) -> bool:
    """Write the bytecode of the package's modules where Python looks for it, unless it is there and
    up to date already; return whether every module compiled (a read-only install may refuse).

    Every page's kernel imports the package afresh. pip compiles what it installs, but an editable
    install (the README's) is compiled only by the first import that may write, and none may where
    ``PYTHONDONTWRITEBYTECODE`` is set, as it is in many containers: then each kernel compiled the
    package's 140 modules from source again, 0.06-0.1 s of CPU per page (issue 20's benchmark).
    Python still reads bytecode under that variable; it only stops writing it on import.

    >>> compile_package()
    True
    """
    # quiet=2: a folder that cannot be written is not the user's error; the kernels compile in memory.
    return bool(compileall.compile_dir(folder, quiet=2, workers=1))


def refuse_address(port: int, ip: str, what: str) -> int | None:
    """Print why ``port`` on ``ip`` cannot be served and return the exit status, or
    return None when it can. ``what`` names the server in the busy-port sentence."""
    if not 0 < port < 65536:
        print(f"baccarat-lessons: error: --port must be between 1 and 65535, not {port}.", file=sys.stderr)
        return 2
    try:
        ipaddress.IPv4Address(ip)
        free = port_is_free(port, ip)
    except (OSError, ValueError):
        print(f"baccarat-lessons: error: {ip!r} is not an address of this machine; use --ip with one.",
              file=sys.stderr)
        return 2
    if not free:
        print(f"baccarat-lessons: error: port {port} on {ip} is already in use (is {what} already "
              "running?); choose another with --port.", file=sys.stderr)
        return 1
    return None


def run_until_stopped(command: list[str], cwd: Path, environment: dict[str, str]) -> int:
    """Run a Jupyter server as a child until Ctrl-C or SIGTERM; return its exit status."""
    server = subprocess.Popen(command, cwd=cwd, env=environment)
    previous = signal.signal(signal.SIGTERM, lambda signum, frame: server.terminate())
    try:
        while True:
            try:
                return server.wait()
            except KeyboardInterrupt:
                # Ctrl-C reached the server too (same process group); it stops its kernels.
                server.terminate()
    finally:
        signal.signal(signal.SIGTERM, previous)


def cull_seconds(variable: str, default: int) -> int:
    """Seconds read from ``variable`` (a whole number above 0), or ``default`` when it is unset.

    >>> cull_seconds("BACCARAT_LESSONS_UNSET_FOR_DOCTEST", 60)
    60
    """
    text = os.environ.get(variable, "").strip()
    if not text:
        return default
    if not text.isdigit() or int(text) < 1:
        raise ValueError(f"{variable} must be a whole number of seconds above 0, not {text!r}.")
    return int(text)


def serve(port: int = 8866, open_browser: bool = True, ip: str = LOCAL_ONLY, surface_served: bool = False) -> int:
    """Run the app until Ctrl-C or SIGTERM; return Voilà's exit status.

    ``ip`` is the address to listen on: this machine only by default; a teacher
    serving a classroom network passes the machine's address or ``0.0.0.0``.
    ``surface_served``: the table surface's files are written where Voilà serves them
    (:func:`baccarat_lessons.widgets.surface.served.write_served`), so the kernels load them from there.
    """
    refusal = refuse_address(port, ip, "the app")
    if refusal is not None:
        return refusal
    debug = os.environ.get(DEBUG_VARIABLE) == "1"
    try:
        culling = {"cull_idle_seconds": cull_seconds(CULL_IDLE_VARIABLE, CULL_IDLE_SECONDS),
                   "cull_interval_seconds": cull_seconds(CULL_INTERVAL_VARIABLE, CULL_INTERVAL_SECONDS)}
    except ValueError as error:
        print(f"baccarat-lessons: error: {error}", file=sys.stderr)
        return 2
    notebook = app_notebook()
    compile_package()
    command = [sys.executable, "-m", "voila", *voila_arguments(notebook, port, open_browser, debug, ip, **culling)]
    shown = "127.0.0.1" if ip in (LOCAL_ONLY, "0.0.0.0") else ip
    where = "" if ip == LOCAL_ONLY else f" (listening on {ip}: other machines on the network can open it)"
    print(f"Serving the baccarat lessons app at http://{shown}:{port}/{where} (Ctrl-C stops it).", flush=True)
    # Run from the notebook's folder so a voila.json elsewhere cannot change the settings.
    return run_until_stopped(command, notebook.parent, voila_environment(surface_served))
