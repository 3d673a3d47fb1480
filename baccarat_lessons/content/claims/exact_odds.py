"""Claims of lesson 07 (exact odds): the chances, the edges, and how decks and payouts move them."""

from __future__ import annotations

from functools import lru_cache

from ...analysis.composition import Composition
from ...analysis.exact import exact_odds
from ...analysis.reports import REPORT_SPOTS
from ...engine.bets import BankerPays, BetSpot
from . import Claim

BANKER, PLAYER, TIE = BetSpot.BANKER, BetSpot.PLAYER, BetSpot.TIE
SIDE_BETS = [spot for spot in REPORT_SPOTS if spot not in (BANKER, PLAYER, TIE)]


@lru_cache(maxsize=None)
def eight_decks() -> dict:
    odds = exact_odds(Composition.full(8))
    bets = odds.bets
    nine = exact_odds(Composition.full(8), tie_pays=9).bets[TIE].house_edge
    banker_7 = exact_odds(Composition.full(8), banker_pays=BankerPays.BANKER_7).bets[BANKER].house_edge
    sides = [bets[spot].house_edge for spot in SIDE_BETS]
    return {
        "banker_wins": bets[BANKER].win, "player_wins": bets[PLAYER].win, "ties": bets[TIE].win,
        "banker": bets[BANKER].house_edge, "player": bets[PLAYER].house_edge, "tie": bets[TIE].house_edge,
        "tie_9": nine, "tie_9_times": nine / bets[BANKER].house_edge, "banker_7": banker_7,
        "side_min": min(sides), "side_max": max(sides),
        # A Tie paying k to 1 is fair when k = (1 − w) / w: it never pushes.
        "fair_tie": (1 - bets[TIE].win) / bets[TIE].win,
    }


@lru_cache(maxsize=None)
def by_decks() -> dict:
    one, eight = exact_odds(Composition.full(1)).bets, exact_odds(Composition.full(8)).bets
    return {name: one[spot].house_edge - eight[spot].house_edge
            for name, spot in (("banker", BANKER), ("player", PLAYER), ("tie", TIE))}


CLAIMS = (
    Claim("chances",
          "Banker wins about {banker_wins:.2%} of coups, Player {player_wins:.2%}, and {ties:.2%} are ties.",
          eight_decks, lambda f: f["banker_wins"] > f["player_wins"] > f["ties"],
          why="Banker to win more coups than Player, and Player more than there are ties"),
    Claim("decks",
          "Fewer decks favour the Banker bet a little and cost the Player and Tie bets a little more. From eight "
          "decks to one, Banker's and Player's edges move by {banker:+.3f} and {player:+.3f} of a percentage "
          "point, in the second decimal of a percent; the Tie's moves by {tie:+.2f} of a point.",
          lambda: {name: 100 * float(change) for name, change in by_decks().items()},
          lambda f: (f["banker"] < 0 < f["player"] and f["tie"] > 0
                     and all(0.01 <= abs(f[k]) < 0.1 for k in ("banker", "player"))),
          why="one deck to lower Banker's edge and raise Player's and the Tie's, Banker's and Player's by "
              "0.01 to 0.1 of a point"),
    Claim("tie-nine",
          "**Tie at 9:1** instead of 8:1 cuts the Tie bet's edge from {tie:.2%} to {tie_9:.2%}, still more than "
          "four times the Banker bet's.",
          eight_decks, lambda f: 4 < f["tie_9_times"] < 5, why="the 9:1 Tie's edge to be four to five times Banker's"),
    Claim("banker-seven",
          "**Banker-7** drops the commission: every Banker win pays 1:1 except a win with a three-card 7, which "
          "only pushes. That rare push costs Banker bettors about as much as the commission did ({banker_7:.2%} "
          "against {banker:.2%}).",
          eight_decks, lambda f: abs(f["banker_7"] - f["banker"]) < f["banker"] / 10,
          why="the banker-7 edge within a tenth of the commission edge"),
    Claim("side-costs",
          "each costs from {side_min:.1%} to {side_max:.1%} of every chip staked with eight decks, more than "
          "Banker or Player",
          eight_decks, lambda f: f["side_min"] > max(f["banker"], f["player"]),
          why="the cheapest side bet to cost more than Banker and Player"),
    Claim("remember-edges",
          "With eight decks Banker costs {banker:.2%} of every chip staked, Player {player:.2%} and Tie at 8:1 "
          "{tie:.2%}: every bet loses on average.",
          eight_decks, lambda f: 0 < f["banker"] < f["player"] < f["tie"], why="every edge positive, Banker's least"),
    Claim("remember-settings",
          "A 9:1 Tie cuts that bet's edge to {tie_9:.2%}; the side bets cost {side_min:.1%} to {side_max:.1%}.",
          eight_decks, lambda f: f["tie_9"] < f["tie"] and f["side_min"] > f["player"],
          why="the 9:1 Tie to cost less than the 8:1 Tie, and every side bet more than Player"),
)


@lru_cache(maxsize=None)
def simulation_error() -> dict:
    bets = exact_odds(Composition.full(8)).bets
    rounds = 1_000_000  # the lesson's simulation
    errors = [100 * (float(bets[spot].win) * (1 - float(bets[spot].win)) / rounds) ** 0.5 for spot in (BANKER, PLAYER, TIE)]
    return {"rounds": rounds, "largest": max(errors), "smallest": min(errors)}


CLAIMS += (
    Claim("simulation-error",
          "They agree within the random error you expect from {rounds:,} rounds: one standard error of a share is "
          "about {largest:.2f} of a percentage point for Banker and Player, {smallest:.2f} for ties, and about "
          "95% of such shares fall within two of them (standard errors are taught in lesson 08).",
          simulation_error, lambda f: 0.01 < f["smallest"] < f["largest"] < 0.1,
          why="standard errors of the shares between 0.01 and 0.1 of a point"),
    Claim("notes-banker-cost",
          "The commission takes back more than the extra wins: Banker still costs about {banker_per_100:.2f} chips "
          "per 100 staked (8 decks).",
          lambda: {**eight_decks(), "banker_per_100": 100 * eight_decks()["banker"]},
          lambda f: f["banker_wins"] > f["player_wins"] and f["banker"] > 0,
          why="Banker to win more coups and still lose on average"),
    Claim("notes-edges",
          "With the 5% commission Banker's edge is {banker:.2%}, still below Player's {player:.2%}.",
          eight_decks, lambda f: 0 < f["banker"] < f["player"], why="Banker's edge positive and below Player's"),
    Claim("notes-fair-tie",
          "A fair payout would be about {fair_tie:.1f}:1; at 8:1 the Tie bet costs {tie:.1%}.",
          eight_decks, lambda f: f["fair_tie"] > 8, why="the fair Tie payout above 8 to 1"),
)
