"""Results shown in the rules lessons (01-06), built from the engine as tables and steps.

>>> print(repr(totals_table(["7S 8H"])))
cards  values added  total
7♠ 8♥  7 + 8 = 15    5
>>> commission_table([(40, -30)]).rows
[['+40', '−30', '+10', '0.125', '0.12']]
"""

from __future__ import annotations

from fractions import Fraction

from ...content.comparison import commission as commission_words
from ...content.comparison import percent as rate
from ...engine.bets import BankerPays, BetSpot, CoupFacts, settle_bet
from ...engine.cards import RANKS, hand_total, parse_cards
from ...engine.events import Outcome
from ...engine.money import CHIP, commission_on
from ...engine.variants import BANQUE_OUVERTE, PUNTO_BANCO, VARIANTS
from .present import Table, cards, chips, percent, steps


def card_values_table() -> Table:
    """Every rank and what it counts towards a total."""
    return Table(["card", "counts"], [[rank.value, str(rank.value_in_baccarat)] for rank in RANKS])


def totals_table(hands) -> Table:
    """Hands (card strings) with the working: the values added, then the last digit kept."""
    rows = []
    for text in hands:
        dealt = parse_cards(text)
        values = [card.value for card in dealt]
        rows.append([cards(text), f"{' + '.join(map(str, values))} = {sum(values)}", str(hand_total(dealt))])
    return Table(["cards", "values added", "total"], rows)


def coup_steps(coup):
    """A dealt coup's events, one numbered sentence each."""
    return steps(event.text for event in coup.events)


def settlement_table(stake: int = 20, tie_pays: int = 8, commission: Fraction = PUNTO_BANCO.commission) -> Table:
    """What comes back (stake included) on a bet of ``stake`` on each spot, for a Banker
    win (7 against 5) and for a tie (5 against 5), at a variant's ``commission``."""
    rows = []
    for outcome, banker_total in ((Outcome.BANKER, 7), (Outcome.TIE, 5)):
        facts = CoupFacts(outcome, player_total=5, banker_total=banker_total, banker_card_count=2, cards_dealt=4)
        returned = [settle_bet(spot, stake, facts, BankerPays.COMMISSION, tie_pays, commission).returned
                    for spot in (BetSpot.PLAYER, BetSpot.BANKER, BetSpot.TIE)]
        label = "Banker wins 7–5" if outcome is Outcome.BANKER else "tie 5–5"
        rows.append([label, *(f"{chips(amount)} chips" for amount in returned)])
    return Table(["result", f"{stake} on Player", f"{stake} on Banker", f"{stake} on Tie"], rows,
                 note="Chips returned to the bettor, stake included; 0 means the stake is lost.")


def expected_loss_table(edge_per_chip: Fraction, cases, spot: str = "Banker") -> Table:
    """Expected loss for (stake, rounds) cases, from the exact expected net per chip."""
    rows = [[f"{rounds:,}", f"{stake} chips", f"{stake * rounds:,} chips",
             f"{float(-edge_per_chip * stake * rounds):.2f} chips"] for stake, rounds in cases]
    return Table(["rounds", f"stake on {spot}", "total staked", "expected loss"], rows,
                 note=f"House edge {percent(-edge_per_chip, 4)} of every chip staked, computed exactly.")


def commission_table(cases, commission: Fraction = BANQUE_OUVERTE.commission) -> Table:
    """The commission on the banker's net gain for (right, left) results of a coup (whole chips):
    the exact rate of the net, and what the table charges, rounded down to the hundredth."""
    rows = []
    for right, left in cases:
        net = right + left
        due = commission * net if net > 0 else Fraction(0)
        charged = Fraction(commission_on(net * CHIP, commission), CHIP) if net > 0 else Fraction(0)
        rows.append([chips(right, signed=True), chips(left, signed=True), chips(net, signed=True), chips(due),
                     chips(charged)])
    return Table(["banker on the right", "banker on the left", "net on the coup",
                  f"{rate(commission)} of the net", "the table charges"], rows,
                 note="Amounts in chips. The table counts in hundredths of a chip and rounds a commission "
                      "down to the hundredth: the house never takes more than its rate.")


def variants_table() -> Table:
    """The fields that differ between the five variants, read from their records."""
    rows = []
    for v in VARIANTS.values():
        stakes = f"{v.min_bet}–{v.max_bet} chips" if v.max_bet else f"from {v.min_bet} chip (up to the bank)"
        rows.append([v.name, str(v.decks), stakes, commission_words(v), v.banking.value])
    return Table(["variant", "decks", "stakes", "commission", "bank"], rows)
