"""The printable handouts: per lesson a student handout and a teacher version, the unit quizzes, the
answer key and an index, all written from the exercise records and the notebooks' own text.

A student handout holds the title, the learning goals, the key ideas and the exercises with ruled room
to work, and never an answer: a teacher version adds the lesson plan, the predict-first answers and,
for every exercise, its answer, what is accepted, the explanation and the worked solution.
"""

from __future__ import annotations

from fractions import Fraction
from html import escape
from pathlib import Path

from ..answer_key import answer_key_html, decimal_text
from ..exercises import ChoiceExercise, Exercise
from .lessons import Lesson, course
from .page import document, inline
from .plans import PERIOD_MINUTES, periods
from .predictions import answers_for
from .quizzes import UNITS, Quiz, quizzes
from .school_note import SCHOOL_NOTE

RESPONSIBLE_GAMBLING = f'<section class="note"><h2>A note on gambling</h2><p>{escape(SCHOOL_NOTE)}</p></section>'


def _items(lines: tuple[str, ...], tag: str = "ul") -> str:
    return f"<{tag}>" + "".join(f"<li>{inline(line)}</li>" for line in lines) + f"</{tag}>"


def _goals(lesson: Lesson) -> str:
    if not lesson.goals:
        return ""
    return "<h2>Learning goals</h2><p>After this lesson you can</p>" + _items(lesson.goals, "ol")


def _key_ideas(lesson: Lesson, heading: str = "Key ideas") -> str:
    return f"<h2>{heading}</h2>" + _items(lesson.key_ideas) if lesson.key_ideas else ""


def _choices(exercise: Exercise, marked: bool) -> str:
    if not isinstance(exercise, ChoiceExercise):
        return ""
    return '<ol type="A">' + "".join(
        f'<li class="{"right" if marked and choice == exercise.correct else "other"}">{escape(choice)}'
        f'{" <strong>(answer)</strong>" if marked and choice == exercise.correct else ""}</li>'
        for choice in exercise.choices) + "</ol>"


def _accepted(exercise: Exercise) -> str:
    if isinstance(exercise, ChoiceExercise):
        return f"<p><strong>Answer:</strong> {escape(exercise.correct)}. Accepted: that choice only.</p>"
    unit = f" {escape(exercise.unit)}" if exercise.unit else ""
    tolerance = Fraction(exercise.tolerance)
    accepted = (f"{decimal_text(exercise.exact_answer - tolerance)} to {decimal_text(exercise.exact_answer + tolerance)}"
                if tolerance else "exactly that number")
    return (f"<p><strong>Answer:</strong> {decimal_text(exercise.exact_answer)}{unit}. "
            f"Accepted: {accepted}.</p>")


def _exercises(lesson: Lesson, teacher: bool) -> str:
    if not lesson.exercises:
        return "<h2>Exercises</h2><p>This lesson asks no exercises.</p>"
    items = []
    for exercise in lesson.exercises:
        item = f'<p class="prompt">{escape(exercise.prompt)}</p>{_choices(exercise, teacher)}'
        if teacher:
            steps = "".join(f"<li>{escape(step)}</li>" for step in exercise.worked)
            item += (f'{_accepted(exercise)}<p class="why">{escape(exercise.explanation)}</p>'
                     f'<p><strong>Worked solution</strong></p><ol class="worked">{steps}</ol>')
        else:
            item += '<div class="work" aria-label="room to work"></div>'
        items.append(f'<li data-key="{escape(exercise.key)}">{item}</li>')
    return f'<h2>Exercises</h2><ol class="exercises">{"".join(items)}</ol>'


def plan_html(stem: str) -> str:
    """The lesson plan as HTML tables, one per period (the same data as :func:`.plans.plan_markdown`)."""
    plan = periods(stem)
    html = [f"<h2>Lesson plan</h2><p>Length: {len(plan)} × {PERIOD_MINUTES}-minute period"
            f"{'s' if len(plan) > 1 else ''}.</p>"]
    for number, activities in enumerate(plan, start=1):
        if len(plan) > 1:
            html.append(f"<h3>Period {number}</h3>")
        rows, start = [], 0
        for activity in activities:
            rows.append(f"<tr><td>{start}–{start + activity.minutes}</td><td>{activity.minutes}</td>"
                        f"<td>{escape(activity.activity)}</td><td>{escape(activity.section) or '—'}</td>"
                        f"<td>{escape(activity.teacher)}</td></tr>")
            start += activity.minutes
        html.append('<table><colgroup><col class="time"><col class="minutes"><col class="activity">'
                    '<col class="section"><col></colgroup><thead><tr><th>Time</th><th>Min</th><th>Activity</th>'
                    f'<th>Section</th><th>The teacher does or asks</th></tr></thead><tbody>{"".join(rows)}</tbody></table>')
    return "".join(html)


