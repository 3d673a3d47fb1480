"""Punto Banco and Mini Baccarat as a table like the others, with every drawing decision automated.

The house banks; the user's one seat (seat 0) places chips on the layout's spots and deals.
The table answers the same calls as a seat-banked table: ``pending`` (always the user's
``LAYOUT`` decision, or ``None`` once the session is over), ``legal_actions()``,
``can(kind, amount, side, seat)`` — the reason an action is refused, or ``None`` — and
``act(...)``, which raises that reason as a typed error and changes nothing. Amounts are
hundredths of a chip; a bet's ``side`` is its :class:`~.bets.BetSpot`. The cards then follow
the fixed drawing rules, and the finished coup is a :class:`~.records.CoupRecord`.

>>> from baccarat_lessons.engine.money import CHIP
>>> table = PuntoBancoTable(seed=7)
>>> table.act(ActionKind.BET, 10 * CHIP, BetSpot.BANKER)
>>> table.can(ActionKind.BET, 100 * CHIP, BetSpot.TIE)
'At Punto Banco the chips are 5, 10, 25, 50; there is no 100 chip.'
>>> table.act(ActionKind.DEAL)
>>> table.last_coup.outcome.value, table.balance, table.chips_in_play() == 100 * CHIP
('Banker', 10950, True)
"""

from __future__ import annotations

import copy
import random
from types import MappingProxyType
from typing import Any

from .bets import BetSpot, settle_bet
from .cards import Card
from .cells import last_cell
from .coup import deal_coup
from .errors import BaccaratError, BetError, DecisionError, PhaseError, SettingsError, ShoeError
from .events import BetSettled, Event, Hand
from .money import CHIP, chips_phrase, show_chips
from .randomness import make_generator
from .records import CoupRecord, Stake
from .seated.decisions import HOUSE, Action, ActionKind, Decision, DecisionKind
from .seated.seats import Seat, make_seats
from .seated.view import TableView
from .settings import PRESENTATION_SETTINGS, TableSettings
from .shoe import Shoe
from .variants import PUNTO_BANCO, Variant

# Settings that need a fresh shoe or a fresh bankroll: changing them starts a new session.
SESSION_SETTINGS = ("decks", "starting_chips", "hands_limit", "procedure")
LAYOUT_KINDS = (ActionKind.BET, ActionKind.UNDO, ActionKind.CLEAR, ActionKind.REBET, ActionKind.DEAL)


