"""Rule bots: stated rules, legal choices, reproducible from a seed; each decides from its
seat's window. Amounts are hundredths of a chip (``CHIP`` = 100)."""

import random

import pytest

from baccarat_lessons.engine.bots import BotChoice, RuleBot, make_bots, play_bots, table_banker_choice
from baccarat_lessons.engine.events import Hand
from baccarat_lessons.engine.money import CHIP
from baccarat_lessons.engine.seated import HOUSE, ActionKind, CheminDeFerTable, DecisionKind
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


def choose(bot, table):
    """``bot``'s choice at the pending decision, from the deciding seat's window only."""
    return bot.choose(table.window(table.pending.seat))


@pytest.mark.parametrize("cards, expected", [
    ("2S 2H AD 3C", ActionKind.DRAW),  # 3
    ("4S 2H 2D 3C", ActionKind.STAND),  # 6
    ("KS 2H QD 3C", ActionKind.DRAW),  # 0, forced
])
def test_punter_bot_follows_the_guidance(cards, expected):
    table = cdf(cards, 10 * CHIP, [10 * CHIP])
    choice = choose(RuleBot(seed=1), table)
    assert choice.kind is expected
    assert choice.reason.endswith(".")
    # The reason rests on the punter's face-down cards: the other seats hear only carte or non.
    said = "Carte." if expected is ActionKind.DRAW else "Non."
    assert choice.told(1, seat=1) == choice.reason and choice.told(0, seat=1) == choice.told(None, seat=1) == said
    assert choice.told(0, seat=1, revealed={Hand.PLAYER}) == choice.reason


def test_punter_bot_tosses_a_seeded_coin_on_five():
    draws = []
    for seed in range(200):
        table = cdf("3S 2H 2D 3C", 10 * CHIP, [10 * CHIP])
        draws.append(choose(RuleBot(seed=seed), table).kind is ActionKind.DRAW)
    assert 60 < sum(draws) < 140  # about half
    again = [choose(RuleBot(seed=seed), table).kind is ActionKind.DRAW for seed in range(200)]
    assert draws == again  # the same seeds give the same coins
    assert choose(RuleBot(seed=1, draw_on_five=1), table).kind is ActionKind.DRAW
    assert choose(RuleBot(seed=1, draw_on_five=0), table).kind is ActionKind.STAND


@pytest.mark.parametrize("cards", ["2S AH 2D 2C 9H", "KS 2H QD 3C 4D"])
def test_chemin_de_fer_banker_bot_draws_in_both_optional_cells(cards):
    table = cdf(cards, 10 * CHIP, [10 * CHIP])
    table.draw()
    assert not table.pending.is_forced
    choice = choose(RuleBot(seed=1), table)
    assert choice.kind is ActionKind.DRAW and "Optional cell" in choice.reason


def test_bet_bot_bets_a_tenth_within_what_is_allowed():
    table = CheminDeFerTable(seed=1)
    table.open_bank(4 * CHIP)
    choice = choose(RuleBot(seed=1), table)
    assert (choice.kind, choice.amount) == (ActionKind.BET, 4 * CHIP)  # a tenth is 10, only 4 is open
    table = CheminDeFerTable(seed=1)
    table.open_bank(50 * CHIP)
    choice = choose(RuleBot(seed=1), table)
    assert (choice.amount, choice.reason) == (10 * CHIP, "I bet a tenth of my chips: 10.")


def test_banque_bots_back_their_own_side():
    table = BanqueLimiteeTable(seed=2)
    table.no_bet()
    seen = {}
    while table.pending.kind is DecisionKind.BET:
        seat = table.pending.seat
        choice = RuleBot(seed=seat).choose(table.window(seat))
        seen[seat] = choice.side
        table.act(choice.kind, choice.amount, choice.side, seat=seat)
    assert seen == {1: Hand.RIGHT, 2: Hand.RIGHT, 3: Hand.LEFT, 4: Hand.LEFT, 5: Hand.LEFT}
    assert [stake.amount for stake in table.stakes] == [10 * CHIP] * 5


def test_bank_bot_opens_a_fifth_and_passes_once_doubled():
    table = CheminDeFerTable(seed=3)
    table.decline_bank()
    choice = choose(RuleBot(seed=1), table)
    assert (choice.kind, choice.amount) == (ActionKind.OPEN_BANK, 20 * CHIP)
    # Two coups the bank wins on a natural 9 (punter, banker, punter, banker each).
    table = CheminDeFerTable(shoe=Shoe.stacked("2S 9H AD KC 3S 9D AH KD", decks=6))
    table.decline_bank()
    table.open_bank(20 * CHIP)  # seat 1 banks 20
    table.decline_banco()
    table.bet(20 * CHIP)  # seat 2 covers the bank and is the punter, on 3
    table.draw()  # the banker's natural stops the card
    assert table.bank == 39 * CHIP  # 20 + 20 less 5% of 20
    choice = choose(RuleBot(seed=1), table)
    assert (choice.kind, choice.reason) == (ActionKind.CONTINUE_BANK, "The bank has not doubled yet: I continue.")
    table.act(choice.kind, seat=1)
    table.banco()  # you cover the 39
    table.draw()
    assert table.bank == 39 * CHIP + 39 * CHIP - 195  # 5% of 39 is 1.95
    choice = choose(RuleBot(seed=1), table)  # 76.05 is at least twice the 20 it opened with
    assert (choice.kind, choice.reason) == (ActionKind.PASS_BANK, "The bank has doubled since I opened it: I pass it.")


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


def test_bots_take_their_streams_from_one_random_generator():
    one, two = make_bots(random.Random(5)), make_bots(random.Random(5))
    assert sorted(one) == [1, 2, 3, 4, 5]
    assert [bot.rng.random() for bot in one.values()] == [bot.rng.random() for bot in two.values()]
    assert len({bot.rng.random() for bot in make_bots(5).values()}) == 5  # a stream per seat


def test_simple_banque_banker_plays_the_table_against_the_bigger_stake():
    # Right 4 (10 chips) draws a 5; left 6 (10+10 chips) stands; banker 2: the table says draw on 2.
    table = BanqueLimiteeTable(shoe=Shoe.stacked("2S 3H AD 2C 3C AC 5H 7D", decks=3))
    for bet in [(10 * CHIP, Hand.RIGHT), None, None, (10 * CHIP, Hand.LEFT), (10 * CHIP, Hand.LEFT), None]:
        table.no_bet() if bet is None else table.bet(*bet)
    table.draw()
    table.stand()
    assert table.pending.seat == HOUSE
    choice = table_banker_choice(table.window(HOUSE))
    assert choice.kind is ActionKind.DRAW and "left" in choice.reason


def test_every_bot_choice_is_legal_over_many_decisions():
    for make in (CheminDeFerTable, BanqueOuverteTable, BanqueLimiteeTable):
        table = make(seed=8)
        bots = make_bots(seed=8, seats=range(6))
        for _ in range(3000):
            decision = table.pending
            if decision is None:
                break
            window = table.window(decision.seat)
            if decision.kind is DecisionKind.BANQUE_BANKER_DRAW:
                choice = table_banker_choice(window)
            else:
                choice = bots[decision.seat].choose(window)
            assert table.can(choice.kind, choice.amount, choice.side, seat=decision.seat) is None, choice
            table.act(choice.kind, choice.amount, choice.side, seat=decision.seat)
            assert table.chips_in_play() == 600 * CHIP
