"""A kernel's tables in a class: join the class server, report each coup shown, say how it stands.

The server edition (the app under Voilà) joins a class from its kernel, not from the student's page:
the kernel asks the class server (:mod:`.server`) for each table's ticket, starts that table's session
from the root seed the class dealt, and after each coup shown posts the session's record itself. So the
seed, the token and the record never pass through the student's browser (the page keeps only the
sealed record, :mod:`baccarat_lessons.widgets.surface.sealing`), and the class server replays every
report the same way, whichever edition sent it. The browser edition does the same from its page
(``site/class.js``, whose sentences and address check these are).

:func:`class_address` reads a join address as ``class.js`` does: http or https, the path
``/class/<six upper-case hex digits>``, no query and no fragment.

>>> class_address("http://127.0.0.1:8000/class/0A1B2C/")
'http://127.0.0.1:8000/class/0A1B2C'
>>> [class_address(text) for text in ("http://host/class/0a1b2c", "ftp://host/class/0A1B2C",
...                                   "http://host/class/0A1B2C?key=1", "http://host/class/0A1B2C#x", "")]
[None, None, None, None, None]
>>> class_query("?class=http://host/class/0A1B2C&name=Ann&variant=mini-baccarat")
(('http://host/class/0A1B2C', 'Ann'), 'variant=mini-baccarat')
>>> class_query("?variant=mini-baccarat")
(None, '?variant=mini-baccarat')

:class:`ClassClient` does the talking, on a thread of its own (a request may wait five seconds; the
kernel must answer clicks meanwhile). Only the newest record of a table is ever needed (it holds the
whole session), so one that could not be sent is kept, replaced by a newer one, and sent again every
three seconds while the server is out of reach; the server counts each coup once. It also asks every
three seconds for the coup the teacher staged for everyone (``GET stage``) and hands each new one's link
to ``on_stage`` once, and every five which of the class's shared tables have a free seat (``GET tables``),
handing ``on_tables`` their links when they change.

The standard library only: it imports in the browser edition's Python too, where threads cannot start
and the page does the talking (``class.js``), so only :func:`class_address` and :func:`class_query`
are used there.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import re
import sys
import threading
import time
import traceback
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any, Callable
from urllib.parse import parse_qsl, quote, urlencode, urlsplit

JOIN_PATH = re.compile(r"/class/[0-9A-F]{6}/?")
TIMEOUT_SECONDS = 5.0  # every request: a class server that does not answer is out of reach
RETRY_SECONDS = 3.0  # a report kept while the class server is out of reach is sent again this often
STAGE_SECONDS = 3.0  # how often a joined kernel asks for the coup the teacher staged for everyone
MAX_LINK_CHARACTERS = 400  # a staged coup's link (the class server's own limit)
MAX_NAME_CHARACTERS = 40  # class.js's slice; the class server cleans the name and may shorten it again
MAX_ANSWER_BYTES = 100_000  # a class server's answer is a few hundred bytes
OUT_OF_REACH = "The class server could not be reached."
UNREADABLE = "The class server's answer could not be read."

Json = dict[str, Any]
Say = Callable[[str, str], None]  # (sentence, tone): "info", "refused" or "done"
HandOver = Callable[[Callable[[], None]], None]


def class_address(text: object) -> str | None:
    """The join address ``text`` names, without a trailing slash, or None if it is not one (see the module)."""
    if not isinstance(text, str) or not text.strip():
        return None
    try:
        parts = urlsplit(text.strip())
        parts.port  # noqa: B018 - a port that is not a number raises here
    except ValueError:
        return None
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        return None
    if "?" in text or "#" in text or not JOIN_PATH.fullmatch(parts.path):
        return None
    return f"{parts.scheme.lower()}://{parts.netloc}{parts.path.rstrip('/')}"


def class_query(query: str) -> tuple[tuple[str, str] | None, str]:
    """A page's query string split in two: the class it joins (``class`` and ``name``, as given: checked
    where they are used) or None, and the rest of the query (a staged link, read by its own parser)."""
    fields = parse_qsl((query or "").lstrip("?"), keep_blank_values=True)
    ours = [(key, value) for key, value in fields if key in ("class", "name")]
    if not ours:
        return None, query
    given: dict[str, str] = {}
    for key, value in ours:
        given.setdefault(key, value)
    if [key for key, _ in ours].count("class") > 1:
        given["class"] = ""  # given twice: not one address (class_address refuses it)
    rest = urlencode([(key, value) for key, value in fields if key not in ("class", "name")])
    return (given.get("class", ""), given.get("name", "")), rest


def on_this_thread() -> HandOver:
    """How a client hands its news to the thread that made it: the kernel's event loop, if one is running
    here (``call_soon_threadsafe``), else at once on the client's own thread (a script, a test).

    Why not set the widgets from the client's thread: ipykernel does send a comm message from any thread,
    but the tables are not thread-safe (a session started while the main thread answers a click would mix
    two redraws), and a widget changed meanwhile could reach the page half-updated. On the loop, each
    sentence and each new session runs between two of the page's messages, like a click."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return lambda action: action()

    def hand_over(action: Callable[[], None]) -> None:
        try:
            loop.call_soon_threadsafe(action)
        except RuntimeError:  # the loop is closed: the kernel is shutting down, nobody is listening
            pass

    return hand_over


