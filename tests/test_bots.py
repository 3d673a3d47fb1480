"""Rule bots: stated rules, legal choices, reproducible from a seed."""

from fractions import Fraction

import numpy as np
import pytest

from baccarat_lessons.engine.bots import BotChoice, RuleBot, make_bots, play_bots, table_banker_choice
from baccarat_lessons.engine.events import Hand
from baccarat_lessons.engine.seated import ActionKind, CheminDeFerTable, DecisionKind
from baccarat_lessons.engine.seated.banque import BanqueLimiteeTable, BanqueOuverteTable
from baccarat_lessons.engine.shoe import Shoe


def cdf(cards, bank, bets):
    table = CheminDeFerTable(shoe=Shoe.stacked(cards, decks=6))
    table.open_bank(bank)
    for amount in bets:
        table.bet(amount)
    while table.pending.kind is DecisionKind.BET:
        table.no_bet()
    return table


@pytest.mark.parametrize("cards, expected", [
    ("2S 2H AD 3C", ActionKind.DRAW),  # 3
    ("4S 2H 2D 3C", ActionKind.STAND),  # 6
    ("KS 2H QD 3C", ActionKind.DRAW),  # 0, forced
])
def test_punter_bot_follows_the_guidance(cards, expected):
    table = cdf(cards, 10, [10])
    choice = RuleBot(seed=1).choose(table, table.pending)
    assert choice.kind is expected
    assert choice.reason.endswith(".")


def test_punter_bot_tosses_a_seeded_coin_on_five():
    draws = []
    for seed in range(200):
        table = cdf("3S 2H 2D 3C", 10, [10])
        draws.append(RuleBot(seed=seed).choose(table, table.pending).kind is ActionKind.DRAW)
    assert 60 < sum(draws) < 140  # about half
    again = [RuleBot(seed=seed).choose(table, table.pending).kind is ActionKind.DRAW for seed in range(200)]
    assert draws == again  # the same seeds give the same coins
    assert RuleBot(seed=1, draw_on_five=1).choose(table, table.pending).kind is ActionKind.DRAW
    assert RuleBot(seed=1, draw_on_five=0).choose(table, table.pending).kind is ActionKind.STAND


@pytest.mark.parametrize("cards", ["2S AH 2D 2C 9H", "KS 2H QD 3C 4D"])
def test_chemin_de_fer_banker_bot_draws_in_both_optional_cells(cards):
    table = cdf(cards, 10, [10])
    table.draw()
    assert not table.pending.is_forced
    choice = RuleBot(seed=1).choose(table, table.pending)
    assert choice.kind is ActionKind.DRAW and "Optional cell" in choice.reason


def test_bet_bot_bets_a_tenth_within_what_is_allowed():
    table = CheminDeFerTable(seed=1)
    table.open_bank(4)
    choice = RuleBot(seed=1).choose(table, table.pending)
    assert (choice.kind, choice.amount) == (ActionKind.BET, 4)  # a tenth is 10, only 4 is open
    table = CheminDeFerTable(seed=1)
    table.open_bank(50)
    choice = RuleBot(seed=1).choose(table, table.pending)
    assert (choice.amount, choice.reason) == (10, "I bet a tenth of my chips: 10.")


def test_banque_bots_back_their_own_side():
    table = BanqueLimiteeTable(seed=2)
    table.no_bet()
    seen = {}
    while table.pending.kind is DecisionKind.BET:
        seat = table.pending.seat
        choice = RuleBot(seed=seat).choose(table, table.pending)
        seen[seat] = choice.side
        table.act(choice.kind, choice.amount, choice.side)
    assert seen == {1: Hand.RIGHT, 2: Hand.RIGHT, 3: Hand.LEFT, 4: Hand.LEFT, 5: Hand.LEFT}
    assert [stake.amount for stake in table.stakes] == [10] * 5


def test_bank_bot_opens_a_fifth_and_passes_once_doubled():
    table = CheminDeFerTable(seed=3)
    table.decline_bank()
    choice = RuleBot(seed=1).choose(table, table.pending)
    assert (choice.kind, choice.amount) == (ActionKind.OPEN_BANK, 20)
    table.bank_opening, table.bank = 20, 40
    decision = type(table.pending)(1, DecisionKind.KEEP_BANK, table.pending.actions)
    assert RuleBot(seed=1).keep_bank(table, decision).kind is ActionKind.PASS_BANK


def test_play_bots_stops_when_the_user_must_act_and_reports_reasons():
    table = CheminDeFerTable(seed=4)
    table.decline_bank()
    taken = play_bots(table, make_bots(seed=4))
    assert table.pending.seat == 0 and table.pending.kind is DecisionKind.BANCO
    assert taken[0][0] == 1 and taken[0][1].kind is ActionKind.OPEN_BANK
    assert all(isinstance(choice, BotChoice) and choice.reason for _, choice in taken)


def test_same_seed_same_game():
    def play(seed):
        table = CheminDeFerTable(seed=seed, history_limit=None)
        play_bots(table, make_bots(seed=seed, seats=range(6)), stop_at=None, limit=400)
        return [event.text for record in table.history for event in record.events]

    assert play(11) == play(11)
    assert play(11) != play(12)


def test_bots_accept_a_numpy_generator():
    bots = make_bots(np.random.default_rng(5))
    assert sorted(bots) == [1, 2, 3, 4, 5]


def test_simple_banque_banker_plays_the_table_against_the_bigger_stake():
    # Right 4 (10 chips) draws a 5; left 6 (10+10 chips) stands; banker 2: the table says draw on 2.
    table = BanqueLimiteeTable(shoe=Shoe.stacked("2S 3H AD 2C 3C AC 5H 7D", decks=3))
    for bet in [(10, Hand.RIGHT), None, None, (10, Hand.LEFT), (10, Hand.LEFT), None]:
        table.no_bet() if bet is None else table.bet(*bet)
    table.draw()
    table.stand()
    choice = table_banker_choice(table)
    assert choice.kind is ActionKind.DRAW and "left" in choice.reason


def test_every_bot_choice_is_legal_over_many_decisions():
    for make in (CheminDeFerTable, BanqueOuverteTable, BanqueLimiteeTable):
        table = make(seed=8)
        bots = make_bots(seed=8, seats=range(6))
        for _ in range(3000):
            decision = table.pending
            if decision is None:
                break
            if decision.kind is DecisionKind.BANQUE_BANKER_DRAW:
                choice = table_banker_choice(table)
            else:
                choice = bots[decision.seat].choose(table, decision)
            assert table.can(choice.kind, choice.amount, choice.side) is None, choice
            table.act(choice.kind, choice.amount, choice.side)
            assert table.chips_in_play() == 600
