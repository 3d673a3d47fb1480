"""A class's shared table on the server (class_tables/room.py), on a clock the test moves: seats and pages,
decisions told to every page, the countdown and the guidance out of time, a dropped page held and released,
a restart mid-coup, the coups pooled for the class, a closed table. Every page is a recording connection:
what it holds is what the page would have drawn."""

from __future__ import annotations

import json

import pytest

from baccarat_lessons.class_tables.room import REVEAL_GRACE, TableRoom
from baccarat_lessons.classroom.errors import ClassError
from baccarat_lessons.classroom.ledger import ClassLedger
from baccarat_lessons.classroom.table_store import TableStore

SECONDS, HOLD = 30, 120


class Timer:
    def __init__(self, at, callback, args):
        self.at, self.callback, self.args, self.cancelled = at, callback, args, False

    def cancel(self):
        self.cancelled = True


class Clock:
    """An event loop's clock and timers, moved by the test."""

    def __init__(self):
        self.now, self.timers = 1000.0, []

    def time(self):
        return self.now

    def call_later(self, delay, callback, *args):
        timer = Timer(self.now + delay, callback, args)
        self.timers.append(timer)
        return timer

    def advance(self, seconds):
        end = self.now + seconds
        while True:
            due = sorted((timer for timer in self.timers if not timer.cancelled and timer.at <= end), key=lambda t: t.at)
            if not due:
                break
            timer = due[0]
            self.timers.remove(timer)
            self.now = timer.at
            timer.callback(*timer.args)
        self.now = end


class Page:
    """A page's connection: every message as the socket would carry it (JSON), and the surface state it builds."""

    def __init__(self):
        self.messages, self.state = [], {}

    def send(self, message):
        message = json.loads(json.dumps(message))
        self.messages.append(message)
        if message["kind"] == "state":
            self.state.update(message["changes"])

    @property
    def said(self):
        return self.state["message"].get("text", "")

    def caught_up(self, room, seat):
        """As a page does once it has revealed a finished coup to its end: it says so (REVEALED)."""
        reveal = self.state.get("reveal", {})
        if reveal.get("done") and reveal.get("id") != getattr(self, "told", None):
            self.told = reveal["id"]
            room.heard(seat, {"kind": "REVEALED", "turn": self.state["turn"]})

    def click(self, room, seat, kind, amount=None, side=None):
        room.heard(seat, {"kind": kind, "amount": amount, "side": side, "turn": self.state["turn"]})


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def ledger(tmp_path):
    kept = ClassLedger(str(tmp_path / "class.sqlite"))
    yield kept
    kept.close()


def opened(ledger, clock, variant="chemin-de-fer", students=3, seconds=SECONDS):
    code, _ = ledger.open_class("Year 11") if not ledger.storage.one("SELECT code FROM classes") else \
        (ledger.storage.one("SELECT code FROM classes")[0], None)
    return TableRoom.opened(code, variant, students, seconds, TableStore(ledger.storage), ledger, clock)


def seated(room, names):
    pages = {}
    for name in names:
        page = Page()
        seat, _ = room.sit(page, name, None)
        pages[seat] = page
    return pages


