"""Claims found in casino marketing and popular histories, each with what the evidence says.

Material for the myths notebook: every pair is (claim, what the evidence or the
mathematics shows). House-edge figures are exact values from
:mod:`baccarat_lessons.analysis.exact` for the stated shoe.

>>> claims = [myth.claim for myth in myths()]
>>> len(claims) >= 10
True
"""

from __future__ import annotations

from typing import NamedTuple


class Myth(NamedTuple):
    """A claim and the answer to it. Unpacks as ``claim, answer``."""

    claim: str
    answer: str


MYTHS = (
    Myth(
        "Baccarat is about 500 years old: it was invented in fifteenth-century Italy, "
        "by a gambler called Felix Falguiere.",
        "No document from that period mentions the game or the man. Eighteenth-century records of "
        "Italian gaming houses, known here through a general guide rather than at first hand, never name "
        "it. The earliest references are French and from the nineteenth "
        "century; the oldest known description was printed in 1847.",
    ),
    Myth(
        "'Baccara' is the Italian word for zero.",
        "No such word has been found in Italian or its dialects. One suggested source is a Provençal "
        "phrase meaning 'to go bankrupt' (fa bacarrat); that is a plausible proposal, not a proven fact.",
    ),
    Myth(
        "There are strategies that let you beat the house at Punto Banco.",
        "In Punto Banco every draw is fixed by the rules, so the only choices are which bet and how much. "
        "Every bet has a negative expected value: with 8 decks Banker loses about 1.06% of each stake on "
        "average, Player about 1.24%, and Tie at 8:1 about 14.4%.",
    ),
    Myth(
        "If you play long enough you can learn to 'read the machine'; players win more easily after 20 minutes.",
        "A fairly shuffled shoe has no rhythm to read, and a computer table that reshuffles every hand has "
        "no memory at all. The longer you play, the closer your average result per chip comes to the house "
        "edge. Your net in chips does not settle: on Banker it strays from the expected loss by about "
        "0.93 √n chips after n one-chip bets, but the expected loss grows like n, faster, so time at the "
        "table works for the house, not against it.",
    ),
    Myth(
        "After a run of Banker wins (or Player wins), the other side is due.",
        "Not in any way a bettor could use. The cards a coup uses leave the shoe, and which cards left "
        "depends a little on who won, so the next coup does lean towards balancing, by an amount far too "
        "small to matter. Counted exactly "
        "over the first two coups of an eight-deck shoe: after one Banker win, Banker's share of the next "
        "decided coup falls by about 0.00006 percentage points; after a Player win it rises by about 0.00015. "
        "Patterns on a scorecard describe the past; they do not predict the next coup.",
    ),
    Myth(
        "Doubling your stake after each loss (the Martingale) guarantees a profit in the end.",
        "It wins a small amount most of the time and occasionally loses a very large amount, when a losing "
        "run meets the table limit or the end of the bankroll. Over many sessions the expected result is "
        "the same negative edge as flat betting, multiplied by everything staked.",
    ),
    Myth(
        "The Tie bet is attractive because it pays the most.",
        "A tie happens in about 9.5% of coups. At 8:1 the Tie bet loses about 14.4% of each stake on "
        "average; even at 9:1 it loses about 4.8%. A large payout is the price of a rare event, not a gift.",
    ),
    Myth(
        "Side bets are a smart way to boost your winnings.",
        "Each side bet costs more on average than a bet on Banker or Player. With 8 decks: Player Pair or Banker Pair "
        "about 10.4% of the stake, Either Pair about 13.7%, Perfect Pair about 13.0%, Big about 4.3%, "
        "Small about 5.3%. With 6 decks the pair bets are dearer still.",
    ),
    Myth(
        "The house edge is the chance of winning.",
        "The house edge is the average loss per chip staked, over the long run. Banker wins about 45.9% of "
        "coups, Player about 44.6% and ties about 9.5%; the edge comes from how those chances combine with "
        "the payouts, including the 5% commission.",
    ),
    Myth(
        "In Punto Banco you may ask for a third card when your score is low.",
        "Nobody chooses in Punto Banco. The Player hand draws on 0–5 by rule, and the Banker hand follows a "
        "fixed table. Only Chemin de Fer and Banque, the earlier forms, leave any choice to the players.",
    ),
    Myth(
        "The lower hand always draws.",
        "Banker's rule depends on its own two-card total and the value of Player's third card, never on "
        "who is ahead. Banker on 3 stands against a third card of 8, and Banker on 6 draws against a 6 or 7.",
    ),
    Myth(
        "Banker is the 'smart' bet because the odds are in its favour.",
        "Banker wins slightly more often than Player, which is why the house takes a commission on Banker "
        "wins. After the commission it still loses on average, about 1.06% of each stake with 8 decks: the "
        "least costly bet, not a winning one.",
    ),
    Myth(
        "Counting cards beats baccarat the way it can beat blackjack.",
        "Tracking the cards left in the shoe does shift the odds a little near the end of a shoe, and the "
        "card-counting lesson measures it. The useful moments are rare and the gains very small, far too "
        "small to overcome the edge in ordinary play.",
    ),
    Myth(
        "Stay at the table for more than an hour and the returns come; promotional offers make the wait cheaper.",
        "The expected loss grows with every coup played. Offers from gambling operators come with conditions "
        "and do not change the edge of a single bet. In these lessons chips are practice chips with no value.",
    ),
    Myth(
        "Baccarat began as Chemin de Fer in France and became Punto Banco when it crossed the Atlantic.",
        "The earliest documented form has two tableaux against one banker (Baccarat Banque). Chemin de Fer "
        "is a later French variant, and Punto Banco a twentieth-century casino simplification usually traced "
        "to 1950s Cuba.",
    ),
)


def myths() -> list[Myth]:
    """The myths-notebook pairs (claim, what the evidence or mathematics says), in teaching order."""
    return list(MYTHS)
