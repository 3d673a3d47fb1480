"""The view of a Punto Banco or Mini Baccarat table, in the same shape as a seat view.

Everything at these tables is public, so the one seat (the user's) sees it all: the last
coup's hands face up with their totals and results, the chips on the layout, the balance,
and the bets the user may place (``turn.actions``: one ``BET`` per open spot with the table's
limits, then Undo, Clear, Rebet and Deal as they apply). One widget layer reads one kind of
record for all five variants. Amounts are hundredths.

>>> from baccarat_lessons.engine.money import CHIP
>>> from baccarat_lessons.engine.punto_banco import PuntoBancoTable
>>> from baccarat_lessons.engine.seated.decisions import ActionKind
>>> from baccarat_lessons.engine.bets import BetSpot
>>> from baccarat_lessons.engine.shoe import Shoe
>>> table = PuntoBancoTable(shoe=Shoe.stacked("2S AC 2H 2D 8C"))
>>> table.act(ActionKind.BET, 10 * CHIP, BetSpot.BANKER)
>>> [action.kind for action in table.view().turn.actions][-1], table.view().seats[0].staked
('DEAL', 1000)
>>> table.act(ActionKind.DEAL)
>>> view = table.view()
>>> view.hand("Banker").total, view.hand("Banker").result, view.seats[0].balance
(3, 'Banker', 10950)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import hand_total
from .money import CHIP
from .seated.decisions import HOUSE, ActionKind
from .seated.roles import Role
from .seated.seats import USER_NAME
from .seated.view import ActionView, CardView, HandView, SeatPublic, StakeView, TableView, TurnView, told_events

if TYPE_CHECKING:  # the table gives its view: it imports this module
    from .punto_banco import PuntoBancoTable


def punto_banco_view(table: PuntoBancoTable, viewer: int | None = 0) -> TableView:
    """The view of ``table`` for the user (``viewer`` 0) or an onlooker (``None``, who may not act)."""
    variant = table.variant
    last = table.last_coup
    hands: tuple[HandView, ...] = ()
    if last is not None:
        outcome = last.outcome.value
        hands = tuple(HandView(hand.value, HOUSE, tuple(CardView.of(card, True) for card in cards),
                               hand_total(cards), True, outcome)
                      for hand, cards in last.hands.items())
    you = viewer == 0
    name = "You" if you else USER_NAME
    seats = (SeatPublic(0, name, table.balance, table.staked, (Role.BETTOR,) if table.stakes else (), you),)
    decision = table.pending
    turn = None
    if decision is not None:
        actions: tuple[ActionView, ...] = ()
        if you:
            # Every open spot, a refused one with its reason (so a screen can say why), then the buttons.
            low, high = variant.min_bet * CHIP, None if variant.max_bet is None else variant.max_bet * CHIP
            actions = tuple(ActionView("BET", f"Bet on {spot.value}", spot.value, low, high, False,
                                       table.can(ActionKind.BET, low, spot) or "")
                            for spot in table.spots)
            actions += tuple(ActionView(action.kind.name, action.label, None, None, None, False, "")
                             for action in decision.actions if action.kind is not ActionKind.BET)
        turn = TurnView(0, name, decision.kind.name, decision.kind.value, None, actions)
    return TableView(
        variant=variant.key, name=variant.name, phase="betting", coup_number=table.coups_played,
        viewer=viewer, coups_played=table.coups_played, seats=seats, banker=HOUSE, bank=0, bank_covered=0,
        house_result=table.house_result, commission_total=table.commission_total, hands=hands,
        stakes=tuple(StakeView(0, amount, spot.value) for spot, amount in table.bets.items()),
        cards_in_shoe=table.shoe.remaining_count, turn=turn,
        events=told_events(last.events if last else (), viewer), over_reason=table.over_reason(),
    )

