"""What sits beside a live table: the records of its session, built once and refreshed after a coup.

:class:`LayoutRecords` (Punto Banco, Mini) holds the roads, the statistics, the live exact odds,
the bankroll, the drawing table, the hand history and its downloads, and the settings;
:class:`SeatedRecords` (the seat-banked tables) the bots' decisions, the history and the drawing
table. Each reads the driver's table and its finished coups, never the page.

>>> from baccarat_lessons.engine.driver import Driver
>>> driver = Driver("chemin-de-fer", seed=3)
>>> records = SeatedRecords(driver)
>>> records.refresh(driver, ())
>>> "None yet" in records.bot_log.value
True
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..engine.money import show_chips
from .bankroll import BankrollView
from .drawing_table import BANQUE_NOTE, DrawingTableView
from .history_download import HistoryDownloads
from .history_view import HandHistoryView
from .odds_panel import OddsPanel
from .presentation.seated import who
from .roads import RoadsView
from .seated.history import SeatedHistoryView
from .session_stats import SessionStatsView
from .settings_panel import SettingsPanel
from .shared_models import hbox, html, vbox


def panel(*children: widgets.Widget, css: str = "", flex: str = "1 1 320px") -> widgets.VBox:
    box = vbox(children, flex=flex, min_width="0")
    box.add_class("bl-panel")
    if css:
        box.add_class(css)
    return box


def row(*children: widgets.Widget) -> widgets.HBox:
    return hbox(children, flex_flow="row wrap", align_items="flex-start")


def this_shoe(history) -> list:
    """The coups dealt from the shoe in play: a casino's scoreboard starts again with each shoe (and so
    a long session's roads cost no more to draw than one shoe's)."""
    start = len(history)
    while start and not any(event.kind == "ShoeShuffled" for event in history[start - 1].events):
        start -= 1
    return list(history[max(start - 1, 0):])


def choice_words(choice) -> str:
    """A bot's action in a few words: 'Bet 10 on the right', 'Draw'."""
    words = choice.kind.value
    if choice.amount is not None and choice.kind.takes_amount:
        words += f" {show_chips(choice.amount)}"
    if choice.side is not None:
        words += f" on the {choice.side.value.split()[0].lower()}"
    return words


class LayoutRecords:
    """The records beside a Punto Banco or Mini table; ``on_setting(restarted)`` after a setting is applied."""

    def __init__(self, driver, guard, on_setting):
        self.drawing_view = DrawingTableView(driver.variant.drawing)
        self.drawing = html(self.drawing_view.render(None))
        self.drawing.add_class("bl-drawing-view")
        self.roads = RoadsView()
        self.history_view = HandHistoryView()
        self.downloads = HistoryDownloads(driver.variant.key)
        self.stats_view = SessionStatsView()
        self.bankroll = BankrollView()
        self.odds = OddsPanel()
        self.settings_view = SettingsPanel(driver, guard, on_applied=on_setting)
        self.widgets = (
            row(panel(self.roads.widget, flex="2 1 420px"), panel(self.stats_view.widget, flex="1 1 300px"),
                panel(self.odds.widget), panel(self.bankroll.widget, flex="0 1 380px")),
            row(panel(self.drawing, css="bl-drawing-panel", flex="0 1 auto"),
                panel(self.history_view.widget, self.downloads.widget, flex="2 1 420px"),
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

    def new_driver(self, driver) -> None:
        self.settings_view.driver = driver
        self.settings_view.sync()

    def set_enabled(self, enabled: bool) -> None:
        self.settings_view.set_enabled(enabled)


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
        if not moves:
            self.bot_log.value = '<div class="bl-bot-log-box"><h4>The bots’ decisions</h4><p>None yet.</p></div>'
            return
        items = "".join(
            f'<li><span class="bl-bot-name">{escape(name(seat))}</span> (coup {number}): '
            f'{escape(choice_words(choice))}: {escape(told)}</li>'
            for number, seat, choice, told in reversed(moves)
        )
        self.bot_log.value = f'<div class="bl-bot-log-box"><h4>The bots’ decisions, newest first</h4><ol>{items}</ol></div>'

    def new_driver(self, driver) -> None:
        """A new session's records start empty (refresh draws them)."""

    def set_enabled(self, enabled: bool) -> None:
        """Nothing here is a control."""
