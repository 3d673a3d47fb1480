"""The machinery every seat-banked table shares: seats, shoe, the pending decision,
checked actions, cards with face-down/face-up visibility, settlement of one side.

A table always waits for exactly one :class:`~.decisions.Decision` (``pending``),
or is over. For every action there is a ``can_…`` query that returns the reason
it is refused (or ``None``) and the action itself, which raises that reason as a
typed error and changes nothing. ``legal_actions()`` lists what the pending seat
may do. The rules of each variant live in :mod:`.chemin_de_fer` and :mod:`.banque`.

>>> from baccarat_lessons.engine.seated import CheminDeFerTable
>>> table = CheminDeFerTable(seed=1)
>>> table.pending.seat, table.pending.kind.name, [a.kind.name for a in table.legal_actions()]
(0, 'OFFER_BANK', ['OPEN_BANK', 'DECLINE_BANK'])
>>> table.can_stand()
'Stand is not possible now: the table waits for You to take the bank, and with how many chips.'
>>> table.can_open_bank(500)
'You can put at most 100 chips in the bank: that is your balance.'
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Iterable

from ..cards import Card, Rank
from ..errors import BaccaratError, BetError, DecisionError, PhaseError
from ..events import CardDealt, CardsRevealed, Event, Hand, Outcome
from ..money import format_chips
from ..shoe import Shoe
from .decisions import DECLINE_BANK, HOUSE, Action, ActionKind, Decision, DecisionKind, Phase
from .events import SeatBetSettled
from .rules import TableRules
from .seats import Seat, at_least, exact_sum, less, make_seats, minus, plus, same

# Which action kinds belong to which decision: an action outside them is a wrong-moment error.
ACTIONS_OF = {
    DecisionKind.OFFER_BANK: (ActionKind.OPEN_BANK, ActionKind.DECLINE_BANK),
    DecisionKind.KEEP_BANK: (ActionKind.CONTINUE_BANK, ActionKind.PASS_BANK, ActionKind.RETIRE),
    DecisionKind.BANCO: (ActionKind.BANCO, ActionKind.DECLINE_BANCO),
    DecisionKind.BET: (ActionKind.BET, ActionKind.NO_BET),
    DecisionKind.PUNTER_DRAW: (ActionKind.DRAW, ActionKind.STAND),
    DecisionKind.BANKER_DRAW: (ActionKind.DRAW, ActionKind.STAND),
    DecisionKind.CAPTAIN_DRAW: (ActionKind.DRAW, ActionKind.STAND),
    DecisionKind.BANQUE_BANKER_DRAW: (ActionKind.DRAW, ActionKind.STAND),
}

# Card values keyed by the rank's token: a str key hashes in C, an Enum key calls Python.
_VALUES = {rank.value: rank.value_in_baccarat for rank in Rank}


def value_of(card: Card) -> int:
    """The card's baccarat value (the fast form of ``card.value``)."""
    return _VALUES[card.rank._value_]


_SETTLE_REASONS = {
    (hand, outcome): reason
    for hand in Hand
    for outcome, reason in (
        (Outcome.PLAYER, f"the {hand.value.lower() if hand is not Hand.PLAYER else 'players’ hand'} won; it pays 1:1."),
        (Outcome.BANKER, "the banker won."),
        (Outcome.TIE, "a tie returns the stake."),
    )
}


# Bound once: in Python 3.11 each ``ActionKind.BET`` goes through the Enum metaclass's
# ``__getattr__`` hook (about 70 ns), and the bot path checks these on every action.
_BET, _OPEN_BANK = ActionKind.BET, ActionKind.OPEN_BANK


class HandCards(list):
    """The cards of one hand (a list), carrying its running ``total``."""

    __slots__ = ("total",)

    def __init__(self):
        super().__init__()
        self.total = 0


