"""Seats at a seat-banked table: a name and an exact balance, plus who sits next.

Chips are ints while they are whole and exact Fractions once a commission cuts
them; :func:`exact` turns a whole Fraction back into an int (ints are faster).

>>> seats = make_seats(6, 100)
>>> [seat.name for seat in seats][:3], seats[0].is_user
(['You', 'Bot 1', 'Bot 2'], True)
>>> next_seat(seats, after=4, can_take=lambda seat: seat.balance >= 1)
5
>>> exact(Fraction(40, 2)), exact(Fraction(19, 2))
(20, Fraction(19, 2))
>>> at_least(Fraction(19, 2), 9), less(Fraction(19, 2), 9), same(Fraction(4), 4)
(True, False, True)
>>> exact_sum([Fraction(1, 4), 2, Fraction(3, 4)]), exact_sum([Fraction(1, 3), 1])
(3, Fraction(4, 3))
>>> plus(Fraction(3, 4), Fraction(1, 4)), minus(10, Fraction(1, 4)), times(30, Fraction(1, 20))
(1, Fraction(39, 4), Fraction(3, 2))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import gcd, lcm
from typing import Callable, Sequence


def exact(amount):
    """An int when the amount is whole, else the Fraction itself."""
    if type(amount) is Fraction and amount.denominator == 1:
        return amount.numerator
    return amount


def exact_sum(amounts) -> "int | Fraction":
    """The exact sum of ints and Fractions, over their common denominator (one division)."""
    common = 1
    for amount in amounts:
        if type(amount) is not int:
            common = lcm(common, amount.denominator)
    if common == 1:
        return sum(amounts)
    return exact(Fraction(sum(amount.numerator * (common // amount.denominator) for amount in amounts), common))


def _fraction_in_lowest_terms(numerator: int, denominator: int) -> Fraction:
    """A Fraction from a numerator and a positive denominator already in lowest terms.
    Skips ``Fraction.__new__``'s type checks and gcd (4x the cost of this); every
    caller below has just divided by the gcd itself."""
    fraction = _new_object(Fraction)
    fraction._numerator, fraction._denominator = numerator, denominator
    return fraction


_new_object = object.__new__


def _in_lowest_terms(numerator: int, denominator: int):
    divisor = gcd(numerator, denominator)
    if divisor == denominator:
        return numerator // divisor
    if divisor == 1:
        return _fraction_in_lowest_terms(numerator, denominator)
    return _fraction_in_lowest_terms(numerator // divisor, denominator // divisor)


# Chips change hands several times a coup, and a commission makes them fractional:
# Fraction's own operators (about 1 µs each, through the numbers ABCs) were the largest
# cost of a simulated coup. These helpers give the same exact values as ``exact(a + b)``,
# ``exact(a - b)``, ``exact(a * b)``, ``a >= b`` and ``a < b`` — an int whenever the result
# is whole — several times faster, reading a Fraction's parts from its slots. Any other
# type of number takes the plain operators.
def plus(amount, other):
    """``exact(amount + other)`` for ints and Fractions."""
    if type(amount) is int:
        if type(other) is int:
            return amount + other
        if type(other) is Fraction:
            numerator, denominator = other._numerator, other._denominator
            if denominator == 1:
                return amount + numerator
            return _fraction_in_lowest_terms(amount * denominator + numerator, denominator)
    elif type(amount) is Fraction:
        numerator, denominator = amount._numerator, amount._denominator
        if type(other) is int:
            if denominator == 1:
                return numerator + other
            return _fraction_in_lowest_terms(numerator + other * denominator, denominator)
        if type(other) is Fraction:
            if other._denominator == denominator:
                return _in_lowest_terms(numerator + other._numerator, denominator)
            return _in_lowest_terms(numerator * other._denominator + other._numerator * denominator,
                                    denominator * other._denominator)
    return exact(amount + other)


def minus(amount, other):
    """``exact(amount - other)`` for ints and Fractions."""
    if type(other) is int:
        if type(amount) is int:
            return amount - other
        if type(amount) is Fraction:
            numerator, denominator = amount._numerator, amount._denominator
            if denominator == 1:
                return numerator - other
            return _fraction_in_lowest_terms(numerator - other * denominator, denominator)
        return exact(amount - other)
    if type(other) is Fraction:
        return plus(amount, _fraction_in_lowest_terms(-other._numerator, other._denominator))
    return exact(amount - other)


def times(amount, other):
    """``exact(amount * other)`` for ints and Fractions."""
    if type(amount) is int and type(other) is int:
        return amount * other
    if type(amount) in _EXACT and type(other) in _EXACT:
        return _in_lowest_terms(amount.numerator * other.numerator, amount.denominator * other.denominator)
    return exact(amount * other)


_EXACT = (int, Fraction)


def at_least(amount, other) -> bool:
    """``amount >= other`` for ints and Fractions, without Fraction's slow generic comparison
    (which asks the numbers ABCs about the other operand every time)."""
    if type(amount) is int:
        if type(other) is int:
            return amount >= other
        if type(other) is Fraction:
            return amount * other._denominator >= other._numerator
    elif type(amount) is Fraction:
        if type(other) is int:
            return amount._numerator >= other * amount._denominator
        if type(other) is Fraction:
            return amount._numerator * other._denominator >= other._numerator * amount._denominator
    return amount >= other


def less(amount, other) -> bool:
    """``amount < other`` for ints and Fractions (see :func:`at_least`)."""
    if type(amount) is int:
        if type(other) is int:
            return amount < other
        if type(other) is Fraction:
            return amount * other._denominator < other._numerator
    elif type(amount) is Fraction:
        if type(other) is int:
            return amount._numerator < other * amount._denominator
        if type(other) is Fraction:
            return amount._numerator * other._denominator < other._numerator * amount._denominator
    return amount < other


_half = _fraction_in_lowest_terms(1, 2)
if not (_half == Fraction(1, 2) and hash(_half) == hash(Fraction(1, 2)) and Fraction(3, 4)._numerator == 3):
    # Another implementation of fractions (these read CPython's slots): the plain operators, same values.
    def plus(amount, other):  # noqa: F811
        return exact(amount + other)

    def minus(amount, other):  # noqa: F811
        return exact(amount - other)

    def times(amount, other):  # noqa: F811
        return exact(amount * other)

    def at_least(amount, other) -> bool:  # noqa: F811
        return amount >= other

    def less(amount, other) -> bool:  # noqa: F811
        return amount < other


def same(amount, other) -> bool:
    """``amount == other`` for ints and Fractions (both are kept in lowest terms)."""
    return amount.numerator == other.numerator and amount.denominator == other.denominator


@dataclass
class SeatStats:
    """What one seat did, for simulations: coups banked and the result in each role."""

    coups_banked: int = 0
    bank_result: Fraction | int = 0  # net chips won or lost while holding the bank
    coups_bet: int = 0
    bet_result: Fraction | int = 0  # net chips won or lost on bets against the bank
    staked: Fraction | int = 0


@dataclass
class Seat:
    """One seat: ``balance`` is the chips in front of it (not the bank, not chips on the table)."""

    index: int
    name: str
    balance: Fraction | int
    stats: SeatStats = field(default_factory=SeatStats)

    @property
    def is_user(self) -> bool:
        return self.index == 0

    @property
    def possessive(self) -> str:
        return "Your" if self.is_user else f"{self.name}'s"


def make_seats(count: int, chips: int, names: Sequence[str] | None = None) -> list[Seat]:
    names = names or ["You"] + [f"Bot {i}" for i in range(1, count)]
    return [Seat(i, names[i], chips) for i in range(count)]


def next_seat(seats: Sequence[Seat], after: int, can_take: Callable[[Seat], bool]) -> int | None:
    """The first seat after ``after`` in rotation (wrapping round) that ``can_take``; None if none."""
    count = len(seats)
    for step in range(1, count + 1):
        seat = seats[(after + step) % count]
        if can_take(seat):
            return seat.index
    return None
