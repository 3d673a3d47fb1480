"""A Punto Banco / Mini Baccarat practice session (SPEC §2, §2.1, §3)."""

from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from baccarat_lessons.engine.bets import BetSpot
from baccarat_lessons.engine.errors import BaccaratError, BetError, PhaseError, SettingsError
from baccarat_lessons.engine.session import Session
from baccarat_lessons.engine.settings import TableSettings
from baccarat_lessons.engine.shoe import Shoe
from baccarat_lessons.engine.variants import CHEMIN_DE_FER, MINI_BACCARAT, PUNTO_BANCO

PLAYER_COUP = "9S KS KH KD"  # Player natural 9 against 0: four cards
BANKER_COUP = "KS 9S KH KD"  # Banker natural 9 against 0
TIE_COUP = "9S 5C KH 4C"  # 9 to 9
WORKED_EXAMPLE = "2S AC 2H 2D 8C"  # Banker 3 to 2


def stacked_session(coups, variant=PUNTO_BANCO, **settings):
    table = TableSettings(**settings) if settings else None
    return Session(variant, settings=table, shoe=Shoe.stacked(" ".join(coups)))


def state(session):
    """Everything an action could change."""
    return (
        session.balance, dict(session.bets), dict(session.last_bets), len(session.history),
        session.settings, id(session.shoe), session.shoe.dealt_count, session.shoe.remaining_count,
    )


def refuse(session, action, error, message=None):
    """The action raises ``error`` with a one-line sentence and changes nothing."""
    before = state(session)
    with pytest.raises(error) as caught:
        action()
    text = str(caught.value)
    assert text and "\n" not in text and text[0].isupper() and text.endswith(".")
    if message is not None:
        assert text == message
    assert state(session) == before
    return text


# -- stakes and starting chips ----------------------------------------------------------

def test_punto_banco_chips_are_5_10_25_50():
    session = Session(seed=1)
    for amount in (5, 10, 25, 50):
        assert session.can_place_bet("player", amount) is None
    for amount in (1, 2, 20, 100):
        assert session.can_place_bet("player", amount) == (
            f"At Punto Banco the chips are 5, 10, 25, 50; there is no {amount} chip."
        )


def test_mini_baccarat_chips_are_1_2_5_10():
    session = Session(MINI_BACCARAT, seed=1)
    for amount in (1, 2, 5, 10):
        assert session.can_place_bet("banker", amount) is None
    for amount in (25, 50):
        assert session.can_place_bet("banker", amount) == (
            f"At Mini Baccarat the chips are 1, 2, 5, 10; there is no {amount} chip."
        )


@pytest.mark.parametrize("chips", [100, 1000, 2000, 5000])
def test_starting_chips(chips):
    session = Session(settings=TableSettings(starting_chips=chips), seed=1)
    assert session.balance == chips and isinstance(session.balance, Fraction)
    assert Session(MINI_BACCARAT).balance == 100


def test_chips_add_up_on_one_spot():
    session = Session(seed=1)
    session.place_bet("banker", 10)
    session.place_bet(BetSpot.BANKER, 25)
    session.place_bet("Tie", 5)
    assert session.bets == {BetSpot.BANKER: 35, BetSpot.TIE: 5}
    assert session.total_staked == 40
    assert session.balance == 100  # chips on the layout are still the player's until the deal
    session.clear_bets()
    assert session.bets == {}


# -- a round -------------------------------------------------------------------------------

def test_a_round_of_the_worked_example():
    session = stacked_session([WORKED_EXAMPLE])
    session.place_bet("banker", 10)
    session.place_bet("player", 5)
    session.place_bet("tie", 5)
    record = session.deal()
    # Banker wins 3-2: +9.50 on Banker, -5 on Player, -5 on Tie.
    assert record.outcome.value == "Banker"
    assert record.net == Fraction(-1, 2)
    assert session.balance == Fraction(199, 2)
    assert record.balance_before == 100 and record.balance_after == Fraction(199, 2)
    assert record.number == 1 and session.history == [record]
    assert record.staked == 20
    assert [str(c) for c in record.player_cards] == ["2S", "2H", "8C"]
    assert {s.spot: s.returned for s in record.settlements} == {"Banker": Fraction(39, 2), "Player": 0, "Tie": 0}
    texts = [event.text for event in record.events]
    assert "Banker has 3 and Player's third card is an 8: Banker stands." in texts
    assert "Banker wins, 3 to 2." in texts
    assert session.bets == {} and session.last_bets == {BetSpot.BANKER: 10, BetSpot.PLAYER: 5, BetSpot.TIE: 5}


