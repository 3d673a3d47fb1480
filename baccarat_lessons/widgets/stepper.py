"""Timed reveals that never block the kernel.

When an asyncio loop is running (a Jupyter or Voilà kernel), each step is
scheduled with ``loop.call_later`` and the callback returns at once. With no
running loop (plain Python, tests), or with no delay, every step is shown
immediately and the reveal ends before :meth:`StepPlayer.play` returns.

>>> shown = []
>>> player = StepPlayer(shown.append, on_done=lambda: shown.append("done"))
>>> player.play(3, delay=0.5)  # no running loop here: all at once
>>> shown, player.is_playing
([2, 'done'], False)
"""

from __future__ import annotations

import asyncio
from typing import Callable

# Seconds between steps. A plain Punto Banco round has about fourteen steps, so Normal shows one in
# at most 2.5 s; Slow is for explaining each step to a class.
DEAL_SPEED_SECONDS = {"slow": 1.0, "normal": 0.17, "fast": 0.08, "instant": 0.0}


def step_delay(deal_speed: str, reduced_motion: bool) -> float:
    """Seconds between revealed steps; reduced motion shows everything at once.

    >>> step_delay("slow", False), step_delay("slow", True)
    (1.0, 0.0)
    """
    return 0.0 if reduced_motion else DEAL_SPEED_SECONDS.get(deal_speed, DEAL_SPEED_SECONDS["normal"])


def running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class StepPlayer:
    """Calls ``show(i)`` for i = 0 … count-1, spaced by ``delay``; then ``on_done()``.

    Snapshots are cumulative, so an instant reveal calls ``show`` once, with the last index.

    ``wrap`` guards the scheduled callbacks (see :class:`.guard.ActionGuard`),
    because an exception in a timer callback would otherwise vanish.
    """

    def __init__(self, show: Callable[[int], None], on_done: Callable[[], None] | None = None,
                 wrap: Callable[[Callable], Callable] | None = None):
        self._show = show
        self._on_done = on_done or (lambda: None)
        self._wrap = wrap or (lambda f: f)
        self._handle: asyncio.TimerHandle | None = None
        self._count = 0
        self._next = 0
        self.is_playing = False

    def play(self, count: int, delay: float) -> None:
        """Start a reveal of ``count`` steps (cancelling any reveal in progress)."""
        self.cancel()
        self._count, self._next = count, 0
        self.is_playing = True
        loop = running_loop()
        if delay <= 0 or loop is None or count == 0:
            self.finish()
            return
        self._delay = delay
        self._advance()

    def _advance(self) -> None:
        self._handle = None
        if not self.is_playing:
            return
        self._show(self._next)
        self._next += 1
        if self._next >= self._count:
            self._end()
            return
        loop = running_loop() or asyncio.get_event_loop()
        self._handle = loop.call_later(self._delay, self._wrap(self._advance))

    def finish(self) -> None:
        """Show the last step now and end the reveal."""
        if not self.is_playing:
            return
        self.cancel_timer()
        if self._count:
            # Snapshots are cumulative: the last one shows everything revealed before it.
            self._show(self._count - 1)
        self._end()

    def _end(self) -> None:
        self.is_playing = False
        self._next = self._count
        self._on_done()

    def cancel_timer(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def cancel(self) -> None:
        """Stop without showing the rest (a new session wipes the felt anyway)."""
        self.cancel_timer()
        self.is_playing = False
