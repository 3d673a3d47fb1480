"""The class server: students' tables join a class and report their coups; the teacher's page shows the pool.

``baccarat-lessons class`` runs it (tornado, which the Jupyter stack brings) over a :class:`.ledger.ClassLedger`
in SQLite, or in PostgreSQL, which several class servers may share (:mod:`.storage`). Its addresses, under
``/class/<CODE>``:

- ``POST join`` ``{"name", "variant"}`` → ``{"token", "seed"}``: a table joins, and is given its shoe's root seed;
- ``POST report`` ``{"token", "record"}`` → ``{"counted", "refused"}``: a table's session record after a
  finished coup, counted as the engine replays it (the ledger says how);
- ``POST answer`` ``{"token", "exercise", "answer"}`` → ``{"taken": true}``: a student's answer to an exercise of
  the lessons (``"lesson/key"``; the text typed, or the position of the choice); a lesson page joins with
  ``"variant": null`` for a token that only answers;
- ``GET pool``: the public pool (counts and the running counts: nothing of any one student); ``GET stage``: the coup the teacher
  staged for every table (``{"id", "link"}``: a joined table deals it next, once per ``id``);
- ``GET teacher?key=…``: the teacher's page, and ``teacher/pool.json``, ``teacher/course.json`` (what does not
  change: the exact odds, lesson 09's curve, the exercises), ``teacher/results.json`` and
  ``teacher/results.csv`` with the key: the pool with each student's name, coups and net;
- ``POST teacher/ask?key=…`` ``{"exercise"}``, ``teacher/reveal`` and ``teacher/stage`` ``{"link"}``: the
  teacher's actions (an exercise on the screen, its answer shown, a coup staged for everyone).

Join and report answer any origin (the browser edition may be served from anywhere; no cookie is ever
read, and the token a join returns is what a report needs); the teacher's addresses answer only with the
key. Every body is size-limited JSON, every field checked, and a refusal is one sentence
(``{"said": …}``) with a 4xx status; each ticket may report a few times a second at most, one network
join a few tables a second at most, and a class holds at most a thousand tables.
"""

from __future__ import annotations

import csv
import io
import json
import time
from html import escape
from importlib.resources import files
from pathlib import Path
from typing import Callable

import tornado.web

from ..analysis.exact import coup_chances
from ..analysis.lessons.ahead import ahead_chances
from ..content.exercises import all_exercises
from ..content.teacher_kit.lessons import course, default_notebooks
from ..engine.errors import BaccaratError
from ..engine.session_record import MAX_RECORD_BYTES
from ..engine.variants import VARIANTS
from .ledger import ClassLedger
from .storage import is_postgresql, shown

MAX_BODY_BYTES = MAX_RECORD_BYTES + 2_000  # a record and its envelope
REPORTS_PER_SECOND = 5  # a table reports once per finished coup: a few a second is already a burst
JOINS_PER_MINUTE = 600  # from one address: thirty students behind one school router, each opening every game
NOT_JSON = "The class server did not understand that message; nothing was changed."
AHEAD_ROUNDS = 1_200  # lesson 09's curve, as far as its own table follows it


def course_facts() -> dict:
    """What the teacher's page draws beside the class's own numbers, worked out once: the exact chances of a
    coup, lesson 09's exact chance of being ahead after 1 … 1,200 one-chip Banker bets, the exercises."""
    return {"exact": coup_chances(), "ahead": [round(float(chance), 6) for chance in ahead_chances(AHEAD_ROUNDS)],
            "games": {key: variant.name for key, variant in VARIANTS.items()}, "exercises": exercises_in_order()}


