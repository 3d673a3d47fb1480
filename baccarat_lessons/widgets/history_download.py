"""The hand history as CSV and JSON files, offered as two download links.

The files are built in Python from the session's round records and put into the
links as ``data:`` URLs, so a download sends no request anywhere. One row per
round: its number, the cards (as in a stacked shoe: ``2S 2H 8C``), the totals,
the outcome, the bets, the round's net and the balance after it. Amounts are
exact decimals (``9.50``); in JSON they are strings so that no reader turns them
into binary floating point.

>>> from baccarat_lessons.engine.driver import Driver
>>> from baccarat_lessons.engine.shoe import Shoe
>>> driver = Driver("punto-banco", shoe=Shoe.stacked("2S AC 2H 2D 8C"))
>>> _ = driver.act("BET", 1000, "Banker"); _ = driver.act("DEAL")
>>> print(history_csv(driver.table.history), end="")
round,player_cards,banker_cards,player_total,banker_total,outcome,bets,net,balance_after
1,2S 2H 8C,AC 2D,2,3,Banker,Banker 10,9.50,109.50
>>> download_link("a,b\\n", "h.csv", "text/csv", "CSV")
'<a class="bl-download" download="h.csv" href="data:text/csv;charset=utf-8;base64,YSxiCg==">CSV</a>'
"""

from __future__ import annotations

import base64
import csv
import io
import json
from html import escape
from typing import Sequence


from ..engine.cards import hand_total
from ..engine.events import BetSettled, Hand
from ..engine.money import show_chips
from ..engine.records import CoupRecord
from .shared_models import html

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


def download_link(text: str, filename: str, mime: str, label: str) -> str:
    """An ``<a download>`` whose ``data:`` URL holds ``text`` (UTF-8, base64)."""
    payload = base64.b64encode(text.encode("utf-8")).decode("ascii")
    return (f'<a class="bl-download" download="{escape(filename)}" '
            f'href="data:{mime};charset=utf-8;base64,{payload}">{escape(label)}</a>')


class HistoryDownloads:
    """Two download links for the hand history (class ``bl-history-downloads``)."""

    def __init__(self, name: str = "punto-banco"):
        self.name = name
        self.widget = html()
        self.widget.add_class("bl-history-downloads")
        # Each round's CSV line and JSON text, made once: a round is added, never changed, so a
        # click late in a long session costs no more than one early on (bar the base64 of the files).
        self._made: list[tuple[CoupRecord, str, str]] = []
        self.update([])

    def _catch_up(self, history: Sequence[CoupRecord]) -> None:
        made = self._made
        if len(made) > len(history) or (made and history[len(made) - 1] is not made[-1][0]):
            made.clear()  # another session's history: start again
        for record in history[len(made):]:
            row = history_row(record)
            made.append((record, _csv_lines([row]), _json_round(record, row)))

    def update(self, history: Sequence[CoupRecord]) -> None:
        self._catch_up(history)
        if not history:
            self.widget.value = '<p class="bl-note">The hand history can be downloaded after the first round.</p>'
            return
        count = len(history)
        csv_text = _csv_lines([], header=True) + "".join(line for _, line, _ in self._made)
        json_text = "[" + ",".join(text for _, _, text in self._made) + "]"
        links = (
            download_link(csv_text, f"{self.name}-history.csv", "text/csv", "Download CSV")
            + download_link(json_text, f"{self.name}-history.json", "application/json", "Download JSON")
        )
        self.widget.value = (
            f'<p class="bl-history-downloads-box">{links}<span class="bl-note">All {count} '
            f"round{'s' if count > 1 else ''} of this session. The files are made on this page; "
            "downloading them sends nothing anywhere.</span></p>"
        )