def _predictions(lesson: Lesson) -> str:
    answers = answers_for(lesson.stem)
    if not answers:
        return ""
    items = "".join(f'<li class="answer"><p class="prompt">{escape(a.prompt)}</p><p>{escape(a.answer)}</p></li>'
                    for a in answers)
    return f"<h2>Predict-first answers</h2><ol>{items}</ol>"


def student_html(lesson: Lesson) -> str:
    """The student handout: goals, exercises with room to work, then the key ideas; no answer anywhere.

    The key ideas (the lesson's "What to remember") come after the exercises and say so: they state
    results several exercises ask the student to predict or compute."""
    return document(lesson.title, _goals(lesson) + _exercises(lesson, teacher=False)
                    + _key_ideas(lesson, "Key ideas (read them after the exercises)"))


def teacher_html(lesson: Lesson) -> str:
    """The teacher version: the student handout's content plus plan, predict answers, answers and worked solutions."""
    body = (_goals(lesson) + _key_ideas(lesson) + plan_html(lesson.stem) + _predictions(lesson) + _exercises(lesson, teacher=True)
            + RESPONSIBLE_GAMBLING)
    return document(f"{lesson.title} — teacher version", body)


def quiz_html(unit_quizzes: tuple[Quiz, ...], with_key: bool) -> str:
    """The quizzes given, as a student sheet (``with_key=False``) or the teacher's key."""
    sections = []
    for quiz in unit_quizzes:
        items = []
        for question in quiz.questions:
            choices = ('<ol type="A">' + "".join(f"<li>{escape(c)}</li>" for c in question.choices) + "</ol>"
                       if question.choices else "")
            tail = (f'<p class="key"><strong>Answer: {escape(question.answer)}</strong> — {escape(question.reason)}</p>'
                    if with_key else '<div class="work" aria-label="room to work"></div>')
            items.append(f'<li><p class="prompt">{escape(question.prompt)}</p>{choices}{tail}</li>')
        sections.append(f'<section><h2>{escape(quiz.title)}</h2><ol class="questions">{"".join(items)}</ol></section>')
    return "".join(sections)


def write_handouts(out: Path, notebooks: Path) -> list[Path]:
    """Write every page into the folder ``out`` (created if missing); the paths written, index last."""
    out.mkdir(parents=True, exist_ok=True)
    written: list[tuple[Path, str]] = []

    def write(name: str, html: str, label: str) -> None:
        path = out / name
        path.write_text(html, encoding="utf-8")
        written.append((path, label))

    for lesson in course(notebooks):
        write(f"{lesson.handout_stem}-student.html", student_html(lesson), f"{lesson.title}: student handout")
        write(f"{lesson.handout_stem}-teacher.html", teacher_html(lesson), f"{lesson.title}: teacher version")
    all_quizzes = quizzes()
    for unit in UNITS:
        own = tuple(quiz for quiz in all_quizzes if quiz.unit == unit)
        write(f"quiz-unit-{unit.number}.html", document(f"Unit {unit.number} · {unit.title}: quizzes",
                                                       quiz_html(own, with_key=False)),
              f"Unit {unit.number} quizzes (student)")
    write("quiz-key.html", document("Unit quizzes: key", quiz_html(all_quizzes, with_key=True)), "Unit quizzes: key")
    write("answer-key.html", answer_key_html(notebooks), "Answer key (every exercise)")
    links = "".join(f'<li><a href="{escape(path.name)}">{escape(label)}</a></li>' for path, label in written)
    index = out / "index.html"
    index.write_text(document("baccarat-lessons: handouts", f"<ul>{links}</ul>"), encoding="utf-8")
    return [path for path, _ in written] + [index]
