"""Seat views, seat-neutral sentences, chips in hundredths and the one variant record (issue 9)."""

import dataclasses
import json
import re
from fractions import Fraction

import pytest

from baccarat_lessons.analysis.banque_banker import BankerView, OpenSide, likelihood
from baccarat_lessons.analysis.table_sim import simulate_table
from baccarat_lessons.engine import variants
from baccarat_lessons.engine.bets import BetSpot
from baccarat_lessons.engine.bots import RuleBot, make_bots, play_bots
from baccarat_lessons.engine.drawing import CHEMIN_DE_FER as CDF_RULES
from baccarat_lessons.engine.events import Hand
from baccarat_lessons.engine.money import CHIP, commission_on, show_chips
from baccarat_lessons.engine.seated import ActionKind, DecisionKind
from baccarat_lessons.engine.seated.decisions import hand_actions, hand_choice_rules
from baccarat_lessons.engine.seated.script import play_choices, scripted_table
from baccarat_lessons.engine.punto_banco import PuntoBancoTable
from baccarat_lessons.engine.shoe import Shoe
from baccarat_lessons.engine.tables import new_table
from baccarat_lessons.engine.variants import SEAT_BANKED


# -- a Chemin de Fer coup as banker, read from view(0) ----------------------------------------
def test_as_banker_the_punters_cards_are_backs_and_their_total_unknown():
    table = scripted_table("chemin-de-fer", "2S KH 3D 3S 9H 4C", "banker", bank=10)
    view = table.view(0)
    players, bank = view.hand("Player"), view.hand("Banker")
    assert [(card.rank, card.suit, card.label) for card in players.cards] == [(None, None, "face-down card")] * 2
    assert players.total is None and not players.turned_over
    assert [card.label for card in bank.cards] == ["K♥", "3♠"] and bank.total == 3
    assert view.turn.seat == 1 and view.turn.actions == ()  # Bot 1's choice: its actions are not shown to you
    text = json.dumps(view.to_json(), ensure_ascii=False)
    assert "2♠" not in text and "3♦" not in text and '"rank": "2"' not in text
    # The punter sees its own cards and total, and its choices.
    punter = table.view(1)
    assert punter.hand("Player").total == 5 and [a.kind for a in punter.turn.actions] == ["DRAW", "STAND"]
    assert punter.hand("Banker").total is None


def test_a_face_up_third_card_is_told_to_the_banker_without_the_hidden_total():
    table = scripted_table("chemin-de-fer", "2S KH 3D 3S 9H 4C", "banker", bank=10)
    play_choices(table, {"punter": True})  # 5 draws a 9: the punter ends on 4
    mine = [event.text for event in table.view(0).events if event.kind == "CardDealt"]
    theirs = [event.text for event in table.view(1).events if event.kind == "CardDealt"]
    assert mine[-1] == "Player gets the 9♥ face up; the first two cards stay face down."
    assert theirs[-1] == "Player gets the 9♥ face up (your total is 4)."
    hint = table.view(0)
    assert hint.turn.seat == 0 and [a.label for a in hint.turn.actions] == ["Draw", "Stand"]  # 3 against a 9


def test_an_onlooker_sees_public_information_only():
    table = scripted_table("banque-limitee", "4S 5H 2D 3C 2H 10C", "captain", stake=10)
    onlooker = table.view(None)
    assert all(hand.total is None for hand in onlooker.hands)
    assert all(card.rank is None for hand in onlooker.hands for card in hand.cards)
    assert all(seat.name != "You" for seat in onlooker.seats) and onlooker.turn.actions == ()
    mine = table.view(0)  # you captain the right: 4 + 3 = 7; the left and the bank stay hidden
    assert mine.hand("Right tableau").total == 7 and mine.hand("Left tableau").total is None


# -- sentences for each reader ------------------------------------------------------------------------
SENTENCE = re.compile(r"^[A-Z“\"].*[.!:)]$", re.S)


