"""The one wrapper every callback goes through, without a widget (the browser edition's worker uses it).

A :class:`BaccaratError` is the engine refusing an action: its sentence is said (to every listener:
a table surface's message line) and nothing else happens. Anything else is a bug: it is reported by
the name of the error only — a traceback reaches the page only while debugging
(``BACCARAT_LESSONS_DEBUG=1``, as the app's tests run), so no code of the app is shown to a student.
:class:`~.guard.ActionGuard` shows the same in widgets.

>>> guard = Guard()
>>> said = []
>>> guard.listen(lambda text, kind: said.append((kind, text)))
>>> def refuse():
...     raise BetError("Place a bet first: a round is not dealt without one.")
>>> guard.wrap(refuse)()
>>> said
[('refused', 'Place a bet first: a round is not dealt without one.')]
>>> guard.wrap(lambda: 1 / 0)()
>>> guard.errors[0].startswith("ZeroDivisionError"), said[-1][1]
(True, 'Something went wrong; see the error report below.')
"""

from __future__ import annotations

import functools
import os
import sys
import traceback
from html import escape
from typing import Callable

from .. import DEBUG_VARIABLE
from ..engine.errors import BaccaratError, BetError  # noqa: F401  (BetError: doctest)

MAX_LOGGED_ERRORS = 5


def errors_html(errors: list[str]) -> str:
    """The error report: the bugs' reports, newest first (the browser edition's page shows the same)."""
    blocks = "".join(f"<pre>{escape(text)}</pre>" for text in errors)
    return ('<div role="alert"><strong>Something went wrong inside the app.</strong> '
            "The table is unchanged where possible; reload the page if it stops answering. The error:"
            + blocks + "</div>")


class Guard:
    """Says one sentence at a time, and keeps the last few bugs' reports (newest first)."""

    def __init__(self):
        self._listeners: list[Callable[[str, str], None]] = []
        self.text, self.kind = "", "info"  # the sentence shown now
        self.errors: list[str] = []

    def listen(self, listener: Callable[[str, str], None]) -> None:
        """Also show every sentence with ``listener(text, kind)`` (a table surface's message line)."""
        self._listeners.append(listener)

    def say(self, text: str, kind: str = "info") -> None:
        """Show one sentence; ``kind`` is "info", "refused" or "done"."""
        self.text, self.kind = text, kind
        for listener in self._listeners:
            listener(text, kind)

    def clear(self) -> None:
        self.say("")

    def report_bug(self, error: BaseException) -> None:
        """Make an unexpected exception visible: its name, and its traceback only while debugging."""
        trace = "".join(traceback.format_exception(type(error), error, error.__traceback__))
        print(trace, file=sys.__stderr__)  # the kernel's stderr is the server's log (the console in a browser)
        if os.environ.get(DEBUG_VARIABLE) == "1":
            shown = trace
        else:
            shown = f"{type(error).__name__} (the details are written to the server's log)"
        self.errors = [shown, *self.errors][:MAX_LOGGED_ERRORS]
        self.show_errors()
        self.say("Something went wrong; see the error report below.", "refused")

    def show_errors(self) -> None:
        """Draw ``errors`` where the page shows them (a widget, or a message to the page)."""

    def wrap(self, action: Callable) -> Callable:
        """A callback that runs ``action`` and never lets an exception escape."""

        @functools.wraps(action)
        def guarded(*args, **kwargs):
            try:
                return action(*args, **kwargs)
            except BaccaratError as error:
                self.say(str(error), "refused")
            except Exception as error:  # noqa: BLE001 - anything else is a bug to show
                self.report_bug(error)
            return None

        return guarded