class Refused(Exception):
    """The class server answered with a refusal; ``said`` is its sentence."""

    def __init__(self, said: str):
        super().__init__(said)
        self.said = said


class OutOfReach(Exception):
    """The class server did not answer (refused the connection, timed out, or broke off)."""


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """A class server answers where it was asked: a redirect is refused, so a page's address cannot send
    the kernel's requests anywhere else."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


_OPENER = urllib.request.build_opener(_NoRedirect)


def _answer(body: bytes) -> Json:
    try:
        value = json.loads(body)
    except (ValueError, RecursionError):
        return {}
    return value if isinstance(value, dict) else {}


def post(address: str, body: Json | None) -> Json:
    """POST ``body`` as JSON to ``address`` (GET if it is None) and return the JSON answer; raises
    :class:`Refused` (a 4xx with its sentence, or an answer that cannot be read) or :class:`OutOfReach`."""
    data = None if body is None else json.dumps(body).encode("utf-8")
    request = urllib.request.Request(address, data=data, method="GET" if body is None else "POST",
                                     headers={"Content-Type": "application/json"})
    try:
        with _OPENER.open(request, timeout=TIMEOUT_SECONDS) as response:
            answer = _answer(response.read(MAX_ANSWER_BYTES))
    except urllib.error.HTTPError as error:
        try:
            said = _answer(error.read(MAX_ANSWER_BYTES)).get("said")
        except (OSError, http.client.HTTPException):  # a refusal whose sentence broke off (a body too long)
            said = None
        raise Refused(said if isinstance(said, str) and said else UNREADABLE) from None
    except (OSError, http.client.HTTPException):  # URLError, a timeout, a reset: all out of reach
        raise OutOfReach(OUT_OF_REACH) from None
    if not answer:
        raise Refused(UNREADABLE)
    return answer


@dataclass
class _Ticket:
    """A table's place in the class: its token once joined, and the newest record not yet counted."""

    token: str | None = None
    started: bool = False  # its class session has begun on the table (records before it are not the class's)
    counted: int = 0
    pending: Json | None = None
    retry_at: float = 0.0  # monotonic time before which a kept record is not sent again


TABLES_SECONDS = 5.0  # how often a joined kernel asks which of the class's shared tables have a free seat
TABLE_ID = re.compile(r"[0-9A-F]{8}")
MAX_TABLES_SHOWN = 10
URI_COMPONENT_SAFE = "!~*'()"  # what JavaScript's encodeURIComponent leaves as it is, besides letters, digits and -_.


def table_links(address: str, name: str, answer: Json) -> list[dict]:
    """The class's shared tables with a free seat, from the class server's ``GET tables`` answer, as the class
    line shows them: ``{"text", "link"}``, the link opening the table's page with the student's name (the page
    is the class server's: it works whichever edition the student plays in). class.js's ``tableLinks`` is the same.

    >>> table_links("http://h:8870/class/0A1B2C", "Ann Lee", {"tables": [
    ...     {"id": "00C0FFEE", "name": "Chemin de Fer", "free": 2}, {"id": "00C0FFED", "name": "Banque", "free": 0},
    ...     {"id": "../x", "name": "Chemin de Fer", "free": 1}]})
    [{'text': 'Chemin de Fer: 2 seats free', 'link': 'http://h:8870/class/0A1B2C/table/00C0FFEE?name=Ann%20Lee'}]
    """
    tables = answer.get("tables")
    links = []
    for table in tables if isinstance(tables, list) else []:
        if not isinstance(table, dict):
            continue
        ident, game, free = table.get("id"), table.get("name"), table.get("free")
        if isinstance(ident, str) and TABLE_ID.fullmatch(ident) and isinstance(game, str) and type(free) is int and free > 0:
            links.append({"text": f"{game[:40]}: {free} seat{'' if free == 1 else 's'} free",
                          "link": f"{address}/table/{ident}?name={quote(name, safe=URI_COMPONENT_SAFE)}"})
    return links[:MAX_TABLES_SHOWN]


