"""Punto Banco bets and how each one is settled, as data.

A coup is summarised by :class:`CoupFacts`; :func:`settle_bet` turns the facts,
the table settings and the commission of the table's variant record
(``Variant.commission``) into the amount returned for a stake. The live table,
the exact odds and the simulator all settle through this one function. Nothing
here knows a rate of its own: every caller says whose commission it settles at.

>>> from fractions import Fraction
>>> facts = CoupFacts(Outcome.BANKER, player_total=2, banker_total=3,
...                   banker_card_count=2, cards_dealt=5)
>>> settle_bet(BetSpot.BANKER, 20, facts, BankerPays.COMMISSION, 8, Fraction(5, 100)).returned
Fraction(39, 1)
>>> payout_label(BetSpot.BANKER, BankerPays.COMMISSION, 8, Fraction(4, 100))
'0.96:1'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction

from .events import Outcome


class BankerPays(enum.Enum):
    """How a winning Banker bet is paid."""

    COMMISSION = "commission"  # 1:1 less the variant's commission on every win
    BANKER_7 = "banker7"  # 1:1, but a winning three-card Banker 7 pushes


class BetSpot(enum.Enum):
    """A place on the layout; the value is the label shown on the table."""

    PLAYER = "Player"
    BANKER = "Banker"
    TIE = "Tie"
    PLAYER_PAIR = "Player Pair"
    BANKER_PAIR = "Banker Pair"
    EITHER_PAIR = "Either Pair"
    PERFECT_PAIR = "Perfect Pair"
    BIG = "Big"
    SMALL = "Small"

    @property
    def key(self) -> str:
        """The snake_case name used in JSON and the CLI, e.g. ``player_pair``."""
        return self.name.lower()

    @classmethod
    def from_key(cls, key: str) -> "BetSpot":
        from .errors import BetError

        for spot in cls:
            if key in (spot.key, spot.value):
                return spot
        names = ", ".join(spot.value for spot in cls)
        raise BetError(f"There is no '{key}' bet; the bets are {names}.")


MAIN_SPOTS = (BetSpot.PLAYER, BetSpot.BANKER, BetSpot.TIE)
PAIR_SPOTS = (BetSpot.PLAYER_PAIR, BetSpot.BANKER_PAIR)
EXTRA_SPOTS = (BetSpot.EITHER_PAIR, BetSpot.PERFECT_PAIR, BetSpot.BIG, BetSpot.SMALL)

# Profit per chip for a win (the stake comes back as well).
FIXED_PROFIT = {
    BetSpot.PLAYER: Fraction(1),
    BetSpot.PLAYER_PAIR: Fraction(11),
    BetSpot.BANKER_PAIR: Fraction(11),
    BetSpot.EITHER_PAIR: Fraction(5),
    BetSpot.PERFECT_PAIR: Fraction(25),
    BetSpot.BIG: Fraction(54, 100),
    BetSpot.SMALL: Fraction(3, 2),
}


@dataclass(frozen=True)
class CoupFacts:
    """What settlement needs to know about a finished Punto Banco coup."""

    outcome: Outcome
    player_total: int
    banker_total: int
    banker_card_count: int
    cards_dealt: int
    player_pair: bool = False
    banker_pair: bool = False
    perfect_pair: bool = False

    @property
    def is_banker_three_card_seven(self) -> bool:
        return self.outcome is Outcome.BANKER and self.banker_total == 7 and self.banker_card_count == 3


@dataclass(frozen=True)
class Settlement:
    """The amount returned (stake included) and the reason in words."""

    returned: Fraction
    reason: str


def profit_for(spot: BetSpot, banker_pays: BankerPays, tie_pays: int, commission: Fraction) -> Fraction:
    """Profit per chip when ``spot`` wins outright under these settings, a Banker win paying
    ``1 - commission`` in commission mode."""
    if spot is BetSpot.TIE:
        return Fraction(tie_pays)
    if spot is BetSpot.BANKER:
        return 1 - commission if banker_pays is BankerPays.COMMISSION else Fraction(1)
    return FIXED_PROFIT[spot]


def pays_label(profit: Fraction) -> str:
    """A profit per chip as a layout prints it.

    >>> pays_label(Fraction(19, 20)), pays_label(Fraction(8)), pays_label(Fraction(3, 2))
    ('0.95:1', '8:1', '1.5:1')
    """
    shown = str(profit.numerator) if profit.denominator == 1 else f"{float(profit):g}"
    return f"{shown}:1"


def payout_label(spot: BetSpot, banker_pays: BankerPays, tie_pays: int, commission: Fraction) -> str:
    """The payout of ``spot`` as printed on a layout, e.g. ``"0.95:1"`` or ``"8:1"``."""
    return pays_label(profit_for(spot, banker_pays, tie_pays, commission))


def settle_bet(
    spot: BetSpot, stake: int, facts: CoupFacts, banker_pays: BankerPays, tie_pays: int, commission: Fraction,
) -> Settlement:
    """Settle one bet. Pure: the same facts and settings give the same result."""
    amount = Fraction(stake)  # every amount returned is a Fraction, a stake given back included
    win = amount * (1 + profit_for(spot, banker_pays, tie_pays, commission))
    outcome = facts.outcome
    if spot in (BetSpot.PLAYER, BetSpot.BANKER):
        if outcome is Outcome.TIE:
            return Settlement(amount, "a tie returns Player and Banker bets.")
        if outcome.value != spot.value:
            return Settlement(Fraction(0), f"{outcome.value} won.")
        if spot is BetSpot.BANKER and banker_pays is BankerPays.BANKER_7 and facts.is_banker_three_card_seven:
            return Settlement(amount, "Banker won with a three-card 7, which pushes in banker-7 mode.")
        how = (f"{pays_label(1 - commission)} after the {float(100 * commission):g}% commission"
               if win < 2 * amount else "1:1")
        return Settlement(win, f"{spot.value} won; it pays {how}.")
    if spot is BetSpot.TIE:
        if outcome is Outcome.TIE:
            return Settlement(win, f"the hands tied; Tie pays {tie_pays}:1.")
        return Settlement(Fraction(0), f"{outcome.value} won, not a tie.")
    hit, description = _side_bet_hit(spot, facts)
    return Settlement(win if hit else Fraction(0), description)


def _side_bet_hit(spot: BetSpot, facts: CoupFacts) -> tuple[bool, str]:
    if spot is BetSpot.PLAYER_PAIR:
        return facts.player_pair, "Player's first two cards " + ("are a pair." if facts.player_pair else "are not a pair.")
    if spot is BetSpot.BANKER_PAIR:
        return facts.banker_pair, "Banker's first two cards " + ("are a pair." if facts.banker_pair else "are not a pair.")
    if spot is BetSpot.EITHER_PAIR:
        hit = facts.player_pair or facts.banker_pair
        return hit, "a hand opened with a pair." if hit else "neither hand opened with a pair."
    if spot is BetSpot.PERFECT_PAIR:
        hit = facts.perfect_pair
        return hit, "a hand opened with two identical cards." if hit else "no hand opened with two identical cards."
    if spot is BetSpot.BIG:
        hit = facts.cards_dealt >= 5
        return hit, f"{facts.cards_dealt} cards were dealt; Big needs 5 or 6."
    if spot is BetSpot.SMALL:
        hit = facts.cards_dealt == 4
        return hit, f"{facts.cards_dealt} cards were dealt; Small needs exactly 4."
    raise AssertionError(f"unhandled bet spot {spot}")
