"""The class ledger (baccarat_lessons/classroom/ledger.py, issue 32 under way): a class's coups counted
coup for coup as the engine replays each student's session, forgeries refused with their sentence,
nothing lost over a restart, each coup counted once by two servers sharing the database, and bad input
refused with one sentence that stores nothing. Every test runs on an SQLite file and on PostgreSQL."""

from __future__ import annotations

import copy
import random
from concurrent.futures import ThreadPoolExecutor

import pytest
from class_play import play_first_offered

from baccarat_lessons.classroom.ledger import (
    BALANCE_CHANGED, DOES_NOT_CONTINUE, NOT_THE_CLASS_SHOE, NOTHING_NEW, ClassError, ClassLedger, clean_name,
)
from baccarat_lessons.classroom.server import class_of
from baccarat_lessons.engine.driver import Driver
from baccarat_lessons.engine.events import Outcome
from baccarat_lessons.engine.money import CHIP


def play_rounds(driver: Driver, rounds: int, rng: random.Random) -> None:
    """``rounds`` Punto Banco rounds, each a bet of 5 or 10 on a spot the seeded ``rng`` picks."""
    for _ in range(rounds):
        driver.act("BET", rng.choice((5, 10)) * CHIP, rng.choice(("Banker", "Player", "Tie")))
        driver.act("DEAL")


@pytest.fixture
def ledger(database):
    book = ClassLedger(database)  # an SQLite file, then a PostgreSQL database (tests/postgres_server.py)
    yield book
    book.close()


def test_three_students_are_pooled_coup_for_coup_as_their_tables_played(ledger):
    code, _ = ledger.open_class("Statistics 11B")
    played = []
    for seed, name in enumerate(("Ann", "Ben", "Chloé")):
        ticket = ledger.join(code, name, "punto-banco")
        driver, rng = Driver("punto-banco", seed=ticket.seed), random.Random(seed)
        for _ in range(6):  # a report after each round, as a joined table sends them
            play_rounds(driver, 1, rng)
            assert ledger.report(ticket.token, driver.record()).counted == 1, f"seed {seed}"
        played.append(driver)
    pool = ledger.pool(code)
    coups = [coup for driver in played for coup in driver.table.history]
    assert (pool["students"], pool["coups"], pool["refused"]) == (3, 18, 0)
    assert [pool["banker"], pool["player"], pool["tie"]] == [
        sum(coup.outcome is outcome for coup in coups) for outcome in (Outcome.BANKER, Outcome.PLAYER, Outcome.TIE)]
    assert [(s["name"], s["coups"], s["net"]) for s in pool["per_student"]] == [
        (name, 6, driver.table.seats[0].balance - 100 * CHIP) for name, driver in zip(("Ann", "Ben", "Chloé"), played)]


def test_forged_reports_are_refused_and_say_why(ledger):
    code, _ = ledger.open_class("Statistics 11B")
    ticket = ledger.join(code, "Ann", "punto-banco")
    driver = Driver("punto-banco", seed=ticket.seed)
    play_rounds(driver, 3, random.Random(7))
    honest = driver.record()
    flipped = copy.deepcopy(honest)
    flipped["actions"][-2][2] = "Player" if flipped["actions"][-2][2] != "Player" else "Banker"  # the last bet moved
    invented = copy.deepcopy(honest)
    invented["actions"] += [["BET", 1000, "Banker"], ["DEAL", None, None]]  # a coup the table never dealt
    other_shoe = Driver("punto-banco", seed=ticket.seed + 1)
    play_rounds(other_shoe, 3, random.Random(7))
    for forged in (flipped, invented):
        receipt = ledger.report(ticket.token, forged)
        assert receipt.counted == 0 and receipt.refused.startswith("This saved session does not lead to the table")
    assert ledger.report(ticket.token, other_shoe.record()).refused == NOT_THE_CLASS_SHOE
    boasted = {**honest, "summary": "3 hands, balance 1000"}  # a balance raised on the way: not the replay's
    assert ledger.report(ticket.token, boasted).refused == BALANCE_CHANGED
    assert ledger.report(ticket.token, honest).counted == 3
    assert ledger.report(ticket.token, honest).refused == NOTHING_NEW  # sent again: counted once
    restarted = Driver("punto-banco", seed=ticket.seed)  # the same shoe, other bets: not the session counted
    play_rounds(restarted, 4, random.Random(8))
    assert ledger.report(ticket.token, restarted.record()).refused == DOES_NOT_CONTINUE
    pool = ledger.pool(code)
    assert pool["coups"] == 3 and pool["per_student"][0]["net"] == driver.table.seats[0].balance - 100 * CHIP
    assert pool["refused"] == 6 and pool["refusals"][NOT_THE_CLASS_SHOE] == 1 and pool["refusals"][DOES_NOT_CONTINUE] == 1
    assert pool["refusals"][BALANCE_CHANGED] == 1


