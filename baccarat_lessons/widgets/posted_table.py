"""A table whose page is reached by messages: the browser edition's worker (and any such connection).

:class:`PostedTable` is a :class:`~.table_play.TablePlay` drawn on a
:class:`~.surface.posted.PostedSurface`: every change of what the page draws is handed to ``post`` as
one message, and so are the records beside the table (HTML blocks from the presenter's
``record_panels``) and the report of a bug. The messages, each a dict with a ``kind``:

- ``{"kind": "state", "changes": {...}}``: changed values of the surface's state (``SYNCED``);
- ``{"kind": "records", "panels": [html, ...]}``: the records, when they changed;
- ``{"kind": "errors", "html": ...}``: the error report (a bug: the table is left as it was);
- ``{"kind": "class-record", "record": ...}``: at a table joined to a class, its session's record after each
  coup shown, for the page to report to the class server (:meth:`PostedTable.report_to_page`);
- ``{"kind": "settings", "fields": [...], "notes": [...], "enabled": ...}``: the settings a student may
  change, each with its choices' words and the one in force (none at a seat-banked table), and
  ``{"kind": "settings-ask", "name": ..., "choice": ..., "text": ...}``: a change that would start a new
  session waits for a yes (:meth:`PostedTable.setting` with ``confirmed``).

>>> from baccarat_lessons.engine.money import CHIP
>>> from baccarat_lessons.engine.shoe import Shoe
>>> sent = []
>>> table = PostedTable("punto-banco", post=sent.append, shoe=Shoe.stacked("2S AC 2H 2D 8C"))
>>> [message["kind"] for message in sent]
['state', 'settings', 'state', 'records']
>>> table.surface.handle({"kind": "BET", "amount": 10, "side": "Banker", "turn": table.surface.turn})
>>> table.surface.handle({"kind": "DEAL", "turn": table.surface.turn})
>>> table.surface.handle({"kind": "REVEALED", "turn": table.surface.turn})
>>> any("Round 1:" in panel for panel in [m for m in sent if m["kind"] == "records"][-1]["panels"])
True
"""

from __future__ import annotations

from typing import Callable

from ..engine.errors import DecisionError
from . import settings_fields
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
        """After each redraw: what changed while a coup is played, where the records follow play (a
        seat-banked table's bots' decisions); a layout's change once the page has shown a round."""
        if self.presenter.records_follow_play:
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
        self._form: dict | None = None  # the settings form the page was last sent
        super().__init__(variant, **kwargs)
        self._refresh_records()  # after the table's first state: the page can play while they are worked out

    def make_guard(self) -> PostedGuard:
        return PostedGuard(self._post)

    def make_surface(self, on_message, kinds, sides) -> PostedSurface:
        # The page's messages reach Python as JSON text (posted_app.py), where a browser's null is None
        # already: no Pyodide null to undo.
        return PostedSurface(self.guard, on_message, kinds, sides,
                             post=lambda changes: self._post({"kind": "state", "changes": changes}))

    def open_records(self) -> None:
        self.records = PostedRecords(self.presenter, self._post)

    def _draw(self, new_turn: bool = True) -> None:
        super()._draw(new_turn)
        self.post_settings()

    # -- a class -------------------------------------------------------------------------------------------
    def report_to_page(self, record: dict) -> None:
        """A joined table's record after a coup shown (:meth:`~.table_play.TablePlay.join_class`), posted for
        the page to report to the class server: ``{"kind": "class-record", "record": ...}``."""
        self._post({"kind": "class-record", "record": record})

    # -- the settings form ------------------------------------------------------------------------------
    def settings_form(self) -> dict:
        """The settings message (see the module): each field's words and the choice in force, by position."""
        fields = []
        for field in self.presenter.setting_fields(self.driver):
            value = getattr(self.driver.settings, field.name)
            chosen = bool(value) if field.is_box else [v for _, v in field.choices].index(value)
            fields.append({"name": field.name, "label": field.label, "tip": field.tip, "box": field.is_box,
                           "choices": [words for words, _ in field.choices], "chosen": chosen,
                           "presentation": field.name in settings_fields.PRESENTATION_SETTINGS})
        return {"kind": "settings", "fields": fields, "notes": [settings_fields.RULES_NOTE, settings_fields.PRESENTATION_NOTE] if fields else [],
                "enabled": not self.is_revealing}

    def post_settings(self) -> None:
        """Post the settings form when it changed (a setting applied, or a reveal started or ended)."""
        form = self.settings_form()
        if form != self._form:
            self._form = form
            self._post(form)

    def setting(self, name, choice, confirmed=False) -> None:
        """Change setting ``name`` to its choice at position ``choice`` (a yes/no box: True or False), as
        the settings widget does: a change that would wipe the hands played waits for ``confirmed``.
        Anything the form does not offer is refused with a sentence and changes nothing."""
        field = next((field for field in self.presenter.setting_fields(self.driver) if field.name == name), None)
        if field is None:
            raise DecisionError("This table has no such setting; nothing was changed.")
        if field.is_box and isinstance(choice, bool):
            value = choice
        elif not field.is_box and type(choice) is int and 0 <= choice < len(field.choices):
            value = field.choices[choice][1]
        else:
            raise DecisionError(f"“{field.label}” has no such choice; nothing was changed.")
        if self.is_revealing:
            raise DecisionError("Settings can be changed once the cards on the table have all been shown.")
        if settings_fields.asks_first(name, value, self.driver) and confirmed is not True:
            self._post({"kind": "settings-ask", "name": name, "choice": choice, "text": settings_fields.ask_text(self.driver)})
            self.guard.say(settings_fields.ASK_SAID)
            return
        try:
            restarted = settings_fields.apply_setting(self.driver, name, value, self.guard.say)
        finally:  # refused or not, the form shows what is in force
            self._form = None
            self.post_settings()
        self._setting_applied(restarted)

    def keep_settings(self) -> None:
        """The student kept their session rather than start a new one for a setting."""
        self._form = None
        self.post_settings()
        self.guard.say(settings_fields.KEPT_SAID, "done")
