"""Chemin de Fer at a six-seat practice table (SPEC §4).

The user (seat 0) starts as banker and chooses the opening bank. When a bot
banks, the user may call banco first; then bets go round in seat order until
the bank is covered. The largest bettor is the punter: carte or non, with the
forced cases. The banker then looks: a natural ends the coup before a requested
card; otherwise the banker follows the Chemin de Fer table and decides its two
optional cells. A losing banker gives up the bank; after a win or a tie the
banker continues (staking the whole bank) or passes it. Amounts are hundredths.

>>> from baccarat_lessons.engine.money import CHIP
>>> from baccarat_lessons.engine.shoe import Shoe
>>> table = CheminDeFerTable(shoe=Shoe.stacked("3S 2H 10D 4C 7H 9D"))
>>> table.open_bank(30 * CHIP)           # you bank 30 chips
>>> while table.pending.kind.name == "BET":
...     table.bet(10 * CHIP)             # the bots (played by hand here) bet 10 each
>>> table.pending.seat, [a.label for a in table.legal_actions()]
(1, ['Carte (draw)'])
>>> table.legal_actions()[0].reason
'Playing for other bettors too, the punter follows the guidance: draw on 0 to 4.'
>>> table.draw(); table.pending.kind.name, table.legal_actions()[0].forced
('BANKER_DRAW', True)
>>> table.draw(); print(table.last_coup.events[-5].text)
Banker wins, 5 to 0.
>>> table.bank, table.commission_total         # 5% of the 30 chips won is 1.50
(5850, 150)
"""

from __future__ import annotations

import random
from typing import Iterable

from ..drawing import Cell
from ..events import Hand
from ..shoe import Shoe
from ..variants import Variant
from .decisions import BANKER_OPTIONAL_CELL, PASS, Action, ActionKind, Decision, DecisionKind, Phase, banker_forced, hand_actions
from .events import HandChoice, NaturalShown, PunterNamed
from .seats import Seat
from .table import SeatedTable

class CheminDeFerTable(SeatedTable):
    """A Chemin de Fer table: seat 0 is the user, seats 1-5 are bots (driven from outside,
    see :mod:`baccarat_lessons.engine.bots`). ``pending`` says who acts and how."""

    variant_key = "chemin-de-fer"
    give_up_action = PASS

    def __init__(self, seed: int | random.Random | None = None, shoe: Shoe | None = None,
                 names: Iterable[str] | None = None, history_limit: int | None = None, log_events: bool = True,
                 variant: Variant | None = None) -> None:
        super().__init__(seed, shoe, names, history_limit, log_events, variant)
        self.punter: int | None = None
        self._offer_bank(0)

    def holder_of(self, hand: Hand) -> int | None:
        return self.banker if hand is Hand.BANKER else self.punter

    def _before_coup(self) -> None:
        self.punter = None

    def _betting_order(self) -> list[int]:
        """Every other seat with chips, from the banker's left (the user may call banco first)."""
        banker, count = self.banker, len(self.seats)
        assert banker is not None, "a coup is played against a bank"
        order = [(banker + step) % count for step in range(1, count)]
        return [index for index in order if self._can_play(self.seats[index])]

    def _name_holders(self) -> None:
        punter = max(self.stakes, key=lambda stake: stake.amount)  # the first of equal bets takes the role
        self.punter = punter.seat
        self._log(PunterNamed, punter.seat, self.seats[punter.seat].name, punter.amount, len(self.stakes))

    # -- the deal and the choices ------------------------------------------------------------------
    def _play_coup(self) -> None:
        if self.is_natural(Hand.PLAYER):
            self._reveal(Hand.PLAYER)
            self._log(NaturalShown, Hand.PLAYER, self.hands[Hand.PLAYER].total)
            self._reveal(Hand.BANKER)
            if self.is_natural(Hand.BANKER):
                self._log(NaturalShown, Hand.BANKER, self.hands[Hand.BANKER].total)
            return self._settle()
        self.phase = Phase.DECISIONS
        actions = hand_actions(self.drawing, self.hands[Hand.PLAYER].total, len(self.stakes) > 1, "punter")
        assert self.punter is not None, "the largest bettor was named the punter"
        self.pending = Decision(self.punter, DecisionKind.PUNTER_DRAW, actions, Hand.PLAYER)

    def _hand_choice(self, decision: Decision, action: Action, amount: None) -> None:
        seat = self.seats[decision.seat]
        draws = action.kind is ActionKind.DRAW
        if decision.kind is DecisionKind.PUNTER_DRAW:
            return self._punter_chose(seat, draws, action)
        return self._banker_chose(seat, draws, action)

    def _punter_chose(self, seat: Seat, draws: bool, action: Action) -> None:
        self._log(HandChoice, seat.index, seat.name, Hand.PLAYER, draws, action.forced, action.reason)
        if self.is_natural(Hand.BANKER):
            self._reveal(Hand.BANKER)
            self._log(NaturalShown, Hand.BANKER, self.hands[Hand.BANKER].total, stops_third_card=draws)
            self._reveal(Hand.PLAYER)
            return self._settle()
        third = self._deal(Hand.PLAYER, face_up=True).value if draws else None
        total = self.hands[Hand.BANKER].total
        cell = self.drawing.banker_cell(total, third)
        actions: tuple[Action, ...]
        if cell is Cell.OPTIONAL:
            actions = BANKER_OPTIONAL_CELL
        else:
            kind = ActionKind.DRAW if cell is Cell.DRAW else ActionKind.STAND
            actions = (banker_forced(kind, total, third, self.drawing),)
        assert self.banker is not None, "a coup is played against a bank"
        self.pending = Decision(self.banker, DecisionKind.BANKER_DRAW, actions, Hand.BANKER)

    def _banker_chose(self, seat: Seat, draws: bool, action: Action) -> None:
        why = "That is the banker's table." if action.forced else "The table leaves this cell to the banker."
        self._log(HandChoice, seat.index, seat.name, Hand.BANKER, draws, action.forced, why)
        if draws:
            self._deal(Hand.BANKER, face_up=True)
        self._reveal(Hand.PLAYER)
        self._reveal(Hand.BANKER)
        self._settle()

    def _settle(self) -> None:
        self._settle_side(Hand.PLAYER)
        self._finish_coup()