def test_a_seat_banked_session_is_counted_as_replayed(ledger):
    code, _ = ledger.open_class("Chemin de Fer club")
    ticket = ledger.join(code, "Dev", "chemin-de-fer")
    driver = play_first_offered(Driver("chemin-de-fer", seed=ticket.seed), 5)
    assert ledger.report(ticket.token, driver.record()).counted == driver.table.coups_played
    assert ledger.pool(code)["per_student"][0]["net"] == sum(coup.net_of(0) for coup in driver.table.history)


def test_a_restart_loses_no_counted_coup(database):
    first = ClassLedger(database)
    code, key = first.open_class("Statistics 11B")
    ticket = first.join(code, "Ann", "punto-banco")
    driver, rng = Driver("punto-banco", seed=ticket.seed), random.Random(3)
    play_rounds(driver, 4, rng)
    assert first.report(ticket.token, driver.record()).counted == 4
    before = first.pool(code)
    first.storage.close()  # as a killed server leaves it: no goodbye
    again = ClassLedger(database)
    assert again.pool(code) == before and again.is_teacher(code, key)
    play_rounds(driver, 2, rng)
    assert again.report(ticket.token, driver.record()).counted == 2
    assert again.pool(code)["coups"] == 6
    again.close()


def test_two_class_servers_sharing_the_database_count_each_coup_once(database):
    """Two class servers behind one load balancer, each sent every report of a student at the same moment: one
    counts the new coup, the other finds nothing new (a report reads the student's row FOR UPDATE)."""
    servers = [ClassLedger(database), ClassLedger(database)]
    code, _ = servers[0].open_class("Statistics 11B")
    ticket = servers[1].join(code, "Ann", "punto-banco")
    driver, rng = Driver("punto-banco", seed=ticket.seed), random.Random(5)
    with ThreadPoolExecutor(max_workers=2) as sending:
        for _ in range(5):
            play_rounds(driver, 1, rng)
            record = driver.record()
            receipts = list(sending.map(lambda server: server.report(ticket.token, record), servers))
            assert sorted((receipt.counted, receipt.refused) for receipt in receipts) == [(0, NOTHING_NEW), (1, "")]
    pool = servers[1].pool(code)
    assert (pool["coups"], pool["refusals"]) == (5, {NOTHING_NEW: 5})
    assert pool["per_student"][0]["net"] == driver.table.seats[0].balance - 100 * CHIP
    for server in servers:
        server.close()


def test_a_second_server_given_the_first_s_teacher_file_serves_the_same_class(database, tmp_path):
    servers, kept = [ClassLedger(database), ClassLedger(database)], tmp_path / "class.teacher"
    code, key = class_of(servers[0], kept, "Statistics 11B")
    assert class_of(servers[1], kept, "Statistics 11B") == (code, key)
    assert servers[1].is_teacher(code, key) and kept.stat().st_mode & 0o777 == 0o600
    for server in servers:
        server.close()


@pytest.mark.parametrize("call,said", [
    (lambda book, code: book.join("NOPE00", "Ann", "punto-banco"), "There is no class with that code; check the address the teacher gave."),
    (lambda book, code: book.join(code, "Ann", "blackjack"), "That game is not one of the class's."),
    (lambda book, code: book.join(code, "\u200b \n\t", "punto-banco"), "Give a display name: a few letters the class will see."),
    (lambda book, code: book.join(code, ["Ann"], "punto-banco"), "Give a display name: a few letters the class will see."),
    (lambda book, code: book.report("not-a-ticket", {}), "This table has not joined the class (or its ticket is not the class's)."),
    (lambda book, code: book.report(None, {}), "This table has not joined the class (or its ticket is not the class's)."),
])
def test_bad_input_is_refused_with_one_sentence_and_stores_nothing(ledger, call, said):
    code, _ = ledger.open_class("Statistics 11B")
    with pytest.raises(ClassError) as refused:
        call(ledger, code)
    assert str(refused.value) == said
    assert ledger.pool(code)["students"] == 0 and ledger.pool(code)["refused"] == 0


def test_a_report_that_is_not_a_record_is_refused_and_the_teacher_key_is_checked(ledger):
    code, key = ledger.open_class("Statistics 11B")
    ticket = ledger.join(code, "<script>alert(1)</script>" + "x" * 60, "punto-banco")
    for junk in ("text", [1, 2], {"variant": "punto-banco", "seeds": [ticket.seed], "actions": "all of them"}):
        assert ledger.report(ticket.token, junk).counted == 0
    pool = ledger.pool(code)
    assert pool["refused"] == 3 and len(pool["per_student"][0]["name"]) == 40  # kept as text, escaped where shown
    assert ledger.is_teacher(code, key) and not ledger.is_teacher(code, key + "x") and not ledger.is_teacher(code, None)
    assert clean_name("  Ann\u200b  Lee\n ") == "Ann Lee"
