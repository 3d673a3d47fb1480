"""A class's shared tables in Chromium: a class server of a test's own, its tables opened as the teacher's
page opens them, and the pages at a table, each of whose every WebSocket frame is read for cards it may not see.

A page at a shared table learns everything from its socket (class_tables/handlers.py): ``seated`` gives its
seat, each ``state`` frame the changed values of its surface (``view``: the seat's view, ``reveal``: the coup
as it may read it). :func:`hidden_card_leaks` is what a frame may not hold for a seat (``None``: the
projector, which may know only what every seat knows):

>>> back = {"rank": None, "suit": None, "face_up": False}
>>> ann = {"hand": "Player", "holder": 0, "cards": [back, back], "total": None, "turned_over": False}
>>> hidden_card_leaks({"view": {"viewer": 1, "hands": [ann]}}, None)
[]
>>> seen = dict(ann, cards=[{"rank": "7", "suit": "D", "face_up": False}, back], total=7)
>>> hidden_card_leaks({"view": {"viewer": 1, "hands": [seen]}}, None)
['seat 1 is shown the Player hand of seat 0 face down: card 1 is 7D, total 7']
>>> dealt = {"kind": "CardDealt", "hand": "Player", "cards": [{"rank": "7", "suit": "D", "face_up": False}], "total": 7}
>>> hidden_card_leaks({"reveal": {"done": False, "events": [dealt]}}, {"viewer": None, "hands": [ann]})
["the projector reads a face-down card of seat 0's Player hand as it is dealt: 7D, total 7"]
>>> hidden_card_leaks({"reveal": {"done": False, "events": [dealt]}}, {"viewer": 0, "hands": [ann]})
[]

The decisions are taken on the pages' surfaces, whatever the table's random shoe deals: the test reads whose
turn it is from the frames and clicks that seat's button (:meth:`TablePage.decide`).
"""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import expect

from .conftest import OFF_MACHINE, _free_port, _wait_for_port

# The engine's event for a card going out (engine/events.py CardDealt; EventView.kind is the class's name).
CARD_DEALT = "CardDealt"
DECIDE_MS = 15_000  # a click's answer: the server acts and every page redraws, well under a second here
SETTLE_MS = 15_000  # every page told of the table's move


