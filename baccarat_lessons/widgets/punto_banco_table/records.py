"""The records beside a Punto Banco or Mini Baccarat table, built once and refreshed after a coup.

:class:`LayoutRecords` holds the roads, the statistics, the live exact odds, the bankroll, the
drawing table, the hand history and its downloads, and the settings. They read the driver's
table and its finished coups, never the page, and follow finished coups only: nothing here
changes while the user puts chips down.

>>> from baccarat_lessons.engine.driver import Driver
>>> from baccarat_lessons.widgets.guard import ActionGuard
>>> driver = Driver("mini-baccarat", seed=3)
>>> records = LayoutRecords(driver, ActionGuard(), lambda restarted: None)
>>> records.refresh(driver)
>>> [type(widget).__name__ for widget in records.widgets]
['HTML', 'HBox', 'HBox']
"""

from __future__ import annotations

from ..bankroll import BankrollView
from ..drawing_table import DrawingTableView
from ..history_download import HistoryDownloads
from ..history_text import this_shoe
from ..history_view import HandHistoryView
from ..odds_panel import OddsPanel
from ..panels import panel, row
from ..roads import RoadsView
from ..session_stats import SessionStatsView
from ..settings_panel import SettingsPanel
from ..shared_models import html
from ..styles import style_widget


class LayoutRecords:
    """The records beside a Punto Banco or Mini table; ``on_setting(restarted)`` after a setting is applied."""

    def __init__(self, driver, guard, on_setting):
        self.drawing_view = DrawingTableView(driver.variant.drawing)
        self.drawing = html(self.drawing_view.render(None))
        self.drawing.add_class("bl-drawing-view")
        self.roads = RoadsView()
        self.history_view = HandHistoryView()
        self.downloads = HistoryDownloads(driver.variant.key, guard)
        self.stats_view = SessionStatsView()
        self.bankroll = BankrollView()
        self.odds = OddsPanel()
        self.settings_view = SettingsPanel(driver, guard, on_applied=on_setting)
        # The rest of the stylesheet comes with the records: the frame's few styles came with the title.
        self.widgets = (
            style_widget(),
            row(panel(self.roads.widget, flex="2 1 420px"), panel(self.stats_view.widget, flex="1 1 300px"),
                panel(self.odds.widget), panel(self.bankroll.widget, flex="0 1 380px")),
            row(panel(self.drawing, css="bl-drawing-panel", flex="0 1 auto"),
                panel(self.history_view.widget, self.downloads, flex="2 1 420px"),
                panel(self.settings_view.widget, flex="1 1 320px")),
        )

    def refresh(self, driver, moves=()) -> None:
        """Everything the finished coups show (after the page has shown the last one to its end)."""
        table = driver.table
        history = table.history
        self.roads.update([record.outcome for record in this_shoe(history)])
        self.history_view.update(history)
        self.downloads.update(history)
        self.stats_view.update(table)
        self.bankroll.update(table.starting_total, [record.balances[0] for record in history])
        self.odds.update(table)
        self.drawing.value = self.drawing_view.render(table.last_coup.cell if table.last_coup else None)

    def follow(self, driver, moves=()) -> None:
        """Nothing here follows a coup in play: the records change once the page has shown it."""

    def new_driver(self, driver) -> None:
        self.settings_view.driver = driver
        self.settings_view.sync()

    def set_enabled(self, enabled: bool) -> None:
        self.settings_view.set_enabled(enabled)
