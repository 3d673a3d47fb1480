"""The sixteen lessons as pages of the browser edition, executed when the site is built.

Each lesson notebook is executed by a Jupyter kernel, as nbval executes it in the tests, and written as
one page: its text, tables and charts as the notebook shows them, the code left out (as the Voilà app and
the slides leave it out). Each widget a cell shows carries a recipe (``widgets/part_box.py``), which
becomes a live part of the page: an exercise, an explorer or the totals drill is a form whose answers the
page's Python checks (``widgets/posted_parts.py``), a table plays in the page's Python, a guide is stepped
from the steps it shows. Each cell keeps its slide type, so the page also presents as slides
(``lesson.js``).

An executed lesson is kept in the build cache under a hash of the notebook and of the package's source:
a second build of an unchanged checkout executes nothing.

>>> lesson_slug(Path("07_exact_odds.ipynb"))
'07_exact_odds'
>>> print(output_html({"output_type": "stream", "name": "stdout", "text": "3 < 4\\n"}, LessonParts()))
<pre class="bl-output-text">3 &lt; 4
</pre>
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
from dataclasses import dataclass, field
from html import escape
from pathlib import Path

from ..engine.errors import BaccaratError
from ..widgets.lessons.staged_story import staged_heading
from ..widgets.part_box import PART_MIME
from ..widgets.posted_lesson import TABLE_PARTS, table_of
from ..widgets.posted_parts import make_form_part
from .page_parts import table_frame
from .python_files import SiteBuildError
from .templates import filled, script_json

WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
KERNEL_SECONDS = 600  # a cell's limit: the slowest lesson cell takes under a minute on two busy cores
SLIDE_TYPES = ("slide", "subslide", "fragment", "notes", "skip")


# A lesson's links to the course's files, as the site has them: another lesson's page, the tables (the
# app's notebook), and the lessons' own README (their curriculum map) as the list of the lessons.
LINKS = ((re.compile(r'href="(\d\d_[a-z_]+)\.ipynb(#[^"]*)?"'), r'href="\1.html\2"'),
         (re.compile(r'href="app\.ipynb(#[^"]*)?"'), 'href="./"'),
         (re.compile(r'href="README\.md(#[^"]*)?"'), 'href="./#lessons"'))


def site_links(html: str) -> str:
    """``html`` with its links to the course's notebooks and README pointing at the site's pages.

    >>> site_links('<a href="07_exact_odds.ipynb#fair">x</a> <a href="app.ipynb">y</a> <a href="README.md#map">z</a>')
    '<a href="07_exact_odds.html#fair">x</a> <a href="./">y</a> <a href="./#lessons">z</a>'
    """
    for pattern, replacement in LINKS:
        html = pattern.sub(replacement, html)
    return html


def lesson_slug(path: Path) -> str:
    return path.stem


def lesson_paths(notebooks: Path) -> list[Path]:
    """The lessons in course order (``NN_name.ipynb``), not the app's notebook."""
    return sorted(path for path in notebooks.glob("[0-9][0-9]_*.ipynb"))


