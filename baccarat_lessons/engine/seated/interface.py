"""The members of the one table interface (:class:`~..table_api.Table`) that a seat-banked table answers
plainly: it has no settings to change, and a side is named by its hand.

A layout (:class:`~..punto_banco.PuntoBancoTable`) has a settings panel and bet spots; the driver asks any
table the same questions, so a seat-banked table gives these answers rather than lacking the members.

>>> from baccarat_lessons.engine.seated import CheminDeFerTable
>>> table = CheminDeFerTable(seed=1)
>>> table.settings, table.can_change_settings(tie_pays=9), table.side_named("Player")
(None, 'Chemin de Fer has no settings to change.', <Hand.PLAYER: 'Player'>)
"""

from __future__ import annotations

from typing import Any

from ..errors import SettingsError
from ..events import Hand
from ..variants import Variant


class SeatBankedAnswers:
    """Mixed into :class:`~.table.SeatedTable`: settings that are never there, and sides named by hand."""

    variant: Variant
    settings: None = None  # the settings panel is a layout's

    def can_change_settings(self, **changes: Any) -> str | None:
        return f"{self.variant.name} has no settings to change."

    def starts_new_session(self, **changes: Any) -> bool:
        return False

    def change_settings(self, **changes: Any) -> None:
        raise SettingsError(f"{self.variant.name} has no settings to change.")

    def side_named(self, name: str) -> Hand | str:
        """The hand a page or a record names ("Right"); another name is kept, for the table to refuse
        with its sentence when it is bet on."""
        return next((hand for hand in Hand if hand.value == name), name)