def test_each_page_draws_its_own_seat_and_a_decision_reaches_every_page(ledger, clock):
    room = opened(ledger, clock)
    pages = seated(room, ["Ann", "Ben", "Cy"])
    watcher = Page()
    room.watch(watcher)
    assert [(seat, page.state["view"]["viewer"]) for seat, page in pages.items()] == [(0, 0), (1, 1), (2, 2)]
    assert watcher.state["view"]["viewer"] is None
    assert pages[0].said.endswith("Your turn: take the bank, and with how many chips.")
    pages[0].click(room, 0, "OPEN_BANK", 10)
    assert pages[1].said == "Your turn: call banco (cover the whole bank) or not."
    # The others' pages show whose decision it is in the decision's place (the seat panel), not said again.
    assert pages[2].said == watcher.said == ""
    assert pages[2].state["view"]["turn"]["name"] == watcher.state["view"]["turn"]["name"] == "Ben"
    assert [seat["name"] for seat in watcher.state["view"]["seats"]][:3] == ["Ann", "Ben", "Cy"]
    # A click out of turn is refused on that page alone, and changes nothing.
    before = room.people.table.snapshot()
    pages[2].click(room, 2, "BANCO")
    assert pages[2].said == "It is not your turn: the table waits for Ben." and room.people.table.snapshot() == before
    assert pages[1].said == "Your turn: call banco (cover the whole bank) or not."
    # A saved session's file, or the session a page kept, is not played at the class's table.
    room.heard(1, {"kind": "RESUME", "record": {"version": 1}, "source": "file"})
    assert pages[1].said == "A saved session opens at a table of your own; this table is the class's."
    room.heard(1, {"kind": "PAGE", "query": "", "kept": {"version": 1}, "variant": "chemin-de-fer"})
    assert room.people.table.snapshot() == before and room.pages[1].driver.people is room.people
    # The projector's page only watches.
    room.heard(None, {"kind": "BANCO", "turn": watcher.state["turn"]})
    assert watcher.said == "This page watches the table; the students at it play." and room.people.table.snapshot() == before


def test_the_countdown_runs_and_out_of_time_the_guidance_plays_and_every_page_says_so(ledger, clock):
    room = opened(ledger, clock)
    pages = seated(room, ["Ann", "Ben", "Cy"])
    presentation = pages[0].state["presentation"]
    assert (presentation["countdown"], presentation["countdown_text"]) == (
        SECONDS, "Your decision: {s} s left, then the table plays its guidance for you.")
    assert pages[1].state["presentation"]["countdown_text"] == "Ann decides: {s} s left."
    clock.advance(SECONDS - 1)
    assert room.people.waits_for_person == 0  # not yet
    clock.advance(1)
    said = "Time ran out for Ann: the table played “Take the bank 20” for them, by its guidance."
    assert all(page.said.startswith(said) for page in pages.values()), [page.said for page in pages.values()]
    assert room.people.log[3] == [0, "OPEN_BANK", 2000, None], room.people.log  # a fifth of 100 chips


def test_a_decision_after_a_finished_coup_is_given_time_for_the_reveal(ledger, clock):
    room = opened(ledger, clock, students=2)
    pages = seated(room, ["Ann", "Ben"])
    pages[0].click(room, 0, "OPEN_BANK", 10)
    pages[1].click(room, 1, "BANCO")
    while room.people.table.coups_played == 0:
        seat = room.people.waits_for_person
        action = room.people.table.view(seat).turn.actions[0]
        pages[seat].click(room, seat, action.kind)
    waiting = room.people.waits_for_person
    assert room.clock() == (SECONDS + REVEAL_GRACE, waiting)
    assert pages[waiting].state["presentation"]["countdown"] == SECONDS + REVEAL_GRACE


def test_a_dropped_page_has_its_seat_held_then_a_bot_takes_it_and_the_table_says_so(ledger, clock):
    room = opened(ledger, clock)
    pages = {}
    tickets = {}
    for name in ("Ann", "Ben", "Cy"):
        page = Page()
        seat, tickets[seat] = room.sit(page, name, None)
        pages[seat] = page
    room.gone(pages[1])
    clock.advance(HOLD - 1)  # Ann's decision runs out meanwhile; the table waits on
    back = Page()
    assert room.sit(back, "anyone", tickets[1]) == (1, tickets[1])  # a reload takes the seat back
    assert back.state["view"]["viewer"] == 1 and room.people.people[1] == "Ben"
    room.gone(back)
    clock.advance(HOLD)
    assert 1 not in room.people.people and 1 not in room.holders
    pages[0].caught_up(room, 0)  # a coup that finished meanwhile is shown first; then the table's news
    assert "Ben left the table: Bot 2 plays that seat from now on." in pages[0].said, pages[0].said
    assert room.summary()["seats"][1] == {"seat": 1, "name": "Bot 2", "state": "free", "balance":
                                          room.people.table.seats[1].balance}
    # The old ticket no longer holds a seat: the page sits down anew at a free one, with a new ticket ...
    seat, ticket = room.sit(Page(), "Ben", tickets[1])
    assert seat == 1 and ticket != tickets[1] and room.people.people[1] == "Ben"
    # ... and once none is free, a page is told so.
    with pytest.raises(ClassError, match="Every student seat at this table is taken; ask the teacher for another"):
        room.sit(Page(), "Dee", None)


