"""The table surface's page code: inline in every widget, or served once as files by the app's server.

Each :class:`~.widget.TableSurface` model carries its module and its stylesheet (anywidget's ``_esm``
and ``_css``): 58 KB and 30 KB of text, sent again for every table and guide a page opens. Under the
app's own Voilà server (``baccarat-lessons app``) the launcher writes both, named by their content,
into the app template's static folder, which Voilà serves at ``voila/static/``, and tells the kernels
so (``SURFACE_SERVED_VARIABLE`` in their environment). A model then carries :func:`loader`, under 2 KB (the
doctest below) that imports the module and links the stylesheet from there: the browser fetches each once and
keeps it in its cache, and a redrawn or second surface on the page fetches nothing. Everywhere else
(JupyterLab, nbval, Binder's server, the browser edition) the text travels inline, as before.

>>> module, style = surface_code({})
>>> module == MODULE_TEXT and style == STYLE_TEXT
True
>>> module, style = surface_code({SURFACE_SERVED_VARIABLE: "1"})
>>> served_names()[0] in module, style, len(module) < 2_000
(True, '', True)
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Mapping

from ... import SURFACE_SERVED_VARIABLE
from ...app import JUPYTER_DATA, TEMPLATE

HERE = Path(__file__).parent
# The page's module: these files joined as text in this order (anywidget loads one module; there is no
# build step). Each holds top-level declarations only: it imports nothing, runs nothing when loaded, and
# uses names of the files above it, so a name is declared once across them all. The files Node tests
# (tests/js/) need nothing from the others for what the tests call: a function taking its inputs as
# arguments, `export`ed where it is declared, so Node imports the file alone and the joined module
# exports it too, beside the `export default { render }` that ends surface.js. None exports a `render`
# (anywidget would take that for its old API).
SURFACE_FILES = (
    "drawing_pieces.js",  # DOM and SVG nodes, amounts, chip stacks, cards
    "tone.js",  # the round's tone
    "reveal_pacing.js",  # which of a coup's events are shown when: the deal speed, the hands, the timer
    "kept_session.js",  # the local storage's record and last variant; the session file
    "settlement.js",  # the bets settled on the felt when a coup is shown
    "felt.js",  # the felt: hands, stakes, bet spots, shoe, seats
    "decision.js",  # a seated table's decision: chip row, amount box, actions
    "controls.js",  # the table's controls, Show all, the deal speed, the session file's buttons
    "layout.js",  # the page's parts in order; the focus after a redraw
    "surface.js",  # render: the page's own state, wired to the model
)
MODULE_TEXT = "\n".join((HERE / name).read_text(encoding="utf-8") for name in SURFACE_FILES)
STYLE_TEXT = (HERE / "surface.css").read_text(encoding="utf-8")
# Where Voilà serves the static folder of the app's template (jupyter_data/voila/templates/baccarat-lessons).
STATIC_FOLDER = JUPYTER_DATA / "voila" / "templates" / TEMPLATE / "static"


def _named(text: str, suffix: str) -> str:
    """``surface-<12 hex digits of the text's SHA-256>.<suffix>``: a changed file is a new name, so a
    browser may keep one as long as it likes."""
    return f"surface-{hashlib.sha256(text.encode('utf-8')).hexdigest()[:12]}.{suffix}"


def served_names() -> tuple[str, str]:
    """The module's and the stylesheet's file names."""
    return _named(MODULE_TEXT, "js"), _named(STYLE_TEXT, "css")


def write_served(folder: Path = STATIC_FOLDER) -> bool:
    """Write the module and the stylesheet into ``folder`` under :func:`served_names` (unless they are
    there); return whether both are there (a read-only install may refuse: the kernels then send the
    text inline)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for old in set(folder.glob("surface-*.*")) - {folder / name for name in served_names()}:
            old.unlink()  # an earlier version's (a checkout whose code has changed since it last served)
        for name, text in zip(served_names(), (MODULE_TEXT, STYLE_TEXT)):
            path = folder / name
            if not path.is_file() or path.read_text(encoding="utf-8") != text:
                # Written whole under another name, then renamed: a page never reads half a file.
                partial = folder / f".{name}.{os.getpid()}"
                partial.write_text(text, encoding="utf-8")
                partial.replace(path)
    except OSError:
        return False
    return True


def loader(module_name: str, style_name: str) -> str:
    """The module a model carries when the files are served: it links the stylesheet (once per page)
    and imports the module from the page's own server, the app's ``<body data-base-url>`` telling it
    where Voilà's static files are, and draws with it once both have arrived. A file's name changes with
    its text, so it may be kept for good: ``?v=`` makes Voilà's static handler (Tornado's) say so.

    Once loaded, the module is kept on the page (``globalThis``: each model's loader is a module of its
    own) and every later surface draws at once, as an inline one does: a surface drawn a moment later
    would first see changes its kernel sent after making it (a staged coup already played, say) and
    draw them as a table opened in the middle of play, without their reveal."""
    return f"""// The table surface, served once by the app's server (baccarat_lessons/widgets/surface/served.py).
const KEPT = "baccarat-lessons {module_name}";
const folder = new URL(`${{document.body.dataset.baseUrl || "/voila/"}}static/`, location.href);
function styled() {{
  const present = document.getElementById("bl-surface-style");
  if (present) return present.sheet ? Promise.resolve() : new Promise((resolve) => present.addEventListener("load", resolve));
  const link = Object.assign(document.createElement("link"), {{ id: "bl-surface-style", rel: "stylesheet",
                                                               href: new URL("{style_name}?v=1", folder).href }});
  const loaded = new Promise((resolve, reject) => {{
    link.addEventListener("load", resolve);
    link.addEventListener("error", () => reject(new Error(`The table's stylesheet did not load from ${{link.href}}.`)));
  }});
  document.head.appendChild(link);
  return loaded;
}}
async function load() {{
  const [surface] = await Promise.all([import(new URL("{module_name}?v=1", folder).href), styled()]);
  globalThis[KEPT] = surface.default;
  return surface.default;
}}
function render(context) {{
  const kept = globalThis[KEPT];
  return kept ? kept.render(context) : load().then((surface) => surface.render(context));
}}
export default {{ render }};
"""


def surface_code(environment: Mapping[str, str] = os.environ) -> tuple[str, str]:
    """The ``_esm`` and ``_css`` a surface model carries here: the loader and no stylesheet where the
    app's server serves the files, else the module and the stylesheet themselves."""
    if environment.get(SURFACE_SERVED_VARIABLE) == "1":
        return loader(*served_names()), ""
    return MODULE_TEXT, STYLE_TEXT
