"""What the class pools beyond its counts (issue 32): each student's predicted mean and spread, the running
frequencies, seat-banked games by role, class answers, one coup staged for everyone, and the ledger's kept
replays counting exactly what a whole replay counts."""

from __future__ import annotations

import copy
import random
from fractions import Fraction

import pytest
from class_play import play_first_offered

from baccarat_lessons.analysis.coup_moments import coup_moments, full_shoe_odds
from baccarat_lessons.classroom.ledger import ClassError, ClassLedger, read_answer
from baccarat_lessons.content.exercises import ChoiceExercise, all_exercises, find
from baccarat_lessons.engine.driver import Driver
from baccarat_lessons.engine.errors import BetError
from baccarat_lessons.engine.money import CHIP
from baccarat_lessons.engine.variants import PUNTO_BANCO


@pytest.fixture
def ledger(database):
    book = ClassLedger(database)  # an SQLite file, then a PostgreSQL database (tests/postgres_server.py)
    yield book
    book.close()


def play(driver: Driver, rounds: int, rng: random.Random, spots=("Banker", "Player", "Tie", "Player Pair")) -> None:
    for _ in range(rounds):
        placed = 0
        for spot in rng.sample(spots, min(len(spots), rng.choice((1, 2)))):  # some coups hold two bets at once
            try:
                driver.act("BET", rng.choice((5, 10)) * CHIP, spot)
                placed += 1
            except BetError:
                pass  # a pair bet where the table's settings offer none
        if not placed:
            driver.act("BET", 5 * CHIP, "Banker")
        driver.act("DEAL")


def test_each_student_is_given_the_mean_and_spread_their_own_bets_predict(ledger):
    code, _ = ledger.open_class("Statistics 11B")
    ticket = ledger.join(code, "Ann", "punto-banco")
    driver = Driver("punto-banco", seed=ticket.seed)
    play(driver, 12, random.Random(5))
    assert ledger.report(ticket.token, driver.record()).counted == 12
    odds = full_shoe_odds(8, 8, "commission", PUNTO_BANCO.commission)
    moments = [coup_moments([(stake.hand, stake.amount) for stake in coup.stakes if stake.seat == 0], odds)
               for coup in driver.table.history]
    entry = ledger.pool(code)["per_student"][0]
    assert entry["expected"] == pytest.approx(float(sum(mean for mean, _ in moments)), rel=1e-12)
    assert entry["sd"] == pytest.approx(float(sum(variance for _, variance in moments)) ** 0.5, rel=1e-12)
    assert entry["net"] == sum(coup.net_of(0) for coup in driver.table.history)


def test_the_running_frequencies_follow_the_coups_in_the_order_counted(ledger):
    code, _ = ledger.open_class("Statistics 11B")
    outcomes = []
    for seed in range(3):
        ticket = ledger.join(code, f"S{seed}", "mini-baccarat" if seed else "punto-banco")
        driver = Driver("mini-baccarat" if seed else "punto-banco", seed=ticket.seed)
        play(driver, 90, random.Random(seed), spots=("Banker",))
        ledger.report(ticket.token, driver.record())
        outcomes += [coup.outcome.value for coup in driver.table.history]
    pool = ledger.pool(code)
    running = pool["running"]
    assert running[-1] == [270, pool["banker"], pool["player"], pool["tie"]]
    assert len(running) <= 200 and [point[0] for point in running] == sorted({point[0] for point in running})
    for count, banker, player, tie in running:
        assert [banker, player, tie] == [outcomes[:count].count(name) for name in ("Banker", "Player", "Tie")]


def test_seat_banked_coups_are_pooled_by_the_student_s_role(ledger):
    code, _ = ledger.open_class("Chemin de Fer club")
    ticket = ledger.join(code, "Dev", "chemin-de-fer")
    driver = play_first_offered(Driver("chemin-de-fer", seed=ticket.seed), 12)
    ledger.report(ticket.token, driver.record())
    game = ledger.pool(code)["seat_banked"]["chemin-de-fer"]
    history = driver.table.history
    banked = [coup for coup in history if coup.banker == 0]
    assert game["coups"] == len(history) == game["banker"] + game["player"] + game["tie"]
    assert game["as_bank"] == {"coups": len(banked), "net": sum(coup.net_of(0) for coup in banked)}
    assert game["as_punter"]["net"] == sum(coup.net_of(0) for coup in history if coup.banker != 0)
    assert "expected" not in ledger.pool(code)["per_student"][0]  # no single law for a game people decide


def test_a_kept_replay_counts_what_a_whole_replay_counts_and_refuses_what_it_refuses(tmp_path):
    path = str(tmp_path / "class.sqlite")
    kept, fresh = ClassLedger(path), None
    code, _ = kept.open_class("Statistics 11B")
    ticket = kept.join(code, "Ann", "punto-banco")
    driver, rng = Driver("punto-banco", seed=ticket.seed), random.Random(11)
    for coup in range(1, 8):
        play(driver, 1, rng)
        record = driver.record()
        if coup == 4:  # a forged continuation of the kept session: refused, and the honest one still counts
            forged = copy.deepcopy(record)
            forged["actions"][-2][1] += CHIP
            assert kept.report(ticket.token, forged).counted == 0
        assert kept.report(ticket.token, record).counted == 1, f"coup {coup}"
        assert kept.replays[next(iter(kept.replays))][0].table.coups_played == coup
    fresh = ClassLedger(path)  # another server on the same database: no kept replay, the same pool
    play(driver, 2, rng)
    assert fresh.report(ticket.token, driver.record()).counted == 2
    assert kept.report(ticket.token, driver.record()).counted == 0  # its kept replay is behind: checked all the same
    assert fresh.pool(code) == kept.pool(code) and fresh.pool(code)["coups"] == 9
    kept.close()
    fresh.close()


