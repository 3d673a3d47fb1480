"""The class server's shared tables: the teacher opens them, students sit at them, a projector watches.

Under ``/class/<CODE>``:

- ``POST teacher/tables?key=…`` ``{"variant", "students", "seconds"}`` → ``{"table": {...}, "link"}``: the teacher
  opens a Chemin de Fer or Banque table with seats for 2–6 students (bots fill the rest), each decision given
  ``seconds`` (10–600); ``GET teacher/tables.json?key=…``: the class's tables, who sits where;
  ``POST teacher/tables/close?key=…`` ``{"id"}``: a table is closed;
- ``GET tables``: the class's open tables with their free student seats (``{"tables": [{"id", "name", "variant",
  "free"}]}``, any origin: a joined app's class line offers to sit down);
- ``GET table/<ID>``: the table's page (``?name=`` fills in the student's name; ``?watch`` opens the onlooker's view,
  the projector's: what every seat may know, and nothing else);
- ``table/<ID>/socket``, a WebSocket: the page's first message is ``{"kind": "SIT", "name", "ticket"}`` (the
  ticket a page kept takes its seat back) or ``{"kind": "WATCH"}``; the server answers ``{"kind": "seated", "seat",
  "ticket", "name"}`` (or ``{"kind": "refused", "text"}``), then the seat's page messages (those of the browser
  edition's worker table: ``state``, ``records``, ``errors``), and the page sends the surface's clicks. Every
  message is size-limited JSON, checked by the seat's surface like any click; a connection sending more than a
  few dozen messages a second is closed.
- ``table-files/<name>``: the page's module and stylesheet: the same table surface as every other edition.
"""

from __future__ import annotations

import json
import sys
import time
from html import escape
from importlib.resources import files

import tornado.ioloop
import tornado.web
import tornado.websocket

from ..classroom.ledger import ClassLedger
from ..classroom.server import ClassHandler, Refusal, TeacherHandler
from ..classroom.table_store import TableStore
from ..engine.errors import BaccaratError, ReplayError
from ..site.page_parts import stylesheet, table_frame
from ..widgets.surface.served import MODULE_TEXT
from .room import DEFAULT_SECONDS, HOLD_SECONDS, MIN_SECONDS, TableRoom

MAX_MESSAGE_BYTES = 8_000  # a click is under 200 bytes; a SIT with its name and ticket under 300
MESSAGES_PER_SECOND = 40  # a page sends a click, SHOWN, PAGE and REVEALED: a few a second at most
TABLE_ID = r"([0-9A-F]{8})"
SITE = files("baccarat_lessons.site")
HERE = files(__package__)
# The page's files: the surface (one module of widgets/surface/*.js), the browser edition's model and frame
# (python.js's PostedModel, tables.js and the guide.js it imports) and this page's own script.
PAGE_FILES = {
    "surface.js": lambda: MODULE_TEXT,
    "python.js": lambda: SITE.joinpath("python.js").read_text(encoding="utf-8"),
    "tables.js": lambda: SITE.joinpath("tables.js").read_text(encoding="utf-8"),
    "guide.js": lambda: SITE.joinpath("guide.js").read_text(encoding="utf-8"),
    "table_page.js": lambda: HERE.joinpath("table_page.js").read_text(encoding="utf-8"),
    "style.css": stylesheet,
}


