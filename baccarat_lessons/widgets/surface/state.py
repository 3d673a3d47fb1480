"""The table surface's state and its answers to the page, without a widget.

:class:`SurfaceLogic` is everything the table surface does apart from carrying its state to a page:
the redraw count a click must answer, the checks every message from the page goes through, the page's
first message (its address and its kept session), and the build that waits for a quiet page. Two
classes carry its state (the six names of ``SYNCED``):

- :class:`~.widget.TableSurface`, the anywidget, over a kernel's comm (Voilà, JupyterLab);
- :class:`~.posted.PostedSurface`, as messages of changed values, in the browser edition's worker
  (and any other connection that speaks the same anywidget model interface to the page's module).

Each writes the names as attributes, inside ``hold_sync()`` where several change at once.

>>> from baccarat_lessons.widgets.guard_core import Guard
>>> from baccarat_lessons.widgets.surface.posted import PostedSurface
>>> from baccarat_lessons.widgets.presentation import Layout, Presentation
>>> from baccarat_lessons.widgets.surface.scene import CARD_WORDS, SUIT_OUTLINES
>>> surface = PostedSurface(Guard(), on_message=print, kinds={"DEAL"}, sides=set(), post=lambda changes: None)
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

from ..presentation import Presentation
from .messages import Message, MessageError, plain, read_message

# The state a page draws from, and nothing else (see widget.py for what each holds).
SYNCED = ("view", "presentation", "reveal", "message", "turn", "saved_text")
# After the page has drawn the table, the rest of the page follows once the page has been quiet this
# long: the page then takes its table alone (benchmarks/bench_app.py --only-budgets: 39 widget models
# and 96 KiB before the table is usable, against 194 models and 439 KiB when the rest is built at once).
# A click in that time puts the build back, so its answer is not queued behind the build (in a class
# of 8 pages opening together, a click made at once waited 5 s for it).
BUILD_AFTER_SECONDS = 0.5
MAX_QUERY_CHARACTERS = 4000  # a staged link's query is a few hundred characters
MAX_VARIANT_CHARACTERS = 40  # a variant's key ("banque-limitee")


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop (a kernel's, or Pyodide's in the browser); None in plain Python (tests), where
    callbacks run at once."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class SurfaceLogic:
    """What a table surface does with its state and the page's messages (see the module).

    Call :meth:`start` from the carrier's ``__init__``: ``on_message`` receives each checked
    :class:`Message`; ``kinds`` and ``sides`` are what a message may name, anything else is refused
    with a sentence. Every message from the page goes through ``handle``: ``guard`` (a
    :class:`~baccarat_lessons.widgets.guard_core.Guard`) turns a refusal into the sentence on screen
    (``message``) and a bug into its error report; nothing escapes to the page. ``null`` is what a
    browser's null arrives as here (:func:`.messages.browser_null`).
    """

    def start(self, guard, on_message: Callable[[Message], None], kinds: Collection[str],
              sides: Collection[str], null) -> None:
        self.null = null  # what a browser null arrives as here (public: a test on a server sets a stand-in)
        self._on_message = on_message
        self.kinds, self.sides = frozenset(kinds), frozenset(sides)
        self.redraws = 0  # the carrier's own count: the synced ``turn`` may be overwritten by a page
        self.current_turns = {0}  # the redraws a click may answer: the last, and those it only refreshed
        self.handle = guard.wrap(self.receive)  # what a message from the page goes through
        self._when_shown: list[Callable[[], None]] = []
        self._shown_timer: asyncio.TimerHandle | None = None  # the build after SHOWN, put back by each click
        self.on_resume: Callable[[object, bool], None] | None = None  # (stored record, from a file)
        # The page's query string and the variant last played in this browser (see widget.py's PAGE).
        self.on_link: Callable[[str, str | None], None] | None = None
        guard.listen(self.say)

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
