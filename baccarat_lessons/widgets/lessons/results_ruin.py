"""Results shown in lesson 12 (ruin and bet size) as tables and sentences.

>>> doubling_table(stakes=(1, 100)).rows[0]
['1 chip', '6.1220%', '7.7749%']
"""

from __future__ import annotations

import math

import numpy as np

from ...analysis.lessons.bankroll import TWENTIETHS
from ...analysis.lessons.ruin import (
    bold_doubling_chance, doubling_chance, gamblers_ruin_formula, decided_win_chance, kelly_plan,
    martingale_odds, simulate_doubling,
)
from ...analysis.reports import decks_text
from .present import Table, count, number, percent, say

SPOTS = ("player", "banker")


def doubling_table(bankroll: int = 100, stakes=(1, 5, 10, 20, 25, 50, 100), decks: int = 8) -> Table:
    """The chance of doubling ``bankroll`` for each flat stake, and for bold play."""
    rows = [[f"{stake} chip{'s' if stake > 1 else ''}"] + [percent(doubling_chance(bankroll, stake, s, decks), 4)
                                                          for s in SPOTS] for stake in stakes]
    rows.append(["bold: all, or just enough to reach the goal"]
                + [percent(bold_doubling_chance(bankroll, s, decks), 4) for s in SPOTS])
    return Table(["stake every coup", "Player bet", "Banker bet"], rows,
                 caption=f"Chance of turning {bankroll} chips into {2 * bankroll} before going broke",
                 note="Exact (a Markov chain solved to about 13 digits); ties push.")


def formula_sentence(bankroll: int = 100, decks: int = 8):
    """The one-chip Player chance from the textbook formula, beside the chain's."""
    p = float(decided_win_chance("player", decks))
    formula = gamblers_ruin_formula(bankroll, 2 * bankroll, p)
    return say(f"Player wins a decided coup with p = {number(p, 6)}, so q/p = {number((1 - p) / p, 5)}.",
               f"Formula: {percent(formula, 6)}. Markov chain: {percent(doubling_chance(bankroll, 1, 'player', decks), 6)}.")


def simulation_sentence(bankroll: int, stake: int, spot: str = "banker", sessions: int = 20_000, seed=None):
    """A simulated share of doubled bankrolls with its standard error, beside the exact chance."""
    share = simulate_doubling(bankroll, stake, spot, sessions, seed=seed)
    exact = doubling_chance(bankroll, stake, spot)
    error = math.sqrt(exact * (1 - exact) / sessions)
    return say(f"{sessions:,} simulated bankrolls of {bankroll} chips, {stake} on {spot.title()} each coup: "
               f"{percent(share, 2)} doubled. Exact: {percent(exact, 2)}; standard error {percent(error, 2)}, "
               f"so the simulation is {abs(share - exact) / error:.1f} standard errors away.")


def martingale_table(simulated, rounds: int = 200, bankroll: int = 100, table_max: int = 100) -> Table:
    """The Martingale's exact session figures beside the simulated ones of lesson 10 (betting systems)."""
    exact = martingale_odds(rounds, bankroll, 1, table_max)
    n = simulated.sessions

    session_sd = float(np.std(simulated.final_net / TWENTIETHS, ddof=1))  # chips, from the simulated sessions

    def error(x):
        return percent(2 * math.sqrt(x * (1 - x) / n), 1)

    rows = [["went broke", percent(exact.bust, 2), f"{percent(simulated.busted_fraction, 1)} ± {error(exact.bust)}"],
            ["finished ahead", percent(exact.ahead, 2), f"{percent(simulated.ahead_fraction, 1)} ± {error(exact.ahead)}"],
            ["average result (chips)", number(exact.mean_net, 2),
             f"{number(simulated.mean_net, 2)} ± {number(2 * session_sd / math.sqrt(n), 2)}"]]
    return Table(["Martingale on Banker", "exact", f"simulated in lesson 10 (betting systems): {n:,} sessions, ± 2 SE"], rows,
                 note=f"{bankroll} chips, base stake 1, table maximum {table_max}, {rounds} coups. The simulation "
                      "deals real shoes; the exact figures assume a full shoe every coup.")


def kelly_table(shoes, bankroll: int = 1_000) -> Table:
    """Kelly betting on the favourable coups of dealt shoes, for Banker, Player and Tie."""
    rows = []
    for spot in ("banker", "player", "tie"):
        plan = kelly_plan(shoes, spot, bankroll)
        largest = number(plan.stakes.max(), 2) if len(plan.stakes) else "—"
        rows.append([plan.spot.value, count(len(plan.advantages)), largest, number(plan.gain_per_shoe, 4)])
    return Table(["bet", "favourable coups", "largest stake, e/σ² of the bankroll (chips)",
                  "expected gain per shoe (chips)"], rows,
                 note=f"Bankroll {bankroll:,} chips; {shoes.shoe_count} shoes of {decks_text(shoes.decks)}, the shoes of "
                      "lesson 11 (card counting). On a favourable coup the stake is about the edge e divided by the "
                      "variance σ² of one chip's result on the bet, as a share of the bankroll; nothing otherwise.")
