"""What a student sees when a lesson runs: tables, sentences and charts, never a Python repr.

Each lesson is executed as nbval and Voilà execute it (nbconvert's ExecutePreprocessor).
For every output, the part a browser shows is checked: the richest representation
(a widget view, then HTML, then an image, then plain text) and every stream. Widget
views are also checked through the text of the HTML and label widgets they hold.
"""

import re
from html import unescape
from pathlib import Path

import nbformat
import pytest
from nbconvert.preprocessors import ExecutePreprocessor

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
WIDGET = "application/vnd.jupyter.widget-view+json"
REPRS = {
    "a dict": re.compile(r"\{\s*'[^']*'\s*:"),
    "a list or tuple": re.compile(r"[\[(]\s*'[^']*'\s*,|^\s*[\[(]-?\d+(\.\d+)?,\s"),
    "a Fraction": re.compile(r"Fraction\("),
    "a numpy value": re.compile(r"np\.(float|int)\d*\(|array\(|dtype="),
    "an object repr": re.compile(r"<[\w.]+ object at 0x[0-9a-f]+>|<matplotlib\.|<Figure size|<Line2D|<BarContainer"),
    "an enum repr": re.compile(r"<\w+\.\w+: "),
}


def repr_found(text: str) -> str | None:
    """The kind of Python repr ``text`` contains, if any.

    >>> repr_found("{'3 vs 9': '1'}"), repr_found("Banker wins 45.86% of coups.")
    ('a dict', None)
    """
    for kind, pattern in REPRS.items():
        if pattern.search(text):
            return kind
    return None


def _visible_text(output) -> list[str]:
    if output.output_type == "stream":
        return [output.text]
    if output.output_type == "error":
        return [f"error: {output.ename}: {output.evalue}"]
    data = output.get("data", {})
    if WIDGET in data:
        return []  # checked through the widget state below
    if "text/html" in data:
        return [unescape(re.sub(r"<style>.*?</style>|<[^>]+>", " ", data["text/html"], flags=re.S))]
    if "image/png" in data or "image/svg+xml" in data:
        return []
    return [data.get("text/plain", "")]


def _widget_texts(notebook) -> list[str]:
    state = notebook.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {})
    texts = []
    for model in state.get("state", {}).values():
        if model.get("model_name") in {"HTMLModel", "LabelModel", "HTMLMathModel"}:
            value = model.get("state", {}).get("value", "")
            texts.append(unescape(re.sub(r"<style>.*?</style>|<svg.*?</svg>|<[^>]+>", " ", value, flags=re.S)))
    return texts


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_lesson_shows_no_python_repr(path):
    notebook = nbformat.read(path, as_version=4)
    ExecutePreprocessor(timeout=600, kernel_name="python3", store_widget_state=True).preprocess(
        notebook, {"metadata": {"path": str(NOTEBOOKS)}})
    problems = []
    for index, cell in enumerate(notebook.cells):
        for output in cell.get("outputs", []):
            for text in _visible_text(output):
                kind = repr_found(text) or ("an error" if text.startswith("error:") else None)
                if kind:
                    problems.append(f"cell {index} shows {kind}: {text.strip()[:120]}")
    for text in _widget_texts(notebook):
        if kind := repr_found(text):
            problems.append(f"a widget shows {kind}: {text.strip()[:120]}")
    assert not problems, "\n".join(problems)
