"""The exercises of lessons 08 (spread), 12 (ruin and bet size) and 13 (the third card):
each accepts its answer and refuses the typical wrong ones, and each is asked in its notebook."""

from html import escape
from pathlib import Path

import nbformat
import pytest

from baccarat_lessons.content.exercises import ChoiceExercise, all_exercises, find
from baccarat_lessons.widgets.lessons import ask, question_for

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
# The answers a student who slipped would type: the variance for the SD, n for √n, a percent as a fraction...
TYPICAL_WRONG = {
    ("spread", "sd-banker"): ["0.86", "1.06", "0.95"],
    ("spread", "session-sd"): ["95", "0.95", "90.5"],
    ("spread", "standard-error"): ["0.93", "9.3", "0.0093"],
    ("spread", "hour-loss"): ["10", "169", "1.69"],
    ("ruin_and_bet_size", "ratio"): ["0.973", "0.507", "1.014"],
    ("ruin_and_bet_size", "timid-player"): ["49", "50", "0.06"],
    ("ruin_and_bet_size", "kelly-stake"): ["1000", "0.9", "11"],
    ("third_card", "bayes-nine"): ["17", "10", "50"],
    ("third_card", "stand-six"): ["0", "0.5", "-1"],
}
NEW_LESSONS = ("spread", "ruin_and_bet_size", "third_card")
CASES = [(lesson, exercise.key) for lesson in NEW_LESSONS for exercise in all_exercises()[lesson]]


def answer(question, value):
    if hasattr(question, "answer_box"):
        question.answer_box.value = value
    else:
        question.choices.value = value
    question.check_button.click()
    return question.is_correct


@pytest.mark.parametrize(("lesson", "key"), CASES)
def test_the_exercise_accepts_its_answer_and_refuses_typical_wrong_ones(lesson, key):
    exercise = find(lesson, key)
    question = question_for(exercise)
    assert answer(question, exercise.answer) is True
    assert escape(exercise.explanation) in question.feedback.value
    wrong = ([c for c in exercise.choices if c != exercise.correct] if isinstance(exercise, ChoiceExercise)
             else TYPICAL_WRONG[(lesson, key)])
    assert wrong
    for value in wrong:
        assert answer(question, value) is False, value
    assert ask(lesson, key).children  # the notebook's call builds the same widget


@pytest.mark.parametrize("lesson", NEW_LESSONS)
def test_every_exercise_is_asked_in_its_notebook_once(lesson):
    path = next(NOTEBOOKS.glob(f"[0-9][0-9]_{lesson}.ipynb"))
    code = "\n".join(c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "code")
    for exercise in all_exercises()[lesson]:
        assert code.count(f'ask("{lesson}", "{exercise.key}")') == 1, exercise.key
