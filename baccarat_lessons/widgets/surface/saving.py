"""Saved sessions: how a table's session record is kept by the browser.

The record itself is the engine driver's (:mod:`baccarat_lessons.engine.session_record`: the
variant, the seeds, the starting settings, the user's accepted actions and a fingerprint), and
:meth:`~baccarat_lessons.engine.driver.Driver.replayed` is the one replay. What this module decides
is how the record is kept in the page, which depends on whose kernel it is (:func:`default_records`).
On a server the seeds must stay hidden from the page: :class:`.sealing.SealedRecords` seals them
under the server's secret. In the browser edition (Pyodide, ``sys.platform == "emscripten"``)
the kernel runs in the student's own browser, where any secret would sit beside the record it
guards: :class:`PlainRecords` keeps the record as it is, and it is still replayed through the
checked actions, so an edited record gives a fresh session, never chips from nowhere. The
browser edition never imports the sealing module.

>>> kept = PlainRecords().close({"variant": "punto-banco", "seeds": [12345], "actions": []})
>>> kept["version"] == RECORD_VERSION, PlainRecords().open(kept)["seeds"]
(True, [12345])
>>> PlainRecords().open({**kept, "seeds": ["12345"]})
Traceback (most recent call last):
...
baccarat_lessons.engine.errors.ReplayError: This saved session's seeds cannot be read; a fresh session starts instead.
"""

from __future__ import annotations

import json
import sys

from ...engine.errors import BaccaratError, ReplayError
from ...engine.session_record import MAX_ACTIONS, RECORD_VERSION, check_stored, checked_seeds, unreadable


class PlainRecords:
    """The browser edition's way of keeping a record in the page: as it is (see the module docstring)."""

    is_sealed = False

    def close(self, record: dict) -> dict:
        return {**record, "version": RECORD_VERSION}

    def close_text(self, record: dict) -> str:
        """The kept record as the JSON text the page stores."""
        return json.dumps(self.close(record), separators=(",", ":"), ensure_ascii=False)

    def open(self, stored) -> dict:
        check_stored(stored)
        checked_seeds(stored.get("seeds"))
        actions = stored.get("actions")
        if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
            raise unreadable()
        return dict(stored)


def default_records(platform: str = sys.platform):
    """Plain records in the browser edition (Pyodide), sealed ones on a server; the sealing is
    imported only on a server.

    >>> default_records("emscripten").is_sealed, default_records("linux").is_sealed
    (False, True)
    """
    if platform == "emscripten":
        return PlainRecords()
    from .sealing import SealedRecords

    return SealedRecords()


def opened(stored, keeping, variant_key: str, variant_name: str) -> dict:
    """The record a page sent back for the ``variant_key`` table, opened as ``keeping`` keeps them."""
    record = keeping.open(stored)
    if record.get("variant") != variant_key:
        raise ReplayError(f"This saved session is not a {variant_name} session; a fresh session starts instead.")
    return record


def refusal(error: BaccaratError) -> str:
    """The one sentence a fresh session starts with when a record could not be resumed."""
    if isinstance(error, ReplayError):
        return str(error)
    return ("This saved session asks for an action its table refuses, so it cannot be replayed; "
            "a fresh session starts instead.")