@pytest.mark.parametrize("variant", list(SEAT_BANKED))
def test_every_sentence_of_a_long_bot_game_tells_each_seat_only_what_it_may_know(variant):
    table = new_table(SEAT_BANKED[variant], seed=11)
    bots = make_bots(11, seats=range(6))
    read = 0
    for _ in range(1500):
        if table.pending is None:
            break
        for reader in (None, *range(6)):
            hidden = {hand for hand in table.hands if not table.can_see(reader, hand)}
            for event in table.view(reader).events:
                assert SENTENCE.match(event.text), event.text
                read += 1
                if event.hand is not None and Hand(event.hand) in hidden:
                    assert "total" not in event.text and "I have" not in event.text, (reader, event.text)
                    assert "must draw" not in event.text and "guidance" not in event.text, (reader, event.text)
        play_bots(table, bots, stop_at=None, limit=1)
    assert read > 10_000


def test_a_bots_reason_on_its_hidden_cards_waits_until_they_are_turned_over():
    table = scripted_table("chemin-de-fer", "2S KH 3D 3S 9H 4C", "banker", bank=10)
    bots = make_bots(3, seats=range(6))
    ((seat, choice),) = play_bots(table, bots, limit=1)
    assert seat == 1 and "5" in choice.told(1, seat)  # the bot knows its total
    assert choice.told(0, seat) in ("Carte.", "Non.")  # you hear only what it says
    assert choice.told(0, seat, frozenset({Hand.PLAYER})) == choice.reason


# -- chips in hundredths -----------------------------------------------------------------------------
@pytest.mark.parametrize("gain, rate, expected", [
    (13 * CHIP, Fraction(1, 80), 16),   # 1.25% of 13 chips is 0.1625: 0.16
    (13 * CHIP, Fraction(2, 100), 26),  # 2% of 13 chips is 0.26 exactly
    (65, Fraction(5, 100), 3),          # 5% of 0.65 chips is 0.0325: 0.03
    (20 * CHIP, Fraction(5, 100), 100),  # 5% of 20 chips is 1 chip
    (199, Fraction(1, 80), 2),          # 1.25% of 1.99 chips is 0.024875: 0.02
])
def test_the_commission_is_rounded_down_to_the_hundredth(gain, rate, expected):
    assert commission_on(gain, rate) == expected


def test_a_banque_coup_shows_its_rounded_commission_exactly():
    # You bank 20 at Banque ouverte; the two tableaux lose 13 chips in all: 1.25% of 13 is 0.16.
    table = scripted_table("banque-ouverte", "4S 4H 9C 3D 3H KS", "banker", bank=20, bot_stake=5)
    while table.pending is not None and not table.history:
        table.act(table.pending.actions[0].kind)
    record = table.last_coup
    text = [event.text for event in record.events if event.kind == "CommissionTaken"]
    gain = sum(stake.amount for stake in record.stakes)  # the bank's gain when both sides lose
    assert text == [f"Commission: 1.25% of the banker's gain of {show_chips(gain)} is "
                    f"{show_chips(commission_on(gain, Fraction(1, 80)))} chips"
                    + ("" if gain % 80 == 0 else f" (rounded down from {gain / 80 / 100:.4f})") + "."]
    assert table.chips_in_play() == 600 * CHIP


def test_logging_changes_nothing_in_the_play():
    for variant in SEAT_BANKED:
        for seed in range(8):
            quiet = simulate_table(variant, coups=400, seed=seed, banker="exact", log_events=False)
            logged = simulate_table(variant, coups=400, seed=seed, banker="exact", log_events=True)
            assert quiet.seats == logged.seats and quiet.commission == logged.commission
            assert quiet.house_result == logged.house_result


# -- the one variant record -----------------------------------------------------------------------
def test_the_table_reads_its_commission_and_limits_from_the_record():
    record = dataclasses.replace(variants.CHEMIN_DE_FER, commission=Fraction(1, 10), starting_chips=50)
    table = new_table(record, shoe=Shoe.stacked("2S KH 3D 3S 9H 4C"))
    assert table.seats[3].balance == 50 * CHIP and table.legal_actions()[0].max_amount == 50 * CHIP
    table.open_bank(10 * CHIP)
    table.bet(10 * CHIP)
    table.stand()  # the punter stands on 5; the banker's 3 must draw the 9♥ and ends on 2: the players win
    table.act(table.pending.actions[0].kind)
    assert table.last_coup.results[Hand.PLAYER].value == "Player" and table.chips_in_play() == 300 * CHIP


