"""A class's shared table on the class server: the people at it, their pages, the clock and the record.

A :class:`TableRoom` holds one :class:`~baccarat_lessons.engine.people_table.PeopleTable` and a page
(:class:`~baccarat_lessons.widgets.people_seat.PeopleSeat`) for each seat a student holds, and one for the
onlookers (the teacher's projector). Everything happens on the server's one event loop, in order:

- **a decision** from a page is taken at the table; every page is told at once (:meth:`TableRoom.act`),
  and the entries it added are written to the database, with each finished coup counted in the class's pool
  for every student at the table;
- **the clock**: the decision the table waits for has ``seconds`` (the teacher's, 30 by default; a few more
  when it follows a finished coup, which every page reveals first). Out of time, the seat's bot takes it by
  the table's guidance, and the table says so;
- **a dropped page**: its seat is held for ``hold_seconds`` (:data:`HOLD_SECONDS`; the seat's ticket, kept by the page, takes
  it back on a reload); then its bot takes the seat, and the table says so;
- **a restart**: :meth:`TableRoom.resumed` replays the kept record, so a table resumes mid-coup; the
  people's seats wait for their pages as after a drop.
"""

from __future__ import annotations

import hashlib
import math
import secrets
from dataclasses import dataclass, field
from typing import Callable, Protocol

from ..classroom.errors import ClassError
from ..classroom.ledger import ClassLedger, clean_name
from ..classroom.table_store import KeptTable, TableStore
from ..engine.people_table import PEOPLE_RECORD_VERSION, PeopleTable
from ..engine.randomness import SEED_BITS
from ..engine.money import show_chips
from ..widgets.people_seat import PeopleSeat
from ..engine.variants import VARIANTS
from ..widgets.seat_banked_table.presenter import SeatBankedPresenter

HOLD_SECONDS = 120  # a dropped student's seat waits this long for their page (issue 33: two minutes)
REVEAL_GRACE = 6  # seconds added to a decision that follows a finished coup: each page reveals the coup first
DEFAULT_SECONDS = 30
MIN_SECONDS, MAX_SECONDS = 10, 600


class Connection(Protocol):
    """A page's connection: the server sends it messages (dicts, as JSON)."""

    def send(self, message: dict) -> None: ...


class Loop(Protocol):
    """What the room needs of an event loop: ``call_later`` (asyncio's), and the time it counts in."""

    def call_later(self, delay: float, callback: Callable, *args): ...

    def time(self) -> float: ...


def ticket_hash(ticket: str) -> str:
    return hashlib.sha256(ticket.encode("utf-8")).hexdigest()


@dataclass
class Holder:
    """A student holding a seat: their name, ticket (hashed), row in the pool and open pages."""

    name: str
    ticket_hash: str
    student: int
    connections: set = field(default_factory=set)
    release: object = None  # the timer that gives the seat to its bot, while no page is open