class ClassClient:
    """A kernel's tables in the class at ``address`` (a :func:`class_address`) as ``name``.

    :meth:`join` joins one table per variant, each with its own ticket; :meth:`report` hands over a
    table's newest record. ``say(sentence, tone)`` shows the class's status line, with class.js's
    sentences ("In class 0A1B2C (host:port) as Ann: 3 coups counted."). ``on_stage(link)`` opens a coup the
    teacher staged (a staged link's query), once per staging. ``say``, ``on_stage`` and a joined table's
    ``start(seed)`` are called through ``hand_over`` (:func:`on_this_thread` by default: the kernel's
    loop), never from the client's own thread. :meth:`close` stops it (a class joined anew replaces it).
    """

    def __init__(self, address: str, name: str, say: Say, hand_over: HandOver | None = None,
                 on_stage: Callable[[str], Any] | None = None, on_tables: Callable[[list], Any] | None = None):
        self.address, self.name = address, name[:MAX_NAME_CHARACTERS]
        where = urlsplit(address)
        self.code, self.host = where.path.split("/")[2], where.netloc
        self._say, self._hand_over = say, hand_over or on_this_thread()
        self._tickets: dict[str, _Ticket] = {}
        self._joins: list[tuple[str, _Ticket, Callable[[int], Any]]] = []
        self._on_stage = on_stage
        self._stage_at = 0.0 if on_stage is not None else float("inf")  # when to ask for the staged coup next
        self._stage_id: int | None = None  # the staging last seen: each is opened once
        self._on_tables = on_tables
        self._tables_at = 0.0 if on_tables is not None else float("inf")  # when to ask for the shared tables next
        self._tables_shown: list | None = None  # the links last handed over: each change is handed over once
        self._wake = threading.Condition()
        self.closed = False
        self._thread = threading.Thread(target=self._run, name=f"class-{self.code}", daemon=True)
        self._thread.start()

    # -- what the kernel's thread calls --------------------------------------------------------------
    def join(self, variant: str, start: Callable[[int], Any]) -> None:
        """Join the ``variant`` table (once: again while joined or joining does nothing); once the class
        has dealt its seed, ``start(seed)`` begins the table's class session (on the kernel's thread)."""
        with self._wake:
            if self.closed or variant in self._tickets:
                return
            ticket = self._tickets[variant] = _Ticket()
            self._joins.append((variant, ticket, start))
            self._wake.notify()

    def has_joined(self, variant: str) -> bool:
        """The ``variant`` table has joined this class, or is joining it."""
        with self._wake:
            return variant in self._tickets

    def report(self, variant: str, record: Json) -> None:
        """The ``variant`` table's newest session record, sent from the client's thread (a newer one
        replaces one not yet sent). A table not in its class session yet has nothing to report."""
        with self._wake:
            ticket = self._tickets.get(variant)
            if ticket is None or not ticket.started:
                return
            ticket.pending, ticket.retry_at = record, 0.0
            self._wake.notify()

    def close(self) -> None:
        """Stop: nothing more is sent or said (a request under way is finished, its answer not shown)."""
        with self._wake:
            self.closed = True
            self._wake.notify()

    # -- the client's thread -------------------------------------------------------------------------
    def _run(self) -> None:
        while True:
            with self._wake:
                while not self.closed and not self._due():
                    self._wake.wait(self._seconds_to_next())
                if self.closed:
                    return
                joins, self._joins = self._joins, []
                now = time.monotonic()
                sends = [(ticket, ticket.pending) for ticket in self._tickets.values()
                         if ticket.pending is not None and ticket.token and ticket.retry_at <= now]
            for variant, ticket, start in joins:
                self._guarded(self._join, variant, ticket, start)
            for ticket, record in sends:
                self._guarded(self._send, ticket, record)
            if self._stage_at <= time.monotonic():
                self._guarded(self._stage)
            if self._tables_at <= time.monotonic():
                self._guarded(self._tables)

    def _guarded(self, work: Callable[..., None], *args: Any) -> None:
        """Do ``work``; a bug is written to the kernel's log (the server's) and the thread goes on: it is
        the only way the class hears from this kernel."""
        try:
            work(*args)
        except Exception:  # noqa: BLE001 - a bug: logged, and the thread lives on
            traceback.print_exc(file=sys.__stderr__)
            self._tell("Something went wrong while talking to the class; the table plays on.", "refused")

    def _due(self) -> bool:
        now = time.monotonic()
        return bool(self._joins) or min(self._stage_at, self._tables_at) <= now or any(
            ticket.pending is not None and ticket.retry_at <= now for ticket in self._tickets.values())

    def _seconds_to_next(self) -> float | None:
        waits = [ticket.retry_at for ticket in self._tickets.values() if ticket.pending is not None]
        waits += [at for at in (self._stage_at, self._tables_at) if at != float("inf")]
        return max(0.0, min(waits) - time.monotonic()) if waits else None

    def _stage(self) -> None:
        """Ask for the coup staged for everyone; a new one's link goes to ``on_stage``, once."""
        self._stage_at = time.monotonic() + STAGE_SECONDS
        try:
            staged = post(f"{self.address}/stage", None)
        except OutOfReach:  # asked again later; a report says the server is out of reach
            return
        except Refused:  # a class server that stages nothing (an older one): not asked again
            self._stage_at = float("inf")
            return
        number, link = staged.get("id"), staged.get("link")
        if type(number) is not int or number == self._stage_id:
            return
        self._stage_id = number
        if isinstance(link, str) and link and len(link) <= MAX_LINK_CHARACTERS and self._on_stage is not None:
            opened = self._on_stage

            def open_staged() -> None:  # on the kernel's thread
                if not self.closed:
                    opened(link)

            self._hand_over(open_staged)

    def _tables(self) -> None:
        """Ask which of the class's shared tables have a free seat; a change goes to ``on_tables``."""
        self._tables_at = time.monotonic() + TABLES_SECONDS
        try:
            answer = post(f"{self.address}/tables", None)
        except OutOfReach:
            return
        except Refused:  # a class server with no shared tables (an older one): not asked again
            self._tables_at = float("inf")
            return
        links = table_links(self.address, self.name, answer)
        if links == self._tables_shown or self._on_tables is None:
            return
        self._tables_shown = links
        shown = self._on_tables

        def show() -> None:  # on the kernel's thread
            if not self.closed:
                shown(links)

        self._hand_over(show)

    def _join(self, variant: str, ticket: _Ticket, start: Callable[[int], Any]) -> None:
        try:
            answer = post(f"{self.address}/join", {"name": self.name, "variant": variant})
            token, seed = answer.get("token"), answer.get("seed")
            if not isinstance(token, str) or type(seed) is not int:
                raise Refused(UNREADABLE)
        except (Refused, OutOfReach) as error:
            with self._wake:
                if self._tickets.get(variant) is ticket:
                    del self._tickets[variant]  # the table plays on alone; showing it again tries again
            self._tell(f"This table could not join the class: {error} It plays on its own.", "refused")
            return
        with self._wake:
            ticket.token = token

        def begin() -> None:  # on the kernel's thread
            if self.closed:
                return
            start(seed)
            with self._wake:
                ticket.started = True
            self._tell(self._standing(ticket), "done")

        self._hand_over(begin)

    def _send(self, ticket: _Ticket, record: Json) -> None:
        with self._wake:  # kept and sent again in a while unless it is answered (a newer record goes at once)
            ticket.retry_at = time.monotonic() + RETRY_SECONDS
        try:
            answer = post(f"{self.address}/report", {"token": ticket.token, "record": record})
        except OutOfReach:
            self._tell(f"The class server is out of reach; {ticket.counted} coups counted so far, the rest are "
                       "kept and sent when it answers.", "info")
            return
        except Refused as refusal:
            self._sent(ticket, record, 0)
            self._tell(f"The class did not take a report: {refusal.said}", "refused")
            return
        counted, refused = answer.get("counted"), answer.get("refused")
        counted = counted if type(counted) is int else 0
        refused = refused if isinstance(refused, str) else ""
        self._sent(ticket, record, counted)
        if refused and not counted:
            self._tell(f"The class did not count a report: {refused}", "refused")
        else:
            self._tell(self._standing(ticket), "done")

    def _sent(self, ticket: _Ticket, record: Json, counted: int) -> None:
        with self._wake:
            if ticket.pending is record:  # a newer record that came meanwhile is sent next
                ticket.pending = None
            ticket.counted += counted

    def _standing(self, ticket: _Ticket) -> str:
        count = ticket.counted
        return f"In class {self.code} ({self.host}) as {self.name}: {count} coup{'' if count == 1 else 's'} counted."

    def _tell(self, text: str, tone: str) -> None:
        def tell() -> None:
            if not self.closed:
                self._say(text, tone)

        self._hand_over(tell)
