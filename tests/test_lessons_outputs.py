"""What a student reads in the lessons' widgets: sentences and tables, never a Python repr or raw text.

The lessons themselves run once, under nbval; ``notebook_checks.py`` reads what their cells
showed then. A widget's words live in the widget, not in the cell's output, so here each
lesson's widgets are built in this process exactly as its cells build them (its set-up
cell, its ``page = …`` line, then every cell that shows a ``.widget`` or ``ask(…)``), and
the text of every HTML and label widget inside is read.
"""

from __future__ import annotations

import ipywidgets as widgets
import nbformat
import pytest

from lesson_text import LESSONS, html_text, problems_in

TEXT_WIDGETS = (widgets.HTML, widgets.Label, widgets.HTMLMath)


def lesson_widgets(path):
    """(cell source, widget) for every cell of the lesson that shows a widget, built in-process."""
    namespace: dict = {}
    shown = []
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type != "code":
            continue
        source = cell.source.strip()
        if cell.metadata.get("slideshow", {}).get("slide_type") == "skip":
            exec(source, namespace)  # the set-up cell: imports only
        elif source.startswith("page = "):
            exec(source.splitlines()[0], namespace)
        elif source.endswith(".widget") or source.startswith("ask("):
            shown.append((source, eval(source, namespace)))
    return shown


def texts_of(widget) -> list[str]:
    """The text of every HTML and label widget inside ``widget``."""
    found = [html_text(widget.value)] if isinstance(widget, TEXT_WIDGETS) else []
    for child in getattr(widget, "children", ()):
        found += texts_of(child)
    return found


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_lesson_widgets_show_no_repr_and_no_raw_text(path):
    problems = []
    for source, widget in lesson_widgets(path):
        problems += [f"{source[:50]}: {problem}" for problem in problems_in(texts_of(widget))]
    assert not problems, "\n".join(problems)


def test_the_widget_reader_finds_a_raw_text_it_is_shown():
    box = widgets.VBox([widgets.HTML("<p>Average result -3.86 chips</p>"), widgets.Label("1 chip(s) staked")])
    assert len(problems_in(texts_of(box))) == 2
