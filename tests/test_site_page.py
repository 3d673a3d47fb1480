"""The browser edition's page (site/page.html): its foot lists the lessons' pages and says where the
server edition is, in words a visitor with no Python and no clone can act on (issue 30, point 4), and
nothing in it can end its scripts; a lesson's page is its executed notebook (site/lessons.py)."""

from __future__ import annotations

import json
import re

import pytest

from baccarat_lessons.site.build import README, footer_html, page_html
from baccarat_lessons.site.lessons import lesson_body, lessons_list_html
from baccarat_lessons.site.python_files import SiteBuildError
from baccarat_lessons.widgets.part_box import PART_MIME

PARTS = {"intro": "<h1>Baccarat lessons</h1>", "selector": "", "pages": ""}
FILES = {"STYLE": "style-0.css", "SURFACE": "surface-0.js", "PAGE": "page-0.js", "PYTHON": "python-0.js"}


def test_without_a_lessons_address_the_foot_links_the_install_instructions_and_names_no_command():
    foot = footer_html("")
    assert foot == ('<p>The lessons also run in a server edition, where their code can be changed, on a computer '
                    f'with Python: <a href="{README}">how to install it</a>.</p>')
    for command in ("baccarat-lessons", "pip", ".venv", "lab", "Binder"):
        assert command not in foot


def test_the_foot_lists_the_lessons_pages_and_links_a_server_edition_given():
    foot = lessons_list_html([("00_start_here.html", "Start here"), ("01_counting_to_nine.html", "Counting <to> nine")])
    page = page_html("Baccarat", {}, PARTS, FILES, foot + footer_html("https://example.org/v2/gh/o/r/HEAD?urlpath=lab"))
    assert ('<ol><li><a href="00_start_here.html">Start here</a></li>'
            '<li><a href="01_counting_to_nine.html">Counting &lt;to&gt; nine</a></li></ol>') in page
    assert '<a href="https://example.org/v2/gh/o/r/HEAD?urlpath=lab">open them there</a>' in page
    assert "{{" not in page


def test_a_string_in_the_config_cannot_end_its_script_element():
    page = page_html("A <b>title</b>", {"first": {"text": "</script><script>alert(1)</script>"}}, PARTS, FILES, "")
    config = re.search(r'<script id="site-config" type="application/json">(.*?)</script>', page, re.S).group(1)
    assert json.loads(config) == {"first": {"text": "</script><script>alert(1)</script>"}}
    assert "<title>A &lt;b&gt;title&lt;/b&gt;</title>" in page


def _cell(kind, source="", outputs=(), slide="-"):
    cell = {"cell_type": kind, "source": source, "metadata": {"slideshow": {"slide_type": slide}}}
    if kind == "code":
        cell["outputs"] = list(outputs)
    return cell


def test_a_lessons_page_shows_its_text_and_outputs_without_its_code_and_keeps_slide_types():
    notebook = {"cells": [
        _cell("markdown", "# Counting\n\nSome *text*.", slide="slide"),
        _cell("code", "secret_code = 1\nprint('shown')", [{"output_type": "stream", "name": "stdout", "text": "shown\n"},
                                                          {"output_type": "stream", "name": "stderr", "text": "a warning"}],
              slide="fragment"),
        _cell("code", "chart()", [{"output_type": "display_data", "data": {"image/png": "iVBORw0KGgo=", "text/plain": "<Figure>"}}]),
        _cell("code", "ask('spread', 'sd-banker')", [{"output_type": "execute_result", "data": {
            "text/plain": "VBox()", "application/vnd.jupyter.widget-view+json": {"model_id": "x"},
            PART_MIME: {"part": "question", "lesson": "spread", "key": "sd-banker"}}}], slide="notes"),
        _cell("code", "x = 1"),
    ]}
    title, cells, parts = lesson_body(notebook, "01_counting.ipynb")
    assert title == "Counting" and "secret_code" not in cells and "a warning" not in cells
    assert re.findall(r'class="bl-cell [^"]+" data-slide="([a-z-]+)"', cells) == ["slide", "fragment", "-", "notes"]
    assert "<em>text</em>" in cells and '<pre class="bl-output-text">shown\n</pre>' in cells
    assert '<img src="data:image/png;base64,iVBORw0KGgo=" alt="A chart: Counting">' in cells
    assert parts.recipes == {"p0": {"part": "question", "lesson": "spread", "key": "sd-banker"}}
    assert '<form class="bl-part bl-exercise bl-part-question" data-part="p0" novalidate>' in cells


@pytest.mark.parametrize("output,said", [
    ({"output_type": "display_data", "data": {"application/vnd.jupyter.widget-view+json": {"model_id": "x"}}},
     "Lesson 01_counting.ipynb, cell 0 shows a widget with no recipe: the browser edition cannot make it again."),
    ({"output_type": "error", "ename": "ValueError", "evalue": "bad", "traceback": []},
     "Lesson 01_counting.ipynb, cell 0 ended in an error: ValueError: bad"),
    ({"output_type": "display_data", "data": {PART_MIME: {"part": "question", "lesson": "spread", "key": "no-such-key"}}},
     "Lesson 01_counting.ipynb, cell 0: This page asked for an exercise the lessons do not have."),
])
def test_a_lesson_the_site_cannot_show_stops_the_build_with_a_sentence(output, said):
    with pytest.raises(SiteBuildError) as refused:
        lesson_body({"cells": [_cell("code", "x", [output])]}, "01_counting.ipynb")
    assert str(refused.value) == said
