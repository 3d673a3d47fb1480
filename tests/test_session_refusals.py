"""Every illegal action at a Punto Banco / Mini Baccarat layout (SPEC §3): a typed error, one sentence a
student understands, and nothing changed. (The refusals all five variants share are in
test_illegal_actions.py.)"""

from __future__ import annotations


import pytest

from baccarat_lessons.engine.bets import BetSpot
from baccarat_lessons.engine.driver import Driver
from baccarat_lessons.engine.errors import BetError, DecisionError, PhaseError, SettingsError
from baccarat_lessons.engine.money import CHIP
from baccarat_lessons.engine.punto_banco import PuntoBancoTable
from baccarat_lessons.engine.seated.decisions import ActionKind
from baccarat_lessons.engine.settings import TableSettings
from baccarat_lessons.engine.variants import CHEMIN_DE_FER, MINI_BACCARAT, PUNTO_BANCO
from punto_banco_session import BET, UNDO, CLEAR, DEAL, bet, state, refuse


# -- every other illegal action --------------------------------------------------------------------

def test_a_bet_over_the_balance():
    table = PuntoBancoTable(seed=1)
    bet(table, BetSpot.BANKER, 50)
    bet(table, BetSpot.PLAYER, 50)
    refuse(table, lambda: table.act(BET, 5 * CHIP, BetSpot.TIE), BetError,
           "You have 100 chips and 100 already on the table; another 5 is more than you have.")


def test_a_bet_over_the_table_maximum():
    table = PuntoBancoTable(settings=TableSettings(starting_chips=1000), seed=1)
    for _ in range(10):
        bet(table, BetSpot.BANKER, 50)
    refuse(table, lambda: table.act(BET, 5 * CHIP, BetSpot.BANKER), BetError,
           "Banker would hold 505 chips; the table maximum for one bet is 500.")
    bet(table, BetSpot.PLAYER, 5)  # the maximum is per bet


def test_mini_table_maximum_is_100():
    table = PuntoBancoTable(MINI_BACCARAT, settings=TableSettings(starting_chips=1000), seed=1)
    for _ in range(10):
        bet(table, BetSpot.PLAYER, 10)
    refuse(table, lambda: table.act(BET, 1 * CHIP, BetSpot.PLAYER), BetError,
           "Player would hold 101 chips; the table maximum for one bet is 100.")


@pytest.mark.parametrize(
    "spot, amount, error, message",
    [
        ("dragon", 5 * CHIP, BetError, None),
        (BetSpot.PLAYER, 7 * CHIP, BetError, "At Punto Banco the chips are 5, 10, 25, 50; there is no 7 chip."),
        # Amounts are int hundredths now: a part of a chip, a float or a bool is no chip.
        (BetSpot.PLAYER, 550, BetError, "A bet is a whole number of chips; 5.50 is not."),
        (BetSpot.PLAYER, 5.0 * CHIP, BetError, "Choose a chip and a bet spot to place it on."),
        (BetSpot.PLAYER, True, BetError, "Choose a chip and a bet spot to place it on."),
        (BetSpot.PLAYER, None, BetError, "Choose a chip and a bet spot to place it on."),
        (BetSpot.PLAYER_PAIR, 5 * CHIP, BetError, "The Player Pair bet is switched off in the settings."),
        (BetSpot.PERFECT_PAIR, 5 * CHIP, BetError, "The Perfect Pair bet is switched off in the settings."),
        (BetSpot.BIG, 5 * CHIP, BetError, "The Big bet is switched off in the settings."),
    ],
)
def test_illegal_bets(spot, amount, error, message):
    table = PuntoBancoTable(seed=1)
    bet(table, BetSpot.BANKER, 10)
    text = refuse(table, lambda: table.act(BET, amount, spot), error, message)
    assert table.can(BET, amount, spot) == text


@pytest.mark.parametrize(
    "kind, amount, side, error, message",
    [
        (ActionKind.STAND, None, None, PhaseError,
         "Stand is not possible at Punto Banco: the house banks and the cards follow the fixed rules, "
         "so you bet and deal."),
        (DEAL, 5 * CHIP, None, BetError, "Deal takes no number of chips and no spot."),
    ],
)
def test_actions_that_are_not_the_layouts(kind, amount, side, error, message):
    table = PuntoBancoTable(seed=1)
    bet(table, BetSpot.BANKER, 10)
    assert table.can(kind, amount, side) == message
    refuse(table, lambda: table.act(kind, amount, side), error, message)
    refuse(table, lambda: table.act(BET, 5 * CHIP, BetSpot.BANKER, seat=1), DecisionError,
           "Only the player at the layout bets and deals at this table.")


def test_an_action_that_is_no_action_kind_changes_nothing():
    table = PuntoBancoTable(seed=1)
    bet(table, BetSpot.BANKER, 10)
    before = state(table)
    assert table.can("DEAL") == "'DEAL' is not an action at this table."
    with pytest.raises(DecisionError, match="^'DEAL' is not an action at this table.$"):
        table.act("DEAL")
    assert state(table) == before


def test_unknown_bet_names_the_bets():
    # The driver reads the page's spot names; an unknown one is refused with the old sentence naming the bets.
    driver = Driver(PUNTO_BANCO, seed=1)
    table = driver.table
    text = refuse(table, lambda: driver.act("BET", 5 * CHIP, "dragon"), BetError)
    assert text.startswith("There is no 'dragon' bet; the bets are Player, Banker, Tie")
    assert driver.log == []


def test_undo_and_clear_need_chips_on_the_layout():
    table = PuntoBancoTable(seed=1)
    refuse(table, lambda: table.act(UNDO), BetError, "There is no chip of yours on the layout to take back.")
    refuse(table, lambda: table.act(CLEAR), BetError, "There are no chips on the layout.")


def test_deal_without_a_bet():
    table = PuntoBancoTable(seed=1)
    refuse(table, lambda: table.act(DEAL), PhaseError, "Place a bet first: a round is not dealt without one.")
    assert [action.kind for action in table.legal_actions()] == [BET] * len(table.spots)


def test_a_seat_banked_variant_is_not_a_punto_banco_session():
    with pytest.raises(SettingsError, match="Chemin de Fer is played at a seat-banked table"):
        PuntoBancoTable(CHEMIN_DE_FER)
