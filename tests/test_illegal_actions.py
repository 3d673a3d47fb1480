"""Every illegal action is refused with a typed error and a sentence, and changes nothing — at
every variant's table, through the one API.

At each decision of a game played by random legal choices, every action kind is tried with
awkward amounts and sides: ``can`` must give the reason exactly when ``act`` raises, and a
refused action must leave the table's snapshot unchanged. Amounts are hundredths of a chip.
"""

import random
from fractions import Fraction

import pytest

from baccarat_lessons.engine.bets import BetSpot
from baccarat_lessons.engine.errors import BaccaratError, BetError, DecisionError, PhaseError
from baccarat_lessons.engine.events import Hand
from baccarat_lessons.engine.money import CHIP
from baccarat_lessons.engine.seated import ActionKind, DecisionKind
from baccarat_lessons.engine.settings import TableSettings
from baccarat_lessons.engine.tables import new_table
from baccarat_lessons.engine.variants import VARIANTS, Banking

# In hundredths: nothing, zero, negative, a hundredth, 1 and 5 chips, 2.50 chips (not whole),
# a float, a Fraction, far too many, a string, a bool.
AMOUNTS = (None, 0, -1, 1, 1 * CHIP, 5 * CHIP, 250, 2.5, Fraction(1, 2), 10**6 * CHIP, "5", True)
# Every hand and spot of every variant, and "right": not a hand or a spot at all.
SIDES = (None, Hand.RIGHT, Hand.LEFT, Hand.PLAYER, BetSpot.PLAYER, BetSpot.TIE, BetSpot.PERFECT_PAIR, "right")


def check_refusals(table) -> int:
    """Try everything at the current decision; return how many attempts were refused."""
    refused = 0
    decision = table.pending
    for kind in ActionKind:
        for amount in AMOUNTS:
            for side in SIDES:
                reason = table.can(kind, amount, side)
                if reason is None:
                    assert decision.action_for(kind, side) is not None, (kind, amount, side)
                    continue
                refused += 1
                assert isinstance(reason, str) and reason.endswith(".") and reason[0].isupper(), reason
                before, chips = table.snapshot(), table.chips_in_play()
                try:
                    table.act(kind, amount, side)
                except (PhaseError, DecisionError, BetError) as error:
                    assert str(error) == reason
                else:
                    raise AssertionError(f"{kind} {amount} {side} was refused by can() but accepted by act()")
                assert table.snapshot() == before and table.chips_in_play() == chips
    first = decision.actions[0]
    amount = first.max_amount if first.kind.takes_amount else None
    before = table.snapshot()
    other = 1 if decision.seat != 1 else 2  # a seat whose turn it is not (at Punto Banco: a seat that is not there)
    with pytest.raises(DecisionError):
        table.act(first.kind, amount, first.side, seat=other)
    assert table.snapshot() == before
    return refused


def legal_amount(table, action, rng: random.Random):
    """A legal amount for ``action``: a chip of the layout, or whole chips between its bounds."""
    if not action.kind.takes_amount:
        return None
    if table.variant.has_fixed_rules:
        fitting = [value * CHIP for value in table.variant.stakes if value * CHIP <= action.max_amount]
        return rng.choice(fitting)
    low, high = action.min_amount, action.max_amount
    return rng.choice(list(range(-(-low // CHIP) * CHIP, high + 1, CHIP)) + [high])


def random_legal_play(table, decisions: int, seed: int, check=False) -> tuple[set, int]:
    """Take random legal actions (random legal amounts), checking the table stays valid: chips
    conserved, no negative balance, the bank never below zero; with ``check``, every refusal too."""
    rng = random.Random(seed)
    kinds_taken, refused = set(), 0
    for _ in range(decisions):
        decision = table.pending
        if decision is None:
            break
        if check:
            refused += check_refusals(table)
        action = rng.choice(decision.actions)
        amount = legal_amount(table, action, rng)
        assert table.can(action.kind, amount, action.side) is None
        table.act(action.kind, amount, action.side)
        kinds_taken.add(action.kind)
        assert table.chips_in_play() == table.starting_total
        assert all(seat.balance >= 0 for seat in table.seats)
        assert table.bank >= 0
    return kinds_taken, refused


@pytest.mark.parametrize("key", list(VARIANTS))
def test_every_illegal_action_is_refused_and_changes_nothing(key):
    table = new_table(key, seed=21)
    _, refused = random_legal_play(table, decisions=120, seed=21, check=True)
    assert refused > 5_000 and table.coups_played > 5


def finished_table(key):
    """A table its rules have closed: every seat declines a seat-banked bank in turn; a practice
    session at a layout reaches its hand limit. (At Banque limitée the house banks on while any seat
    has chips, which no short legal play is sure to exhaust: it shares the closed table's checks with
    the other seat-banked tables, `SeatedTable`'s, tested here through Chemin de Fer and Banque ouverte.)"""
    if VARIANTS[key].has_fixed_rules:
        variant = VARIANTS[key]
        table = new_table(key, seed=1, settings=TableSettings(decks=variant.decks, hands_limit=10))
        random_legal_play(table, decisions=10_000, seed=2)
    else:
        table = new_table(key, seed=1)
        while table.pending is not None and table.pending.kind is DecisionKind.OFFER_BANK:
            table.act(ActionKind.DECLINE_BANK)
    return table


# Not where the house banks a seat-banked table: it banks on while any seat has chips (finished_table).
@pytest.mark.parametrize("key", [key for key, variant in VARIANTS.items()
                                 if not (variant.is_seat_banked and variant.house_banks)])
def test_a_finished_table_refuses_everything(key):
    table = finished_table(key)
    assert table.pending is None and table.over_reason()
    before = table.snapshot()
    for kind in ActionKind:
        assert table.can(kind) == table.over_reason()
        with pytest.raises(BaccaratError) as refused:
            table.act(kind)
        assert isinstance(refused.value, PhaseError) and str(refused.value) == table.over_reason()
        assert table.snapshot() == before


def reached(variant) -> set:
    """The actions random play must reach at a variant, read from its record (a random player declines
    the bank half the time, so a seat-banked table often ends when every seat has declined in turn:
    several tables are played)."""
    if variant.has_fixed_rules:
        return {ActionKind.BET, ActionKind.UNDO, ActionKind.CLEAR, ActionKind.REBET, ActionKind.DEAL}
    kinds = {ActionKind.DRAW, ActionKind.STAND}
    if variant.has_banco:  # banco, or bets in turn, each of which may be no bet
        kinds |= {ActionKind.BANCO, ActionKind.DECLINE_BANCO, ActionKind.NO_BET}
    else:
        kinds |= {ActionKind.BET} | ({ActionKind.NO_BET} if variant.house_banks else set())
    if not variant.house_banks:
        leave = ActionKind.PASS_BANK if variant.banking is Banking.ROTATING else ActionKind.RETIRE
        kinds |= {ActionKind.DECLINE_BANK, ActionKind.CONTINUE_BANK, leave}
    return kinds


@pytest.mark.parametrize("key", list(VARIANTS))
def test_random_legal_play_keeps_every_table_valid(key):
    taken, coups = set(), 0
    for seed in range(31, 39):
        table = new_table(key, seed=seed)
        kinds, _ = random_legal_play(table, decisions=1500, seed=seed)
        taken |= kinds
        coups += table.coups_played
    assert coups > 50
    assert reached(VARIANTS[key]) <= taken
