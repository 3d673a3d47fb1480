"""Every illegal action is refused with a typed error and a sentence, and changes nothing.

At each decision of bot-driven games, every action kind is tried with awkward
amounts and sides: ``can`` must give the reason exactly when ``act`` raises, and
a refused action must leave the table's snapshot unchanged. Amounts are hundredths
of a chip (``CHIP`` = 100).
"""

from fractions import Fraction

from baccarat_lessons.engine.bots import bot_turn, make_bots
from baccarat_lessons.engine.errors import BaccaratError, BetError, DecisionError, PhaseError
from baccarat_lessons.engine.events import Hand
from baccarat_lessons.engine.money import CHIP
from baccarat_lessons.engine.seated import ActionKind, CheminDeFerTable

# In hundredths: nothing, zero, negative, a hundredth, 1 and 5 chips, 2.50 chips (not whole),
# a float, a Fraction, far too many, a string, a bool.
AMOUNTS = (None, 0, -1, 1, 1 * CHIP, 5 * CHIP, 250, 2.5, Fraction(1, 2), 10**6 * CHIP, "5", True)
SIDES = (None, Hand.RIGHT, Hand.LEFT, Hand.PLAYER, "right")  # "right": not a Hand at all


def check_refusals(table) -> int:
    """Try everything at the current decision; return how many attempts were refused."""
    refused = 0
    decision = table.pending
    for kind in ActionKind:
        for amount in AMOUNTS:
            for side in SIDES:
                reason = table.can(kind, amount, side)
                legal = decision.action_for(kind, side)
                if reason is None:
                    assert legal is not None, (kind, amount, side)
                    continue
                refused += 1
                assert isinstance(reason, str) and reason.endswith(".") and reason[0].isupper(), reason
                before = table.snapshot()
                try:
                    table.act(kind, amount, side)
                except (PhaseError, DecisionError, BetError) as error:
                    assert str(error) == reason
                else:
                    raise AssertionError(f"{kind} {amount} {side} was refused by can() but accepted by act()")
                assert table.snapshot() == before
    other = next(seat.index for seat in table.seats if seat.index != decision.seat)
    before = table.snapshot()
    first = decision.actions[0]
    amount = first.max_amount if first.kind.takes_amount else None
    try:
        table.act(first.kind, amount, first.side, seat=other)
    except DecisionError:
        pass
    else:
        raise AssertionError("an action for a seat whose turn it is not was accepted")
    assert table.snapshot() == before
    return refused


def play_checking(table, decisions: int, seed: int) -> int:
    bots = make_bots(seed=seed, seats=range(6))
    refused = 0
    for _ in range(decisions):
        decision = table.pending
        if decision is None:
            break
        refused += check_refusals(table)
        bot_turn(table, bots)  # the bot decides from its seat's window and acts for its seat
    return refused


def test_every_illegal_action_is_refused_and_changes_nothing_chemin_de_fer():
    table = CheminDeFerTable(seed=21)
    assert play_checking(table, decisions=250, seed=21) > 10_000
    assert table.coups_played > 30


def test_a_finished_table_refuses_everything():
    table = CheminDeFerTable(seed=1)
    for seat in table.seats[1:]:
        seat.balance = 0
    table.open_bank(5 * CHIP)
    assert table.pending is None
    before = table.snapshot()
    for kind in ActionKind:
        assert table.can(kind) == table.over_reason()
        try:
            table.act(kind)
        except BaccaratError as error:
            assert isinstance(error, PhaseError)
        assert table.snapshot() == before


def random_legal_play(table, decisions: int, seed: int) -> set:
    """Take uniformly random legal actions (random legal amounts), checking the table stays
    valid: chips conserved, no negative balance, the bank never below what is at stake."""
    import random

    rng = random.Random(seed)
    kinds_taken = set()
    for _ in range(decisions):
        decision = table.pending
        if decision is None:
            break
        action = rng.choice(decision.actions)
        amount = None
        if action.kind.takes_amount:
            low, high = action.min_amount, action.max_amount
            whole_chips = list(range(-(-low // CHIP) * CHIP, high + 1, CHIP))  # whole chips from low to high
            amount = rng.choice(whole_chips + [high])
        assert table.can(action.kind, amount, action.side) is None
        table.act(action.kind, amount, action.side)
        kinds_taken.add(action.kind)
        assert table.chips_in_play() == table.starting_total
        assert all(seat.balance >= 0 for seat in table.seats)
        assert table.bank >= 0
    return kinds_taken


def test_random_legal_play_keeps_chemin_de_fer_valid():
    # A random player declines the bank half the time, so a table often ends when every
    # seat has declined in turn: play several tables.
    taken, coups = set(), 0
    for seed in range(31, 41):
        table = CheminDeFerTable(seed=seed)
        taken |= random_legal_play(table, decisions=1500, seed=seed)
        coups += table.coups_played
    assert coups > 300
    assert {ActionKind.BANCO, ActionKind.DECLINE_BANCO, ActionKind.DECLINE_BANK, ActionKind.PASS_BANK,
            ActionKind.CONTINUE_BANK, ActionKind.NO_BET, ActionKind.DRAW, ActionKind.STAND} <= taken