def exercises_in_order() -> list[dict]:
    """Every exercise of the lessons as the teacher picks it: in the course's order under each lesson's title,
    read from the lesson notebooks; by lesson name where this installation has no notebooks."""
    try:
        lessons = [(lesson.stem, lesson.title, lesson.exercises) for lesson in course(default_notebooks())]
    except (OSError, LookupError):
        lessons = []
    if not lessons:
        lessons = [(stem, stem.replace("_", " ").capitalize(), exercises) for stem, exercises in all_exercises().items()]
    return [{"id": f"{stem}/{exercise.key}", "lesson": title, "prompt": exercise.prompt}
            for stem, title, exercises in lessons for exercise in exercises]


class Refusal(Exception):
    """A request the class server refuses: ``status`` and the sentence it answers with."""

    def __init__(self, status: int, said: str):
        super().__init__(said)
        self.status, self.said = status, said


class ClassHandler(tornado.web.RequestHandler):
    """What every address shares: JSON in and out, refusals as one sentence, no content sniffing."""

    def initialize(self, ledger: ClassLedger, limits: dict, course: dict) -> None:
        self.ledger, self.limits, self.course = ledger, limits, course

    def set_default_headers(self) -> None:
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Cache-Control", "no-store")

    def answer(self, value) -> None:
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.finish(json.dumps(value, ensure_ascii=False))

    def body_json(self) -> dict:
        if len(self.request.body) > MAX_BODY_BYTES:
            raise Refusal(413, "That message is too long for the class server; nothing was changed.")
        try:
            value = json.loads(self.request.body or b"")
        except (ValueError, RecursionError):
            raise Refusal(400, NOT_JSON) from None
        if not isinstance(value, dict):
            raise Refusal(400, NOT_JSON)
        return value

    def write_error(self, status_code: int, **kwargs) -> None:
        # A refusal is answered by guarded(); what reaches here is a bug, logged by tornado.
        self.answer({"said": "The class server could not answer that; nothing was changed."})

    def guarded(self, action) -> None:
        try:
            action()
        except Refusal as refusal:
            self.set_status(refusal.status)
            self.answer({"said": refusal.said})
        except BaccaratError as error:
            self.set_status(400)
            self.answer({"said": str(error)})


class TableHandler(ClassHandler):
    """Join, report, answer and the staged coup: reached from a student's page on any origin."""

    methods = "POST, OPTIONS"

    def set_default_headers(self) -> None:
        super().set_default_headers()
        self.set_header("Access-Control-Allow-Origin", "*")
        self.set_header("Access-Control-Allow-Headers", "Content-Type")
        self.set_header("Access-Control-Allow-Methods", self.methods)

    def options(self, *args) -> None:
        self.set_status(204)
        self.finish()

    def limited_token(self, body: dict, too_fast: str) -> str:
        """The body's ticket token, once this token has not sent more than a few messages in the last second."""
        token = body.get("token")
        if not isinstance(token, str) or len(token) > 100:
            raise Refusal(400, "This table has not joined the class (or its ticket is not the class's).")
        now, recent = time.monotonic(), self.limits.setdefault(token, [])
        recent[:] = [at for at in recent if now - at < 1.0]
        if len(recent) >= REPORTS_PER_SECOND:
            raise Refusal(429, too_fast)
        recent.append(now)
        return token


class JoinHandler(TableHandler):
    def post(self, code: str) -> None:
        self.guarded(lambda: self._join(code))

    def _join(self, code: str) -> None:
        now, recent = time.monotonic(), self.limits.setdefault(("join", self.request.remote_ip), [])
        recent[:] = [at for at in recent if now - at < 60.0]
        if len(recent) >= JOINS_PER_MINUTE:
            raise Refusal(429, "Too many tables joined from this network in a minute; try again in a minute.")
        recent.append(now)
        body = self.body_json()
        ticket = self.ledger.join(code, body.get("name"), body.get("variant"))
        self.answer({"token": ticket.token, "seed": ticket.seed})


class ReportHandler(TableHandler):
    def post(self, code: str) -> None:
        self.guarded(lambda: self._report(code))

    def _report(self, code: str) -> None:
        body = self.body_json()
        token = self.limited_token(body, "This table reports faster than coups are played; the report was not read.")
        receipt = self.ledger.report(token, body.get("record"))
        self.answer({"counted": receipt.counted, "refused": receipt.refused})


