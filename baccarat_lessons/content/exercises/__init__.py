"""The lessons' exercises as data: one module per lesson, read by the widgets and the answer key.

An exercise is typed once, here, with its worked solution: the steps a teacher writes on the
board (``worked``), which the teacher's handouts print and the students' never do. The notebook shows it with
``baccarat_lessons.widgets.lessons.ask(lesson, key)``, and the teacher's answer key
(:mod:`baccarat_lessons.content.answer_key`) prints the same record, so the question a
student answers and the answer a teacher reads can never drift apart.

A lesson's exercises live in ``content/exercises/<lesson>.py`` as a tuple ``EXERCISES``,
where ``<lesson>`` is the notebook's file name without its number (``exact_odds`` for
``07_exact_odds.ipynb``), so renumbering the course changes nothing here.

>>> find("no_such_lesson", "a-key")
Traceback (most recent call last):
...
baccarat_lessons.content.exercises.ExerciseNotFound: There is no lesson called 'no_such_lesson' with exercises.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from ...engine.errors import BaccaratError
from ..lesson_records import records_by_lesson


class ExerciseNotFound(BaccaratError, LookupError):
    """A lesson or exercise key that no exercise module defines."""


def _check_worked(key: str, worked: tuple[str, ...]) -> None:
    """Refuse a worked solution with no step, a blank step, or a bare string (its letters would be steps).

    >>> _check_worked("x", ())
    Traceback (most recent call last):
    ...
    ValueError: exercise 'x': the worked solution needs at least one step, and no blank one
    """
    if isinstance(worked, str) or not worked or not all(isinstance(step, str) and step.strip() for step in worked):
        raise ValueError(f"exercise {key!r}: the worked solution needs at least one step, and no blank one")


@dataclass(frozen=True)
class NumberExercise:
    """A question answered with a number; any answer within ``tolerance`` of ``answer`` is right.

    ``answer`` and ``tolerance`` are exact decimal or fraction strings (``"1.24"``, ``"19/20"``).

    >>> fair = NumberExercise("fair", "Fair Tie payout to 1?", answer="9.51", tolerance="0.06", explanation="...",
    ...                       worked=("Fair means w·k = 1 − w.", "k = (1 − w) / w ≈ 9.51."))
    >>> fair.is_right(Fraction("9.5")), fair.is_right(Fraction("9.6")), fair.is_right(Fraction(8))
    (True, False, False)
    """

    key: str
    prompt: str
    answer: str
    explanation: str
    tolerance: str = "0"
    unit: str = ""
    worked: tuple[str, ...] = field(kw_only=True)

    def __post_init__(self):
        _check_worked(self.key, self.worked)
        if Fraction(self.tolerance) < 0:
            raise ValueError(f"exercise {self.key!r}: a tolerance cannot be negative")

    @property
    def exact_answer(self) -> Fraction:
        return Fraction(self.answer)

    def is_right(self, value: Fraction) -> bool:
        """Whether ``value`` (the student's number, already read) is within the tolerance."""
        return abs(value - self.exact_answer) <= Fraction(self.tolerance)


@dataclass(frozen=True)
class ChoiceExercise:
    """A question with a few answers to choose from, exactly one of them right.

    >>> pick = ChoiceExercise("edge", "Lowest edge?", choices=("Player", "Banker"), correct="Banker", explanation="...",
    ...                       worked=("Banker costs 1.06% a chip, Player 1.24%.",))
    >>> pick.is_right("Banker"), pick.is_right("Player")
    (True, False)
    """

    key: str
    prompt: str
    choices: tuple[str, ...]
    correct: str
    explanation: str
    worked: tuple[str, ...] = field(kw_only=True)

    def __post_init__(self):
        _check_worked(self.key, self.worked)
        if self.correct not in self.choices:
            raise ValueError(f"exercise {self.key!r}: the correct answer {self.correct!r} is not a choice")
        if len(set(self.choices)) != len(self.choices):
            raise ValueError(f"exercise {self.key!r}: two choices read the same")

    @property
    def answer(self) -> str:
        return self.correct

    def is_right(self, choice: str) -> bool:
        return choice == self.correct


Exercise = NumberExercise | ChoiceExercise


@lru_cache(maxsize=None)
def all_exercises() -> dict[str, tuple[Exercise, ...]]:
    """Every lesson's exercises, keyed by lesson (the module name), each lesson's in its own order."""
    return records_by_lesson(__name__, __path__, "EXERCISES", "an exercise")


def find(lesson: str, key: str) -> Exercise:
    """The exercise ``key`` of ``lesson``; :class:`ExerciseNotFound` with a sentence otherwise."""
    exercises = all_exercises().get(lesson)
    if exercises is None:
        raise ExerciseNotFound(f"There is no lesson called {lesson!r} with exercises.")
    for exercise in exercises:
        if exercise.key == key:
            return exercise
    raise ExerciseNotFound(f"Lesson {lesson} has no exercise {key!r}.")
