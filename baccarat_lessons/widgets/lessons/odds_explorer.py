"""The odds explorer: change the deck count, the tie payout, the Banker settlement or
take cards out of the shoe, and see the exact house edge of every bet at once.

>>> explorer = OddsExplorer()
>>> round(float(explorer.odds.bets[BetSpot.BANKER].house_edge), 6)
0.010579
>>> explorer.tie_pays.value = 9
>>> round(float(explorer.odds.bets[BetSpot.TIE].house_edge), 6)
0.04844
>>> explorer.removed.value = "5 5 5 5"
>>> explorer.composition.card_count
412
>>> explorer.removed.value = "5 Z"
>>> "not a card rank" in explorer.guard.message.value, explorer.composition.card_count
(True, 412)
"""

from __future__ import annotations

import ipywidgets as widgets

from ...engine.bets import BankerPays, BetSpot  # noqa: F401  (BetSpot: the docstring's examples)
from ..guard import ActionGuard
from ..part_box import PartBox
from .odds_view import BANKER_PAYS, DECKS, REMOVED_HINT, TIE_PAYS, odds_for, odds_table_html, summary_html
from .styles import lesson_style


class OddsExplorer:
    """Exact odds for a shoe of 1-8 decks, any payout setting, less any cards removed."""

    def __init__(self, decks: int = 8, removed: str = "", show_removed: bool = True):
        self.guard = ActionGuard()
        self.decks = widgets.Dropdown(options=list(DECKS), value=decks, description="Decks")
        self.tie_pays = widgets.Dropdown(options=list(TIE_PAYS), value=8, description="Tie pays")
        self.banker_pays = widgets.Dropdown(options=list(BANKER_PAYS), value=BankerPays.COMMISSION.value,
                                            description="Banker")
        self.removed = widgets.Text(value=removed, description="Cards out", placeholder=REMOVED_HINT,
                                    layout=widgets.Layout(width="24em"))
        self.summary = widgets.HTML("")
        self.table = widgets.HTML("")
        for control in (self.decks, self.tie_pays, self.banker_pays, self.removed):
            control.observe(self.guard.wrap(self._on_change), names="value")
        controls = [self.decks, self.tie_pays, self.banker_pays] + ([self.removed] if show_removed else [])
        recipe = {"part": "odds-explorer", "decks": decks, "removed": removed, "show_removed": show_removed}
        self.widget = PartBox(
            [widgets.HBox(controls[:3]), *controls[3:], self.guard.message, self.summary, self.table,
             self.guard.error_log], recipe=recipe,
        )
        self.widget.add_class("bl-exercise")
        self.widget.children = (lesson_style(), *self.widget.children)
        self._compute()
        self._render()

    def _compute(self) -> None:
        # Build everything first: a bad card token raises before any state changes.
        self.composition, self.odds = odds_for(self.decks.value, self.tie_pays.value, self.banker_pays.value,
                                               self.removed.value)

    def _on_change(self, _change=None) -> None:
        self.guard.clear()
        self._compute()
        self._render()

    def _render(self) -> None:
        self.summary.value = summary_html(self.composition, self.odds)
        self.table.value = odds_table_html(self.odds)


__all__ = ["OddsExplorer", "odds_table_html"]
