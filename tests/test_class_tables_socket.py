"""A shared table through the class server's own connection (class_tables/handlers.py, a real WebSocket).

The twins: two tables dealt the same coup except for one seat's face-down cards, whose *total* differs
(the punter's 6 against 7 at Chemin de Fer; a captain's tableau at Banque ouverte). The same decisions are
taken at both. Until those cards are turned over, every frame another seat's page and the projector receive
must be the same at both tables, byte for byte; the holder's own frames differ (the test would catch nothing if
they did not). The socket's refusals are checked too: a message before sitting, a bad message, a flood.
"""

from __future__ import annotations

import asyncio
import json

import pytest
import tornado.httpserver
import tornado.netutil
import tornado.websocket

from baccarat_lessons.class_tables import make_class_app
from baccarat_lessons.class_tables.handlers import Rooms, table_handlers
from baccarat_lessons.class_tables.room import TableRoom
from baccarat_lessons.classroom.ledger import ClassLedger
from baccarat_lessons.classroom.server import make_app
from baccarat_lessons.engine.events import Hand
from baccarat_lessons.engine.people_table import PeopleTable
from baccarat_lessons.engine.shoe import Shoe

QUIET = 0.15  # seconds without a frame: the server has said all it will say about the last message


class FrozenClock:
    """The server's loop, whose clock does not move: both twins' countdowns read the same."""

    def __init__(self, loop):
        self.loop = loop

    def time(self):
        return 0.0

    def call_later(self, delay, callback, *args):
        return self.loop.call_later(delay, callback, *args)


async def frames(socket) -> list[str]:
    """The frames a page receives until the server has been quiet a moment."""
    got = []
    while True:
        try:
            text = await asyncio.wait_for(socket.read_message(), QUIET)
        except asyncio.TimeoutError:
            return got
        if text is None:
            return got
        got.append(text)


def turn_of(texts: list[str], turn: int) -> int:
    for text in texts:
        message = json.loads(text)
        if message["kind"] == "state" and "turn" in message["changes"]:
            turn = message["changes"]["turn"]
    return turn


async def served_twin(cards: str, variant: str, names: list[str], moves: list[tuple[int, str, object, object]]):
    """A server holding one table dealt ``cards``: the pages of ``names`` and a projector sit, the ``moves``
    (seat, kind, amount, side) are clicked; every frame each page received, by seat (None: the projector)."""
    ledger = ClassLedger(":memory:")
    code, _ = ledger.open_class("Twins")
    rooms = Rooms(ledger)
    sockets = tornado.netutil.bind_sockets(0, "127.0.0.1")
    server = tornado.httpserver.HTTPServer(make_app(ledger, more=lambda kept, settings: table_handlers(
        kept, settings, rooms=rooms)))
    server.add_sockets(sockets)
    rooms.started()
    people = PeopleTable(variant, seed=1, shoe=Shoe.stacked(cards))
    room = TableRoom("0000000A", code, people, tuple(range(len(names))), 600, rooms.store, ledger,
                     FrozenClock(rooms.loop))
    rooms.store.open_table(room.id, code, variant, 1, room.student_seats, 600)
    rooms.rooms[room.id] = room
    address = f"ws://127.0.0.1:{sockets[0].getsockname()[1]}/class/{code}/table/{room.id}/socket"
    pages, seen = {}, {}
    async def heard_by_all() -> None:  # every page's frames, read at once, until the server is quiet
        for seat, texts in zip(pages, await asyncio.gather(*(frames(page) for page in pages.values()))):
            seen[seat] = seen.get(seat, []) + texts

    for seat, name in [*enumerate(names), (None, "")]:  # one at a time: the seats are given in arrival order
        pages[seat] = await tornado.websocket.websocket_connect(address)
        pages[seat].write_message(json.dumps({"kind": "SIT", "name": name, "ticket": None} if seat is not None
                                             else {"kind": "WATCH"}))
        await heard_by_all()
    for seat, kind, amount, side in moves:
        turn = turn_of(seen[seat], 0)
        pages[seat].write_message(json.dumps({"kind": kind, "amount": amount, "side": side, "turn": turn}))
        await heard_by_all()
    for page in pages.values():
        page.close()
    server.stop()
    ledger.close()
    return seen, people


def readable(seen: dict) -> dict:
    """The frames with the tickets taken out (each server draws its own)."""
    return {seat: [text for text in texts if '"kind":"seated"' not in text] for seat, texts in seen.items()}


CHEMIN_DE_FER = [
    # Ann (seat 0) banks 10; Ben (seat 1) calls banco and is the punter: his 3 and 3 (6) or 3 and 4 (7), face down.
    # He stands (guidance: stand on 6 and 7); Ann's 2 and 3 (5) must draw against a stand: it stops there.
    ("3S 2H 3D 3C 9D 5S 5H 5D 5C", "3S 2H 4D 3C 9D 5S 5H 5D 5C"),
    ["Ann", "Ben", "Cy"],
    [(0, "OPEN_BANK", 10, None), (1, "BANCO", None, None), (1, "STAND", None, None)],
    1, "Player",  # the seat whose face-down hand's total differs, and that hand
]


