"""Banque ouverte and Banque limitée: one bank against two tableaux (SPEC §5-6).

Deal: right, left, banker, then again, all face down. A banker natural settles
both tableaux at once. A tableau natural is shown at once and settled against
the banker's first two cards when they are turned over, while the other tableau
plays on: until then no seat that cannot see the bank learns its total. The right captain, then the left, draws
or stands; the banker, seeing only third cards and the stakes on each side,
chooses freely. Each side is settled on its own; the commission is a share of
the banker's net gain over both sides, when positive. A captain keeps the cards
after a win or a tie and passes them on that side after a loss.

Banque ouverte: the user starts as banker and may retire between coups; the
next seat then takes the bank. Banque limitée: the house banks every coup, with
3 decks and 5-25 chips per wager; the user starts as right-hand captain.
Amounts are hundredths of a chip.

>>> from baccarat_lessons.engine.money import CHIP
>>> from baccarat_lessons.engine.shoe import Shoe
>>> from baccarat_lessons.engine.events import Hand
>>> table = BanqueLimiteeTable(shoe=Shoe.stacked("9S 2H 3D 10S AC 3C 10H 9C"))
>>> table.captains[Hand.RIGHT], table.captains[Hand.LEFT], table.pending.kind.name
(0, 3, 'BET')
>>> table.bet(10 * CHIP, Hand.RIGHT)
>>> while table.pending.kind.name == "BET":
...     table.bet(5 * CHIP, Hand.LEFT)
>>> [event.text for event in table.events if event.kind == "NaturalShown"]
["Right tableau has a natural 9 (la grande) and shows it. It will be settled against the banker's first two cards when they are turned over."]
>>> table.pending.seat, [a.label for a in table.legal_actions()], table.results, table.user.balance
(3, ['Draw'], {}, 9000)
>>> table.draw(); table.pending.seat, table.pending.kind.name
(-1, 'BANQUE_BANKER_DRAW')
>>> table.stand(); [str(o.value) for o in table.last_coup.results.values()]
['Player', 'Banker']
>>> table.house_result, table.commission_total, table.captains[Hand.LEFT]   # 2% of a 15-chip gain
(1470, 30, 4)
"""

from __future__ import annotations

import random
from typing import Iterable

from ..events import Hand, Outcome
from ..shoe import Shoe
from ..variants import Variant
from .decisions import BANQUE_BANKER_CHOICE, HOUSE, RETIRE, Action, ActionKind, Decision, DecisionKind, Phase, hand_actions
from .events import CaptainChanged, HandChoice, NaturalShown
from .seats import Seat, SeatStats
from .table import SeatedTable

TABLEAUX = (Hand.RIGHT, Hand.LEFT)
CROUPIER = "The croupier"
CROUPIER_SEAT = -2  # the croupier plays a side nobody captains


