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

from fractions import Fraction
from html import escape

import ipywidgets as widgets

from ...classroom.answering import send_answer
from ..guard import ActionGuard
from ..part_box import PartBox
from .answers import AnswerError, feedback_html, read_number
from .styles import lesson_style


class _Question:
    def __init__(self, prompt: str, explanation: str):
        self.prompt = prompt
        self.explanation = explanation
        self.guard = ActionGuard()
        self.is_correct: bool | None = None
        self.attempts = 0
        self.feedback = widgets.HTML("")
        # "lesson/key" when the question asks an exercise of the lessons (``ask``): each answer it can read
        # also goes to the class this kernel joined, if any (classroom/answering.py), and this line says so.
        self.exercise_id: str | None = None
        self.class_line = widgets.HTML("")
        self.check_button = widgets.Button(description="Check", button_style="primary")
        self.check_button.on_click(self.guard.wrap(self._on_check))

    def _on_check(self, _button=None) -> None:
        self.guard.clear()
        self.is_correct = self._is_correct()
        self.attempts += 1
        self.feedback.value = feedback_html(self.is_correct, self.explanation)
        if self.exercise_id is not None:
            send_answer(self.exercise_id, self._given(), self._told)

    def _told(self, sentence: str, tone: str) -> None:
        self.class_line.value = f'<div class="bl-class-line bl-message-{tone}">{escape(sentence)}</div>'

    def _is_correct(self) -> bool:
        raise NotImplementedError

    def _given(self):
        """The answer as the class server reads it: the text typed, or the position of the choice."""
        raise NotImplementedError


class NumberQuestion(_Question):
    """A question whose answer is a number; ``tolerance`` allows rounding."""

    def __init__(self, prompt: str, answer, explanation: str, tolerance=0, unit: str = ""):
        super().__init__(prompt, explanation)
        self.answer = Fraction(answer)
        self.tolerance = Fraction(tolerance)
        self.answer_box = widgets.Text(placeholder="your answer", layout=widgets.Layout(width="10em"))
        unit_label = widgets.Label(unit) if unit else widgets.Label("")
        self.widget = PartBox(
            [
                widgets.HTML(f'<p class="bl-question">{escape(prompt)}</p>'),
                widgets.HBox([self.answer_box, unit_label, self.check_button]),
                self.guard.message, self.feedback, self.class_line, self.guard.error_log,
            ]
        )
        self.widget.add_class("bl-exercise")
        self.widget.children = (lesson_style(), *self.widget.children)

    def _is_correct(self) -> bool:
        return abs(read_number(self.answer_box.value) - self.answer) <= self.tolerance

    def _given(self) -> str:
        return self.answer_box.value


class ChoiceQuestion(_Question):
    """A question with a few answers to choose from, exactly one of them right."""

    def __init__(self, prompt: str, options: list[str], correct: str, explanation: str):
        super().__init__(prompt, explanation)
        if correct not in options:
            raise ValueError(f"the correct answer {correct!r} is not among the options")
        self.correct = correct
        self.choices = widgets.RadioButtons(options=list(options), value=None, layout=widgets.Layout(width="auto"))
        self.widget = PartBox(
            [
                widgets.HTML(f'<p class="bl-question">{escape(prompt)}</p>'),
                self.choices, self.check_button, self.guard.message, self.feedback, self.class_line,
                self.guard.error_log,
            ]
        )
        self.widget.add_class("bl-exercise")
        self.widget.children = (lesson_style(), *self.widget.children)

    def _is_correct(self) -> bool:
        if self.choices.value is None:
            raise AnswerError("Choose one of the answers first.")
        return self.choices.value == self.correct

    def _given(self) -> int:
        return list(self.choices.options).index(self.choices.value)


__all__ = ["AnswerError", "ChoiceQuestion", "NumberQuestion", "read_number"]
