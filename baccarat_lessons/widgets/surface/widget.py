"""The table surface: one anywidget that draws a whole table from the user's seat view.

Its synced state is what the user's seat may know and how to draw it, and nothing else:

- ``view``: ``table.view(0).to_json()`` (or ``Session.view()`` at Punto Banco), the seat view;
- ``presentation``: the words and settings it is drawn with (status line, seat panels,
  controls, chip values, deal speed), all derived from that view and the table's settings: a
  :class:`~baccarat_lessons.widgets.presentation.Presentation`'s ``to_json()``, the page contract
  (its JSON Schema: :func:`~baccarat_lessons.widgets.presentation.presentation_schema`);
- ``reveal``: the coup being shown, as the seat's told events (``told_events``); the page
  paces them (slide and flip for each card) and sends ``revealed`` when the last is shown;
- ``message``: the one sentence the table says now; ``turn``: how many times it was redrawn;
- ``saved_text``: the session record as JSON text (sealed on a server, plain in the browser edition:
  :mod:`.saving`), which the page keeps in its local storage; ``saved`` reads and writes it as data.

When it has drawn the table the page says what it was opened with, in one message of the same
kind as its clicks: ``{"kind": "PAGE", "query": <its address's query string>, "kept": <the
record its local storage kept, or null>, "variant": <the variant this browser last played, or null>}``.
The query and the variant go to ``on_link`` (the app opens a staged link once, else the variant last
played), then the kept record to ``on_resume`` — on a server and in the browser alike.

So a card face down to the user never reaches the browser. Every click comes back as one
message, checked by :func:`~.messages.read_message` and handed to the table's ``act``; the
synced values are only ever written here, never read back as game truth.

>>> from baccarat_lessons.widgets.guard import ActionGuard
>>> from baccarat_lessons.widgets.presentation import Layout, Presentation
>>> from baccarat_lessons.widgets.surface.scene import CARD_WORDS, SUIT_OUTLINES
>>> surface = TableSurface(ActionGuard(), on_message=print, kinds={"DEAL"}, sides=set())
>>> shown = Presentation(layout=Layout.PUNTO_BANCO, variant="punto-banco", suits=SUIT_OUTLINES, words=CARD_WORDS)
>>> surface.draw(view={"seats": []}, presentation=shown)
>>> surface.turn, surface.presentation["layout"]
(1, 'punto-banco')
>>> surface.handle({"kind": "DEAL", "turn": 1})
Message(kind='DEAL', amount=None, side=None)
>>> surface.handle({"kind": "DEAL", "turn": 0})   # an older redraw's click: nothing happens
>>> surface.handle({"kind": "FLY", "turn": 1}); surface.message["text"]
'This table has no action called “FLY”; nothing was changed.'
>>> surface.on_link = print
>>> surface.handle({"kind": "PAGE", "query": "?variant=mini-baccarat", "kept": None, "variant": None})
?variant=mini-baccarat None
>>> surface.handle({"kind": "PAGE", "query": "", "kept": None, "variant": "chemin-de-fer"})
 chemin-de-fer
"""

from __future__ import annotations

import asyncio
import json
from typing import Callable, Collection

import anywidget
import traitlets

from ..presentation import Presentation
from .messages import Message, MessageError, browser_null, plain, read_message
from .served import surface_code

