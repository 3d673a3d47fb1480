"""A class's pool of coups, kept in SQLite and counted only as the engine replays them.

The ledger is the class server's memory (issue 32): a teacher opens a class, each student's table joins
it, and each joined table reports its session record (:mod:`baccarat_lessons.engine.session_record`)
after a finished coup. Nothing a table says is taken on trust:

- **the class deals the shoe**: joining gives the table its root seed, drawn here; a report whose record
  is not dealt from exactly that seed is refused, so a student cannot pick a kind shoe;
- **the engine says what happened**: the record is replayed (:meth:`~baccarat_lessons.engine.driver.Driver.replayed`)
  and the coups counted are the replayed table's, so a flipped result, an edited balance or an invented
  coup does not replay and is refused;
- **each coup is counted once**: a coup is stored under its number with a digest of what it was; a report
  sent again adds nothing, and one that does not continue the coups already counted is refused.

Every refusal is stored with its sentence, for the teacher's page. SQLite runs in WAL mode and each
report is one transaction, so a restart loses no coup that a table was told was counted.

>>> ledger = ClassLedger(":memory:")
>>> code, key = ledger.open_class("Year 11 statistics")
>>> ticket = ledger.join(code, "Ann", "punto-banco")
>>> from baccarat_lessons.engine.driver import Driver
>>> table = Driver("punto-banco", seed=ticket.seed)
>>> bet, deal = table.act("BET", 1000, "Banker"), table.act("DEAL")
>>> ledger.report(ticket.token, table.record()).counted
1
>>> ledger.report(ticket.token, table.record()).counted   # the same report again
0
>>> pool = ledger.pool(code)
>>> pool["students"], pool["coups"], pool["refused"]
(1, 1, 1)
"""

from __future__ import annotations

import hashlib
import json
import secrets
import sqlite3
import time
import unicodedata
from dataclasses import dataclass

from ..engine.driver import Driver
from ..engine.errors import BaccaratError, ReplayError
from ..engine.randomness import SEED_BITS
from ..engine.records import CoupRecord
from ..engine.variants import VARIANTS

MAX_NAME_CHARACTERS = 40
MAX_TABLES = 1_000  # tables joined to one class: thirty students, each game, each reload, with room to spare
SCHEMA = """
CREATE TABLE IF NOT EXISTS classes (code TEXT PRIMARY KEY, key_hash TEXT NOT NULL, title TEXT NOT NULL,
                                    opened REAL NOT NULL);
CREATE TABLE IF NOT EXISTS students (id INTEGER PRIMARY KEY, class TEXT NOT NULL REFERENCES classes (code),
                                     name TEXT NOT NULL, variant TEXT NOT NULL, token_hash TEXT NOT NULL UNIQUE,
                                     seed INTEGER NOT NULL, counted INTEGER NOT NULL DEFAULT 0,
                                     net INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS coups (student INTEGER NOT NULL REFERENCES students (id), number INTEGER NOT NULL,
                                  outcome TEXT NOT NULL, net INTEGER NOT NULL, digest TEXT NOT NULL,
                                  PRIMARY KEY (student, number));
CREATE TABLE IF NOT EXISTS refusals (id INTEGER PRIMARY KEY, class TEXT NOT NULL, student INTEGER,
                                     reason TEXT NOT NULL, at REAL NOT NULL);
"""
# The sentences a refusal is stored with: the teacher's page counts them by sentence.
NOT_THE_CLASS_SHOE = "The session was not dealt from the shoe the class gave this table, so it was not counted."
DOES_NOT_CONTINUE = "The session does not continue the coups the class has already counted, so it was not counted."
NOTHING_NEW = "The report holds no coup the class has not counted already."


class ClassError(BaccaratError):
    """A class, a ticket or a name the ledger cannot take; its sentence says why."""


@dataclass(frozen=True)
class Ticket:
    """What joining gives a table: its token (secret: it alone reports for this student) and its root seed."""

    token: str
    seed: int


@dataclass(frozen=True)
class Receipt:
    """What a report did: the coups it added to the pool (0 if refused), and the refusal's sentence."""

    counted: int
    refused: str = ""


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def clean_name(name) -> str:
    """A display name as the class shows it: printable characters only, spaces folded, at most 40.

    >>> clean_name("  Ann\\u200b  Lee\\n "), clean_name("x" * 50) == "x" * 40
    ('Ann Lee', True)
    """
    if not isinstance(name, str):
        raise ClassError("Give a display name: a few letters the class will see.")
    shown = "".join(ch for ch in unicodedata.normalize("NFC", name)
                    if unicodedata.category(ch)[0] not in ("C", "Z") or ch == " ")
    shown = " ".join(shown.split())[:MAX_NAME_CHARACTERS].strip()
    if not shown:
        raise ClassError("Give a display name: a few letters the class will see.")
    return shown


def coup_digest(coup: CoupRecord) -> str:
    """What a coup was, as a digest: its cards, results and every seat's net."""
    told = {"number": coup.number, "hands": {hand.value: [card.label for card in cards] for hand, cards in coup.hands.items()},
            "results": {hand.value: outcome.value for hand, outcome in coup.results.items()},
            "nets": {str(seat): net for seat, net in sorted(coup.nets.items())}}
    return hashlib.sha256(json.dumps(told, sort_keys=True).encode("utf-8")).hexdigest()[:32]


