"""Answers read and judged, without a widget: the half of the lessons' questions that the browser
edition's Python runs too (:mod:`~baccarat_lessons.widgets.posted_parts`).

>>> feedback_html(False, "Banker: about 1.06% with 8 decks.")[:60]
'<div class="bl-feedback bl-feedback-wrong" role="status" ari'
"""

from __future__ import annotations

import re
from fractions import Fraction
from html import escape

from ...content.exercises import ChoiceExercise, Exercise
from ...engine.errors import BaccaratError


class AnswerError(BaccaratError):
    """An answer that cannot be read (not a number, nothing chosen)."""


THOUSANDS = re.compile(r"[+\-−]?[1-9]\d{0,2}(,\d{3})+(\.\d+)?")  # 1,000 or 12,345.6: commas group thousands
DECIMAL_COMMA = re.compile(r"[+\-−]?\d*,\d+")  # 0,95 or 2,5: the comma is the decimal point


def read_number(text: str) -> Fraction:
    """Read '5', '-1.06', '1.06%', '19/20', '1,000' or '0,95' as an exact number (a percent stays a percent).

    A comma is read the way the lessons write numbers: commas that split the digits into
    groups of three before any point are thousands ("1,000", "12,345.5"); a single comma
    with no point otherwise is a decimal comma ("0,95", "2,5", "1,2345"). Anything else
    with a comma is refused with a sentence rather than guessed.

    >>> read_number("19/20"), read_number(" 1.5 "), read_number("2,5")
    (Fraction(19, 20), Fraction(3, 2), Fraction(5, 2))
    >>> read_number("1,000"), read_number("10,000.5"), read_number("0,125"), read_number("−3")
    (Fraction(1000, 1), Fraction(20001, 2), Fraction(1, 8), Fraction(-3, 1))
    """
    cleaned = text.strip().rstrip("%").strip()
    if not cleaned:
        raise AnswerError("Type a number in the box first.")
    if "," in cleaned:
        if THOUSANDS.fullmatch(cleaned):
            cleaned = cleaned.replace(",", "")
        elif DECIMAL_COMMA.fullmatch(cleaned):
            cleaned = cleaned.replace(",", ".")
        else:
            raise AnswerError(f"'{text.strip()}' mixes commas in a way that could mean two numbers; "
                              "write thousands as 1,000 or 1000 and decimals with a point, such as 0.95.")
    try:
        return Fraction(cleaned.replace("−", "-"))
    except (ValueError, ZeroDivisionError):
        raise AnswerError(f"'{text.strip()}' is not a number; type digits such as 5, 1.06 or 19/20.") from None


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
    baccarat_lessons.widgets.lessons.answers.AnswerError: Choose one of the answers first.
    """
    if isinstance(exercise, ChoiceExercise):
        if type(given) is not int or not 0 <= given < len(exercise.choices):
            raise AnswerError("Choose one of the answers first.")
        return feedback_html(exercise.is_right(exercise.choices[given]), exercise.explanation)
    if not isinstance(given, str):
        raise AnswerError("Type a number in the box first.")
    return feedback_html(exercise.is_right(read_number(given)), exercise.explanation)
