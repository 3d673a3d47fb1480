"""A Punto Banco / Mini Baccarat practice session (SPEC §2, §2.1, §3), at the PuntoBancoTable: stakes,
rounds, the session's length and end, rebet and the shoe procedures. The settings during a session,
the refusals and the conservation of chips have files of their own (test_session_*.py).

Amounts are hundredths of a chip (``CHIP`` = 100). The balance is what is in front of the user:
chips placed on the layout leave it when they are placed and come back with the settlement.
"""

from __future__ import annotations


import pytest

from baccarat_lessons.engine.bets import BetSpot
from baccarat_lessons.engine.driver import Driver
from baccarat_lessons.engine.errors import BetError, PhaseError
from baccarat_lessons.engine.events import Hand
from baccarat_lessons.engine.money import CHIP
from baccarat_lessons.engine.punto_banco import PuntoBancoTable
from baccarat_lessons.engine.records import Stake
from baccarat_lessons.engine.settings import TableSettings
from baccarat_lessons.engine.variants import MINI_BACCARAT, PUNTO_BANCO
from punto_banco_session import BET, UNDO, CLEAR, REBET, DEAL, PLAYER_COUP, BANKER_COUP, TIE_COUP, WORKED_EXAMPLE, stacked_table, bet, deal, refuse, settled


# -- stakes and starting chips ----------------------------------------------------------

def test_punto_banco_chips_are_5_10_25_50():
    table = PuntoBancoTable(seed=1)
    for amount in (5, 10, 25, 50):
        assert table.can(BET, amount * CHIP, BetSpot.PLAYER) is None
    for amount in (1, 2, 20, 100):
        assert table.can(BET, amount * CHIP, BetSpot.PLAYER) == (
            f"At Punto Banco the chips are 5, 10, 25, 50; there is no {amount} chip."
        )


def test_mini_baccarat_chips_are_1_2_5_10():
    table = PuntoBancoTable(MINI_BACCARAT, seed=1)
    for amount in (1, 2, 5, 10):
        assert table.can(BET, amount * CHIP, BetSpot.BANKER) is None
    for amount in (25, 50):
        assert table.can(BET, amount * CHIP, BetSpot.BANKER) == (
            f"At Mini Baccarat the chips are 1, 2, 5, 10; there is no {amount} chip."
        )


@pytest.mark.parametrize("chips", [100, 1000, 2000, 5000])
def test_starting_chips(chips):
    table = PuntoBancoTable(settings=TableSettings(starting_chips=chips), seed=1)
    assert table.balance == chips * CHIP and type(table.balance) is int  # hundredths, exactly
    assert table.starting_total == table.chips_in_play() == chips * CHIP
    assert PuntoBancoTable(MINI_BACCARAT).balance == 100 * CHIP


def test_chips_add_up_on_one_spot():
    table = PuntoBancoTable(seed=1)
    bet(table, BetSpot.BANKER, 10)
    bet(table, BetSpot.BANKER, 25)
    bet(table, BetSpot.TIE, 5)
    assert table.bets == {BetSpot.BANKER: 3500, BetSpot.TIE: 500}
    assert table.staked == 4000
    # Chips on the layout have left the balance (they are still the player's until the deal).
    assert table.balance == 6000 and table.chips_in_play() == 100 * CHIP
    table.act(CLEAR)
    assert table.bets == {} and table.balance == 100 * CHIP


def test_undo_takes_back_the_last_chip_only():
    table = PuntoBancoTable(seed=1)
    bet(table, BetSpot.BANKER, 10)
    bet(table, BetSpot.TIE, 5)
    bet(table, BetSpot.BANKER, 25)
    table.act(UNDO)
    assert table.stakes == [Stake(0, 1000, BetSpot.BANKER), Stake(0, 500, BetSpot.TIE)]
    assert table.balance == 8500 and table.chips_in_play() == 100 * CHIP


# -- a round -------------------------------------------------------------------------------

def test_a_round_of_the_worked_example():
    table = stacked_table([WORKED_EXAMPLE])
    bet(table, BetSpot.BANKER, 10)
    bet(table, BetSpot.PLAYER, 5)
    bet(table, BetSpot.TIE, 5)
    record = deal(table)
    # Banker wins 3-2: +9.50 on Banker, -5 on Player, -5 on Tie.
    assert record.outcome.value == "Banker"
    assert record.net_of(0) == -50
    assert table.balance == 9950
    assert record.balances == (9950,)
    assert record.number == 1 and table.history == [record]
    assert record.staked == 2000
    assert [str(c) for c in record.hands[Hand.PLAYER]] == ["2S", "2H", "8C"]
    assert settled(record) == {"Banker": 1950, "Player": 0, "Tie": 0}
    assert record.commission == table.commission_total == 50  # 5% of the 10-chip Banker win
    texts = [event.text for event in record.events]
    assert "Banker has 3 and Player's third card is an 8: Banker stands." in texts
    assert "Banker wins, 3 to 2." in texts
    assert ("Banker bet of 10 wins 9.50 (you get 19.50 back): "
            "Banker won; it pays 0.95:1 after the 5% commission.") in texts
    assert table.bets == {} and table.last_bets == (
        Stake(0, 1000, BetSpot.BANKER), Stake(0, 500, BetSpot.PLAYER), Stake(0, 500, BetSpot.TIE))
    assert table.chips_in_play() == 100 * CHIP