class ClassLedger:
    """The classes, students, counted coups and refusals in one SQLite database at ``path``."""

    def __init__(self, path: str):
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        self.db.close()

    # -- the teacher's class and the students' tickets -------------------------------------------------
    def open_class(self, title: str) -> tuple[str, str]:
        """A new class: its short code (students join with it) and the teacher's key (kept only hashed)."""
        code, key = secrets.token_hex(3).upper(), secrets.token_urlsafe(18)
        self.db.execute("INSERT INTO classes VALUES (?, ?, ?, ?)", (code, _hash(key), clean_name(title), time.time()))
        return code, key

    def is_teacher(self, code: str, key) -> bool:
        row = self.db.execute("SELECT key_hash FROM classes WHERE code = ?", (code,)).fetchone()
        return row is not None and isinstance(key, str) and secrets.compare_digest(row[0], _hash(key))

    def join(self, code, name, variant) -> Ticket:
        """A student's table joins class ``code`` to play ``variant``: a token and the shoe's root seed."""
        if not isinstance(code, str) or self.db.execute("SELECT 1 FROM classes WHERE code = ?", (code,)).fetchone() is None:
            raise ClassError("There is no class with that code; check the address the teacher gave.")
        if variant not in VARIANTS:
            raise ClassError("That game is not one of the class's.")
        if self.db.execute("SELECT COUNT(*) FROM students WHERE class = ?", (code,)).fetchone()[0] >= MAX_TABLES:
            raise ClassError("This class has as many tables as it can take; ask the teacher to open a new class.")
        token, seed = secrets.token_urlsafe(24), secrets.randbits(SEED_BITS)
        self.db.execute("INSERT INTO students (class, name, variant, token_hash, seed) VALUES (?, ?, ?, ?, ?)",
                        (code, clean_name(name), variant, _hash(token), seed))
        return Ticket(token, seed)

    # -- reports -------------------------------------------------------------------------------------
    def report(self, token, record) -> Receipt:
        """Count the coups of ``record`` (a session record) the class has not counted yet, as the engine
        replays them; refuse, with a stored sentence, anything else."""
        row = self.db.execute("SELECT id, class, variant, seed FROM students WHERE token_hash = ?",
                              (_hash(token) if isinstance(token, str) else "",)).fetchone()
        if row is None:
            raise ClassError("This table has not joined the class (or its ticket is not the class's).")
        student, code, variant, seed = row
        try:
            if not isinstance(record, dict) or record.get("variant") != variant or record.get("seeds") != [seed]:
                raise ReplayError(NOT_THE_CLASS_SHOE)
            history = list(Driver.replayed(record).table.history)
        except ReplayError as error:
            return self._refuse(code, student, str(error))
        self.db.execute("BEGIN IMMEDIATE")  # read and write as one: two reports at once count each coup once
        try:
            counted = self.db.execute("SELECT counted FROM students WHERE id = ?", (student,)).fetchone()[0]
            known = dict(self.db.execute("SELECT number, digest FROM coups WHERE student = ?", (student,)).fetchall())
            if any(known.get(coup.number, coup_digest(coup)) != coup_digest(coup) for coup in history) or len(history) < counted:
                self.db.execute("ROLLBACK")
                return self._refuse(code, student, DOES_NOT_CONTINUE)
            new = [coup for coup in history if coup.number > counted]
            for coup in new:
                self.db.execute("INSERT INTO coups VALUES (?, ?, ?, ?, ?)",
                                (student, coup.number, coup.outcome.value, coup.net_of(0), coup_digest(coup)))
            if new:
                self.db.execute("UPDATE students SET counted = ?, net = net + ? WHERE id = ?",
                                (new[-1].number, sum(coup.net_of(0) for coup in new), student))
            self.db.execute("COMMIT")
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        return Receipt(len(new)) if new else self._refuse(code, student, NOTHING_NEW)

    def _refuse(self, code: str, student: int, reason: str) -> Receipt:
        self.db.execute("INSERT INTO refusals (class, student, reason, at) VALUES (?, ?, ?, ?)",
                        (code, student, reason, time.time()))
        return Receipt(0, reason)

    # -- the pool ------------------------------------------------------------------------------------
    def pool(self, code: str) -> dict:
        """The class's counted coups: ``students``, ``coups`` (every game's), ``banker``, ``player`` and
        ``tie`` (the coups of Punto Banco and Mini, which share their rules and shoe) and ``refused`` as
        counts, ``refusals`` by sentence, and one entry per student (``name``, ``variant``, ``coups``,
        ``net`` in hundredths)."""
        fixed = tuple(key for key, variant in VARIANTS.items() if variant.has_fixed_rules)
        outcomes = dict(self.db.execute(
            "SELECT outcome, COUNT(*) FROM coups JOIN students ON students.id = coups.student "
            f"WHERE students.class = ? AND students.variant IN ({', '.join('?' * len(fixed))}) GROUP BY outcome",
            (code, *fixed)).fetchall())
        coups = self.db.execute("SELECT COUNT(*) FROM coups JOIN students ON students.id = coups.student "
                                "WHERE students.class = ?", (code,)).fetchone()[0]
        students = [{"name": name, "variant": variant, "coups": counted, "net": net} for name, variant, counted, net in
                    self.db.execute("SELECT name, variant, counted, net FROM students WHERE class = ? ORDER BY id", (code,))]
        refusals = dict(self.db.execute("SELECT reason, COUNT(*) FROM refusals WHERE class = ? GROUP BY reason", (code,)).fetchall())
        return {"students": len(students), "coups": coups, "banker": outcomes.get("Banker", 0),
                "player": outcomes.get("Player", 0), "tie": outcomes.get("Tie", 0),
                "refused": sum(refusals.values()), "refusals": refusals, "per_student": students}
