"""A seat-banked table's records as text: each coup in a line, and the bots' decisions.

Pure functions of the engine's records, read by the widgets (:mod:`.history`, :mod:`.records`) and
by the browser edition's worker alike.

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
>>> "None yet" in bot_log_html(lambda seat: f"Seat {seat}", [])
True
"""

from __future__ import annotations

from html import escape
from typing import Callable

from ...engine.cards import hand_total
from ...engine.events import CoupResult, Hand
from ...engine.money import show_chips
from ...engine.seated import HOUSE, CoupRecord

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


def choice_words(choice) -> str:
    """A bot's action in a few words: 'Bet 10 on the right', 'Draw'."""
    words = choice.kind.value
    if choice.amount is not None and choice.kind.takes_amount:
        words += f" {show_chips(choice.amount)}"
    if choice.side is not None:
        words += f" on the {choice.side.value.split()[0].lower()}"
    return words


def bot_log_html(name: Callable[[int], str], moves) -> str:
    """The bots' decisions, newest first: ``moves`` are (coup, seat, choice, told reason) newest last,
    ``name(seat)`` a seat's name on the user's screen."""
    if not moves:
        return '<div class="bl-bot-log-box"><h4>The bots’ decisions</h4><p>None yet.</p></div>'
    items = "".join(
        f'<li><span class="bl-bot-name">{escape(name(seat))}</span> (coup {number}): '
        f'{escape(choice_words(choice))}: {escape(told)}</li>'
        for number, seat, choice, told in reversed(moves)
    )
    return f'<div class="bl-bot-log-box"><h4>The bots’ decisions, newest first</h4><ol>{items}</ol></div>'
