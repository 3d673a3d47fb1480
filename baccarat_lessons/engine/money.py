"""Exact chip amounts. Chips are ints or Fractions, never floats.

>>> format_chips(Fraction(19, 4)), format_chips(Fraction(10)), format_chips(Fraction(1, 3))
('4.75', '10', '0.33…')
"""

from __future__ import annotations

from fractions import Fraction

Chips = Fraction


def format_chips(amount: Fraction | int) -> str:
    """Show an exact amount for people: whole numbers plain, else two decimals.

    An amount that two decimals cannot show exactly ends with an ellipsis, so
    nobody mistakes a rounded figure for the exact balance.
    """
    amount = Fraction(amount)
    if amount.denominator == 1:
        return f"{amount.numerator:,}"
    shown = f"{float(amount):,.2f}"
    exact = (amount * 100).denominator == 1
    return shown if exact else shown + "…"
