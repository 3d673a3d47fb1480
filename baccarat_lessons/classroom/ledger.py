"""A class's pool of coups, kept in SQLite or PostgreSQL and counted only as the engine replays them.

The ledger is the class server's memory (issue 32): a teacher opens a class, each student's table joins
it, and each joined table reports its session record (:mod:`baccarat_lessons.engine.session_record`)
after a finished coup. Nothing a table says is taken on trust:

- **the class deals the shoe**: joining gives the table its root seed, drawn here; a report whose record
  is not dealt from exactly that seed is refused, so a student cannot pick a kind shoe;
- **the engine says what happened**: the record is replayed (:meth:`~baccarat_lessons.engine.driver.Driver.replayed`)
  and the coups counted are the replayed table's, so a flipped result or an invented coup does not replay
  and is refused, and so is a record whose balance is not the one its coups add up to;
- **each coup is counted once**: a coup is stored under its number with a digest of what it was; a report
  sent again adds nothing, and one that does not continue the coups already counted is refused.

Every refusal is stored with its sentence, for the teacher's page. The database is an SQLite file (in WAL
mode) or a PostgreSQL database that several class servers share (:mod:`.storage`), and each report is one
transaction, so a restart loses no coup that a table was told was counted, and two reports of one student
at once, to one server or to two, count each coup once.

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
import time
import unicodedata
from collections import OrderedDict
from dataclasses import dataclass

from ..analysis.coup_moments import coup_moments, full_shoe_odds
from ..content.answer_key import decimal_text
from ..content.answer_reading import AnswerError, read_number
from ..content.exercises import ChoiceExercise, ExerciseNotFound, find
from ..engine.driver import Driver
from ..engine.errors import ReplayError
from ..engine.randomness import SEED_BITS
from ..engine.records import CoupRecord
from ..engine.staged_links import parse_link
from ..engine.variants import VARIANTS
from .errors import ClassError
from .pool import CountedOrder, pool_of
from .storage import open_storage

MAX_NAME_CHARACTERS = 40
MAX_TABLES = 1_000  # tables joined to one class: thirty students, each game, each reload, with room to spare
SCHEMA = """
CREATE TABLE IF NOT EXISTS classes (code TEXT PRIMARY KEY, key_hash TEXT NOT NULL, title TEXT NOT NULL,
                                    opened REAL NOT NULL, asked TEXT, revealed INTEGER NOT NULL DEFAULT 0,
                                    stage_id INTEGER NOT NULL DEFAULT 0, stage_link TEXT);
