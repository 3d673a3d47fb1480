"""The one wrapper every callback goes through.

A :class:`BaccaratError` is the engine refusing an action: its sentence goes
to the message area and nothing else happens. Anything else is a bug: it is said
in a visible error box, by the name of the error only — a traceback reaches the
page only while debugging (``BACCARAT_LESSONS_DEBUG=1``, as the app's tests run),
so no code of the app is shown to a student.

>>> guard = ActionGuard()
>>> def refuse(_button=None):
...     raise BetError("Place a bet first: a round is not dealt without one.")
>>> guard.wrap(refuse)()
>>> "Place a bet first" in guard.message.value, guard.error_log.layout.display
(True, 'none')
>>> guard.wrap(lambda: 1 / 0)()
>>> "ZeroDivisionError" in guard.error_log.value, guard.error_log.layout.display
(True, None)
"""

from __future__ import annotations

import functools
import os
import sys
import traceback
from html import escape
from typing import Callable

import ipywidgets as widgets

from .. import DEBUG_VARIABLE
from ..engine.errors import BaccaratError, BetError  # noqa: F401  (BetError: doctest)
from .shared_models import html, shared_style

MAX_LOGGED_ERRORS = 5


class ActionGuard:
    """Owns the message area (``bl-message``) and the error log (``bl-error-log``)."""

    def __init__(self):
        self.message = html(min_height="1.6em")
        self.message.add_class("bl-message")
        # Its own layout, not a shared one: it is shown when a callback fails.
        self.error_log = widgets.HTML(value="", layout=widgets.Layout(display="none"), style=shared_style(widgets.HTML))
        self.error_log.add_class("bl-error-log")
        self._errors: list[str] = []
        self._listeners: list[Callable[[str, str], None]] = []
        self.text, self.kind = "", "info"  # the sentence shown now

    def listen(self, listener: Callable[[str, str], None]) -> None:
        """Also show every sentence with ``listener(text, kind)`` (a table surface's message line)."""
        self._listeners.append(listener)

    def say(self, text: str, kind: str = "info") -> None:
        """Show one sentence; ``kind`` is "info", "refused" or "done"."""
        self.text, self.kind = text, kind
        role = "alert" if kind == "refused" else "status"
        self.message.value = (
            f'<div class="bl-message-{kind}" role="{role}" aria-live="polite">{escape(text)}</div>' if text else ""
        )
        for listener in self._listeners:
            listener(text, kind)

    def clear(self) -> None:
        self.say("")

    def report_bug(self, error: BaseException) -> None:
        """Make an unexpected exception visible (newest first, a few kept): its name, and its
        traceback only while debugging."""
        trace = "".join(traceback.format_exception(type(error), error, error.__traceback__))
        print(trace, file=sys.__stderr__)  # the kernel's stderr is the server's log
        if os.environ.get(DEBUG_VARIABLE) == "1":
            shown = trace
        else:
            shown = f"{type(error).__name__} (the details are written to the server's log)"
        self._errors = [shown, *self._errors][:MAX_LOGGED_ERRORS]
        blocks = "".join(f"<pre>{escape(text)}</pre>" for text in self._errors)
        self.error_log.value = (
            '<div role="alert"><strong>Something went wrong inside the app.</strong> '
            "The table is unchanged where possible; reload the page if it stops answering. The error:"
            + blocks + "</div>"
        )
        self.error_log.layout.display = None
        self.say("Something went wrong; see the error report below.", "refused")

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
