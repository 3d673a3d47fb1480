"""Results shown in the odds lessons (07, 09, 11) as tables and sentences.

Exact values are shown as fractions where the lesson is about exactness, and as
rounded percentages with their unit everywhere else.

>>> from baccarat_lessons.analysis.composition import Composition
>>> from baccarat_lessons.analysis.exact import exact_odds
>>> outcome_counts_table(exact_odds(Composition.full(8))).rows[0][:2]
['Banker', '2,292,252,566,437,888']
"""

from __future__ import annotations

from dataclasses import replace

from ...analysis.composition import Composition
from ...analysis.exact import exact_odds
from ...analysis.lessons.counting import VALUE_TOKENS, effects_of_removal, removal_range
from ...analysis.reports import REPORT_SPOTS, decks_text
from ...engine.bets import BetSpot, pays_label
from .present import Table, count, exact, in_words, number, percent, power_of_ten, say

MAIN_BETS = (BetSpot.BANKER, BetSpot.PLAYER, BetSpot.TIE)
OUTCOME_NAMES = {"banker": "Banker", "player": "Player", "tie": "Tie"}


# -- lesson 07 -----------------------------------------------------------------------------
def outcome_counts_table(odds) -> Table:
    """How many ordered six-card sequences give each outcome and its chance; the exact
    fractions wait behind a toggle."""
    names = ("banker", "player", "tie")
    rows = [[OUTCOME_NAMES[name], count(odds.outcome_counts[name]), percent(odds.outcomes[name], 4)]
            for name in names]
    rows.append(["all outcomes", count(odds.sequence_count), "100%"])
    return Table(["outcome", "sequences", "chance"], rows,
                 note=f"Every ordered sequence of six cards from a shoe of {odds.card_count:,} cards.",
                 exact=tuple(f"{OUTCOME_NAMES[name]}: {exact(odds.outcomes[name])}" for name in names))


def banker_edge_sentence(odds) -> object:
    """The Banker bet's house edge as an exact fraction and as a percentage."""
    edge = odds.bets[BetSpot.BANKER].house_edge
    sentence = say(f"The Banker bet's house edge is {percent(edge, 4)} of each chip staked, to four decimals; "
                   "Show exact gives it as the exact fraction.")
    return replace(sentence, exact=(f"Banker house edge: {exact(edge)}",))


def main_bets_table(odds) -> Table:
    """Payout (the one ``odds`` were computed at), chance of winning and of a push, and house edge
    of the three main bets."""
    rows = [[spot.value, pays_label(bet.pays), percent(bet.win, 4),
             percent(bet.push, 4), percent(bet.house_edge, 4)]
            for spot, bet in ((spot, odds.bets[spot]) for spot in MAIN_BETS)]
    return Table(["bet", "pays", "wins", "pushes", "house edge"], rows,
                 note="House edge: the average loss per chip staked, exact to the digits shown.")


def simulation_check_table(result, odds) -> Table:
    """Simulated frequencies of each outcome next to the exact chances."""
    rows = []
    for name in ("banker", "player", "tie"):
        chance = float(odds.outcomes[name])
        share = result.outcome_counts[name] / result.rounds
        error = (chance * (1 - chance) / result.rounds) ** 0.5
        rows.append([OUTCOME_NAMES[name], count(result.outcome_counts[name]), percent(share, 3),
                     percent(chance, 3), f"{(share - chance) / error:+.1f}".replace("-", "−")])
    return Table(["outcome", "rounds", "simulated", "exact", "difference in standard errors"], rows,
                 note=f"{result.rounds:,} simulated rounds from shuffled shoes; a difference within ±2 "
                      "standard errors is what chance alone produces.")


def decks_table(decks=range(1, 9)) -> Table:
    """The main bets' house edges for each deck count."""
    rows = []
    for d in decks:
        bets = exact_odds(Composition.full(d)).bets
        rows.append([str(d), *(percent(bets[spot].house_edge, 4) for spot in MAIN_BETS)])
    return Table(["decks", "Banker", "Player", "Tie (8:1)"], rows, caption="House edge by deck count")


