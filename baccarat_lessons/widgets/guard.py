"""The guard's sentences and bug reports as widgets: the message area and the error log.

What the guard does is :class:`~.guard_core.Guard`'s; this shows it in ipywidgets.

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

from html import escape

import ipywidgets as widgets

from ..engine.errors import BetError  # noqa: F401  (BetError: doctest)
from .guard_core import Guard, errors_html
from .shared_models import html, shared_style


class ActionGuard(Guard):
    """Owns the message area (``bl-message``) and the error log (``bl-error-log``)."""

    def __init__(self):
        super().__init__()
        self.message = html(min_height="1.6em")
        self.message.add_class("bl-message")
        # Its own layout, not a shared one: it is shown when a callback fails.
        self.error_log = widgets.HTML(value="", layout=widgets.Layout(display="none"), style=shared_style(widgets.HTML))
        self.error_log.add_class("bl-error-log")

    def say(self, text: str, kind: str = "info") -> None:
        role = "alert" if kind == "refused" else "status"
        self.message.value = (
            f'<div class="bl-message-{kind}" role="{role}" aria-live="polite">{escape(text)}</div>' if text else ""
        )
        super().say(text, kind)

    def show_errors(self) -> None:
        self.error_log.value = errors_html(self.errors)
        self.error_log.layout.display = None
