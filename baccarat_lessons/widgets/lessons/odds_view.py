"""The odds explorer without a widget: its choices, the exact odds for them, and the table that shows them.

The explorer widget (:class:`~.odds_explorer.OddsExplorer`) and the browser edition's page
(:mod:`~baccarat_lessons.widgets.posted_parts`) both show :func:`odds_for`'s figures; reading the
shipped exact table needs no numpy.

>>> composition, odds = odds_for(8, 9, BankerPays.COMMISSION.value, "5 5 5 5")
>>> composition.card_count, summary_html(composition, odds)[:30]
(412, '<p>412 cards in the shoe. Bank')
"""

from __future__ import annotations

from fractions import Fraction

from ...analysis.composition import Composition
from ...analysis.exact import Odds, exact_odds
from ...analysis.reports import REPORT_SPOTS
from ...engine.bets import BankerPays, pays_label

DECKS = tuple(range(1, 9))
TIE_PAYS = (("8:1", 8), ("9:1", 9))
BANKER_PAYS = (("5% commission", BankerPays.COMMISSION.value), ("banker-7 (no commission)", BankerPays.BANKER_7.value))
REMOVED_HINT = "e.g. 5 5 5 K 9H"


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


def odds_for(decks: int, tie_pays: int, banker_pays: str, removed: str) -> tuple[Composition, Odds]:
    """The shoe of ``decks`` less the cards in ``removed`` (ranks or cards, by spaces or commas) and its
    exact odds; a bad card raises a sentence before anything is worked out."""
    composition = Composition.full(decks).removed(removed.replace(",", " ").split())
    return composition, exact_odds(composition, tie_pays=tie_pays, banker_pays=BankerPays(banker_pays))


def summary_html(composition: Composition, odds: Odds) -> str:
    outcomes = odds.outcomes
    return (f"<p>{composition.card_count} cards in the shoe. Banker wins {_percent(outcomes['banker'])}, "
            f"Player {_percent(outcomes['player'])}, Tie {_percent(outcomes['tie'])} of coups.</p>")
