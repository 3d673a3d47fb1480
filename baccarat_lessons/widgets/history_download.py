"""The hand history as CSV and JSON files, made when a download is asked for.

Two buttons on the page (:class:`HistoryDownloads`, an anywidget) ask for a file; the
file is made then, in Python, from the session's round records, and handed to the page,
which saves it as a download: the page keeps no copy of the history, so a round late in
a long session sends the page no more than an early one (a ``data:`` link per round, as
before, grew to 270 KB at round 800 and crossed to the page every round). One row per
round: its number, the cards (as in a stacked shoe: ``2S 2H 8C``), the totals, the
outcome, the bets, the round's net and the balance after it. Amounts are exact decimals
(``9.50``); in JSON they are strings so that no reader turns them into binary floating
point.

>>> from baccarat_lessons.engine.driver import Driver
>>> from baccarat_lessons.engine.shoe import Shoe
>>> driver = Driver("punto-banco", shoe=Shoe.stacked("2S AC 2H 2D 8C"))
>>> _ = driver.act("BET", 1000, "Banker"); _ = driver.act("DEAL")
>>> print(history_csv(driver.table.history), end="")
round,player_cards,banker_cards,player_total,banker_total,outcome,bets,net,balance_after
1,2S 2H 8C,AC 2D,2,3,Banker,Banker 10,9.50,109.50
>>> downloads = HistoryDownloads("punto-banco")
>>> downloads.update(driver.table.history)
>>> downloads.rounds, downloads.note
(1, 'All 1 round of this session. Each file is made when you click, and goes to your computer only.')
>>> made = downloads.file("csv"); made["filename"], made["mime"], made["text"] == history_csv(driver.table.history)
('punto-banco-history.csv', 'text/csv', True)
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Sequence

import anywidget
import traitlets

from ..engine.cards import hand_total
from ..engine.events import BetSettled, Hand
from ..engine.money import show_chips
from ..engine.records import CoupRecord

COLUMNS = ("round", "player_cards", "banker_cards", "player_total", "banker_total", "outcome", "bets", "net",
           "balance_after")


def _cards(cards) -> str:
    return " ".join(str(card) for card in cards)


def _amount(hundredths: int) -> str:
    return show_chips(hundredths).replace(",", "")


def _bets(record: CoupRecord) -> str:
    totals: dict[str, int] = {}
    for stake in record.stakes:
        totals[stake.hand.value] = totals.get(stake.hand.value, 0) + stake.amount
    return "; ".join(f"{spot} {_amount(amount)}" for spot, amount in totals.items())


def history_row(record: CoupRecord) -> dict[str, str]:
    """One round's text fields, in the order of ``COLUMNS``."""
    player, banker = record.hands[Hand.PLAYER], record.hands[Hand.BANKER]
    return {
        "round": str(record.number),
        "player_cards": _cards(player),
        "banker_cards": _cards(banker),
        "player_total": str(hand_total(player)),
        "banker_total": str(hand_total(banker)),
        "outcome": record.outcome.value,
        "bets": _bets(record),
        "net": _amount(record.net_of(0)),
        "balance_after": _amount(record.balances[0]),
    }


def history_rows(history: Sequence[CoupRecord]) -> list[dict[str, str]]:
    """One dict of text fields per round, in the order of ``COLUMNS``."""
    return [history_row(record) for record in history]


def _csv_lines(rows: Sequence[dict[str, str]], header: bool = False) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
    if header:
        writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def _json_round(record: CoupRecord, row: dict[str, str]) -> str:
    """One round as JSON text; its bets also listed one by one with their net."""
    row = dict(row, round=record.number, player_total=int(row["player_total"]),
               banker_total=int(row["banker_total"]))
    row["bets"] = [
        {"spot": settled.spot, "stake": _amount(settled.stake), "net": _amount(settled.net)}
        for settled in record.events if isinstance(settled, BetSettled)
    ]
    return json.dumps(row, ensure_ascii=False, separators=(",", ":"))


def history_csv(history: Sequence[CoupRecord]) -> str:
    """The history as CSV text with a header row."""
    return _csv_lines(history_rows(history), header=True)


def history_json(history: Sequence[CoupRecord]) -> str:
    """The history as a JSON list; each round's bets also listed one by one with their net."""
    return "[" + ",".join(_json_round(record, history_row(record)) for record in history) + "]"


# What each button downloads: (file name after the variant, MIME type, the history as that text).
FORMATS = {
    "csv": ("history.csv", "text/csv", history_csv),
    "json": ("history.json", "application/json", history_json),
}


class HistoryDownloads(anywidget.AnyWidget):
    """Two buttons that download the hand history (class ``bl-history-downloads``): the page sends
    ``{"format": "csv"}`` or ``{"format": "json"}`` and receives ``{"filename", "mime", "text"}``, or
    ``{"error": <a sentence>}`` for anything else it sends (a browser's message is never trusted)."""

    _esm = Path(__file__).with_name("history_download.js")
    rounds = traitlets.Int(0).tag(sync=True)  # the buttons are enabled once a round is finished
    note = traitlets.Unicode("").tag(sync=True)
    labels = traitlets.Dict({"csv": "Download CSV", "json": "Download JSON"}).tag(sync=True)

    def __init__(self, name: str = "punto-banco", guard=None):
        """``guard``: the table's :class:`~.guard.ActionGuard`, which the page's messages go through."""
        super().__init__()
        self.name = name
        self.add_class("bl-history-downloads")
        self._history: Sequence[CoupRecord] = ()
        self.on_msg(guard.wrap(self._asked) if guard is not None else self._asked)
        self.update([])

    def update(self, history: Sequence[CoupRecord]) -> None:
        """Follow ``history`` (the table's own list, read again when a file is asked for)."""
        self._history = history
        count = len(history)
        self.rounds = count
        self.note = (f"All {count} round{'' if count == 1 else 's'} of this session. Each file is made when you "
                     "click, and goes to your computer only." if count else
                     "The hand history can be downloaded after the first round.")

    def file(self, format_name: str) -> dict[str, str]:
        """The file of ``format_name`` (``csv`` or ``json``) for the rounds so far."""
        suffix, mime, make = FORMATS[format_name]
        return {"filename": f"{self.name}-{suffix}", "mime": mime, "text": make(self._history)}

    def _asked(self, _widget, content, _buffers) -> None:
        self.send(self.answer(content))

    def answer(self, content: object) -> dict[str, str]:
        """What the page receives for its message ``content``: the file, or why there is none."""
        asked = content.get("format") if isinstance(content, dict) else None
        if not isinstance(asked, str) or asked not in FORMATS:
            return {"error": "The history can be downloaded as CSV or as JSON; nothing else was made."}
        if not self._history:
            return {"error": "The hand history can be downloaded after the first round."}
        return self.file(asked)
