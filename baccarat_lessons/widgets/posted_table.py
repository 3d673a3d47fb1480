"""A table whose page is reached by messages: the browser edition's worker (and any such connection).

:class:`PostedTable` is a :class:`~.table_play.TablePlay` drawn on a
:class:`~.surface.posted.PostedSurface`: every change of what the page draws is handed to ``post`` as
one message, and so are the records beside the table (HTML blocks from the presenter's
``record_panels``) and the report of a bug. The messages, each a dict with a ``kind``:

- ``{"kind": "state", "changes": {...}}``: changed values of the surface's state (``SYNCED``);
- ``{"kind": "records", "panels": [html, ...]}``: the records, when they changed;
- ``{"kind": "errors", "html": ...}``: the error report (a bug: the table is left as it was).

>>> from baccarat_lessons.engine.money import CHIP
>>> from baccarat_lessons.engine.shoe import Shoe
>>> sent = []
>>> table = PostedTable("punto-banco", post=sent.append, shoe=Shoe.stacked("2S AC 2H 2D 8C"))
>>> [message["kind"] for message in sent]
['records', 'state', 'state']
>>> table.surface.handle({"kind": "BET", "amount": 10, "side": "Banker", "turn": table.surface.turn})
>>> table.surface.handle({"kind": "DEAL", "turn": table.surface.turn})
>>> table.surface.handle({"kind": "REVEALED", "turn": table.surface.turn})
>>> any("Round 1:" in panel for panel in [m for m in sent if m["kind"] == "records"][-1]["panels"])
True
"""

from __future__ import annotations

from typing import Callable

from .guard_core import Guard, errors_html
from .surface.posted import PostedSurface
from .table_play import TablePlay


class PostedGuard(Guard):
    """A guard whose error report is posted to the page (which shows it under the table)."""

    def __init__(self, post: Callable[[dict], None]):
        super().__init__()
        self._post = post

    def show_errors(self) -> None:
        self._post({"kind": "errors", "html": errors_html(self.errors)})


class PostedRecords:
    """The records beside the table as HTML blocks, posted when they change (the presenter says what
    they hold: the same for every kind here, so nothing branches on the kind)."""

    def __init__(self, presenter, post: Callable[[dict], None]):
        self.presenter, self._post = presenter, post
        self.panels: list[str] = []

    def refresh(self, driver, moves) -> None:
        panels = list(self.presenter.record_panels(driver, moves))
        if panels != self.panels:
            self.panels = panels
            self._post({"kind": "records", "panels": panels})

    def follow(self, driver, moves) -> None:
        """After each redraw: what changed while a coup is played (a seat-banked table's bots' decisions)."""
        self.refresh(driver, moves)

    def new_driver(self, driver) -> None:
        """A new session's records are drawn by the refresh that follows."""

    def set_enabled(self, enabled: bool) -> None:
        """Nothing here is a control."""


class PostedTable(TablePlay):
    """A table of ``variant`` whose page is reached through ``post`` (see the module); the other
    arguments are :class:`~.table_play.TablePlay`'s."""

    def __init__(self, variant, post: Callable[[dict], None], **kwargs):
        self._post = post
        super().__init__(variant, **kwargs)

    def make_guard(self) -> PostedGuard:
        return PostedGuard(self._post)

    def make_surface(self, on_message, kinds, sides) -> PostedSurface:
        from .surface.messages import browser_null

        return PostedSurface(self.guard, on_message, kinds, sides,
                             post=lambda changes: self._post({"kind": "state", "changes": changes}), null=browser_null())

    def open_records(self) -> None:
        self.records = PostedRecords(self.presenter, self._post)
        self._refresh_records()
