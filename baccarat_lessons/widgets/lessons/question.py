"""Questions with instant feedback: type a number or pick an answer, press Check.

The feedback says whether the answer is right and always gives the explanation, so a
student working alone learns from a wrong answer as much as from a right one.

>>> q = NumberQuestion("7 + 8 counts as?", answer=5, explanation="15: keep the last digit.")
>>> q.answer_box.value = "5"
>>> q.check_button.click()
>>> q.is_correct, "Right" in q.feedback.value
(True, True)
>>> c = ChoiceQuestion("Which bet has the lowest house edge?", ["Player", "Banker", "Tie"], correct="Banker",
...                    explanation="Banker: about 1.06% with 8 decks.")
>>> c.choices.value = "Tie"
>>> c.check_button.click()
>>> c.is_correct, "Not quite" in c.feedback.value
(False, True)
"""

from __future__ import annotations

import re
from fractions import Fraction
from html import escape

import ipywidgets as widgets

from ...engine.errors import BaccaratError
from ..guard import ActionGuard
from .styles import lesson_style


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


def _feedback(is_correct: bool, explanation: str) -> str:
    verdict = "Right." if is_correct else "Not quite."
    kind = "right" if is_correct else "wrong"
    return (
        f'<div class="bl-feedback bl-feedback-{kind}" role="status" aria-live="polite">'
        f"<strong>{verdict}</strong> {escape(explanation)}</div>"
    )


class _Question:
    def __init__(self, prompt: str, explanation: str):
        self.prompt = prompt
        self.explanation = explanation
        self.guard = ActionGuard()
        self.is_correct: bool | None = None
        self.attempts = 0
        self.feedback = widgets.HTML("")
        self.check_button = widgets.Button(description="Check", button_style="primary")
        self.check_button.on_click(self.guard.wrap(self._on_check))

    def _on_check(self, _button=None) -> None:
        self.guard.clear()
        self.is_correct = self._is_correct()
        self.attempts += 1
        self.feedback.value = _feedback(self.is_correct, self.explanation)

    def _is_correct(self) -> bool:
        raise NotImplementedError


class NumberQuestion(_Question):
    """A question whose answer is a number; ``tolerance`` allows rounding."""

    def __init__(self, prompt: str, answer, explanation: str, tolerance=0, unit: str = ""):
        super().__init__(prompt, explanation)
        self.answer = Fraction(answer)
        self.tolerance = Fraction(tolerance)
        self.answer_box = widgets.Text(placeholder="your answer", layout=widgets.Layout(width="10em"))
        unit_label = widgets.Label(unit) if unit else widgets.Label("")
        self.widget = widgets.VBox(
            [
                widgets.HTML(f'<p class="bl-question">{escape(prompt)}</p>'),
                widgets.HBox([self.answer_box, unit_label, self.check_button]),
                self.guard.message, self.feedback, self.guard.error_log,
            ]
        )
        self.widget.add_class("bl-exercise")
        self.widget.children = (lesson_style(), *self.widget.children)

    def _is_correct(self) -> bool:
        return abs(read_number(self.answer_box.value) - self.answer) <= self.tolerance


class ChoiceQuestion(_Question):
    """A question with a few answers to choose from, exactly one of them right."""

    def __init__(self, prompt: str, options: list[str], correct: str, explanation: str):
        super().__init__(prompt, explanation)
        if correct not in options:
            raise ValueError(f"the correct answer {correct!r} is not among the options")
        self.correct = correct
        self.choices = widgets.RadioButtons(options=list(options), value=None, layout=widgets.Layout(width="auto"))
        self.widget = widgets.VBox(
            [
                widgets.HTML(f'<p class="bl-question">{escape(prompt)}</p>'),
                self.choices, self.check_button, self.guard.message, self.feedback, self.guard.error_log,
            ]
        )
        self.widget.add_class("bl-exercise")
        self.widget.children = (lesson_style(), *self.widget.children)

    def _is_correct(self) -> bool:
        if self.choices.value is None:
            raise AnswerError("Choose one of the answers first.")
        return self.choices.value == self.correct
