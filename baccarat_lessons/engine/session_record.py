"""A session as a record: what the driver keeps, and the checks a record must pass to be replayed.

A record is plain JSON-ready data::

    {"version": 4, "variant": "chemin-de-fer", "seeds": [root, reshuffle seeds…],
     "settings": {...}, "actions": [[kind, amount, side], ...], "fingerprint": "…", "summary": "…"}

``actions`` are the user's accepted actions in order, one vocabulary for every variant: an
:class:`~.seated.decisions.ActionKind` name with its amount (hundredths) and side (a hand's or a
spot's name), ``["NEXT", None, None]`` (the bots play on), ``["SETTING", name, value]`` and
``["RESHUFFLE", index, kept]``: a resume drew cards anew with seed ``index``. Between coups
``kept`` is None and the rest of the shoe was shuffled there. A resume in the middle of a coup
puts its entry just before the action that dealt the coup, with ``kept`` the offsets (in the
coup's deal order) of the cards its user had seen: the coup is dealt again with those cards in
place and every other one drawn anew (:meth:`~.driver.Driver.reshuffle_rest`).
``fingerprint`` digests the user's view where the session stands. A record is untrusted input:
everything here refuses with one sentence (:class:`~.errors.ReplayError`), never a traceback.

>>> checked_actions([["BET", 500, "Banker"], ["DEAL", None, None]])
[('BET', 500, 'Banker'), ('DEAL', None, None)]
>>> checked_actions([["BET", 500]])
Traceback (most recent call last):
...
baccarat_lessons.engine.errors.ReplayError: This saved session's actions cannot be read; a fresh session starts instead.
"""

from __future__ import annotations

import hashlib
import json
import operator
from enum import Enum
from typing import Sequence

from .errors import BaccaratError, ReplayError
from .events import CardDealt
from .randomness import SEED_BITS
from .settings import TableSettings
from .table_api import Table

RECORD_VERSION = 4  # 4: one driver and one vocabulary for all five variants, amounts in hundredths
MAX_ACTIONS = 20_000  # a long classroom session is a few thousand clicks
MAX_RECORD_BYTES = 1_000_000  # a few thousand actions; anything larger is not one of ours
MAX_COUP_CARDS = 9  # the most one coup deals: three hands (two tableaux and the bank) of three cards


def unreadable(part: str = "") -> ReplayError:
    """The error for a record, or its ``part`` ("actions", "settings"), that cannot be read.

    >>> str(unreadable("seeds"))
    "This saved session's seeds cannot be read; a fresh session starts instead."
    """
    whose = f"This saved session's {part}" if part else "This saved session"
    return ReplayError(f"{whose} cannot be read; a fresh session starts instead.")


