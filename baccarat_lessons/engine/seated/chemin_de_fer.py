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
    BANKER_DRAW_OPTION, BANKER_STAND_OPTION, CONTINUE, DECLINE_BANCO, DRAW_FORCED_ON_ZERO,
    DRAW_FORCED_REPRESENTING, DRAW_FREE, NO_BET, PASS, STAND_FORCED_REPRESENTING, STAND_FREE, Action,
    ActionKind, Decision, DecisionKind, Phase, banker_forced, hand_choice_situation,
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


# The punter's choices, by situation: built once, so a decision can be cached by the situation.
_PUNTER_OPTIONS = {
    "must draw on 0": (DRAW_FORCED_ON_ZERO,),
    "representing: draw": (DRAW_FORCED_REPRESENTING,),
    "representing: stand": (STAND_FORCED_REPRESENTING,),
    "free": (DRAW_FREE, STAND_FREE),
}
_OPTIONAL_CELL = (BANKER_DRAW_OPTION, BANKER_STAND_OPTION)
_KEEP_OR_PASS = (CONTINUE, PASS)


# Enum members the per-coup code uses, bound once: in Python 3.11 each ``Hand.PLAYER`` goes
# through the Enum metaclass's ``__getattr__`` hook (about 70 ns), and a coup makes dozens.
_PLAYER_HAND, _BANK_HAND, _PLAYERS_WON = Hand.PLAYER, Hand.BANKER, Outcome.PLAYER
_PUNTER_DRAW, _BANKER_DRAW, _KEEP_BANK = DecisionKind.PUNTER_DRAW, DecisionKind.BANKER_DRAW, DecisionKind.KEEP_BANK
_BETTING, _DEALING, _DECISIONS, _SETTLEMENT, _ROTATION = (
    Phase.BETTING, Phase.DEALING, Phase.DECISIONS, Phase.SETTLEMENT, Phase.ROTATION,
)


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
        return self.banker if hand is _BANK_HAND else self.punter

    def _can_play(self, seat: Seat) -> bool:
        balance = seat.balance
        return balance >= self.min_bet if type(balance) is int else at_least(balance, self.min_bet)

    # -- the bank ------------------------------------------------------------------------
    def _offer_bank(self, seat_index: int) -> None:
        if sum(1 for seat in self.seats if self._can_play(seat)) < 2:
            return self._end("Fewer than two seats have chips left, so nobody can play against a bank.")
        if self._declines >= len(self.seats):
            return self._end("Every seat declined the bank, so no coup can be played.")
        seat = self.seats[seat_index]
        self.phase = Phase.BANKING
        self.pending = self._bank_offer(seat)

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

    # -- applying a checked action -------------------------------------------------------------
    def _apply(self, decision: Decision, action: Action, amount) -> None:
        kind = action.kind
        name = kind._name_  # a str comparison: ``ActionKind.BET`` itself is a slow lookup in Python 3.11
        seat = self.seats[decision.seat] if decision.seat >= 0 else None
        if name == "BET":
            self._place_stake(seat, amount, _PLAYER_HAND)
            self.covered = plus(self.covered, amount)
            if self.log_events:
                self.events.append(BetPlaced(seat.index, seat.name, amount, None, self.covered == self.bank))
            return self._next_bettor()
        if name == "NO_BET":
            if self.log_events:
                self.events.append(BetSkipped(seat.index, seat.name))
            return self._next_bettor()
        if name == "DRAW" or name == "STAND":
            if decision.kind is _PUNTER_DRAW:
                return self._punter_chose(seat, name == "DRAW", action)
            return self._banker_chose(seat, name == "DRAW", action)
        if name == "OPEN_BANK":
            seat.balance = minus(seat.balance, amount)
            self.bank, self.banker, self._declines = amount, seat.index, 0
            self.bank_opening = amount
            if self.log_events:
                self.events.append(BankOpened(seat.index, seat.name, amount))
            return self._start_coup()
        if name == "DECLINE_BANK":
            self._declines += 1
            if self.log_events:
                self.events.append(BankDeclined(seat.index, seat.name))
            return self._offer_to_next(seat.index)
        if name == "CONTINUE_BANK":
            if self.log_events:
                self.events.append(BankKept(seat.index, seat.name, self.bank))
            return self._start_coup()
        if name == "PASS_BANK":
            self._give_up_bank("passed")
            return self._offer_to_next(seat.index)
        if name == "BANCO":
            self._place_stake(seat, self.bank, _PLAYER_HAND)
            self.covered = self.bank
            if self.log_events:
                self.events.append(BancoCalled(seat.index, seat.name, self.bank))
            return self._close_betting()
        if name == "DECLINE_BANCO":
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
        seats, can_play = self.seats, self._can_play
        count = len(seats)
        queue = []
        for step in range(1, count):
            index = (self.banker + step) % count
            if can_play(seats[index]):
                queue.append(index)
        if not queue:
            return self._end("Nobody else has chips to bet against the bank.")
        self._bet_queue = queue
        self.phase = _BETTING
        user = self.seats[0]
        if self.banker != 0 and 0 in queue and at_least(user.balance, self.bank):
            self.pending = Decision(0, DecisionKind.BANCO, (
                Action(ActionKind.BANCO, "Banco!", min_amount=self.bank, max_amount=self.bank),
                DECLINE_BANCO,
            ))
            return None
        return self._next_bettor()

    def _next_bettor(self) -> None:
        bank, covered = self.bank, self.covered
        if not less(covered, bank) or not self._bet_queue:  # the bank is covered, or nobody is left
            return self._close_betting()
        seat = self.seats[self._bet_queue.pop(0)]
        balance = seat.balance
        # What is left of the bank (bank - covered) caps the bet when it is below the balance; it
        # is computed only then (after a commission the bank is a Fraction, slow to build).
        reach = covered + balance if type(covered) is int is type(balance) else plus(covered, balance)
        maximum = minus(bank, covered) if less(bank, reach) else balance
        minimum = self.min_bet if less(self.min_bet, maximum) else maximum
        # The same few bet decisions recur coup after coup: each is built once. The key holds the
        # amounts as numerator and denominator (ints hash in C; a Fraction's hash is Python code).
        key = (seat.index, minimum.numerator, minimum.denominator, maximum.numerator, maximum.denominator)
        decision = self._bet_decisions.get(key)
        if decision is None:
            if len(self._bet_decisions) > 2000:
                self._bet_decisions.clear()
            decision = self._bet_decisions[key] = Decision(seat.index, DecisionKind.BET, (
                Action(ActionKind.BET, "Bet", min_amount=minimum, max_amount=maximum), NO_BET,
            ))
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
        self.phase = _DEALING
        shuffled = self.shoe.prepare_coup()
        if self.log_events:
            self.events.extend(shuffled)
        player, banker = self._deal_first_cards()
        if player.total >= 8:  # two cards each: a natural
            self._reveal(_PLAYER_HAND)
            if self.log_events:
                self.events.append(NaturalShown(_PLAYER_HAND, player.total))
            self._reveal(_BANK_HAND)
            if banker.total >= 8:
                if self.log_events:
                    self.events.append(NaturalShown(_BANK_HAND, banker.total))
            return self._settle()
        self.phase = _DECISIONS
        situation = self._punter_situation()
        self.pending = self._decision(("punter", self.punter, situation), self.punter, _PUNTER_DRAW,
                                      _PUNTER_OPTIONS[situation], _PLAYER_HAND)

    def _punter_situation(self) -> str:
        """Which of ``_PUNTER_OPTIONS`` the punter has."""
        return hand_choice_situation(self.drawing, self.hands[_PLAYER_HAND].total, len(self.stakes) > 1)

    def _punter_chose(self, seat: Seat, draws: bool, action: Action) -> None:
        if self.log_events:
            self.events.append(HandChoice(seat.index, seat.name, _PLAYER_HAND, draws, action.forced,
                                          _PUNTER_WHY.get(action.reason, "")))
        if self.is_natural(_BANK_HAND):
            self._reveal(_BANK_HAND)
            if self.log_events:
                self.events.append(NaturalShown(_BANK_HAND, self.hands[_BANK_HAND].total, stops_third_card=draws))
            self._reveal(_PLAYER_HAND)
            return self._settle()
        third_value = value_of(self._deal(_PLAYER_HAND, face_up=True)) if draws else None
        total = self.hands[_BANK_HAND].total
        cell = self.drawing.banker_cell(total, third_value)
        key = ("banker", self.banker, total, third_value, cell._value_)
        decision = self._decision_cache.get(key)
        if decision is None:
            if cell is Cell.OPTIONAL:
                actions = _OPTIONAL_CELL
            else:
                kind = ActionKind.DRAW if cell is Cell.DRAW else ActionKind.STAND
                actions = (banker_forced(kind, total, third_value),)
            decision = self._decision(key, self.banker, _BANKER_DRAW, actions, _BANK_HAND)
        self.pending = decision

    def _banker_chose(self, seat: Seat, draws: bool, action: Action) -> None:
        why = "the table leaves this cell to the banker" if not action.forced else "that is the banker's table"
        if self.log_events:
            self.events.append(HandChoice(seat.index, seat.name, _BANK_HAND, draws, action.forced, why))
        if draws:
            self._deal(_BANK_HAND, face_up=True)
        self._reveal(_PLAYER_HAND)
        self._reveal(_BANK_HAND)
        self._settle()

    # -- settlement and the bank's next move ---------------------------------------------------
    def _settle(self) -> None:
        self.phase = _SETTLEMENT
        player, banker_total = self.hands[_PLAYER_HAND].total, self.hands[_BANK_HAND].total
        outcome = compare(player, banker_total)
        if self.log_events:
            self.events.append(CoupResult(outcome, player, banker_total, "Players"))
        gain = self._settle_hand(_PLAYER_HAND, outcome)
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
        self._record_coup({_PLAYER_HAND: outcome}, commission)
        if outcome is _PLAYERS_WON:
            previous = self.banker
            self._give_up_bank("lost")
            return self._offer_to_next(previous)
        return self._ask_keep_bank()

    def _ask_keep_bank(self) -> None:
        self.phase = _ROTATION
        self.pending = self._decision(("keep", self.banker), self.banker, _KEEP_BANK, _KEEP_OR_PASS)
