"""Settings changed during a Punto Banco session (SPEC §2.1): payouts from the next round, the shoe
and the bankroll by a new session, nothing while chips are on the table, bad values refused."""

from __future__ import annotations


import pytest

from baccarat_lessons.engine.bets import BetSpot
from baccarat_lessons.engine.driver import Driver
from baccarat_lessons.engine.errors import DecisionError, SettingsError
from baccarat_lessons.engine.money import CHIP
from baccarat_lessons.engine.punto_banco import PuntoBancoTable
from baccarat_lessons.engine.shoe import Shoe
from baccarat_lessons.engine.variants import PUNTO_BANCO
from punto_banco_session import REBET, TIE_COUP, WORKED_EXAMPLE, stacked_table, bet, deal, refuse


# -- settings during a session -----------------------------------------------------------------------

def test_payout_settings_apply_from_the_next_round_without_a_new_session():
    driver = Driver(PUNTO_BANCO, shoe=Shoe.stacked(" ".join([TIE_COUP, TIE_COUP])))
    table = driver.table
    driver.act("BET", 10 * CHIP, "Tie")
    driver.act("DEAL")
    assert table.balance == 180 * CHIP  # 8:1
    assert driver.change_setting("tie_pays", 9) is False
    assert driver.table is table and table.balance == 180 * CHIP and table.coups_played == 1
    assert driver.log[-1] == ["SETTING", "tie_pays", 9]
    driver.act("REBET")
    driver.act("DEAL")
    assert table.balance == 270 * CHIP  # 9:1


def test_banker_7_setting_in_a_session():
    three_card_seven = "2S AC 2H 2D 7C 4D"
    table = stacked_table([three_card_seven, WORKED_EXAMPLE], banker_pays="banker7")
    bet(table, BetSpot.BANKER, 10)
    record = deal(table)
    assert record.net_of(0) == 0 and record.commission == 0  # pushed
    table.act(REBET)
    deal(table)
    assert table.balance == 110 * CHIP  # 1:1
    assert table.commission_total == 0


@pytest.mark.parametrize(
    "changes, cards",
    [({"decks": 6}, 312), ({"starting_chips": 1000}, 416), ({"hands_limit": 20}, 416), ({"procedure": "every-hand"}, 416)],
)
def test_shoe_and_bankroll_settings_start_a_new_session(changes, cards):
    driver = Driver(PUNTO_BANCO, seed=8)
    driver.act("BET", 25 * CHIP, "Player")
    driver.act("DEAL")
    (name, value), = changes.items()
    # The table itself refuses a change that needs a new session, and changes nothing ...
    table = driver.table
    refuse(table, lambda: table.change_settings(**changes), SettingsError,
           "This setting needs a new session with a fresh shoe.")
    # ... the driver starts one, with an empty record under the new settings.
    assert driver.change_setting(name, value) is True
    table = driver.table
    assert table.history == [] and table.balance == table.settings.starting_chips * CHIP
    assert table.shoe.remaining_count == cards
    assert driver.log == [] and driver.record()["settings"][name] == value


def test_settings_cannot_change_with_chips_on_the_table():
    driver = Driver(PUNTO_BANCO, seed=8)
    driver.act("BET", 5 * CHIP, "Player")
    table = driver.table
    message = "Take your chips back (Clear) before changing the settings."
    assert table.can_change_settings(tie_pays=9) == message
    # The table raises SettingsError, the driver DecisionError (the old Session raised PhaseError).
    refuse(table, lambda: table.change_settings(tie_pays=9), SettingsError, message)
    logged = list(driver.log)
    refuse(table, lambda: driver.change_setting("tie_pays", 9), DecisionError, message)
    refuse(table, lambda: driver.change_setting("decks", 6), DecisionError, message)
    assert driver.table is table and driver.log == logged


def test_presentation_settings_change_with_chips_on_the_table():
    table = PuntoBancoTable(seed=8)
    bet(table, BetSpot.PLAYER, 5)
    assert table.can_change_settings(reduced_motion=True, deal_speed="fast") is None
    table.change_settings(reduced_motion=True, deal_speed="fast")
    assert table.settings.reduced_motion and table.settings.deal_speed == "fast"
    assert table.bets == {BetSpot.PLAYER: 500} and table.balance == 95 * CHIP


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"tie_pays": 7}, "Tie pays 8:1 or 9:1; 7:1 is not a choice."),
        ({"decks": 10}, "A shoe holds 1 to 8 decks; 10 is not allowed."),
        ({"colour": "red"}, "There is no setting called 'colour'."),
    ],
)
def test_bad_settings_change_nothing(changes, message):
    table = PuntoBancoTable(seed=8)
    bet(table, BetSpot.PLAYER, 5)
    deal(table)
    assert table.can_change_settings(**changes) == message
    refuse(table, lambda: table.change_settings(**changes), SettingsError, message)
