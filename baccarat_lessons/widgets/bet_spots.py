"""The betting layout: one button per bet spot, drawn from the session's state.

Every spot has a button (class ``bl-spot`` and ``bl-spot-<key>``); spots the
settings switch off are hidden and disabled. A button's description starts
with the spot's name, then its payout and the chips on it.

>>> from baccarat_lessons.engine.session import Session
>>> session = Session(seed=1)
>>> layout = BetLayout(on_bet=lambda spot: None)
>>> session.place_bet("banker", 10)
>>> layout.update(session, chip=5)
>>> layout.buttons[BetSpot.BANKER].description
'Banker 0.95:1 · 10 on it'
>>> layout.buttons[BetSpot.PLAYER_PAIR].layout.display
'none'
"""

from __future__ import annotations

from typing import Callable

import ipywidgets as widgets

from ..engine.bets import BetSpot, payout_label
from ..engine.session import Session


class BetLayout:
    """Buttons for every :class:`BetSpot`; ``update`` redraws them from a session."""

    def __init__(self, on_bet: Callable[[BetSpot], None], wrap: Callable[[Callable], Callable] | None = None):
        wrap = wrap or (lambda f: f)
        self.buttons: dict[BetSpot, widgets.Button] = {}
        for spot in BetSpot:
            button = widgets.Button(description=spot.value, layout=widgets.Layout(width="auto"))
            button.add_class("bl-spot")
            button.add_class(f"bl-spot-{spot.key}")
            button.on_click(wrap(lambda _b, spot=spot: on_bet(spot)))
            self.buttons[spot] = button
        self.widget = widgets.HBox(list(self.buttons.values()))
        self.widget.add_class("bl-spots")

    def update(self, session: Session, chip: int, locked: bool = False) -> None:
        """Descriptions, visibility and ``disabled`` from the session (``locked``: a reveal is running)."""
        settings = session.settings
        for spot, button in self.buttons.items():
            offered = spot in session.spots
            button.layout.display = None if offered else "none"
            stake = session.bets.get(spot, 0)
            pays = payout_label(spot, settings.banker_pays, settings.tie_pays)
            button.description = f"{spot.value} {pays}" + (f" · {stake} on it" if stake else "")
            reason = session.can_place_bet(spot, chip) if offered else f"The {spot.value} bet is switched off."
            button.disabled = locked or reason is not None
            button.tooltip = (
                f"Add a {chip} chip to {spot.value} (pays {pays})." if reason is None else reason
            )
            if stake:
                button.add_class("bl-spot-has-chips")
            else:
                button.remove_class("bl-spot-has-chips")