def test_a_restarted_server_resumes_the_table_mid_coup_and_a_page_takes_its_seat_back(ledger, clock, tmp_path):
    room = opened(ledger, clock, students=2)
    tickets, pages = {}, {}
    for name in ("Ann", "Ben"):
        page = Page()
        seat, tickets[seat] = room.sit(page, name, None)
        pages[seat] = page
    pages[0].click(room, 0, "OPEN_BANK", 10)
    pages[1].click(room, 1, "BANCO")  # the cards are out: the punter or the banker decides next
    assert room.people.table.hands, "mid-coup"
    view_before = pages[1].state["view"]
    snapshot = room.people.table.snapshot()
    # The server stops; a new one opens the same database.
    again_ledger = ClassLedger(str(tmp_path / "class.sqlite"))
    store = TableStore(again_ledger.storage)
    (kept,) = store.open_tables()
    resumed = TableRoom.resumed(kept, store, again_ledger, Clock())
    assert resumed.people.table.snapshot() == snapshot and resumed.people.people == {0: "Ann", 1: "Ben"}
    page = Page()
    assert resumed.sit(page, "Ben", tickets[1])[0] == 1
    assert page.state["view"] == view_before  # the same cards, the same turn, the same coup
    again_ledger.close()


def test_every_finished_coup_is_pooled_for_each_student_at_the_table(ledger, clock):
    room = opened(ledger, clock, students=2)
    seated(room, ["Ann", "Ben"])  # their pages are the room's connections; the guidance plays for both
    while room.people.table.coups_played < 3:
        seat = room.people.waits_for_person
        if seat is None:
            break
        clock.advance(SECONDS)  # the guidance plays every decision
    played = room.people.table.coups_played
    pool = ledger.pool(room.code)
    nets = {entry["name"]: entry["net"] for entry in pool["per_student"]}
    history = room.people.table.history
    assert pool["coups"] == 2 * played
    assert nets == {"Ann": sum(coup.net_of(0) for coup in history), "Ben": sum(coup.net_of(1) for coup in history)}


def test_a_closed_table_plays_no_more_and_its_pages_are_told(ledger, clock):
    room = opened(ledger, clock)
    pages = seated(room, ["Ann"])
    room.close()
    assert pages[0].messages[-1] == {"kind": "closed", "text": "The teacher closed this table. Thank you for playing."}
    before = room.people.table.snapshot()
    pages[0].click(room, 0, "OPEN_BANK", 10)
    assert pages[0].said == "The teacher closed this table." and room.people.table.snapshot() == before
    clock.advance(10 * SECONDS)
    assert room.people.table.snapshot() == before
    assert TableStore(ledger.storage).open_tables() == []


@pytest.mark.parametrize("variant, students, seconds, said", [
    ("punto-banco", 3, 30, "plays Chemin de Fer, Banque ouverte or Banque limitée"),
    ("chemin-de-fer", 1, 30, "seats 2 to 6 students"),
    ("banque-limitee", 7, 30, "seats 2 to"),
    ("chemin-de-fer", 3, 2, "between 10 and 600 seconds"),
    ("chemin-de-fer", 3, True, "between 10 and 600 seconds"),
])
def test_a_table_the_rules_cannot_seat_is_refused_with_a_sentence(ledger, clock, variant, students, seconds, said):
    with pytest.raises(ClassError, match=said):
        opened(ledger, clock, variant, students, seconds)


def test_someone_sitting_down_does_not_give_the_waiting_decision_more_time(ledger, clock):
    room = opened(ledger, clock)
    pages = seated(room, ["Ann"])
    clock.advance(SECONDS - 10)
    ben = Page()
    room.sit(ben, "Ben", None)
    assert room.clock() == (10, 0)
    assert ben.state["presentation"]["countdown"] == 10 and ben.state["presentation"]["countdown_text"] == \
        "Ann decides: {s} s left."
    clock.advance(10)
    assert pages[0].said.startswith("Time ran out for Ann")
