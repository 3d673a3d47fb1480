"""A one-line progress bar for long commands, drawn on a terminal only.

A bar is a callback ``bar(done, total)``, the shape the simulators' ``progress``
argument takes. It redraws only when the shown percentage changes, and
``finish()`` wipes the line so the report that follows starts clean.

>>> import io
>>> stream = io.StringIO()
>>> bar = ProgressBar(stream, "coups", width=10)
>>> bar(250, 1000); bar(251, 1000); bar(1000, 1000)
>>> stream.getvalue().split("\\r")[1:]
['coups [##--------]  25%  250/1,000', 'coups [##########] 100%  1,000/1,000']
>>> with terminal_progress("coups", json_output=True) as bar:
...     bar is None
True
"""

from __future__ import annotations

import sys
from contextlib import contextmanager
from typing import Callable, Iterator, TextIO

Progress = Callable[[int, int], None]


class ProgressBar:
    """Draws ``label [####------]  40%  4,000/10,000`` over itself on ``stream``."""

    def __init__(self, stream: TextIO, label: str, width: int = 30):
        self.stream = stream
        self.label = label
        self.width = width
        self.shown: int | None = None  # the percentage on screen
        self.length = 0

    def __call__(self, done: int, total: int) -> None:
        percent = 100 * done // total if total else 100
        if percent == self.shown:
            return
        self.shown = percent
        filled = self.width * done // total if total else self.width
        line = f"{self.label} [{'#' * filled}{'-' * (self.width - filled)}] {percent:>3}%  {done:,}/{total:,}"
        self.length = max(self.length, len(line))
        self.stream.write("\r" + line)
        self.stream.flush()

    def finish(self) -> None:
        """Wipe the bar's line (nothing to do if it was never drawn)."""
        if self.shown is not None:
            self.stream.write("\r" + " " * self.length + "\r")
            self.stream.flush()


def terminal_bar(label: str, json_output: bool) -> ProgressBar | None:
    """A bar on stderr when stderr is a terminal and the output is not JSON; else None
    (a pipe, a log file or a program reading JSON gets no drawing characters)."""
    stream = sys.stderr
    if json_output or stream is None or not stream.isatty():
        return None
    return ProgressBar(stream, label)


@contextmanager
def terminal_progress(label: str, json_output: bool) -> Iterator[ProgressBar | None]:
    """:func:`terminal_bar` for the length of a ``with`` block, its line wiped at the end."""
    bar = terminal_bar(label, json_output)
    try:
        yield bar
    finally:
        if bar is not None:
            bar.finish()
