"""What a lesson notebook already says, read from the notebook itself (as JSON: no Jupyter needed).

The learning goals (first cell), the key ideas (the ``## What to remember`` cell), the section
headings, the "Predict" prompts and the exercises the lesson asks are the notebook's text; the
teacher's kit reads them here so nothing is typed twice. A lesson is named by the stable part of
its file name (``spread`` for ``08_spread.ipynb``), never by its number.

>>> list_items("Intro\\n\\n1. one;\\n2. two, and\\n   more.\\n\\nNext: x")
['one;', 'two, and more.']
>>> lesson_stem("08_spread.ipynb")
'spread'
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from ..answer_key import LESSON_FILES, asked_in
from ..exercises import Exercise, find

REMEMBER_HEADING = "## What to remember"
ITEM_START = re.compile(r"^(?:\d+\.|[*-])\s+")
PREDICT = re.compile(r"\bPredict\b")  # a prompt starts a sentence with the capitalised word


@dataclass(frozen=True)
class Lesson:
    """One lesson notebook, as the kit needs it."""

    file_name: str
    stem: str
    number: str
    title: str
    goals: tuple[str, ...]
    key_ideas: tuple[str, ...]
    sections: tuple[str, ...]
    predict_cells: tuple[str, ...]
    exercises: tuple[Exercise, ...]

    @property
    def handout_stem(self) -> str:
        return f"{self.number}-{self.stem}"


def lesson_stem(file_name: str) -> str:
    """The stable part of a lesson's file name: no number, no extension."""
    return Path(file_name).stem.split("_", 1)[1]


def list_items(markdown: str) -> list[str]:
    """The items of the first list in ``markdown`` (``1.`` or ``*`` items, continuation lines joined)."""
    items: list[str] = []
    for line in markdown.splitlines():
        if ITEM_START.match(line):
            items.append(ITEM_START.sub("", line).strip())
        elif items and line.startswith((" ", "\t")) and line.strip():
            items[-1] += " " + line.strip()
        elif items and line.strip():
            break  # the paragraph after the list ("Next: …")
    return items


def _kind(cell) -> str:
    """"code", "markdown", or "notes" for the teacher's speaker notes, which a student never reads."""
    if cell["metadata"].get("slideshow", {}).get("slide_type") == "notes":
        return "notes"
    return cell["cell_type"]


def _sources(notebook: Path) -> list[tuple[str, str]]:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return [(_kind(cell), "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"])
            for cell in cells]


def read_lesson(notebook: Path) -> Lesson:
    """Everything the kit reads from one lesson notebook."""
    cells = _sources(notebook)
    markdown = [source for kind, source in cells if kind == "markdown"]
    first = markdown[0] if markdown else ""
    title = first.splitlines()[0].lstrip("#").strip() if first.startswith("# ") else notebook.stem
    goals = list_items(first.split("**Learning goals**", 1)[1]) if "**Learning goals**" in first else []
    remember = next((source for source in markdown if source.startswith(REMEMBER_HEADING)), "")
    sections = [line[3:].strip() for source in markdown for line in source.splitlines() if line.startswith("## ")]
    code = [source for kind, source in cells if kind == "code"]
    return Lesson(
        file_name=notebook.name, stem=lesson_stem(notebook.name), number=notebook.name[:2], title=title,
        goals=tuple(goals), key_ideas=tuple(list_items(remember)), sections=tuple(sections),
        predict_cells=tuple(source for source in markdown if PREDICT.search(source)),
        exercises=tuple(find(lesson, key) for lesson, key in asked_in(code)),
    )


def course(notebooks: Path) -> list[Lesson]:
    """Every lesson, in reading order."""
    return [read_lesson(path) for path in sorted(notebooks.glob(LESSON_FILES))]


def default_notebooks() -> Path:
    """This installation's lesson notebooks."""
    from ...lab import lessons_root

    return lessons_root() / "notebooks"


def lesson_by_stem(stem: str, notebooks: Path | None = None) -> Lesson:
    """The lesson whose file name ends in ``_<stem>.ipynb``; :class:`LookupError` with a sentence otherwise."""
    folder = notebooks or default_notebooks()
    matches = sorted(folder.glob(f"[0-9][0-9]_{stem}.ipynb"))
    if not matches:
        raise LookupError(f"There is no lesson notebook called *_{stem}.ipynb in {folder}.")
    return read_lesson(matches[0])