def test_a_changed_guidance_reaches_the_rules_text_the_bots_and_the_banque_banker():
    rules = dataclasses.replace(CDF_RULES, player_draws_on=frozenset(range(4)), player_optional_on=frozenset({4, 5}))
    assert hand_choice_rules(rules)[1] == "The guidance: draw on 0 to 3, stand on 6 or 7, and choose on 4 or 5."
    assert [a.label for a in hand_actions(rules, 4, True)] == ["Carte (draw)", "Non (stand)"]  # free on 4 now
    assert [a.forced for a in hand_actions(CDF_RULES, 4, True)] == [True]
    record = dataclasses.replace(variants.CHEMIN_DE_FER, drawing=rules)
    table = new_table(record, shoe=Shoe.stacked("2S KH 2D 3S 9H 4C"))
    table.open_bank(10 * CHIP)
    table.bet(5 * CHIP)
    table.bet(5 * CHIP)  # two bettors: the punter follows the guidance, which now leaves 4 free
    assert table.view(1).hand("Player").total == 4
    choice = RuleBot(seed=1).choose(table.window(1))
    assert "may choose" in choice.reason
    stood = OpenSide(stake=10, third=None)
    assert likelihood(stood, rules)[4] == 0.5 and likelihood(stood, CDF_RULES)[4] == 0
    view = BankerView(6, (96,) + (24,) * 9, (stood,), Fraction(1, 80), drawing=rules)
    assert view.drawing is rules


def test_a_punto_banco_session_settles_with_its_records_commission():
    record = dataclasses.replace(variants.PUNTO_BANCO, commission=Fraction(4, 100))
    table = PuntoBancoTable(record, shoe=Shoe.stacked("2S AC 2H 2D 8C"))  # Banker wins 3 to 2
    table.act(ActionKind.BET, 10 * CHIP, BetSpot.BANKER)
    table.act(ActionKind.DEAL)
    assert table.balance == 100 * CHIP + 960  # 10 on Banker wins 9.60 at 0.96:1 (hundredths)
    assert table.last_coup.commission == table.commission_total == 40  # the 4% kept of the 10-chip win
    assert table.chips_in_play() == 100 * CHIP
    assert record.banker_payout == Fraction(24, 25)


def test_the_registry_makes_each_variant_s_table_from_its_record():
    from baccarat_lessons.engine.errors import SettingsError
    from baccarat_lessons.engine.seated import BanqueTable
    from baccarat_lessons.engine.tables import table_class

    assert list(SEAT_BANKED) == [key for key, record in variants.VARIANTS.items() if not record.has_fixed_rules]
    # The shipped five (a run with variants added from data, tests/test_sixth_variant.py, has more).
    shipped = {"punto-banco": "PuntoBancoTable", "mini-baccarat": "PuntoBancoTable",
               "chemin-de-fer": "CheminDeFerTable", "banque-ouverte": "BanqueTable", "banque-limitee": "BanqueTable"}
    assert {key: table_class(variants.VARIANTS[key]).__name__ for key in shipped} == shipped
    for key, record in variants.VARIANTS.items():
        assert new_table(key, seed=1).variant is record
    # A record edited as a sixth variant would be (more decks) gets its table with no code changed.
    sixth = dataclasses.replace(variants.BANQUE_LIMITEE, key="banque-six", name="Banque à six jeux", decks=6)
    table = new_table(sixth, seed=2)
    assert isinstance(table, BanqueTable) and table.shoe.remaining_count == 6 * 52
    with pytest.raises(SettingsError, match="There is no variant 'whist'"):
        new_table("whist")


