"""The Python the browser edition carries: Pyodide's core from npm and this project's own wheel.

Nothing else: the tables need only the standard library (the engine, the driver and the presenters
import no third-party package; ``tests/widgets/test_posted_app.py`` checks it with the others hidden),
so the site ships no package index and no lock of packages, and nothing is looked up on a CDN or PyPI
when a visitor opens the page.

>>> "pyodide.asm.wasm" in PYODIDE_CORE, PYODIDE_VERSION
(True, '314.0.6')
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

# A Pyodide release that runs the project's Python (3.14); the same as the JupyterLite benchmark floor's.
PYODIDE_VERSION = "314.0.6"
# The core files loadPyodide fetches; the npm package's console pages, maps and types stay out.
PYODIDE_CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")


class SiteBuildError(Exception):
    """A step of building the static site that could not be done, with what to do about it."""


def run(command: list[str], what: str, cwd: Path | None = None) -> None:
    """Run a build step, turning its failure into one sentence with the tool's last lines."""
    try:
        done = subprocess.run(command, capture_output=True, text=True, cwd=cwd)
    except FileNotFoundError:
        raise SiteBuildError(f"Could not {what}: {command[0]} is not installed.") from None
    if done.returncode != 0:
        tail = "\n".join((done.stderr or done.stdout).strip().splitlines()[-5:])
        raise SiteBuildError(f"Could not {what}:\n{tail}")


def pyodide_core(cache: Path) -> Path:
    """The npm package ``pyodide`` unpacked in the cache; returns its ``package/`` folder.

    ``npm pack`` fetches the tarball from the npm registry the machine is set up for (and its own
    cache), so the build needs npm but never Node.js to run the site.
    """
    unpacked = cache / f"pyodide-{PYODIDE_VERSION}"
    if (unpacked / "package" / "pyodide-lock.json").is_file():
        return unpacked / "package"
    cache.mkdir(parents=True, exist_ok=True)
    run(["npm", "pack", f"pyodide@{PYODIDE_VERSION}", "--silent", "--pack-destination", str(cache)],
        f"download Pyodide {PYODIDE_VERSION} from npm")
    with tarfile.open(cache / f"pyodide-{PYODIDE_VERSION}.tgz") as tarball:
        tarball.extractall(unpacked, filter="data")
    return unpacked / "package"


def project_wheel(checkout: Path, out: Path) -> Path:
    """This project's own wheel, built from the checkout the command runs from."""
    if out.exists():  # a wheel of an earlier checkout must not be the one shipped
        shutil.rmtree(out)
    out.mkdir(parents=True)
    run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(out), str(checkout)],
        "build this project's wheel")
    return next(out.glob("baccarat_lessons-*.whl"))


def write_python(folder: Path, cache: Path, checkout: Path) -> str:
    """Fill ``folder`` with Pyodide's core, a lock that lists no package (the wheel is unpacked by the
    page's worker, not installed from a lock) and the project's wheel; returns the wheel's file name."""
    core = pyodide_core(cache)
    folder.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_CORE:
        shutil.copyfile(core / name, folder / name)
    info = json.loads((core / "pyodide-lock.json").read_text(encoding="utf-8"))["info"]
    (folder / "pyodide-lock.json").write_text(json.dumps({"info": info, "packages": {}}), encoding="utf-8")
    wheel = project_wheel(checkout, cache / "project")
    shutil.copyfile(wheel, folder / wheel.name)
    return wheel.name
