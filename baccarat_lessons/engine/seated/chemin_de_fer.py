"""Chemin de Fer at a six-seat practice table (SPEC §4).

The user (seat 0) starts as banker and chooses the opening bank. When a bot
banks, the user may call banco first; then bets go round in seat order until
the bank is covered. The largest bettor is the punter: carte or non, with the
forced cases. The banker then looks: a natural ends the coup before a requested
card; otherwise the banker follows the Chemin de Fer table and decides its two
optional cells. A losing banker gives up the bank; after a win or a tie the
banker continues (staking the whole bank) or passes it.

>>> from baccarat_lessons.engine.shoe import Shoe
>>> table = CheminDeFerTable(shoe=Shoe.stacked("3S 2H 10D 4C 7H 9D"))
>>> table.open_bank(30)                  # you bank 30 chips
>>> while table.pending.kind.name == "BET":
...     table.bet(10)                    # the bots (played by hand here) bet 10 each
>>> table.pending.seat, [a.label for a in table.legal_actions()]
(1, ['Carte (draw)'])
>>> table.legal_actions()[0].reason
'You play for other bettors too, so you follow the guidance: draw on 0 to 4.'
>>> table.draw(); table.pending.kind.name, table.legal_actions()[0].forced
('BANKER_DRAW', True)
>>> table.draw(); print(table.last_coup.events[-5].text)
Banker wins, 5 to 0.
>>> table.bank, table.commission_total
(Fraction(117, 2), Fraction(3, 2))
"""

from __future__ import annotations

from ..coup import compare
from ..drawing import Cell
from ..events import CoupResult, Hand, Outcome
from ..money import format_chips
from ..shoe import Shoe
from .decisions import (
    BANKER_DRAW_OPTION, BANKER_STAND_OPTION, CONTINUE, DECLINE_BANCO, DECLINE_BANK, DRAW_FORCED_ON_ZERO,
    DRAW_FORCED_REPRESENTING, DRAW_FREE, NO_BET, PASS, STAND_FORCED_REPRESENTING, STAND_FREE, Action,
    ActionKind, Decision, DecisionKind, Phase, banker_forced,
)
from .events import (
    BancoCalled, BancoDeclined, BankDeclined, BankGivenUp, BankKept, BankOpened, BetPlaced, BetSkipped,
    BettingClosed, CommissionTaken, CoupStarted, HandChoice, NaturalShown, PunterNamed,
)
from .rules import CHEMIN_DE_FER_TABLE
from .seats import Seat, at_least, less, minus, next_seat, plus, times
from .table import SeatedTable, value_of

_PUNTER_WHY = {
    DRAW_FORCED_ON_ZERO.reason: "a punter must draw on 0",
    DRAW_FORCED_REPRESENTING.reason: "playing for other bettors, the punter draws on 0 to 4",
    STAND_FORCED_REPRESENTING.reason: "playing for other bettors, the punter stands on 6 or 7",
}


