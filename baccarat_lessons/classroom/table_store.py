"""A class's shared tables kept in the class's database, so a restarted class server resumes each one.

A shared table (:class:`~baccarat_lessons.engine.people_table.PeopleTable`) is its root seed and its
record's entries: every action taken at it and every person sitting down or leaving, in order. Each
entry is one row, written as it is taken (a table at coup 70 does not write its whole record again at
each decision), and the seats people hold are rows too, with their ticket's hash (a reload, or a page
after a restart, takes its seat back with the ticket) and the student's row in the pool.

>>> from baccarat_lessons.classroom.ledger import ClassLedger
>>> ledger = ClassLedger(":memory:")
>>> code, _ = ledger.open_class("Year 11")
>>> store = TableStore(ledger.storage)
>>> store.open_table("T1", code, "chemin-de-fer", 99, (0, 1, 2), 30)
>>> store.append("T1", 0, [["SIT", 0, "Ann"], [0, "OPEN_BANK", 1000, None]])
>>> store.hold("T1", 0, "Ann", "hash", 7)
>>> [(table.id, table.entries, table.holders) for table in store.open_tables()]
[('T1', [['SIT', 0, 'Ann'], [0, 'OPEN_BANK', 1000, None]], {0: ('Ann', 'hash', 7)})]
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass

from .storage import Storage

SCHEMA = """
CREATE TABLE IF NOT EXISTS shared_tables (id TEXT PRIMARY KEY, class TEXT NOT NULL REFERENCES classes (code),
                                          variant TEXT NOT NULL, seed BIGINT NOT NULL, student_seats TEXT NOT NULL,
                                          seconds INTEGER NOT NULL, opened REAL NOT NULL,
                                          closed INTEGER NOT NULL DEFAULT 0, server TEXT NOT NULL DEFAULT '');
CREATE TABLE IF NOT EXISTS shared_entries (table_id TEXT NOT NULL REFERENCES shared_tables (id), n INTEGER NOT NULL,
                                           entry TEXT NOT NULL, PRIMARY KEY (table_id, n));
CREATE TABLE IF NOT EXISTS shared_seats (table_id TEXT NOT NULL REFERENCES shared_tables (id), seat INTEGER NOT NULL,
                                         name TEXT NOT NULL, ticket_hash TEXT NOT NULL, student INTEGER NOT NULL,
                                         PRIMARY KEY (table_id, seat));
"""


@dataclass(frozen=True)
class KeptTable:
    """A shared table as the database keeps it."""

    id: str
    code: str
    variant: str
    seed: int
    student_seats: tuple[int, ...]
    seconds: int
    entries: list
    holders: dict  # seat -> (name, ticket hash, student row)


class TableStore:
    """The shared tables of every class in ``storage`` (the ledger's database) that the class server called
    ``server`` plays: a table is played in one server's memory, so several servers sharing a PostgreSQL
    database each resume only the tables they opened."""

    def __init__(self, storage: Storage, server: str = ""):
        self.storage, self.server = storage, server
        storage.script(SCHEMA)

    def open_table(self, table_id: str, code: str, variant: str, seed: int, student_seats: tuple[int, ...],
                   seconds: int) -> None:
        self.storage.execute("INSERT INTO shared_tables (id, class, variant, seed, student_seats, seconds, opened, server) "
                             "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                             (table_id, code, variant, seed, json.dumps(list(student_seats)), seconds, time.time(),
                              self.server))

    def append(self, table_id: str, start: int, entries: list) -> None:
        """The record's entries from number ``start`` on, in one transaction."""
        with self.storage.transaction():
            for n, entry in enumerate(entries, start):
                self.storage.execute("INSERT INTO shared_entries VALUES (?, ?, ?)",
                                     (table_id, n, json.dumps(entry, separators=(",", ":"))))

    def hold(self, table_id: str, seat: int, name: str, ticket_hash: str, student: int) -> None:
        self.storage.execute("INSERT INTO shared_seats VALUES (?, ?, ?, ?, ?)", (table_id, seat, name, ticket_hash, student))

    def release(self, table_id: str, seat: int) -> None:
        self.storage.execute("DELETE FROM shared_seats WHERE table_id = ? AND seat = ?", (table_id, seat))

    def close(self, table_id: str) -> None:
        self.storage.execute("UPDATE shared_tables SET closed = 1 WHERE id = ?", (table_id,))

    def open_tables(self) -> list[KeptTable]:
        """Every table of this server not closed, oldest first, with its entries in order and the seats people hold."""
        kept = []
        for table_id, code, variant, seed, seats, seconds in self.storage.rows(
                "SELECT id, class, variant, seed, student_seats, seconds FROM shared_tables WHERE closed = 0 "
                "AND server = ? ORDER BY opened", (self.server,)):
            entries = [json.loads(text) for (text,) in self.storage.rows(
                "SELECT entry FROM shared_entries WHERE table_id = ? ORDER BY n", (table_id,))]
            holders = {seat: (name, ticket, student) for seat, name, ticket, student in self.storage.rows(
                "SELECT seat, name, ticket_hash, student FROM shared_seats WHERE table_id = ?", (table_id,))}
            kept.append(KeptTable(table_id, code, variant, int(seed), tuple(json.loads(seats)), seconds, entries, holders))
        return kept
