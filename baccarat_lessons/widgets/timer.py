"""The session timer (presentation only): how long the practice session has run.

It ticks once a second through the running asyncio loop, only while shown; with
no running loop (tests) it shows the time when last refreshed.

>>> clock = [100.0]
>>> timer = SessionTimer(clock=lambda: clock[0])
>>> timer.set_visible(True); clock[0] = 165.0; timer.refresh()
>>> timer.widget.value
'<span class="bl-timer">Session time 1:05</span>'
"""

from __future__ import annotations

import asyncio
import time
from typing import Callable

import ipywidgets as widgets


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The kernel's event loop, or None in plain Python (tests), where nothing is scheduled."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None



class SessionTimer:
    """An HTML widget (class ``bl-timer-view``) showing elapsed session time."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, wrap: Callable | None = None):
        self._clock = clock
        self._wrap = wrap or (lambda f: f)
        self._started = clock()
        self._handle = None
        self.is_visible = False
        self.widget = widgets.HTML("", layout=widgets.Layout(display="none"))
        self.widget.add_class("bl-timer-view")

    def restart(self) -> None:
        self._started = self._clock()
        self.refresh()

    def set_visible(self, visible: bool) -> None:
        self.is_visible = visible
        self.widget.layout.display = None if visible else "none"
        self.refresh()

    def refresh(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
        if not self.is_visible:
            return
        minutes, seconds = divmod(int(self._clock() - self._started), 60)
        self.widget.value = f'<span class="bl-timer">Session time {minutes}:{seconds:02d}</span>'
        loop = running_loop()
        if loop is not None:
            self._handle = loop.call_later(1.0, self._wrap(self.refresh))
