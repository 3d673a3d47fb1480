"""The view of a Punto Banco or Mini Baccarat session, in the same shape as a seat view.

Everything at these tables is public, so the one seat (the user's) sees it all:
the last round's hands face up with their totals and results, the bets down now,
the balance, and the bets the user may place (``turn.actions``: one ``BET`` per
open spot, with the table's limits, and ``DEAL`` once a bet is down). One widget
layer reads one kind of record for all five variants. Amounts are hundredths.

>>> from baccarat_lessons.engine.session import Session
>>> from baccarat_lessons.engine.shoe import Shoe
>>> session = Session(shoe=Shoe.stacked("2S AC 2H 2D 8C"))
>>> session.place_bet("banker", 10)
>>> [action.kind for action in session.view().turn.actions][-1], session.view().seats[0].staked
('DEAL', 1000)
>>> _ = session.deal()
>>> view = session.view()
>>> view.hand("Banker").total, view.hand("Banker").result, view.seats[0].balance
(3, 'Banker', 10950)
"""

from __future__ import annotations

from fractions import Fraction

from .money import CHIP
from .seated.decisions import HOUSE
from .seated.seats import USER_NAME
from .seated.view import ActionView, CardView, HandView, SeatPublic, StakeView, TableView, TurnView, told_events


def _hundredths(amount) -> int:
    exact = Fraction(amount) * CHIP
    assert exact.denominator == 1, "Punto Banco payouts on whole-chip stakes are whole hundredths"
    return exact.numerator


def session_view(session, viewer: int | None = 0) -> TableView:
    """The view of ``session`` for the user (``viewer`` 0) or an onlooker (``None``, who may not act)."""
    variant = session.variant
    last = session.history[-1] if session.history else None
    hands = ()
    if last is not None:
        outcome = last.outcome.value
        hands = tuple(
            HandView(name, None, tuple(CardView.of(card, True) for card in cards),
                     sum(card.value for card in cards) % 10, True, outcome)
            for name, cards in (("Player", last.player_cards), ("Banker", last.banker_cards))
        )
    staked = _hundredths(session.total_staked)
    you = viewer == 0
    seats = (SeatPublic(0, "You" if you else USER_NAME, _hundredths(session.balance), staked,
                        ("bettor",) if staked else (), you),)
    over = session.over_reason()
    turn = None
    if over is None:
        low, high = variant.min_bet * CHIP, None if variant.max_bet is None else variant.max_bet * CHIP
        actions = tuple(
            ActionView("BET", f"Bet on {spot.value}", spot.value, low, high, False,
                       session.can_place_bet(spot, variant.min_bet) or "")
            for spot in session.spots
        )
        if session.can_deal() is None:
            actions += (ActionView("DEAL", "Deal", None, None, None, False, ""),)
        turn = TurnView(0, "You" if you else USER_NAME, "BET", "place your bets, then deal", None,
                        actions if you else ())
    return TableView(
        variant=variant.key, name=variant.name, phase="betting", coup_number=session.hands_played,
        viewer=viewer, coups_played=session.hands_played, seats=seats, banker=HOUSE, bank=0, bank_covered=0,
        house_result=_hundredths(session.settings.starting_chips - session.balance),  # the balance counts chips down
        commission_total=0, hands=hands,
        stakes=tuple(StakeView(0, _hundredths(amount), spot.value) for spot, amount in session.bets.items()),
        cards_in_shoe=session.shoe.remaining_count, turn=turn,
        events=told_events(last.events if last else (), viewer), over_reason=over,
    )
