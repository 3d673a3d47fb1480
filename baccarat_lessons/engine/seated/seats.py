"""Seats at a seat-banked table: a name and a balance in hundredths of a chip.

Seat 0 is the user; its sentences say "You" to the user and "Student" to
everyone else (the other seats, an onlooker).

>>> seats = make_seats(6, 100 * 100)
>>> [seat.name for seat in seats][:3], seats[0].is_user, seats[1].balance
(['Student', 'Bot 1', 'Bot 2'], True, 10000)
>>> next_seat(seats, after=4, can_take=lambda seat: seat.balance >= 100)
5
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

USER_NAME = "Student"


@dataclass
class SeatStats:
    """What one seat did, for simulations: coups banked and the result in each role (hundredths)."""

    coups_banked: int = 0
    bank_result: int = 0  # net won or lost while holding the bank
    coups_bet: int = 0
    bet_result: int = 0  # net won or lost on bets against the bank
    staked: int = 0


@dataclass
class Seat:
    """One seat: ``balance`` is the hundredths in front of it (not the bank, not chips on the table)."""

    index: int
    name: str
    balance: int
    stats: SeatStats = field(default_factory=SeatStats)

    @property
    def is_user(self) -> bool:
        return self.index == 0


def make_seats(count: int, balance: int, names: Sequence[str] | None = None) -> list[Seat]:
    names = names or [USER_NAME] + [f"Bot {i}" for i in range(1, count)]
    return [Seat(i, names[i], balance) for i in range(count)]


def next_seat(seats: Sequence[Seat], after: int, can_take: Callable[[Seat], bool]) -> int | None:
    """The first seat after ``after`` in rotation (wrapping round) that ``can_take``; None if none."""
    count = len(seats)
    for step in range(1, count + 1):
        seat = seats[(after + step) % count]
        if can_take(seat):
            return seat.index
    return None
