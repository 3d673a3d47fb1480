"""Where the class is kept (baccarat_lessons/classroom/storage.py, issue 32: "a PostgreSQL URL"): the same
SQL, written once with ``?`` and SQLite's types, runs on an SQLite file and on a PostgreSQL database alike;
a transaction is all or nothing; a row read FOR UPDATE makes a second transaction that reads it wait for the
first; every value the ledger keeps comes back as it went in."""

from __future__ import annotations

import subprocess
import sys
import threading
import time

import pytest

from baccarat_lessons.classroom.storage import StorageError, open_storage, shown
from baccarat_lessons.cli import main

SCHEMA = """
CREATE TABLE IF NOT EXISTS students (id INTEGER PRIMARY KEY, name TEXT NOT NULL, seed INTEGER NOT NULL,
                                     counted INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS refusals (id INTEGER PRIMARY KEY, student INTEGER REFERENCES students (id),
                                     reason TEXT NOT NULL, at REAL NOT NULL);
"""
LOCK_WAIT_SECONDS = 60  # only stops a test whose second transaction never reaches the lock


@pytest.fixture
def storage(database):
    opened = open_storage(database)
    opened.script(SCHEMA)
    yield opened
    opened.close()


def test_statements_and_queries_take_question_marks_and_rows_are_numbered(storage):
    for name in ("Ann", "Ben"):
        storage.execute("INSERT INTO students (name, seed) VALUES (?, ?)", (name, 7))
    assert storage.rows("SELECT id, name, counted FROM students ORDER BY id") == [(1, "Ann", 0), (2, "Ben", 0)]
    assert storage.one("SELECT name FROM students WHERE id = ?", (2,)) == ("Ben",)
    assert storage.one("SELECT name FROM students WHERE id = ?", (3,)) is None
    # A ? or % inside a literal is text: only a bare ? is a parameter.
    assert storage.one("SELECT 'what?', '100%', COUNT(*) FROM students WHERE name <> ?", ("Ann",)) == ("what?", "100%", 1)
    assert storage.one("SELECT COUNT(*), '100%' FROM students") == (2, "100%")  # no parameters at all


def test_the_schema_may_run_again_and_keeps_what_is_stored(storage):
    storage.execute("INSERT INTO students (name, seed) VALUES (?, ?)", ("Ann", 7))
    storage.script(SCHEMA)  # a server started again on the same database
    assert storage.rows("SELECT name FROM students") == [("Ann",)]


def test_every_value_the_ledger_keeps_comes_back_as_it_went_in(storage):
    seeds = (2**53 - 1, 2**63 - 1, 0)  # a root seed has 53 bits; a net or a count fits 64
    names = ("Chloé", "Zoë 李 🂡", "O'Brien; DROP TABLE students")
    for name, seed in zip(names, seeds):
        storage.execute("INSERT INTO students (name, seed, counted) VALUES (?, ?, ?)", (name, seed, -seed))
    assert storage.rows("SELECT name, seed, counted FROM students ORDER BY id") == [
        (name, seed, -seed) for name, seed in zip(names, seeds)]
    at = time.time()
    storage.execute("INSERT INTO refusals (student, reason, at) VALUES (?, ?, ?)", (1, "Not the class's shoe.", at))
    storage.execute("INSERT INTO refusals (student, reason, at) VALUES (?, ?, ?)", (None, "Unknown ticket.", 0.1))
    assert storage.rows("SELECT student, reason, at FROM refusals ORDER BY id") == [
        (1, "Not the class's shoe.", at), (None, "Unknown ticket.", 0.1)]
    assert all(type(value) is int for value in storage.one("SELECT id, seed, counted FROM students"))


def test_a_sum_is_an_int_and_an_average_a_float_as_sqlite_gives_them(storage):
    for name, seed in (("Ann", 3), ("Ben", 4), ("Chloé", 2**53 - 1)):
        storage.execute("INSERT INTO students (name, seed) VALUES (?, ?)", (name, seed))
    (total, mean) = storage.one("SELECT SUM(seed), AVG(seed) FROM students WHERE seed < ?", (10,))
    assert (total, mean, type(total), type(mean)) == (7, 3.5, int, float)
    assert storage.one("SELECT SUM(seed) FROM students") == (7 + 2**53 - 1,)
    assert storage.one("SELECT SUM(counted) FROM students WHERE seed < ?", (0,)) == (None,)


def test_a_transaction_is_kept_whole_or_not_at_all(storage):
    with storage.transaction():
        storage.execute("INSERT INTO students (name, seed) VALUES (?, ?)", ("Ann", 7))
        storage.execute("INSERT INTO refusals (student, reason, at) VALUES (?, ?, ?)", (1, "Sent again.", 0.0))
    with pytest.raises(ZeroDivisionError):
        with storage.transaction():
            storage.execute("UPDATE students SET counted = ? WHERE id = ?", (5, 1))
            1 / 0
    with pytest.raises(Exception, match="(?i)unique|primary key"):
        with storage.transaction():
            storage.execute("UPDATE students SET counted = ? WHERE id = ?", (6, 1))
            storage.execute("INSERT INTO students (id, name, seed) VALUES (?, ?, ?)", (1, "Ann again", 7))
    with pytest.raises(Exception, match="(?i)foreign key"):  # a statement alone is its own transaction
        storage.execute("INSERT INTO refusals (student, reason, at) VALUES (?, ?, ?)", (99, "No such student.", 0.0))
    assert storage.rows("SELECT name, counted FROM students") == [("Ann", 0)]
    assert storage.rows("SELECT reason FROM refusals") == [("Sent again.",)]


