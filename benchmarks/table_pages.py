"""Students' pages at a class's shared tables, played from one client process of ``bench_class.py --tables``.

Each page holds a WebSocket to ``/class/<CODE>/table/<ID>/socket`` as ``class_tables/table_page.js`` does: it
sits down (``SIT``), keeps the surface's state from each ``state`` message, and plays its seat as a student
would, with nothing of the package imported (the page is the browser's, not Python's):

- on its own turn (the seat's view's ``turn`` names its seat and lists ``actions``) it waits a think time
  drawn from its seeded generator, then clicks one of the legal actions, drawn from the same generator
  (:data:`ACTION_WEIGHTS`): an amount (whole chips, within the action's ``min_amount`` and ``max_amount``)
  where the presentation's ``amount_kinds`` says the action takes one, the action's own ``side``, and the
  latest state's ``turn``;
- after a finished coup (a ``reveal`` that is ``done``, with an id not told yet) it sends ``REVEALED``, as
  the surface does once it has shown the coup; here at once, since nothing is drawn.

A table's pages all live in one process, so one clock times a click from its sending to every page's
receiving the state it led to: the first ``state`` whose seat view differs from the page's last (a redraw
that answers no click, the page's own ``REVEALED``, draws the same view; the two ``message`` states sent
just before a move's view, in the same server callback, are not counted as it). A click that gets no new
view on its own page within :data:`ANSWER_SECONDS` (a stale click the surface drops without a word) is
counted unanswered, and the page decides again.

Run by ``bench_class.py`` (one process per group of tables), with a JSON settings object as its argument::

    python benchmarks/table_pages.py '{"port": 8870, "code": "ABC123", "tables": ["0A1B2C3D"], "seats": 6, ...}'

It prints ``ready`` once every page is seated, waits for a line ``go <wall-clock start>`` on its standard
input, plays until ``start + seconds``, waits up to :data:`SETTLE_SECONDS` for clicks in flight, and prints
one JSON line of what it measured (:meth:`Players.result`).
"""

from __future__ import annotations

import asyncio
import gc
import json
import math
import random
import sys
import time

from tornado.websocket import websocket_connect

ANSWER_SECONDS = 10.0  # a click's own page sees its move in milliseconds; this only finds a dropped click
SETTLE_SECONDS = 10.0  # after the run: clicks in flight reach their pages (or are counted as not reaching them)
LAG_EVERY = 0.1  # seconds between this process's looks at its own event loop's lateness
CHIP = 100  # amounts in a view are in hundredths of a chip; a click says chips
# How likely each action is against the others on offer (1 unless said). A table where every seat declines the
# bank is over: with each action as likely, 34 of 200 tables (in-process, 130 clicks each, about a 120 s run's)
# ended so, and the load faded with them; none did with the bank declined one time in eleven.
ACTION_WEIGHTS = {"DECLINE_BANK": 0.1}


class Click:
    """One click sent at a table: when, by which page, and when each page drew the state it led to."""

    __slots__ = ("sent", "actor", "received", "outcome")

    def __init__(self, sent: float, actor: "Page"):
        self.sent, self.actor = sent, actor
        self.received: dict[Page, float] = {}  # page -> seconds from sending to its new view
        self.outcome = "in flight"  # then "accepted", "refused", "unanswered"


