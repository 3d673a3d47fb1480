"""Live exact odds for the cards left in the shoe, refreshed after every coup.

Every figure comes from :func:`~baccarat_lessons.analysis.exact.exact_odds`
on the shoe's composition, the table's payouts and the commission of the table's
variant record; each cell also carries the exact fraction in a ``data-exact``
attribute, and each bet's "Pays" is the payout those odds were computed at.

>>> from baccarat_lessons.engine.punto_banco import PuntoBancoTable
>>> panel = OddsPanel()
>>> panel.update(PuntoBancoTable(seed=3))
>>> round(float(panel.odds.bets[BetSpot.BANKER].house_edge), 6), "bl-odds-table" in panel.widget.value
(0.010579, True)
"""

from __future__ import annotations

from fractions import Fraction
from html import escape


from ..analysis.composition import Composition
from ..analysis.exact import Odds, exact_odds
from ..engine.bets import BetSpot, pays_label  # noqa: F401  (BetSpot: doctest)
from ..engine.errors import BaccaratError
from ..engine.shoe import RESHUFFLE_BELOW, Shoe, ShoeProcedure


def reshuffles_before_next_coup(shoe: Shoe) -> bool:
    """Whether the shoe procedure shuffles before the next coup (a note, not a rule)."""
    if shoe.is_stacked:
        return False
    if shoe.procedure is ShoeProcedure.EVERY_HAND:
        return True
    if shoe.procedure is ShoeProcedure.RESHUFFLE_20:
        return shoe.remaining_count < RESHUFFLE_BELOW
    return shoe.is_cut_card_out


def percent(value: Fraction) -> str:
    """A probability or edge as a percentage with three decimals: '45.860%'."""
    return f"{100 * float(value):.3f}%"


def _cell(value: Fraction, css: str = "") -> str:
    return f'<td class="{css}" data-exact="{value.numerator}/{value.denominator}">{percent(value)}</td>'


def odds_box(session) -> tuple[Odds | None, str]:
    """The exact odds of the bets on ``session``'s layout for the cards left in its shoe, and their
    block (or None and the sentence that says why there are none)."""
    settings = session.settings
    shoe = session.shoe
    try:
        odds = exact_odds(Composition.of_shoe(shoe), settings.tie_pays, settings.banker_pays, session.variant.commission)
    except BaccaratError as error:
        return None, f'<div class="bl-odds-box"><h4>Exact odds</h4><p>{escape(str(error))}</p></div>'
    rows = []
    for spot in session.spots:
        bet = odds.bets[spot]
        edge_class = "bl-edge-good" if bet.house_edge < Fraction(2, 100) else "bl-edge-bad"
        rows.append(
            f'<tr data-spot="{spot.key}"><th scope="row">{spot.value}</th>'
            f"<td>{pays_label(bet.pays)}</td>"
            f"{_cell(bet.win)}{_cell(bet.push)}{_cell(bet.house_edge, edge_class)}</tr>"
        )
    dealt = shoe.dealt_count
    note = "The shoe was just shuffled" if dealt == 0 else f"{dealt} cards have been dealt or burned"
    if reshuffles_before_next_coup(shoe):
        note += "; the shoe will be shuffled before the next coup, so that coup has full-shoe odds"
    return odds, (
        f'<div class="bl-odds-box"><h4>Exact odds for the {odds.card_count} cards left in the shoe</h4>'
        f'<table class="bl-odds-table"><tr><th scope="col">Bet</th><th scope="col">Pays</th>'
        f'<th scope="col">Wins</th><th scope="col">Pushes</th><th scope="col">House edge</th></tr>'
        f'{"".join(rows)}</table>'
        f'<p class="bl-note">{note}. House edge: what the bet loses on average, per chip staked, '
        f"for a coup dealt from these cards.</p></div>"
    )


class OddsPanel:
    """An HTML widget (class ``bl-odds``) showing the odds of the bets on the layout."""

    def __init__(self):
        from .shared_models import html  # the widget only: this module's HTML is also drawn without one

        self.widget = html()
        self.widget.add_class("bl-odds")
        self.odds: Odds | None = None

    def update(self, session) -> None:
        """Recompute from a Punto Banco table's shoe, settings and variant record (about a millisecond)."""
        self.odds, self.widget.value = odds_box(session)