class AnswerHandler(TableHandler):
    def post(self, code: str) -> None:
        self.guarded(lambda: self._answer(code))

    def _answer(self, code: str) -> None:
        body = self.body_json()
        token = self.limited_token(body, "Answers came faster than anyone types them; this one was not read.")
        self.ledger.answer(token, body.get("exercise"), body.get("answer"))
        self.answer({"taken": True})


class StageHandler(TableHandler):
    """The coup staged for everyone: public, as a staged link is."""

    methods = "GET, OPTIONS"

    def get(self, code: str) -> None:
        self.guarded(lambda: self.answer(self.ledger.staged(code)))


class PoolHandler(ClassHandler):
    """The public pool: the class's counts, nothing of any one student."""

    def get(self, code: str) -> None:
        pool = self.ledger.pool(code)
        self.answer({name: pool[name] for name in ("students", "coups", "banker", "player", "tie", "refused", "running")})


class TeacherHandler(ClassHandler):
    """The teacher's page and data: only with the class's key."""

    def prepare(self) -> None:
        code = self.path_args[0] if self.path_args else ""
        if not self.ledger.is_teacher(code, self.get_query_argument("key", None)):
            self.set_status(403)
            self.answer({"said": "This is the teacher's page of a class; its address carries the teacher's key."})

    def get(self, code: str, what: str = "") -> None:
        if what in ("ask", "reveal", "stage"):
            self.set_status(405)
            return self.answer({"said": "The teacher's actions are sent from the teacher's page."})
        if what == "course.json":
            return self.answer(self.course)
        pool = self.ledger.pool(code)
        if what == "pool.json":
            return self.answer({**pool, "exact": self.course["exact"]})
        if what == "results.json":
            self.set_header("Content-Disposition", f'attachment; filename="class-{code}-results.json"')
            return self.answer(results(pool))
        if what == "results.csv":
            self.set_header("Content-Type", "text/csv; charset=utf-8")
            self.set_header("Content-Disposition", f'attachment; filename="class-{code}-results.csv"')
            return self.finish(results_csv(pool))
        page = files(__package__).joinpath("teacher.html").read_text(encoding="utf-8")
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Content-Security-Policy", "default-src 'self'; style-src 'self' 'unsafe-inline'")
        self.finish(page.replace("{{CODE}}", escape(code)))

    def post(self, code: str, what: str = "") -> None:
        self.guarded(lambda: self._act(code, what))

    def _act(self, code: str, what: str) -> None:
        body = self.body_json()
        if what == "ask":
            self.ledger.ask(code, body.get("exercise"))
        elif what == "reveal":
            self.ledger.reveal(code)
        elif what == "stage":
            self.ledger.stage(code, body.get("link"))
        else:
            raise Refusal(404, "The teacher's page has no such action.")
        self.answer({"pool": self.ledger.pool(code)})


class TeacherScript(tornado.web.RequestHandler):
    def get(self) -> None:
        self.set_header("Content-Type", "text/javascript; charset=utf-8")
        self.finish(files(__package__).joinpath("teacher.js").read_text(encoding="utf-8"))


def results(pool: dict) -> dict:
    """The pooled data as results.json holds it: the counts, and one entry per student (net in chips)."""
    chips = ("net", "expected", "sd")  # hundredths in the ledger, chips here
    return {**{name: pool[name] for name in ("students", "coups", "banker", "player", "tie", "refused")},
            "refusals": pool["refusals"], "seat_banked": pool["seat_banked"],
            "per_student": [{key: value / 100 if key in chips else value for key, value in student.items()}
                            for student in pool["per_student"]]}


