"""Every payout of SPEC §2 and §2.1, settled on real coups from stacked shoes.

Amounts returned include the stake: "8:1" returns the stake plus 8x the stake.
"""

from fractions import Fraction

import pytest

from baccarat_lessons.engine.bets import BankerPays, BetSpot, CoupFacts, payout_label, settle_bet
from baccarat_lessons.engine.coup import deal_coup
from baccarat_lessons.engine.errors import BetError
from baccarat_lessons.engine.events import BetSettled, Outcome
from baccarat_lessons.engine.shoe import Shoe
from baccarat_lessons.engine.variants import PUNTO_BANCO

COMMISSION, BANKER_7 = BankerPays.COMMISSION, BankerPays.BANKER_7
RATE = PUNTO_BANCO.commission  # SPEC §2: 5%

# Coups named by what they show (P1 B1 P2 B2, then third cards).
PLAYER_WINS = "9S KD KH 6C"  # Player natural 9 against 6
BANKER_WINS_TWO_CARDS = "2S AC 2H 2D 8C"  # the worked example: Banker 3 to 2
TIE = "9S 5C KH 4C"  # 9 to 9
BANKER_THREE_CARD_7 = "2S AC 2H 2D 7C 4D"  # Player 4+7 = 1; Banker 3 draws a 4: 7 to 1
BANKER_TWO_CARD_7 = "6S 3C KH 4D 9H"  # Player stands on 6, Banker stands on 7: 7 to 6
BANKER_THREE_CARD_6 = "2S AC 2H 2D 7C 3D"  # Banker 3 draws a 3: 6 to 1
TIE_AT_THREE_CARD_7 = "4S AC 3H 2D 4D"  # Player 7 stands; Banker 3 draws a 4: 7 to 7


def settle(cards, spot, stake, banker_pays=COMMISSION, tie_pays=8):
    facts = deal_coup(Shoe.stacked(cards)).facts
    return settle_bet(spot, stake, facts, banker_pays, tie_pays, RATE).returned


def test_player_pays_even_money_and_loses_to_banker():
    assert settle(PLAYER_WINS, BetSpot.PLAYER, 10) == 20
    assert settle(BANKER_WINS_TWO_CARDS, BetSpot.PLAYER, 10) == 0


@pytest.mark.parametrize("stake, returned", [(20, 39), (10, Fraction(39, 2)), (5, Fraction(39, 4)), (50, Fraction(195, 2))])
def test_banker_pays_95_percent_with_commission(stake, returned):
    # 0.95:1 -> stake + 0.95 stake: 20 -> 39, 10 -> 19.5, 5 -> 9.75, 50 -> 97.5
    assert settle(BANKER_WINS_TWO_CARDS, BetSpot.BANKER, stake) == returned
    assert settle(PLAYER_WINS, BetSpot.BANKER, stake) == 0


def test_a_tie_pushes_player_and_banker_and_pays_the_tie_bet():
    for spot in (BetSpot.PLAYER, BetSpot.BANKER):
        assert settle(TIE, spot, 10) == 10
        assert settle(TIE, spot, 10, banker_pays=BANKER_7) == 10
    assert settle(TIE, BetSpot.TIE, 10, tie_pays=8) == 90
    assert settle(TIE, BetSpot.TIE, 10, tie_pays=9) == 100
    assert settle(PLAYER_WINS, BetSpot.TIE, 10) == 0
    assert settle(BANKER_WINS_TWO_CARDS, BetSpot.TIE, 10, tie_pays=9) == 0


def test_banker_7_mode_pushes_a_winning_three_card_seven():
    assert settle(BANKER_THREE_CARD_7, BetSpot.BANKER, 10, banker_pays=BANKER_7) == 10
    # The same coup under commission pays 0.95:1, and Player still loses.
    assert settle(BANKER_THREE_CARD_7, BetSpot.BANKER, 10, banker_pays=COMMISSION) == Fraction(39, 2)
    assert settle(BANKER_THREE_CARD_7, BetSpot.PLAYER, 10, banker_pays=BANKER_7) == 0


def test_banker_7_mode_pays_other_banker_wins_one_to_one():
    assert settle(BANKER_TWO_CARD_7, BetSpot.BANKER, 10, banker_pays=BANKER_7) == 20  # a two-card 7 pays
    assert settle(BANKER_THREE_CARD_6, BetSpot.BANKER, 10, banker_pays=BANKER_7) == 20
    assert settle(BANKER_WINS_TWO_CARDS, BetSpot.BANKER, 5, banker_pays=BANKER_7) == 10
    assert settle(PLAYER_WINS, BetSpot.BANKER, 10, banker_pays=BANKER_7) == 0
    assert settle(PLAYER_WINS, BetSpot.PLAYER, 10, banker_pays=BANKER_7) == 20


def test_a_three_card_seven_that_ties_is_an_ordinary_tie():
    assert settle(TIE_AT_THREE_CARD_7, BetSpot.BANKER, 10, banker_pays=BANKER_7) == 10
    assert settle(TIE_AT_THREE_CARD_7, BetSpot.TIE, 10, banker_pays=BANKER_7) == 90


# -- pair bets: first two cards of the hand, 11:1, settled apart from the main bet ---------

def test_player_pair_pays_11_to_1_whatever_the_third_card():
    natural_pair = "4H 9C 4S KD"  # Player 4-4, a natural 8, loses to Banker's natural 9
    assert settle(natural_pair, BetSpot.PLAYER_PAIR, 5) == 60
    assert settle(natural_pair, BetSpot.PLAYER, 5) == 0
    # Player 2-2 (4) draws an 8: the pair still counts, and Player loses the coup.
    drawing_pair = "2S AC 2H 2D 8C"
    assert settle(drawing_pair, BetSpot.PLAYER_PAIR, 5) == 60
    assert settle(drawing_pair, BetSpot.PLAYER, 5) == 0
    assert settle(drawing_pair, BetSpot.BANKER_PAIR, 5) == 0


