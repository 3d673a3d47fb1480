"""The status line: balance, chips on the table, table limits, hands played.

>>> from baccarat_lessons.engine.session import Session
>>> session = Session(seed=1)
>>> session.place_bet("player", 10)
>>> html = status_html(session, session.balance)
>>> "Balance: 100<" in html, "On the table: 10<" in html, "Limits: 5–500 per bet" in html
(True, True, True)
"""

from __future__ import annotations

from fractions import Fraction

from ..engine.money import format_chips
from ..engine.session import RoundRecord, Session


def status_html(session: Session, balance: Fraction, round_in_play: RoundRecord | None = None) -> str:
    """``balance`` is what to show (mid-reveal it lags the engine's by the unsettled bets)."""
    low, high = session.table_limits
    limits = f"{low}–{high}" if high is not None else f"{low} or more"
    staked = round_in_play.staked if round_in_play is not None else session.total_staked
    staked_label = "In play" if round_in_play is not None else "On the table"
    limit = session.settings.hands_limit
    hands = f"{session.hands_played} of {limit}" if limit else str(session.hands_played)
    items = [
        ("balance", f"Balance: {format_chips(balance)}"),
        ("staked", f"{staked_label}: {format_chips(staked)}"),
        ("limits", f"Limits: {limits} per bet"),
        ("hands", f"Hands: {hands}"),
        ("shoe", f"Cards in shoe: {session.shoe.remaining_count}"),
    ]
    spans = "".join(f'<span class="bl-stat bl-stat-{key}">{text}</span>' for key, text in items)
    return f'<div class="bl-status" role="status" aria-live="polite">{spans}</div>'