class Page:
    """One student's page at a table: its connection, the state it last drew, and its own seeded choices."""

    def __init__(self, table: "Table", number: int, rng: random.Random):
        self.table, self.name, self.rng = table, f"t{table.number:02d}-s{number}", rng
        self.connection = None
        self.seat: int | None = None
        self.view: dict | None = None
        self.presentation: dict = {}
        self.turn = 0
        self.told: str | None = None  # the last finished coup's reveal this page said it had shown
        self.planned: dict | None = None  # the view a decision is planned (or was clicked) for
        self.click: Click | None = None  # this page's click waiting for its new view
        self.coups_count = 0  # finished coups revealed while the run played

    async def open(self, address: str) -> None:
        self.connection = await websocket_connect(address, max_message_size=1 << 22)
        self.send({"kind": "SIT", "name": self.name, "ticket": None})

    def send(self, message: dict) -> None:
        self.connection.write_message(json.dumps(message, separators=(",", ":")))

    async def listen(self) -> None:
        while True:
            text = await self.connection.read_message()
            now = time.monotonic()
            if text is None:
                self.table.players.closed += 1
                return
            self.heard(json.loads(text), now)

    def heard(self, message: dict, now: float) -> None:
        kind = message.get("kind")
        if kind == "seated":
            self.seat = message["seat"]
            self.table.players.seated_one()
        elif kind == "refused":
            self.refused(message.get("text", ""))
        elif kind == "errors":
            self.table.players.errors += 1  # the surface's error report: a bug in the server's table
        elif kind == "state":
            changes = message["changes"]
            self.turn = changes.get("turn", self.turn)  # first: a REVEALED sent below quotes this redraw
            self.presentation = changes.get("presentation", self.presentation)
            said = changes.get("message") or {}
            if said.get("tone") == "refused":
                self.refused(said.get("text", ""))
            if "view" in changes and changes["view"] != self.view:
                self.view = changes["view"]
                self.table.moved(self, now)
            reveal = changes.get("reveal") or {}
            if reveal.get("done") and reveal.get("id") != self.told:
                self.told = reveal["id"]
                if self.table.players.playing:
                    self.coups_count += 1
                    self.send({"kind": "REVEALED", "turn": self.turn})
            self.consider()

    def refused(self, text: str) -> None:
        players = self.table.players
        players.refusals[text] = players.refusals.get(text, 0) + 1
        if self.click is not None:
            self.table.dropped(self.click, "refused")
            self.click, self.planned = None, None  # decide again, after another think

    # -- the student's decisions --
    def my_turn(self) -> dict | None:
        turn = (self.view or {}).get("turn")
        return turn if turn and turn.get("seat") == self.seat and turn.get("actions") else None

    def consider(self) -> None:
        """On this seat's turn, once per view: a decision after a think time."""
        players = self.table.players
        if not players.playing or self.click is not None or self.planned is self.view or not self.my_turn():
            return
        self.planned = self.view
        due = time.monotonic() + self.rng.uniform(*players.think)
        asyncio.get_running_loop().call_at(due, self.decide, self.view, due)

    def decide(self, view: dict, due: float) -> None:
        players = self.table.players
        players.lateness.append(time.monotonic() - due)
        if not players.playing or view is not self.view or self.click is not None:
            return  # the table moved meanwhile (a clock ran out): the new view is considered on its own
        actions = self.my_turn()["actions"]
        action = self.rng.choices(actions, [ACTION_WEIGHTS.get(action["kind"], 1.0) for action in actions])[0]
        amount = None
        if action["kind"] in self.presentation.get("amount_kinds", ()):
            amount = self.stake(action["min_amount"], action["max_amount"])
        self.send({"kind": action["kind"], "amount": amount, "side": action.get("side"), "turn": self.turn})
        self.click = self.table.clicked(self)
        asyncio.get_running_loop().call_later(ANSWER_SECONDS, self.unanswered, self.click)

    def stake(self, lowest: int, highest: int) -> float:
        """Whole chips between ``lowest`` and ``highest`` (hundredths); the highest itself, in chips, when no whole
        chip is within the range (a bank of 0.75 to cover)."""
        low, high = math.ceil(lowest / CHIP), highest // CHIP
        return self.rng.randint(low, high) if low <= high else highest / CHIP

    def unanswered(self, click: Click) -> None:
        if click is self.click:
            self.table.dropped(click, "unanswered")
            self.click, self.planned = None, None
            self.consider()


class Table:
    """One shared table's pages, and the clicks sent at it in order."""

    def __init__(self, players: "Players", number: int, table_id: str, seats: int, seed: int):
        self.players, self.number, self.id = players, number, table_id
        self.pages = [Page(self, seat, random.Random(seed * 1000 + seat)) for seat in range(seats)]
        self.clicks: list[Click] = []  # sent, each until every page has drawn its move
        self.moves_unclicked = 0  # new views no click here led to (a clock run out)

    def clicked(self, page: Page) -> Click:
        click = Click(time.monotonic(), page)
        self.clicks.append(click)
        self.players.clicks.append((self, click))
        return click

    def dropped(self, click: Click, outcome: str) -> None:
        """A click that moved nothing: no page's next view is its."""
        click.outcome = outcome
        if click in self.clicks:
            self.clicks.remove(click)

    def moved(self, page: Page, now: float) -> None:
        """``page`` drew a new view: the state of the oldest click it has not drawn yet (a WebSocket keeps
        each page's messages in order, so a page's k-th new view after a click is the k-th click's)."""
        click = next((click for click in self.clicks if page not in click.received), None)
        if click is None:
            self.moves_unclicked += self.players.playing  # before the run: the pages' own sitting down
            return
        click.received[page] = now - click.sent
        if page is click.actor:
            click.outcome = "accepted"
            page.click = None
        if len(click.received) == len(self.pages):
            self.clicks.remove(click)


