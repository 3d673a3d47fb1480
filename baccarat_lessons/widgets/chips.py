"""The chip selector: one real button per chip value, one of them selected.

>>> selector = ChipSelector((5, 10, 25, 50))
>>> selector.selected, selector.buttons[25].description
(5, '25')
>>> selector.buttons[25].click()
>>> selector.selected, "bl-chip-selected" in selector.buttons[25]._dom_classes
(25, True)
"""

from __future__ import annotations

from typing import Callable

import ipywidgets as widgets

from ..engine.money import format_chips


class ChipSelector:
    """Chip buttons (class ``bl-chip``, description = the value) and the chosen value."""

    def __init__(self, values: tuple[int, ...], wrap: Callable[[Callable], Callable] | None = None,
                 on_change: Callable[[int], None] | None = None):
        wrap = wrap or (lambda f: f)
        self._on_change = on_change or (lambda value: None)
        self.buttons: dict[int, widgets.Button] = {}
        for value in values:
            button = widgets.Button(
                description=str(value),
                tooltip=f"Use {format_chips(value)}-chip stakes: each click on a bet spot adds one {value} chip.",
                layout=widgets.Layout(width="auto"),
            )
            button.add_class("bl-chip")
            button.add_class(f"bl-chip-{value}")
            button.on_click(wrap(lambda _b, value=value: self.select(value)))
            self.buttons[value] = button
        label = widgets.HTML('<span class="bl-row-label">Chip</span>')
        self.widget = widgets.HBox([label, *self.buttons.values()])
        self.widget.add_class("bl-chips")
        self.selected = values[0]
        self._mark()

    def select(self, value: int) -> None:
        self.selected = value
        self._mark()
        self._on_change(value)

    def show_selected(self, value: int | None) -> None:
        """Mark ``value``'s chip as the chosen one (None: no chip) without choosing it."""
        self.selected = value
        self._mark()

    def _mark(self) -> None:
        for value, button in self.buttons.items():
            chosen = value == self.selected
            if chosen:
                button.add_class("bl-chip-selected")
            else:
                button.remove_class("bl-chip-selected")
            button.button_style = "primary" if chosen else ""

    def set_enabled(self, enabled: bool) -> None:
        for button in self.buttons.values():
            button.disabled = not enabled