class TableRoom:
    """Table ``table_id`` of class ``code``: ``people`` played by the students at ``student_seats`` and bots,
    each decision given ``seconds``; ``store`` keeps its record and ``ledger`` counts its coups."""

    def __init__(self, table_id: str, code: str, people: PeopleTable, student_seats: tuple[int, ...], seconds: int,
                 store: TableStore, ledger: ClassLedger, loop: Loop, hold_seconds: float = HOLD_SECONDS):
        self.id, self.code, self.people = table_id, code, people
        self.hold_seconds = hold_seconds
        self.student_seats, self.seconds = student_seats, seconds
        self.store, self.ledger, self.loop = store, ledger, loop
        self.holders: dict[int, Holder] = {}
        self.watchers: set = set()
        self.pages: dict[int | None, PeopleSeat] = {}
        self.saved = len(people.log)  # entries already in the database
        self.deadline: float | None = None  # when the decision the table waits for runs out (loop time)
        self._clock_timer = None
        self._timed = None  # the decision the clock runs for
        self.closed = False
        self.pages[None] = self._page(None)

    # -- opening and resuming -------------------------------------------------------------------------
    @classmethod
    def opened(cls, code: str, variant: str, students: int, seconds: int, store: TableStore, ledger: ClassLedger,
               loop: Loop, hold_seconds: float = HOLD_SECONDS, min_seconds: int = MIN_SECONDS) -> "TableRoom":
        """A new table of ``variant`` with ``students`` seats for students (the first ones; bots fill the rest)."""
        if not isinstance(seconds, int) or isinstance(seconds, bool) or not min_seconds <= seconds <= MAX_SECONDS:
            raise ClassError(f"Give each decision between {min_seconds} and {MAX_SECONDS} seconds.")
        people = PeopleTable(variant, seed=secrets.randbits(SEED_BITS), banker=banker_for(variant))
        count = people.variant.seat_count
        if not isinstance(students, int) or isinstance(students, bool) or not 2 <= students <= count:
            raise ClassError(f"A {people.variant.name} table seats 2 to {count} students (bots fill the rest).")
        table_id = secrets.token_hex(4).upper()
        seats = tuple(range(students))
        store.open_table(table_id, code, people.variant.key, people.seed, seats, seconds)
        return cls(table_id, code, people, seats, seconds, store, ledger, loop, hold_seconds)

    @classmethod
    def resumed(cls, kept: KeptTable, store: TableStore, ledger: ClassLedger, loop: Loop,
                hold_seconds: float = HOLD_SECONDS) -> "TableRoom":
        """A table the database kept, played again to where it was; its students' seats wait for their pages."""
        record = {"version": PEOPLE_RECORD_VERSION, "variant": kept.variant, "seed": kept.seed, "entries": kept.entries}
        people = PeopleTable.replayed(record, banker=banker_for(kept.variant))
        room = cls(kept.id, kept.code, people, kept.student_seats, kept.seconds, store, ledger, loop, hold_seconds)
        for seat, (name, hashed, student) in kept.holders.items():
            room.holders[seat] = Holder(name, hashed, student)
            room.pages[seat] = room._page(seat)
            room._hold(seat)
        room._restart_clock(finished=False)
        room._draw_all()
        return room

    def _page(self, seat: int | None) -> PeopleSeat:
        return PeopleSeat(self.people, seat, self.act, post=lambda message: self._send(seat, message), clock=self.clock)

    # -- people ---------------------------------------------------------------------------------------
    def sit(self, connection: Connection, name, ticket) -> tuple[int, str]:
        """A page takes a seat: its own again with its ticket (a reload, a page after a drop), else a free
        student seat under ``name``. Returns the seat and the ticket the page keeps."""
        if self.closed:
            raise ClassError("The teacher closed this table.")
        if isinstance(ticket, str) and len(ticket) <= 100:
            hashed = ticket_hash(ticket)
            seat = next((seat for seat, holder in self.holders.items() if holder.ticket_hash == hashed), None)
            if seat is not None:
                self._attach(seat, connection)
                return seat, ticket
        shown = clean_name(name)
        free = [seat for seat in self.student_seats if seat not in self.holders]
        if not free:
            raise ClassError("Every student seat at this table is taken; ask the teacher for another table.")
        seat, ticket = free[0], secrets.token_urlsafe(18)
        student = self.ledger.seat_student(self.code, shown, self.people.variant.key)
        self.people.sit(seat, shown)
        self.holders[seat] = Holder(shown, ticket_hash(ticket), student)
        self.store.hold(self.id, seat, shown, ticket_hash(ticket), student)
        self.pages[seat] = self._page(seat)
        self._changed(self.people.play_on(), f"{shown} sits down at the table.")
        self._attach(seat, connection)
        return seat, ticket

    def watch(self, connection: Connection) -> None:
        """A page watches the table as an onlooker (public information only)."""
        self.watchers.add(connection)
        self._welcome(None, connection)

    def _attach(self, seat: int, connection: Connection) -> None:
        holder = self.holders[seat]
        holder.connections.add(connection)
        if holder.release is not None:
            holder.release.cancel()
            holder.release = None
        self._welcome(seat, connection)

    def _welcome(self, seat: int | None, connection: Connection) -> None:
        """Everything a page opened now draws: the surface's whole state and the records."""
        page = self.pages[seat]
        page.redraw()  # the countdown as it stands now
        connection.send({"kind": "state", "changes": page.surface.state()})
        connection.send({"kind": "records", "panels": page.records.panels})

    def holds(self, seat: int, connection: Connection) -> bool:
        """Whether ``connection`` is a page of the student at ``seat`` (not one whose seat went to a bot)."""
        holder = self.holders.get(seat)
        return holder is not None and connection in holder.connections

    def gone(self, connection: Connection) -> None:
        """A page closed (or lost its connection): a seat with no page open is held for ``hold_seconds``."""
        self.watchers.discard(connection)
        for seat, holder in self.holders.items():
            if connection in holder.connections:
                holder.connections.discard(connection)
                if not holder.connections and not self.closed:
                    self._hold(seat)

    def _hold(self, seat: int) -> None:
        self.holders[seat].release = self.loop.call_later(self.hold_seconds, self._release, seat)

    def _release(self, seat: int) -> None:
        """Nobody came back to ``seat`` in time: its bot plays it from now on."""
        holder = self.holders.pop(seat, None)
        if holder is None or holder.connections:
            return
        self.pages.pop(seat, None)
        self.people.leave(seat)
        self.store.release(self.id, seat)
        self._changed(self.people.play_on(), f"{holder.name} left the table: {self.people.name_of(seat)} plays "
                                             "that seat from now on.")

    # -- play -----------------------------------------------------------------------------------------
    def act(self, seat: int, kind: str, amount, side) -> None:
        """The student at ``seat`` decides (a refusal raises its sentence and changes nothing)."""
        if self.closed:
            raise ClassError("The teacher closed this table.")
        self._changed(self.people.act(seat, kind, amount, side))

    def _time_out(self, seat: int, decision) -> None:
        """The decision ran out of time: the seat's bot takes it by the table's guidance."""
        self._clock_timer = None
        if self.people.pending is not decision or self.people.waits_for_person != seat or self.closed:
            return
        choice, steps = self.people.play_for(seat)
        amount = f" {show_chips(choice.amount)}" if choice.amount is not None else ""
        self._changed(steps, f"Time ran out for {self.people.name_of(seat)}: the table played “{choice.kind.value}"
                             f"{amount}” for them, by its guidance.")

    def _changed(self, steps, said: str | None = None) -> None:
        """After the table moved: the clock restarts, every page is told, the record and the coups are kept."""
        # Kept first: a page is never shown a step a restart would not resume.
        self.store.append(self.id, self.saved, self.people.log[self.saved:])
        self.saved = len(self.people.log)
        finished = [step.coup for step in steps if step.coup is not None]
        for coup in (coup for coup in finished if coup.results):  # a coup nobody bet on dealt no card: nothing to count
            for seat, holder in self.holders.items():
                self.ledger.count_table_coup(holder.student, seat, coup)
        self._restart_clock(finished=bool(finished))
        for page in list(self.pages.values()):
            page.moved(steps, said)

    def _restart_clock(self, finished: bool) -> None:
        """A new decision's clock; the same decision's runs on (someone sat down or left meanwhile)."""
        decision, seat = self.people.pending, self.people.waits_for_person
        if decision is self._timed and self._clock_timer is not None and not self.closed:
            return
        if self._clock_timer is not None:
            self._clock_timer.cancel()
            self._clock_timer = None
        self._timed = decision
        if seat is None or self.closed:
            self.deadline = None
            return
        seconds = self.seconds + (REVEAL_GRACE if finished else 0)
        self.deadline = self.loop.time() + seconds
        self._clock_timer = self.loop.call_later(seconds, self._time_out, seat, decision)

    def clock(self) -> tuple[int, int] | None:
        """The decision the table waits for: (whole seconds left, its seat), or None."""
        seat = self.people.waits_for_person
        if seat is None or self.deadline is None:
            return None
        return max(0, math.ceil(self.deadline - self.loop.time())), seat

    def _draw_all(self) -> None:
        for page in self.pages.values():
            page.redraw()

    def close(self) -> None:
        """The teacher closes the table: nothing more is played; the pages say so."""
        self.closed = True
        if self._clock_timer is not None:
            self._clock_timer.cancel()
        self.deadline = None
        for holder in self.holders.values():
            if holder.release is not None:
                holder.release.cancel()
        self.store.close(self.id)
        for seat in self.pages:
            self._send(seat, {"kind": "closed", "text": "The teacher closed this table. Thank you for playing."})

    # -- messages -------------------------------------------------------------------------------------
    def _send(self, seat: int | None, message: dict) -> None:
        connections = self.watchers if seat is None else self.holders[seat].connections if seat in self.holders else ()
        for connection in list(connections):
            connection.send(message)

    def heard(self, seat: int | None, content) -> None:
        """A message from the page at ``seat`` (None: an onlooker's): checked by its surface like any click."""
        self.pages[seat].surface.handle(content)

    # -- the lists ------------------------------------------------------------------------------------
    def public(self) -> dict:
        """The table as any student may see it listed: its game and how many student seats are free."""
        free = sum(1 for seat in self.student_seats if seat not in self.holders)
        return {"id": self.id, "variant": self.people.variant.key, "name": self.people.variant.name, "free": free}

    def summary(self) -> dict:
        """The table as the teacher's page lists it."""
        view = self.people.table.view(None)
        seats = []
        for seat in view.seats:
            holder = self.holders.get(seat.index)
            state = ("student" if holder.connections else "away") if holder else (
                "free" if seat.index in self.student_seats else "bot")
            seats.append({"seat": seat.index, "name": seat.name, "state": state, "balance": seat.balance})
        turn = view.turn
        return {"id": self.id, "variant": self.people.variant.key, "name": self.people.variant.name,
                "seconds": self.seconds, "coups": view.coups_played, "seats": seats,
                "waits_for": None if turn is None else turn.name, "over": view.over_reason}


def banker_for(variant: str):
    """The Banque banker a bot or the house plays with, as at a table of one's own (the presenter's "exact" choice:
    the exact-value banker at two tableaux); a variant that is not the class's is refused with its sentence."""
    record = VARIANTS.get(variant) if isinstance(variant, str) else None
    if record is None or record.has_fixed_rules:
        raise ClassError("A class's table plays Chemin de Fer, Banque ouverte or Banque limitée.")
    return SeatBankedPresenter(record).banker("exact")