class Players:
    """Every table this process plays, with what the run measured."""

    def __init__(self, settings: dict):
        self.settings = settings
        self.think = tuple(settings["think"])
        seed = settings["seed"]
        self.tables = [Table(self, number, table_id, settings["seats"], seed + number)
                       for number, table_id in zip(settings["numbers"], settings["tables"])]
        self.playing = False
        self.seated = 0
        self.closed = 0
        self.everyone_seated = asyncio.Event()
        self.clicks: list[tuple[Table, Click]] = []
        self.refusals: dict[str, int] = {}
        self.errors = 0
        self.lateness: list[float] = []  # how late each think time ended (this process's own delay)
        self.lags: list[tuple[float, float]] = []  # (when, how late a LAG_EVERY sleep woke)

    def seated_one(self) -> None:
        self.seated += 1
        if self.seated == sum(len(table.pages) for table in self.tables):
            self.everyone_seated.set()

    async def watch_loop(self, until: float) -> None:
        while time.monotonic() < until:
            asked = time.monotonic()
            await asyncio.sleep(LAG_EVERY)
            self.lags.append((asked, time.monotonic() - asked - LAG_EVERY))

    async def run(self) -> dict:
        settings = self.settings
        base = f"ws://127.0.0.1:{settings['port']}/class/{settings['code']}/table/"
        for table in self.tables:
            # Seated in order: the first page sits at seat 0, and so on (the server gives the first free seat).
            for page in table.pages:
                await page.open(f"{base}{table.id}/socket")
        listening = [asyncio.create_task(page.listen()) for table in self.tables for page in table.pages]
        await asyncio.wait_for(self.everyone_seated.wait(), 120)
        print("ready", flush=True)
        line = await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
        start_wall = float(line.split()[1])
        # The start, on this process's monotonic clock (the one every click here is timed with).
        self.t0 = time.monotonic() + start_wall - time.time()
        until = self.t0 + settings["seconds"]
        await asyncio.sleep(max(0.0, self.t0 - time.monotonic()))
        # The pages make no cyclic garbage as they play; a full collection of 300 pages' views would hold
        # up every page of this process at once (see bench_class.py's students).
        gc.collect()
        gc.disable()
        cpu0 = time.process_time()
        self.playing = True
        watching = asyncio.create_task(self.watch_loop(until))
        for table in self.tables:
            for page in table.pages:
                page.consider()
        await asyncio.sleep(max(0.0, until - time.monotonic()))
        self.playing = False
        settle = time.monotonic() + SETTLE_SECONDS
        while time.monotonic() < settle and any(table.clicks for table in self.tables):
            await asyncio.sleep(0.05)
        self.cpu = time.process_time() - cpu0
        gc.enable()
        await watching
        for table in self.tables:
            for page in table.pages:
                page.connection.close()
        for task in listening:
            task.cancel()
        return self.result()

    def result(self) -> dict:
        """What the run measured, as plain data: each click as ``[table, seconds from the start it was sent,
        outcome, the clicking page, seconds to each page (None: never drawn)]``, pages in the order they sat, and
        the process's own figures."""
        clicks = []
        for table, click in self.clicks:
            clicks.append([table.number, click.sent - self.t0, click.outcome, table.pages.index(click.actor),
                           [click.received.get(page) for page in table.pages]])
        return {"clicks": clicks, "refusals": self.refusals, "errors": self.errors, "closed": self.closed,
                "moves_unclicked": sum(table.moves_unclicked for table in self.tables),
                "coups": sum(table.pages[0].coups_count for table in self.tables),
                "over": [table.pages[0].view["over_reason"] for table in self.tables
                         if (table.pages[0].view or {}).get("over_reason")],
                "cpu": self.cpu, "lateness": sorted(self.lateness),
                "lags": [[when - self.t0, lag] for when, lag in self.lags], "pages": self.seated}


async def main(settings: dict) -> None:
    result = await Players(settings).run()
    print(json.dumps(result), flush=True)


if __name__ == "__main__":
    asyncio.run(main(json.loads(sys.argv[1])))
