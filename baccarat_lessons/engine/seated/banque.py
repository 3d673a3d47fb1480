"""Banque ouverte and Banque limitée: one bank against two tableaux (SPEC §5-6).

Deal: right, left, banker, then again, all face down. A banker natural settles
both tableaux at once; a tableau natural is settled against the banker's two
cards while the other tableau plays on. The right captain, then the left, draws
or stands; the banker, seeing only third cards and the stakes on each side,
chooses freely. Each side is settled on its own; the commission is a share of
the banker's net gain over both sides, when positive. A captain keeps the cards
after a win or a tie and passes them on that side after a loss.

Banque ouverte: the user starts as banker and may retire between coups; the
next seat then takes the bank. Banque limitée: the house banks every coup, with
3 decks and 5-25 chips per wager; the user starts as right-hand captain.

>>> from baccarat_lessons.engine.shoe import Shoe
>>> from baccarat_lessons.engine.events import Hand
>>> table = BanqueLimiteeTable(shoe=Shoe.stacked("9S 2H 3D 10S AC 3C 10H 9C"))
>>> table.captains[Hand.RIGHT], table.captains[Hand.LEFT], table.pending.kind.name
(0, 3, 'BET')
>>> table.bet(10, Hand.RIGHT)
>>> while table.pending.kind.name == "BET":
...     table.bet(5, Hand.LEFT)
>>> [event.text for event in table.events if event.kind == "NaturalShown"]
['Right tableau has a natural 9 (la grande) and shows it.']
>>> table.pending.seat, [a.label for a in table.legal_actions()]
(3, ['Draw'])
>>> table.draw(); table.pending.seat, table.pending.kind.name
(-1, 'BANQUE_BANKER_DRAW')
>>> table.stand(); [str(o.value) for o in table.last_coup.results.values()]
['Player', 'Banker']
>>> table.house_result, table.commission_total, table.captains[Hand.LEFT]
(Fraction(147, 10), Fraction(3, 10), 4)
"""

from __future__ import annotations

from ..coup import compare
from ..events import CoupResult, Hand, Outcome
from ..money import format_chips
from ..shoe import Shoe
from .decisions import (
    BANQUE_DRAW, BANQUE_STAND, CAPTAIN_DRAW_FORCED_ON_ZERO, CAPTAIN_DRAW_FREE, CAPTAIN_DRAW_REPRESENTING,
    CAPTAIN_STAND_FREE, CAPTAIN_STAND_REPRESENTING, CONTINUE, HOUSE, NO_BET, RETIRE, RETIRE_FORCED,
    Action, ActionKind, Decision, DecisionKind, Phase, hand_choice_situation,
)
from .events import (
    BankDeclined, BankGivenUp, BankKept, BankOpened, BetPlaced, BetSkipped, BettingClosed, CaptainChanged,
    CommissionTaken, CoupStarted, HandChoice, NaturalShown, NoCommission,
)
from .rules import BANQUE_LIMITEE_TABLE, BANQUE_OUVERTE_TABLE, TableRules
from .seats import Seat, SeatStats, at_least, less, minus, plus, times
from .table import SeatedTable

TABLEAUX = (Hand.RIGHT, Hand.LEFT)

# Enum members the per-coup code uses, bound once: in Python 3.11 each ``Hand.BANKER`` goes
# through the Enum metaclass's ``__getattr__`` hook (about 70 ns), and a coup makes dozens.
_BANK_HAND, _BANKER_WON = Hand.BANKER, Outcome.BANKER
_CAPTAIN_DRAW, _BANKER_DRAW, _KEEP_BANK = (
    DecisionKind.CAPTAIN_DRAW, DecisionKind.BANQUE_BANKER_DRAW, DecisionKind.KEEP_BANK,
)
_BETTING, _DEALING, _DECISIONS, _SETTLEMENT, _ROTATION = (
    Phase.BETTING, Phase.DEALING, Phase.DECISIONS, Phase.SETTLEMENT, Phase.ROTATION,
)
CROUPIER = "The croupier"

