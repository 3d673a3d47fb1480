"""Sentences about computed quantities, each kept with the computation that makes it true.

A lesson says things about its numbers: "a shade wider than the gap", "falls after 20 chips",
"88 times its edge". Each such sentence is a :class:`Claim`: the words as a template, the
figures they are filled from (computed by the package, never typed) and the test that the
words are true of those figures. A lesson's markdown holds the sentence between markers,

    <!-- claim spread/interval-width -->About ±0.18%, …<!-- /claim -->

which a reader never sees. :mod:`.fill` writes the sentence there from the figures, and the
tests check that every claim still holds and that every notebook says exactly what its claims
say now. A claim that stops being true fails with its sentence in the message:

>>> Claim("half", "Half of {n} is {half}.", lambda: {"n": 10, "half": 5}, lambda f: f["half"] * 2 == f["n"],
...       why="twice the half is the whole").sentence()
'Half of 10 is 5.'
>>> Claim("x", "{x:+.1%} is a loss, {x} exactly.", lambda: {"x": Fraction(-1, 40)}, lambda f: f["x"] < 0, why="").sentence()
'−2.5% is a loss, −1/40 exactly.'

Claims live in ``content/claims/<lesson>.py`` as a tuple ``CLAIMS``, where ``<lesson>`` is the
notebook's name without its number, as for the exercises.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any, Callable, Mapping

from ..lesson_records import records_by_lesson


SMALL_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def in_words(count: int) -> str:
    """A small count as a sentence writes it: ``in_words(5)`` is 'five'; 11 and up stay digits."""
    return SMALL_NUMBERS[count] if 0 <= count < len(SMALL_NUMBERS) else f"{count:,}"


class ClaimFalse(AssertionError):
    """A lesson's sentence that its own computation no longer bears out."""


class Shown:
    """A figure as a sentence shows it: any format spec, and a true minus sign."""

    def __init__(self, value):
        self.value = value

    def __format__(self, spec: str) -> str:
        value = self.value
        if isinstance(value, Fraction):
            if not spec and value.denominator != 1:
                sign = "−" if value < 0 else ""
                return f"{sign}{abs(value.numerator)}/{value.denominator}"  # an exact chance, as a fraction
            value = int(value) if value.denominator == 1 else float(value)
        text = format(value, spec)
        return text.replace("-", "−") if isinstance(value, (int, float)) else text


@dataclass(frozen=True)
class Claim:
    """One sentence, the figures it is filled from, and the condition that makes it true.

    ``figures()`` returns the named quantities; ``text`` formats them (``{gap:.2%}``);
    ``holds(figures)`` says whether the words are true of them; ``why`` says, for the failure
    message, what ``holds`` checks.
    """

    key: str
    text: str
    figures: Callable[[], Mapping[str, Any]] = field(repr=False)
    holds: Callable[[Mapping[str, Any]], bool] = field(repr=False)
    why: str = ""

    def values(self) -> Mapping[str, Any]:
        return self.figures()

    def sentence(self, values: Mapping[str, Any] | None = None) -> str:
        values = self.values() if values is None else values
        return self.text.format_map({name: Shown(value) for name, value in values.items()})

    def check(self, lesson: str = "") -> None:
        """Raise :class:`ClaimFalse`, quoting the sentence, unless it holds."""
        values = self.values()
        if not self.holds(values):
            shown = ", ".join(f"{name} = {value}" for name, value in values.items())
            raise ClaimFalse(f"“{self.sentence(values)}” ({lesson}/{self.key}) is no longer true: "
                             f"it needs {self.why}, and the figures are {shown}.")


@lru_cache(maxsize=None)
def all_claims() -> dict[str, tuple[Claim, ...]]:
    """Every lesson's claims, keyed by lesson (the module name)."""
    return records_by_lesson(__name__, __path__, "CLAIMS", "a claim", skip=("fill",))


def find_claim(lesson: str, key: str) -> Claim:
    """The claim ``key`` of ``lesson``; a ``LookupError`` naming both otherwise."""
    for claim in all_claims().get(lesson, ()):
        if claim.key == key:
            return claim
    raise LookupError(f"Lesson {lesson} has no claim {key!r}.")