BANQUE_OUVERTE = [
    # Ann (seat 0) banks 30; Ben, the right tableau's captain, and Cy bet on the right; the bots on the left. The
    # bank's 2 and 3 (5) or 2 and 4 (6) stay face down while Ben stands on 6 and Bot 3 draws to the left's 4.
    ("3S 2H 2D 3C 2S 3D 9H 9S 9C 9D 5S 5H 5D 5C", "3S 2H 2D 3C 2S 4D 9H 9S 9C 9D 5S 5H 5D 5C"),
    ["Ann", "Ben", "Cy"],
    [(0, "OPEN_BANK", 30, None), (1, "BET", 10, "Right tableau"), (2, "BET", 5, "Right tableau"),
     (1, "STAND", None, None)],
    0, "Banker",
]


@pytest.mark.parametrize("variant, twins, names, moves, holder, hidden", [
    ("chemin-de-fer", *CHEMIN_DE_FER),
    ("banque-ouverte", *BANQUE_OUVERTE),
])
def test_a_hidden_total_never_reaches_another_seats_page_through_the_connection(variant, twins, names, moves, holder,
                                                                                 hidden):
    one, other = (asyncio.run(served_twin(cards, variant, names, moves)) for cards in twins)
    (seen_one, table_one), (seen_other, table_other) = one, other
    assert table_one.table.hands and table_one.table.last_coup is None, "the coup is still in play, its cards face down"
    totals = [table.table.hands[Hand(hidden)].total for table in (table_one, table_other)]
    assert totals[0] != totals[1], f"the twins' hidden totals are the same: {totals}"
    mine, theirs = readable(seen_one), readable(seen_other)
    assert mine[holder] != theirs[holder], "the holder's own page shows its cards: the twins must differ there"
    for seat in mine:
        if seat == holder:
            continue
        assert mine[seat] == theirs[seat], (
            f"seat {seat}'s page could tell the twins apart ({variant}, cards {twins}, moves {moves}): first "
            f"difference at frame {next(i for i, (a, b) in enumerate(zip(mine[seat], theirs[seat])) if a != b)}")


def test_the_socket_refuses_what_a_page_must_not_send_and_closes_a_flood():
    async def run():
        ledger = ClassLedger(":memory:")
        code, key = ledger.open_class("Refusals")
        sockets = tornado.netutil.bind_sockets(0, "127.0.0.1")
        app = make_class_app(ledger)
        server = tornado.httpserver.HTTPServer(app)
        server.add_sockets(sockets)
        port = sockets[0].getsockname()[1]
        client = tornado.httpclient.AsyncHTTPClient()
        opened = json.loads((await client.fetch(
            f"http://127.0.0.1:{port}/class/{code}/teacher/tables?key={key}", method="POST",
            body=json.dumps({"variant": "banque-ouverte", "students": 2}))).body)
        address = f"ws://127.0.0.1:{port}/class/{code}/{opened['link']}/socket"
        page = await tornado.websocket.websocket_connect(address)
        said = []
        for text in ('{"kind": "DRAW", "turn": 1}', "not json", '{"kind": "SIT", "name": "  ", "ticket": null}'):
            page.write_message(text)
            said += [json.loads(frame)["text"] for frame in await frames(page)]
        nobody = await tornado.websocket.websocket_connect(f"ws://127.0.0.1:{port}/class/{code}/table/FFFFFFFF/socket")
        said += [json.loads(frame)["text"] for frame in await frames(nobody)]
        for _ in range(60):
            page.write_message('{"kind": "SHOWN"}')
        closed = await frames(page)
        server.stop()
        ledger.close()
        return said, page.close_code, closed

    import tornado.httpclient  # noqa: PLC0415

    said, close_code, _ = asyncio.run(run())
    assert said == ["Take a seat first: give your name.",
                    "The table did not understand that message; nothing was changed.",
                    "Give a display name: a few letters the class will see.",
                    "There is no such table in this class; check the link the teacher gave."]
    assert close_code == 1008


def test_a_kept_table_whose_record_no_longer_replays_is_closed_and_said_so(capsys):
    ledger = ClassLedger(":memory:")
    code, _ = ledger.open_class("Resumes")
    rooms = Rooms(ledger)
    rooms.store.open_table("0000000B", code, "chemin-de-fer", 5, (0, 1), 30)
    rooms.store.append("0000000B", 0, [["SIT", 0, "Ann"], [0, "FLY", None, None]])

    async def start():
        rooms.started()

    asyncio.run(start())
    assert rooms.rooms == {} and rooms.store.open_tables() == []
    assert (f"Table 0000000B of class {code} could not be resumed and is closed: This table's record asks for an "
            "action its table refuses, so it cannot be resumed.") in capsys.readouterr().err
