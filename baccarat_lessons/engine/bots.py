"""Bots for the seat-banked tables: small seeded objects that answer their seat's decision.

A bot decides from its seat's :class:`~baccarat_lessons.engine.seated.window.SeatWindow`
(``table.window(seat)``) and nothing else. ``choose(window)`` returns a
:class:`BotChoice`: the action, its amount or side, and a one-line ``reason``. A
reason that rests on the bot's face-down cards ("I have 5…") is for the bot's own
seat; others read ``public`` ("Carte.") until those cards are turned over
(:meth:`BotChoice.told`). :func:`play_bots` lets bots act until the user must decide.

The stated rules of :class:`RuleBot` (guidance and optional cells read from the
variant's drawing rules):

- **Bank**: opens the bank with a fifth of its chips (whole chips, at least the minimum bet).
  Chemin de Fer: continues after a win or a tie until the bank has doubled its
  opening amount, then passes. Banque ouverte: retires once the bank has doubled,
  or has fallen below half of its opening amount.
- **Bets**: a tenth of its chips, in whole chips (at least the minimum, at most what
  is allowed, rounded down; it sits out if not even the minimum fits); at Banque it
  backs the tableau of its own side (seat 0 backs the right).
- **Banco**: calls banco when the whole bank is at most a quarter of its chips.
- **Punter / captain**: follows the guidance (draw where the drawing rules guide a draw,
  stand where they guide a stand); on a total left to choice it draws with probability
  ``draw_on_five`` (a seeded coin, ``DRAW_ON_FIVE`` = ½ by default).
- **Chemin de Fer banker**: follows the table; in an optional cell it does what the Punto
  Banco table does in that cell (draws with 3 against a 9 and with 5 against a 4).
- **Banque banker (simple)**: plays the Chemin de Fer banker table against the
  tableau carrying more chips (the right one on equal stakes), drawing in the
  optional cells. The exact-expected-value banker is
  :class:`baccarat_lessons.analysis.banque_banker.ExactBanqueBanker`.

>>> from baccarat_lessons.engine.money import CHIP
>>> from baccarat_lessons.engine.seated import CheminDeFerTable
>>> table = CheminDeFerTable(seed=5)
>>> bots = make_bots(seed=5)
>>> table.open_bank(20 * CHIP)
>>> choices = play_bots(table, bots)
>>> choices[0][0], choices[0][1].reason
(1, 'I bet a tenth of my chips: 10.')
>>> table.chips_in_play() == 600 * CHIP
True
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import AbstractSet, Callable, Iterable, Mapping, NamedTuple, Protocol

from . import drawing as drawing_rules
from .drawing import Cell
from .events import Hand
from .money import CHIP, show_chips
from .randomness import child_seeds, make_generator
from .seated.decisions import HOUSE, ActionKind, Decision, DecisionKind, totals_words
from .seated.table import SeatedTable
from .seated.window import SeatWindow

DRAW_ON_FIVE = Fraction(1, 2)  # the chance a bot punter or captain draws on 5: its seeded coin
SIDE_WORDS = {Hand.RIGHT: "right tableau", Hand.LEFT: "left tableau"}


class BotChoice(NamedTuple):
    """What a bot does and why. ``reason`` may rest on the bot's face-down cards of
    ``hidden_hand``; ``public`` is what the other seats may read until that hand is turned over."""

    kind: ActionKind
    amount: int | None = None  # hundredths of a chip
    side: Hand | None = None
    reason: str = ""
    public: str = ""  # "" : the reason itself is public
    hidden_hand: Hand | None = None

    def told(self, reader: int | None, seat: int, revealed: AbstractSet[Hand] = frozenset()) -> str:
        """The reason as seat ``reader`` may read it (the bot sits at ``seat``)."""
        if self.hidden_hand is None or reader == seat or self.hidden_hand in revealed or not self.public:
            return self.reason
        return self.public


class Bot(Protocol):
    def choose(self, window: SeatWindow) -> BotChoice: ...


def _whole_chips(amount: int) -> int:
    """``amount`` hundredths rounded down to whole chips."""
    return amount // CHIP * CHIP


def _spoken(kind: ActionKind, hand: Hand) -> str:
    """What others hear: 'Carte.' / 'Non.' for the players' hand, 'I draw.' / 'I stand.' otherwise."""
    if hand is Hand.PLAYER:
        return "Carte." if kind is ActionKind.DRAW else "Non."
    return "I draw." if kind is ActionKind.DRAW else "I stand."