def settings_table(cases=((8, "commission"), (9, "commission"), (8, "banker7")), decks: int = 8) -> Table:
    """Banker's and Tie's house edges under each payout setting."""
    names = {"commission": "5% commission", "banker7": "banker-7 (no commission)"}
    rows = []
    for tie_pays, banker_pays in cases:
        bets = exact_odds(Composition.full(decks), tie_pays=tie_pays, banker_pays=banker_pays).bets
        rows.append([f"{tie_pays}:1", names[banker_pays], percent(bets[BetSpot.BANKER].house_edge, 4),
                     percent(bets[BetSpot.TIE].house_edge, 4)])
    return Table(["tie pays", "Banker settlement", "Banker edge", "Tie edge"], rows)


def side_bets_table(odds, spots=REPORT_SPOTS[3:], decks: int = 8) -> Table:
    """Payout, chance of winning and house edge of the side bets (``odds`` of a full shoe of ``decks``)."""
    rows = [[spot.value, pays_label(odds.bets[spot].pays), percent(odds.bets[spot].win, 3),
             percent(odds.bets[spot].house_edge, 3)] for spot in spots]
    return Table(["side bet", "pays", "wins", "house edge"], rows,
                 note=f"A full shoe of {decks_text(decks)}: the pair bets depend on how many decks there are.")


# -- lesson 09 (law of large numbers) -----------------------------------------------------------------------------
def ahead_table(rows) -> Table:
    """Sessions ahead after n rounds: simulated, exact, and the normal approximation."""
    return Table(
        ["rounds", "sessions ahead (simulated)", "exact chance of being ahead", "normal approximation"],
        [[f"{row.rounds:,}", percent(row.simulated, 0), percent(row.exact, 1), percent(row.normal, 1)]
         for row in rows],
        note="Ahead means strictly more chips than at the start; a tie round leaves the bet untouched.",
    )


def ahead_story_sentence(story) -> object:
    """When playing on makes being ahead less likely, from the exact chances round by round."""
    last = story.last_round_at
    levels = ", ".join(f"{percent(level, 0)} after {rounds:,} rounds" for level, rounds in last.items())
    return say(
        f"Exactly, round by round: from round {story.behind_likelier_from} on, being behind is likelier than "
        f"being ahead. But the chance of being ahead is highest after {story.peak_rounds} rounds "
        f"({percent(story.peak_chance, 1)}); after that its peaks fall, and it reaches each level for the "
        f"last time at: {levels} (counted over the first {story.rounds_counted:,} rounds).")


# -- lesson 11 (card counting) -----------------------------------------------------------------------------
def removal_table(decks: int = 8) -> Table:
    """The exact change in each main bet's house edge when one card of each value leaves the shoe."""
    changes = {spot: effects_of_removal(spot, decks) for spot in MAIN_BETS}
    rows = [["10, J, Q or K" if value == 0 else token,
             *(number(100 * changes[spot][value], 4, signed=True) for spot in MAIN_BETS)]
            for value, token in enumerate(VALUE_TOKENS)]
    return Table(["card taken out", "Banker", "Player", "Tie"], rows,
                 caption=f"Change in house edge, in percentage points, one card out of {decks_text(decks)}",
                 note="A change of +0.0100 points takes a house edge of 1.0579% to 1.0679%.")


def removal_sizes_sentence(decks: int = 8) -> object:
    """How large the effects of removal of the two main bets are, read from the exact odds."""
    parts = []
    for spot in (BetSpot.BANKER, BetSpot.PLAYER):
        low, high = removal_range(spot, decks)
        parts.append(f"{spot.value} from {power_of_ten(low)} to {power_of_ten(high)}")
    return say(f"One card moves the edge of a main bet by a few hundred-thousandths of each chip: "
               f"{parts[0]}, {parts[1]} (in chips per chip staked).")


def shoes_table(shoes) -> Table:
    """Favourable coups and a perfect counter's gain, per bet, over the dealt shoes."""
    return Table(list(shoes.SUMMARY_COLUMNS), shoes.summary_cells(),
                 caption=f"{shoes.coup_count:,} coups in {shoes.shoe_count} shoes of {decks_text(shoes.decks)}")


def favourable_sentence(shoes) -> object:
    """How many coups favoured each bet's bettor, said in words."""
    parts = [f"{in_words(shoes.favourable_coup_count(spot), 'coup')} favoured {spot.value}" for spot in MAIN_BETS]
    return say(f"In these {shoes.shoe_count} shoes {parts[0]}, {parts[1]} and {parts[2]}.")
