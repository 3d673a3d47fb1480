"""Build the browser edition: the app as static files whose Python runs in the visitor's browser.

The page is the project's own (``page.html``, ``page.js``), with no JupyterLite, kernel, IPython or
ipywidgets in it: Python (Pyodide, with only this project's wheel) runs in a Web Worker
(``worker.js``) and the tables are drawn by the same module as the server's
(``widgets/surface/*.js``), through a model object that speaks the anywidget interface over the
worker's messages. What does not play is written here, at build time, by the same Python the server
edition runs: the heading, the variant selector, each game's rules, history and bibliography, and each
table's first state, which the page draws at once, before Python has started. A service worker
(``offline.js``) keeps the whole build in the browser's store, so a second visit fetches nothing and
works offline; a web app manifest lets a phone install the site.

Every file but the page, the manifest, the icons and the service worker is named by its content's
hash, so it may be cached for good (``serve.py``).

>>> footer_html("https://example.org/lessons?a=1&b=2")
'<p>The lessons also run in a server edition, where their code can be changed: <a href="https://example.org/lessons?a=1&amp;b=2">open them there</a>.</p>'
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from html import escape
from pathlib import Path

from .icons import SIZES, chip_png
from .python_files import PYODIDE_VERSION, SiteBuildError, write_python
from .templates import filled, script_json

HERE = Path(__file__).resolve().parent
KEYS_FILE = HERE.parent / "jupyter_data" / "voila" / "templates" / "baccarat-lessons" / "keys.js"
# The project's README, shipped as plain text beside the page (any static host shows a .txt file): how to
# install the server edition, for a visitor of a site built without --lessons-url.
README = "README.txt"
CACHE_VARIABLE = "BACCARAT_LESSONS_SITE_CACHE"
BUILT_MARK = "offline.js"  # a folder with this file (and index.html) is a site built here
# The seed of the tables whose first state is written into the page: any fixed one (the worker's
# tables deal from fresh entropy); fixed so that two builds of one checkout are the same files.
FIRST_STATE_SEED = 1


def default_cache() -> Path:
    """Where downloads are kept between builds (``BACCARAT_LESSONS_SITE_CACHE`` or the user's cache)."""
    if os.environ.get(CACHE_VARIABLE):
        return Path(os.environ[CACHE_VARIABLE])
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "baccarat-lessons" / "site"


def checkout_root() -> Path:
    """The clone this package runs from; the site carries a wheel built from it."""
    root = HERE.parents[1]
    if not (root / "pyproject.toml").is_file():
        raise SiteBuildError("Build the site from a clone of the repository (pip install -e \".[test]\"): "
                             "it packs this project's wheel from its source.")
    return root


def footer_html(lessons_url: str) -> str:
    """Under the lessons' list: where the server edition is. Without ``lessons_url`` it names no command (a
    visitor may have no Python and no clone to run one in) but links to the install instructions the site
    carries."""
    if lessons_url:
        return f'<p>The lessons also run in a server edition, where their code can be changed: <a href="{escape(lessons_url)}">open them there</a>.</p>'
    return (f'<p>The lessons also run in a server edition, where their code can be changed, on a computer with Python: '
            f'<a href="{README}">how to install it</a>.</p>')


def _hashed(out: Path, stem: str, suffix: str, data: bytes) -> str:
    """Write ``data`` as ``stem-<12 hex digits of its SHA-256>.suffix`` in ``out``; returns the name."""
    name = f"{stem}-{hashlib.sha256(data).hexdigest()[:12]}.{suffix}"
    (out / name).write_bytes(data)
    return name


def build_site(out: Path, *, lessons_url: str = "", title: str = "Baccarat lessons", cache: Path | None = None) -> Path:
    """Write the static site into ``out`` (replaced if it holds an earlier build); returns ``out``."""
    out, cache = Path(out).resolve(), (cache or default_cache()).resolve()
    if out.exists() and not ((out / BUILT_MARK).is_file() and (out / "index.html").is_file()):
        raise SiteBuildError(f"{out} exists and is not a site built by this command; give a new folder.")
    out.parent.mkdir(parents=True, exist_ok=True)
    # Written beside the folder and moved into place at the end: a build that fails leaves nothing, and
    # an earlier build stays whole until the new one is complete.
    work = Path(tempfile.mkdtemp(prefix=f".{out.name}-", dir=out.parent))
    try:
        _write(work, lessons_url, title, cache)
        work.chmod(0o755)  # mkdtemp's folder is its owner's alone; a web server may run as another user
        if out.exists():
            shutil.rmtree(out)
        work.rename(out)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return out


def _write(out: Path, lessons_url: str, title: str, cache: Path) -> None:
    from .lessons import lessons_list_html, write_lessons  # the widgets' Python and Jupyter, at build time only
    from .page_parts import first_states, guides, page_parts, stylesheet
    from ..widgets.surface.served import MODULE_TEXT

    staged = out / "pyodide"
    wheel = write_python(staged, cache, checkout_root())
    # The folder is named for a hash of all it holds: a build that changes any file gets a new address.
    digest = hashlib.sha256()
    for path in sorted(staged.iterdir()):
        digest.update(path.name.encode() + hashlib.sha256(path.read_bytes()).digest())
    python = staged.rename(out / f"pyodide-{PYODIDE_VERSION}-{digest.hexdigest()[:10]}")
    surface = _hashed(out, "surface", "js", MODULE_TEXT.encode("utf-8"))
    style = _hashed(out, "style", "css", stylesheet().encode("utf-8"))
    page_js = _hashed(out, "page", "js", (HERE / "page.js").read_bytes())
    lesson_js = _hashed(out, "lesson", "js", (HERE / "lesson.js").read_bytes())
    worker = _hashed(out, "worker", "js", (HERE / "worker.js").read_bytes())
    guide = _hashed(out, "guide", "js", (HERE / "guide.js").read_bytes())
    python_js = _hashed(out, "python", "js", (HERE / "python.js").read_bytes())
    class_js = _hashed(out, "class", "js", (HERE / "class.js").read_bytes())
    # tables.js imports the guide's element(): by the guide's hashed name.
    tables_text = (HERE / "tables.js").read_text(encoding="utf-8").replace('"./guide.js"', f'"./{guide}"')
    tables_js = _hashed(out, "tables", "js", tables_text.encode("utf-8"))
    guide_data = _hashed(out, "guides", "json", json.dumps(guides(), separators=(",", ":"), ensure_ascii=False).encode("utf-8"))
    for size in SIZES:
        (out / f"icon-{size}.png").write_bytes(chip_png(size))
    (out / "manifest.webmanifest").write_text(json.dumps(_manifest(title), indent=1), encoding="utf-8")
    shutil.copyfile(checkout_root() / "README.md", out / README)
    common = {"surface": f"./{surface}", "worker": f"./{worker}", "guide": f"./{guide}", "python": f"./{python_js}",
              "tables": f"./{tables_js}", "class": f"./{class_js}", "pyodide": f"./{python.name}/", "wheel": wheel,
              "offline": f"./{BUILT_MARK}"}
    # python.js is preloaded beside the page's script: the worker starts from it, so it must not wait for
    # the page's script to ask for it.
    files = {"STYLE": style, "SURFACE": surface, "PAGE": page_js, "LESSON": lesson_js, "PYTHON": python_js}
    lessons = write_lessons(out, checkout_root() / "notebooks", cache, HERE.parent, common, files, title)
    parts = page_parts()
    config = {**common, "guides": f"./{guide_data}", "variants": parts["variants"],
              "first": first_states(FIRST_STATE_SEED)}
    foot = lessons_list_html(lessons) + footer_html(lessons_url)
    (out / "index.html").write_text(page_html(title, config, parts, files, foot), encoding="utf-8")
    _offline_worker(out)


def page_html(title: str, config: dict, parts: dict, files: dict, foot: str) -> str:
    """The page: ``parts`` (:func:`.page_parts.page_parts`), the ``config`` page.js reads, the hashed
    ``files`` it links (STYLE, SURFACE, PYTHON, PAGE) and its foot (the lessons' list)."""
    return filled("page.html", {"TITLE": escape(title), **files, "SCRIPT": files["PAGE"], "CONFIG": script_json(config),
                                "INTRO": parts["intro"], "SELECTOR": parts["selector"], "PAGES": parts["pages"],
                                "FOOTER": foot, "KEYS": KEYS_FILE.read_text(encoding="utf-8")})


def _manifest(title: str) -> dict:
    """The web app manifest: the site installs as an app on a phone, opening on the tables."""
    return {"name": title, "short_name": "Baccarat", "start_url": "./", "scope": "./", "display": "standalone",
            "background_color": "#0b3d2e", "theme_color": "#0b3d2e",
            "description": "The Baccarat family of card games, played with virtual practice chips in your browser.",
            "icons": [{"src": f"icon-{size}.png", "sizes": f"{size}x{size}", "type": "image/png"} for size in SIZES]}


def _offline_worker(out: Path) -> None:
    """``offline.js``: the service worker, with the list of this build's files and a build id of their hashes."""
    files = sorted(path.relative_to(out).as_posix() for path in out.rglob("*") if path.is_file())
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + hashlib.sha256((out / name).read_bytes()).digest())
    text = (HERE / "offline.js").read_text(encoding="utf-8")
    text = text.replace("{{BUILD}}", digest.hexdigest()[:12]).replace("{{FILES}}", json.dumps(files))
    (out / BUILT_MARK).write_text(text, encoding="utf-8")
