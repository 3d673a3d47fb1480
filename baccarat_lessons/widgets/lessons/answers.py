"""Answers read and judged, without a widget: the half of the lessons' questions that the browser
edition's Python runs too (:mod:`~baccarat_lessons.widgets.posted_parts`).

>>> feedback_html(False, "Banker: about 1.06% with 8 decks.")[:60]
'<div class="bl-feedback bl-feedback-wrong" role="status" ari'
"""

from __future__ import annotations

from html import escape

from ...content.exercises import ChoiceExercise, Exercise
# The reading of an answer lives with the exercises: the class server reads students' answers with it too.
from ...content.answer_reading import AnswerError, read_number

__all__ = ["AnswerError", "feedback_html", "judge", "read_number"]


def feedback_html(is_correct: bool, explanation: str, verdict: str = "") -> str:
    """Right or not, then the explanation; ``verdict`` words the second ("Not quite: the total is 5.")."""
    verdict = verdict or ("Right." if is_correct else "Not quite.")
    kind = "right" if is_correct else "wrong"
    return (
        f'<div class="bl-feedback bl-feedback-{kind}" role="status" aria-live="polite">'
        f"<strong>{verdict}</strong> {escape(explanation)}</div>"
    )


def judge(exercise: Exercise, given) -> str:
    """The feedback on ``given`` (the text typed, or the position of the answer chosen): right or not,
    and always the explanation. An answer that cannot be read raises :class:`AnswerError`.

    >>> from baccarat_lessons.content.exercises import find
    >>> "Right." in judge(find("counting_to_nine", "three-card-total"), "1")
    True
    >>> judge(find("exact_odds", "lowest-edge"), None)
    Traceback (most recent call last):
    ...
    baccarat_lessons.content.answer_reading.AnswerError: Choose one of the answers first.
    """
    if isinstance(exercise, ChoiceExercise):
        if type(given) is not int or not 0 <= given < len(exercise.choices):
            raise AnswerError("Choose one of the answers first.")
        return feedback_html(exercise.is_right(exercise.choices[given]), exercise.explanation)
    if not isinstance(given, str):
        raise AnswerError("Type a number in the box first.")
    return feedback_html(exercise.is_right(read_number(given)), exercise.explanation)
