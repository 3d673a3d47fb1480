"""Saved sessions: a table's session kept by the browser, replayed through the checked actions.

A session record holds the variant, the seeds, the settings it started with, the user's
accepted actions in order, and a fingerprint of the user's view where it stands
(``engine.replay.fingerprint``). The table replays the actions through its own checked
``act`` and compares the fingerprint, so a record is trusted only as far as it replays.

The seeds decide the cards only up to the point saved. The first is the session's root (a New
session draws a fresh one and starts an empty record); each resume then shuffles the cards not
dealt yet anew from fresh entropy, appends that seed and logs ``["RESHUFFLE", index, None]``, so
the next save replays exactly — and an older record sent back never deals a future its student
has already seen.

How the record is kept in the page depends on whose kernel it is (:func:`default_records`). On
a server the seeds must stay hidden from the page: :class:`.sealing.SealedRecords` seals them
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
import secrets
import sys
from enum import Enum

from ...engine.errors import BaccaratError, ReplayError
from ...engine.replay import fingerprint

RECORD_VERSION = 3  # 2: several seeds, each resume reshuffling the rest of the shoe; 3: random.Random shoes and bots
MAX_RECORD_BYTES = 1_000_000  # a few thousand actions; anything larger is not one of ours
MAX_ACTIONS = 20_000


def record_text(data) -> bytes:
    """``data`` as the one canonical UTF-8 text the tag is computed over. What JSON and UTF-8
    cannot hold (a lone surrogate, a value JSON has no form for, nesting deeper than Python
    recurses) is a record that cannot be read: one sentence, like any other bad record.

    >>> record_text({"b": 1, "a": [2]})
    b'{"a":[2],"b":1}'
    >>> record_text({"summary": chr(0xDFFF)})
    Traceback (most recent call last):
    ...
    baccarat_lessons.engine.errors.ReplayError: This saved session cannot be read; a fresh session starts instead.
    """
    try:
        return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    except (TypeError, ValueError, RecursionError):  # UnicodeEncodeError is a ValueError
        raise unreadable() from None


def check_stored(stored) -> None:
    """What every kept record must be, however it is kept: one of this version, of a sane size."""
    if not isinstance(stored, dict) or stored.get("version") != RECORD_VERSION:
        raise ReplayError("This saved session is not one this app wrote; a fresh session starts instead.")
    if len(record_text(stored)) > MAX_RECORD_BYTES:
        raise ReplayError("This saved session is far larger than any session; a fresh session starts instead.")


class PlainRecords:
    """The browser edition's way of keeping a record in the page: as it is (see the module docstring)."""

    is_sealed = False

    def close(self, record: dict) -> dict:
        return {**record, "version": RECORD_VERSION}

    def open(self, stored) -> dict:
        check_stored(stored)
        seeds, actions = stored.get("seeds"), stored.get("actions")
        if not isinstance(seeds, list) or not all(
                isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < 2**64 for seed in seeds):
            raise unreadable("seeds")
        if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
            raise unreadable()
        return {key: value for key, value in stored.items() if key != "version"}


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


def settings_json(settings) -> dict:
    """A table's settings as plain values (an enum as its value)."""
    return {name: getattr(value, "value", value) for name, value in vars(settings).items()}


def setting_value(settings, name: str, value):
    """``value`` for setting ``name`` in the type the settings hold (an enum from its value)."""
    if name not in vars(settings):
        raise ReplayError("A settings change in this saved session names no setting of this table.")
    current = getattr(settings, name)
    if isinstance(current, Enum):
        try:
            return type(current)(value)
        except ValueError:
            raise ReplayError("A settings change in this saved session is not a choice of this table.") from None
    return value


def settings_from(data, default):
    """The settings a record started with (checked by the settings themselves), or ``default``."""
    if not isinstance(data, dict):
        raise unreadable("settings")
    changes = {name: setting_value(default, name, value) for name, value in data.items()}
    try:
        return default.changed(**changes)
    except BaccaratError as error:
        raise ReplayError(f"This saved session's settings are not this table's: {error}") from None


