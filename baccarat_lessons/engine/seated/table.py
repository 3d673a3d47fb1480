"""The machinery every seat-banked table shares: seats, shoe, the pending decision,
checked actions, the bank and its offers, betting, settlement and rotation.

A table always waits for exactly one :class:`~.decisions.Decision` (``pending``),
or is over. For every action there is a ``can_…`` query that returns the reason
it is refused (or ``None``) and the action itself, which raises that reason as a
typed error and changes nothing. ``legal_actions()`` lists what the pending seat
may do. Amounts are hundredths of a chip (``CHIP`` = 100). What differs between
Chemin de Fer and Banque — who bets first, the deal and the choices, captains —
lives in :mod:`.chemin_de_fer` and :mod:`.banque`; the rest of the rules is read
from the variant record.

>>> from baccarat_lessons.engine.seated import CheminDeFerTable
>>> table = CheminDeFerTable(seed=1)
>>> table.pending.seat, table.pending.kind.name, [a.kind.name for a in table.legal_actions()]
(0, 'OFFER_BANK', ['OPEN_BANK', 'DECLINE_BANK'])
>>> table.can_stand()
'Stand is not possible now: the table waits for you to take the bank, and with how many chips.'
>>> table.can_open_bank(500 * CHIP)
'You can put at most 100 chips in the bank: that is your balance.'
"""

from __future__ import annotations

import random
from collections import deque
from types import MappingProxyType
from typing import Callable, Iterable

from ..cards import Card
from ..cells import last_cell
from ..coup import compare
from ..events import CardDealt, CardsRevealed, CoupResult, Event, Hand, Outcome
from ..money import CHIP, commission_on
from ..shoe import Shoe
from ..variants import VARIANTS, Variant
from .decisions import (
    CONTINUE, DECLINE_BANCO, DECLINE_BANK, HOUSE, NO_BET, RETIRE_FORCED, Action, ActionKind, Decision,
    DecisionKind, Phase,
)
from .events import (
    BancoCalled, BancoDeclined, BankDeclined, BankGivenUp, BankKept, BankOpened, BetPlaced, BetSkipped,
    BettingClosed, CommissionTaken, CoupStarted, NoCommission, SeatBetSettled,
)
from .checks import BET_LABELS, CheckedActions
from .interface import SeatBankedAnswers
from ..records import CoupRecord, HandCards, Stake, settle_reason
from .seats import Seat, SeatStats, make_seats, next_seat
from .view import TableView, table_view
from .window import SeatWindow


