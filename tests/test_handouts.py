"""The handouts command: every page written, teacher versions complete, student versions free of answers."""

import json
import re
from html import escape
from pathlib import Path

import pytest

from baccarat_lessons.cli import main
from baccarat_lessons.content.exercises import ChoiceExercise, find
from baccarat_lessons.content.teacher_kit.quizzes import quizzes

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
ASK = re.compile(r'\bask\("(\w+)", "([\w-]+)"\)')


def _asked(path):
    """The exercises a notebook asks, read with a plain pattern (not the generator's parser)."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [match.groups() for cell in cells if cell["cell_type"] == "code"
            for match in ASK.finditer("".join(cell["source"]))]


def _name(path, role):
    number, stem = path.stem.split("_", 1)
    return f"{number}-{stem}-{role}.html"


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    out = tmp_path_factory.mktemp("handouts") / "new-folder"
    assert main(["handouts", "--out", str(out), "--notebooks", str(NOTEBOOKS)]) == 0
    return out


def test_every_page_is_written_and_linked_from_the_index(pages):
    expected = {_name(path, role) for path in LESSONS for role in ("student", "teacher")}
    expected |= {f"quiz-unit-{n}.html" for n in range(1, 5)} | {"quiz-key.html", "answer-key.html", "index.html"}
    assert {path.name for path in pages.iterdir()} == expected
    index = (pages / "index.html").read_text(encoding="utf-8")
    assert all(f'href="{name}"' in index for name in expected - {"index.html"})


def test_pages_are_self_contained(pages):
    for path in pages.iterdir():
        html = path.read_text(encoding="utf-8")
        assert html.startswith("<!DOCTYPE html>") and "<script" not in html and "<img" not in html, path.name
        assert not re.search(r"(?:src|href)=\"(?:https?:)?//", html) and "@import" not in html and "url(" not in html


@pytest.mark.parametrize("path", LESSONS, ids=lambda path: path.stem)
def test_the_teacher_version_holds_every_exercise_with_its_worked_solution(pages, path):
    teacher = (pages / _name(path, "teacher")).read_text(encoding="utf-8")
    asked = _asked(path)
    assert teacher.count("<strong>Worked solution</strong>") == len(asked)
    assert "Lesson plan" in teacher and "GamCare" in teacher and "1-800-GAMBLER" in teacher
    positions = []
    for lesson, key in asked:
        exercise = find(lesson, key)
        positions.append(teacher.index(escape(exercise.prompt)))
        assert all(escape(step) in teacher for step in exercise.worked), key
        assert escape(exercise.explanation) in teacher
    assert positions == sorted(positions), "the exercises are not in the lesson's order"


@pytest.mark.parametrize("path", LESSONS, ids=lambda path: path.stem)
def test_the_student_version_has_the_exercises_and_no_answer(pages, path):
    student = (pages / _name(path, "student")).read_text(encoding="utf-8")
    asked = _asked(path)
    assert student.count('class="work"') == len(asked)
    for lesson, key in asked:
        exercise = find(lesson, key)
        assert escape(exercise.prompt) in student
        assert escape(exercise.explanation) not in student
        assert not any(escape(step) in student for step in exercise.worked), key
        if isinstance(exercise, ChoiceExercise):
            assert "(answer)" not in student
    assert "Answer:" not in student and "Worked solution" not in student and "Lesson plan" not in student


@pytest.mark.parametrize("path", LESSONS, ids=lambda path: path.stem)
def test_the_handouts_carry_the_notebooks_goals_and_key_ideas(pages, path):
    first = "".join(json.loads(path.read_text(encoding="utf-8"))["cells"][0]["source"])
    student = (pages / _name(path, "student")).read_text(encoding="utf-8")
    goals = re.findall(r"^\d+\. (.+?)$", re.sub(r"<!--.*?-->", "", first), flags=re.M)  # claim markers unseen
    assert all(escape(goal.split("*")[0][:20], quote=False) in student for goal in goals)
    # Every lesson has a "What to remember" slide; on the student sheet it comes after the exercises,
    # whose answers several of its lines state.
    cells = ["".join(cell["source"]) for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]]
    assert any(cell.startswith("## What to remember") for cell in cells)
    ideas = student.index("<h2>Key ideas (read them after the exercises)</h2>")
    assert all(ideas > match.start() for match in re.finditer(r'class="prompt"', student))


def test_each_quiz_page_and_the_key(pages):
    key = (pages / "quiz-key.html").read_text(encoding="utf-8")
    for quiz in quizzes():
        sheet = (pages / f"quiz-unit-{quiz.unit.number}.html").read_text(encoding="utf-8")
        for question in quiz.questions:
            assert escape(question.prompt) in sheet and escape(question.reason) not in sheet
            assert f"<strong>Answer: {escape(question.answer)}</strong> — {escape(question.reason)}" in key
    assert key.count("<strong>Answer:") == sum(len(quiz.questions) for quiz in quizzes())


def test_a_bad_out_is_refused_in_one_line(tmp_path, capsys):
    a_file = tmp_path / "a-file"
    a_file.write_text("x")
    assert main(["handouts", "--out", str(a_file)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--out must be a folder" in err
    assert main(["handouts", "--out", str(a_file / "below")]) == 2
    assert "cannot write the handouts" in capsys.readouterr().err
    assert main(["handouts", "--out", str(tmp_path / "x"), "--notebooks", str(tmp_path)]) == 2
    assert "no lesson notebooks" in capsys.readouterr().err
    assert main(["handouts"]) == 2 and "--out" in capsys.readouterr().err
