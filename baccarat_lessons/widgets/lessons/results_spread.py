"""Results shown in lesson 08 (spread) as tables and sentences.

>>> spread_table().rows[0][:3]
['Banker', '−1.06%', '0.9274']
"""

from __future__ import annotations

import math

from ...analysis.lessons.spread import (
    HANDS_PER_HOUR, bet_spread, edge_interval, hour_of_play, rounds_until_edge_shows, standard_error,
)
from ...analysis.reports import REPORT_SPOTS, decks_text
from ...engine.bets import BetSpot
from ...engine.variants import PUNTO_BANCO
from .present import Table, chips, count, number, percent, say

MAIN_BETS = (BetSpot.BANKER, BetSpot.PLAYER, BetSpot.TIE)


def spread_table(decks=(8, 6), spots=REPORT_SPOTS) -> Table:
    """Each bet's mean and SD per chip at each deck count."""
    columns = ["bet"] + [f"{label}, {decks_text(d)}" for d in decks for label in ("mean per chip", "SD per chip (chips)")]
    rows = []
    for spot in spots:
        row = [spot.value]
        for d in decks:
            spread = bet_spread(spot, d)
            row += [percent(spread.mean, 2, signed=True), number(spread.sd, 4)]
        rows.append(row)
    return Table(columns, rows, note="Per chip staked, exact from the outcome distribution of a full shoe.")


def rounds_table(spots=REPORT_SPOTS, decks: int = 8) -> Table:
    """How many rounds until each bet's expected loss exceeds two standard deviations."""
    rows = [[spot.value, percent(-bet_spread(spot, decks).mean, 2), number(bet_spread(spot, decks).sd, 2),
             count(rounds_until_edge_shows(spot, decks))] for spot in spots]
    return Table(["bet", "house edge", "SD per chip", "rounds until loss > 2 SD"], rows,
                 note="n > 4 σ² / μ²: a large edge shows within a few thousand bets even on a bet that swings a lot.")


def interval_sentence(result, spot: BetSpot = BetSpot.BANKER, decks: int = 8):
    """A simulated Banker result per chip, its standard error, its 95% interval and the exact edge."""
    counts = result.outcome_counts
    # At Punto Banco's payout, as the exact edge beside it (bet_spread: exact_odds at its record's commission).
    average = (float(PUNTO_BANCO.banker_payout) * counts["banker"] - counts["player"]) / result.rounds
    low, high = edge_interval(average, spot, result.rounds, decks)
    exact = float(bet_spread(spot, decks).mean)
    verdict = "inside" if low <= exact <= high else "outside"
    return say(
        f"Simulated result per chip on Banker over {result.rounds:,} rounds: {percent(average, 3, signed=True)}; "
        f"standard error {percent(standard_error(spot, result.rounds, decks), 3)}.",
        f"95% interval: {percent(low, 3, signed=True)} to {percent(high, 3, signed=True)}. "
        f"The exact value, {percent(exact, 3, signed=True)}, is {verdict} it.",
    )


def hours_table(spot: BetSpot = BetSpot.BANKER, stake: int = 10, decks: int = 8) -> Table:
    """An hour at each table: expected loss and the range about 95% of hours fall in."""
    rows = []
    for table in HANDS_PER_HOUR:
        hour = hour_of_play(table, spot, stake, decks)
        low, high = hour.typical_range
        # Whole chips: the range is a normal approximation, and hundredths would claim a precision it lacks.
        rows.append([table, count(hour.hands), chips(float(-hour.expected_loss), signed=True), number(hour.sd, 0),
                     f"{number(low, 0, signed=True)} to {number(high, 0, signed=True)}"])
    return Table(["table", "coups an hour (assumed)", "expected net (chips)", "SD (chips)",
                  "about 95% of hours (chips)"], rows,
                 note=f"{stake} chips on {spot.value} every coup. The paces are round figures assumed for "
                      "illustration, not measurements; put in the pace of the table you know. The range is the "
                      "expected net ± 2 SD, from the normal approximation.")


def session_sd_sentence(rounds: int, spot: BetSpot = BetSpot.PLAYER, decks: int = 8):
    """The SD of a session's net next to its expected loss."""
    spread = bet_spread(spot, decks)
    return say(f"{rounds:,} one-chip bets on {spot.value}: expected net {chips(float(rounds * spread.mean), signed=True)} "
               f"chips, standard deviation {number(spread.sd * math.sqrt(rounds), 1)} chips.")
