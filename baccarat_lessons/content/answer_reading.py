"""An answer typed to a number question, read as an exact number: the lessons' widgets, the browser edition's
pages and the class server (which gathers a class's answers, issue 32) all read it here."""

from __future__ import annotations

import re
from fractions import Fraction

from ..engine.errors import BaccaratError


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
