"""A Punto Banco / Mini Baccarat practice session (SPEC §2, §2.1, §3), at the PuntoBancoTable.

Amounts are hundredths of a chip (``CHIP`` = 100). The balance is what is in front of the user:
chips placed on the layout leave it when they are placed and come back with the settlement.
"""

from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from baccarat_lessons.engine.bets import BetSpot
from baccarat_lessons.engine.driver import Driver
from baccarat_lessons.engine.errors import BaccaratError, BetError, DecisionError, PhaseError, SettingsError
from baccarat_lessons.engine.events import Hand
from baccarat_lessons.engine.money import CHIP
from baccarat_lessons.engine.punto_banco import PuntoBancoTable
from baccarat_lessons.engine.records import Stake
from baccarat_lessons.engine.seated.decisions import ActionKind
from baccarat_lessons.engine.settings import TableSettings
from baccarat_lessons.engine.shoe import Shoe
from baccarat_lessons.engine.variants import CHEMIN_DE_FER, MINI_BACCARAT, PUNTO_BANCO

BET, UNDO, CLEAR, REBET, DEAL = (ActionKind.BET, ActionKind.UNDO, ActionKind.CLEAR, ActionKind.REBET,
                                 ActionKind.DEAL)

PLAYER_COUP = "9S KS KH KD"  # Player natural 9 against 0: four cards
BANKER_COUP = "KS 9S KH KD"  # Banker natural 9 against 0
TIE_COUP = "9S 5C KH 4C"  # 9 to 9
WORKED_EXAMPLE = "2S AC 2H 2D 8C"  # Banker 3 to 2


def stacked_table(coups, variant=PUNTO_BANCO, **settings):
    table = TableSettings(**settings) if settings else None
    return PuntoBancoTable(variant, settings=table, shoe=Shoe.stacked(" ".join(coups)))


def bet(table, spot, chips):
    table.act(BET, chips * CHIP, spot)


def deal(table):
    table.act(DEAL)
    return table.last_coup


def state(table):
    """Everything an action could change."""
    return (table.snapshot(), dict(table.bets), len(table.history), id(table.shoe), table.shoe.remaining_count)


def refuse(table, action, error, message=None):
    """The action raises ``error`` with a one-line sentence and changes nothing."""
    before = state(table)
    with pytest.raises(error) as caught:
        action()
    text = str(caught.value)
    assert text and "\n" not in text and text[0].isupper() and text.endswith(".")
    if message is not None:
        assert text == message
    assert state(table) == before
    return text


def settled(record) -> dict[str, int]:
    """Each spot's hundredths returned (stake included) by the coup."""
    return {event.spot: event.returned for event in record.events if event.kind == "BetSettled"}


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


# -- chips are conserved over many random rounds --------------------------------------------------

SPOTS = list(BetSpot) + ["dragon"]
ACTIONS = st.one_of(
    st.tuples(st.just("bet"), st.sampled_from(SPOTS), st.sampled_from([1, 2, 3, 5, 10, 25, 50, 100])),
    st.tuples(st.just("deal")),
    st.tuples(st.just("deal")),
    st.tuples(st.just("undo")),
    st.tuples(st.just("clear")),
    st.tuples(st.just("rebet")),
    st.tuples(st.just("settings"), st.sampled_from(["tie_pays", "banker_pays"]), st.integers(0, 1)),
)
SETTING_VALUES = {"tie_pays": (8, 9), "banker_pays": ("commission", "banker7")}
KINDS = {"undo": UNDO, "clear": CLEAR, "rebet": REBET, "deal": DEAL}


def profit_per_chip(spot: BetSpot, settings: TableSettings) -> Fraction:
    # SPEC §2 and §2.1, written out here rather than read from the engine.
    if spot is BetSpot.BANKER:
        return Fraction(95, 100) if settings.banker_pays.value == "commission" else Fraction(1)
    return {
        BetSpot.PLAYER: Fraction(1), BetSpot.TIE: Fraction(settings.tie_pays),
        BetSpot.PLAYER_PAIR: Fraction(11), BetSpot.BANKER_PAIR: Fraction(11),
        BetSpot.EITHER_PAIR: Fraction(5), BetSpot.PERFECT_PAIR: Fraction(25),
        BetSpot.BIG: Fraction(54, 100), BetSpot.SMALL: Fraction(3, 2),
    }[spot]


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    variant=st.sampled_from([PUNTO_BANCO, MINI_BACCARAT]),
    procedure=st.sampled_from(["reshuffle20", "every-hand", "casino"]),
    actions=st.lists(ACTIONS, max_size=60),
)
def test_no_chip_is_created_or_lost(seed, variant, procedure, actions):
    chosen = TableSettings(pair_bets=True, extra_side_bets=True, procedure=procedure, hands_limit=50,
                           decks=variant.decks, starting_chips=variant.starting_chips)
    table = PuntoBancoTable(variant, settings=chosen, seed=seed)
    start = table.balance
    assert table.chips_in_play() == start
    for action in actions:
        before = state(table)
        balance_before, stakes_before, bets_before = table.balance, list(table.stakes), dict(table.bets)
        settings_now = table.settings
        try:
            if action[0] == "bet":
                reason = table.can(BET, action[2] * CHIP, action[1])
                table.act(BET, action[2] * CHIP, action[1])
            elif action[0] == "settings":
                changes = {action[1]: SETTING_VALUES[action[1]][action[2]]}
                reason = table.can_change_settings(**changes)
                table.change_settings(**changes)
            else:
                reason = table.can(KINDS[action[0]])
                table.act(KINDS[action[0]])
        except BaccaratError as error:
            assert reason is not None and str(error) == reason
            assert state(table) == before
            continue
        assert reason is None, f"{action} succeeded although refused: {reason}"
        if action[0] == "deal":
            record = table.last_coup
            # The record holds what was on each spot, added up, in the order the spots were first backed.
            assert [(stake.hand, stake.amount) for stake in record.stakes] == list(bets_before.items())
            assert sum(stake.amount for stake in stakes_before) == record.staked and table.stakes == []
            settlements = [event for event in record.events if event.kind == "BetSettled"]
            assert [(BetSpot(s.spot), s.stake) for s in settlements] == list(bets_before.items())
            assert record.net_of(0) == sum(s.returned - s.stake for s in settlements)
            assert table.balance == balance_before + sum(s.returned for s in settlements)
            assert record.balances == (table.balance,)
            for s in settlements:
                spot = BetSpot(s.spot)
                win = s.stake * (1 + profit_per_chip(spot, settings_now))
                assert s.returned in (0, s.stake, win)
                if s.returned == s.stake:  # only main bets push
                    assert spot in (BetSpot.PLAYER, BetSpot.BANKER)
        assert type(table.balance) is int and table.balance >= 0
        assert table.chips_in_play() == start
        assert table.commission_total == sum(record.commission for record in table.history)
        assert table.balance + table.staked == start + sum(r.net_of(0) for r in table.history)


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
