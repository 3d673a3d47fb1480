"""The status line of a Punto Banco or Mini table: balance, chips on the table, limits, hands.

>>> from baccarat_lessons.engine.session import Session
>>> session = Session(seed=1)
>>> session.place_bet("player", 10)
>>> dict(status_items(session, session.balance))["staked"], dict(status_items(session, session.balance))["limits"]
('On the table: 10', 'Limits: 5–500 per bet')
"""

from __future__ import annotations

from fractions import Fraction

from ..engine.money import format_chips
from ..engine.session import Session


def status_items(session: Session, balance: Fraction) -> list[list[str]]:
    """``[key, text]`` pairs, balance first, for the table surface's status line."""
    low, high = session.table_limits
    limits = f"{low}–{high}" if high is not None else f"{low} or more"
    limit = session.settings.hands_limit
    hands = f"{session.hands_played} of {limit}" if limit else str(session.hands_played)
    return [
        ["balance", f"Balance: {format_chips(balance)}"],
        ["staked", f"On the table: {format_chips(session.total_staked)}"],
        ["limits", f"Limits: {limits} per bet"],
        ["hands", f"Hands: {hands}"],
        ["shoe", f"Cards in shoe: {session.shoe.remaining_count}"],
    ]
