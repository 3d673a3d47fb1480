"""The hand history downloads: CSV and JSON read back equal the session's round records."""

import base64
import csv
import io
import json
import re
from decimal import Decimal

from browser_messages import bet, deal, revealed

from baccarat_lessons.engine.bets import BetSpot
from baccarat_lessons.engine.cards import hand_total, parse_cards
from baccarat_lessons.engine.driver import Driver
from baccarat_lessons.engine.events import Hand
from baccarat_lessons.engine.money import CHIP
from baccarat_lessons.engine.punto_banco import PuntoBancoTable
from baccarat_lessons.engine.shoe import Shoe
from baccarat_lessons.widgets import LiveTable
from baccarat_lessons.widgets.history_download import COLUMNS, HistoryDownloads, history_csv, history_json


def _session(rounds: int = 40, seed: int = 2) -> PuntoBancoTable:  # seed 2: 100 rounds never run out of chips
    driver = Driver("punto-banco", seed=seed)
    spots = [("banker", 10), ("player", 5), ("tie", 5)]
    for number in range(rounds):
        spot, stake = spots[number % 3]
        driver.act("BET", stake * CHIP, spot)
        if number % 4 == 0:
            driver.act("BET", 5 * CHIP, "player")  # some rounds carry two bets
        driver.act("DEAL")
    assert driver.table.coups_played == rounds
    return driver.table


def _links(html: str) -> dict[str, tuple[str, str]]:
    """filename -> (mime type, decoded text) for every data: link."""
    found = re.findall(r'<a class="bl-download" download="([^"]+)" href="data:([^;]+);charset=utf-8;base64,([^"]+)"',
                       html)
    return {name: (mime, base64.b64decode(data).decode("utf-8")) for name, mime, data in found}


def _hundredths(text: str) -> int:
    """An amount as the files write it ("9.50", "-10") in hundredths: exact, never a float."""
    assert isinstance(text, str)
    amount = Decimal(text) * CHIP
    assert amount == amount.to_integral_value(), text
    return int(amount)


def _bets(text: str) -> dict:
    return {BetSpot(" ".join(part.split()[:-1])): _hundredths(part.split()[-1]) for part in text.split("; ")}


def _settled(record) -> list:
    return [event for event in record.events if event.kind == "BetSettled"]


def test_csv_read_back_equals_the_history():
    table = _session()
    rows = list(csv.DictReader(io.StringIO(history_csv(table.history))))
    assert len(rows) == len(table.history) and tuple(rows[0]) == COLUMNS
    for row, record in zip(rows, table.history, strict=True):
        player, banker = record.hands[Hand.PLAYER], record.hands[Hand.BANKER]
        assert int(row["round"]) == record.number
        assert tuple(parse_cards(row["player_cards"])) == player
        assert tuple(parse_cards(row["banker_cards"])) == banker
        assert (int(row["player_total"]), int(row["banker_total"])) == (hand_total(player), hand_total(banker))
        assert row["outcome"] == record.outcome.value
        bets: dict = {}  # the stakes on each spot, in the order the spots were first backed
        for stake in record.stakes:
            bets[stake.hand] = bets.get(stake.hand, 0) + stake.amount
        assert _bets(row["bets"]) == bets and list(_bets(row["bets"])) == list(bets)
        assert _hundredths(row["net"]) == record.net_of(0)
        assert _hundredths(row["balance_after"]) == record.balances[0]


def test_json_read_back_equals_the_history():
    table = _session()
    rounds = json.loads(history_json(table.history))
    for entry, record in zip(rounds, table.history, strict=True):
        assert entry["round"] == record.number and entry["outcome"] == record.outcome.value
        assert tuple(parse_cards(entry["player_cards"])) == record.hands[Hand.PLAYER]
        assert tuple(parse_cards(entry["banker_cards"])) == record.hands[Hand.BANKER]
        # Every amount is an exact decimal string ("10", "9.50"): the stake too, since issue 19.
        assert [(b["spot"], _hundredths(b["stake"]), _hundredths(b["net"])) for b in entry["bets"]] == [
            (s.spot, s.stake, s.net) for s in _settled(record)
        ]
        assert _hundredths(entry["net"]) == record.net_of(0)
        assert _hundredths(entry["balance_after"]) == record.balances[0]


def test_the_table_offers_both_files_after_a_round_and_they_match():
    table = LiveTable("punto-banco", shoe=Shoe.stacked("2S AC 2H 2D 8C"))
    downloads = table.records.downloads.widget
    assert "after the first round" in downloads.value and "<a " not in downloads.value
    bet(table, BetSpot.BANKER, 10)
    deal(table)
    assert "<a " not in downloads.value  # the page is still revealing the round
    revealed(table)
    links = _links(downloads.value)
    assert set(links) == {"punto-banco-history.csv", "punto-banco-history.json"}
    assert links["punto-banco-history.csv"] == ("text/csv", history_csv(table.table.history))
    assert links["punto-banco-history.json"] == ("application/json", history_json(table.table.history))
    assert "1,2S 2H 8C,AC 2D,2,3,Banker,Banker 10,9.50,109.50" in links["punto-banco-history.csv"][1]
    # the links are the page's own data: nothing in them points at a server
    assert "http" not in downloads.value


def test_the_links_stay_small():
    # about 330 bytes of page per round for both files together: 100 rounds well under 40 KB
    table = _session(rounds=100)
    downloads = HistoryDownloads()
    downloads.update(table.history)
    assert len(downloads.widget.value) < 40_000


def test_files_made_round_by_round_equal_files_made_at_once():
    """The links are kept up to date a round at a time; they hold what the whole history gives,
    and another session's history (shorter, or the same length) replaces the rounds kept."""
    one, other = _session(rounds=30), _session(rounds=30, seed=6)
    downloads = HistoryDownloads()
    for count in range(1, 31):
        downloads.update(one.history[:count])
    kept = _links(downloads.widget.value)
    assert kept["punto-banco-history.csv"][1] == history_csv(one.history)
    assert kept["punto-banco-history.json"][1] == history_json(one.history)
    for history in (other.history[:12], other.history):
        downloads.update(history)
        links = _links(downloads.widget.value)
        assert links["punto-banco-history.csv"][1] == history_csv(history)
        assert links["punto-banco-history.json"][1] == history_json(history)
