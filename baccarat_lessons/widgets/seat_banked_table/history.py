"""The hand history of a seat-banked table: one line per coup, each expanding to every step.

It is the Punto Banco :class:`~baccarat_lessons.widgets.history_view.HandHistoryView`
(same markup and styles) fed with :class:`~baccarat_lessons.engine.seated.CoupRecord`, each told by
:func:`.record_text.coup_summary`.
"""

from __future__ import annotations

from typing import Callable, Sequence

from ...engine.seated import CoupRecord
from ..history_view import HandHistoryView
from .record_text import HAND_NAMES, coup_summary  # noqa: F401  (read from here too)


class SeatedHistoryView(HandHistoryView):
    """Recent coups, newest first (class ``bl-history``)."""

    def update(self, history: Sequence[CoupRecord], name_of: Callable[[int], str] | None = None) -> None:
        self._render(list(history), lambda record: coup_summary(record, name_of), "coups")