def source_digest(package: Path) -> str:
    """A hash of every file of the package but the site builder's own (a lesson never runs those) and
    compiled bytecode: an executed lesson is kept only while they are unchanged."""
    digest = hashlib.sha256()
    for path in sorted(package.rglob("*")):
        inside = path.relative_to(package).parts
        if path.is_file() and "__pycache__" not in inside and inside[0] != "site":
            digest.update(path.relative_to(package).as_posix().encode() + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def executed(path: Path, cache: Path, package: Path) -> dict:
    """The lesson at ``path`` executed (from the cache when the notebook and the package are unchanged)."""
    import nbformat  # noqa: PLC0415 - the server edition's, needed only to build the lessons
    from nbclient import NotebookClient  # noqa: PLC0415
    from nbclient.exceptions import CellExecutionError  # noqa: PLC0415

    key = hashlib.sha256(path.read_bytes() + source_digest(package).encode()).hexdigest()[:20]
    kept = cache / "lessons" / f"{path.stem}-{key}.ipynb"
    if kept.is_file():
        return json.loads(kept.read_text(encoding="utf-8"))
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(notebook, timeout=KERNEL_SECONDS, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    try:
        client.execute()
    except CellExecutionError as error:
        raise SiteBuildError(f"Lesson {path.name} did not run: {str(error).strip().splitlines()[-1]}") from None
    kept.parent.mkdir(parents=True, exist_ok=True)
    for old in kept.parent.glob(f"{path.stem}-*.ipynb"):
        old.unlink()
    partial = kept.with_name(f"{kept.stem}.{os.getpid()}.partial")
    nbformat.write(notebook, partial)
    partial.replace(kept)  # whole or not at all: two builds at once each write their own and rename
    return json.loads(kept.read_text(encoding="utf-8"))


@dataclass
class LessonParts:
    """What a lesson's page makes live: each part's recipe by its id, and the tables' and guides' first
    states for the page to draw before Python has started."""

    recipes: dict[str, dict] = field(default_factory=dict)
    first: dict[str, dict] = field(default_factory=dict)
    guides: dict[str, dict] = field(default_factory=dict)

    def part_html(self, recipe: dict, where: str) -> str:
        part = f"p{len(self.recipes) + len(self.guides)}"
        kind = recipe.get("part")
        if kind == "guide":
            self.guides[part] = recipe["data"]
            return f'<div class="bl-part bl-part-guide" data-part="{part}"><div class="bl-guide-host"></div></div>'
        if kind == "html":  # a figure: HTML the package wrote, shown with the lessons' styles
            return f'<div class="bl-lesson-figure">{recipe["html"]}</div>'
        if kind == "shown":  # a lab that needs numpy: as it stood when the lesson ran
            return (f'<div class="bl-part bl-part-shown bl-exercise">{recipe["html"]}<p class="bl-note">'
                    f'{escape(recipe["name"])} plays its sessions with numpy, which the Python in this page does not '
                    'have: above is what it showed after one press of its button, at its first settings, when the '
                    'site was built. It plays with any settings in the server edition of the lessons, on a computer '
                    'with Python (<a href="README.txt">how to install it</a>).</p></div>')
        self.recipes[part] = recipe
        if kind in TABLE_PARTS:
            try:
                table = table_of(recipe, lambda message: None, random.Random(0))  # a lesson's table names its seed
            except BaccaratError as error:
                raise SiteBuildError(f"{where}: {error}") from None
            self.first[part] = {**table.surface.state(), "saved_text": "", "message": {}}
            heading = (f'<h4 class="bl-staged-heading">{escape(staged_heading(table, recipe["role"]))}</h4>'
                       if kind == "staged-coup" else "")
            return f'<div class="bl-part bl-part-table" data-part="{part}">{heading}{table_frame(table.variant)}</div>'
        try:
            form = make_form_part(recipe, lambda message: None)
        except BaccaratError as error:  # a recipe the page's Python would refuse: a lesson to mend
            raise SiteBuildError(f"{where}: {error}") from None
        return (f'<form class="bl-part bl-exercise bl-part-{kind}" data-part="{part}" novalidate>'
                f"{form.html()}</form>")


def output_html(output: dict, parts: LessonParts, where: str = "", heading: str = "") -> str:
    """One output of a code cell as the page shows it."""
    kind = output.get("output_type")
    if kind == "stream":
        return "" if output.get("name") == "stderr" else f'<pre class="bl-output-text">{escape(_text(output["text"]))}</pre>'
    if kind == "error":
        raise SiteBuildError(f"{where} ended in an error: {output.get('ename')}: {output.get('evalue')}")
    data = output.get("data", {})
    if PART_MIME in data:
        return parts.part_html(data[PART_MIME], where)
    if WIDGET_MIME in data:
        raise SiteBuildError(f"{where} shows a widget with no recipe: the browser edition cannot make it again.")
    if "text/html" in data:
        return f'<div class="bl-output-html">{_text(data["text/html"])}</div>'
    if "image/svg+xml" in data:
        return f'<figure class="bl-chart">{_text(data["image/svg+xml"])}</figure>'
    if "image/png" in data:
        alt = f"A chart: {heading}" if heading else "A chart from the lesson"
        return (f'<figure class="bl-chart"><img src="data:image/png;base64,{_text(data["image/png"]).strip()}" '
                f'alt="{escape(alt)}"></figure>')
    if "text/plain" in data:
        return f'<pre class="bl-output-text">{escape(_text(data["text/plain"]))}</pre>'
    return ""


def _text(value) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


def lesson_body(notebook: dict, name: str) -> tuple[str, str, LessonParts]:
    """The lesson's title, its cells as HTML (each with its slide type) and its live parts."""
    import mistune  # noqa: PLC0415 - nbconvert's Markdown reader, in the server edition

    markdown = mistune.create_markdown(escape=False, plugins=["strikethrough", "table"])
    parts = LessonParts()
    cells, title, heading = [], name, ""
    for number, cell in enumerate(notebook["cells"]):
        slide = cell.get("metadata", {}).get("slideshow", {}).get("slide_type", "-")
        slide = slide if slide in SLIDE_TYPES else "-"
        source = _text(cell.get("source", ""))
        if cell["cell_type"] == "markdown":
            html = str(markdown(source))
            for line in source.splitlines():
                if line.startswith("#"):
                    heading = line.lstrip("#").strip()
                    if line.startswith("# ") and title == name:
                        title = heading
                    break
        elif cell["cell_type"] == "code":
            where = f"Lesson {name}, cell {number}"
            html = "".join(output_html(output, parts, where, heading) for output in cell.get("outputs", []))
            if not html:
                continue
        else:
            continue  # a raw cell is for other formats
        cells.append(f'<div class="bl-cell bl-cell-{cell["cell_type"]}" data-slide="{slide}">{site_links(html)}</div>')
    return title, "\n".join(cells), parts


def write_lessons(out: Path, notebooks: Path, cache: Path, package: Path, common: dict, files: dict,
                  site_title: str) -> list[tuple[str, str]]:
    """Write each lesson as ``<slug>.html`` in ``out``; returns each lesson's page name and title, in order.
    ``common`` is the page config every page shares (Python, the modules); ``files`` the hashed stylesheet,
    modules and scripts."""
    paths = lesson_paths(notebooks)
    bodies = []
    for path in paths:
        notebook = executed(path, cache, package)
        title, cells, parts = lesson_body(notebook, path.name)
        bodies.append((f"{lesson_slug(path)}.html", title, cells, parts))
    for at, (page, title, cells, parts) in enumerate(bodies):
        links = ['<a href="./">The tables</a>', '<a href="./#lessons">All lessons</a>']
        if at > 0:
            links.append(f'<a href="{bodies[at - 1][0]}" rel="prev">← {escape(bodies[at - 1][1])}</a>')
        if at + 1 < len(bodies):
            links.append(f'<a href="{bodies[at + 1][0]}" rel="next">{escape(bodies[at + 1][1])} →</a>')
        config = {**common, "recipes": parts.recipes, "first": parts.first, "guides": parts.guides}
        html = filled("lesson.html", {"TITLE": escape(f"{title} · {site_title}"), **files, "SCRIPT": files["LESSON"],
                                      "CONFIG": script_json(config), "NAV": " ".join(links), "CELLS": cells})
        (out / page).write_text(html, encoding="utf-8")
    return [(page, title) for page, title, _, _ in bodies]


def lessons_list_html(pages: list[tuple[str, str]]) -> str:
    """The index page's list of the lessons, each a link to its page."""
    items = "".join(f'<li><a href="{page}">{escape(title)}</a></li>' for page, title in pages)
    return (f"<h2>The lessons</h2><p>Each lesson as its notebook shows it. Its tables, exercises and explorers play in "
            "this page (the betting-systems lab, which needs numpy, is shown as it ran when the site was built); "
            f"each lesson can be presented as slides.</p><ol>{items}</ol>")