# -- a class server of the test's own -------------------------------------------------------------------
class ClassServer:
    """``baccarat-lessons class`` on a database in ``folder`` (a dropped seat held ``hold_seconds``, if given):
    its addresses, the teacher's tables and results, and killed (SIGKILL) and started again on the same
    database and port."""

    def __init__(self, folder: Path, hold_seconds: float | None = None):
        self.db, self.port, self.log_path = folder / "class.sqlite", _free_port(), folder / "class.log"
        self.hold_seconds = hold_seconds
        self.server: subprocess.Popen | None = None
        self.start()

    def start(self) -> None:
        command = [sys.executable, "-m", "baccarat_lessons.cli", "class", "--db", str(self.db), "--port", str(self.port)]
        if self.hold_seconds is not None:
            command += ["--hold-seconds", str(self.hold_seconds)]
        with open(self.log_path, "ab") as log:
            self.server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        _wait_for_port(self.port, self.server, self.log_path)
        text = self.log_path.read_text()
        self.join = re.findall(r"Students join with: (\S+)", text)[-1]
        self.teacher = re.findall(r"(http://\S+/teacher\?key=\S+)", text)[-1]

    def kill(self) -> None:
        self.server.send_signal(signal.SIGKILL)
        self.server.wait()

    def stop(self) -> None:
        if self.server.poll() is None:
            self.server.send_signal(signal.SIGTERM)
            try:
                self.server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.server.kill()
                self.server.wait()

    def _teacher_url(self, what: str) -> str:
        return self.teacher.replace("/teacher?", f"/teacher/{what}?")

    def open_table(self, variant: str, students: int, seconds: int) -> "OpenedTable":
        """The teacher opens a table (``POST teacher/tables``, as the teacher's page does)."""
        body = json.dumps({"variant": variant, "students": students, "seconds": seconds}).encode()
        request = urllib.request.Request(self._teacher_url("tables"), data=body, method="POST",
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            opened = json.loads(answer.read())
        return OpenedTable(opened["table"]["id"], f"{self.join}/{opened['link']}", variant)

    def results(self) -> dict:
        with urllib.request.urlopen(self._teacher_url("results.json"), timeout=10) as answer:
            return json.loads(answer.read())


class OpenedTable:
    def __init__(self, table_id: str, link: str, variant: str):
        self.id, self.link, self.variant = table_id, link, variant

    def student_link(self, name: str) -> str:
        return f"{self.link}?name={name}"

    @property
    def watch_link(self) -> str:
        return f"{self.link}?watch"


# -- what a frame may not hold ------------------------------------------------------------------------
def _card(card: dict) -> str:
    return f"{card.get('rank')}{card.get('suit') or ''}"


def _whose(viewer) -> str:
    return "the projector" if viewer is None else f"seat {viewer}"


def hidden_card_leaks(changes: dict, view: dict | None) -> list[str]:
    """What ``changes`` (a ``state`` frame's) shows its page of another seat's face-down cards: in the view's
    hands not turned over (their first two cards and total), and in the cards dealt in a coup still in play
    (``reveal`` with ``done`` false). ``view`` is the page's view before the frame; the frame's own wins."""
    view = changes.get("view") or view or {}
    viewer = view.get("viewer")
    holders = {hand["hand"]: hand.get("holder") for hand in view.get("hands", [])}
    leaks = []
    for hand in view.get("hands", []):
        if hand.get("turned_over") or (viewer is not None and hand.get("holder") == viewer):
            continue
        shown = [f"card {index + 1} is {_card(card)}" for index, card in enumerate(hand.get("cards", [])[:2])
                 if card.get("rank") is not None]
        if hand.get("total") is not None:
            shown.append(f"total {hand['total']}")
        if shown:
            leaks.append(f"{_whose(viewer)} is shown the {hand['hand']} hand of seat {hand.get('holder')} face down: "
                         + ", ".join(shown))
    reveal = changes.get("reveal") or {}
    if reveal.get("done") is False:
        for event in reveal.get("events", []):
            if event.get("kind") != CARD_DEALT or event.get("hand") not in holders:
                continue
            holder = holders[event["hand"]]
            if viewer is not None and holder == viewer:
                continue
            face_down = [card for card in event.get("cards", []) if not card.get("face_up")]
            if face_down and (any(card.get("rank") is not None for card in face_down) or event.get("total") is not None):
                leaks.append(f"{_whose(viewer)} reads a face-down card of seat {holder}'s {event['hand']} hand as it "
                             f"is dealt: {', '.join(_card(card) for card in face_down)}, total {event.get('total')}")
    return leaks


def worth(view: dict, seat: int) -> int:
    """The chips of ``seat`` in ``view``: its balance, its stakes on the table and its bank (hundredths)."""
    mine = view["seats"][seat]
    return mine["balance"] + mine["staked"] + (view["bank"] if view["banker"] == seat else 0)


def action_key(kind: str, side: str | None = None) -> str:
    """The surface's button class for an action (decision.js actionKey): "DECLINE_BANCO" → "decline-banco",
    with the side's first word ("bet-left").

    >>> action_key("DECLINE_BANCO"), action_key("BET", "Left tableau")
    ('decline-banco', 'bet-left')
    """
    return kind.lower().replace("_", "-") + (f"-{side.split()[0].lower()}" if side else "")


def stamp(view: dict | None) -> tuple | None:
    """Where the table stands in ``view``, as every seat sees it: pages that show the same stamp show the same
    moment of play."""
    if not view:
        return None
    turn = view.get("turn") or {}
    return (view["coups_played"], view["coup_number"], view["phase"], view["banker"], view["bank"],
            view["bank_covered"], len(view["stakes"]), tuple(len(hand["cards"]) for hand in view["hands"]),
            turn.get("seat"), turn.get("kind"))


# -- a page at the table ------------------------------------------------------------------------------
class TablePage:
    """One page at a shared table: a student's (``name``) or, with ``name`` None, the projector's (``?watch``),
    in a browser context of its own at ``size``. Every frame its socket receives is kept (``frames``) and read:
    its seat, its latest view, the sentences it was told (``said``), and any card it may not see (``leaks``)."""

    def __init__(self, browser, table: OpenedTable, name: str | None, size: tuple[int, int], context=None):
        self.table, self.name, self.size = table, name, size
        if context is None:
            # Reduced motion: each coup is revealed at once (the deal speed's "instant"), so a test waits
            # for the table, not for the deal's pacing.
            context = browser.new_context(viewport={"width": size[0], "height": size[1]}, reduced_motion="reduce")
            context.blocked = []
            context.route(OFF_MACHINE, lambda route: (context.blocked.append(route.request.url), route.abort()))
        self.context = context
        self.frames: list[str] = []
        self.leaks: list[str] = []
        self.said: list[str] = []
        self.said_after: list[int] = []  # the coups played by then, for each sentence in ``said``
        self.worth_after: dict[int, int] = {}  # this seat's chips (in front of it and in its bank) after n coups
        self.refusals: list[str] = []
        self.seatings: list[dict] = []
        self.view: dict | None = None
        self.reveal: dict = {}
        self.console_errors: list[str] = []
        self.open(context.new_page())

    def open(self, page) -> None:
        """Watch ``page`` (a new tab in this page's context) and open the table's link in it."""
        self.page = page
        page.set_default_timeout(20_000)
        page.on("websocket", lambda socket: socket.on("framereceived", self._heard))
        page.on("console", lambda message: self.console_errors.append(message.text) if message.type == "error" else None)
        page.on("pageerror", lambda error: self.console_errors.append(str(error)))
        page.goto(self.table.watch_link if self.name is None else self.table.student_link(self.name))

    @property
    def label(self) -> str:
        return self.name or "projector"

    @property
    def seat(self) -> int | None:
        return self.seatings[-1]["seat"] if self.seatings else None

    def _heard(self, payload) -> None:
        text = payload.decode("utf-8", "replace") if isinstance(payload, bytes) else payload
        self.frames.append(text)
        try:
            message = json.loads(text)
        except ValueError:
            self.leaks.append(f"{self.label}: a frame that is not JSON: {text[:200]}")
            return
        kind = message.get("kind")
        if kind == "seated":
            self.seatings.append(message)
        elif kind == "refused":
            self.refusals.append(message.get("text", ""))
        elif kind == "state":
            changes = message.get("changes") or {}
            found = hidden_card_leaks(changes, self.view)
            if found:
                self.leaks += [f"{self.label}: {leak}\n  in frame {len(self.frames) - 1}: {text[:3000]}" for leak in found]
            if changes.get("view"):
                self.view = changes["view"]
                if self.seat is not None:
                    self.worth_after[self.view["coups_played"]] = worth(self.view, self.seat)
            if changes.get("reveal"):
                self.reveal = changes["reveal"]
            said = (changes.get("message") or {}).get("text")
            if said:
                self.said.append(said)
                self.said_after.append((self.view or {}).get("coups_played", 0))
                if changes["message"].get("tone") == "refused":
                    self.refusals.append(said)

    # -- reading --------------------------------------------------------------------------------------
    @property
    def turn(self) -> dict | None:
        return (self.view or {}).get("turn")

    @property
    def surface(self):
        return self.page.locator(".bls-host")

    def seat_panel(self, seat: int):
        return self.surface.locator(f".bls-seat[data-seat='{seat}']")

    def wait_seated(self) -> None:
        """The page sits (or watches) and has drawn the table it was sent."""
        self.page.locator(".bl-app[data-live=true] .bls-host .bls-felt").wait_for(state="visible")
        if self.name is not None:
            expect(self.page.locator("#table-status")).to_contain_text(f"as {self.name}.")

    def own_cards(self) -> list[tuple]:
        """The cards of the hands this seat holds, as its view shows them: (hand, rank, suit) each."""
        return [(hand["hand"], card["rank"], card["suit"]) for hand in (self.view or {}).get("hands", [])
                if self.seat is not None and hand.get("holder") == self.seat for card in hand["cards"]]

    # -- deciding -------------------------------------------------------------------------------------
    def decide(self, kind: str, side: str | None = None, amount: int | None = None) -> None:
        """Click this seat's ``kind`` button on the surface (``amount`` chips typed in the box first), and wait
        until the table has moved on from the decision."""
        before, refused = json.dumps(self.view, sort_keys=True), len(self.refusals)
        bar = self.surface.locator(".bls-decision")
        if amount is not None:
            bar.locator(".bl-amount input").fill(str(amount))
        bar.locator(f".bl-decision-{action_key(kind, side)}").click()
        deadline = time.monotonic() + DECIDE_MS / 1000
        while json.dumps(self.view, sort_keys=True) == before:
            assert len(self.refusals) == refused, f"{self.label}'s {kind} was refused: {self.refusals[refused:]}"
            assert time.monotonic() < deadline, f"{self.label}'s {kind} was not answered within {DECIDE_MS} ms"
            self.page.wait_for_timeout(30)

    def close(self) -> None:
        self.context.close()


def sit_down(browser, table: OpenedTable, pages: list[TablePage], arrivals) -> None:
    """A page for each of ``arrivals`` ((name, (width, height)); a name None: the projector), each seated before the
    next opens (the seats are given in order of arrival), added to ``pages`` (which the caller closes)."""
    for name, size in arrivals:
        pages.append(TablePage(browser, table, name, size))
        pages[-1].wait_seated()


def settled(pages: list[TablePage], timeout_ms: int = SETTLE_MS) -> tuple:
    """Wait until every page shows the same moment of play (the same :func:`stamp`); return it."""
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        stamps = {page.label: stamp(page.view) for page in pages}
        if None not in stamps.values() and len(set(stamps.values())) == 1:
            return next(iter(stamps.values()))
        assert time.monotonic() < deadline, f"the pages did not agree on where the table stands: {stamps}"
        pages[0].page.wait_for_timeout(30)


def wait_until(pages: list[TablePage], condition, what: str, timeout_ms: int) -> None:
    """Wait (letting every page's frames arrive) until ``condition()`` holds."""
    deadline = time.monotonic() + timeout_ms / 1000
    while not condition():
        assert time.monotonic() < deadline, f"{what} did not happen within {timeout_ms} ms"
        pages[0].page.wait_for_timeout(50)


def story(table: OpenedTable, server: ClassServer, pages: list[TablePage], decisions: list[str]) -> str:
    """What a failure prints to replay it by hand: the table, the decisions clicked, what each page was told."""
    lines = [f"table {table.id} ({table.variant}) at {table.link}; server log {server.log_path}",
             "decisions clicked, in order:"] + [f"  {decision}" for decision in decisions]
    for page in pages:
        lines.append(f"{page.label} (seat {page.seat}), {len(page.frames)} frames; the last sentences it was told:")
        lines += [f"  {text}" for text in page.said[-12:]]
        if page.refusals:
            lines.append(f"  refused: {page.refusals}")
    return "\n".join(lines)
