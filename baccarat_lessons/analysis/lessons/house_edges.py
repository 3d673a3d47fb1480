"""The house edges lesson 07 draws: by deck count, every bet side by side, and the
Banker bet's edge as the commission changes. All figures are exact
(:func:`~baccarat_lessons.analysis.exact.exact_odds`); floats appear only in the plots.

>>> edges = edges_by_decks(decks=(1, 8))
>>> [f"{float(e):.4%}" for e in edges[BetSpot.BANKER]]
['1.0117%', '1.0579%']
>>> f"{float(break_even_commission()):.3%}"    # the commission at which Banker would be a fair bet
'2.693%'
"""

from __future__ import annotations

from fractions import Fraction

from ...engine.bets import BetSpot
from ..composition import Composition
from ..exact import exact_odds
from ..reports import REPORT_SPOTS, decks_text

MAIN_BETS = (BetSpot.BANKER, BetSpot.PLAYER, BetSpot.TIE)


def edges_by_decks(decks=range(1, 9), spots=MAIN_BETS, tie_pays: int = 8) -> dict[BetSpot, list[Fraction]]:
    """The exact house edge of each bet for a full shoe of each deck count."""
    odds = [exact_odds(Composition.full(d), tie_pays=tie_pays).bets for d in decks]
    return {spot: [bets[spot].house_edge for bets in odds] for spot in spots}


def bet_edges(decks: int = 8, tie_pays: int = 8, spots=REPORT_SPOTS) -> dict[BetSpot, Fraction]:
    """The exact house edge of every bet on the layout, main bets and side bets."""
    bets = exact_odds(Composition.full(decks), tie_pays=tie_pays).bets
    return {spot: bets[spot].house_edge for spot in spots}


def banker_edge_at_commission(commission: Fraction, decks: int = 8) -> Fraction:
    """The Banker bet's exact house edge if a win paid ``1 - commission`` to 1.

    A win nets ``1 - c``, a loss ``-1``, a tie nothing: the edge is ``l - w (1 - c)``.

    >>> banker_edge_at_commission(Fraction(1, 20)) == exact_odds(Composition.full(8)).bets[BetSpot.BANKER].house_edge
    True
    """
    bet = exact_odds(Composition.full(decks)).bets[BetSpot.BANKER]
    return bet.lose - bet.win * (1 - Fraction(commission))


def break_even_commission(decks: int = 8) -> Fraction:
    """The commission that would make the Banker bet fair: ``1 - l / w``."""
    bet = exact_odds(Composition.full(decks)).bets[BetSpot.BANKER]
    return 1 - bet.lose / bet.win


def plot_edges_by_decks(ax, decks=range(1, 9)):
    """Banker's and Player's edge against the deck count (Tie, ten times larger, is left out)."""
    edges = edges_by_decks(decks, spots=(BetSpot.BANKER, BetSpot.PLAYER))
    for spot, marker in ((BetSpot.BANKER, "o"), (BetSpot.PLAYER, "s")):
        ax.plot(list(decks), [100 * float(e) for e in edges[spot]], marker=marker, label=spot.value)
    ax.set_xlabel("decks in the shoe")
    ax.set_ylabel("house edge (% of each chip)")
    ax.set_title("Main bets: the house edge by deck count")
    ax.legend()
    return ax


def plot_bet_edges(ax, decks: int = 8):
    """Every bet's house edge as a horizontal bar, cheapest at the top."""
    edges = sorted(bet_edges(decks).items(), key=lambda item: item[1], reverse=True)
    names = [spot.value for spot, _ in edges]
    values = [100 * float(edge) for _, edge in edges]
    bars = ax.barh(names, values, color=["#1f5fbf" if spot in MAIN_BETS else "#b8660b" for spot, _ in edges])
    ax.bar_label(bars, labels=[f"{v:.2f}%" for v in values], padding=3)
    ax.set_xlabel("house edge (% of each chip staked)")
    ax.set_title(f"Every bet, {decks_text(decks)} (blue: main bets, orange: side bets)")
    ax.set_xlim(0, max(values) * 1.2)
    return ax


def plot_commission(ax, decks: int = 8, steps: int = 51):
    """The Banker bet's edge as the commission goes from 0 to 6%, with Player's edge for scale."""
    commissions = [Fraction(6 * i, 100 * (steps - 1)) for i in range(steps)]
    ax.plot([100 * float(c) for c in commissions],
            [100 * float(banker_edge_at_commission(c, decks)) for c in commissions], label="Banker bet")
    player = exact_odds(Composition.full(decks)).bets[BetSpot.PLAYER].house_edge
    ax.axhline(100 * float(player), color="#1f5fbf", linestyle=":", label="Player bet (no commission)")
    ax.axhline(0, color="black", linewidth=0.8)
    ax.axvline(5, color="grey", linestyle="--", label="the usual 5%")
    ax.axvline(100 * float(break_even_commission(decks)), color="#1d7a3a", linestyle="-.", label="break-even")
    ax.set_xlabel("commission on Banker wins (%)")
    ax.set_ylabel("house edge (% of each chip)")
    ax.set_title("Commission against the Banker bet's edge")
    # Outside the axes: inside, the legend hid the break-even line it names.
    ax.legend(loc="upper left", bbox_to_anchor=(1.02, 1.0), borderaxespad=0)
    return ax
