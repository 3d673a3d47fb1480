"""What the browser edition's two Python apps share: messages from the page as JSON text, read as
untrusted, and a table's own messages handed to it.

:class:`~.posted_app.PostedApp` holds the tables of the app's page; :class:`~.posted_lesson.PostedLesson`
the tables and exercises of a lesson's page. Each has a ``guard`` (whose sentences reach the page) and a
``_receive(message)`` that reads a message already parsed.
"""

from __future__ import annotations

import json
from typing import Callable

from .guard_core import Guard
from .posted_table import PostedTable
from .surface.messages import MessageError

# A message's text from the page: a session file the visitor opens is at most 1,000,000 bytes
# (kept_session.js's MAX_SESSION_FILE_BYTES), and JSON may spell each of its characters in up to 6.
MAX_MESSAGE_CHARACTERS = 6_100_000
NOT_UNDERSTOOD = "The app did not understand that message; nothing was changed."


class PostedPage:
    """A page's Python, reached by JSON text; a subclass sets ``guard`` and defines ``_receive``."""

    guard: Guard

    @classmethod
    def speaking_json(cls, post_text: Callable[[str], None], seed=None):
        """The app as the worker runs it: each message to the page as JSON text (``post_text``), each
        from the page read by :meth:`receive_text`."""
        return cls(lambda message: post_text(json.dumps(message, separators=(",", ":"), ensure_ascii=False)), seed)

    def receive_text(self, text: str) -> None:
        """A message from the page as JSON text: too long or not JSON is refused with a sentence."""
        self.guard.wrap(self._read_text)(text)

    def _read_text(self, text) -> None:
        if not isinstance(text, str) or len(text) > MAX_MESSAGE_CHARACTERS:
            raise MessageError("That message is too long for the app; nothing was changed.")
        try:
            message = json.loads(text)
        except (ValueError, RecursionError):
            raise MessageError(NOT_UNDERSTOOD) from None
        if not isinstance(message, dict):
            raise MessageError(NOT_UNDERSTOOD)
        self._receive(message)

    def _receive(self, message: dict) -> None:
        raise NotImplementedError


def to_table(table: PostedTable, message: dict) -> bool:
    """Hand ``table`` its own message (a surface's, or the settings form's); False if it is neither."""
    kind = message.get("kind")
    if kind == "MODEL":
        table.surface.handle(message.get("content"))
    elif kind == "SETTING":
        table.guard.wrap(table.setting)(message.get("name"), message.get("choice"), message.get("confirmed") is True)
    elif kind == "SETTINGS_KEPT":
        table.keep_settings()
    else:
        return False
    return True


def post_whole(table: PostedTable, post: Callable[[dict], None]) -> None:
    """Post ``table``'s whole state and records, for a page that draws it anew: every name, even one still
    at its first value (the page drew the table from the build's state)."""
    post({"kind": "state", "changes": table.surface.state()})
    post({"kind": "records", "panels": table.records.panels})