CREATE TABLE IF NOT EXISTS students (id INTEGER PRIMARY KEY, class TEXT NOT NULL REFERENCES classes (code),
                                     name TEXT NOT NULL, variant TEXT NOT NULL, token_hash TEXT NOT NULL UNIQUE,
                                     seed INTEGER, counted INTEGER NOT NULL DEFAULT 0,
                                     net INTEGER NOT NULL DEFAULT 0, expected REAL NOT NULL DEFAULT 0,
                                     variance REAL NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS coups (student INTEGER NOT NULL REFERENCES students (id), number INTEGER NOT NULL,
                                  outcome TEXT NOT NULL, net INTEGER NOT NULL, digest TEXT NOT NULL,
                                  expected REAL, variance REAL, banked INTEGER, bank_net INTEGER, at REAL NOT NULL,
                                  PRIMARY KEY (student, number));
CREATE TABLE IF NOT EXISTS refusals (id INTEGER PRIMARY KEY, class TEXT NOT NULL, student INTEGER,
                                     reason TEXT NOT NULL, at REAL NOT NULL);
CREATE TABLE IF NOT EXISTS answers (student INTEGER NOT NULL REFERENCES students (id), exercise TEXT NOT NULL,
                                    answer TEXT NOT NULL, is_right INTEGER NOT NULL, at REAL NOT NULL,
                                    PRIMARY KEY (student, exercise));
CREATE INDEX IF NOT EXISTS coups_by_time ON coups (at, student, number);
CREATE INDEX IF NOT EXISTS coups_by_bank ON coups (banked);
"""
# A student's ticket for answers only (a lesson page, with no table): its variant is empty and it has no seed.
ANSWERS_ONLY = ""
MAX_REPLAYS_KEPT = 400  # sessions kept in memory, the latest reported (ClassLedger.report); one at coup 300 holds
# about 1.4 MB (benchmarks/bench_class.py: 428 MB for 300 students), and an evicted one is replayed whole once
# The sentences a refusal is stored with: the teacher's page counts them by sentence.
NOT_THE_CLASS_SHOE = "The session was not dealt from the shoe the class gave this table, so it was not counted."
DOES_NOT_CONTINUE = "The session does not continue the coups the class has already counted, so it was not counted."
NOTHING_NEW = "The report holds no coup the class has not counted already."
BALANCE_CHANGED = "The report's balance is not the one its coups add up to, so it was not counted."


@dataclass(frozen=True)
class Ticket:
    """What joining gives a table: its token (secret: it alone reports for this student) and its root seed."""

    token: str
    seed: int | None  # None: a ticket for answers only


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
    """The classes, students, counted coups, answers and refusals in one database ``where``: an SQLite file's
    path (or ``":memory:"``), or a PostgreSQL database's ``postgresql://`` URL."""

    def __init__(self, where: str):
        self.storage = open_storage(where)
        self.storage.script(SCHEMA)
        # Each student's session as last replayed, newest last: a report that continues it replays only
        # its new actions (Driver.continued). Without it a report at coup 300 replayed 300 coups
        # (benchmarks/bench_class.py). Memory only: after a restart the first report replays whole.
        self.orders: dict[str, CountedOrder] = {}  # each class's outcomes in the order counted, between polls
        # Each kept with how many of its coups are known to match the class's stored ones.
        self.replays: OrderedDict[int, tuple[Driver, int]] = OrderedDict()

    def close(self) -> None:
        self.storage.close()

    # -- the teacher's class and the students' tickets -------------------------------------------------
    def open_class(self, title: str) -> tuple[str, str]:
        """A new class: its short code (students join with it) and the teacher's key (kept only hashed)."""
        code, key = secrets.token_hex(3).upper(), secrets.token_urlsafe(18)
        self.storage.execute("INSERT INTO classes (code, key_hash, title, opened) VALUES (?, ?, ?, ?)",
                             (code, _hash(key), clean_name(title), time.time()))
        return code, key

    def is_teacher(self, code: str, key) -> bool:
        row = self.storage.one("SELECT key_hash FROM classes WHERE code = ?", (code,))
        return row is not None and isinstance(key, str) and secrets.compare_digest(row[0], _hash(key))

    def join(self, code, name, variant) -> Ticket:
        """A student's table joins class ``code`` to play ``variant``: a token and the shoe's root seed.
        ``variant`` None: a lesson page joins to send its answers (a token, no seed)."""
        if not isinstance(code, str) or self.storage.one("SELECT 1 FROM classes WHERE code = ?", (code,)) is None:
            raise ClassError("There is no class with that code; check the address the teacher gave.")
        if variant is not None and variant not in VARIANTS:
            raise ClassError("That game is not one of the class's.")
        if self.storage.one("SELECT COUNT(*) FROM students WHERE class = ?", (code,))[0] >= MAX_TABLES:
            raise ClassError("This class has as many tables as it can take; ask the teacher to open a new class.")
        token = secrets.token_urlsafe(24)
        seed = None if variant is None else secrets.randbits(SEED_BITS)
        self.storage.execute("INSERT INTO students (class, name, variant, token_hash, seed) VALUES (?, ?, ?, ?, ?)",
                             (code, clean_name(name), variant or ANSWERS_ONLY, _hash(token), seed))
        return Ticket(token, seed)

    def _student(self, token) -> tuple[int, str, str, int | None]:
        row = self.storage.one("SELECT id, class, variant, seed FROM students WHERE token_hash = ?",
                               (_hash(token) if isinstance(token, str) else "",))
        if row is None:
            raise ClassError("This table has not joined the class (or its ticket is not the class's).")
        return row

    # -- reports -------------------------------------------------------------------------------------
    def report(self, token, record) -> Receipt:
        """Count the coups of ``record`` (a session record) the class has not counted yet, as the engine
        replays them; refuse, with a stored sentence, anything else."""
        student, code, variant, seed = self._student(token)
        try:
            if not isinstance(record, dict) or record.get("variant") != variant or record.get("seeds") != [seed]:
                raise ReplayError(NOT_THE_CLASS_SHOE)
            kept, checked = self.replays.pop(student, (None, 0))
            driver = Driver.replayed(record) if kept is None else kept.continued(record)
            if record.get("summary") != driver.summary():  # the words a page shows: "4 hands, balance 90"
                raise ReplayError(BALANCE_CHANGED)
        except ReplayError as error:
            return self._refuse(code, student, str(error))
        if driver is not kept:
            checked = 0  # replayed whole: every coup is checked against the class's
        history = driver.table.history
        # Read and write as one: the student's row, read FOR UPDATE, makes a second report of this student (to
        # this server or another sharing the database) wait until this one is committed, so each coup counts once.
        with self.storage.transaction():
            (counted,) = self.storage.one("SELECT counted FROM students WHERE id = ? FOR UPDATE", (student,))
            # Only coups past those the kept replay already matched: a stored coup is never changed, and checking
            # all of them at every report cost a report at coup 300 five milliseconds (benchmarks/bench_class.py).
            known = dict(self.storage.rows("SELECT number, digest FROM coups WHERE student = ? AND number > ?",
                                           (student, checked)))
            digests = {coup.number: coup_digest(coup) for coup in history if coup.number > checked}
            continues = len(history) >= counted and all(known.get(number, digest) == digest
                                                        for number, digest in digests.items())
            new = [coup for coup in history if coup.number > counted] if continues else []
            facts = [coup_facts(driver, coup) for coup in new]
            now = time.time()
            for coup, (expected, variance, banked, bank_net) in zip(new, facts):
                self.storage.execute("INSERT INTO coups VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                                     (student, coup.number, coup.outcome.value, coup.net_of(0), digests[coup.number],
                                      expected, variance, banked, bank_net, now))
            if new:
                self.storage.execute("UPDATE students SET counted = ?, net = net + ?, expected = expected + ?, "
                                     "variance = variance + ? WHERE id = ?",
                                     (new[-1].number, sum(coup.net_of(0) for coup in new),
                                      sum(fact[0] or 0.0 for fact in facts), sum(fact[1] or 0.0 for fact in facts),
                                      student))
        if not continues:
            return self._refuse(code, student, DOES_NOT_CONTINUE)
        self.replays[student] = (driver, history[-1].number if history else 0)
        while len(self.replays) > MAX_REPLAYS_KEPT:
            self.replays.popitem(last=False)
        return Receipt(len(new)) if new else self._refuse(code, student, NOTHING_NEW)

    def _refuse(self, code: str, student: int, reason: str) -> Receipt:
        self.storage.execute("INSERT INTO refusals (class, student, reason, at) VALUES (?, ?, ?, ?)",
                             (code, student, reason, time.time()))
        return Receipt(0, reason)

    # -- a class's shared tables (issue 33) -------------------------------------------------------------
    def seat_student(self, code: str, name: str, variant: str) -> int:
        """A student sitting at one of the class's shared tables, counted in the pool like a joined table:
        their row's id. The class server plays that table itself, so its coups come with no report to check."""
        token = self.join(code, name, variant).token
        return self._student(token)[0]

    def count_table_coup(self, student: int, seat: int, coup: CoupRecord) -> None:
        """Count a finished coup of a shared table for the student at ``seat``: their net, their role."""
        banked = int(coup.banker == seat)
        bank_net = coup.net_of(coup.banker) if coup.banker is not None else None
        with self.storage.transaction():
            self.storage.execute("INSERT INTO coups VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                                 (student, coup.number, coup.outcome.value, coup.net_of(seat), coup_digest(coup),
                                  None, None, banked, bank_net, time.time()))
            # ``counted``: coups counted (a joined table's are numbered from 1, so there it is the last number too).
            self.storage.execute("UPDATE students SET counted = counted + 1, net = net + ? WHERE id = ?",
                                 (coup.net_of(seat), student))

    # -- class answers ---------------------------------------------------------------------------------
    def answer(self, token, exercise_id, given) -> None:
        """A student's answer to an exercise of the lessons (``"lesson/key"``; the text typed, or the position
        of the answer chosen), read as the lesson reads it; a student's later answer replaces the earlier."""
        student = self._student(token)[0]
        exercise = exercise_of(exercise_id)
        shown, is_right = read_answer(exercise, given)
        self.storage.execute("INSERT INTO answers VALUES (?, ?, ?, ?, ?) ON CONFLICT (student, exercise) DO UPDATE "
                             "SET answer = excluded.answer, is_right = excluded.is_right, at = excluded.at",
                             (student, exercise_id, shown, int(is_right), time.time()))

    def ask(self, code: str, exercise_id) -> None:
        """The teacher puts ``exercise_id`` (or None: nothing) on the class's screen; its answer is hidden."""
        if exercise_id is not None:
            exercise_of(exercise_id)
        self.storage.execute("UPDATE classes SET asked = ?, revealed = 0 WHERE code = ?", (exercise_id, code))

    def reveal(self, code: str) -> None:
        """The teacher shows the right answer of the exercise asked."""
        if self.storage.one("SELECT asked FROM classes WHERE code = ?", (code,))[0] is None:
            raise ClassError("Pick an exercise first; there is no answer to show yet.")
        self.storage.execute("UPDATE classes SET revealed = 1 WHERE code = ?", (code,))

    # -- one coup for everyone -------------------------------------------------------------------------
    def stage(self, code: str, link) -> int:
        """The teacher stages a coup for every joined table (a staged link's query, as
        :mod:`~baccarat_lessons.engine.staged_links` reads it), or None to stage none; its number."""
        if link is not None:
            if not isinstance(link, str) or len(link) > MAX_LINK_CHARACTERS:
                raise ClassError("A staged coup is the part of a staged link after the ?, such as "
                                 "variant=punto-banco&shoe=9S+KH+2D+3C.")
            parsed = parse_link(link)
            if parsed is None or not parsed.cards:
                raise ClassError("A staged coup needs its cards: add shoe=… to the link, such as "
                                 "variant=punto-banco&shoe=9S+KH+2D+3C.")
        self.storage.execute("UPDATE classes SET stage_id = stage_id + 1, stage_link = ? WHERE code = ?", (link, code))
        return self.staged(code)["id"]

    def staged(self, code: str) -> dict:
        """The coup staged for everyone: ``{"id", "link"}`` (``id`` 0 and ``link`` None before any)."""
        row = self.storage.one("SELECT stage_id, stage_link FROM classes WHERE code = ?", (code,))
        if row is None:
            raise ClassError("There is no class with that code; check the address the teacher gave.")
        return {"id": row[0], "link": row[1]}

    # -- the pool ------------------------------------------------------------------------------------
    def pool(self, code: str) -> dict:
        """The class's counted coups, as :func:`.pool.pool_of` gathers them."""
        return pool_of(self.storage, code, self.orders.setdefault(code, CountedOrder()))