def results_csv(pool: dict) -> str:
    """One row per student: name, game, coups counted, net in chips."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["name", "game", "coups", "net"])
    for student in pool["per_student"]:
        # A spreadsheet runs a cell that starts with = + - @: such a name is written as text.
        name = "'" + student["name"] if student["name"][:1] in "=+-@" else student["name"]
        writer.writerow([name, student["variant"], student["coups"], f"{student['net'] / 100:.2f}"])
    return out.getvalue()


def make_app(ledger: ClassLedger, more: Callable[[ClassLedger, dict], list] | None = None,
             **app_settings) -> tornado.web.Application:
    """The class server's application; ``more(ledger, settings)`` adds addresses of a layer above this one
    (the shared tables: :func:`baccarat_lessons.class_tables.handlers.table_handlers`)."""
    # The exact chances and lesson 09's curve are the same for every poll of the teacher's page: worked out once.
    settings = {"ledger": ledger, "limits": {}, "course": course_facts()}
    code = r"/class/([0-9A-F]{6})"
    return tornado.web.Application([*(more(ledger, settings) if more else ()),
        (code + r"/join", JoinHandler, settings),
        (code + r"/report", ReportHandler, settings),
        (code + r"/answer", AnswerHandler, settings),
        (code + r"/stage", StageHandler, settings),
        (code + r"/pool", PoolHandler, settings),
        (code + r"/teacher", TeacherHandler, settings),
        (code + r"/teacher/(pool\.json|course\.json|results\.json|results\.csv|ask|reveal|stage)", TeacherHandler,
         settings),
        (r"/teacher\.js", TeacherScript),
    ], **app_settings)


def teacher_file_of(db: str) -> Path:
    """Where the class's code and teacher's key are kept unless the command says: beside an SQLite file, in
    ``<db>.teacher``; for a PostgreSQL database, ``class.teacher`` in the current folder (each class server
    sharing the database is given a copy, and so serves the same class).

    >>> teacher_file_of("postgresql://teacher@db.school/classes").name, teacher_file_of("class.sqlite").name
    ('class.teacher', 'class.sqlite.teacher')
    """
    return Path("class.teacher" if is_postgresql(db) else db + ".teacher").resolve()


def class_of(ledger: ClassLedger, kept: Path, title: str) -> tuple[str, str]:
    """The class the ledger holds and its teacher's key, kept in the file ``kept`` (readable by its owner
    only: the ledger keeps the key only hashed), or a new class if there is none yet."""
    if kept.is_file():
        code, key = kept.read_text(encoding="utf-8").split()
        if ledger.is_teacher(code, key):
            return code, key
    code, key = ledger.open_class(title)
    kept.touch(mode=0o600)
    kept.write_text(f"{code} {key}\n", encoding="utf-8")
    return code, key


def serve_class(db: str, ip: str, port: int, title: str = "Baccarat lessons class", teacher_file: str | None = None,
                make: Callable[[ClassLedger], tornado.web.Application] = make_app) -> None:
    """Run the class server over ``db`` (an SQLite file's path or a PostgreSQL URL) until interrupted: print
    the teacher's address and the one students join."""
    import asyncio  # noqa: PLC0415 - only the command runs a server

    ledger = ClassLedger(db)
    code, key = class_of(ledger, Path(teacher_file).resolve() if teacher_file else teacher_file_of(db), title)
    host = "127.0.0.1" if ip in ("0.0.0.0", "") else ip
    join = f"http://{host}:{port}/class/{code}"
    print(f"Class {code} is open (its coups are kept in {shown(db)}).\n"
          f"  The teacher's page (keep this address to yourself): {join}/teacher?key={key}\n"
          f"  Students join with: {join}\n"
          f"  A link that joins in one step: <the app's address>?class={join}&name=<display name>", flush=True)

    async def run() -> None:
        make(ledger).listen(port, address=ip, max_body_size=MAX_BODY_BYTES)
        await asyncio.Event().wait()

    try:
        asyncio.run(run())
    finally:
        ledger.close()