def test_history_chains_the_balances():
    session = Session(seed=12)
    for _ in range(15):
        session.place_bet("player", 5)
        session.deal()
    assert [record.number for record in session.history] == list(range(1, 16))
    for earlier, later in zip(session.history, session.history[1:]):
        assert later.balance_before == earlier.balance_after
    assert session.balance == 100 + sum(record.net for record in session.history)


def test_the_first_round_of_a_shuffled_shoe_reports_the_shuffle():
    session = Session(seed=3)
    session.place_bet("player", 5)
    record = session.deal()
    assert record.events[0].text == "The shoe is shuffled: 8 decks, 416 cards."


# -- session length, end of chips, new session -------------------------------------------------

def test_hands_limit_ends_the_session():
    session = Session(settings=TableSettings(hands_limit=10), seed=4)
    for _ in range(10):
        session.place_bet("banker", 5)
        session.deal()
    reason = "This practice session has reached its 10-hand limit. Start a new session to play on."
    assert session.is_over and session.over_reason() == reason
    assert session.can_deal() == reason
    refuse(session, lambda: session.place_bet("banker", 5), BetError, reason)
    refuse(session, session.deal, PhaseError, reason)
    refuse(session, session.rebet, BetError, reason)
    session.new_session()
    assert session.hands_played == 0 and session.can_place_bet("banker", 5) is None


def test_mini_baccarat_goes_on_while_one_chip_remains():
    session = stacked_session([PLAYER_COUP] * 14, MINI_BACCARAT)
    for amount in [10] * 9 + [5, 2, 2]:  # lose 99 chips on Banker
        session.place_bet("banker", amount)
        session.deal()
    assert session.balance == 1
    assert not session.is_over
    assert session.can_place_bet("banker", 2) == (
        "You have 1 chip and 0 already on the table; another 2 is more than you have."
    )
    session.place_bet("banker", 1)
    session.deal()
    assert session.balance == 0
    assert session.over_reason() == (
        "You have 0 chips, less than the smallest bet of 1. Start a new session to play on."
    )
    refuse(session, lambda: session.place_bet("banker", 1), BetError)


def test_punto_banco_ends_below_the_smallest_chip_even_with_change_left():
    coups = [PLAYER_COUP] * 4 + [BANKER_COUP, PLAYER_COUP]
    session = stacked_session(coups)
    for amount in (50, 25, 10, 10):  # 100 -> 5
        session.place_bet("banker", amount)
        session.deal()
    assert session.balance == 5 and not session.is_over
    session.place_bet("banker", 5)
    session.deal()  # Banker wins 0.95:1
    assert session.balance == Fraction(39, 4)
    session.place_bet("banker", 5)
    session.deal()
    assert session.balance == Fraction(19, 4)
    assert session.over_reason() == (
        "You have 4.75 chips, less than the smallest bet of 5. Start a new session to play on."
    )


def test_new_session_resets_chips_history_bets_and_shoe():
    session = Session(seed=5)
    first_shoe = list(session.shoe.remaining_cards)
    session.place_bet("player", 50)
    session.deal()
    session.place_bet("tie", 5)
    session.new_session()
    assert session.balance == 100
    assert session.history == [] and session.bets == {} and session.last_bets == {}
    assert session.shoe.remaining_count == 416
    # A fresh shuffle, not a replay of the first shoe from the same seed.
    assert session.shoe.remaining_cards != first_shoe


def test_a_seed_replays_the_same_rounds():
    def outcomes(seed):
        session = Session(seed=seed)
        results = []
        for _ in range(3):
            for _ in range(5):
                session.place_bet("player", 5)
                results.append(session.deal().outcome)
            session.new_session()
        return results

    assert outcomes(21) == outcomes(21)


# -- rebet ---------------------------------------------------------------------------------------

def test_rebet_repeats_the_last_bets():
    session = stacked_session([TIE_COUP, TIE_COUP])
    assert session.can_rebet() == "There is no previous bet to repeat yet."
    session.place_bet("player", 10)
    session.place_bet("tie", 5)
    session.deal()
    assert session.can_rebet() is None
    session.rebet()
    assert session.bets == {BetSpot.PLAYER: 10, BetSpot.TIE: 5}
    refuse(session, session.rebet, BetError,
           "Clear the table first: Rebet repeats the last round's bets on an empty layout.")


def test_rebet_needs_enough_chips():
    session = stacked_session([WORKED_EXAMPLE])
    session.place_bet("player", 50)
    session.place_bet("tie", 25)
    session.deal()  # Banker wins: 100 - 75 = 25
    assert session.balance == 25
    refuse(session, session.rebet, BetError, "Repeating the last bets needs 75 chips; you have 25.")


def test_rebet_drops_bets_that_the_new_settings_switch_off():
    session = stacked_session([WORKED_EXAMPLE], pair_bets=True)
    session.place_bet("banker", 10)
    session.place_bet("player_pair", 5)
    record = session.deal()
    assert {s.spot: s.returned for s in record.settlements} == {"Banker": Fraction(39, 2), "Player Pair": 60}
    assert session.change_settings(pair_bets=False) is False
    session.rebet()
    assert session.bets == {BetSpot.BANKER: 10}