class CheminDeFerTable(SeatedTable):
    """A Chemin de Fer table: seat 0 is the user, seats 1-5 are bots (driven from outside,
    see :mod:`baccarat_lessons.engine.bots`). ``pending`` says who acts and how."""

    def __init__(self, seed=None, shoe: Shoe | None = None, names=None, history_limit: int | None = None,
                 log_events: bool = True):
        super().__init__(CHEMIN_DE_FER_TABLE, seed=seed, shoe=shoe, names=names, history_limit=history_limit,
                         log_events=log_events)
        self.punter: int | None = None
        self.bank_opening = 0  # what the current banker first put in the bank
        self.covered = 0
        self._bet_queue: list[int] = []
        self._bet_decisions: dict[tuple, Decision] = {}
        self._declines = 0
        self._offer_bank(0)

    def holder_of(self, hand: Hand) -> int | None:
        return self.banker if hand is Hand.BANKER else self.punter

    def _can_play(self, seat: Seat) -> bool:
        return at_least(seat.balance, self.min_bet)

    # -- the bank ------------------------------------------------------------------------
    def _offer_bank(self, seat_index: int) -> None:
        if sum(1 for seat in self.seats if self._can_play(seat)) < 2:
            return self._end("Fewer than two seats have chips left, so nobody can play against a bank.")
        if self._declines >= len(self.seats):
            return self._end("Every seat declined the bank, so no coup can be played.")
        seat = self.seats[seat_index]
        self.phase = Phase.BANKING
        minimum = min(self.min_bet, seat.balance)
        self.pending = Decision(seat_index, DecisionKind.OFFER_BANK, (
            Action(ActionKind.OPEN_BANK, "Take the bank", min_amount=minimum, max_amount=seat.balance),
            DECLINE_BANK,
        ))

    def _offer_to_next(self, after: int) -> None:
        following = next_seat(self.seats, after, self._can_play)
        if following is None:
            return self._end("Nobody has chips left to hold the bank.")
        self._offer_bank(following)

    def _give_up_bank(self, why: str) -> None:
        seat = self.seats[self.banker]
        seat.balance = plus(seat.balance, self.bank)
        if self.log_events:
            self.events.append(BankGivenUp(seat.index, seat.name, self.bank, why))
        self.bank = 0
        self.banker = None

    def _end(self, reason: str) -> None:
        if self.banker is not None and self.bank:
            self._give_up_bank("over")
        self._over_reason = reason
        self.pending = None
        self.phase = Phase.OVER

    # -- applying a checked action -------------------------------------------------------------
    def _apply(self, decision: Decision, action: Action, amount) -> None:
        kind = action.kind
        seat = self.seats[decision.seat] if decision.seat >= 0 else None
        if kind is ActionKind.BET:
            self._place_stake(seat, amount, Hand.PLAYER)
            self.covered = plus(self.covered, amount)
            if self.log_events:
                self.events.append(BetPlaced(seat.index, seat.name, amount, None, self.covered == self.bank))
            return self._next_bettor()
        if kind is ActionKind.NO_BET:
            if self.log_events:
                self.events.append(BetSkipped(seat.index, seat.name))
            return self._next_bettor()
        if kind is ActionKind.DRAW or kind is ActionKind.STAND:
            if decision.kind is DecisionKind.PUNTER_DRAW:
                return self._punter_chose(seat, kind is ActionKind.DRAW, action)
            return self._banker_chose(seat, kind is ActionKind.DRAW, action)
        if kind is ActionKind.OPEN_BANK:
            seat.balance = minus(seat.balance, amount)
            self.bank, self.banker, self._declines = amount, seat.index, 0
            self.bank_opening = amount
            if self.log_events:
                self.events.append(BankOpened(seat.index, seat.name, amount))
            return self._start_coup()
        if kind is ActionKind.DECLINE_BANK:
            self._declines += 1
            if self.log_events:
                self.events.append(BankDeclined(seat.index, seat.name))
            return self._offer_to_next(seat.index)
        if kind is ActionKind.CONTINUE_BANK:
            if self.log_events:
                self.events.append(BankKept(seat.index, seat.name, self.bank))
            return self._start_coup()
        if kind is ActionKind.PASS_BANK:
            self._give_up_bank("passed")
            return self._offer_to_next(seat.index)
        if kind is ActionKind.BANCO:
            self._place_stake(seat, self.bank, Hand.PLAYER)
            self.covered = self.bank
            if self.log_events:
                self.events.append(BancoCalled(seat.index, seat.name, self.bank))
            return self._close_betting()
        if kind is ActionKind.DECLINE_BANCO:
            if self.log_events:
                self.events.append(BancoDeclined(seat.index, seat.name))
            return self._next_bettor()
        raise AssertionError(f"unhandled action {kind}")

    # -- betting -----------------------------------------------------------------------------
    def _start_coup(self) -> None:
        self.coup_number += 1
        self.coup_bank = self.bank
        self.covered = 0
        self.punter = None
        self.hands, self.revealed = {}, set()
        banker = self.seats[self.banker]
        if self.log_events:
            self.events.append(CoupStarted(self.coup_number, banker.name, self.bank))
        count = len(self.seats)
        queue = [
            (self.banker + step) % count for step in range(1, count)
            if at_least(self.seats[(self.banker + step) % count].balance, self.min_bet)
        ]
        if not queue:
            return self._end("Nobody else has chips to bet against the bank.")
        self._bet_queue = queue
        self.phase = Phase.BETTING
        user = self.seats[0]
        if self.banker != 0 and 0 in queue and at_least(user.balance, self.bank):
            self.pending = Decision(0, DecisionKind.BANCO, (
                Action(ActionKind.BANCO, "Banco!", min_amount=self.bank, max_amount=self.bank),
                DECLINE_BANCO,
            ))
            return None
        return self._next_bettor()

    def _next_bettor(self) -> None:
        remaining = minus(self.bank, self.covered)
        if not less(0, remaining) or not self._bet_queue:
            return self._close_betting()
        seat = self.seats[self._bet_queue.pop(0)]
        maximum = remaining if less(remaining, seat.balance) else seat.balance
        minimum = self.min_bet if less(self.min_bet, maximum) else maximum
        # Whole amounts recur: cache those (hashing a Fraction costs more than building anew).
        key = (seat.index, minimum, maximum) if type(maximum) is int else None
        decision = self._bet_decisions.get(key)
        if decision is None:  # the same few bet decisions recur coup after coup: build each once
            if len(self._bet_decisions) > 500:
                self._bet_decisions.clear()
            decision = Decision(seat.index, DecisionKind.BET, (
                Action(ActionKind.BET, "Bet", min_amount=minimum, max_amount=maximum), NO_BET,
            ))
            if key is not None:
                self._bet_decisions[key] = decision
        self.pending = decision

    def _bet_max_reason(self, seat: Seat, action: Action) -> str:
        most = format_chips(action.max_amount)
        if action.max_amount == seat.balance:
            return f"{seat.name} can bet at most {most} chips: that is {'your' if seat.is_user else 'their'} balance."
        return (f"{seat.name} can bet at most {most} chips: bets together cannot exceed the bank, "
                f"and only that much of it is still uncovered.")

    def _close_betting(self) -> None:
        if self.log_events:
            self.events.append(BettingClosed(self.covered, self.bank))
        if not self.stakes:
            self._record_coup({}, 0)
            return self._ask_keep_bank()
        return self._deal_coup()

    # -- the deal and the choices ------------------------------------------------------------------
    def _deal_coup(self) -> None:
        punter = max(self.stakes, key=lambda stake: stake.amount)  # the first of equal bets wins the role
        self.punter = punter.seat
        if self.log_events:
            self.events.append(PunterNamed(punter.seat, self.seats[punter.seat].name, punter.amount, len(self.stakes)))
        self.phase = Phase.DEALING
        shuffled = self.shoe.prepare_coup()
        if self.log_events:
            self.events.extend(shuffled)
        self._new_hands((Hand.PLAYER, Hand.BANKER))
        for hand in self.rules.deal_order:
            self._deal(hand, face_up=False)
        if self.is_natural(Hand.PLAYER):
            self._reveal(Hand.PLAYER)
            if self.log_events:
                self.events.append(NaturalShown(Hand.PLAYER, self.hands[Hand.PLAYER].total))
            self._reveal(Hand.BANKER)
            if self.is_natural(Hand.BANKER):
                if self.log_events:
                    self.events.append(NaturalShown(Hand.BANKER, self.hands[Hand.BANKER].total))
            return self._settle()
        self.phase = Phase.DECISIONS
        self.pending = Decision(self.punter, DecisionKind.PUNTER_DRAW, self._punter_actions(), Hand.PLAYER)

    def _punter_actions(self) -> tuple[Action, ...]:
        total = self.hands[Hand.PLAYER].total
        rules = self.drawing
        if total in rules.player_forced_on:
            return (DRAW_FORCED_ON_ZERO,)
        if len(self.stakes) > 1 and total not in rules.player_optional_on:
            return (DRAW_FORCED_REPRESENTING,) if total in rules.player_draws_on else (STAND_FORCED_REPRESENTING,)
        return (DRAW_FREE, STAND_FREE)

    def _punter_chose(self, seat: Seat, draws: bool, action: Action) -> None:
        if self.log_events:
            self.events.append(HandChoice(seat.index, seat.name, Hand.PLAYER, draws, action.forced,
                                          _PUNTER_WHY.get(action.reason, "")))
        if self.is_natural(Hand.BANKER):
            self._reveal(Hand.BANKER)
            if self.log_events:
                self.events.append(NaturalShown(Hand.BANKER, self.hands[Hand.BANKER].total, stops_third_card=draws))
            self._reveal(Hand.PLAYER)
            return self._settle()
        third_value = value_of(self._deal(Hand.PLAYER, face_up=True)) if draws else None
        total = self.hands[Hand.BANKER].total
        cell = self.drawing.banker_cell(total, third_value)
        if cell is Cell.OPTIONAL:
            actions = (BANKER_DRAW_OPTION, BANKER_STAND_OPTION)
        else:
            actions = (banker_forced(ActionKind.DRAW if cell is Cell.DRAW else ActionKind.STAND, total, third_value),)
        self.pending = Decision(self.banker, DecisionKind.BANKER_DRAW, actions, Hand.BANKER)

    def _banker_chose(self, seat: Seat, draws: bool, action: Action) -> None:
        why = "the table leaves this cell to the banker" if not action.forced else "that is the banker's table"
        if self.log_events:
            self.events.append(HandChoice(seat.index, seat.name, Hand.BANKER, draws, action.forced, why))
        if draws:
            self._deal(Hand.BANKER, face_up=True)
        self._reveal(Hand.PLAYER)
        self._reveal(Hand.BANKER)
        self._settle()

    # -- settlement and the bank's next move ---------------------------------------------------
    def _settle(self) -> None:
        self.phase = Phase.SETTLEMENT
        player, banker_total = self.hands[Hand.PLAYER].total, self.hands[Hand.BANKER].total
        outcome = compare(player, banker_total)
        if self.log_events:
            self.events.append(CoupResult(outcome, player, banker_total, "Players"))
        gain = self._settle_hand(Hand.PLAYER, outcome)
        commission = 0
        if less(0, gain):
            commission = times(gain, self.variant.commission)
            self.commission_total = plus(self.commission_total, commission)
            if self.log_events:
                self.events.append(CommissionTaken(commission, self.variant.commission, gain))
        net = minus(gain, commission) if commission else gain
        self.bank = plus(self.bank, net)
        stats = self.seats[self.banker].stats
        stats.coups_banked += 1
        stats.bank_result = plus(stats.bank_result, net)
        self._record_coup({Hand.PLAYER: outcome}, commission)
        if outcome is Outcome.PLAYER:
            previous = self.banker
            self._give_up_bank("lost")
            return self._offer_to_next(previous)
        return self._ask_keep_bank()

    def _ask_keep_bank(self) -> None:
        self.phase = Phase.ROTATION
        self.pending = Decision(self.banker, DecisionKind.KEEP_BANK, (CONTINUE, PASS))