# -- scripted coups ---------------------------------------------------------------------------------
@pytest.mark.parametrize("variant, role, cards", [
    ("chemin-de-fer", "banker", "2S KH 3D 3S 9H 4C"),
    ("chemin-de-fer", "punter", "2S KH 3D 3S 9H 4C"),
    ("chemin-de-fer", "bettor", "2S KH 3D 3S 9H 4C"),
    ("banque-ouverte", "banker", "4S 4H 2C 2D 3H KS 5C 5D"),
    ("banque-ouverte", "captain", "4S 4H 2C 2D 3H KS 5C 5D"),
    ("banque-ouverte", "bettor", "4S 4H 2C 2D 3H KS 5C 5D"),
    ("banque-limitee", "captain", "4S 4H 2C 2D 3H KS 5C 5D"),
    ("banque-limitee", "bettor", "4S 4H 2C 2D 3H KS 5C 5D"),
])
def test_a_scripted_coup_seats_you_in_the_role_asked(variant, role, cards):
    table = scripted_table(variant, cards, role, bank=50, stake=5 if role == "bettor" else 10, bot_stake=10)
    roles = table.view(0).seats[0].roles
    wanted = {"banker": "banker", "punter": "punter", "captain": "captain of the right", "bettor": "bettor"}[role]
    assert wanted in roles
    assert table.pending.kind in (DecisionKind.PUNTER_DRAW, DecisionKind.CAPTAIN_DRAW, DecisionKind.BANKER_DRAW,
                                  DecisionKind.BANQUE_BANKER_DRAW)
    assert table.chips_in_play() == 600 * CHIP


def test_scripts_reach_a_tableau_natural_and_a_bank_passing():
    natural = scripted_table("banque-limitee", "9S 2H 3D 10S AC 3C 10H 9C", "captain", stake=10)
    shown = natural.view(0).hand("Right tableau")
    assert shown.turned_over and shown.total == 9 and shown.result is None  # shown; settled when the bank turns over
    play_choices(natural, {"left": True, "banker": False})
    assert natural.last_coup.results[Hand.RIGHT].value == "Player"  # against the bank's first two cards
    passing = scripted_table("chemin-de-fer", "9S 2H KD 3C", "banker", bank=10, bot_stake=10)  # a players' natural 9
    assert passing.last_coup.results[Hand.PLAYER].value == "Player"
    assert passing.banker is None and passing.pending.kind is DecisionKind.OFFER_BANK and passing.pending.seat == 1


def test_a_script_that_cannot_seat_you_says_why():
    from baccarat_lessons.engine.errors import SettingsError
    with pytest.raises(SettingsError, match="you can be banker, captain, bettor"):
        scripted_table("banque-ouverte", "2S KH 3D 3S", "punter")
    with pytest.raises(SettingsError, match="would not be the bettor"):
        scripted_table("chemin-de-fer", "2S KH 3D 3S 9H 4C", "bettor", bank=20, stake=10, bot_stake=5)


def test_a_side_the_croupier_plays_stays_face_down_to_every_seat():
    table = new_table(variants.BANQUE_OUVERTE, shoe=Shoe.stacked("2S 3H 4D 2C AC 2D 9H 7S 5C", decks=6))
    for seat in (3, 4, 5):  # nobody on the left side can play it: the croupier does
        table.seats[seat].balance = 0
    table.open_bank(30 * CHIP)
    table.bet(10 * CHIP, Hand.RIGHT)
    table.bet(10 * CHIP, Hand.LEFT)
    table.stand(seat=1)
    for reader in (None, 0, 1, 2):
        view = table.view(reader)
        left = view.hand("Left tableau")
        assert [card.rank for card in left.cards[:2]] == [None, None] and left.total is None
        text = json.dumps(view.to_json(), ensure_ascii=False)
        assert "3♥" not in text and "A♣" not in text and "(total" not in text


@pytest.mark.parametrize("key", list(SEAT_BANKED))
def test_the_rules_pages_state_the_rounding_rule_the_tables_apply(key):
    from baccarat_lessons.content import variant_page

    text = re.search(r'data-rule="commission-rounding">(.*?)</p>', variant_page(key).rules_html).group(1)
    gain, exact, taken = re.search(r"on a gain of ([\d.]+) chips it is ([\d.]+), taken as (\d+\.\d+|\d+)", text).groups()
    rate = SEAT_BANKED[key].commission
    hundredths = round(float(gain) * CHIP)
    assert f"{float(100 * rate):g}%" in text and "rounded down" in text
    assert float(exact) == float(hundredths * rate) / CHIP
    assert round(float(taken) * CHIP) == commission_on(hundredths, rate) < hundredths * rate
