"""The live table of every variant as widgets: a :class:`~.table_play.TablePlay` on an anywidget surface.

:class:`LiveTable` draws the table on one :class:`~.surface.TableSurface` and puts the records beside
it (the presenter's widgets: roads, history, settings…); what it plays and says is
:class:`~.table_play.TablePlay`'s, shared with the browser edition's worker.

>>> from baccarat_lessons.engine.money import CHIP
>>> from baccarat_lessons.engine.shoe import Shoe
>>> table = LiveTable("punto-banco", shoe=Shoe.stacked("2S AC 2H 2D 8C"))
>>> table.act("BET", 10 * CHIP, "Banker"); table.act("DEAL"); table.act("REVEALED")
>>> table.surface.presentation["status"][0], table.surface.reveal["events"][-1]["text"][:23]
(['balance', 'Balance: 109.50'], 'Banker bet of 10 wins 9')
>>> "Banker bet of 10 wins" in table.records.history_view.widget.value
True
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..content.catalog import CATALOG
from ..content.rendering import render_text  # an HTML template: its figures come from the record
from ..engine.settings import TableSettings
from ..engine.shoe import Shoe
from ..engine.variants import Variant, variant_named
from .guard import ActionGuard
from .panels import panel
from .part_box import PartBox
from .shared_models import html, shared_layout
from .surface import TableSurface
from .table_play import KINDS, TABLE_KINDS, TablePlay  # noqa: F401  (read from here by the tests and the app)


class LiveTable(TablePlay):
    """A playable table of ``variant``; display ``widget`` (see :class:`~.table_play.TablePlay` for the
    arguments). With ``defer`` the records beside the table follow once the page has drawn it."""

    def __init__(self, variant: Variant | str = "punto-banco", seed=None, shoe: Shoe | None = None,
                 settings: TableSettings | None = None, defer: bool = False, keeping=None,
                 deal_speed: str = "normal", banque_banker: str = "exact"):
        self._defer = defer
        # What the browser edition makes this table again from (widgets/part_box.py): a lesson's table
        # is a variant and a seed; one dealt from a given shoe or with other settings has no recipe.
        plain = shoe is None and settings is None and deal_speed == "normal" and (seed is None or type(seed) is int)
        key = variant.key if isinstance(variant, Variant) else variant_named(variant).key
        self.recipe = {"part": "table", "variant": key, "seed": seed} if plain else None
        super().__init__(variant, seed=seed, shoe=shoe, settings=settings, keeping=keeping,
                         deal_speed=deal_speed, banque_banker=banque_banker)

    def make_guard(self) -> ActionGuard:
        return ActionGuard()

    def make_surface(self, on_message, kinds, sides) -> TableSurface:
        return TableSurface(self.guard, on_message=on_message, kinds=kinds, sides=sides)

    def open_records(self) -> None:
        self.widget = self._frame()
        if self._defer:
            self.surface.when_shown(self.guard.wrap(self.build_records))
        else:
            self.build_records()

    def _frame(self) -> widgets.VBox:
        # The frame's styles and the title come first: every model and every byte before the table is
        # usable costs the first page time (a layout's title carries its few styles itself).
        presenter = self.presenter
        title = html(
            f'{presenter.title_style}<div class="bl-table-head"><div class="bl-title">{escape(self.variant.name)} '
            f'table</div><p class="bl-note">{render_text(CATALOG[self.variant.key]["table_about"], self.variant)} Virtual practice '
            "chips only: no money, no prizes.</p></div>")
        root = PartBox([*presenter.stylesheets(), title, self.guard.error_log,
                        panel(self.surface, css="bl-play", flex="1 1 100%")], recipe=self.recipe, layout=shared_layout())
        compact = ("bl-table-mini",) if self.variant.is_compact else ()
        for name in ("bl-table", f"bl-table-{self.variant.key}", *presenter.root_classes, *compact):
            root.add_class(name)
        return root

    def build_records(self) -> None:
        """The records beside the table; with ``defer`` they follow once the page shows the table."""
        if self.records is not None:
            return
        self.records = self.presenter.records(self.driver, self.guard, self._setting_applied)
        # Only added after what is there: a Box redraws every child from the first one that changed,
        # and the surface must not be drawn anew (it would lose the page's reveal and choices).
        self.widget.children = (*self.widget.children, *self.records.widgets)
        self._refresh_records()

    def show_settings(self) -> None:
        self.presenter.show_settings(self.widget, self.driver)