def fingerprint(table: Table) -> str:
    """A digest of everything the user's seat may know now (its view), so two tables that a
    student could tell apart never share one."""
    view = json.dumps(table.view(0).to_json(), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(view.encode("utf-8")).hexdigest()


def checked_seeds(seeds: object) -> list[int]:
    """The record's seeds: the session's root, then one per resume, each a whole number below 2**53."""
    if not isinstance(seeds, list) or not seeds or len(seeds) > MAX_ACTIONS or not all(
            isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < 2**SEED_BITS for seed in seeds):
        raise unreadable("seeds")
    return list(seeds)


def checked_actions(actions: object) -> list[tuple[str, object, object]]:
    """The record's actions as (kind, first, second) triples; the table checks each as it replays."""
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        raise unreadable("actions")
    triples = []
    for action in actions:
        if not isinstance(action, list) or len(action) != 3 or not isinstance(action[0], str):
            raise unreadable("actions")
        triples.append((action[0], action[1], action[2]))
    return triples


def checked_kept(kept: object) -> tuple[int, ...] | None:
    """A reshuffle entry's ``kept``: None (between coups), or the offsets in the coup's deal order
    of the cards its user had seen: distinct whole numbers, increasing, each below MAX_COUP_CARDS.

    >>> checked_kept(None), checked_kept([0, 2, 4])
    (None, (0, 2, 4))
    >>> checked_kept([2, 0])
    Traceback (most recent call last):
    ...
    baccarat_lessons.engine.errors.ReplayError: This saved session's actions cannot be read; a fresh session starts instead.
    """
    if kept is None:
        return None
    if not isinstance(kept, list) or not all(
            isinstance(offset, int) and not isinstance(offset, bool) and 0 <= offset < MAX_COUP_CARDS
            for offset in kept) or any(later <= earlier for earlier, later in zip(kept, kept[1:])):
        raise unreadable("actions")
    return tuple(kept)


def seen_in_coup(table: Table) -> tuple[bool, ...] | None:
    """For the coup in progress, each card dealt so far in deal order: whether the user (seat 0) has
    seen it (its own hand's, a face-up card, a hand turned over); None when no coup has cards out.

    >>> from baccarat_lessons.engine.seated.script import scripted_table
    >>> table = scripted_table("chemin-de-fer", "2S KH 3D 3S 9H", "banker", bank=10)
    >>> seen_in_coup(table)                  # the punter's cards (1st, 3rd) are face down to you
    (False, True, False, True)
    """
    dealt = [event for event in table.events if isinstance(event, CardDealt)]
    if not dealt:
        return None
    return tuple(table.visible_cards(0, event.hand)[event.card_number - 1] is not None for event in dealt)


def settings_json(settings: TableSettings) -> dict[str, object]:
    """A table's settings as plain values (an enum as its value)."""
    return {name: getattr(value, "value", value) for name, value in vars(settings).items()}


def setting_value(settings: TableSettings, name: object, value: object) -> object:
    """``value`` for setting ``name`` in the type the settings hold (an enum from its value)."""
    if not isinstance(name, str) or name not in vars(settings):
        raise ReplayError("A settings change in this saved session names no setting of this table.")
    current = getattr(settings, name)
    if isinstance(current, Enum):
        try:
            return type(current)(value)
        except (ValueError, TypeError):
            raise ReplayError("A settings change in this saved session is not a choice of this table.") from None
    return value


def settings_from(data: object, default: TableSettings) -> TableSettings:
    """The settings a record started with (checked by the settings themselves), or ``default``."""
    if data is None:
        return default
    if not isinstance(data, dict):
        raise unreadable("settings")
    changes = {name: setting_value(default, name, value) for name, value in data.items()}
    try:
        return default.changed(**changes)
    except BaccaratError as error:
        raise ReplayError(f"This saved session's settings are not this table's: {error}") from None


class Reshuffles:
    """The ``["RESHUFFLE", index, kept]`` entries of a replayed record, checked in order: each names
    the next seed of the record, and by the end every seed after the root has been used once.
    ``used``: how many of the seeds after the root a replay begun earlier has used already.

    >>> reshuffles = Reshuffles([7, 8])
    >>> reshuffles.take(1), reshuffles.check_all_used()
    (8, None)
    >>> Reshuffles([7, 8]).take(2)
    Traceback (most recent call last):
    ...
    baccarat_lessons.engine.errors.ReplayError: This saved session's actions cannot be read; a fresh session starts instead.
    """

    def __init__(self, seeds: list[int], used: int = 0) -> None:
        self.seeds, self.used = seeds, used

    def take(self, index: object) -> int:
        """The seed a reshuffle entry names (it must be the next one)."""
        if not isinstance(index, int) or isinstance(index, bool):
            raise unreadable("actions")  # a record is untrusted: its 1.0 is refused, not used as a list index
        if index != self.used + 1 or index >= len(self.seeds):
            raise unreadable("actions")
        self.used = index
        return self.seeds[index]

    def check_all_used(self) -> None:
        if self.used != len(self.seeds) - 1:
            raise unreadable()


class ActionsText:
    """The JSON text of a growing list of actions, made once per action: a record is saved after
    every click, and writing its 2,400 actions anew each time cost 6-11% of a round's clicks at hand
    800 (6.3-6.5 ms against 5.7-5.9 ms, measured in turn): without it a click at hand 800 cost
    1.56-1.59x one at hand 1, against issue 34's 1.5x (``benchmarks/bench_resume.py``). It relies on
    the driver's log being appended to and its entries never changed; a list that is not an extension
    of the last (a new session, a resume) is written from the start.

    >>> text = ActionsText()
    >>> log = [["BET", 500, "Banker"]]
    >>> text.of(log)
    '[["BET",500,"Banker"]]'
    >>> log.append(["DEAL", None, None])
    >>> text.of(log) == json.dumps(log, separators=(",", ":"))
    True
    """

    def __init__(self) -> None:
        self._entries: list[object] = []
        self._text = ""

    def of(self, actions: Sequence[object]) -> str:
        known = len(self._entries)
        if len(actions) < known or not all(map(operator.is_, actions[:known], self._entries)):
            self._entries, self._text, known = [], "", 0
        if len(actions) > known:
            added = json.dumps(actions[known:], separators=(",", ":"), ensure_ascii=False)[1:-1]
            self._text = f"{self._text},{added}" if self._text else added
            self._entries.extend(actions[known:])
        return f"[{self._text}]"


def record_text(data: dict[str, object], actions_text: ActionsText | None = None) -> bytes:
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
        actions = data.get("actions")
        if actions_text is not None and isinstance(actions, list) and len(data) > 1:
            # "actions" sorts first of a record's keys (asserted), so the text is the same either way.
            rest = {key: value for key, value in data.items() if key != "actions"}
            assert min(rest) > "actions"
            tail = json.dumps(rest, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
            return f'{{"actions":{actions_text.of(actions)},{tail[1:]}'.encode("utf-8")
        return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    except (TypeError, ValueError, RecursionError):  # UnicodeEncodeError is a ValueError
        raise unreadable() from None


def check_stored(stored: object) -> None:
    """What every kept record must be, however it is kept: one of this version, of a sane size."""
    if not isinstance(stored, dict) or stored.get("version") != RECORD_VERSION:
        raise ReplayError("This saved session is not one this app wrote; a fresh session starts instead.")
    if len(record_text(stored)) > MAX_RECORD_BYTES:
        raise ReplayError("This saved session is far larger than any session; a fresh session starts instead.")