def test_history_chains_the_balances():
    table = PuntoBancoTable(seed=12)
    for _ in range(15):
        before = table.balance
        bet(table, BetSpot.PLAYER, 5)
        record = deal(table)
        assert record.balances == (before + record.net_of(0),)
    assert [record.number for record in table.history] == list(range(1, 16))
    for earlier, later in zip(table.history, table.history[1:]):
        assert later.balances[0] == earlier.balances[0] + later.net_of(0)
    assert table.balance == 100 * CHIP + sum(record.net_of(0) for record in table.history)


def test_the_first_round_of_a_shuffled_shoe_reports_the_shuffle():
    table = PuntoBancoTable(seed=3)
    bet(table, BetSpot.PLAYER, 5)
    record = deal(table)
    assert record.events[0].text == "The shoe is shuffled: 8 decks, 416 cards."


# -- session length, end of chips, new session -------------------------------------------------

def test_hands_limit_ends_the_session():
    driver = Driver(PUNTO_BANCO, seed=4, settings=TableSettings(hands_limit=10))
    table = driver.table
    for _ in range(10):
        driver.act("BET", 5 * CHIP, "Banker")
        driver.act("DEAL")
    reason = "This practice session has reached its 10-hand limit. Start a new session to play on."
    assert table.is_over and table.over_reason() == reason
    assert table.pending is None and table.legal_actions() == ()
    assert table.can(DEAL) == reason
    # The refusals are PhaseErrors now (the old Session raised BetError for a bet and a rebet).
    refuse(table, lambda: table.act(BET, 5 * CHIP, BetSpot.BANKER), PhaseError, reason)
    refuse(table, lambda: table.act(DEAL), PhaseError, reason)
    refuse(table, lambda: table.act(REBET), PhaseError, reason)
    logged = list(driver.log)
    refuse(table, lambda: driver.act("BET", 5 * CHIP, "Banker"), PhaseError, reason)
    assert driver.log == logged  # a refused action is not logged
    driver.new_session()
    assert driver.table.coups_played == 0 and driver.log == []
    assert driver.table.can(BET, 5 * CHIP, BetSpot.BANKER) is None


def test_mini_baccarat_goes_on_while_one_chip_remains():
    table = stacked_table([PLAYER_COUP] * 14, MINI_BACCARAT)
    for amount in [10] * 9 + [5, 2, 2]:  # lose 99 chips on Banker
        bet(table, BetSpot.BANKER, amount)
        deal(table)
    assert table.balance == 1 * CHIP
    assert not table.is_over
    assert table.can(BET, 2 * CHIP, BetSpot.BANKER) == (
        "You have 1 chip and 0 already on the table; another 2 is more than you have."
    )
    bet(table, BetSpot.BANKER, 1)
    assert table.balance == 0 and not table.is_over  # the chip on the layout is still in play
    deal(table)
    assert table.balance == 0
    assert table.over_reason() == (
        "You have 0 chips, less than the smallest bet of 1. Start a new session to play on."
    )
    refuse(table, lambda: table.act(BET, 1 * CHIP, BetSpot.BANKER), PhaseError)


def test_punto_banco_ends_below_the_smallest_chip_even_with_change_left():
    coups = [PLAYER_COUP] * 4 + [BANKER_COUP, PLAYER_COUP]
    table = stacked_table(coups)
    for amount in (50, 25, 10, 10):  # 100 -> 5
        bet(table, BetSpot.BANKER, amount)
        deal(table)
    assert table.balance == 5 * CHIP and not table.is_over
    bet(table, BetSpot.BANKER, 5)
    deal(table)  # Banker wins 0.95:1
    assert table.balance == 975
    bet(table, BetSpot.BANKER, 5)
    deal(table)
    assert table.balance == 475
    assert table.over_reason() == (
        "You have 4.75 chips, less than the smallest bet of 5. Start a new session to play on."
    )
    assert table.chips_in_play() == 100 * CHIP


def test_new_session_resets_chips_history_bets_and_shoe():
    driver = Driver(PUNTO_BANCO, seed=5)
    first_shoe = list(driver.table.shoe.remaining_cards)
    driver.act("BET", 50 * CHIP, "Player")
    driver.act("DEAL")
    driver.act("BET", 5 * CHIP, "Tie")
    driver.new_session()
    table = driver.table
    assert table.balance == 100 * CHIP and table.staked == 0
    assert table.history == [] and table.bets == {} and table.last_bets == ()
    assert table.shoe.remaining_count == 416
    assert driver.log == [] and len(driver.seeds) == 1 and driver.seeds[0] != 5
    # A fresh shuffle, not a replay of the first shoe from the same seed.
    assert table.shoe.remaining_cards != first_shoe