class RuleBot:
    """A seat bot that follows the simple stated rules in this module's docstring."""

    def __init__(self, seed: int | random.Random | None = None, draw_on_five: Fraction | float = DRAW_ON_FIVE) -> None:
        self.rng = make_generator(seed)
        self.draw_on_five = draw_on_five
        self._answers: dict[DecisionKind, Callable[[SeatWindow, Decision], BotChoice]] = {
            DecisionKind.OFFER_BANK: self.offer_bank, DecisionKind.KEEP_BANK: self.keep_bank,
            DecisionKind.BANCO: self.banco, DecisionKind.BET: self.bet, DecisionKind.PUNTER_DRAW: self.hand_draw,
            DecisionKind.CAPTAIN_DRAW: self.hand_draw, DecisionKind.BANKER_DRAW: self.banker_draw,
            DecisionKind.BANQUE_BANKER_DRAW: self.banque_banker_draw,
        }

    def choose(self, window: SeatWindow) -> BotChoice:
        decision = window.pending
        assert decision is not None, "a bot is asked on its own turn"
        return self._answers[decision.kind](window, decision)

    def _forced(self, decision: Decision) -> BotChoice | None:
        if decision.is_forced:
            action = decision.actions[0]
            hidden = decision.hand
            public = _spoken(action.kind, hidden) if hidden is not None else ""
            return BotChoice(action.kind, reason=f"No choice: {action.reason}", public=public, hidden_hand=hidden)
        return None

    # -- the bank --------------------------------------------------------------------------
    def offer_bank(self, window: SeatWindow, decision: Decision) -> BotChoice:
        low, high = decision.actions[0].min_amount, decision.actions[0].max_amount
        assert low is not None and high is not None, "a bank has its least and its most"
        amount = min(max(_whole_chips(window.balance() // 5), low), high)
        return BotChoice(ActionKind.OPEN_BANK, amount, reason=f"I bank a fifth of my chips: {show_chips(amount)}.")

    def keep_bank(self, window: SeatWindow, decision: Decision) -> BotChoice:
        forced = self._forced(decision)
        if forced:
            return forced
        opening, bank = window.bank_opening, window.bank
        doubled = bank >= 2 * opening
        if decision.action_for(ActionKind.RETIRE):
            if doubled:
                return BotChoice(ActionKind.RETIRE, reason="The bank has doubled: I retire with the gain.")
            if 2 * bank < opening:
                return BotChoice(ActionKind.RETIRE, reason="The bank has lost more than half: I retire.")
            return BotChoice(ActionKind.CONTINUE_BANK, reason="The bank is between half and double its start: I go on.")
        if doubled:
            return BotChoice(ActionKind.PASS_BANK, reason="The bank has doubled since I opened it: I pass it.")
        return BotChoice(ActionKind.CONTINUE_BANK, reason="The bank has not doubled yet: I continue.")

    # -- bets ----------------------------------------------------------------------------------
    def banco(self, window: SeatWindow, decision: Decision) -> BotChoice:
        if window.balance() >= 4 * window.bank:
            return BotChoice(ActionKind.BANCO, reason="The bank is at most a quarter of my chips: banco!")
        return BotChoice(ActionKind.DECLINE_BANCO, reason="The bank is more than a quarter of my chips: no banco.")

    def bet(self, window: SeatWindow, decision: Decision) -> BotChoice:
        side = None
        if decision.actions[0].side is not None:
            side = Hand.LEFT if window.seat in window.variant.side_seats[Hand.LEFT] else Hand.RIGHT
        action = decision.action_for(ActionKind.BET, side)
        if action is None:
            return BotChoice(ActionKind.NO_BET, reason="There is no room for my bet: I sit this coup out.")
        low, high = action.min_amount, action.max_amount
        assert low is not None and high is not None, "a bet has its least and its most"
        amount = max(_whole_chips(window.balance() // 10), low)
        if amount > high:
            amount = _whole_chips(high)  # whole chips: a fraction of the bank stays uncovered
        if amount == 0 or amount < low:
            return BotChoice(ActionKind.NO_BET, reason="Less than one chip of the bank is uncovered: I pass.")
        where = "" if side is None else f" on the {SIDE_WORDS[side]}"
        return BotChoice(ActionKind.BET, amount, side, f"I bet a tenth of my chips{where}: {show_chips(amount)}.")

    # -- drawing -------------------------------------------------------------------------------
    def hand_draw(self, window: SeatWindow, decision: Decision) -> BotChoice:
        forced = self._forced(decision)
        if forced:
            return forced
        rules, hand = window.drawing, decision.hand
        assert hand is not None, "a punter or a captain draws or stands for a hand"
        total = window.total(hand)
        if total in rules.player_optional_on:
            kind = ActionKind.DRAW if self.rng.random() < self.draw_on_five else ActionKind.STAND
            said = "draw" if kind is ActionKind.DRAW else "stand"
            reason = f"I have {total}, where I may choose: my coin says {said}."
        elif total in rules.player_draws_on:
            kind = ActionKind.DRAW
            reason = f"Guidance: draw on {totals_words(rules.player_draws_on)}, and I have {total}."
        else:
            kind = ActionKind.STAND
            stands = set(range(8)) - set(rules.player_draws_on) - set(rules.player_optional_on)
            reason = f"Guidance: stand on {totals_words(stands)}, and I have {total}."
        return BotChoice(kind, reason=reason, public=_spoken(kind, hand), hidden_hand=hand)

    def banker_draw(self, window: SeatWindow, decision: Decision) -> BotChoice:
        forced = self._forced(decision)
        if forced:
            return forced
        total, card = window.total(Hand.BANKER), window.third_card(Hand.PLAYER)
        assert total is not None and card is not None, "an optional cell: the banker sees its total and a third card"
        third = card.value
        draws = drawing_rules.PUNTO_BANCO.banker_cell(total, third) is Cell.DRAW
        kind = ActionKind.DRAW if draws else ActionKind.STAND
        reason = (f"Optional cell {total} against a {third}: I {'draw' if draws else 'stand'}, "
                  f"as the Punto Banco table does.")
        return BotChoice(kind, reason=reason, public=_spoken(kind, Hand.BANKER), hidden_hand=Hand.BANKER)

    def banque_banker_draw(self, window: SeatWindow, decision: Decision) -> BotChoice:
        return table_banker_choice(window)


def table_banker_choice(window: SeatWindow) -> BotChoice:
    """The simple Banque banker: the Chemin de Fer table against the tableau with more chips on it."""
    settled, naturals = window.results, window.naturals
    open_hands = [hand for hand in (Hand.RIGHT, Hand.LEFT) if hand not in settled and hand not in naturals]
    # The right one on equal stakes: max() keeps the first of equals.
    target = max(open_hands, key=window.staked_on)
    total = window.total(Hand.BANKER)
    assert total is not None, "the banker sees its own cards"
    card = window.third_card(target)
    third = None if card is None else card.value
    draws = window.drawing.banker_cell(total, third) is not Cell.STAND
    kind = ActionKind.DRAW if draws else ActionKind.STAND
    reason = (f"I play the Chemin de Fer table against the {target.value.lower()} (more chips; it "
              f"{'stood' if third is None else f'drew a {third}'}): I {'draw' if draws else 'stand'}.")
    return BotChoice(kind, reason=reason, public=_spoken(kind, Hand.BANKER), hidden_hand=Hand.BANKER)


def make_bots(seed: int | random.Random | None = None, seats: Iterable[int] = range(1, 6),
              draw_on_five: Fraction | float = DRAW_ON_FIVE) -> dict[int, RuleBot]:
    """One :class:`RuleBot` per seat, each with its own stream from one seed (or ``random.Random``)."""
    seat_list = list(seats)
    return {seat: RuleBot(child, draw_on_five) for seat, child in zip(seat_list, child_seeds(seed, len(seat_list)))}


def play_bots(
    table: SeatedTable,
    bots: Mapping[int, Bot],
    banker: Bot | None = None,
    stop_at: int | None = 0,
    limit: int | None = None,
) -> list[tuple[int, BotChoice]]:
    """Let bots answer pending decisions until seat ``stop_at`` must act (``None``: never stop),
    the table is over, or ``limit`` actions were taken. ``banker`` (if given) answers every
    Banque banker decision, whoever banks; the house uses it or the simple table banker.
    Each bot is handed only its seat's window. Returns each (seat, choice) taken, so a UI
    can show the bots' reasons (told to each reader by ``choice.told``)."""
    taken: list[tuple[int, BotChoice]] = []
    while table.pending is not None and (limit is None or len(taken) < limit):
        seat = table.pending.seat
        if seat == stop_at:
            break
        taken.append((seat, bot_turn(table, bots, banker)))
    return taken


def bot_turn(table: SeatedTable, bots: Mapping[int, Bot], banker: Bot | None = None) -> BotChoice:
    """Let the bot whose turn it is choose from its seat's window, and act on it like any player."""
    decision = table.pending
    assert decision is not None, "a bot's turn is a pending decision"
    seat = decision.seat
    window = table.window(seat)
    if decision.kind is DecisionKind.BANQUE_BANKER_DRAW and (banker is not None or seat == HOUSE):
        choice = banker.choose(window) if banker is not None else table_banker_choice(window)
    else:
        choice = bots[seat].choose(window)
    table.act(choice.kind, choice.amount, choice.side, seat=seat)
    return choice
