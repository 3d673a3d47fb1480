"""One presenter per table kind, chosen from the variant record, as the engine chooses the table.

:class:`~.table.LiveTable` wires three things: the engine's driver (the table, its bots and the
session's record), a presenter, and the table surface the page draws. Everything that differs
between a Punto Banco layout and a seat-banked table is the presenter's: the presentation function,
the records beside the table, the words ("Round" or "Coup", the result sentences, the greeting, the
new-session sentence), the sides a message may name, the stylesheets, the reveal of a coup and the
staged coups. :class:`TablePresenter` declares what a presenter answers;
:func:`presenter_for` reads which one a variant gets from its record (fixed drawing rules: a
layout; otherwise seats bank), so a sixth variant of a kind already here needs nothing in the widgets.

>>> from baccarat_lessons.engine.variants import VARIANTS
>>> type(presenter_for(VARIANTS["mini-baccarat"])).__name__, type(presenter_for(VARIANTS["banque-ouverte"])).__name__
('PuntoBancoPresenter', 'SeatBankedPresenter')
>>> isinstance(presenter_for(VARIANTS["banque-limitee"]), TablePresenter)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Protocol, runtime_checkable

from ..engine.driver import Driver, Step
from ..engine.records import CoupRecord
from ..engine.seated.view import TableView
from ..engine.table_api import Table
from ..engine.variants import Variant
from .presentation import Presentation
from .punto_banco_table.presenter import PuntoBancoPresenter
from .seat_banked_table.presenter import SeatBankedPresenter

if TYPE_CHECKING:  # the widgets a presenter builds; the rest of it runs where there is no ipywidgets
    import ipywidgets as widgets

    from .guard import ActionGuard


class TableRecords(Protocol):
    """The records beside a table (roads, history, the bots' decisions…), built once per table."""

    widgets: tuple[widgets.Widget, ...]  # added after the surface, in this order

    def refresh(self, driver: Driver, moves: Any) -> None:
        """Everything the finished coups show (after the page has shown the last one to its end)."""

    def follow(self, driver: Driver, moves: Any) -> None:
        """What follows the coup in play, after each redraw while the page is not revealing."""

    def new_driver(self, driver: Driver) -> None:
        """A new session (or a resumed one) plays on at ``driver``."""

    def set_enabled(self, enabled: bool) -> None:
        """The records' controls, off while the page reveals a coup."""


@runtime_checkable
class TablePresenter(Protocol):
    """What a live table asks its presenter (see the module); ``table`` is always the driver's."""

    sides: tuple[str, ...]  # what a message's side may name: the layout's spots, or the players' hands
    title_style: str  # a ``<style>`` the title carries, ahead of everything else
    root_classes: tuple[str, ...]  # the table root's classes for this kind
    records_follow_play: bool  # the records change as a coup is played, not only once it is shown
    seat: int | None  # whose view the page draws (0, the user; at a class's table any seat, or None: onlooker)

    # -- the frame and the records ---------------------------------------------------------------
    def stylesheets(self) -> tuple[widgets.Widget, ...]:
        """Style widgets before the title."""

    def records(self, driver: Driver, guard: ActionGuard, on_setting: Callable[[bool], None]) -> TableRecords:
        """The records beside the table; ``on_setting(restarted)`` after a setting is applied."""

    def record_panels(self, driver: Driver, moves: Any) -> tuple[str, ...]:
        """The records as HTML blocks, for a page without widgets (the browser edition)."""

    def setting_fields(self, driver: Driver) -> tuple:
        """The settings a student may change at this table (:class:`.settings_fields.SettingField`)."""

    def show_settings(self, root: widgets.Widget, driver: Driver) -> None:
        """Show the settings in force on the table's ``root`` (reduced motion)."""

    def banker(self, choice: str) -> Callable[[], object] | None:
        """What the driver makes to answer every Banque banker's choice, for ``choice`` "exact" or "simple"."""

    # -- the play ----------------------------------------------------------------------------------
    def restart(self) -> None:
        """A new session (or a staged or resumed one) begins: forget what the last one showed."""

    def check(self, name: str, amount: int | None, side: str | None) -> None:
        """Refuse, with a sentence, a message the table should not even be asked."""

    def took(self, step: Step) -> None:
        """The driver took the user's action (and the bots answered): keep what the page shows of it."""

    def after_action(self, table: Table, name: str) -> str | None:
        """The sentence after an action that finished no coup (or None)."""

    def finished(self, table: Table, step: Step, reveal_id: str) -> dict:
        """The reveal of the coup ``step`` finished."""

    def reveal_now(self, table: Table, session: int, start: int | None = None) -> dict:
        """The reveal of the coup in play (``start``: the event the page reveals from)."""

    def hint(self, table: Table) -> None:
        """Put the exact banker's view on the felt, or refuse with a sentence where it does not help."""

    # -- the words -------------------------------------------------------------------------------
    def greeting(self, table: Table) -> str | None:
        """The first sentence at a new table."""

    def coup_message(self, record: CoupRecord) -> tuple[str, str]:
        """A finished coup's sentence for the user, and its tone."""

    def over_text(self, table: Table, reason: str) -> str:
        """The sentence once the session cannot go on, for ``reason``."""

    def new_session_text(self, table: Table) -> str:
        """The sentence that opens a new session."""

    # -- staged coups ------------------------------------------------------------------------------
    def staged_table(self, driver: Driver, cards: str, role: str | None, choices: dict, seed: int) -> Table:
        """A table staged to deal ``cards`` (a seat-banked one with you as ``role``, ``choices`` taken)."""

    def staged_text(self, cards: str, role: str | None, where: str) -> str:
        """The sentence that opens a staged coup; ``where``: where the table stands."""

    # -- the page ----------------------------------------------------------------------------------
    def presentation(self, table: Table, view: TableView, timer: int) -> Presentation:
        """The page's presentation of the user's ``view``; ``timer``: seconds the session has run."""

    def told_moves(self, table: Table) -> list:
        """The bots' recent choices as (coup, seat, choice, reason as the user may read it), newest last."""


def presenter_class(variant: Variant) -> type[TablePresenter]:
    """The presenter of ``variant``'s kind of table, read from its record."""
    return PuntoBancoPresenter if variant.has_fixed_rules else SeatBankedPresenter


def presenter_for(variant: Variant, deal_speed: str = "normal", seat: int | None = 0) -> TablePresenter:
    """A new presenter for a live table of ``variant`` (``deal_speed`` paces a seat-banked felt) drawing
    ``seat``'s view: the user's seat 0, or at a class's seat-banked table any seat (None: an onlooker's)."""
    if seat == 0:
        return presenter_class(variant)(variant, deal_speed=deal_speed)
    if variant.has_fixed_rules:
        raise ValueError("A layout has one seat, the user's.")
    return SeatBankedPresenter(variant, deal_speed=deal_speed, seat=seat)
