"""The hand history as text: one short paragraph per round, newest first, from its events.

Pure functions of the engine's records: the history widget (:mod:`.history_view`) and the browser
edition's worker (:mod:`.posted_table`) show the same HTML.

>>> from baccarat_lessons.engine.driver import Driver
>>> from baccarat_lessons.engine.shoe import Shoe
>>> driver = Driver("punto-banco", shoe=Shoe.stacked("2S AC 2H 2D 8C"))
>>> _ = driver.act("BET", 1000, "Banker")
>>> print(round_summary(driver.act("DEAL").coup))
Round 1: Player 2♠ 2♥ 8♣ (2), Banker A♣ 2♦ (3). Banker wins, 3 to 2. Banker 10: +9.50. Balance 109.50.
>>> "Round 1: Player" in history_html(driver.table.history, round_summary, "rounds")
True
"""

from __future__ import annotations

from html import escape
from typing import Callable, Sequence

from ..engine.cards import hand_total
from ..engine.events import BetSettled, CoupResult
from ..engine.money import show_chips
from ..engine.records import CoupRecord

SHOWN_ROUNDS = 25


def _signed(amount: int) -> str:
    return ("+" if amount > 0 else "") + show_chips(amount) if amount else "0"


def round_summary(record: CoupRecord) -> str:
    """One line: cards, result, each bet's net, balance after."""
    hands = [f"{hand.value} {' '.join(card.label for card in cards)} ({hand_total(cards)})"
             for hand, cards in record.hands.items()]
    result = next(event.text for event in record.events if isinstance(event, CoupResult))
    bets = "; ".join(f"{event.spot} {show_chips(event.stake)}: {_signed(event.net)}"
                     for event in record.events if isinstance(event, BetSettled))
    return f"Round {record.number}: {', '.join(hands)}. {result} {bets}. Balance {show_chips(record.balances[0])}."


def history_html(history: Sequence, summary: Callable[[object], str], unit: str) -> str:
    """The newest ``SHOWN_ROUNDS`` records, each a one-line ``summary`` over its steps (``unit``:
    "rounds" or "coups")."""
    if not history:
        return f'<div class="bl-history-box"><h4>Hand history</h4><p>No {unit} yet.</p></div>'
    rows = []
    for record in reversed(list(history)[-SHOWN_ROUNDS:]):
        steps = "".join(f"<li>{escape(event.text)}</li>" for event in record.events)
        rows.append(
            f'<li class="bl-history-round"><details><summary>{escape(summary(record))}</summary>'
            f"<ol>{steps}</ol></details></li>"
        )
    older = len(history) - SHOWN_ROUNDS
    note = f"<p>{older} earlier {unit} are not shown.</p>" if older > 0 else ""
    return f'<div class="bl-history-box"><h4>Hand history</h4><ul>{"".join(rows)}</ul>{note}</div>'


def this_shoe(history) -> list:
    """The coups dealt from the shoe in play: a casino's scoreboard starts again with each shoe (and so
    a long session's roads cost no more to draw than one shoe's)."""
    start = len(history)
    while start and not any(event.kind == "ShoeShuffled" for event in history[start - 1].events):
        start -= 1
    return list(history[max(start - 1, 0):])