# -- settings during a session -----------------------------------------------------------------------

def test_payout_settings_apply_from_the_next_round_without_a_new_session():
    session = stacked_session([TIE_COUP, TIE_COUP])
    session.place_bet("tie", 10)
    session.deal()
    assert session.balance == 180  # 8:1
    assert session.change_settings(tie_pays=9) is False
    assert session.balance == 180 and session.hands_played == 1
    session.rebet()
    session.deal()
    assert session.balance == 270  # 9:1


def test_banker_7_setting_in_a_session():
    three_card_seven = "2S AC 2H 2D 7C 4D"
    session = stacked_session([three_card_seven, WORKED_EXAMPLE], banker_pays="banker7")
    session.place_bet("banker", 10)
    record = session.deal()
    assert record.net == 0  # pushed
    session.rebet()
    session.deal()
    assert session.balance == 110  # 1:1


@pytest.mark.parametrize(
    "changes, cards",
    [({"decks": 6}, 312), ({"starting_chips": 1000}, 416), ({"hands_limit": 20}, 416), ({"procedure": "every-hand"}, 416)],
)
def test_shoe_and_bankroll_settings_start_a_new_session(changes, cards):
    session = Session(seed=8)
    session.place_bet("player", 25)
    session.deal()
    assert session.change_settings(**changes) is True
    assert session.history == [] and session.balance == session.settings.starting_chips
    assert session.shoe.remaining_count == cards


def test_settings_cannot_change_with_chips_on_the_table():
    session = Session(seed=8)
    session.place_bet("player", 5)
    refuse(session, lambda: session.change_settings(tie_pays=9), PhaseError,
           "Take your chips back (Clear) before changing the settings.")


def test_presentation_settings_change_with_chips_on_the_table():
    session = Session(seed=8)
    session.place_bet("player", 5)
    assert session.change_settings(reduced_motion=True, deal_speed="fast") is False
    assert session.settings.reduced_motion and session.settings.deal_speed == "fast"
    assert session.bets == {BetSpot.PLAYER: 5} and session.balance == 100


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"tie_pays": 7}, "Tie pays 8:1 or 9:1; 7:1 is not a choice."),
        ({"decks": 10}, "A shoe holds 1 to 8 decks; 10 is not allowed."),
        ({"colour": "red"}, "There is no setting called 'colour'."),
    ],
)
def test_bad_settings_change_nothing(changes, message):
    session = Session(seed=8)
    session.place_bet("player", 5)
    session.deal()
    refuse(session, lambda: session.change_settings(**changes), SettingsError, message)


# -- every other illegal action --------------------------------------------------------------------

def test_a_bet_over_the_balance():
    session = Session(seed=1)
    session.place_bet("banker", 50)
    session.place_bet("player", 50)
    refuse(session, lambda: session.place_bet("tie", 5), BetError,
           "You have 100 chips and 100 already on the table; another 5 is more than you have.")


def test_a_bet_over_the_table_maximum():
    session = Session(settings=TableSettings(starting_chips=1000), seed=1)
    for _ in range(10):
        session.place_bet("banker", 50)
    refuse(session, lambda: session.place_bet("banker", 5), BetError,
           "Banker would hold 505 chips; the table maximum for one bet is 500.")
    session.place_bet("player", 5)  # the maximum is per bet


def test_mini_table_maximum_is_100():
    session = Session(MINI_BACCARAT, settings=TableSettings(starting_chips=1000), seed=1)
    for _ in range(10):
        session.place_bet("player", 10)
    refuse(session, lambda: session.place_bet("player", 1), BetError,
           "Player would hold 101 chips; the table maximum for one bet is 100.")


@pytest.mark.parametrize(
    "spot, amount, error, message",
    [
        ("dragon", 5, BetError, None),
        ("player", 7, BetError, "At Punto Banco the chips are 5, 10, 25, 50; there is no 7 chip."),
        ("player", 5.0, BetError, "A bet is a whole number of chips; 5.0 is not."),
        ("player", True, BetError, "A bet is a whole number of chips; True is not."),
        ("player_pair", 5, BetError, "The Player Pair bet is switched off in the settings."),
        ("perfect_pair", 5, BetError, "The Perfect Pair bet is switched off in the settings."),
        ("big", 5, BetError, "The Big bet is switched off in the settings."),
    ],
)
def test_illegal_bets(spot, amount, error, message):
    session = Session(seed=1)
    session.place_bet("banker", 10)
    text = refuse(session, lambda: session.place_bet(spot, amount), error, message)
    assert session.can_place_bet(spot, amount) == text