def test_class_answers_are_read_as_the_lessons_read_them_and_hidden_until_shown(ledger):
    code, _ = ledger.open_class("Statistics 11B")
    number = find("counting_to_nine", "three-card-total")
    choice = next(exercise for exercises in all_exercises().values() for exercise in exercises
                  if isinstance(exercise, ChoiceExercise))
    choice_id = next(f"{lesson}/{exercise.key}" for lesson, exercises in all_exercises().items()
                     for exercise in exercises if exercise is choice)
    ann, ben, chloe = (ledger.join(code, name, None) for name in ("Ann", "Ben", "Chloé"))
    assert ann.seed is None
    ledger.ask(code, "counting_to_nine/three-card-total")
    right, wrong = number.answer, str(Fraction(number.answer) + 3)
    ledger.answer(ann.token, "counting_to_nine/three-card-total", " " + right + " ")
    ledger.answer(ben.token, "counting_to_nine/three-card-total", wrong)
    ledger.answer(chloe.token, "counting_to_nine/three-card-total", "2")
    ledger.answer(chloe.token, "counting_to_nine/three-card-total", right)  # a second thought replaces the first
    asked = ledger.pool(code)["answers"]
    assert asked["answered"] == 3 and asked["prompt"] == number.prompt and not asked["revealed"]
    assert asked["given"] == [{"answer": read_answer(number, right)[0], "count": 2},
                              {"answer": read_answer(number, wrong)[0], "count": 1}]
    assert "right_answer" not in asked
    ledger.reveal(code)
    shown = ledger.pool(code)["answers"]
    assert [entry["right"] for entry in shown["given"]] == [True, False] and shown["right_answer"] == number.answer
    ledger.ask(code, choice_id)  # a new question starts hidden, with its own answers
    ledger.answer(ann.token, choice_id, choice.choices.index(choice.correct))
    asked = ledger.pool(code)["answers"]
    assert asked["given"] == [{"answer": choice.correct, "count": 1}] and not asked["revealed"]
    assert ledger.pool(code)["students"] == 0  # answering tickets are no tables


@pytest.mark.parametrize("exercise,given,said", [
    ("counting_to_nine/three-card-total", "seven", "'seven' is not a number; type digits such as 5, 1.06 or 19/20."),
    ("counting_to_nine/three-card-total", 7, "Type a number in the box first."),
    ("counting_to_nine/three-card-total", "1" * 41, "Type a number in the box first."),
    ("counting_to_nine/no-such-key", "1", "That is not an exercise of the lessons."),
    (["counting_to_nine", "three-card-total"], "1", "That is not an exercise of the lessons."),
])
def test_a_bad_answer_is_refused_with_one_sentence_and_stores_nothing(ledger, exercise, given, said):
    code, _ = ledger.open_class("Statistics 11B")
    ticket = ledger.join(code, "Ann", None)
    ledger.ask(code, "counting_to_nine/three-card-total")
    with pytest.raises(ClassError) as refused:
        ledger.answer(ticket.token, exercise, given)
    assert str(refused.value) == said
    assert ledger.pool(code)["answers"]["answered"] == 0


def test_a_coup_is_staged_for_everyone_and_a_bad_one_changes_nothing(ledger):
    code, _ = ledger.open_class("Statistics 11B")
    assert ledger.staged(code) == {"id": 0, "link": None}
    assert ledger.stage(code, "variant=punto-banco&shoe=9S+KH+2D+3C") == 1
    for bad, said in (("variant=blackjack&shoe=9S", "There is no variant 'blackjack'"),
                      ("variant=punto-banco", "A staged coup needs its cards"),
                      (["variant=punto-banco"], "A staged coup is the part of a staged link after the ?")):
        with pytest.raises(Exception, match=said):
            ledger.stage(code, bad)
    assert ledger.staged(code) == {"id": 1, "link": "variant=punto-banco&shoe=9S+KH+2D+3C"}
    assert ledger.stage(code, None) == 2 and ledger.pool(code)["stage"] == {"id": 2, "link": None}
    with pytest.raises(ClassError, match="Pick an exercise first"):
        ledger.reveal(code)


def test_a_poll_reads_only_the_coups_counted_since_and_still_sees_one_counted_out_of_order(tmp_path, monkeypatch):
    path = str(tmp_path / "class.sqlite")
    teacher_server, other_server = ClassLedger(path), ClassLedger(path)
    code, _ = teacher_server.open_class("Statistics 11B")
    tables = []
    for seed in range(2):
        ticket = teacher_server.join(code, f"S{seed}", "punto-banco")
        tables.append((ticket, Driver("punto-banco", seed=ticket.seed), random.Random(seed)))
    for ticket, driver, rng in tables:
        play(driver, 5, rng, spots=("Banker",))
        teacher_server.report(ticket.token, driver.record())
    assert teacher_server.pool(code)["running"][-1][0] == 10
    ticket, driver, rng = tables[1]
    play(driver, 2, rng, spots=("Banker",))
    import baccarat_lessons.classroom.ledger as ledger_module
    clock = ledger_module.time.time
    monkeypatch.setattr(ledger_module.time, "time", lambda: clock() - 3_600)  # the other server's clock is behind
    other_server.report(ticket.token, driver.record())
    monkeypatch.setattr(ledger_module.time, "time", clock)
    ticket, driver, rng = tables[0]
    play(driver, 1, rng, spots=("Banker",))
    teacher_server.report(ticket.token, driver.record())
    fresh = ClassLedger(path)  # what a server reading every coup anew says
    assert teacher_server.pool(code) == fresh.pool(code) and fresh.pool(code)["running"][-1][0] == 13
    for book in (teacher_server, other_server, fresh):
        book.close()
