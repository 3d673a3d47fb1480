"""The teacher's answer key: every exercise of every lesson, from the records the lessons ask.

The key is built from the notebooks themselves: each code cell that calls
``ask("<lesson>", "<key>")`` is an exercise a student meets, and its record in
``content/exercises`` gives the prompt, the answer, what is accepted and the explanation.
So the key lists exactly the exercises the lessons show, in the order they show them.
The page is one self-contained HTML file (no script, no font or image to fetch) that
prints cleanly.

>>> asked_in(['from x import ask', 'ask("exact_odds", "fair-tie")', 'print(1)'])
[('exact_odds', 'fair-tie')]
>>> decimal_text(Fraction(31, 25)), decimal_text(Fraction(-1, 20)), decimal_text(Fraction(1, 3))
('1.24', '−0.05', '1/3')
"""

from __future__ import annotations

import ast
import json
from dataclasses import dataclass
from fractions import Fraction
from html import escape
from importlib.resources import files
from pathlib import Path

from .exercises import ChoiceExercise, Exercise, NumberExercise, find

LESSON_FILES = "[0-9][0-9]_*.ipynb"


@dataclass(frozen=True)
class LessonKey:
    """One lesson's part of the key: its file, its title, and the exercises it asks, in order."""

    file_name: str
    title: str
    exercises: tuple[Exercise, ...]


def asked_in(code_cells: list[str]) -> list[tuple[str, str]]:
    """The ``(lesson, key)`` of every ``ask("lesson", "key")`` call in these code cells, in order."""
    asked = []
    for source in code_cells:
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue  # IPython magics and the like hold no exercise
        calls = [node for node in ast.walk(tree)
                 if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "ask"]
        for call in sorted(calls, key=lambda node: (node.lineno, node.col_offset)):
            arguments = [argument.value for argument in call.args if isinstance(argument, ast.Constant)]
            if len(arguments) == 2 and all(isinstance(argument, str) for argument in arguments):
                asked.append((arguments[0], arguments[1]))
    return asked


def lesson_key(notebook: Path) -> LessonKey:
    """The key of one lesson notebook (read as JSON: no Jupyter needed)."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    sources = ["".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"] for cell in cells]
    title = next((source.splitlines()[0].lstrip("#").strip() for cell, source in zip(cells, sources)
                  if cell["cell_type"] == "markdown" and source.startswith("# ")), notebook.stem)
    code = [source for cell, source in zip(cells, sources) if cell["cell_type"] == "code"]
    return LessonKey(notebook.name, title, tuple(find(lesson, key) for lesson, key in asked_in(code)))


def course_key(notebooks: Path) -> list[LessonKey]:
    """Every lesson's key, in reading order (the lessons' numbers)."""
    return [lesson_key(path) for path in sorted(notebooks.glob(LESSON_FILES))]


def decimal_text(value: Fraction) -> str:
    """``value`` as a decimal when it has a finite one, else as a fraction."""
    denominator = value.denominator
    for prime in (2, 5):
        while denominator % prime == 0:
            denominator //= prime
    if denominator != 1:
        return f"{value.numerator}/{value.denominator}"
    places = 0
    while (value * 10**places).denominator != 1:
        places += 1
    digits = str(abs(value.numerator) * 10**places // value.denominator).rjust(places + 1, "0")
    text = f"{digits[:-places]}.{digits[-places:]}" if places else digits
    return f"−{text}" if value < 0 else text


def _answer_html(exercise: Exercise) -> str:
    if isinstance(exercise, ChoiceExercise):
        items = "".join(
            f'<li class="{"right" if choice == exercise.correct else "other"}">{escape(choice)}'
            f'{" <strong>(answer)</strong>" if choice == exercise.correct else ""}</li>'
            for choice in exercise.choices)
        return f"<ol type=\"A\">{items}</ol>"
    assert isinstance(exercise, NumberExercise)
    unit = f" {escape(exercise.unit)}" if exercise.unit else ""
    answer = f"<p><strong>Answer: {decimal_text(exercise.exact_answer)}{unit}</strong>"
    tolerance = Fraction(exercise.tolerance)
    if tolerance:
        low, high = exercise.exact_answer - tolerance, exercise.exact_answer + tolerance
        answer += f" (accepted: {decimal_text(low)} to {decimal_text(high)})"
    return answer + "</p>"


STYLE = files(__package__).joinpath("answer_key.css").read_text(encoding="utf-8")


def answer_key_html(notebooks: Path) -> str:
    """The whole key as one printable HTML page."""
    lessons = course_key(notebooks)
    sections = []
    for lesson in lessons:
        if not lesson.exercises:
            continue
        items = "".join(
            f'<li><p class="prompt">{escape(exercise.prompt)}</p>{_answer_html(exercise)}'
            f'<p class="why">{escape(exercise.explanation)}</p></li>'
            for exercise in lesson.exercises)
        sections.append(f'<section><h2>{escape(lesson.title)} <small>({escape(lesson.file_name)})</small></h2>'
                        f'<ol class="exercises">{items}</ol></section>')
    count = sum(len(lesson.exercises) for lesson in lessons)
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        "<title>baccarat-lessons: answer key</title>"
        f"<style>{STYLE}</style></head><body>"
        "<h1>baccarat-lessons: answer key for teachers</h1>"
        f"<p>{count} exercises, lesson by lesson, in the order the lessons ask them. "
        "Each gives the answer, what the lesson accepts, and the explanation the student sees after "
        "pressing Check. Chips in every question are virtual practice chips.</p>"
        + "".join(sections) + "</body></html>"
    )