# After the page has drawn the table, the rest of the page follows once the page has been quiet this
# long: the page then takes its table alone (benchmarks/bench_app.py --only-budgets: 39 widget models
# and 96 KiB before the table is usable, against 194 models and 439 KiB when the rest is built at once).
# A click in that time puts the build back, so its answer is not queued behind the build (in a class
# of 8 pages opening together, a click made at once waited 5 s for it).
BUILD_AFTER_SECONDS = 0.5
MAX_QUERY_CHARACTERS = 4000  # a staged link's query is a few hundred characters
MAX_VARIANT_CHARACTERS = 40  # a variant's key ("banque-limitee")
def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The kernel's event loop; None in plain Python (tests), where callbacks run at once."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class TableSurface(anywidget.AnyWidget):
    """The drawn table; ``on_message`` receives each checked :class:`Message`.

    ``kinds`` and ``sides`` are what a message may name; anything else is refused with a
    sentence. Every message from the page goes through ``handle``: ``guard`` (an
    :class:`~baccarat_lessons.widgets.guard.ActionGuard`) turns a refusal into the sentence on
    screen (``message``) and a bug into its error box; nothing escapes to the page. ``null`` is
    what a browser's null arrives as in this kernel (:func:`.messages.browser_null`).
    """

    _esm, _css = surface_code()  # inline, or a loader of the files the app's server serves (.served)
    view = traitlets.Dict().tag(sync=True)
    presentation = traitlets.Dict().tag(sync=True)
    reveal = traitlets.Dict().tag(sync=True)
    message = traitlets.Dict().tag(sync=True)
    turn = traitlets.Int(0).tag(sync=True)
    # The session record the page keeps (sealed on a server, see .saving), as JSON text: ipywidgets walks
    # a synced dict node by node on every change, and the record grows with the session (a click at
    # hand 800 cost 12 ms more for it; benchmarks/bench_resume.py); a string crosses in one piece.
    saved_text = traitlets.Unicode("").tag(sync=True)

    def __init__(self, guard, on_message: Callable[[Message], None], kinds: Collection[str],
                 sides: Collection[str], null=browser_null(), **kwargs):
        super().__init__(**kwargs)
        self.null = null  # what a browser null arrives as here (public: a test on a server sets a stand-in)
        self._on_message = on_message
        self.kinds, self.sides = frozenset(kinds), frozenset(sides)
        self.redraws = 0  # the kernel's own count: the synced ``turn`` may be overwritten by a page
        self.current_turns = {0}  # the redraws a click may answer: the last, and those it only refreshed
        self.handle = guard.wrap(self.receive)  # what a message from the page goes through
        self._when_shown: list[Callable[[], None]] = []
        self._shown_timer: asyncio.TimerHandle | None = None  # the build after SHOWN, put back by each click
        self.on_resume: Callable[[object, bool], None] | None = None  # (stored record, from a file)
        # The page's query string and the variant last played in this browser (see PAGE above).
        self.on_link: Callable[[str, str | None], None] | None = None
        guard.listen(self.say)
        self.on_msg(lambda _widget, content, _buffers: self.handle(content))

    @property
    def saved(self) -> dict:
        """The record the page keeps, as data (``{}`` before there is one)."""
        return json.loads(self.saved_text) if self.saved_text else {}

    @saved.setter
    def saved(self, record: dict) -> None:
        self.saved_text = json.dumps(record, separators=(",", ":"), ensure_ascii=False)

    def draw(self, view: dict, presentation: Presentation, reveal: dict | None = None, new_turn: bool = True) -> None:
        """Send a new state in one message; the page redraws once. ``new_turn=False``: a redraw that
        answers no click (the page's own REVEALED), after which a click made on the state before
        is still current — a click is stale only once the kernel has answered a click."""
        self.redraws += 1
        self.current_turns = (self.current_turns | {self.redraws}) if not new_turn else {self.redraws}
        with self.hold_sync():
            if reveal is not None:
                self.reveal = reveal
            self.view = view
            self.presentation = presentation.to_json()
            self.turn = self.redraws

    def say(self, text: str, tone: str = "info") -> None:
        """Show one sentence above the controls ("info", "refused" or "done")."""
        self.message = {"text": text, "tone": tone} if text else {}

    def when_shown(self, callback: Callable[[], None]) -> None:
        """Run ``callback`` once, when a page has first drawn this surface (it says "SHOWN"):
        what is not needed to play can be built after the table is usable."""
        self._when_shown.append(callback)

    def _after_quiet(self) -> None:
        """Run the ``when_shown`` callbacks once the page has sent nothing for BUILD_AFTER_SECONDS (at
        once outside an event loop): each message from the page until then puts them back."""
        if not self._when_shown:
            return
        loop = _running_loop()
        if loop is None:
            self._run_when_shown()
            return
        if self._shown_timer is not None:
            self._shown_timer.cancel()
        self._shown_timer = loop.call_later(BUILD_AFTER_SECONDS, self._run_when_shown)

    def _run_when_shown(self) -> None:
        self._shown_timer = None
        callbacks, self._when_shown = self._when_shown, []
        for callback in callbacks:
            callback()

    def receive(self, content) -> None:
        """Check one message from the page and hand it on; a stale one is dropped.

        Raises :class:`~.messages.MessageError` (or the engine's :class:`BetError` for an amount
        that is not a number of chips) for anything else that is wrong."""
        content = plain(content, self.null)
        if isinstance(content, dict) and content.get("kind") == "SHOWN":
            self._after_quiet()
            return
        playing = self._shown_timer is not None  # the user plays before the rest is built: it waits
        try:
            self._answer(content)
        finally:
            if playing:
                self._after_quiet()  # counted from this answer's end: the next click may follow it

    def _answer(self, content) -> None:
        if isinstance(content, dict) and content.get("kind") == "PAGE":
            self._opened(content.get("query"), content.get("kept"), content.get("variant"))
            return
        if isinstance(content, dict) and content.get("kind") == "RESUME" and self.on_resume is not None:
            self.on_resume(content.get("record"), content.get("source") == "file")  # checked there: untrusted
            return
        message = read_message(content, self.kinds, self.sides, self.current_turns)
        if message is not None:
            self._on_message(message)

    def _opened(self, query, kept, variant=None) -> None:
        """What the page was opened with: its staged link, or else the variant last played, first (the
        class's coup comes before a kept session), then the session its storage kept (each checked
        where it is used)."""
        if query is not None and (not isinstance(query, str) or len(query) > MAX_QUERY_CHARACTERS):
            raise MessageError("This page's address is not one the app can read; nothing was changed.")
        if variant is not None and (not isinstance(variant, str) or len(variant) > MAX_VARIANT_CHARACTERS):
            raise MessageError("This page remembered a game the app does not know; nothing was changed.")
        if self.on_link is not None:  # always: the app reads only the first page's, whatever it holds
            self.on_link(query or "", variant)
        if kept is not None and self.on_resume is not None:
            self.on_resume(kept, False)
