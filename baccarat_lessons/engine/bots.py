"""Bots for the seat-banked tables: small seeded objects that answer a pending decision.

A bot's ``choose(table, decision)`` returns a :class:`BotChoice`: the action, its
amount or side, and a one-line ``reason`` a UI can show. Bots only use what
their seat can see (``table.visible_cards``) and public facts (stakes, third
cards). :func:`play_bots` lets bots act until the user must decide.

The stated rules of :class:`RuleBot`:

- **Bank**: opens the bank with a fifth of its chips (at least the minimum bet).
  Chemin de Fer: continues after a win or a tie until the bank has doubled its
  opening amount, then passes. Banque ouverte: retires once the bank has doubled,
  or has fallen below half of its opening amount.
- **Bets**: a tenth of its chips, in whole chips (at least the minimum, at most what
  is allowed, rounded down; it sits out if not even the minimum fits); at Banque it
  backs the tableau of its own side (seat 0 backs the right).
- **Banco**: calls banco when the whole bank is at most a quarter of its chips.
- **Punter / captain**: follows the guidance (draw 0-4, stand 6-7); on 5 it draws
  with probability ``draw_on_five`` (a seeded coin, ½ by default).
- **Chemin de Fer banker**: follows the table; in the optional cells it plays as the
  Punto Banco table does: draws with 3 against a 9 and with 5 against a 4.
- **Banque banker (simple)**: plays the Chemin de Fer banker table against the
  tableau carrying more chips (the right one on equal stakes), drawing in the
  optional cells. The exact-expected-value banker is
  :class:`baccarat_lessons.analysis.banque_banker.ExactBanqueBanker`.

>>> from baccarat_lessons.engine.seated import CheminDeFerTable
>>> table = CheminDeFerTable(seed=5)
>>> bots = make_bots(seed=5)
>>> table.open_bank(20)
>>> choices = play_bots(table, bots)
>>> choices[0][0], choices[0][1].reason
(1, 'I bet a tenth of my chips: 10.')
>>> table.chips_in_play()
600
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Mapping, Protocol

import numpy as np

from .drawing import Cell
from .events import Hand
from .money import format_chips
from .seated.decisions import HOUSE, ActionKind, Decision, DecisionKind
from .seated.seats import at_least, less, times
from .seated.table import value_of


@dataclass(frozen=True)
class BotChoice:
    """What a bot does and why. ``why`` is a template: ``{amount}`` and ``{0}``, ``{1}``…
    (from ``facts``) are filled in only when ``reason`` is read, so deciding stays cheap."""

    kind: ActionKind
    amount: Fraction | int | None = None
    side: Hand | None = None
    why: str = ""
    facts: tuple = ()

    @property
    def reason(self) -> str:
        amount = "" if self.amount is None else format_chips(self.amount)
        return self.why.format(*self.facts, amount=amount)


class Bot(Protocol):
    def choose(self, table, decision: Decision) -> BotChoice: ...


def make_rng(seed) -> random.Random:
    """A private ``random.Random`` from a seed, a numpy Generator or a Random (never the global one)."""
    if isinstance(seed, random.Random):
        return seed
    if isinstance(seed, np.random.Generator):
        return random.Random(int(seed.integers(2**63)))
    return random.Random(seed)


def _hand_total(cards) -> int:
    return (value_of(cards[0]) + value_of(cards[1])) % 10


def _whole_part(chips, parts: int) -> int:
    """``chips // parts`` — for a Fraction straight from its numerator and denominator
    (Fraction's own ``//`` goes through the numbers ABCs and costs 20 times more)."""
    if type(chips) is Fraction:
        return chips.numerator // (chips.denominator * parts)
    return chips // parts


def _forced(decision: Decision) -> BotChoice | None:
    actions = decision.actions
    if len(actions) == 1 and actions[0].forced:
        action = actions[0]
        key = (action.kind._value_, action.reason)  # str keys hash in C; an Enum key calls Python
        choice = _FORCED.get(key)
        if choice is None:
            choice = BotChoice(action.kind, why="No choice: {0}", facts=(action.reason,))
            if len(_FORCED) < 1000:
                _FORCED[key] = choice
        return choice
    return None


# Choices are frozen values, and the same few recur every coup: each is built once.
_FORCED: dict[tuple, BotChoice] = {}
_GUIDANCE = {
    total: BotChoice(ActionKind.DRAW, why="Guidance: draw on 0 to 4, and I have {0}.", facts=(total,))
    for total in range(5)
} | {
    total: BotChoice(ActionKind.STAND, why="Guidance: stand on 6 or 7, and I have {0}.", facts=(total,))
    for total in range(6, 10)
}
_COIN_DRAW = BotChoice(ActionKind.DRAW, why="I have 5, where I may choose: my coin says draw.")
_COIN_STAND = BotChoice(ActionKind.STAND, why="I have 5, where I may choose: my coin says stand.")
_KEEP = {
    "retire doubled": BotChoice(ActionKind.RETIRE, why="The bank has doubled: I retire with the gain."),
    "retire halved": BotChoice(ActionKind.RETIRE, why="The bank has lost more than half: I retire."),
    "go on": BotChoice(ActionKind.CONTINUE_BANK, why="The bank is between half and double its start: I go on."),
    "pass": BotChoice(ActionKind.PASS_BANK, why="The bank has doubled since I opened it: I pass it."),
    "continue": BotChoice(ActionKind.CONTINUE_BANK, why="The bank has not doubled yet: I continue."),
}
_BANCO = BotChoice(ActionKind.BANCO, why="The bank is at most a quarter of my chips: banco!")
_NO_BANCO = BotChoice(ActionKind.DECLINE_BANCO, why="The bank is more than a quarter of my chips: no banco.")
_NO_ROOM = BotChoice(ActionKind.NO_BET, why="There is no room for my bet: I sit this coup out.")
_NO_CHIP_LEFT = BotChoice(ActionKind.NO_BET, why="Less than one chip of the bank is uncovered: I pass.")
_BANKER_CELLS: dict[tuple, BotChoice] = {}
DRAW_ON_FIVE = Fraction(1, 2)  # the chance a bot punter or captain draws on 5: its seeded coin
_TABLE_BANKER: dict[tuple, BotChoice] = {}


class RuleBot:
    """A seat bot that follows the simple stated rules in this module's docstring."""

    def __init__(self, seed=None, draw_on_five: Fraction | float = DRAW_ON_FIVE):
        self.rng = make_rng(seed)
        self.draw_on_five = draw_on_five
        self._bets: dict = {}  # BotChoice objects for bets already made, reused
        self._five: tuple = (None, None)  # (draw_on_five, the same number as a float if exactly one)
        self._left_seats: tuple = (None, ())  # (table rules, the seats that back the left tableau)

    def choose(self, table, decision: Decision) -> BotChoice:
        answers = self.__dict__.get("_answers")
        if answers is None:  # each kind's method, bound once (``getattr`` on every decision costs more)
            answers = self._answers = {kind: getattr(self, method) for kind, method in _METHODS.items()}
        return answers[decision.kind._name_](table, decision)

    def _coin_draws(self) -> bool:
        """The seeded coin on 5: draw with probability ``draw_on_five``."""
        coin = self.rng.random()
        five = self.draw_on_five
        if five is not self._five[0]:
            # Comparing a float with a Fraction converts the float exactly, every time; when the
            # chance is exactly a float (½ is), the float comparison gives the same answer faster.
            self._five = (five, float(five) if float(five) == five else None)
        threshold = self._five[1]
        return coin < five if threshold is None else coin < threshold

    # -- the bank --------------------------------------------------------------------------
    def offer_bank(self, table, decision: Decision) -> BotChoice:
        action = decision.actions[0]
        seat = table.seats[decision.seat]
        amount = _whole_part(seat.balance, 5)
        if less(amount, action.min_amount):
            amount = action.min_amount
        if less(action.max_amount, amount):
            amount = action.max_amount
        return BotChoice(ActionKind.OPEN_BANK, amount, why="I bank a fifth of my chips: {amount}.")

    def keep_bank(self, table, decision: Decision) -> BotChoice:
        forced = _forced(decision)
        if forced:
            return forced
        opening, bank = table.bank_opening, table.bank
        doubled = at_least(bank, times(2, opening))
        if decision.action_for(ActionKind.RETIRE):
            if doubled:
                return _KEEP["retire doubled"]
            if less(times(2, bank), opening):
                return _KEEP["retire halved"]
            return _KEEP["go on"]
        return _KEEP["pass"] if doubled else _KEEP["continue"]

    # -- bets ----------------------------------------------------------------------------------
    def banco(self, table, decision: Decision) -> BotChoice:
        return _BANCO if at_least(table.seats[decision.seat].balance, times(4, table.bank)) else _NO_BANCO

    def bet(self, table, decision: Decision) -> BotChoice:
        seat = table.seats[decision.seat]
        side = None
        if decision.actions[0].side is not None:
            rules = table.rules
            if self._left_seats[0] is not rules:
                self._left_seats = (rules, rules.side_seats[Hand.LEFT])
            side = Hand.LEFT if decision.seat in self._left_seats[1] else Hand.RIGHT
        action = decision.action_for(ActionKind.BET, side)
        if action is None:
            return _NO_ROOM
        balance, minimum, maximum = seat.balance, action.min_amount, action.max_amount
        if type(balance) is int and type(minimum) is int and type(maximum) is int:  # the usual case, compared directly
            amount = max(balance // 10, minimum)
            if maximum < amount:
                amount = maximum
        else:
            amount = _whole_part(balance, 10)
            if less(amount, minimum):
                amount = minimum
            if less(maximum, amount):
                amount = maximum // 1  # whole chips: a fraction of the bank stays uncovered
        if amount == 0 or less(amount, minimum):
            return _NO_CHIP_LEFT
        key = (amount, None if side is None else side._value_)
        choice = self._bets.get(key)
        if choice is None:
            where = "" if side is None else f" on the {side.value.lower()}"
            choice = BotChoice(ActionKind.BET, amount, side, "I bet a tenth of my chips" + where + ": {amount}.")
            if len(self._bets) < 500:
                self._bets[key] = choice
        return choice

    # -- drawing -------------------------------------------------------------------------------
    def hand_draw(self, table, decision: Decision) -> BotChoice:
        forced = _forced(decision)
        if forced:
            return forced
        total = _hand_total(table.visible_cards(decision.seat, decision.hand))
        if total != 5:
            return _GUIDANCE[total]
        return _COIN_DRAW if self._coin_draws() else _COIN_STAND

    OPTIONAL_DRAWS = {(3, 9): True, (5, 4): True}  # (banker total, third card value) -> draws

    def banker_draw(self, table, decision: Decision) -> BotChoice:
        forced = _forced(decision)
        if forced:
            return forced
        total = _hand_total(table.hands[Hand.BANKER])
        third = value_of(table.hands[Hand.PLAYER][2])
        draws = self.OPTIONAL_DRAWS.get((total, third), True)
        choice = _BANKER_CELLS.get((total, third, draws))
        if choice is None:
            if draws:
                choice = BotChoice(ActionKind.DRAW, why="Optional cell {0} against a {1}: I draw, as Punto Banco does.",
                                   facts=(total, third))
            else:
                choice = BotChoice(ActionKind.STAND, why="Optional cell {0} against a {1}: I stand.",
                                   facts=(total, third))
            _BANKER_CELLS[total, third, draws] = choice
        return choice

    def banque_banker_draw(self, table, decision: Decision) -> BotChoice:
        return table_banker_choice(table)


def table_banker_choice(table) -> BotChoice:
    """The simple Banque banker: the Chemin de Fer table against the tableau with more chips on it."""
    settled = table.settled_hands
    if Hand.RIGHT in settled or Hand.LEFT in settled:
        open_hands = [hand for hand in (Hand.RIGHT, Hand.LEFT) if hand not in settled]
        target = max(open_hands, key=lambda hand: (table.staked_on(hand), hand is Hand.RIGHT))
    else:  # both in play: the left only when strictly more chips ride on it
        right = left = 0
        for stake in table.stakes:
            if stake.hand is Hand.RIGHT:
                right += stake.amount
            elif stake.hand is Hand.LEFT:
                left += stake.amount
        target = Hand.LEFT if less(right, left) else Hand.RIGHT
    hands = table.hands
    total = _hand_total(hands[Hand.BANKER])
    cards = hands[target]
    third = value_of(cards[2]) if len(cards) == 3 else None
    draws = table.drawing.banker_cell(total, third) is not Cell.STAND
    key = (target._value_, third, draws)
    choice = _TABLE_BANKER.get(key)
    if choice is None:
        choice = _TABLE_BANKER[key] = BotChoice(
            ActionKind.DRAW if draws else ActionKind.STAND,
            why="I play the Chemin de Fer table against the {0} (more chips; it {1}): I {2}.",
            facts=(target.value.lower(), "stood" if third is None else f"drew a {third}", "draw" if draws else "stand"),
        )
    return choice


# Keyed by the kind's name: a str key hashes in C, an Enum key calls Python code.
_METHODS = {
    DecisionKind.OFFER_BANK.name: "offer_bank",
    DecisionKind.KEEP_BANK.name: "keep_bank",
    DecisionKind.BANCO.name: "banco",
    DecisionKind.BET.name: "bet",
    DecisionKind.PUNTER_DRAW.name: "hand_draw",
    DecisionKind.CAPTAIN_DRAW.name: "hand_draw",
    DecisionKind.BANKER_DRAW.name: "banker_draw",
    DecisionKind.BANQUE_BANKER_DRAW.name: "banque_banker_draw",
}


def make_bots(seed=None, seats=range(1, 6), draw_on_five=DRAW_ON_FIVE) -> dict[int, RuleBot]:
    """One :class:`RuleBot` per seat, each with its own stream from one seed (or Generator)."""
    if isinstance(seed, np.random.Generator):
        seed = int(seed.integers(2**63))
    children = np.random.SeedSequence(seed).spawn(len(seats))
    return {
        seat: RuleBot(random.Random(int(child.generate_state(1, np.uint64)[0])), draw_on_five)
        for seat, child in zip(seats, children)
    }


def play_bots(
    table,
    bots: Mapping[int, Bot],
    banker: Bot | None = None,
    stop_at: int | None = 0,
    limit: int | None = None,
) -> list[tuple[int, BotChoice]]:
    """Let bots answer pending decisions until seat ``stop_at`` must act (``None``: never stop),
    the table is over, or ``limit`` actions were taken. ``banker`` (if given) answers every
    Banque banker decision, whoever banks; the house uses it or the simple table banker.
    Returns each (seat, choice) taken, so a UI can show the bots' reasons."""
    taken: list[tuple[int, BotChoice]] = []
    while table.pending is not None and (limit is None or len(taken) < limit):
        decision = table.pending
        seat = decision.seat
        if seat == stop_at:
            break
        if decision.kind is DecisionKind.BANQUE_BANKER_DRAW and (banker is not None or seat == HOUSE):
            choice = banker.choose(table, decision) if banker is not None else table_banker_choice(table)
        else:
            choice = bots[seat].choose(table, decision)
        table._act_as_bot(choice.kind, choice.amount, choice.side)
        taken.append((seat, choice))
    return taken
