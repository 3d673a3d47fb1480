"""The hand history downloads: CSV and JSON read back equal the session's round records."""

import base64
import csv
import io
import json
import re
from decimal import Decimal
from fractions import Fraction

from browser_messages import bet, deal, revealed

from baccarat_lessons.engine.bets import BetSpot
from baccarat_lessons.engine.cards import parse_cards
from baccarat_lessons.engine.session import Session
from baccarat_lessons.engine.shoe import Shoe
from baccarat_lessons.widgets import PuntoBancoTable
from baccarat_lessons.widgets.history_download import COLUMNS, HistoryDownloads, history_csv, history_json


def _session(rounds: int = 40, seed: int = 2) -> Session:  # seed 2: 100 rounds never run out of chips
    session = Session(seed=seed)
    spots = [("banker", 10), ("player", 5), ("tie", 5)]
    for number in range(rounds):
        spot, stake = spots[number % 3]
        session.place_bet(spot, stake)
        if number % 4 == 0:
            session.place_bet("player", 5)  # some rounds carry two bets
        session.deal()
    return session


def _links(html: str) -> dict[str, tuple[str, str]]:
    """filename -> (mime type, decoded text) for every data: link."""
    found = re.findall(r'<a class="bl-download" download="([^"]+)" href="data:([^;]+);charset=utf-8;base64,([^"]+)"',
                       html)
    return {name: (mime, base64.b64decode(data).decode("utf-8")) for name, mime, data in found}


def _chips(text: str) -> Fraction:
    return Fraction(Decimal(text))


def _bets(text: str) -> tuple:
    return tuple((BetSpot(" ".join(part.split()[:-1])), int(part.split()[-1])) for part in text.split("; "))


def test_csv_read_back_equals_the_history():
    session = _session()
    rows = list(csv.DictReader(io.StringIO(history_csv(session.history))))
    assert len(rows) == len(session.history) and tuple(rows[0]) == COLUMNS
    for row, record in zip(rows, session.history):
        assert int(row["round"]) == record.number
        assert tuple(parse_cards(row["player_cards"])) == record.player_cards
        assert tuple(parse_cards(row["banker_cards"])) == record.banker_cards
        assert (int(row["player_total"]), int(row["banker_total"])) == (record.coup.player_total,
                                                                        record.coup.banker_total)
        assert row["outcome"] == record.outcome.value
        assert _bets(row["bets"]) == record.bets
        assert _chips(row["net"]) == record.net and _chips(row["balance_after"]) == record.balance_after


def test_json_read_back_equals_the_history():
    session = _session()
    rounds = json.loads(history_json(session.history))
    for entry, record in zip(rounds, session.history, strict=True):
        assert entry["round"] == record.number and entry["outcome"] == record.outcome.value
        assert tuple(parse_cards(entry["player_cards"])) == record.player_cards
        assert tuple(parse_cards(entry["banker_cards"])) == record.banker_cards
        assert [(b["spot"], b["stake"], _chips(b["net"])) for b in entry["bets"]] == [
            (s.spot, s.stake, s.net) for s in record.settlements
        ]
        assert _chips(entry["net"]) == record.net and _chips(entry["balance_after"]) == record.balance_after


def test_the_table_offers_both_files_after_a_round_and_they_match():
    table = PuntoBancoTable(shoe=Shoe.stacked("2S AC 2H 2D 8C"))
    assert "after the first round" in table.downloads.widget.value and "<a " not in table.downloads.widget.value
    bet(table, BetSpot.BANKER, 10)
    deal(table)
    assert "<a " not in table.downloads.widget.value  # the page is still revealing the round
    revealed(table)
    links = _links(table.downloads.widget.value)
    assert set(links) == {"punto-banco-history.csv", "punto-banco-history.json"}
    assert links["punto-banco-history.csv"] == ("text/csv", history_csv(table.session.history))
    assert links["punto-banco-history.json"] == ("application/json", history_json(table.session.history))
    assert "1,2S 2H 8C,AC 2D,2,3,Banker,Banker 10,9.50,109.50" in links["punto-banco-history.csv"][1]
    # the links are the page's own data: nothing in them points at a server
    assert "http" not in table.downloads.widget.value


def test_the_links_stay_small():
    # about 330 bytes of page per round for both files together: 100 rounds well under 40 KB
    session = _session(rounds=100)
    downloads = HistoryDownloads()
    downloads.update(session.history)
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
