"""Checked actions: for every action a ``can_…`` query that returns the reason it is refused
(or None) and the action itself, which raises that reason as a typed error and changes nothing.

:class:`CheckedActions` is the part of :class:`~.table.SeatedTable` that checks; the table
applies a legal action through its one handler per action kind (``_handlers``).

>>> from baccarat_lessons.engine.seated import CheminDeFerTable
>>> CheminDeFerTable(seed=1).can(ActionKind.BANCO, seat=0)
'Banco! is not possible now: the table waits for you to take the bank, and with how many chips.'
"""

from __future__ import annotations

from typing import Any, Callable

from ..errors import BaccaratError, BetError, DecisionError, PhaseError
from ..events import Hand
from ..money import CHIP, chips_phrase, show_chips
from .decisions import Action, ActionKind, Decision, DecisionKind
from .seats import Seat

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


BET_LABELS = {Hand.RIGHT: "Bet on the right", Hand.LEFT: "Bet on the left"}


class CheckedActions:
    """Checks and named actions of a seat-banked table (mixed into :class:`~.table.SeatedTable`)."""

    # What the checks read of the table they are part of (set by SeatedTable).
    pending: Decision | None
    seats: list[Seat]
    min_bet: int
    max_bet: int | None
    _over_reason: str
    # Each action kind's handler; the amount is what the checks let through: an int for a kind that
    # takes one, else None.
    _handlers: dict[ActionKind, Callable[[Decision, Action, Any], None]]

    def name_of(self, seat: int | None) -> str:
        raise NotImplementedError

    def _addressed(self, seat: int | None, reader: int | None) -> str:
        """``seat``'s name in a sentence for ``reader``: 'you' to itself."""
        return "you" if seat is not None and seat == reader else self.name_of(seat)

    def can(self, kind: ActionKind, amount: int | None = None, side: Hand | None = None,
            seat: int | None = None) -> str | None:
        """The reason ``kind`` is refused now (for ``seat``, if given), or None when legal."""
        refusal = self._refusal(kind, amount, side, seat)
        return refusal[1] if refusal else None

    def act(self, kind: ActionKind, amount: int | None = None, side: Hand | None = None,
            seat: int | None = None) -> None:
        """Take an action for the pending seat (checked first: an illegal action changes nothing).
        ``amount`` is in hundredths of a chip."""
        refusal = self._refusal(kind, amount, side, seat)
        if refusal:
            raise refusal[0](refusal[1])
        decision = self.pending
        assert decision is not None, "checked: the table waits for a decision"
        action = decision.action_for(kind, side)
        assert action is not None, "checked: the action is one of the decision's"
        self._handlers[kind](decision, action, amount)

    def _refusal(self, kind: ActionKind, amount: int | None, side: Hand | None,
                 seat: int | None) -> tuple[type[BaccaratError], str] | None:
        decision = self.pending
        if decision is None:
            return PhaseError, self._over_reason
        reader = decision.seat if seat is None else seat
        if not isinstance(kind, ActionKind):
            return DecisionError, f"{kind!r} is not an action at this table."
        if side is not None and not isinstance(side, Hand):
            # A hand of another variant falls through to the sentences below ("A bet on the right…").
            return DecisionError, f"There is no hand called {side!r} to bet on here."
        if seat is not None and seat != decision.seat:
            waiter = self._addressed(seat, reader)
            return DecisionError, (f"It is {self.name_of(decision.seat)}'s turn to {decision.kind.value}; "
                                   f"{waiter} must wait.")
        action = decision.action_for(kind, side)
        if action is not None and side is None and action.side is not None:
            return DecisionError, "Say which tableau the bet backs: the right or the left."
        if action is None:
            if kind not in ACTIONS_OF[decision.kind]:
                return PhaseError, (f"{kind.value} is not possible now: the table waits for "
                                    f"{self._addressed(decision.seat, reader)} to {decision.kind.value}.")
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

    def _amount_refusal(self, decision: Decision, action: Action,
                        amount: int | None) -> tuple[type[BaccaratError], str] | None:
        what = "bank" if action.kind is ActionKind.OPEN_BANK else "bet"
        low, high = action.min_amount, action.max_amount
        assert low is not None and high is not None, "a bank or a bet has its least and its most"
        if amount is None:
            return BetError, f"Say how many chips to {'put in the bank' if what == 'bank' else 'bet'}."
        if isinstance(amount, bool) or not isinstance(amount, int):
            return BetError, (f"Chips are counted exactly, in hundredths of a chip; {amount!r} is not "
                              f"such a number.")
        if amount == high:
            return None
        if amount > high:
            return BetError, self._max_reason(decision, high)
        if amount % CHIP:
            return BetError, f"Use a whole number of chips (or exactly {show_chips(high)})."
        if amount < low:
            return BetError, f"The smallest {what} here is {chips_phrase(low)}."
        return None

    def _max_reason(self, decision: Decision, high: int) -> str:
        """Why ``high`` is the most the pending bank or bet may be."""
        seat = self.seats[decision.seat]
        subject, whose = ("You", "your") if seat.is_user else (seat.name, "their")
        most = chips_phrase(high)
        if decision.kind is DecisionKind.OFFER_BANK:
            return f"{subject} can put at most {most} in the bank: that is {whose} balance."
        if high == seat.balance:
            why = f"that is {whose} balance"
        elif self.max_bet is not None and high == self.max_bet:
            why = f"the table limit is {show_chips(self.min_bet)} to {show_chips(self.max_bet)} chips per wager"
        else:
            why = "bets together cannot exceed the bank, and only that much of it is still uncovered"
        return f"{subject} can bet at most {most}: {why}."

    # Named actions: each is ``act`` with its kind. The questions asked by name (``can_open_bank``,
    # ``can_bet``, ``can_draw``, ``can_stand``) are ``can`` with their kind; ``can`` asks any other.
    def open_bank(self, amount: int, seat: int | None = None) -> None:
        self.act(ActionKind.OPEN_BANK, amount, seat=seat)

    def can_open_bank(self, amount: int, seat: int | None = None) -> str | None:
        return self.can(ActionKind.OPEN_BANK, amount, seat=seat)

    def decline_bank(self, seat: int | None = None) -> None:
        self.act(ActionKind.DECLINE_BANK, seat=seat)

    def continue_bank(self, seat: int | None = None) -> None:
        self.act(ActionKind.CONTINUE_BANK, seat=seat)

    def pass_bank(self, seat: int | None = None) -> None:
        self.act(ActionKind.PASS_BANK, seat=seat)

    def retire(self, seat: int | None = None) -> None:
        self.act(ActionKind.RETIRE, seat=seat)

    def banco(self, seat: int | None = None) -> None:
        self.act(ActionKind.BANCO, seat=seat)

    def decline_banco(self, seat: int | None = None) -> None:
        self.act(ActionKind.DECLINE_BANCO, seat=seat)

    def bet(self, amount: int, side: Hand | None = None, seat: int | None = None) -> None:
        self.act(ActionKind.BET, amount, side, seat)

    def can_bet(self, amount: int, side: Hand | None = None, seat: int | None = None) -> str | None:
        return self.can(ActionKind.BET, amount, side, seat)

    def no_bet(self, seat: int | None = None) -> None:
        self.act(ActionKind.NO_BET, seat=seat)

    def draw(self, seat: int | None = None) -> None:
        self.act(ActionKind.DRAW, seat=seat)

    def can_draw(self, seat: int | None = None) -> str | None:
        return self.can(ActionKind.DRAW, seat=seat)

    def stand(self, seat: int | None = None) -> None:
        self.act(ActionKind.STAND, seat=seat)

    def can_stand(self, seat: int | None = None) -> str | None:
        return self.can(ActionKind.STAND, seat=seat)
