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

What it does with that state and the page's messages is :class:`~.state.SurfaceLogic`'s (its doctest
shows a table answering clicks); this class carries the state over a kernel's comm.

>>> from baccarat_lessons.widgets.guard import ActionGuard
>>> surface = TableSurface(ActionGuard(), on_message=print, kinds={"DEAL"}, sides=set())
>>> surface.handle({"kind": "DEAL", "turn": 0})
Message(kind='DEAL', amount=None, side=None)
"""

from __future__ import annotations

from typing import Callable, Collection

import anywidget
import traitlets

from .messages import Message, browser_null
from .served import surface_code
from .state import SurfaceLogic


class TableSurface(anywidget.AnyWidget, SurfaceLogic):
    """The drawn table as an anywidget (see :class:`~.state.SurfaceLogic` for the arguments)."""

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
        self.start(guard, on_message, kinds, sides, null)
        self.on_msg(lambda _widget, content, _buffers: self.handle(content))