class PuntoBancoTable:
    """One player's practice session at a Punto Banco or Mini Baccarat table (see the module)."""

    def __init__(self, variant: Variant | None = None, settings: TableSettings | None = None,
                 seed: int | random.Random | None = None, shoe: Shoe | None = None) -> None:
        variant = variant or PUNTO_BANCO
        if not variant.has_fixed_rules:
            raise SettingsError(f"{variant.name} is played at a seat-banked table, not a Punto Banco table.")
        self.variant = variant
        default = variant.default_settings
        assert default is not None, "a variant with fixed rules has settings"
        self.settings: TableSettings = settings or default
        self.shoe = shoe if shoe is not None else Shoe(self.settings.decks, seed=make_generator(seed),
                                                       procedure=self.settings.procedure)
        self.seats = make_seats(1, self.settings.starting_chips * CHIP)
        self.starting_total = self.seats[0].balance
        self.banker, self.bank, self.covered = HOUSE, 0, 0
        self.house_result = 0  # the house's result on the bets, before its commission
        self.commission_total = 0  # what the house keeps of winning Banker bets, at the record's rate
        self.stakes: list[Stake] = []  # the chips on the layout, in the order they went down (for Undo)
        self.last_bets: tuple[Stake, ...] = ()  # what Rebet puts down again
        self.coups_played = 0
        self.history: list[CoupRecord] = []
        self.events: list[Event] = []  # a Punto Banco coup is dealt at once: its events are in its record

    # -- reading the state ------------------------------------------------------------
    @property
    def user(self) -> Seat:
        return self.seats[0]

    @property
    def balance(self) -> int:
        """The hundredths in front of the user (chips on the layout are not counted)."""
        return self.seats[0].balance

    @property
    def coup_number(self) -> int:
        return self.coups_played

    @property
    def spots(self) -> tuple[BetSpot, ...]:
        return self.settings.spots

    @property
    def staked(self) -> int:
        return sum(stake.amount for stake in self.stakes)

    def staked_on(self, spot: BetSpot) -> int:
        return sum(stake.amount for stake in self.stakes if stake.hand is spot)

    @property
    def bets(self) -> dict[BetSpot, int]:
        """The hundredths on each spot now, in the order the spots were first backed."""
        totals: dict[BetSpot, int] = {}
        for stake in self.stakes:
            spot = stake.hand
            assert isinstance(spot, BetSpot), "a layout's chips are on its spots"
            totals[spot] = totals.get(spot, 0) + stake.amount
        return totals

    @property
    def last_coup(self) -> CoupRecord | None:
        return self.history[-1] if self.history else None

    def chips_in_play(self) -> int:
        """The balance, the chips on the layout, the house's result and its commission: never changes."""
        return self.balance + self.staked + self.house_result + self.commission_total

    def name_of(self, seat: int | None) -> str:
        return "the house" if seat == HOUSE else self.seats[seat].name if seat is not None else "nobody"

    def holder_of(self, hand: Hand) -> int | None:
        return HOUSE  # the croupier plays both hands by the fixed rules

    def visible_cards(self, seat: int | None, hand: Hand) -> tuple[Card | None, ...]:
        return ()  # a coup is dealt at once, face up: none is ever in play between two actions

    def side_named(self, name: str) -> BetSpot:
        """The spot a page or a record names ("Banker"); any other name is refused with the spots' list."""
        return BetSpot.from_key(name)

    def over_reason(self) -> str | None:
        """Why this session cannot go on, or ``None`` while it can."""
        limit = self.settings.hands_limit
        if limit is not None and self.coups_played >= limit:
            return f"This practice session has reached its {limit}-hand limit. Start a new session to play on."
        if self.balance < self.variant.min_bet * CHIP and not self.stakes:
            return (f"You have {chips_phrase(self.balance)}, less than the smallest bet of "
                    f"{self.variant.min_bet}. Start a new session to play on.")
        return None

    @property
    def is_over(self) -> bool:
        return self.over_reason() is not None

    @property
    def pending(self) -> Decision | None:
        """The user's decision at the layout: the bets that fit, Undo, Clear, Rebet and Deal as they apply."""
        if self.over_reason() is not None:
            return None
        smallest = min(self.variant.stakes) * CHIP
        actions = [Action(ActionKind.BET, f"Bet on {spot.value}", side=spot, min_amount=smallest,
                          max_amount=self._most_on(spot))
                   for spot in self.spots if self._bet_refusal(smallest, spot) is None]
        for kind in (ActionKind.UNDO, ActionKind.CLEAR, ActionKind.REBET, ActionKind.DEAL):
            if self._refusal(kind, None, None) is None:
                actions.append(Action(kind, kind.value))
        return Decision(0, DecisionKind.LAYOUT, tuple(actions))

    def _most_on(self, spot: BetSpot) -> int:
        """The most hundredths one more chip could bring ``spot`` to: the balance, within the table maximum."""
        most = self.balance
        if self.variant.max_bet is not None:
            most = min(most, self.variant.max_bet * CHIP - self.staked_on(spot))
        return most

    def legal_actions(self) -> tuple[Action, ...]:
        decision = self.pending
        return decision.actions if decision is not None else ()

    def view(self, seat: int | None = 0) -> TableView:
        """What ``seat`` may know (everything is public here): see :mod:`.punto_banco_view`."""
        from .punto_banco_view import punto_banco_view

        return punto_banco_view(self, seat)

    def snapshot(self) -> tuple[object, ...]:
        """Everything that can change, as one comparable value: equal snapshots, same state."""
        return (self.settings, self.balance, tuple(self.stakes), self.last_bets, self.house_result,
                self.commission_total, self.coups_played, self.shoe.dealt_count)

    # -- checked actions ---------------------------------------------------------------------
    def can(self, kind: ActionKind, amount: int | None = None, side: BetSpot | None = None,
            seat: int | None = None) -> str | None:
        """The reason ``kind`` is refused now (for ``seat``, if given), or ``None`` when it is legal."""
        refusal = self._checked(kind, amount, side, seat)
        return refusal[1] if refusal else None

    def act(self, kind: ActionKind, amount: int | None = None, side: BetSpot | None = None,
            seat: int | None = None) -> None:
        """Take an action at the layout (checked first: an illegal action changes nothing)."""
        refusal = self._checked(kind, amount, side, seat)
        if refusal:
            raise refusal[0](refusal[1])
        if kind is ActionKind.BET:
            assert amount is not None and side is not None, "checked: a bet has its chips and its spot"
            self.stakes.append(Stake(0, amount, side))
            self.seats[0].balance -= amount
        elif kind is ActionKind.UNDO:
            self.seats[0].balance += self.stakes.pop().amount
        elif kind is ActionKind.CLEAR:
            self.seats[0].balance += self.staked
            self.stakes = []
        elif kind is ActionKind.REBET:
            self.stakes = list(self.last_bets)
            self.seats[0].balance -= self.staked
        else:
            self._deal()

    def _checked(self, kind: ActionKind, amount: int | None, side: BetSpot | None,
                 seat: int | None) -> tuple[type[BaccaratError], str] | None:
        over = self.over_reason()
        if over:  # as at every table: once the session is over, every action gets the reason why
            return PhaseError, over
        if not isinstance(kind, ActionKind):
            return DecisionError, f"{kind!r} is not an action at this table."
        if seat is not None and seat != 0:
            return DecisionError, "Only the player at the layout bets and deals at this table."
        if kind not in LAYOUT_KINDS:
            return PhaseError, (f"{kind.value} is not possible at {self.variant.name}: the house banks and "
                                "the cards follow the fixed rules, so you bet and deal.")
        if kind is not ActionKind.BET and (amount is not None or side is not None):
            return BetError, f"{kind.value} takes no number of chips and no spot."
        return self._refusal(kind, amount, side)

    def _refusal(self, kind: ActionKind, amount: int | None,
                 side: BetSpot | None) -> tuple[type[BaccaratError], str] | None:
        if kind is ActionKind.BET:
            return self._bet_refusal(amount, side)
        if kind is ActionKind.UNDO:
            return None if self.stakes else (BetError, "There is no chip of yours on the layout to take back.")
        if kind is ActionKind.CLEAR:
            return None if self.stakes else (BetError, "There are no chips on the layout.")
        over = self.over_reason()
        if over:
            return PhaseError, over
        if kind is ActionKind.DEAL:
            if not self.stakes:
                return PhaseError, "Place a bet first: a round is not dealt without one."
            return self._stack_refusal()
        return self._rebet_refusal()

    def _stack_refusal(self) -> tuple[type[BaccaratError], str] | None:
        """A stacked shoe too short for the next coup refuses Deal before a card moves: the coup is
        dealt first on a copy of the shoe (a few cards: cheap). A shuffled shoe never runs out."""
        if not self.shoe.is_stacked:
            return None
        try:
            deal_coup(copy.deepcopy(self.shoe), self.variant.drawing, self.variant.deal_order)
        except ShoeError as error:
            return ShoeError, str(error)
        return None

    def _bet_refusal(self, amount: int | None, side: BetSpot | None) -> tuple[type[BaccaratError], str] | None:
        if not isinstance(side, BetSpot):
            return BetError, "Choose a chip and a bet spot to place it on."
        if side not in self.spots:
            return BetError, f"The {side.value} bet is switched off in the settings."
        over = self.over_reason()
        if over:
            return PhaseError, over
        if isinstance(amount, bool) or not isinstance(amount, int):
            return BetError, "Choose a chip and a bet spot to place it on."
        if amount % CHIP:
            return BetError, f"A bet is a whole number of chips; {show_chips(amount)} is not."
        chip = amount // CHIP
        if chip not in self.variant.stakes:
            chips = ", ".join(str(value) for value in self.variant.stakes)
            return BetError, f"At {self.variant.name} the chips are {chips}; there is no {chip} chip."
        if amount > self.balance:
            return BetError, (f"You have {chips_phrase(self.balance + self.staked)} and {show_chips(self.staked)} "
                              f"already on the table; another {chip} is more than you have.")
        maximum = self.variant.max_bet
        on_spot = self.staked_on(side) + amount
        if maximum is not None and on_spot > maximum * CHIP:
            return BetError, (f"{side.value} would hold {show_chips(on_spot)} chips; the table maximum "
                              f"for one bet is {maximum}.")
        return None

    def _rebet_refusal(self) -> tuple[type[BaccaratError], str] | None:
        if not self.last_bets:
            return BetError, "There is no previous bet to repeat yet."
        if self.stakes:
            return BetError, "Clear the table first: Rebet repeats the last round's bets on an empty layout."
        missing = [stake.hand.value for stake in self.last_bets if stake.hand not in self.spots]
        if missing:
            return BetError, f"The last bets included {missing[0]}, which the current settings do not offer."
        needed = sum(stake.amount for stake in self.last_bets)
        if needed > self.balance:
            return BetError, f"Repeating the last bets needs {chips_phrase(needed)}; you have {show_chips(self.balance)}."
        return None

    # -- the deal ------------------------------------------------------------------------------
    def _deal(self) -> None:
        events = list(self.shoe.prepare_coup())
        coup = deal_coup(self.shoe, self.variant.drawing, self.variant.deal_order)
        events += coup.events
        settings, rate = self.settings, self.variant.commission
        net = taken = 0
        returns = []
        for spot, stake in self.bets.items():
            result = settle_bet(spot, stake, coup.facts, settings.banker_pays, settings.tie_pays, rate)
            # Whole-chip stakes at 0.54:1, 1.5:1 or 1:1 less a whole-percent commission: whole hundredths.
            returned = int(result.returned)
            assert returned == result.returned, "a whole-chip stake is settled in whole hundredths"
            events.append(BetSettled(spot.value, stake, returned, result.reason))
            returns.append(returned)
            # A Banker win paid below 1:1 is the commission's: the house keeps that part of the payout.
            commission = int(stake * rate) if spot is BetSpot.BANKER and stake < returned < 2 * stake else 0
            taken += commission
            self.house_result -= returned - stake + commission
            net += returned - stake
        self.commission_total += taken
        self.seats[0].balance += self.staked + net
        self.coups_played += 1
        self.history.append(CoupRecord(
            number=self.coups_played, banker=HOUSE, bank=None,
            hands=MappingProxyType({Hand.PLAYER: tuple(coup.player_cards), Hand.BANKER: tuple(coup.banker_cards)}),
            stakes=tuple(Stake(0, amount, spot) for spot, amount in self.bets.items()),
            results=MappingProxyType({Hand.PLAYER: coup.outcome}), returns=tuple(returns),
            commission=taken, events=tuple(events), nets=MappingProxyType({0: net}), balances=(self.balance,),
            holders=MappingProxyType({Hand.PLAYER: HOUSE, Hand.BANKER: HOUSE}), cell=last_cell(coup.events),
        ))
        self.last_bets, self.stakes = tuple(self.stakes), []

    # -- settings ------------------------------------------------------------------------------
    def can_change_settings(self, **changes: Any) -> str | None:
        """Why these settings cannot change now, or ``None``."""
        if self.stakes and not set(changes) <= PRESENTATION_SETTINGS:
            return "Take your chips back (Clear) before changing the settings."
        try:
            self.settings.changed(**changes)
        except SettingsError as error:
            return str(error)
        return None

    def starts_new_session(self, **changes: Any) -> bool:
        """Whether these settings need a fresh shoe or bankroll (the driver then starts a new session)."""
        settings = self.settings.changed(**changes)
        return any(getattr(settings, name) != getattr(self.settings, name) for name in SESSION_SETTINGS)

    def change_settings(self, **changes: Any) -> None:
        """Apply settings that keep the session (payouts from the next round, presentation at once);
        those that need a new session are refused here: the driver starts one."""
        reason = self.can_change_settings(**changes)
        if reason:
            raise SettingsError(reason)
        if self.starts_new_session(**changes):
            raise SettingsError("This setting needs a new session with a fresh shoe.")
        self.settings = self.settings.changed(**changes)
        self.last_bets = tuple(stake for stake in self.last_bets if stake.hand in self.spots)

