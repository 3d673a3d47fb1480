"""Open the lessons in JupyterLab, ready to present as slides with no network.

``serve_lab`` runs JupyterLab as a child process with the package's ``jupyter_data``
first on ``JUPYTER_PATH`` (as the Voilà app does, see ``app.py``), so JupyterLab
and jupyterlab-rise's slideshow page (``/rise/<notebook>``) load the stand-in
labextension ``baccarat-lessons-slides``: without it RISE 0.43's page cannot load
the ipywidgets manager and no widget renders in the slides (jupyterlab-contrib/rise#119).
An editable install (``pip install -e .``) installs no data files, so the launcher
is how the stand-in is found. The slides' theme ("white", no web fonts) is in each
lesson's own metadata (``"rise": {"theme": "white"}``): JupyterLab reads settings
overrides only from its application folder, never from ``JUPYTER_PATH``.

The slides' size, scaling and typography, and the hiding of code inputs, are in
``notebooks/rise.css``, which jupyterlab-rise loads from the notebook's folder.

JupyterLab's application settings folder is the package's ``jupyter_data/lab/settings``
(``--LabApp.app_settings_dir``, JupyterLab's supported place for settings defaults): its
``overrides.json`` answers the news question ("Would you like to get notified about official
Jupyter news?") with *no* and turns the update check off, so no prompt covers a lesson and
nothing is fetched. A teacher may still turn news on in the Settings Editor: that is a user setting,
kept in the user's own settings folder, which comes before these defaults.

Kernels talk over ipc, nothing asks the web for news or updates, and Jupyter's
token stays on (a notebook server runs code). The launcher makes the token itself,
hands it to JupyterLab in its environment (``JUPYTER_TOKEN``: a command line can be
read by every user of the machine) and prints the addresses with it, so a teacher
with no browser on the server's machine can still open them. Run as root, as in
Docker and many school containers, it allows root (``--allow-root``) and says so.

>>> arguments = lab_arguments(Path("lessons"), port=8888, open_browser=False)
>>> arguments[:3]
['--ServerApp.root_dir=lessons', '--ServerApp.ip=127.0.0.1', '--ServerApp.port=8888']
>>> "--no-browser" in arguments, "--KernelManager.transport=ipc" in arguments
(True, True)
>>> any(argument.endswith("jupyter_data/lab/settings") for argument in arguments)
True
>>> "--allow-root" in lab_arguments(Path("lessons"), 8888, False, as_root=True)
True
>>> lesson_urls(8888, "0.0.0.0", "abc", Path("lessons"))[1]
'http://127.0.0.1:8888/rise/notebooks/<lesson>.ipynb?token=abc'
"""

from __future__ import annotations

import os
import secrets
import sys
from pathlib import Path

from .app import JUPYTER_DATA, LOCAL_ONLY, compile_package, jupyter_environment, refuse_address, run_until_stopped

REPOSITORY = Path(__file__).resolve().parent.parent
FIRST_LESSON = "notebooks/00_start_here.ipynb"
# JupyterLab's defaults for the lessons: no news prompt, no update check (overrides.json).
LAB_SETTINGS = JUPYTER_DATA / "lab" / "settings"


def lessons_root() -> Path:
    """The folder JupyterLab serves: the repository this package was installed from
    (its ``notebooks/`` holds the lessons), else the current folder."""
    if (REPOSITORY / FIRST_LESSON).is_file():
        return REPOSITORY
    return Path.cwd()


def running_as_root() -> bool:
    """Whether this process's effective user is root (where there is such a thing)."""
    return hasattr(os, "geteuid") and os.geteuid() == 0


def lab_arguments(root: Path, port: int, open_browser: bool, ip: str = LOCAL_ONLY, as_root: bool = False) -> list[str]:
    """The JupyterLab command line (after ``python -m jupyterlab``) serving ``root``;
    ``as_root`` allows a server run by root, which JupyterLab otherwise refuses."""
    arguments = [
        f"--ServerApp.root_dir={root}",
        f"--ServerApp.ip={ip}",
        f"--ServerApp.port={port}",
        # The address printed for the user must be the one served: never move to another port.
        "--ServerApp.port_retries=0",
        # TCP kernels started together fight over ports; ipc sockets do not.
        "--KernelManager.transport=ipc",
        # Nothing leaves the machine: no news feed, no update check.
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        # ...and the news question is answered before it is asked (see LAB_SETTINGS).
        f"--LabApp.app_settings_dir={LAB_SETTINGS.as_posix()}",
    ]
    if (root / FIRST_LESSON).is_file():
        arguments.append(f"--ServerApp.default_url=/lab/tree/{FIRST_LESSON}")
    if not open_browser:
        arguments.append("--no-browser")
    if as_root:
        arguments.append("--allow-root")
    return arguments


def lab_command(root: Path, port: int, open_browser: bool, ip: str = LOCAL_ONLY, as_root: bool = False) -> list[str]:
    """The whole command: this Python's JupyterLab with :func:`lab_arguments`."""
    return [sys.executable, "-m", "jupyterlab", *lab_arguments(root, port, open_browser, ip, as_root)]


def lesson_urls(port: int, ip: str, token: str, root: Path) -> tuple[str, str]:
    """The two addresses a teacher opens, with the token: JupyterLab on lesson 00 (or on
    ``root`` without the lessons), and a lesson as a full-screen slideshow."""
    shown = "127.0.0.1" if ip in (LOCAL_ONLY, "0.0.0.0") else ip
    start = f"lab/tree/{FIRST_LESSON}" if (root / FIRST_LESSON).is_file() else "lab"
    return (f"http://{shown}:{port}/{start}?token={token}",
            f"http://{shown}:{port}/rise/notebooks/<lesson>.ipynb?token={token}")


def serve_lab(port: int = 8888, open_browser: bool = True, ip: str = LOCAL_ONLY) -> int:
    """Run JupyterLab on the lessons until Ctrl-C or SIGTERM; return its exit status.

    ``ip`` is the address to listen on: this machine only by default.
    """
    refusal = refuse_address(port, ip, "JupyterLab")
    if refusal is not None:
        return refusal
    root = lessons_root()
    as_root = running_as_root()
    token = secrets.token_hex(24)
    lab_url, slides_url = lesson_urls(port, ip, token, root)
    if as_root:
        print("Running as root (as in Docker and many school containers): JupyterLab is started with "
              "--allow-root.", flush=True)
    print(f"Opening the lessons in JupyterLab on port {port} of {ip}, serving {root}.\n"
          f"  The lessons:  {lab_url}\n"
          f"  A lesson as slides, full screen (after Run All and a save): {slides_url}\n"
          "To present one: open it, Run → Run All Cells, then View → Render as Reveal Slideshow (Alt+R); "
          "the deck opens on its first slide. Ctrl-C stops it.", flush=True)
    environment = {**jupyter_environment(), "JUPYTER_TOKEN": token}
    compile_package()  # each lesson's kernel imports the package: from bytecode, not source
    return run_until_stopped(lab_command(root, port, open_browser, ip, as_root), root, environment)
