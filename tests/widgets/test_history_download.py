"""The hand history downloads: CSV and JSON read back equal the session's round records."""

import csv
import io
import json
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
    downloads = table.records.downloads
    assert downloads.rounds == 0 and "after the first round" in downloads.note
    assert downloads.answer({"format": "csv"}) == {"error": "The hand history can be downloaded after the first round."}
    bet(table, BetSpot.BANKER, 10)
    deal(table)
    assert downloads.rounds == 0  # the page is still revealing the round
    revealed(table)
    assert downloads.rounds == 1 and downloads.note.startswith("All 1 round of this session.")
    csv_file, json_file = downloads.answer({"format": "csv"}), downloads.answer({"format": "json"})
    assert (csv_file["filename"], csv_file["mime"]) == ("punto-banco-history.csv", "text/csv")
    assert (json_file["filename"], json_file["mime"]) == ("punto-banco-history.json", "application/json")
    assert csv_file["text"] == history_csv(table.table.history)
    assert json_file["text"] == history_json(table.table.history)
    assert "1,2S 2H 8C,AC 2D,2,3,Banker,Banker 10,9.50,109.50" in csv_file["text"]


def test_a_file_is_made_from_the_rounds_when_it_is_asked_for():
    """The widget follows the table's own history list: a file asked for after more rounds holds them,
    and another session's history replaces the first."""
    one, other = _session(rounds=30), _session(rounds=30, seed=6)
    downloads = HistoryDownloads()
    downloads.update(one.history[:5])
    assert downloads.file("csv")["text"] == history_csv(one.history[:5])
    downloads.update(one.history)
    assert downloads.file("json")["text"] == history_json(one.history)
    downloads.update(other.history[:12])
    assert downloads.rounds == 12 and downloads.file("csv")["text"] == history_csv(other.history[:12])


def test_what_the_page_holds_does_not_grow_with_the_session():
    """The page is sent the number of rounds and a sentence, not the files: the synced state after
    100 rounds is the state after 1 round but for the count's digits (a data: link per round was
    about 330 bytes of page per round, sent again after every round)."""
    table = _session(rounds=100)
    downloads = HistoryDownloads()
    downloads.update(table.history[:1])
    first = json.dumps(downloads.get_state(), sort_keys=True)
    downloads.update(table.history)
    late = json.dumps(downloads.get_state(), sort_keys=True)
    # The count, in ``rounds`` and in the sentence ("All 100 rounds" against "All 1 round"), is all that grew.
    assert len(late) - len(first) == 2 * (len("100") - len("1")) + len("s")
    assert len(downloads.file("csv")["text"]) > 100 * 40  # the file itself is the rounds


def test_a_message_that_names_no_file_is_answered_with_a_sentence_and_changes_nothing():
    table = _session(rounds=3)
    downloads = HistoryDownloads()
    downloads.update(table.history)
    before = downloads.get_state()
    for hostile in (None, "csv", [], {}, {"format": "exe"}, {"format": ["csv"]}, {"format": None},
                    {"format": "CSV "}, {"format": "x" * 100_000}):
        answer = downloads.answer(hostile)
        assert answer == {"error": "The history can be downloaded as CSV or as JSON; nothing else was made."}, hostile
    assert downloads.get_state() == before
