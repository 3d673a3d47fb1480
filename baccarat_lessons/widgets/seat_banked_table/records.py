"""The records beside a seat-banked table: the bots' decisions, the hand history, the drawing table.

They read the driver's table and its finished coups, never the page, and follow the coup in play
too: each bot's decision is listed as it is taken, with its reason as the user may read it.

>>> from baccarat_lessons.engine.driver import Driver
>>> driver = Driver("chemin-de-fer", seed=3)
>>> records = SeatedRecords(driver)
>>> records.refresh(driver, ())
>>> "None yet" in records.bot_log.value
True
"""

from __future__ import annotations

from ..drawing_table import BANQUE_NOTE, DrawingTableView
from ..panels import panel, row
from ..shared_models import html
from .history import SeatedHistoryView
from .presentation import who
from .record_text import bot_log_html, choice_words  # noqa: F401  (choice_words: read from here too)


class SeatedRecords:
    """The records beside a seat-banked table: the bots' decisions, the history, the drawing table."""

    def __init__(self, driver):
        variant = driver.variant
        other = "Punter" if variant.tableau_count == 1 else "Tableau"
        self.drawing_view = DrawingTableView(variant.drawing, other_hand=other)
        self.drawing = html(self.drawing_view.render(None))
        self.drawing.add_class("bl-drawing-view")
        self.bot_log = html()
        self.bot_log.add_class("bl-bot-log")
        self.history_view = SeatedHistoryView()
        guidance = html("" if variant.tableau_count == 1 else BANQUE_NOTE)
        self.widgets = (row(panel(self.bot_log, flex="1 1 320px"), panel(self.history_view.widget, flex="2 1 420px"),
                            panel(guidance, self.drawing, css="bl-drawing-panel", flex="0 1 auto")),)

    def refresh(self, driver, moves) -> None:
        """The history, the drawing table's last cell and the bots' decisions as the user may read them;
        ``moves`` are (coup, seat, choice, told reason) newest last."""
        table = driver.table
        view = table.view(0)
        name = lambda seat: who(view, seat)  # noqa: E731  (a seat's name on your screen)
        self.history_view.update(table.history, name)
        self.drawing.value = self.drawing_view.render(table.last_coup.cell if table.last_coup else None)
        self.bot_log.value = bot_log_html(name, moves)

    def follow(self, driver, moves) -> None:
        """While a coup is played: the bots' decisions as they are taken (the same as :meth:`refresh`)."""
        self.refresh(driver, moves)

    def new_driver(self, driver) -> None:
        """A new session's records start empty (refresh draws them)."""

    def set_enabled(self, enabled: bool) -> None:
        """Nothing here is a control."""