def test_what_one_connection_commits_another_reads(database):
    first, second = open_storage(database), open_storage(database)
    first.script(SCHEMA)
    first.execute("INSERT INTO students (name, seed) VALUES (?, ?)", ("Ann", 7))
    with first.transaction():
        first.execute("UPDATE students SET counted = ? WHERE id = ?", (1, 1))
        assert second.one("SELECT counted FROM students") == (0,)  # not yet committed
    assert second.one("SELECT counted FROM students") == (1,)
    first.close()
    second.close()


def until_waiting(second, database, has_read):
    """A function that returns once ``second``'s transaction waits for the lock the first holds, or has read
    the row already (which only a missing lock lets it do).

    PostgreSQL lists a backend waiting for a row lock in pg_stat_activity. SQLite waits in ``BEGIN
    IMMEDIATE`` itself, and reports the statement as it starts it (the waiting is that statement's)."""
    if database.startswith("postgresql://"):
        pid, watcher = second.connection.info.backend_pid, open_storage(database)

        def wait():
            deadline = time.monotonic() + LOCK_WAIT_SECONDS
            while not has_read() and watcher.one("SELECT wait_event_type FROM pg_stat_activity WHERE pid = ?",
                                                 (pid,)) != ("Lock",):
                assert time.monotonic() < deadline, "the second transaction neither waited for the row's lock nor read it"
            watcher.close()
        return wait
    began = threading.Event()
    second.connection.set_trace_callback(lambda sql: began.set() if sql.startswith("BEGIN") else None)
    return lambda: began.wait(LOCK_WAIT_SECONDS) or pytest.fail("the second transaction never began")


def test_a_second_transaction_reading_a_row_for_update_waits_until_the_first_has_written_it(database):
    first, second = open_storage(database), open_storage(database)
    first.script(SCHEMA)
    first.execute("INSERT INTO students (name, seed) VALUES (?, ?)", ("Ann", 7))
    read_by_second: list[int] = []

    def count_one_more(storage, read):  # what a report does: read the count, then write it
        with storage.transaction():
            (counted,) = storage.one("SELECT counted FROM students WHERE id = ? FOR UPDATE", (1,))
            read.append(counted)
            storage.execute("UPDATE students SET counted = ? WHERE id = ?", (counted + 1, 1))

    wait = until_waiting(second, database, lambda: bool(read_by_second))
    second_report = threading.Thread(target=count_one_more, args=(second, read_by_second))
    with first.transaction():
        (counted,) = first.one("SELECT counted FROM students WHERE id = ? FOR UPDATE", (1,))
        second_report.start()
        wait()
        first.execute("UPDATE students SET counted = ? WHERE id = ?", (counted + 1, 1))
    second_report.join()
    assert read_by_second == [1]  # what the first wrote, not the 0 it read: no count lost, none made twice
    assert first.one("SELECT counted FROM students") == (2,)
    first.close()
    second.close()


def test_a_lost_postgresql_connection_fails_one_statement_and_is_opened_again(postgres_url):
    storage, admin = open_storage(postgres_url), open_storage(postgres_url)
    storage.script(SCHEMA)
    pid = storage.connection.info.backend_pid
    admin.execute("SELECT pg_terminate_backend(?)", (pid,))  # as a restarted server leaves it
    with pytest.raises(Exception, match="(?i)terminat|connection"):
        storage.one("SELECT COUNT(*) FROM students")
    assert storage.one("SELECT COUNT(*) FROM students") == (0,)
    assert storage.connection.info.backend_pid != pid
    storage.close()
    admin.close()


def test_a_database_that_cannot_be_opened_is_one_sentence(tmp_path):
    pytest.importorskip("psycopg")
    with pytest.raises(StorageError) as refused:
        open_storage("postgresql://teacher:s3cret@127.0.0.1:1/classes")
    said = str(refused.value)
    assert said.startswith("The class server could not open the PostgreSQL database postgresql://teacher@127.0.0.1:1/classes: ")
    assert said.endswith(".") and "\n" not in said and "s3cret" not in said
    missing = tmp_path / "no such folder" / "class.sqlite"
    with pytest.raises(StorageError, match=f"^The class server could not open the SQLite file {missing}: .*\\.$"):
        open_storage(str(missing))
    assert shown("class.sqlite") == str((tmp_path.cwd() / "class.sqlite").resolve())


def test_the_class_command_says_in_one_line_that_it_cannot_open_the_database(capsys):
    pytest.importorskip("psycopg")
    assert main(["class", "--db", "postgresql://teacher:s3cret@127.0.0.1:1/classes"]) == 2
    said = capsys.readouterr().err
    assert said.startswith("baccarat-lessons: error: The class server could not open the PostgreSQL database "
                           "postgresql://teacher@127.0.0.1:1/classes: ")
    assert said.endswith(".\n") and said.count("\n") == 1 and "s3cret" not in said


def test_the_package_and_an_sqlite_ledger_need_no_psycopg():
    # psycopg made unimportable: an SQLite ledger still opens, and the class command on PostgreSQL says what to install.
    run = subprocess.run([sys.executable, "-c", (
        "import sys; sys.modules['psycopg'] = None\n"
        "from baccarat_lessons.classroom.ledger import ClassLedger\n"
        "ClassLedger(':memory:').close()\n"
        "from baccarat_lessons.cli import main\n"
        "sys.exit(main(['class', '--db', 'postgresql://teacher@127.0.0.1:1/classes']))\n")],
        capture_output=True, text=True, timeout=120)
    assert (run.returncode, run.stdout, run.stderr) == (
        2, "", 'baccarat-lessons: error: this command needs psycopg, part of the server edition: pip install -e ".[server]"\n')