_CAPTAIN_WHY = {
    CAPTAIN_DRAW_FORCED_ON_ZERO.reason: "a tableau must draw on 0",
    CAPTAIN_DRAW_REPRESENTING.reason: "playing for other bettors, the captain draws on 0 to 4",
    CAPTAIN_STAND_REPRESENTING.reason: "playing for other bettors, the captain stands on 6 or 7",
}


# A captain's choices, by situation: built once, so a decision can be cached by the situation.
_CAPTAIN_OPTIONS = {
    "must draw on 0": (CAPTAIN_DRAW_FORCED_ON_ZERO,),
    "representing: draw": (CAPTAIN_DRAW_REPRESENTING,),
    "representing: stand": (CAPTAIN_STAND_REPRESENTING,),
    "free": (CAPTAIN_DRAW_FREE, CAPTAIN_STAND_FREE),
}
_BANKER_CHOICES = (BANQUE_DRAW, BANQUE_STAND)
_KEEP_OR_RETIRE = (CONTINUE, RETIRE)
_MUST_RETIRE = (RETIRE_FORCED,)


def _sentence_start(name: str) -> str:
    return name[:1].upper() + name[1:]


class BanqueTable(SeatedTable):
    """Two tableaux against one bank. Use :class:`BanqueOuverteTable` or :class:`BanqueLimiteeTable`."""

    def __init__(self, rules: TableRules, seed=None, shoe: Shoe | None = None, names=None,
                 history_limit: int | None = None,
                 log_events: bool = True):
        super().__init__(rules, seed=seed, shoe=shoe, names=names, history_limit=history_limit,
                         log_events=log_events)
        self.side_of = {seat: side for side, seats in rules.side_seats.items() for seat in seats}
        self.captains: dict[Hand, int | None] = dict.fromkeys(TABLEAUX)
        self.results: dict[Hand, Outcome] = {}
        self.house_stats = SeatStats()
        self.bank_opening = 0
        self._coup_gain = 0
        self._bet_queue: list[int] = []
        self._bet_decisions: dict[tuple, Decision] = {}
        self._declines = 0
        if rules.house_banks:
            self.banker = HOUSE
            for side in TABLEAUX:
                self._choose_captain(side, None, "start")
            self._start_coup()
        else:
            self._offer_bank(0)

    # -- who holds what --------------------------------------------------------------------------
    def holder_of(self, hand: Hand) -> int | None:
        return self.banker if hand is _BANK_HAND else self.captains.get(hand)

    def _can_play(self, seat: Seat) -> bool:
        balance = seat.balance
        return balance >= self.min_bet if type(balance) is int else at_least(balance, self.min_bet)

    def _choose_captain(self, side: Hand, after: int | None, why: str) -> None:
        """Give the cards of ``side`` to the next eligible seat on that side after ``after``."""
        order = self.rules.side_seats[side]
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

    # -- the bank (Banque ouverte) ------------------------------------------------------------------
    def _offer_bank(self, seat_index: int) -> None:
        if sum(1 for seat in self.seats if self._can_play(seat)) < 2:
            return self._end("Fewer than two seats have chips left, so nobody can play against a bank.")
        if self._declines >= len(self.seats):
            return self._end("Every seat declined the bank, so no coup can be played.")
        seat = self.seats[seat_index]
        self.phase = Phase.BANKING
        self.pending = self._bank_offer(seat)

    def _offer_to_next(self, after: int) -> None:
        count = len(self.seats)
        for step in range(1, count + 1):
            seat = self.seats[(after + step) % count]
            if self._can_play(seat):
                return self._offer_bank(seat.index)
        return self._end("Nobody has chips left to hold the bank.")

    def _take_bank(self, seat: Seat, amount) -> None:
        seat.balance = minus(seat.balance, amount)
        self.bank = self.bank_opening = amount
        self.banker, self._declines = seat.index, 0
        if self.log_events:
            self.events.append(BankOpened(seat.index, seat.name, amount))
        for side in TABLEAUX:
            captain = self.captains[side]
            if captain is None:
                self._choose_captain(side, None, "start")
            elif captain == seat.index:
                self._choose_captain(side, captain, "banker")
        self._start_coup()

    def _give_up_bank(self, why: str) -> None:
        seat = self.seats[self.banker]
        seat.balance = plus(seat.balance, self.bank)
        if self.log_events:
            self.events.append(BankGivenUp(seat.index, seat.name, self.bank, why))
        self.bank = 0
        self.banker = None
        side = self.side_of[seat.index]
        if seat.is_user and self._can_play(seat):
            self.captains[Hand.RIGHT] = 0
            if self.log_events:
                self.events.append(CaptainChanged(Hand.RIGHT, 0, seat.name, "back"))
        elif self.captains[side] is None and self._can_play(seat):
            self._choose_captain(side, None, "start")

    # -- applying a checked action ---------------------------------------------------------------
    def _apply(self, decision: Decision, action: Action, amount) -> None:
        kind = action.kind
        name = kind._name_  # a str comparison: ``ActionKind.BET`` itself is a slow lookup in Python 3.11
        seat = self.seats[decision.seat] if decision.seat >= 0 else None
        if name == "BET":
            self._place_stake(seat, amount, action.side)
            self.covered = plus(self.covered, amount)
            if self.log_events:
                self.events.append(BetPlaced(seat.index, seat.name, amount, action.side))
            return self._next_bettor()
        if name == "NO_BET":
            if self.log_events:
                self.events.append(BetSkipped(seat.index, seat.name))
            return self._next_bettor()
        if decision.kind is _CAPTAIN_DRAW:
            return self._captain_chose(decision.hand, seat, name == "DRAW", action)
        if decision.kind is _BANKER_DRAW:
            return self._banker_chose(name == "DRAW")
        if name == "OPEN_BANK":
            return self._take_bank(seat, amount)
        if name == "DECLINE_BANK":
            self._declines += 1
            if self.log_events:
                self.events.append(BankDeclined(seat.index, seat.name))
            return self._offer_to_next(seat.index)
        if name == "CONTINUE_BANK":
            if self.log_events:
                self.events.append(BankKept(seat.index, seat.name, self.bank))
            return self._start_coup()
        if name == "RETIRE":
            self._give_up_bank("empty" if action.forced else "retired")
            return self._offer_to_next(seat.index)
        raise AssertionError(f"unhandled action {kind}")

    # -- betting -----------------------------------------------------------------------------------
    def _start_coup(self) -> None:
        for side in TABLEAUX:
            captain = self.captains[side]
            if captain is None or not self._can_play(self.seats[captain]):
                self._choose_captain(side, captain, "broke")
        self.coup_number += 1
        house = self.banker == HOUSE
        self.coup_bank = None if house else self.bank
        self.covered = 0
        self._coup_gain = 0
        self.settled_hands = set()
        self.results = {}
        self.hands, self.revealed = {}, set()
        if self.log_events:
            self.events.append(CoupStarted(self.coup_number, self.name_of(self.banker), self.coup_bank))
        seats, banker, can_play = self.seats, self.banker, self._can_play
        count = len(seats)
        # You bet first, as at Chemin de Fer where you may call banco first: betting in seat
        # order from the banker's left would often leave a bot bank covered before your turn.
        # Then the others bet in seat order from the banker's left.
        first = 0 if house else banker + 1
        queue = [0] if banker != 0 and can_play(seats[0]) else []
        for step in range(count):
            index = (first + step) % count
            if index not in (banker, 0) and can_play(seats[index]):
                queue.append(index)
        if not queue:
            return self._end("Nobody has chips left to bet against the bank.")
        self._bet_queue = queue
        self.phase = _BETTING
        self._next_bettor()

    def _next_bettor(self) -> None:
        house = self.banker == HOUSE
        bank, covered = self.bank, self.covered
        if not self._bet_queue or (not house and not less(covered, bank)):  # nothing of the bank left to cover
            return self._close_betting()
        seat = self.seats[self._bet_queue.pop(0)]
        maximum = seat.balance
        max_bet = self.max_bet
        if max_bet is not None and less(max_bet, maximum):
            maximum = max_bet
        # What is left of the bank (bank - covered) caps the bet when it is smaller; it is
        # computed only then (a commission makes the bank a Fraction, slow to build).
        if not house:
            reach = covered + maximum if type(covered) is int is type(maximum) else plus(covered, maximum)
            if less(bank, reach):
                maximum = minus(bank, covered)
        minimum = self.min_bet if less(self.min_bet, maximum) else maximum
        # The same few bet decisions recur coup after coup: each is built once. The key holds the
        # amounts as numerator and denominator (ints hash in C; a Fraction's hash is Python code).
        key = (seat.index, minimum.numerator, minimum.denominator, maximum.numerator, maximum.denominator)
        decision = self._bet_decisions.get(key)
        if decision is None:
            if len(self._bet_decisions) > 2000:
                self._bet_decisions.clear()
            decision = self._bet_decisions[key] = Decision(seat.index, DecisionKind.BET, (
                Action(ActionKind.BET, "Bet on the right", side=Hand.RIGHT, min_amount=minimum, max_amount=maximum),
                Action(ActionKind.BET, "Bet on the left", side=Hand.LEFT, min_amount=minimum, max_amount=maximum),
                NO_BET,
            ))
        self.pending = decision

    def _bet_max_reason(self, seat: Seat, action: Action) -> str:
        maximum = action.max_amount
        if maximum == seat.balance:
            why = "that is your balance" if seat.is_user else "that is their balance"
        elif maximum == self.max_bet:
            why = f"the table limit is {self.min_bet} to {self.max_bet} chips per wager"
        else:
            why = "bets together cannot exceed the bank, and only that much of it is still uncovered"
        return f"{seat.name} can bet at most {format_chips(maximum)} chips: {why}."

    def _close_betting(self) -> None:
        if self.log_events:
            self.events.append(BettingClosed(self.covered, self.coup_bank))
        if not self.stakes:
            self._record_coup({}, 0)
            return self._after_coup()
        return self._deal_coup()

    # -- the deal and the choices ------------------------------------------------------------------
    def _deal_coup(self) -> None:
        self.phase = _DEALING
        shuffled = self.shoe.prepare_coup()
        if self.log_events:
            self.events.extend(shuffled)
        *tableaux, bank_cards = self._deal_first_cards()  # in TABLEAUX order, then the bank's
        if bank_cards.total >= 8:  # two cards each: a natural
            self._reveal(_BANK_HAND)
            if self.log_events:
                self.events.append(NaturalShown(_BANK_HAND, bank_cards.total))
            for side in TABLEAUX:
                self._reveal(side)
                self._settle_side(side)
            return self._finish_coup()
        to_play = []
        for side, cards in zip(TABLEAUX, tableaux):
            if cards.total >= 8:
                self._reveal(side)
                if self.log_events:
                    self.events.append(NaturalShown(side, cards.total))
                self._settle_side(side)  # against the banker's two cards, which stay face down
            else:
                to_play.append(side)
        self.phase = _DECISIONS
        self._to_play = to_play
        self._next_captain()

    def _next_captain(self) -> None:
        """Ask the right captain, then the left, for each tableau still to play; then the banker."""
        while self._to_play:
            side = self._to_play.pop(0)
            captain = self.captains[side]
            if captain is None:
                self._croupier_plays(side)
                continue
            situation = self._captain_situation(side, captain)
            self.pending = self._decision(("captain", captain, side._value_, situation), captain,
                                          _CAPTAIN_DRAW, _CAPTAIN_OPTIONS[situation], side)
            return None
        if len(self.settled_hands) == 2:
            self._reveal(_BANK_HAND)
            return self._finish_coup()
        self.pending = self._decision(("banker", self.banker), self.banker, _BANKER_DRAW,
                                      _BANKER_CHOICES, _BANK_HAND)

    _to_play: list = []

    def _captain_situation(self, side: Hand, captain: int) -> str:
        """Which of ``_CAPTAIN_OPTIONS`` the captain of ``side`` has."""
        # The captain plays for others too when anyone else has a stake on that side.
        represents_others = any(stake.hand is side and stake.seat != captain for stake in self.stakes)
        return hand_choice_situation(self.drawing, self._cards_of(side).total, represents_others)

    def _croupier_plays(self, side: Hand) -> None:
        draws = self.hands[side].total in self.drawing.player_draws_on
        if self.log_events:
            self.events.append(HandChoice(-2, CROUPIER, side, draws, True,
                                          "nobody captains this side, so the guidance decides"))
        self._hand_played(side, draws)

    def _hand_played(self, side: Hand, draws: bool) -> None:
        if draws:
            self._deal_into(self._cards_of(side), side, face_up=True)

    def _cards_of(self, side: Hand):
        """``hands[side]`` for a tableau, read by position (the cards of this coup, right then left)."""
        return self._held[0] if side is TABLEAUX[0] else self._held[1]

    def _captain_chose(self, side: Hand, seat: Seat, draws: bool, action: Action) -> None:
        if self.log_events:
            why = _CAPTAIN_WHY.get(action.reason, "")
            self.events.append(HandChoice(seat.index, seat.name, side, draws, action.forced, why))
        self._hand_played(side, draws)
        self._next_captain()

    def _banker_chose(self, draws: bool) -> None:
        if self.log_events:
            self.events.append(HandChoice(self.banker, _sentence_start(self.name_of(self.banker)), _BANK_HAND, draws))
        if draws:
            self._deal_into(self._held[2], _BANK_HAND, face_up=True)
        self._reveal(_BANK_HAND)
        for side in TABLEAUX:
            if side not in self.settled_hands:
                self._reveal(side)
                self._settle_side(side)
        self._finish_coup()

    # -- settlement ------------------------------------------------------------------------------
    def _settle_side(self, side: Hand) -> None:
        banker_total = self._held[2].total  # two cards for a tableau natural settled early
        side_total = self._cards_of(side).total
        outcome = compare(side_total, banker_total)
        if self.log_events:
            self.events.append(CoupResult(outcome, side_total, banker_total, side.value))
        gain = self._settle_hand(side, outcome)
        self.settled_hands.add(side)
        self._coup_gain = plus(self._coup_gain, gain)
        if self.banker == HOUSE:
            self.house_result = plus(self.house_result, gain)
        else:
            self.bank = plus(self.bank, gain)
        self.results[side] = outcome

    def _finish_coup(self) -> None:
        self.phase = _SETTLEMENT
        gain = self._coup_gain
        rate = self.variant.commission
        commission = times(gain, rate) if less(0, gain) else 0
        if commission:
            self.commission_total = plus(self.commission_total, commission)
            if self.log_events:
                self.events.append(CommissionTaken(commission, rate, gain))
        else:
            if self.log_events:
                self.events.append(NoCommission(gain))
        net = minus(gain, commission)
        stats = self.house_stats if self.banker == HOUSE else self.seats[self.banker].stats
        stats.coups_banked += 1
        stats.bank_result = plus(stats.bank_result, net)
        if commission and self.banker == HOUSE:
            self.house_result = minus(self.house_result, commission)
        elif commission:
            self.bank = minus(self.bank, commission)
        self._record_coup(dict(self.results), commission)
        self.phase = _ROTATION
        for side in TABLEAUX:
            if self.results.get(side) is _BANKER_WON and self.captains[side] is not None:
                self._choose_captain(side, self.captains[side], "lost")
        self._after_coup()

    def _after_coup(self) -> None:
        if self.banker == HOUSE:
            return self._start_coup()
        self.phase = _ROTATION
        must_retire = less(self.bank, self.min_bet)
        self.pending = self._decision(("keep", self.banker, must_retire), self.banker, _KEEP_BANK,
                                      _MUST_RETIRE if must_retire else _KEEP_OR_RETIRE)


class BanqueOuverteTable(BanqueTable):
    """Banque ouverte: a seated banker (the user first) who may retire between coups."""

    def __init__(self, seed=None, shoe: Shoe | None = None, names=None, history_limit: int | None = None,
                 log_events: bool = True):
        super().__init__(BANQUE_OUVERTE_TABLE, seed=seed, shoe=shoe, names=names, history_limit=history_limit,
                         log_events=log_events)


class BanqueLimiteeTable(BanqueTable):
    """Banque limitée: the house banks every coup; 3 decks, 5-25 chips per wager."""

    def __init__(self, seed=None, shoe: Shoe | None = None, names=None, history_limit: int | None = None,
                 log_events: bool = True):
        super().__init__(BANQUE_LIMITEE_TABLE, seed=seed, shoe=shoe, names=names, history_limit=history_limit,
                         log_events=log_events)
