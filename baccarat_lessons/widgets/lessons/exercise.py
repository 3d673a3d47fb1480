"""A lesson's exercise, from its record in ``content/exercises``, as a question widget.

A notebook cell is just ``ask("exact_odds", "fair-tie")``: the prompt, the answer, the
tolerance and the explanation come from the one record the answer key prints too.

>>> from baccarat_lessons.content.exercises import NumberExercise
>>> question = question_for(NumberExercise("sum", "7 + 8 counts as?", answer="5", explanation="15: keep 5.",
...                                    worked=("7 + 8 = 15; keep the last digit: 5.",)))
>>> question.answer_box.value = "5"
>>> question.check_button.click()
>>> question.is_correct
True
"""

from __future__ import annotations

import ipywidgets as widgets

from ...content.exercises import ChoiceExercise, Exercise, NumberExercise, find
from .question import ChoiceQuestion, NumberQuestion


def question_for(exercise: Exercise) -> NumberQuestion | ChoiceQuestion:
    """The question widget (its ``.widget`` is shown) that asks ``exercise`` and checks the answer."""
    if isinstance(exercise, NumberExercise):
        return NumberQuestion(exercise.prompt, answer=exercise.answer, explanation=exercise.explanation,
                              tolerance=exercise.tolerance, unit=exercise.unit)
    if isinstance(exercise, ChoiceExercise):
        return ChoiceQuestion(exercise.prompt, list(exercise.choices), correct=exercise.correct,
                              explanation=exercise.explanation)
    raise TypeError(f"not an exercise: {exercise!r}")


def ask(lesson: str, key: str) -> widgets.VBox:
    """The widget asking exercise ``key`` of ``lesson`` (the notebook's name without its number); its
    recipe lets the browser edition ask it in the page (:mod:`~baccarat_lessons.widgets.part_box`)."""
    question = question_for(find(lesson, key))
    question.exercise_id = f"{lesson}/{key}"
    box = question.widget
    box.recipe = {"part": "question", "lesson": lesson, "key": key}
    return box