def test_unknown_bet_names_the_bets():
    session = Session(seed=1)
    text = refuse(session, lambda: session.place_bet("dragon", 5), BetError)
    assert text.startswith("There is no 'dragon' bet; the bets are Player, Banker, Tie")


def test_deal_without_a_bet():
    session = Session(seed=1)
    refuse(session, session.deal, PhaseError, "Place a bet first: a round is not dealt without one.")


def test_a_seat_banked_variant_is_not_a_punto_banco_session():
    with pytest.raises(SettingsError, match="Chemin de Fer is played at a seat-banked table"):
        Session(CHEMIN_DE_FER)


# -- chips are conserved over many random rounds --------------------------------------------------

ACTIONS = st.one_of(
    st.tuples(st.just("bet"), st.sampled_from([s.key for s in BetSpot] + ["dragon"]),
              st.sampled_from([1, 2, 3, 5, 10, 25, 50, 100])),
    st.tuples(st.just("deal")),
    st.tuples(st.just("deal")),
    st.tuples(st.just("clear")),
    st.tuples(st.just("rebet")),
    st.tuples(st.just("settings"), st.sampled_from(["tie_pays", "banker_pays"]), st.integers(0, 1)),
)
SETTING_VALUES = {"tie_pays": (8, 9), "banker_pays": ("commission", "banker7")}


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
    table = TableSettings(pair_bets=True, extra_side_bets=True, procedure=procedure, hands_limit=50)
    session = Session(variant, settings=table, seed=seed)
    start = session.balance
    for action in actions:
        before = state(session)
        try:
            if action[0] == "bet":
                reason = session.can_place_bet(action[1], action[2])
                session.place_bet(action[1], action[2])
            elif action[0] == "deal":
                reason = session.can_deal()
                settings_now = session.settings
                bets = dict(session.bets)
                record = session.deal()
            elif action[0] == "clear":
                reason = None
                session.clear_bets()
            elif action[0] == "rebet":
                reason = session.can_rebet()
                session.rebet()
            else:
                reason = None if not session.bets else "chips on the table"
                session.change_settings(**{action[1]: SETTING_VALUES[action[1]][action[2]]})
        except BaccaratError as error:
            assert reason is not None and str(error) != ""
            assert state(session) == before
            continue
        assert reason is None, f"{action} succeeded although refused: {reason}"
        if action[0] == "deal":
            assert record.bets == tuple(bets.items())
            assert record.balance_after - record.balance_before == sum(s.net for s in record.settlements)
            assert record.balance_after == record.balance_before - sum(bets.values()) + sum(
                s.returned for s in record.settlements
            )
            for settled in record.settlements:
                spot = BetSpot(settled.spot)
                win = settled.stake * (1 + profit_per_chip(spot, settings_now))
                assert settled.returned in (0, settled.stake, win)
                if settled.returned == settled.stake:  # only main bets push
                    assert spot in (BetSpot.PLAYER, BetSpot.BANKER)
        assert isinstance(session.balance, Fraction)
        assert session.balance >= 0
        assert session.total_staked <= session.balance
        assert session.balance == start + sum(r.net for r in session.history)


# -- shoe procedures through a session ------------------------------------------------------------

def play_until(session, predicate, limit=200):
    for _ in range(limit):
        session.place_bet("player", 5)
        record = session.deal()
        if predicate(record):
            return record
    raise AssertionError("the expected round never came")


def test_casino_shoe_in_a_session_shuffles_after_the_cut_card_round():
    session = Session(settings=TableSettings(decks=1, procedure="casino", starting_chips=5000), seed=6)
    first = play_until(session, lambda record: True)
    assert [e.kind for e in first.events[:3]] == ["ShoeShuffled", "CardsBurned", "CutCardPlaced"]
    last = play_until(session, lambda r: any(e.kind == "CutCardAppeared" for e in r.events))
    assert last.events[-1].kind == "BetSettled"  # the round was played and settled to the end
    following = play_until(session, lambda record: True)
    assert [e.kind for e in following.events[:3]] == ["ShoeShuffled", "CardsBurned", "CutCardPlaced"]


def test_reshuffle_in_a_session_when_fewer_than_20_cards_remain():
    session = Session(settings=TableSettings(decks=1, starting_chips=5000), seed=6)
    play_until(session, lambda record: True)
    remaining = []

    def shuffled(record):
        remaining.append(session.shoe.remaining_count)
        return record.events[0].kind == "ShoeShuffled"

    play_until(session, shuffled)
    # The shuffle came before the first round that started with fewer than 20 cards.
    before_shuffle = remaining[-2] if len(remaining) > 1 else None
    assert before_shuffle is not None and before_shuffle < 20
    assert all(count >= 20 for count in remaining[:-2])