def checked_actions(actions) -> list[tuple]:
    """The record's actions as (kind, amount, side) triples; the table checks each as it replays."""
    triples = []
    for action in actions:
        if not isinstance(action, list) or len(action) != 3 or not isinstance(action[0], str):
            raise unreadable("actions")
        triples.append(tuple(action))
    return triples


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


def unreadable(part: str = "") -> ReplayError:
    """The error for a record, or its ``part`` ("actions", "settings"), that cannot be read.

    >>> str(unreadable("actions"))
    "This saved session's actions cannot be read; a fresh session starts instead."
    """
    whose = f"This saved session's {part}" if part else "This saved session"
    return ReplayError(f"{whose} cannot be read; a fresh session starts instead.")


def record_seeds(record: dict) -> list[int]:
    """The seeds of an unsealed record: the session's root, then one per resume."""
    seeds = record["seeds"]
    if not seeds:
        raise unreadable()
    return list(seeds)


class Reshuffles:
    """The ``["RESHUFFLE", index, None]`` entries of a replayed record, checked in order: each names
    the next seed of the record, and by the end every seed after the root has been used once.

    >>> reshuffles = Reshuffles([7, 8])
    >>> reshuffles.take(1), reshuffles.check_all_used()
    (8, None)
    >>> Reshuffles([7, 8]).take(2)
    Traceback (most recent call last):
    ...
    baccarat_lessons.engine.errors.ReplayError: This saved session's actions cannot be read; a fresh session starts instead.
    """

    def __init__(self, seeds: list[int]):
        self.seeds, self.used = seeds, 0

    def take(self, index) -> int:
        """The seed a reshuffle entry names (it must be the next one)."""
        if index != self.used + 1 or index >= len(self.seeds) or isinstance(index, bool):
            raise unreadable("actions")
        self.used = index
        return self.seeds[index]

    def check_all_used(self) -> None:
        if self.used != len(self.seeds) - 1:
            raise unreadable()


def check_replayed(state, record: dict) -> None:
    """Raise a :class:`ReplayError` unless the replayed ``state`` has the record's fingerprint."""
    if fingerprint(state) != record.get("fingerprint"):
        raise ReplayError("This saved session does not lead to the table it was saved with, so it cannot "
                          "be trusted; a fresh session starts instead.")


class KeptSession:
    """What both table widgets do with a session the page kept: ``resume`` it once, then shuffle
    what is left of its shoe anew.

    The table supplies ``variant``, ``guard``, ``keeping`` (how the page keeps its
    record: :func:`default_records`), ``seeds`` (the root, then one per resume), ``log``
    (the user's accepted actions), ``resumable`` (False while a staged coup is on the table),
    ``shoe`` (the shoe in play), ``_replay(record)`` (replays it or raises a
    :class:`BaccaratError`), ``_save()`` (seals the record for the page) and ``_start_fresh()``
    (a new session on a new random shoe)."""

    _offered = False  # a kept session is offered once, when the page first draws the table

    def resume(self, stored, from_file: bool = False) -> None:
        """Replay a record the page kept (or a file it opened) through the same checked actions;
        a record that does not replay to its fingerprint gives a fresh session and one sentence."""
        if not self.resumable and not from_file:
            return  # a staged coup is on the table: the class's coup comes first
        if not from_file and (self.log or self._offered):
            return  # the page drew the table again: its kept session was offered once, or play has begun
        self._offered = True
        try:
            record = opened(stored, self.keeping, self.variant.key, self.variant.name)
            self._replay(record)
        except BaccaratError as error:
            self._start_fresh()
            self.guard.say(refusal(error), "refused")
            return
        self._reshuffle_rest()
        # The replayed session's own summary: a plain record's words are the page's to edit.
        self.guard.say(f"Resumed: {self.record()['summary']}. Press New session to start over.", "done")

    def _reshuffle_rest(self) -> None:
        """The cards not dealt yet, shuffled anew from fresh entropy; the seed is kept in the record
        and the point where it was used is logged, so the next save replays exactly."""
        seed = secrets.randbits(63)
        self.seeds.append(seed)
        self.log.append(["RESHUFFLE", len(self.seeds) - 1, None])
        self.shoe.reshuffle_rest(seed)
        self._save()
