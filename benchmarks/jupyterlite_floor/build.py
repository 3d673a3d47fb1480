"""The benchmark's JupyterLite floor: a static site that runs given cells in JupyterLite's Pyodide kernel.

This is how the browser edition was built until December 2026 (a JupyterLite 0.8 REPL with the
Pyodide kernel, ipywidgets and anywidget, framed by a loading page, ``index.html`` here, that hides
the REPL's code input, toolbar and banner). ``benchmarks/bench_site.py`` builds it with one button
as a floor the browser edition is measured against; the edition itself no longer uses it.

Why not Voici (JupyterLite's Voilà)? Its newest release (voici-core 0.10) pins jupyterlite-core
below 0.8 and with it an older Pyodide kernel (0.7.0; 0.7.2 fails on a missing shared module) on
Pyodide 0.29, whose kernel loads a ``sqlite3`` that only Pyodide's own package index has, so the
site could not be built from PyPI and npm alone. JupyterLite 0.8 on Pyodide 314 needs nothing
Pyodide-only, and its REPL already renders a cell's widgets without a notebook around them.

>>> repl_config(["ipywidgets"], "./static/pyodide-abc/pyodide.mjs")["disablePyPIFallback"]
True
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import shutil
import sys
import tempfile
from html import escape
from pathlib import Path

from jupyterlite_floor.wheels import APP_PACKAGES, PYODIDE_VERSION, SiteBuildError, run, write_python

KERNEL_SETTINGS = "@jupyterlite/pyodide-kernel-extension:kernel"
# The front ends the page needs: the Pyodide kernel, the widget manager and anywidget's renderer.
EXTENSIONS = ("@jupyterlite/pyodide-kernel-extension", "@jupyter-widgets/jupyterlab-manager", "anywidget")
LOADING_PAGE = Path(__file__).resolve().parent / "index.html"
# The project's README, shipped as plain text beside the page (any static host shows a .txt file): how to
# install the server edition, for a visitor of a site built without --lessons-url.
README = "README.txt"
CACHE_VARIABLE = "BACCARAT_LESSONS_SITE_CACHE"


def default_cache() -> Path:
    """Where downloads are kept between builds (``BACCARAT_LESSONS_SITE_CACHE`` or the user's cache)."""
    if os.environ.get(CACHE_VARIABLE):
        return Path(os.environ[CACHE_VARIABLE])
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "baccarat-lessons" / "site"


def repl_config(preload: list[str], pyodide_url: str) -> dict:
    """The Pyodide kernel's settings: the site's own Pyodide, every package preloaded, no PyPI."""
    return {
        "pyodideUrl": pyodide_url,
        "disablePyPIFallback": True,
        "pipliteUrls": [],
        "loadPyodideOptions": {"packages": preload},
    }


# The build's own tools: the "site" extra, which the app's install (".[server]") leaves out.
SITE_TOOLS = ("jupyterlite_core", "jupyterlite_pyodide_kernel")


def require_site_tools() -> None:
    """Refuse, saying what to install, before anything is written when the site's tools are missing."""
    missing = [name for name in SITE_TOOLS if importlib.util.find_spec(name) is None]
    if missing:
        raise SiteBuildError(
            f"Building the browser edition needs JupyterLite ({' and '.join(missing)} "
            f"{'is' if len(missing) == 1 else 'are'} not installed). "
            "From the clone, install the site's tools with:  .venv/bin/pip install -e \".[site]\"  "
            "(the test install, \".[test]\", includes them), then run this command again.")


def checkout_root() -> Path:
    """The clone this package runs from; the site carries a wheel built from it."""
    root = Path(__file__).resolve().parents[2]
    if not (root / "pyproject.toml").is_file():
        raise SiteBuildError("Build the site from a clone of the repository (pip install -e \".[test]\"): "
                             "it packs this project's wheel from its source.")
    return root


def build_site(out: Path, *, cells: list[str], app_packages: tuple[str, ...] = (*APP_PACKAGES, "baccarat-lessons"),
               ready: str = ".bls-host", lessons_url: str = "", title: str = "Baccarat lessons",
               cache: Path | None = None) -> Path:
    """Write the static site into ``out`` (replaced if it holds an earlier build); returns ``out``.

    ``cells`` is the Python the page runs (the app notebook's by default) and ``app_packages`` the
    wheels it needs beyond the kernel's: the benchmark builds its one-button floor site with both.
    The loading screen gives way to the page once an element matching ``ready`` (a CSS selector)
    is drawn: the table surface by default.
    """
    out, cache = Path(out).resolve(), (cache or default_cache()).resolve()
    require_site_tools()
    if out.exists():
        if not (out / "jupyter-lite.json").is_file():
            raise SiteBuildError(f"{out} exists and is not a site built by this command; give a new folder.")
        shutil.rmtree(out)
    with tempfile.TemporaryDirectory(prefix="baccarat-site-") as work:
        work = Path(work)
        _jupyterlite(work, out)
        staged = out / "static" / "pyodide"
        preload = write_python(staged, cache, checkout_root(), app_packages)
    # The folder is named for its lock's hash: a build that changes any file gets a new address, so
    # everything under it can be cached for good (see serve.py).
    stamp = hashlib.sha256((staged / "pyodide-lock.json").read_bytes()).hexdigest()[:10]
    pyodide_dir = staged.rename(out / "static" / f"pyodide-{PYODIDE_VERSION}-{stamp}")
    _configure(out, repl_config(preload, f"./static/{pyodide_dir.name}/pyodide.mjs"))
    _loading_page(out, cells, ready, lessons_url, title)
    shutil.copyfile(checkout_root() / "README.md", out / README)
    return out


def _jupyterlite(work: Path, out: Path) -> None:
    labextensions = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
    config = {"LiteBuildConfig": {
        "apps": ["repl"],
        "contents": [],
        "output_dir": str(out),
        "cache_dir": str(work / ".cache"),
        "no_sourcemaps": True,
        "no_unused_shared_packages": True,
        # Only the extensions the app needs, not every one installed here (Voilà's, the slides').
        "ignore_sys_prefix": ["federated_extensions"],
        "federated_extensions": [str(labextensions / name) for name in EXTENSIONS],
    }}
    (work / "jupyter_lite_config.json").write_text(json.dumps(config), encoding="utf-8")
    run([sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(work)], "build the JupyterLite site",
        cwd=work)  # it keeps its task database in the working folder


def _configure(out: Path, settings: dict) -> None:
    path = out / "jupyter-lite.json"
    lite = json.loads(path.read_text(encoding="utf-8"))
    data = lite.setdefault("jupyter-config-data", {})
    data.setdefault("litePluginSettings", {})[KERNEL_SETTINGS] = settings
    # The page is the app, not a workspace: no file browser, no stored notebooks to offer.
    data["appName"] = "Baccarat lessons"
    # The REPL app of JupyterLite 0.8.6 lists CodeMirror's notebook commands, which fail to start
    # without a notebook ("No provider for: @jupyterlab/notebook:INotebookTracker") and would put
    # an error in every visitor's console; the REPL needs none of them.
    data["disabledExtensions"] = [*data.get("disabledExtensions", []), "@jupyterlab/codemirror-extension:commands"]
    path.write_text(json.dumps(lite, indent=2), encoding="utf-8")


def _script_json(value) -> str:
    """``value`` as JSON inside a script element: "</" is escaped so no string can end the element."""
    return json.dumps(value).replace("</", "<\\/")


def footer_html(lessons_url: str) -> str:
    """The page's foot: where the lessons are. Without ``lessons_url`` it names no command (a visitor
    may have no Python and no clone to run one in) but links to the install instructions the site carries."""
    if lessons_url:
        return f'The lessons are in the server edition: <a href="{escape(lessons_url)}">open the lessons</a>.'
    return f'The lessons are in the server edition, for a computer with Python: <a href="{README}">how to install it</a>.'


def _loading_page(out: Path, cells: list[str], ready: str, lessons_url: str, title: str) -> None:
    page = LOADING_PAGE.read_text(encoding="utf-8")
    page = page.replace("{{CELLS}}", _script_json(cells)).replace("{{READY}}", _script_json(ready))
    page = page.replace("{{FOOTER}}", footer_html(lessons_url))
    page = page.replace("{{TITLE}}", title.replace("&", "&amp;").replace("<", "&lt;"))
    (out / "index.html").write_text(page, encoding="utf-8")
