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

from fractions import Fraction

import ipywidgets as widgets

from ...analysis.composition import Composition
from ...analysis.exact import Odds, exact_odds
from ...analysis.reports import REPORT_SPOTS
from ...engine.bets import BankerPays, BetSpot, pays_label  # noqa: F401  (BetSpot: the docstring's examples)
from ..guard import ActionGuard
from .styles import lesson_style


def _percent(value: Fraction) -> str:
    return f"{100 * float(value):.4f}%".replace("-", "\u2212")


def odds_table_html(odds: Odds, spots=REPORT_SPOTS) -> str:
    """One row per bet: what it pays (the payout ``odds`` were computed at), how often it wins,
    its exact house edge."""
    rows = []
    for spot in spots:
        bet = odds.bets[spot]
        edge = bet.house_edge
        css = "bl-highlight" if edge < 0 else ""
        rows.append(
            f'<tr class="{css}"><th scope="row">{spot.value}</th><td>{pays_label(bet.pays)}</td>'
            f"<td>{_percent(bet.win)}</td><td>{_percent(bet.push)}</td>"
            f'<td data-exact="{edge.numerator}/{edge.denominator}">{_percent(edge)}</td></tr>'
        )
    return (
        '<table class="bl-table bl-odds-table"><thead><tr><th>Bet</th><th>Pays</th><th>Wins</th><th>Pushes</th>'
        "<th>House edge</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>"
        '<p class="bl-note">House edge: what the bet loses on average, per chip staked. '
        "A negative edge (highlighted) would favour the bettor.</p>"
    )


class OddsExplorer:
    """Exact odds for a shoe of 1-8 decks, any payout setting, less any cards removed."""

    def __init__(self, decks: int = 8, removed: str = "", show_removed: bool = True):
        self.guard = ActionGuard()
        self.decks = widgets.Dropdown(options=list(range(1, 9)), value=decks, description="Decks")
        self.tie_pays = widgets.Dropdown(options=[("8:1", 8), ("9:1", 9)], value=8, description="Tie pays")
        self.banker_pays = widgets.Dropdown(
            options=[("5% commission", BankerPays.COMMISSION.value), ("banker-7 (no commission)", BankerPays.BANKER_7.value)],
            value=BankerPays.COMMISSION.value, description="Banker",
        )
        self.removed = widgets.Text(value=removed, description="Cards out", placeholder="e.g. 5 5 5 K 9H",
                                    layout=widgets.Layout(width="24em"))
        self.summary = widgets.HTML("")
        self.table = widgets.HTML("")
        for control in (self.decks, self.tie_pays, self.banker_pays, self.removed):
            control.observe(self.guard.wrap(self._on_change), names="value")
        controls = [self.decks, self.tie_pays, self.banker_pays] + ([self.removed] if show_removed else [])
        self.widget = widgets.VBox(
            [widgets.HBox(controls[:3]), *controls[3:], self.guard.message, self.summary, self.table,
             self.guard.error_log]
        )
        self.widget.add_class("bl-exercise")
        self.widget.children = (lesson_style(), *self.widget.children)
        self._compute()
        self._render()

    def _compute(self) -> None:
        # Build everything first: a bad card token raises before any state changes.
        composition = Composition.full(self.decks.value).removed(self.removed.value.replace(",", " ").split())
        banker_pays = BankerPays(self.banker_pays.value)
        odds = exact_odds(composition, tie_pays=self.tie_pays.value, banker_pays=banker_pays)
        self.composition, self.odds = composition, odds

    def _on_change(self, _change=None) -> None:
        self.guard.clear()
        self._compute()
        self._render()

    def _render(self) -> None:
        outcomes = self.odds.outcomes
        self.summary.value = (
            f"<p>{self.composition.card_count} cards in the shoe. Banker wins {_percent(outcomes['banker'])}, "
            f"Player {_percent(outcomes['player'])}, Tie {_percent(outcomes['tie'])} of coups.</p>"
        )
        self.table.value = odds_table_html(self.odds)


__all__ = ["OddsExplorer", "odds_table_html"]
