"""Exact chip amounts.

At every table money is an ``int`` counting **hundredths of a chip** (``CHIP`` = 100
of them), so every balance, bank, stake and commission is exact and shows exactly
(:func:`show_chips`). A commission is rounded *down* to the hundredth
(:func:`commission_on`): the house never takes more than its stated rate, and the
hundredth it leaves stays with the banker. Punto Banco settles whole-chip stakes at
0.95:1, 11:1, 0.54:1…, which are always whole hundredths. Figures that are not
amounts of money, such as an expectation, stay exact Fractions (:func:`format_chips`).

>>> CHIP, hundredths("12.35"), hundredths(10), show_chips(1950), show_chips(2000)
(100, 1235, 1000, '19.50', '20')
>>> commission_on(13 * CHIP, Fraction(1, 80))   # 1.25% of a 13-chip gain is 0.1625: 0.16
16
>>> format_chips(Fraction(19, 4)), format_chips(Fraction(10)), format_chips(Fraction(1, 3))
('4.75', '10', '0.33…')
"""

from __future__ import annotations

import math
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from .errors import BetError

CHIP = 100  # hundredths of a chip in one chip

MAX_DIGITS = 15  # an amount of chips with more digits than this (either side of the point) is refused
MAX_SHOWN = 24  # characters of a refused amount repeated in the sentence (a page may send any text)


def _said(amount: object, quoted: bool = True) -> str:
    """A refused amount as the sentence repeats it: cut short, and quoted unless it is a number."""
    text = amount if isinstance(amount, str) else repr(amount)
    text = text if len(text) <= MAX_SHOWN else text[:MAX_SHOWN] + "…"
    return f"“{text}”" if quoted else text


def hundredths(amount: object) -> int:
    """``amount`` chips (an int, a Decimal, a Fraction, a finite float or a string such as
    ``"12.35"``) as a whole number of hundredths; anything else raises :class:`BetError`.

    >>> hundredths(Fraction(1, 4)), hundredths(0.1)
    (25, 10)
    >>> hundredths("1.234")
    Traceback (most recent call last):
    ...
    baccarat_lessons.engine.errors.BetError: Chips are counted to the hundredth; 1.234 has more decimals than that.
    """
    if isinstance(amount, bool):
        raise BetError(f"{_said(amount)} is not a number of chips.")
    if isinstance(amount, float):
        if not math.isfinite(amount):
            raise BetError(f"{_said(amount)} is not a number of chips.")
        amount = Decimal(repr(amount))  # the decimal the browser or the user wrote, not the binary float
    elif isinstance(amount, str):
        if len(amount) > 4 * MAX_DIGITS:  # a page may send any text: refused before it is read
            raise BetError(f"{_said(amount)} is not an amount of chips any table takes.")
        try:
            amount = Decimal(amount.strip())
        except InvalidOperation:
            raise BetError(f"{_said(amount)} is not a number of chips.") from None
        if not amount.is_finite():
            raise BetError(f"{_said(str(amount))} is not a number of chips.")
    if isinstance(amount, int) and abs(amount) >= 10**MAX_DIGITS:
        raise BetError(f"{_said(str(amount))} is not an amount of chips any table takes.")
    if isinstance(amount, Decimal) and (abs(amount.adjusted()) > MAX_DIGITS
                                        or len(amount.as_tuple().digits) > 2 * MAX_DIGITS):
        # "1e10000000" is a dozen characters but would take seconds to turn into a fraction.
        raise BetError(f"{_said(str(amount))} is not an amount of chips any table takes.")
    if not isinstance(amount, (int, Decimal, Fraction)):
        raise BetError(f"{_said(amount)} is not a number of chips.")
    exact = Fraction(amount) * CHIP
    if exact.denominator != 1:
        raise BetError(f"Chips are counted to the hundredth; {_said(str(amount), quoted=False)} has more decimals than that.")
    return exact.numerator


def show_chips(amount: int) -> str:
    """Hundredths of a chip for people: whole chips plain, else exactly two decimals.

    >>> show_chips(-75), show_chips(123456)
    ('-0.75', '1,234.56')
    """
    sign = "-" if amount < 0 else ""
    whole, cents = divmod(abs(amount), CHIP)
    return f"{sign}{whole:,}" if cents == 0 else f"{sign}{whole:,}.{cents:02d}"


def chips_phrase(amount: int) -> str:
    """'1 chip', '20 chips', '0.75 chips' (hundredths in)."""
    return f"{show_chips(amount)} chip" + ("" if amount == CHIP else "s")


def chips_range(low: int, high: int) -> str:
    """A range of amounts in words; one amount when the range holds only one (hundredths in).

    >>> chips_range(100, 3900), chips_range(100, 100), chips_range(500, 500)
    ('1 to 39 chips', '1 chip', '5 chips')
    """
    return chips_phrase(low) if low == high else f"{show_chips(low)} to {chips_phrase(high)}"


def commission_on(gain: int, rate: Fraction) -> int:
    """The commission on a gain of ``gain`` hundredths at ``rate``, rounded down to the hundredth."""
    return gain * rate.numerator // rate.denominator  # floor division: rounded down, in integers


def format_chips(amount: Fraction | int) -> str:
    """Show an exact amount in chips (a Fraction) for people: whole numbers plain, else two decimals.

    An amount that two decimals cannot show exactly ends with an ellipsis, so
    nobody mistakes a rounded figure for the exact balance.
    """
    amount = Fraction(amount)
    if amount.denominator == 1:
        return f"{amount.numerator:,}"
    shown = f"{float(amount):,.2f}"
    exact = (amount * 100).denominator == 1
    return shown if exact else shown + "…"


def show_percent(rate: Fraction | int) -> str:
    """A rate (a commission) as a page writes it: Fraction(1, 80) -> '1.25%', Fraction(1, 20) -> '5%'."""
    hundredths = Fraction(rate) * 100
    return f"{hundredths.numerator}%" if hundredths.denominator == 1 else f"{float(hundredths):g}%"
