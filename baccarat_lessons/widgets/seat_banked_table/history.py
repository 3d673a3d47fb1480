"""The hand history of a seat-banked table: one line per coup, each expanding to every step.

It is the Punto Banco :class:`~baccarat_lessons.widgets.history_view.HandHistoryView`
(same markup and styles) fed with :class:`~baccarat_lessons.engine.seated.CoupRecord`.

>>> from baccarat_lessons.engine.money import CHIP
>>> from baccarat_lessons.engine.seated import CheminDeFerTable
>>> from baccarat_lessons.engine.shoe import Shoe
>>> table = CheminDeFerTable(shoe=Shoe.stacked("3S 2H 10D 4C 7H 9D"))
>>> table.open_bank(30 * CHIP)
>>> while table.pending.kind.name == "BET":
...     table.bet(10 * CHIP)
>>> table.draw(); table.draw()
>>> print(coup_summary(table.last_coup, table.name_of))
Coup 1: You bank 30. Players 3♠ 10♦ 7♥ (0); Banker 2♥ 4♣ 9♦ (5). Banker wins, 5 to 0. Commission 1.50.
"""

from __future__ import annotations

from typing import Callable, Sequence

from ...engine.cards import hand_total
from ...engine.events import CoupResult, Hand
from ...engine.money import show_chips
from ...engine.seated import HOUSE, CoupRecord
from ..history_view import HandHistoryView

HAND_NAMES = {Hand.PLAYER: "Players", Hand.BANKER: "Banker", Hand.RIGHT: "Right", Hand.LEFT: "Left"}


def coup_summary(record: CoupRecord, name_of: Callable[[int], str], reader: int | None = 0) -> str:
    """One line, told to seat ``reader``: who banked, the hands, each result, the commission."""
    if record.banker == HOUSE:
        bank = "the house banks"
    elif record.banker == reader:
        bank = f"you bank {show_chips(record.bank)}"
    else:
        bank = f"{name_of(record.banker)} banks {show_chips(record.bank)}"
    if not record.hands:
        return f"Coup {record.number}: {bank}. Nobody bet, so no cards were dealt."
    hands = "; ".join(
        f"{HAND_NAMES[hand]} {' '.join(card.label for card in cards)} ({hand_total(cards)})"
        for hand, cards in record.hands.items()
    )
    results = " ".join(event.text for event in record.events if isinstance(event, CoupResult))
    commission = f" Commission {show_chips(record.commission)}." if record.commission else ""
    return f"Coup {record.number}: {bank[0].upper() + bank[1:]}. {hands}. {results}{commission}"


class SeatedHistoryView(HandHistoryView):
    """Recent coups, newest first (class ``bl-history``)."""

    def update(self, history: Sequence[CoupRecord], name_of: Callable[[int], str] | None = None) -> None:
        self._render(list(history), lambda record: coup_summary(record, name_of), "coups")
