"""The hand history: one short paragraph per round, newest first, from its events.

>>> from baccarat_lessons.engine.session import Session
>>> from baccarat_lessons.engine.shoe import Shoe
>>> session = Session(shoe=Shoe.stacked("2S AC 2H 2D 8C"))
>>> session.place_bet("banker", 10)
>>> print(round_summary(session.deal()))
Round 1: Player 2♠ 2♥ 8♣ (2), Banker A♣ 2♦ (3). Banker wins, 3 to 2. Banker 10: +9.50. Balance 109.50.
"""

from __future__ import annotations

from html import escape
from typing import Callable, Sequence

import ipywidgets as widgets

from ..engine.money import format_chips
from ..engine.session import RoundRecord

SHOWN_ROUNDS = 25


def _signed(amount) -> str:
    return ("+" if amount > 0 else "") + format_chips(amount) if amount else "0"


def round_summary(record: RoundRecord) -> str:
    """One line: cards, result, each bet's net, balance after."""
    player = " ".join(card.label for card in record.player_cards)
    banker = " ".join(card.label for card in record.banker_cards)
    bets = "; ".join(f"{s.spot} {s.stake}: {_signed(s.net)}" for s in record.settlements)
    return (
        f"Round {record.number}: Player {player} ({record.coup.player_total}), "
        f"Banker {banker} ({record.coup.banker_total}). {record.coup.result.text} "
        f"{bets}. Balance {format_chips(record.balance_after)}."
    )


class HandHistoryView:
    """Recent rounds as a list (class ``bl-history``); each row expands to every step."""

    def __init__(self):
        self.widget = widgets.HTML()
        self.widget.add_class("bl-history")
        self.update([])

    def update(self, history: Sequence[RoundRecord]) -> None:
        self._render(history, round_summary, "rounds")

    def _render(self, history: Sequence, summary: Callable[[object], str], unit: str) -> None:
        """The newest ``SHOWN_ROUNDS`` records, each a one-line ``summary`` over its steps."""
        if not history:
            self.widget.value = f'<div class="bl-history-box"><h4>Hand history</h4><p>No {unit} yet.</p></div>'
            return
        rows = []
        for record in reversed(history[-SHOWN_ROUNDS:]):
            steps = "".join(f"<li>{escape(event.text)}</li>" for event in record.events)
            rows.append(
                f'<li class="bl-history-round"><details><summary>{escape(summary(record))}</summary>'
                f"<ol>{steps}</ol></details></li>"
            )
        older = len(history) - SHOWN_ROUNDS
        note = f"<p>{older} earlier {unit} are not shown.</p>" if older > 0 else ""
        self.widget.value = (
            f'<div class="bl-history-box"><h4>Hand history</h4><ul>{"".join(rows)}</ul>{note}</div>'
        )
