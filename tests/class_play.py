"""Sessions the class tests play: a seat-banked table whose student takes the first thing offered each turn."""

from __future__ import annotations

from baccarat_lessons.engine.driver import Driver
from baccarat_lessons.engine.errors import BetError


def play_first_offered(driver: Driver, coups: int) -> Driver:
    """Play ``driver``'s session on until ``coups`` coups are finished, the student's seat taking the first
    thing offered each turn (a choice with no amount, such as banco, takes none) and the bots the rest."""
    while driver.table.coups_played < coups:
        turn = driver.table.view(0).turn
        if turn is None or turn.seat != 0:
            driver.act("NEXT")
            continue
        first = turn.actions[0]
        try:
            driver.act(first.kind, first.min_amount, first.side)
        except BetError:
            driver.act(first.kind, None, first.side)
    return driver