class SeatedTable(SeatBankedAnswers, CheckedActions):
    """Base class of :class:`CheminDeFerTable` and :class:`BanqueTable`; not used alone.

    ``variant`` is the variant record (by default the subclass's ``variant_key``);
    ``log_events=False`` runs the same rules without writing the event log (simulations)."""

    variant_key: str
    give_up_action: Action  # how a banker leaves the bank between coups: pass it, or retire

    def __init__(self, seed: int | random.Random | None = None, shoe: Shoe | None = None,
                 names: Iterable[str] | None = None, history_limit: int | None = None, log_events: bool = True,
                 variant: Variant | None = None) -> None:
        if variant is None:
            variant = VARIANTS[self.variant_key]
        self.variant = variant
        self.drawing = variant.drawing
        self.min_bet = variant.min_bet * CHIP
        self.max_bet = None if variant.max_bet is None else variant.max_bet * CHIP
        self.log_events = log_events
        self.shoe = shoe if shoe is not None else Shoe(variant.decks, seed=seed)
        self.seats: list[Seat] = make_seats(variant.seat_count, variant.starting_chips * CHIP,
                                            list(names) if names else None)
        self.starting_total = sum(seat.balance for seat in self.seats)
        self.banker: int | None = HOUSE if variant.house_banks else None
        self.bank = 0  # hundredths in a seat's bank (0 for the house bank)
        self.bank_opening = 0  # what the current banker first put in the bank
        self.coup_bank: int | None = None  # the bank at stake in this coup (None: the house)
        self.house_result = 0  # the casino bank's net result (Banque limitée)
        self.commission_total = 0
        self.stakes: list[Stake] = []
        self.covered = 0  # how much of the bank this coup's bets cover
        self.coup_number = 0  # coups started
        self.coups_played = 0  # coups finished and recorded
        self.events: list[Event] = []  # this coup's events so far
        self.history: deque[CoupRecord] = deque(maxlen=history_limit)
        self.keeps_history = history_limit != 0  # a simulation keeps none: no coup record is written
        self.hands: dict[Hand, HandCards] = {}
        self.revealed: set[Hand] = set()
        self.settled_hands: set[Hand] = set()  # hands whose stakes are already paid or collected
        self.naturals: set[Hand] = set()  # Banque: tableaux shown as naturals, settled when the bank turns over
        self.results: dict[Hand, Outcome] = {}
        self.pending: Decision | None = None
        self.phase = Phase.BANKING
        self._over_reason = "The table is over."
        self._bet_queue: list[int] = []
        # Who is asked for banco before the bets go round: the user at the practice table (SPEC §4); at a
        # class's table every person (engine/people_table.py), the last coup's beaten banco caller first while
        # the same banker holds the bank (banco suivi). With seat 0 alone asked, suivi changes no order.
        self.banco_seats: tuple[int, ...] = (0,)
        self.banco_suivi: int | None = None
        self._banco_queue: list[int] = []
        self._banco_caller: int | None = None
        self._declines = 0
        self._coup_gain = 0
        self._worth_before: list[int] = []  # each seat's chips and bank as the coup began
        self._coup_holders: dict[Hand, int | None] = {}  # who held each hand when this coup's cards went out
        self._returns: dict[int, int] = {}  # each settled stake (by its place in stakes): what it returned
        # One handler per action kind; draw and stand go to the variant's own choice rules.
        self._handlers = {
            ActionKind.OPEN_BANK: self._open_bank, ActionKind.DECLINE_BANK: self._decline_bank,
            ActionKind.CONTINUE_BANK: self._continue_bank, ActionKind.PASS_BANK: self._leave_bank,
            ActionKind.RETIRE: self._leave_bank, ActionKind.BANCO: self._banco,
            ActionKind.DECLINE_BANCO: self._decline_banco, ActionKind.BET: self._bet,
            ActionKind.NO_BET: self._no_bet, ActionKind.DRAW: self._hand_choice, ActionKind.STAND: self._hand_choice,
        }

    def _log(self, event_class: Callable[..., Event], *facts: object, **named: object) -> None:
        """Write ``event_class(*facts, **named)`` to the coup's log; built only when logging. Where a fact
        costs work to put together (a name, a sentence, the cards as a tuple), the caller checks
        ``log_events`` itself instead, so a simulation, which keeps no log, does not make it."""
        if self.log_events:
            self.events.append(event_class(*facts, **named))

    # -- reading the state ---------------------------------------------------------
    @property
    def user(self) -> Seat:
        return self.seats[0]

    def name_of(self, seat: int | None) -> str:
        if seat == HOUSE:
            return "the house"
        if seat is not None and seat < 0:
            return "the croupier"
        return "nobody" if seat is None else self.seats[seat].name

    @property
    def is_over(self) -> bool:
        return self.pending is None

    def over_reason(self) -> str | None:
        """Why the table cannot go on, or None while it can."""
        return self._over_reason if self.pending is None else None

    def legal_actions(self) -> tuple[Action, ...]:
        """What the pending seat may do now (empty when the table is over)."""
        return self.pending.actions if self.pending is not None else ()

    @property
    def totals(self) -> dict[Hand, int]:
        """Each hand's total now (the whole truth; a seat's view shows what it may know)."""
        return {hand: cards.total for hand, cards in self.hands.items()}

    @property
    def staked(self) -> int:
        """Hundredths on the table now (stakes of hands not yet settled)."""
        return sum(stake.amount for stake in self.stakes if stake.hand not in self.settled_hands)

    def staked_on(self, hand: Hand) -> int:
        return sum(stake.amount for stake in self.stakes if stake.hand is hand)

    def chips_in_play(self) -> int:
        """Balances + chips on the table + the bank + the house's result + commission.
        Never changes: chips move between these places, none appear or vanish."""
        balances = sum(seat.balance for seat in self.seats)
        return balances + self.staked + self.bank + self.house_result + self.commission_total

    def holder_of(self, hand: Hand) -> int | None:
        """The seat that holds (and may look at) ``hand``."""
        raise NotImplementedError

    def can_see(self, seat: int | None, hand: Hand) -> bool:
        """Whether ``seat`` sees the face-down cards of ``hand``: its own hand, or one turned over."""
        return hand in self.revealed or (seat is not None and self.holder_of(hand) == seat)

    def visible_cards(self, seat: int | None, hand: Hand) -> tuple[Card | None, ...]:
        """The cards of ``hand`` as ``seat`` sees them: ``None`` for a card face down to it."""
        cards = self.hands.get(hand, ())
        if self.can_see(seat, hand):
            return tuple(cards)
        return tuple(card if index >= 2 else None for index, card in enumerate(cards))

    def unseen_cards(self, seat: int | None) -> list[Card]:
        """Every card ``seat`` has not seen: the rest of the shoe and the face-down cards of other hands."""
        cards = list(self.shoe.remaining_cards)
        for hand, held in self.hands.items():
            if not self.can_see(seat, hand):
                cards.extend(held[:2])
        return cards

    def window(self, seat: int | None) -> SeatWindow:
        """What ``seat`` may know, read live (what its bot decides from): a :class:`~.window.SeatWindow`."""
        return SeatWindow(self, seat)

    def view(self, seat: int | None) -> TableView:
        """What ``seat`` may know now, as a frozen JSON-ready record (``None``: an onlooker)."""
        return table_view(self, seat)

    def snapshot(self) -> tuple[object, ...]:
        """Everything that can change, as one comparable value: equal snapshots, same state."""
        return (
            self.pending, self.phase, self.banker, self.bank, self.house_result, self.commission_total,
            tuple((seat.balance, tuple(vars(seat.stats).values())) for seat in self.seats),
            tuple(self.stakes), len(self.events), len(self.history), self.coup_number, self.shoe.dealt_count,
            tuple((hand, tuple(cards)) for hand, cards in self.hands.items()), frozenset(self.revealed),
            frozenset(self.settled_hands), frozenset(self.naturals), tuple(getattr(self, "captains", {}).items()),
            self.banco_seats, self.banco_suivi, tuple(self._banco_queue),
        )

    @property
    def last_coup(self) -> CoupRecord | None:
        return self.history[-1] if self.history else None

    # -- the bank: offers, opening, keeping, leaving ---------------------------------------------
    def _can_play(self, seat: Seat) -> bool:
        return seat.balance >= self.min_bet

    def _offer_bank(self, seat_index: int) -> None:
        if sum(1 for seat in self.seats if self._can_play(seat)) < 2:
            return self._end("Fewer than two seats have chips left, so nobody can play against a bank.")
        if self._declines >= len(self.seats):
            return self._end("Every seat declined the bank, so no coup can be played.")
        seat = self.seats[seat_index]
        self.phase = Phase.BANKING
        take = Action(ActionKind.OPEN_BANK, "Take the bank", min_amount=min(self.min_bet, seat.balance),
                      max_amount=seat.balance)
        self.pending = Decision(seat.index, DecisionKind.OFFER_BANK, (take, DECLINE_BANK))

    def _offer_to_next(self, after: int) -> None:
        following = next_seat(self.seats, after, self._can_play)
        if following is None:
            return self._end("Nobody has chips left to hold the bank.")
        self._offer_bank(following)

    def _open_bank(self, decision: Decision, action: Action, amount: int) -> None:
        seat = self.seats[decision.seat]
        seat.balance -= amount
        self.bank = self.bank_opening = amount
        self.banker, self._declines = seat.index, 0
        self.banco_suivi = None  # a new banker: nobody follows a banco against the last one
        self._log(BankOpened, seat.index, seat.name, amount)
        self._bank_taken(seat)
        self._start_coup()

    def _bank_taken(self, seat: Seat) -> None:
        """What else changes when ``seat`` takes the bank (Banque: its captaincy)."""

    def _decline_bank(self, decision: Decision, action: Action, amount: None) -> None:
        seat = self.seats[decision.seat]
        self._declines += 1
        self._log(BankDeclined, seat.index, seat.name)
        self._offer_to_next(seat.index)

    def _continue_bank(self, decision: Decision, action: Action, amount: None) -> None:
        seat = self.seats[decision.seat]
        self._log(BankKept, seat.index, seat.name, self.bank)
        self._start_coup()

    def _leave_bank(self, decision: Decision, action: Action, amount: None) -> None:
        why = "empty" if action.forced else ("passed" if action.kind is ActionKind.PASS_BANK else "retired")
        self._give_up_bank(why)
        self._offer_to_next(decision.seat)

    def _banker_seat(self) -> Seat:
        """The seat that holds the bank (never asked of the house's bank)."""
        banker = self.banker
        assert banker is not None and banker != HOUSE, "the bank is held by a seat"
        return self.seats[banker]

    def _give_up_bank(self, why: str) -> None:
        seat = self._banker_seat()
        seat.balance += self.bank
        self._log(BankGivenUp, seat.index, seat.name, self.bank, why)
        self.bank = 0
        self.banker = None
        self._bank_left(seat)

    def _bank_left(self, seat: Seat) -> None:
        """What else changes when ``seat`` leaves the bank (Banque: it captains again)."""

    def _end(self, reason: str) -> None:
        """Close the table: a seat that holds the bank takes what is left of it back."""
        if self.banker is not None and self.banker != HOUSE and self.bank:
            self._give_up_bank("over")
        self._over_reason = reason
        self.pending = None
        self.phase = Phase.OVER

    # -- betting -----------------------------------------------------------------------------------
    def _start_coup(self) -> None:
        self._before_coup()
        self.coup_number += 1
        house = self.banker == HOUSE
        self.coup_bank = None if house else self.bank
        self.covered, self._coup_gain = 0, 0
        self.stakes, self.hands, self.revealed = [], {}, set()
        self.settled_hands, self.results, self.naturals = set(), {}, set()
        self._worth_before = self._worth() if self.keeps_history else []
        self._coup_holders, self._returns = {}, {}
        if self.log_events:
            self.events.append(CoupStarted(self.coup_number, self.banker, self.name_of(self.banker), self.coup_bank))
        queue = self._betting_order()
        if not queue:
            return self._end("Nobody else has chips to bet against the bank.")
        self._bet_queue = queue
        self.phase = Phase.BETTING
        self._banco_caller = None
        if self.variant.has_banco:
            first = [self.banco_suivi] if self.banco_suivi in self.banco_seats else []
            asked = first + [index for index in queue if index in self.banco_seats and index not in first]
            self._banco_queue = [index for index in asked
                                 if index != self.banker and index in queue and self.seats[index].balance >= self.bank]
            if self._banco_queue:
                return self._offer_banco()
        return self._next_bettor()

    def _offer_banco(self) -> None:
        banco = Action(ActionKind.BANCO, "Banco!", min_amount=self.bank, max_amount=self.bank)
        self.pending = Decision(self._banco_queue.pop(0), DecisionKind.BANCO, (banco, DECLINE_BANCO))

    def _before_coup(self) -> None:
        """What is settled before each coup (Banque: a broke captain is replaced)."""

    def _betting_order(self) -> list[int]:
        """The seats that may bet this coup, in the order they are asked."""
        raise NotImplementedError

    def _next_bettor(self) -> None:
        house = self.banker == HOUSE
        if not self._bet_queue or (not house and self.covered >= self.bank):
            return self._close_betting()
        seat = self.seats[self._bet_queue.pop(0)]
        maximum = seat.balance
        if self.max_bet is not None:
            maximum = min(maximum, self.max_bet)
        if not house:
            maximum = min(maximum, self.bank - self.covered)
        minimum = min(self.min_bet, maximum)
        hands = self.variant.player_hands
        if len(hands) == 1:
            bets: tuple[Action, ...] = (Action(ActionKind.BET, "Bet", min_amount=minimum, max_amount=maximum),)
        else:
            bets = tuple([Action(ActionKind.BET, BET_LABELS[hand], side=hand, min_amount=minimum, max_amount=maximum)
                          for hand in hands])
        self.pending = Decision(seat.index, DecisionKind.BET, bets + (NO_BET,))

    def _bet(self, decision: Decision, action: Action, amount: int) -> None:
        seat = self.seats[decision.seat]
        hand = action.side or self.variant.player_hands[0]
        assert isinstance(hand, Hand), "a bet at a seat-banked table backs one of its hands"
        self._place_stake(seat, amount, hand)
        self.covered += amount
        covers = self.banker != HOUSE and self.covered == self.bank
        self._log(BetPlaced, seat.index, seat.name, amount, action.side, covers)
        self._next_bettor()

    def _no_bet(self, decision: Decision, action: Action, amount: None) -> None:
        seat = self.seats[decision.seat]
        self._log(BetSkipped, seat.index, seat.name)
        self._next_bettor()

    def _banco(self, decision: Decision, action: Action, amount: None) -> None:
        seat = self.seats[decision.seat]
        self._place_stake(seat, self.bank, self.variant.player_hands[0])
        self.covered = self.bank
        self._log(BancoCalled, seat.index, seat.name, self.bank)
        self._banco_queue, self._banco_caller = [], seat.index
        self._close_betting()

    def _decline_banco(self, decision: Decision, action: Action, amount: None) -> None:
        seat = self.seats[decision.seat]
        self._log(BancoDeclined, seat.index, seat.name)
        if self._banco_queue:
            return self._offer_banco()
        self._next_bettor()

    def _place_stake(self, seat: Seat, amount: int, hand: Hand) -> None:
        seat.balance -= amount
        self.stakes.append(Stake(seat.index, amount, hand))

    def _close_betting(self) -> None:
        self._log(BettingClosed, self.covered, self.coup_bank)
        if not self.stakes:
            self._record_coup()
            return self._after_coup()
        self.phase = Phase.DEALING
        shuffled = self.shoe.prepare_coup()
        if self.log_events:
            self.events.extend(shuffled)
        self.hands = {hand: HandCards() for hand in self.variant.player_hands + (Hand.BANKER,)}
        self.revealed = set()
        self._name_holders()
        if self.keeps_history:
            self._coup_holders = {hand: self.holder_of(hand) for hand in self.hands}
        for hand in self.variant.deal_order:
            self._deal(hand, face_up=False)
        self._play_coup()

    def _name_holders(self) -> None:
        """Who holds each hand before the cards go out (Chemin de Fer: the punter)."""

    def _play_coup(self) -> None:
        """Naturals, then the choices, from the first four or six cards."""
        raise NotImplementedError

    def _hand_choice(self, decision: Decision, action: Action, amount: None) -> None:
        raise NotImplementedError

    # -- cards ------------------------------------------------------------------------------
    def _deal(self, hand: Hand, face_up: bool) -> Card:
        cards = self.hands[hand]
        card = self.shoe.draw()
        cards.append(card)
        cards.total = (cards.total + card.value) % 10
        cut = self.shoe.take_cut_card_event()
        if self.log_events:
            self.events.append(CardDealt(hand, card, len(cards), cards.total, face_up, self.holder_of(hand)))
            self.events.extend(cut)
        return card

    def _reveal(self, hand: Hand) -> None:
        if hand not in self.revealed:
            self.revealed.add(hand)
            if self.log_events:
                cards = self.hands[hand]
                self.events.append(CardsRevealed(hand, tuple(cards), cards.total))

    def is_natural(self, hand: Hand) -> bool:
        cards = self.hands[hand]
        return len(cards) == 2 and cards.total >= 8

    # -- settlement ---------------------------------------------------------------------------------
    def _settle_side(self, hand: Hand, banker_total: int | None = None, against_first_two: bool = False) -> None:
        """Compare ``hand`` with the bank's cards as they are now (or with ``banker_total``, the bank's
        first two cards for a Banque tableau natural); pay, collect or return its stakes."""
        side_total = self.hands[hand].total
        if banker_total is None:
            banker_total = self.hands[Hand.BANKER].total
        outcome = compare(side_total, banker_total)
        if self.log_events:
            label = "Players" if hand is Hand.PLAYER else hand.value
            self.events.append(CoupResult(outcome, side_total, banker_total, label, against_first_two))
        gain = 0
        for index, stake in enumerate(self.stakes):
            if stake.hand is hand:
                stake_gain = self._settle_stake(stake, outcome)
                self._returns[index] = stake.amount - stake_gain  # what the stake brought back to its bettor
                gain += stake_gain
        self.settled_hands.add(hand)
        self.results[hand] = outcome
        self._coup_gain += gain
        if self.banker == HOUSE:
            self.house_result += gain
        else:
            self.bank += gain

    def _settle_stake(self, stake: Stake, outcome: Outcome) -> int:
        """Pay (1:1), return or collect one stake; return the bank's gain on it."""
        seat, hand = self.seats[stake.seat], stake.hand
        assert isinstance(hand, Hand), "a stake at a seat-banked table backs one of its hands"
        stats = seat.stats
        stats.coups_bet += 1
        stats.staked += stake.amount
        if outcome is Outcome.PLAYER:
            returned, gain = 2 * stake.amount, -stake.amount
        elif outcome is Outcome.TIE:
            returned, gain = stake.amount, 0
        else:
            returned, gain = 0, stake.amount
        seat.balance += returned
        stats.bet_result -= gain
        if self.log_events:
            self.events.append(SeatBetSettled(seat.name, stake.amount, returned, settle_reason(hand, outcome), seat.index))
        return gain

    def _finish_coup(self) -> None:
        """The commission on the coup's gain, the banker's result, the record; then what comes next."""
        self.phase = Phase.SETTLEMENT
        gain, rate = self._coup_gain, self.variant.commission
        commission = commission_on(gain, rate) if gain > 0 else 0
        if commission:
            self.commission_total += commission
            self._log(CommissionTaken, commission, rate, gain)
        elif len(self.variant.player_hands) > 1:
            self._log(NoCommission, gain)
        if self.banker == HOUSE:
            self.house_result -= commission
        else:
            self.bank -= commission
        stats = self._banker_stats()
        stats.coups_banked += 1
        stats.bank_result += gain - commission
        self._record_coup(commission)
        self.phase = Phase.ROTATION
        self._after_coup()

    def _banker_stats(self) -> SeatStats:
        return self._banker_seat().stats

    def _after_coup(self) -> None:
        """The bank's next move: a losing Chemin de Fer banker gives it up; otherwise the banker
        continues or leaves (must leave an empty bank); the house simply deals on."""
        self._rotate_captains()
        banker = self.banker
        assert banker is not None, "a coup is played against a bank"
        if banker == HOUSE:
            return self._start_coup()
        lost = Outcome.PLAYER in self.results.values()
        # Banco suivi: a banco caller the bank beat may call banco first at the next coup of this bank.
        beaten = self._banco_caller is not None and self.results.get(self.variant.player_hands[0]) is Outcome.BANKER
        self.banco_suivi = self._banco_caller if beaten else None
        if self.variant.bank_passes_after_loss and lost:
            self._give_up_bank("lost")
            return self._offer_to_next(banker)
        self.phase = Phase.ROTATION
        actions = (RETIRE_FORCED,) if self.bank < self.min_bet else (CONTINUE, self.give_up_action)
        self.pending = Decision(banker, DecisionKind.KEEP_BANK, actions)

    def _rotate_captains(self) -> None:
        """Banque: a beaten captain passes the cards on."""

    def _worth(self) -> list[int]:
        """Each seat's chips in front of it, on the table and, for the banker, in the bank."""
        worth = [seat.balance for seat in self.seats]
        for stake in self.stakes:
            if stake.hand not in self.settled_hands:
                worth[stake.seat] += stake.amount
        if self.banker is not None and self.banker != HOUSE:
            worth[self.banker] += self.bank
        return worth

    def _record_coup(self, commission: int = 0) -> None:
        self.coups_played += 1
        if self.keeps_history:
            after = self._worth()
            nets = {seat: now - before for seat, (before, now) in enumerate(zip(self._worth_before, after))
                    if now != before}
            self.history.append(CoupRecord(
                number=self.coup_number,
                banker=self.banker,
                bank=None if self.banker == HOUSE else self.coup_bank,
                hands=MappingProxyType({hand: tuple(cards) for hand, cards in self.hands.items()}),
                stakes=tuple(self.stakes),
                results=MappingProxyType(dict(self.results)),
                commission=commission,
                events=tuple(self.events),
                nets=MappingProxyType(nets),
                balances=tuple(seat.balance for seat in self.seats),
                holders=MappingProxyType(dict(self._coup_holders)),
                returns=tuple(self._returns.get(index, stake.amount) for index, stake in enumerate(self.stakes)),
                cell=last_cell(self.events, tuple(self.hands)) if self.log_events else None,
            ))
        self.stakes = []
        self.events = []