class BanqueTable(SeatedTable):
    """Two tableaux against one bank. Use :class:`BanqueOuverteTable` or :class:`BanqueLimiteeTable`,
    or pass a Banque variant record."""

    give_up_action = RETIRE

    def __init__(self, seed: int | random.Random | None = None, shoe: Shoe | None = None,
                 names: Iterable[str] | None = None, history_limit: int | None = None, log_events: bool = True,
                 variant: Variant | None = None) -> None:
        super().__init__(seed, shoe, names, history_limit, log_events, variant)
        self.side_of = {seat: side for side, seats in self.variant.side_seats.items() for seat in seats}
        self.captains: dict[Hand, int | None] = dict.fromkeys(TABLEAUX)
        self.house_stats = SeatStats()
        self._to_play: list[Hand] = []
        if self.banker == HOUSE:
            for side in TABLEAUX:
                self._choose_captain(side, None, "start")
            self._start_coup()
        else:
            self._offer_bank(0)

    def holder_of(self, hand: Hand) -> int | None:
        """The bank's seat for the bank's cards; a tableau's captain, or the croupier (who looks
        at the cards of a side nobody captains, so they stay face down to every seat)."""
        if hand is Hand.BANKER:
            return self.banker
        captain = self.captains.get(hand)
        return CROUPIER_SEAT if captain is None else captain

    def _banker_stats(self) -> SeatStats:
        return self.house_stats if self.banker == HOUSE else self._banker_seat().stats

    # -- captains ---------------------------------------------------------------------------------
    def _choose_captain(self, side: Hand, after: int | None, why: str) -> None:
        """Give the cards of ``side`` to the next eligible seat on that side after ``after``."""
        order = self.variant.side_seats[side]
        start = order.index(after) + 1 if after in order else 0
        captain = None
        for step in range(len(order)):
            index = order[(start + step) % len(order)]
            if index != self.banker and self._can_play(self.seats[index]):
                captain = index
                break
        if captain != self.captains[side] or why == "start":
            self.captains[side] = captain
            if self.log_events:
                self.events.append(CaptainChanged(side, captain, self.name_of(captain), why))

    def _bank_taken(self, seat: Seat) -> None:
        for side in TABLEAUX:
            captain = self.captains[side]
            if captain is None:
                self._choose_captain(side, None, "start")
            elif captain == seat.index:
                self._choose_captain(side, captain, "banker")

    def _bank_left(self, seat: Seat) -> None:
        side = self.side_of[seat.index]
        if seat.is_user and self._can_play(seat):
            self.captains[Hand.RIGHT] = 0  # the user captains the right when not banking
            self._log(CaptainChanged, Hand.RIGHT, 0, seat.name, "back")
        elif self.captains[side] is None and self._can_play(seat):
            self._choose_captain(side, None, "start")

    def _before_coup(self) -> None:
        for side in TABLEAUX:
            captain = self.captains[side]
            if captain is None or not self._can_play(self.seats[captain]):
                self._choose_captain(side, captain, "broke")

    def _rotate_captains(self) -> None:
        for side in TABLEAUX:
            if self.results.get(side) is Outcome.BANKER and self.captains[side] is not None:
                self._choose_captain(side, self.captains[side], "lost")

    # -- betting -----------------------------------------------------------------------------------
    def _betting_order(self) -> list[int]:
        """You bet first, as at Chemin de Fer where you may call banco first (in seat order from the
        banker's left a bot bank would often be covered before your turn); then the others, from the
        banker's left."""
        banker, count = self.banker, len(self.seats)
        assert banker is not None, "a coup is played against a bank"
        first = 0 if banker == HOUSE else banker + 1
        order = [0] if self.banker != 0 else []
        order += [(first + step) % count for step in range(count)]
        seen, queue = set(), []
        for index in order:
            if index != self.banker and index not in seen and self._can_play(self.seats[index]):
                seen.add(index)
                queue.append(index)
        return queue

    # -- the deal and the choices ------------------------------------------------------------------
    def _play_coup(self) -> None:
        if self.is_natural(Hand.BANKER):
            self._reveal(Hand.BANKER)
            self._log(NaturalShown, Hand.BANKER, self.hands[Hand.BANKER].total)
            for side in TABLEAUX:
                self._reveal(side)
                self._settle_side(side)
            return self._finish_coup()
        self._to_play = []
        for side in TABLEAUX:
            if self.is_natural(side):
                # Shown at once, settled against the banker's first two cards once they are turned
                # over: settling now would tell every seat the banker's hidden total (SPEC §5).
                self._reveal(side)
                self._log(NaturalShown, side, self.hands[side].total, waits_for_banker=True)
                self.naturals.add(side)
            else:
                self._to_play.append(side)
        self.phase = Phase.DECISIONS
        self._next_captain()

    def _next_captain(self) -> None:
        """Ask the right captain, then the left, for each tableau still to play; then the banker."""
        while self._to_play:
            side = self._to_play.pop(0)
            captain = self.captains[side]
            if captain is None:
                self._croupier_plays(side)
                continue
            # The captain plays for others too when anyone else has a stake on that side.
            represents_others = any(stake.hand is side and stake.seat != captain for stake in self.stakes)
            actions = hand_actions(self.drawing, self.hands[side].total, represents_others, "captain")
            self.pending = Decision(captain, DecisionKind.CAPTAIN_DRAW, actions, side)
            return None
        if len(self.naturals) == len(TABLEAUX):
            return self._turn_over_bank()  # both tableaux have naturals: the banker has no choice
        assert self.banker is not None, "a coup is played against a bank"
        self.pending = Decision(self.banker, DecisionKind.BANQUE_BANKER_DRAW, BANQUE_BANKER_CHOICE, Hand.BANKER)

    def _croupier_plays(self, side: Hand) -> None:
        draws = self.hands[side].total in self.drawing.player_draws_on
        self._log(HandChoice, CROUPIER_SEAT, CROUPIER, side, draws, True,
                             "Nobody captains this side, so the croupier follows the guidance.")
        if draws:
            self._deal(side, face_up=True)

    def _hand_choice(self, decision: Decision, action: Action, amount: None) -> None:
        draws = action.kind is ActionKind.DRAW
        if decision.kind is DecisionKind.CAPTAIN_DRAW:
            seat, side = self.seats[decision.seat], decision.hand
            assert side is not None, "a captain draws or stands for a tableau"
            self._log(HandChoice, seat.index, seat.name, side, draws, action.forced, action.reason)
            if draws:
                self._deal(side, face_up=True)
            return self._next_captain()
        if self.log_events:
            banker, name = self.banker, self.name_of(self.banker)
            assert banker is not None, "a coup is played against a bank"
            self.events.append(HandChoice(banker, name[:1].upper() + name[1:], Hand.BANKER, draws))
        first_two = self.hands[Hand.BANKER].total
        if draws:
            self._deal(Hand.BANKER, face_up=True)
        self._turn_over_bank(first_two)

    def _turn_over_bank(self, first_two: int | None = None) -> None:
        """Turn the banker's cards over, then settle: a tableau natural against the banker's first
        two cards (``first_two``, the total before any third card), the others against the bank's
        final hand."""
        self._reveal(Hand.BANKER)
        for side in TABLEAUX:
            if side in self.naturals:
                self._reveal(side)
                drew = len(self.hands[Hand.BANKER]) > 2
                self._settle_side(side, banker_total=first_two, against_first_two=drew)
            elif side not in self.settled_hands:
                self._reveal(side)
                self._settle_side(side)
        self._finish_coup()


class BanqueOuverteTable(BanqueTable):
    """Banque ouverte: a seated banker (the user first) who may retire between coups."""

    variant_key = "banque-ouverte"


class BanqueLimiteeTable(BanqueTable):
    """Banque limitée: the house banks every coup; 3 decks, 5-25 chips per wager."""

    variant_key = "banque-limitee"
