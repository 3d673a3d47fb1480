"""Reading a message from the browser: untrusted, checked before anything acts on it.

Every message first goes through :func:`plain`, the one place where what the two kernels do
to a browser's ``null`` is undone: a server's kernel hands Python ``None``, the browser
edition's (Pyodide) hands it ``pyodide.ffi.jsnull``; after ``plain`` both are ``None``.

The table surface sends ``{"kind": ..., "amount": ..., "side": ..., "turn": ...}``.
``turn`` is the redraw the page was showing when the user clicked: a message from an
older redraw (the second click of a double-click on Deal or Banco!) is stale and is
dropped without a word, because the click it repeats has already been answered.
Anything else that is wrong raises a :class:`MessageError` whose sentence a student
understands; nothing is changed.

>>> read_message({"kind": "BET", "amount": "12.5", "side": "Banker", "turn": 3}, {"BET"}, {"Banker"}, turn=3)
Message(kind='BET', amount=1250, side='Banker')
>>> read_message({"kind": "DEAL", "turn": 2}, {"DEAL"}, set(), turn=3) is None   # stale: already answered
True
>>> read_message({"kind": "FLY", "turn": 3}, {"DEAL"}, set(), turn=3)
Traceback (most recent call last):
...
baccarat_lessons.widgets.surface.messages.MessageError: This table has no action called “FLY”; nothing was changed.
"""

from __future__ import annotations

import sys
from typing import Collection, NamedTuple

from ...engine.errors import BaccaratError
from ...engine.money import hundredths

MAX_ECHO = 40  # characters of an unknown kind repeated in a refusal


class MessageError(BaccaratError):
    """A message from the page that the table cannot act on."""


class Message(NamedTuple):
    kind: str
    amount: int | None  # hundredths of a chip
    side: str | None


def browser_null(platform: str = sys.platform):
    """What a browser's ``null`` arrives as in this kernel: ``pyodide.ffi.jsnull`` in Pyodide, else
    None (a server's kernel decodes JSON, where null is None already)."""
    if platform != "emscripten":
        return None
    from pyodide.ffi import jsnull  # only in the browser edition, where Pyodide is the interpreter

    return jsnull


def plain(content, null=None):
    """``content`` with every ``null`` (the value :func:`browser_null` gives) as None, in dicts and
    lists at any depth; ``null=None`` (a server): ``content`` as it is.

    >>> NULL = object()  # stands for pyodide.ffi.jsnull in a test on a server
    >>> plain({"kind": "PAGE", "kept": NULL, "list": [1, NULL]}, null=NULL)
    {'kind': 'PAGE', 'kept': None, 'list': [1, None]}
    """
    if null is None:
        return content
    if content is null:
        return None
    try:
        if isinstance(content, dict):
            return {key: plain(value, null) for key, value in content.items()}
        if isinstance(content, list):
            return [plain(value, null) for value in content]
    except RecursionError:  # nested deeper than any message of ours: not one of ours
        raise MessageError("The table did not understand that message; nothing was changed.") from None
    return content


def _echo(value) -> str:
    text = str(value)
    return text if len(text) <= MAX_ECHO else text[:MAX_ECHO] + "…"


def read_message(content, kinds: Collection[str], sides: Collection[str], turn: int | Collection[int]) -> Message | None:
    """The checked message, or None when it is stale (sent from an earlier redraw than ``turn``, or
    than any of the ``turn`` numbers that are all still current)."""
    if not isinstance(content, dict):
        raise MessageError("The table did not understand that message; nothing was changed.")
    sent_turn = content.get("turn")
    if isinstance(sent_turn, bool) or not isinstance(sent_turn, int):
        raise MessageError("That message did not say which state of the table it answers; nothing was changed.")
    if sent_turn not in ((turn,) if isinstance(turn, int) else turn):
        return None
    kind = content.get("kind")
    if not isinstance(kind, str) or kind not in kinds:
        raise MessageError(f"This table has no action called “{_echo(kind)}”; nothing was changed.")
    amount = content.get("amount")
    if amount is not None:
        amount = hundredths(amount)  # refuses NaN, text, booleans and more than two decimals
    side = content.get("side")
    if side is not None and (not isinstance(side, str) or side not in sides):
        raise MessageError(f"This table has no place called “{_echo(side)}”; nothing was changed.")
    return Message(kind, amount, side)