def test_a_seed_replays_the_same_rounds():
    # A seed fixes one session; a new session draws a fresh root seed (kept in the driver's record),
    # so the old "one generator for a sequence of sessions" is gone: each session replays from its record.
    def outcomes(seed):
        driver = Driver(PUNTO_BANCO, seed=seed)
        results = []
        for _ in range(15):
            driver.act("BET", 5 * CHIP, "Player")
            results.append(driver.act("DEAL").coup.outcome)
        return results, driver

    first, driver = outcomes(21)
    again, _ = outcomes(21)
    assert first == again
    table = PuntoBancoTable(seed=21)  # the driver's table is seeded by the root seed itself
    assert [table.act(BET, 5 * CHIP, BetSpot.PLAYER) or deal(table).outcome for _ in range(15)] == first
    driver.new_session()
    for _ in range(5):
        driver.act("BET", 5 * CHIP, "Player")
        driver.act("DEAL")
    replayed = Driver.replayed(driver.record())
    assert [r.outcome for r in replayed.table.history] == [r.outcome for r in driver.table.history]


# -- rebet ---------------------------------------------------------------------------------------

def test_rebet_repeats_the_last_bets():
    table = stacked_table([TIE_COUP, TIE_COUP])
    assert table.can(REBET) == "There is no previous bet to repeat yet."
    refuse(table, lambda: table.act(REBET), BetError, "There is no previous bet to repeat yet.")
    bet(table, BetSpot.PLAYER, 10)
    bet(table, BetSpot.TIE, 5)
    deal(table)
    assert table.can(REBET) is None
    before = table.balance
    table.act(REBET)
    assert table.bets == {BetSpot.PLAYER: 1000, BetSpot.TIE: 500}
    assert table.balance == before - 1500
    refuse(table, lambda: table.act(REBET), BetError,
           "Clear the table first: Rebet repeats the last round's bets on an empty layout.")


def test_rebet_needs_enough_chips():
    table = stacked_table([WORKED_EXAMPLE])
    bet(table, BetSpot.PLAYER, 50)
    bet(table, BetSpot.TIE, 25)
    deal(table)  # Banker wins: 100 - 75 = 25
    assert table.balance == 25 * CHIP
    refuse(table, lambda: table.act(REBET), BetError, "Repeating the last bets needs 75 chips; you have 25.")


def test_rebet_drops_bets_that_the_new_settings_switch_off():
    table = stacked_table([WORKED_EXAMPLE], pair_bets=True)
    bet(table, BetSpot.BANKER, 10)
    bet(table, BetSpot.PLAYER_PAIR, 5)
    record = deal(table)
    assert settled(record) == {"Banker": 1950, "Player Pair": 6000}
    assert table.starts_new_session(pair_bets=False) is False
    table.change_settings(pair_bets=False)
    assert table.coups_played == 1
    table.act(REBET)
    assert table.bets == {BetSpot.BANKER: 1000}


# -- shoe procedures through a session ------------------------------------------------------------

def play_until(table, predicate, limit=200):
    for _ in range(limit):
        bet(table, BetSpot.PLAYER, 5)
        record = deal(table)
        if predicate(record):
            return record
    raise AssertionError("the expected round never came")


def test_casino_shoe_in_a_session_shuffles_after_the_cut_card_round():
    table = PuntoBancoTable(settings=TableSettings(decks=1, procedure="casino", starting_chips=5000), seed=6)
    first = play_until(table, lambda record: True)
    assert [e.kind for e in first.events[:3]] == ["ShoeShuffled", "CardsBurned", "CutCardPlaced"]
    last = play_until(table, lambda r: any(e.kind == "CutCardAppeared" for e in r.events))
    assert last.events[-1].kind == "BetSettled"  # the round was played and settled to the end
    following = play_until(table, lambda record: True)
    assert [e.kind for e in following.events[:3]] == ["ShoeShuffled", "CardsBurned", "CutCardPlaced"]


def test_reshuffle_in_a_session_when_fewer_than_20_cards_remain():
    table = PuntoBancoTable(settings=TableSettings(decks=1, starting_chips=5000), seed=6)
    play_until(table, lambda record: True)
    remaining = []

    def shuffled(record):
        remaining.append(table.shoe.remaining_count)
        return record.events[0].kind == "ShoeShuffled"

    play_until(table, shuffled)
    # The shuffle came before the first round that started with fewer than 20 cards.
    before_shuffle = remaining[-2] if len(remaining) > 1 else None
    assert before_shuffle is not None and before_shuffle < 20
    assert all(count >= 20 for count in remaining[:-2])