class Rooms:
    """Every shared table the server plays, by id; those the database kept are resumed when it starts."""

    def __init__(self, ledger: ClassLedger, hold_seconds: float = HOLD_SECONDS, min_seconds: int = MIN_SECONDS,
                 server: str = ""):
        self.ledger = ledger
        self.hold_seconds, self.min_seconds = hold_seconds, min_seconds  # a test's server holds seats seconds, not minutes
        self.store = TableStore(ledger.storage, server)
        self.rooms: dict[str, TableRoom] = {}
        self.loop = None

    def started(self) -> None:
        """On the server's loop, once: the kept tables resumed (a restart mid-coup goes on where it was)."""
        if self.loop is None:
            self.loop = tornado.ioloop.IOLoop.current().asyncio_loop
            for kept in self.store.open_tables():
                try:
                    self.rooms[kept.id] = TableRoom.resumed(kept, self.store, self.ledger, self.loop, self.hold_seconds)
                except ReplayError as error:  # a record this server cannot play again: the table is closed, said so
                    self.store.close(kept.id)
                    print(f"Table {kept.id} of class {kept.code} could not be resumed and is closed: {error}",
                          file=sys.stderr, flush=True)

    def open(self, code: str, variant, students, seconds) -> TableRoom:
        self.started()
        room = TableRoom.opened(code, variant, students, seconds, self.store, self.ledger, self.loop,
                                self.hold_seconds, self.min_seconds)
        self.rooms[room.id] = room
        return room

    def of_class(self, code: str, table_id: str) -> TableRoom:
        self.started()
        room = self.rooms.get(table_id)
        if room is None or room.code != code:
            raise Refusal(404, "There is no such table in this class; check the link the teacher gave.")
        return room


class TeacherTables(TeacherHandler):
    """The teacher's tables: open one, list them, close one (with the class's key)."""

    def initialize(self, rooms: Rooms, **settings) -> None:
        super().initialize(**settings)
        self.rooms = rooms

    def get(self, code: str, what: str = "") -> None:
        if what != "tables.json":
            self.set_status(405)
            return self.answer({"said": "The teacher's actions are sent from the teacher's page."})
        self.rooms.started()
        self.answer({"tables": [room.summary() for room in self.rooms.rooms.values()
                                if room.code == code and not room.closed]})

    def _act(self, code: str, what: str) -> None:
        body = self.body_json()
        if what == "tables":
            room = self.rooms.open(code, body.get("variant"), body.get("students"),
                                   body.get("seconds", DEFAULT_SECONDS))
            return self.answer({"table": room.summary(), "link": f"table/{room.id}"})
        if what == "tables/close":
            table_id = body.get("id")
            self.rooms.of_class(code, table_id if isinstance(table_id, str) else "").close()
            return self.answer({"closed": table_id})
        raise Refusal(404, "The teacher's page has no such action.")


class PublicTables(ClassHandler):
    """``GET tables``: the class's open tables and their free student seats (no name of anyone at them), for the
    class line of a joined app in either edition, which offers a link to sit down; any origin, as ``pool``."""

    def initialize(self, rooms: Rooms, **settings) -> None:
        super().initialize(**settings)
        self.rooms = rooms

    def set_default_headers(self) -> None:
        super().set_default_headers()
        self.set_header("Access-Control-Allow-Origin", "*")

    def get(self, code: str) -> None:
        self.rooms.started()
        self.answer({"tables": [room.public() for room in self.rooms.rooms.values()
                                if room.code == code and not room.closed and room.people.table.over_reason() is None]})


class TablePage(ClassHandler):
    """The page of one shared table, for a student (or, with ``?watch``, a projector)."""

    def initialize(self, rooms: Rooms, **settings) -> None:
        super().initialize(**settings)
        self.rooms = rooms

    def get(self, code: str, table_id: str) -> None:
        try:
            room = self.rooms.of_class(code, table_id)
        except Refusal as refusal:
            self.set_status(refusal.status)
            self.set_header("Content-Type", "text/plain; charset=utf-8")
            return self.finish(refusal.said)
        variant = room.people.variant
        config = {"code": code, "table": table_id, "variant": variant.key, "socket": f"{table_id}/socket",
                  "files": "../../../table-files/"}
        page = HERE.joinpath("table.html").read_text(encoding="utf-8")
        for name, value in {"TITLE": escape(f"{variant.name} · class {code}"), "NAME": escape(variant.name),
                            "CODE": escape(code), "FRAME": table_frame(variant),
                            "CONFIG": escape(json.dumps(config), quote=False)}.items():
            page = page.replace("{{" + name + "}}", value)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        # Nothing but this server: its own files and its own socket.
        self.set_header("Content-Security-Policy", "default-src 'self'; style-src 'self' 'unsafe-inline'; "
                                                   "img-src 'self' data:; connect-src 'self'")
        self.finish(page)


