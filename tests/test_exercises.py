"""Exercises as data: the record a notebook asks is the record the answer key prints."""

from fractions import Fraction
from html import escape
from pathlib import Path

import nbformat
import pytest

from baccarat_lessons.cli import main
from baccarat_lessons.content import exercises as catalog
from baccarat_lessons.content.answer_key import answer_key_html, asked_in, course_key
from baccarat_lessons.content.exercises import ChoiceExercise, ExerciseNotFound, NumberExercise, all_exercises, find
from baccarat_lessons.widgets.lessons import question_for
from baccarat_lessons.widgets.lessons.question import AnswerError

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
TIE = NumberExercise("fair-tie", "Fair Tie payout, to 1?", answer="9.51", tolerance="0.06",
                     explanation="Fair means w·k = 1 − w.", worked=("w·k = 1 − w, so k = (1 − w) / w.",))
EDGE = ChoiceExercise("lowest-edge", "Lowest house edge?", choices=("Player", "Banker", "Tie"), correct="Banker",
                      explanation="Banker: about 1.06%.", worked=("Banker 1.06%, Player 1.24%, Tie 14.36%.",))


def _answer(question, text):
    question.answer_box.value = text
    question.check_button.click()
    return question.is_correct


def test_a_number_exercise_accepts_its_tolerance_on_both_sides_and_nothing_beyond():
    question = question_for(TIE)
    assert [_answer(question, text) for text in ("9.51", "9.45", "9.57", "9.44", "9.58", "8")] == [
        True, True, True, False, False, False]
    assert "Fair means" in question.feedback.value


def test_an_unreadable_answer_is_a_sentence_and_no_verdict():
    question = question_for(TIE)
    question.answer_box.value = "nine and a half"
    question.check_button.click()
    assert question.is_correct is None and "is not a number" in question.guard.message.value


def test_a_choice_exercise_is_right_only_for_its_answer():
    question = question_for(EDGE)
    question.choices.value = "Tie"
    question.check_button.click()
    assert question.is_correct is False
    question.choices.value = "Banker"
    question.check_button.click()
    assert question.is_correct is True


def test_a_record_that_contradicts_itself_is_refused_when_written():
    with pytest.raises(ValueError, match="not a choice"):
        ChoiceExercise("x", "?", choices=("A", "B"), correct="C", explanation="", worked=("A step.",))
    with pytest.raises(ValueError, match="negative"):
        NumberExercise("x", "?", answer="1", tolerance="-1", explanation="", worked=("A step.",))
    for worked in ((), ("  ",), "one string"):
        with pytest.raises(ValueError, match="worked solution"):
            NumberExercise("x", "?", answer="1", explanation="", worked=worked)
    with pytest.raises(TypeError, match="worked"):
        ChoiceExercise("x", "?", choices=("A",), correct="A", explanation="")


def test_an_unknown_lesson_or_key_is_a_sentence(monkeypatch):
    monkeypatch.setattr(catalog, "all_exercises", lambda: {"exact_odds": (TIE,)})
    assert find("exact_odds", "fair-tie") is TIE
    with pytest.raises(ExerciseNotFound, match="Lesson exact_odds has no exercise 'nope'"):
        find("exact_odds", "nope")
    with pytest.raises(ExerciseNotFound, match="no lesson called 'poker'"):
        find("poker", "fair-tie")


def test_every_exercise_module_is_well_formed():
    for lesson, exercises in all_exercises().items():
        assert exercises, f"{lesson} defines no exercise"
        for exercise in exercises:
            assert exercise.prompt.strip() and exercise.explanation.strip() and exercise.worked, (lesson, exercise.key)
            if isinstance(exercise, NumberExercise):
                assert exercise.is_right(exercise.exact_answer)


def test_the_ask_calls_are_read_in_order_and_other_code_is_ignored():
    cells = ['ask("a", "one")\nask("a", "two")', "%matplotlib inline", 'other("a", "b")', 'ask("b", "three")']
    assert asked_in(cells) == [("a", "one"), ("a", "two"), ("b", "three")]


def _asked_in_notebooks():
    asked = []
    for path in LESSONS:
        code = [cell.source for cell in nbformat.read(path, as_version=4).cells if cell.cell_type == "code"]
        asked.extend(asked_in(code))
    return asked


def test_every_exercise_the_lessons_ask_exists_and_every_record_is_asked():
    asked = _asked_in_notebooks()
    for lesson, key in asked:
        find(lesson, key)
    defined = {(lesson, exercise.key) for lesson, exercises in all_exercises().items() for exercise in exercises}
    assert defined == set(asked), f"defined but never asked: {sorted(defined - set(asked))}"
    assert len(asked) == len(set(asked)), "a lesson asks the same exercise twice"


def test_the_key_lists_every_exercise_the_lessons_ask_with_its_answer():
    asked = _asked_in_notebooks()
    page = answer_key_html(NOTEBOOKS)
    assert sum(len(lesson.exercises) for lesson in course_key(NOTEBOOKS)) == len(asked)
    assert f"{len(asked)} exercises" in page
    for lesson, key in asked:
        exercise = find(lesson, key)
        assert escape(exercise.prompt)[:40] in page


def test_the_key_of_a_made_up_course(tmp_path, monkeypatch):
    monkeypatch.setattr(catalog, "all_exercises", lambda: {"exact_odds": (TIE, EDGE)})
    lesson = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("# Exact odds\n\nText."),
        nbformat.v4.new_code_cell('ask("exact_odds", "lowest-edge")'),
        nbformat.v4.new_code_cell('ask("exact_odds", "fair-tie")'),
    ])
    nbformat.write(lesson, tmp_path / "07_exact_odds.ipynb")
    page = answer_key_html(tmp_path)
    assert "2 exercises" in page and "<h2>Exact odds" in page
    assert page.index("Lowest house edge?") < page.index("Fair Tie payout")
    assert "Answer: 9.51</strong> (accepted: 9.45 to 9.57)" in page
    assert "Banker <strong>(answer)</strong>" in page
    assert "http" not in page and "<script" not in page


def test_the_command_writes_the_key_and_refuses_a_folder_without_lessons(tmp_path, capsys):
    out = tmp_path / "key.html"
    assert main(["answer-key", "--out", str(out), "--notebooks", str(NOTEBOOKS)]) == 0
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert "Wrote the answer key" in capsys.readouterr().out
    assert main(["answer-key", "--out", str(out), "--notebooks", str(tmp_path)]) == 2
    assert "no lesson notebooks" in capsys.readouterr().err


def test_read_answers_are_exact():
    assert TIE.exact_answer == Fraction(951, 100)
    with pytest.raises(AnswerError):
        question_for(TIE)._is_correct()


def test_no_lesson_builds_a_question_outside_the_records():
    """A question typed into a notebook would be missing from the answer key."""
    for path in LESSONS:
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type == "code":
                assert "NumberQuestion(" not in cell.source and "ChoiceQuestion(" not in cell.source, path.name


def test_the_course_asks_exercises_in_nearly_every_lesson():
    lessons_with_exercises = [lesson for lesson in course_key(NOTEBOOKS) if lesson.exercises]
    assert len(lessons_with_exercises) >= len(LESSONS) - 1  # the start page asks nothing