MAX_LINK_CHARACTERS = 400


def exercise_of(exercise_id):
    """The lessons' exercise ``"lesson/key"``; a :class:`ClassError` with one sentence otherwise."""
    if not isinstance(exercise_id, str) or exercise_id.count("/") != 1 or len(exercise_id) > 100:
        raise ClassError("That is not an exercise of the lessons.")
    try:
        return find(*exercise_id.split("/"))
    except ExerciseNotFound:
        raise ClassError("That is not an exercise of the lessons.") from None


def read_answer(exercise, given) -> tuple[str, bool]:
    """``given`` as the class sees it (a number as the answer key writes it, or the choice's words) and whether
    it is right.

    >>> read_answer(find("counting_to_nine", "three-card-total"), " 1.0 ")
    ('1', True)
    """
    if isinstance(exercise, ChoiceExercise):
        if type(given) is not int or not 0 <= given < len(exercise.choices):
            raise ClassError("Choose one of the answers first.")
        choice = exercise.choices[given]
        return choice, exercise.is_right(choice)
    if not isinstance(given, str) or len(given) > 40:
        raise ClassError("Type a number in the box first.")
    try:
        number = read_number(given)
    except AnswerError as error:
        raise ClassError(str(error)) from None
    return decimal_text(number), exercise.is_right(number)


def coup_facts(driver: Driver, coup: CoupRecord) -> tuple[float | None, float | None, int | None, int | None]:
    """What the pool keeps of a coup beyond its result and the student's net: at Punto Banco and Mini the
    mean and variance of the student's bets (hundredths; :mod:`~baccarat_lessons.analysis.coup_moments`);
    at a seat-banked one whether the student held the bank (1) or punted (0), and the bank's net."""
    variant = driver.variant
    if variant.has_fixed_rules:
        settings = driver.table.settings
        odds = full_shoe_odds(settings.decks, settings.tie_pays, settings.banker_pays, variant.commission)
        mean, variance = coup_moments(((stake.hand, stake.amount) for stake in coup.stakes if stake.seat == 0), odds)
        return float(mean), float(variance), None, None
    return None, None, int(coup.banker == 0), coup.net_of(coup.banker) if coup.banker is not None else None