@dataclass(frozen=True)
class Stake:
    """Chips a seat put against the bank on one hand (``Hand.PLAYER`` at Chemin de Fer)."""

    seat: int
    amount: Fraction | int
    hand: Hand


@dataclass(frozen=True)
class CoupRecord:
    """One finished coup, as the history shows it."""

    number: int
    banker: int  # a seat index, or HOUSE
    bank: Fraction | int | None  # the bank at stake; None for the house bank
    hands: MappingProxyType  # Hand -> tuple of cards
    stakes: tuple[Stake, ...]
    results: MappingProxyType  # player hand -> Outcome (PLAYER: that hand beat the bank)
    commission: Fraction | int
    events: tuple[Event, ...]

    @property
    def text(self) -> str:
        return "\n".join(event.text for event in self.events)


class SeatedTable:
    """Base class of :class:`CheminDeFerTable` and :class:`BanqueTable`; not used alone."""

    rules: TableRules

    def __init__(
        self,
        rules: TableRules,
        seed=None,
        shoe: Shoe | None = None,
        names: Iterable[str] | None = None,
        history_limit: int | None = None,
        log_events: bool = True,
    ):
        self.rules = rules
        # False: the fast path for simulations. The rules run exactly the same; only the
        # event log (and so the coup records' events) stays empty.
        self.log_events = log_events
        self.variant = rules.variant
        self.drawing = rules.variant.drawing
        self.min_bet, self.max_bet = rules.min_bet, rules.max_bet
        self.shoe = shoe if shoe is not None else Shoe(rules.variant.decks, seed=seed)
        names = list(names) if names else None
        self.seats: list[Seat] = make_seats(rules.seat_count, rules.variant.starting_chips, names)
        self.starting_total = sum(seat.balance for seat in self.seats)
        self.banker: int | None = None  # a seat index, HOUSE, or None while nobody banks
        self.bank: Fraction | int = 0  # chips in a seat's bank (0 for the house bank)
        self.house_result: Fraction | int = 0  # the casino bank's net result (Banque limitée)
        self.commission_total: Fraction | int = 0
        self.stakes: list[Stake] = []
        self.coup_number = 0  # coups started
        self.coups_played = 0  # coups finished and recorded
        self.events: list[Event] = []  # this coup's events so far
        self.history: deque[CoupRecord] = deque(maxlen=history_limit)
        self.hands: dict[Hand, HandCards] = {}  # each hand's cards; ``hands[hand].total`` its total
        self.revealed: set[Hand] = set()
        self.settled_hands: set[Hand] = set()  # hands whose stakes are already paid or collected
        self.pending: Decision | None = None
        self.phase = Phase.BANKING
        self._stake_cache: dict[tuple, Stake] = {}
        self._decision_cache: dict[tuple, Decision] = {}
        # The hands of a coup (players' hands, then the bank's) and the deal order as positions
        # in it, so the first cards go out without looking each hand up by name.
        self._hand_order = rules.player_hands + (Hand.BANKER,)
        self._deal_plan = tuple((self._hand_order.index(hand), hand) for hand in rules.deal_order)

    # -- reading the state ---------------------------------------------------------
    @property
    def user(self) -> Seat:
        return self.seats[0]

    def name_of(self, seat: int | None) -> str:
        if seat == HOUSE:
            return "the house"
        return "nobody" if seat is None else self.seats[seat].name

    @property
    def is_over(self) -> bool:
        return self.pending is None

    def over_reason(self) -> str | None:
        """Why the table cannot go on, or None while it can."""
        return self._over_reason if self.pending is None else None

    _over_reason = "The table is over."

    def _end(self, reason: str) -> None:
        """Close the table: a seat that holds the bank takes what is left of it back."""
        if self.banker is not None and self.banker != HOUSE and self.bank:
            self._give_up_bank("over")
        self._over_reason = reason
        self.pending = None
        self.phase = Phase.OVER

    def legal_actions(self) -> tuple[Action, ...]:
        """What the pending seat may do now (empty when the table is over)."""
        return self.pending.actions if self.pending is not None else ()

    @property
    def totals(self) -> dict[Hand, int]:
        """Each hand's total now (the whole truth; see ``visible_cards`` for what a seat sees)."""
        return {hand: cards.total for hand, cards in self.hands.items()}

    @property
    def staked(self) -> Fraction | int:
        """Chips on the table now (stakes of hands not yet settled)."""
        settled = self.settled_hands
        return sum(stake.amount for stake in self.stakes if stake.hand not in settled)

    def staked_on(self, hand: Hand) -> Fraction | int:
        return sum(stake.amount for stake in self.stakes if stake.hand is hand)

    def chips_in_play(self) -> Fraction | int:
        """Balances + chips on the table + the bank + the house's result + commission.
        Never changes: chips move between these places, none appear or vanish."""
        amounts = [seat.balance for seat in self.seats]
        amounts += (self.staked, self.bank, self.house_result, self.commission_total)
        return exact_sum(amounts)

    def visible_cards(self, seat: int, hand: Hand) -> tuple[Card | None, ...]:
        """The cards of ``hand`` as ``seat`` sees them: ``None`` for a card face down to it."""
        cards = self.hands.get(hand, [])
        if hand in self.revealed or self.holder_of(hand) == seat:
            return tuple(cards)
        return tuple(card if index >= 2 else None for index, card in enumerate(cards))

    def unseen_cards(self, seat: int) -> list[Card]:
        """Every card ``seat`` has not seen: the rest of the shoe and the face-down cards of other hands."""
        cards = list(self.shoe.remaining_cards)
        for hand, held in self.hands.items():
            if hand not in self.revealed and self.holder_of(hand) != seat:
                cards.extend(held[:2])
        return cards

    def holder_of(self, hand: Hand) -> int | None:
        """The seat that holds (and may look at) ``hand``."""
        raise NotImplementedError

    def snapshot(self) -> tuple:
        """Everything that can change, as one comparable value: equal snapshots, same state."""
        return (
            self.pending, self.phase, self.banker, self.bank, self.house_result, self.commission_total,
            tuple((seat.balance, tuple(vars(seat.stats).values())) for seat in self.seats),
            tuple(self.stakes), len(self.events), len(self.history), self.coup_number, self.shoe.dealt_count,
            tuple((hand, tuple(cards)) for hand, cards in self.hands.items()), frozenset(self.revealed),
            frozenset(self.settled_hands), tuple(getattr(self, "captains", {}).items()),
        )

    @property
    def last_coup(self) -> CoupRecord | None:
        return self.history[-1] if self.history else None

    # -- checked actions -----------------------------------------------------------------
    def can(self, kind: ActionKind, amount=None, side: Hand | None = None, seat: int | None = None) -> str | None:
        """The reason ``kind`` is refused now (for ``seat``, if given), or None when legal."""
        refusal = self._refusal(kind, amount, side, seat)
        return refusal[1] if refusal else None

    def act(self, kind: ActionKind, amount=None, side: Hand | None = None, seat: int | None = None) -> None:
        """Take an action for the pending seat (checked first: an illegal action changes nothing)."""
        refusal = self._refusal(kind, amount, side, seat)
        if refusal:
            raise refusal[0](refusal[1])
        decision = self.pending
        self._apply(decision, decision.action_for(kind, side), amount)

    def _act_as_bot(self, kind: ActionKind, amount=None, side: Hand | None = None) -> None:
        """``act`` for the engine's own bot loops (``play_bots``, the table simulator).

        A choice that is plainly one of the pending decision's legal actions — same kind
        and side, no amount where none is taken, a whole amount within the bounds — is
        applied at once by the same rule code. Anything else goes through ``act``'s full
        check, which raises the same error as for a student."""
        decision = self.pending
        if decision is not None:
            for action in decision.actions:
                if action.kind is not kind:
                    continue
                if action.side is not side:
                    if side is None:  # a sided action asked for without its side: ``act`` explains
                        break
                    continue
                if kind is _BET or kind is _OPEN_BANK:
                    low, high = action.min_amount, action.max_amount
                    if type(amount) is int and (low <= amount <= high if type(low) is int is type(high)
                                                else at_least(amount, low) and at_least(high, amount)):
                        return self._apply(decision, action, amount)
                elif amount is None:
                    return self._apply(decision, action, None)
                break
        self.act(kind, amount, side)

    def _refusal(self, kind, amount, side, seat) -> tuple[type[BaccaratError], str] | None:
        decision = self.pending
        if decision is None:
            return PhaseError, self._over_reason
        if seat is not None and seat != decision.seat:
            return DecisionError, (f"It is {self.name_of(decision.seat)}'s turn to {decision.kind.value}; "
                                   f"{self.name_of(seat)} must wait.")
        action = decision.action_for(kind, side)
        if action is not None and side is None and action.side is not None:
            return DecisionError, "Say which tableau the bet backs: the right or the left."
        if action is None:
            if kind not in ACTIONS_OF[decision.kind]:
                return PhaseError, (f"{kind.value} is not possible now: the table waits for "
                                    f"{self.name_of(decision.seat)} to {decision.kind.value}.")
            if decision.is_forced:
                return DecisionError, f"{kind.value} is not allowed: {decision.actions[0].reason}"
            if kind is ActionKind.BET and side is not None:
                return DecisionError, f"A bet on the {side.value.lower()} is not possible here."
            return DecisionError, f"{kind.value} is not allowed at this point."
        if kind.takes_amount:
            return self._amount_refusal(decision, action, amount)
        if amount is not None:
            return BetError, f"{kind.value} takes no number of chips."
        return None

    def _amount_refusal(self, decision: Decision, action: Action, amount) -> tuple[type[BaccaratError], str] | None:
        what = "bank" if action.kind is ActionKind.OPEN_BANK else "bet"
        if amount is None:
            return BetError, f"Say how many chips to {'put in the bank' if what == 'bank' else 'bet'}."
        if isinstance(amount, bool) or not isinstance(amount, (int, Fraction)):
            return BetError, f"Chips are counted exactly, in whole numbers; {amount!r} is not a number of chips."
        if same(amount, action.max_amount):
            return None
        if less(action.max_amount, amount):
            return BetError, self._max_reason(decision, action)
        if amount != int(amount):
            return BetError, f"Use a whole number of chips (or exactly {format_chips(action.max_amount)})."
        if less(amount, action.min_amount):
            return BetError, f"The smallest {what} here is {format_chips(action.min_amount)} chips."
        return None

    def _max_reason(self, decision: Decision, action: Action) -> str:
        seat = self.seats[decision.seat]
        who = "your" if seat.is_user else "their"
        if action.kind is ActionKind.OPEN_BANK:
            most = format_chips(action.max_amount)
            return f"{seat.name} can put at most {most} chips in the bank: that is {who} balance."
        return self._bet_max_reason(seat, action)

    def _bet_max_reason(self, seat: Seat, action: Action) -> str:
        return f"{seat.name} can bet at most {format_chips(action.max_amount)} chips here."

    def _apply(self, decision: Decision, action: Action, amount) -> None:
        raise NotImplementedError

    # Named actions: each is ``act`` with its kind; each ``can_…`` is ``can`` with its kind.
    def open_bank(self, amount, seat=None): self.act(ActionKind.OPEN_BANK, amount, seat=seat)
    def can_open_bank(self, amount, seat=None): return self.can(ActionKind.OPEN_BANK, amount, seat=seat)
    def decline_bank(self, seat=None): self.act(ActionKind.DECLINE_BANK, seat=seat)
    def can_decline_bank(self, seat=None): return self.can(ActionKind.DECLINE_BANK, seat=seat)
    def continue_bank(self, seat=None): self.act(ActionKind.CONTINUE_BANK, seat=seat)
    def can_continue_bank(self, seat=None): return self.can(ActionKind.CONTINUE_BANK, seat=seat)
    def pass_bank(self, seat=None): self.act(ActionKind.PASS_BANK, seat=seat)
    def can_pass_bank(self, seat=None): return self.can(ActionKind.PASS_BANK, seat=seat)
    def retire(self, seat=None): self.act(ActionKind.RETIRE, seat=seat)
    def can_retire(self, seat=None): return self.can(ActionKind.RETIRE, seat=seat)
    def banco(self, seat=None): self.act(ActionKind.BANCO, seat=seat)
    def can_banco(self, seat=None): return self.can(ActionKind.BANCO, seat=seat)
    def decline_banco(self, seat=None): self.act(ActionKind.DECLINE_BANCO, seat=seat)
    def can_decline_banco(self, seat=None): return self.can(ActionKind.DECLINE_BANCO, seat=seat)
    def bet(self, amount, side=None, seat=None): self.act(ActionKind.BET, amount, side, seat)
    def can_bet(self, amount, side=None, seat=None): return self.can(ActionKind.BET, amount, side, seat)
    def no_bet(self, seat=None): self.act(ActionKind.NO_BET, seat=seat)
    def can_no_bet(self, seat=None): return self.can(ActionKind.NO_BET, seat=seat)
    def draw(self, seat=None): self.act(ActionKind.DRAW, seat=seat)
    def can_draw(self, seat=None): return self.can(ActionKind.DRAW, seat=seat)
    def stand(self, seat=None): self.act(ActionKind.STAND, seat=seat)
    def can_stand(self, seat=None): return self.can(ActionKind.STAND, seat=seat)

    # -- cards ------------------------------------------------------------------------------
    def _deal_first_cards(self) -> list[HandCards]:
        """New hands, dealt face down in the rules' deal order; returns their cards
        (players' hands, then the bank's)."""
        held = self._held = [HandCards() for _ in self._hand_order]  # by position: no hashing of a Hand
        self.hands = dict(zip(self._hand_order, held))
        self.revealed = set()
        deal = self._deal_into
        for position, hand in self._deal_plan:
            deal(held[position], hand, False)
        return held

    def _deal(self, hand: Hand, face_up: bool) -> Card:
        return self._deal_into(self.hands[hand], hand, face_up)

    def _deal_into(self, cards: HandCards, hand: Hand, face_up: bool) -> Card:
        """Deal the next card into ``cards`` (the cards of ``hand``)."""
        card = self.shoe.draw()
        cards.append(card)
        cards.total = (cards.total + _VALUES[card.rank._value_]) % 10
        if self.log_events:
            self.events.append(CardDealt(hand, card, len(cards), cards.total, face_up))
        cut = self.shoe.take_cut_card_event()
        if cut and self.log_events:
            self.events.extend(cut)
        return card

    def _decision(self, key: tuple, seat: int, kind: DecisionKind, actions: tuple[Action, ...],
                  hand: Hand | None = None) -> Decision:
        """The decision ``Decision(seat, kind, actions, hand)``, built once per ``key`` (which must
        determine all four): the same draw and bank decisions recur coup after coup."""
        decision = self._decision_cache.get(key)
        if decision is None:
            if len(self._decision_cache) > 2000:
                self._decision_cache.clear()
            decision = self._decision_cache[key] = Decision(seat, kind, actions, hand)
        return decision

    def _bank_offer(self, seat: Seat) -> Decision:
        """The offer of the bank to ``seat``: any amount from the minimum bet (or its whole
        balance, if less) up to its balance, or decline."""
        balance = seat.balance
        minimum = min(self.min_bet, balance)
        key = ("offer", seat.index, minimum.numerator, minimum.denominator, balance.numerator, balance.denominator)
        decision = self._decision_cache.get(key)
        if decision is None:
            take = Action(ActionKind.OPEN_BANK, "Take the bank", min_amount=minimum, max_amount=balance)
            decision = self._decision(key, seat.index, DecisionKind.OFFER_BANK, (take, DECLINE_BANK))
        return decision

    def _reveal(self, hand: Hand) -> None:
        revealed = self.revealed
        shown = len(revealed)
        revealed.add(hand)  # one hash of the hand instead of two (a look, then an add): Enum hashing is slow
        if len(revealed) > shown:
            cards = self.hands[hand]
            if self.log_events:
                self.events.append(CardsRevealed(hand, tuple(cards), cards.total))

    def is_natural(self, hand: Hand) -> bool:
        cards = self.hands[hand]
        return len(cards) == 2 and cards.total >= 8

    # -- money ---------------------------------------------------------------------------------
    def _place_stake(self, seat: Seat, amount, hand: Hand) -> None:
        seat.balance = minus(seat.balance, amount)
        if type(amount) is int:  # bots repeat their bets: a frozen Stake serves again
            key = (seat.index, amount, hand._value_)
            stake = self._stake_cache.get(key)
            if stake is None:
                if len(self._stake_cache) > 1000:
                    self._stake_cache.clear()
                stake = self._stake_cache[key] = Stake(seat.index, amount, hand)
        else:
            stake = Stake(seat.index, amount, hand)
        self.stakes.append(stake)

    def _settle_hand(self, hand: Hand, outcome: Outcome) -> Fraction | int:
        """Pay, collect or return every stake on ``hand``; return the banker's gain on it."""
        log_events = self.log_events
        player_won, tie = outcome is Outcome.PLAYER, outcome is Outcome.TIE
        gain = 0
        for stake in self.stakes:
            if stake.hand is not hand:
                continue
            seat = self.seats[stake.seat]
            amount = stake.amount
            stats = seat.stats
            stats.coups_bet += 1
            # Whole stakes are the rule (bots bet whole chips): plain int arithmetic where both are ints.
            whole = type(amount) is int
            staked, balance, result = stats.staked, seat.balance, stats.bet_result
            stats.staked = staked + amount if whole and type(staked) is int else plus(staked, amount)
            if player_won:  # paid 1:1: the stake comes back doubled
                returned = amount + amount if whole else plus(amount, amount)
                seat.balance = balance + returned if whole and type(balance) is int else plus(balance, returned)
                stats.bet_result = result + amount if whole and type(result) is int else plus(result, amount)
                gain = gain - amount if whole and type(gain) is int else minus(gain, amount)
            elif tie:  # the stake comes back
                returned = amount
                seat.balance = balance + amount if whole and type(balance) is int else plus(balance, amount)
            else:  # collected by the bank
                returned = 0
                stats.bet_result = result - amount if whole and type(result) is int else minus(result, amount)
                gain = gain + amount if whole and type(gain) is int else plus(gain, amount)
            if log_events:
                self.events.append(SeatBetSettled(seat.name, amount, returned, _SETTLE_REASONS[hand, outcome],
                                                  seat.index))
        return gain

    def _record_coup(self, results: dict, commission) -> None:
        self.coups_played += 1
        if self.history.maxlen == 0:  # a simulation keeping no history: skip building the record
            self.stakes = []
            self.events = []
            return
        self.history.append(CoupRecord(
            number=self.coup_number,
            banker=self.banker,
            bank=None if self.banker == HOUSE else self.coup_bank,
            hands=MappingProxyType({hand: tuple(cards) for hand, cards in self.hands.items()}),
            stakes=tuple(self.stakes),
            results=MappingProxyType(results),
            commission=commission,
            events=tuple(self.events),
        ))
        self.stakes = []
        self.events = []

    coup_bank: Fraction | int | None = None