def test_a_third_card_matching_the_first_is_not_a_pair():
    # Player 3-2 (5) draws a 3: three of Player's cards hold two threes, but not the first two.
    cards = "3H AC 2S 2D 3D 5S"
    coup = deal_coup(Shoe.stacked(cards))
    assert [str(card) for card in coup.player_cards] == ["3H", "2S", "3D"]
    assert settle(cards, BetSpot.PLAYER_PAIR, 10) == 0


def test_banker_pair_pays_11_to_1():
    cards = "9C 7H KD 7S 4D"  # Banker 7-7 (4) opens with a pair
    assert settle(cards, BetSpot.BANKER_PAIR, 10) == 120
    assert settle(cards, BetSpot.PLAYER_PAIR, 10) == 0


def test_either_pair_pays_5_to_1_on_either_hand():
    assert settle("2S AC 2H 2D 8C", BetSpot.EITHER_PAIR, 10) == 60  # Player pair
    assert settle("9C 7H KD 7S 4D", BetSpot.EITHER_PAIR, 10) == 60  # Banker pair
    assert settle(BANKER_THREE_CARD_6.replace("2S AC 2H", "2S AC 3H"), BetSpot.EITHER_PAIR, 10) == 0


def test_perfect_pair_needs_the_same_rank_and_suit():
    assert settle("4H 9C 4H KD", BetSpot.PERFECT_PAIR, 2) == 52  # 25:1
    assert settle("9C 4D KD 4D 8D", BetSpot.PERFECT_PAIR, 2) == 52  # on the Banker hand too
    assert settle("4H 9C 4S KD", BetSpot.PERFECT_PAIR, 2) == 0  # a pair of two suits is not perfect
    assert settle("4H 9C 4S KD", BetSpot.PLAYER_PAIR, 2) == 24


def test_big_pays_0_54_to_1_on_five_or_six_cards():
    assert settle(BANKER_WINS_TWO_CARDS, BetSpot.BIG, 50) == 77  # 5 cards
    assert settle(BANKER_THREE_CARD_7, BetSpot.BIG, 5) == Fraction(77, 10)  # 6 cards: 5 + 2.70
    assert settle(PLAYER_WINS, BetSpot.BIG, 50) == 0  # 4 cards


def test_small_pays_1_5_to_1_on_exactly_four_cards():
    assert settle(PLAYER_WINS, BetSpot.SMALL, 10) == 25
    assert settle(TIE, BetSpot.SMALL, 5) == Fraction(25, 2)
    assert settle(BANKER_WINS_TWO_CARDS, BetSpot.SMALL, 10) == 0
    assert settle(BANKER_THREE_CARD_7, BetSpot.SMALL, 10) == 0


@pytest.mark.parametrize(
    "spot, banker_pays, tie_pays, label",
    [
        (BetSpot.PLAYER, COMMISSION, 8, "1:1"),
        (BetSpot.BANKER, COMMISSION, 8, "0.95:1"),
        (BetSpot.BANKER, BANKER_7, 8, "1:1"),
        (BetSpot.TIE, COMMISSION, 8, "8:1"),
        (BetSpot.TIE, COMMISSION, 9, "9:1"),
        (BetSpot.PLAYER_PAIR, COMMISSION, 8, "11:1"),
        (BetSpot.BANKER_PAIR, COMMISSION, 8, "11:1"),
        (BetSpot.EITHER_PAIR, COMMISSION, 8, "5:1"),
        (BetSpot.PERFECT_PAIR, COMMISSION, 8, "25:1"),
        (BetSpot.BIG, COMMISSION, 8, "0.54:1"),
        (BetSpot.SMALL, COMMISSION, 8, "1.5:1"),
    ],
)
def test_payout_labels(spot, banker_pays, tie_pays, label):
    assert payout_label(spot, banker_pays, tie_pays, RATE) == label


def test_settlement_is_exact_and_the_event_says_what_happened():
    facts = CoupFacts(Outcome.BANKER, player_total=2, banker_total=3, banker_card_count=2, cards_dealt=5)
    result = settle_bet(BetSpot.BANKER, 10, facts, COMMISSION, 8, RATE)
    assert result.returned == Fraction(39, 2)  # exact: 10 chips back and 9.50 won
    # The table's events count hundredths of a chip: 10 chips are 1000, 19.50 back is 1950.
    event = BetSettled("Banker", 1000, int(result.returned * 100), result.reason)
    assert event.net == 950
    assert event.text == "Banker bet of 10 wins 9.50 (you get 19.50 back): Banker won; it pays 0.95:1 after the 5% commission."
    lost = settle_bet(BetSpot.PLAYER, 10, facts, COMMISSION, 8, RATE)
    assert BetSettled("Player", 1000, int(lost.returned * 100), lost.reason).text == "Player bet of 10 loses: Banker won."


def test_bet_names_by_key_or_label():
    assert BetSpot.from_key("player_pair") is BetSpot.PLAYER_PAIR
    assert BetSpot.from_key("Perfect Pair") is BetSpot.PERFECT_PAIR
    assert BetSpot.PERFECT_PAIR.key == "perfect_pair"
    with pytest.raises(BetError) as caught:
        BetSpot.from_key("dragon")
    assert str(caught.value).startswith("There is no 'dragon' bet; the bets are Player, Banker, Tie,")