class TableFile(tornado.web.RequestHandler):
    def get(self, name: str) -> None:
        make = PAGE_FILES.get(name)
        if make is None:
            raise tornado.web.HTTPError(404)
        kind = "text/css" if name.endswith(".css") else "text/javascript"
        self.set_header("Content-Type", f"{kind}; charset=utf-8")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.finish(make())


class TableSocket(tornado.websocket.WebSocketHandler):
    """One page's connection to a shared table (see the module for what travels on it). Only this server's own
    table page may open it (tornado's same-origin check, kept): the apps of either edition link to that page."""

    def initialize(self, rooms: Rooms) -> None:
        self.rooms = rooms
        self.room: TableRoom | None = None
        self.seat: int | None = None
        self.recent: list[float] = []

    def open(self, code: str, table_id: str) -> None:
        try:
            self.room = self.rooms.of_class(code, table_id)
        except Refusal as refusal:
            self.send({"kind": "refused", "text": refusal.said})
            self.close()

    def send(self, message: dict) -> None:
        if self.ws_connection is not None and not self.ws_connection.is_closing():
            self.write_message(json.dumps(message, ensure_ascii=False, separators=(",", ":")))

    def on_message(self, text) -> None:
        if self.room is None:
            return
        now = time.monotonic()
        self.recent = [at for at in self.recent if now - at < 1.0] + [now]
        if len(self.recent) > MESSAGES_PER_SECOND or len(text) > MAX_MESSAGE_BYTES:
            self.close(1008, "Too many messages, or one too long.")
            return
        try:
            content = json.loads(text)
        except (ValueError, RecursionError):
            return self.send({"kind": "refused", "text": "The table did not understand that message; nothing was changed."})
        kind = content.get("kind") if isinstance(content, dict) else None
        try:
            if kind == "SIT" and not self._placed:
                self.seat, ticket = self.room.sit(self, content.get("name"), content.get("ticket"))
                self._placed = True
                self.send({"kind": "seated", "seat": self.seat, "ticket": ticket,
                           "name": self.room.holders[self.seat].name})
            elif kind == "WATCH" and not self._placed:
                self._placed = True
                self.seat = None
                self.room.watch(self)
            elif not self._placed:
                self.send({"kind": "refused", "text": "Take a seat first: give your name."})
            elif self.seat is not None and not self.room.holds(self.seat, self):
                self.send({"kind": "refused", "text": "Your seat went to a bot while you were away; reload the page "
                                                      "to sit down again."})
            else:
                self.room.heard(self.seat, content)
        except BaccaratError as error:
            self.send({"kind": "refused", "text": str(error)})

    _placed = False

    def on_close(self) -> None:
        if self.room is not None:
            self.room.gone(self)


def table_handlers(ledger: ClassLedger, settings: dict, hold_seconds: float = HOLD_SECONDS,
                   min_seconds: int = MIN_SECONDS, rooms: Rooms | None = None, server: str = "") -> list:
    """The shared tables' addresses, to add to the class server's (:func:`baccarat_lessons.classroom.server.make_app`);
    ``rooms``: the tables to serve (a test's, holding tables it dealt itself), else the tables of ``server`` (this
    server's name in the database: its host and port)."""
    rooms = rooms or Rooms(ledger, hold_seconds, min_seconds, server)
    shared = {"rooms": rooms, **settings}
    code = r"/class/([0-9A-F]{6})"
    return [
        (code + r"/teacher/(tables\.json|tables|tables/close)", TeacherTables, shared),
        (code + r"/tables", PublicTables, shared),
        (code + r"/table/" + TABLE_ID, TablePage, shared),
        (code + r"/table/" + TABLE_ID + r"/socket", TableSocket, {"rooms": rooms}),
        (r"/table-files/([a-z_]+\.(?:js|css))", TableFile),
    ]
