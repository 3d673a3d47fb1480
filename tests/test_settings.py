"""Table settings (SPEC §2.1): defaults, every allowed choice, and readable refusals."""

import itertools

import pytest

from baccarat_lessons.engine.bets import BankerPays, BetSpot
from baccarat_lessons.engine.errors import SettingsError
from baccarat_lessons.engine.settings import TableSettings
from baccarat_lessons.engine.shoe import ShoeProcedure


def test_defaults_are_the_spec_defaults():
    settings = TableSettings()
    assert settings.decks == 8
    assert settings.starting_chips == 100
    assert settings.hands_limit is None
    assert settings.tie_pays == 8
    assert settings.pair_bets is False and settings.extra_side_bets is False
    assert settings.banker_pays is BankerPays.COMMISSION
    assert settings.procedure is ShoeProcedure.RESHUFFLE_20
    assert settings.spots == (BetSpot.PLAYER, BetSpot.BANKER, BetSpot.TIE)


@pytest.mark.parametrize(
    "decks, chips, limit, tie",
    list(itertools.product((6, 8), (100, 1000, 2000, 5000), (None, 10, 20, 50), (8, 9))),
)
def test_every_listed_choice_is_accepted(decks, chips, limit, tie):
    settings = TableSettings(decks=decks, starting_chips=chips, hands_limit=limit, tie_pays=tie)
    assert (settings.decks, settings.starting_chips, settings.hands_limit, settings.tie_pays) == (decks, chips, limit, tie)


def test_one_to_eight_decks_for_the_maths_lessons():
    assert [TableSettings(decks=n).decks for n in range(1, 9)] == list(range(1, 9))


def test_modes_by_name():
    settings = TableSettings(banker_pays="banker7", procedure="casino")
    assert settings.banker_pays is BankerPays.BANKER_7
    assert settings.procedure is ShoeProcedure.CASINO
    assert TableSettings(procedure="every-hand").procedure is ShoeProcedure.EVERY_HAND


def test_side_bets_switch_their_spots_on():
    assert TableSettings(pair_bets=True).spots == (
        BetSpot.PLAYER, BetSpot.BANKER, BetSpot.TIE, BetSpot.PLAYER_PAIR, BetSpot.BANKER_PAIR,
    )
    assert set(TableSettings(extra_side_bets=True).spots) == {
        BetSpot.PLAYER, BetSpot.BANKER, BetSpot.TIE,
        BetSpot.EITHER_PAIR, BetSpot.PERFECT_PAIR, BetSpot.BIG, BetSpot.SMALL,
    }
    assert set(TableSettings(pair_bets=True, extra_side_bets=True).spots) == set(BetSpot)


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"decks": 0}, "A shoe holds 1 to 8 decks; 0 is not allowed."),
        ({"decks": 9}, "A shoe holds 1 to 8 decks; 9 is not allowed."),
        ({"starting_chips": 50}, "Starting chips can be 100, 1,000, 2,000, 5,000; 50 is not a choice."),
        ({"hands_limit": 15}, "A session lasts 10, 20 or 50 hands, or is unlimited; 15 is not a choice."),
        ({"hands_limit": 0}, "A session lasts 10, 20 or 50 hands, or is unlimited; 0 is not a choice."),
        ({"tie_pays": 7}, "Tie pays 8:1 or 9:1; 7:1 is not a choice."),
        ({"tie_pays": 10}, "Tie pays 8:1 or 9:1; 10:1 is not a choice."),
        # Chips are whole numbers: a float would bring rounding into the balance.
        ({"tie_pays": 8.0}, "Tie pays 8:1 or 9:1; 8.0:1 is not a choice."),
        ({"starting_chips": 100.0}, "Starting chips can be 100, 1,000, 2,000, 5,000; 100.0 is not a choice."),
        ({"hands_limit": 10.0}, "A session lasts 10, 20 or 50 hands, or is unlimited; 10.0 is not a choice."),
        ({"banker_pays": "none"}, "Banker pays 'commission' or 'banker7'; 'none' is not a choice."),
        ({"procedure": "weekly"}, "'weekly' is not a shoe procedure; choose one of reshuffle20, every-hand, casino."),
        ({"deal_speed": "warp"}, "Deal speed is one of slow, normal, fast, instant; not 'warp'."),
        ({"pair_bets": "yes"}, "The setting 'pair_bets' is on or off (True or False)."),
        ({"sound": 1}, "The setting 'sound' is on or off (True or False)."),
    ],
)
def test_bad_settings_are_refused_with_a_sentence(changes, message):
    with pytest.raises(SettingsError) as caught:
        TableSettings(**changes)
    assert str(caught.value) == message
    with pytest.raises(SettingsError):
        TableSettings().changed(**changes)


def test_changed_returns_a_copy_and_refuses_unknown_settings():
    settings = TableSettings()
    assert settings.changed(tie_pays=9).tie_pays == 9
    assert settings.tie_pays == 8  # frozen: the original is untouched
    with pytest.raises(SettingsError, match="There is no setting called 'colour'."):
        settings.changed(colour="red")


def test_presentation_settings_do_not_touch_the_rules():
    plain = TableSettings()
    dressed = TableSettings(sound=True, show_timer=True, reduced_motion=True, deal_speed="instant")
    rules = ("decks", "tie_pays", "banker_pays", "procedure", "spots")
    assert [getattr(plain, name) for name in rules] == [getattr(dressed, name) for name in rules]
