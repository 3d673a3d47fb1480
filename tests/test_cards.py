"""Cards, values and totals (SPEC §1)."""

import pytest

from baccarat_lessons.engine.cards import (
    Card, Rank, Suit, full_deck, hand_total, is_natural, parse_cards,
)
from baccarat_lessons.engine.errors import BaccaratError, CardError

# SPEC §1: Ace 1, 2-9 face value, 10/J/Q/K 0.
EXPECTED_VALUES = {
    "A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
    "10": 0, "J": 0, "Q": 0, "K": 0,
}


@pytest.mark.parametrize("rank_token, value", EXPECTED_VALUES.items())
def test_every_rank_has_its_baccarat_value(rank_token, value):
    for suit in "SHDC":
        assert Card.parse(rank_token + suit).value == value


def test_card_tokens_in_any_case_and_ten_as_t():
    assert Card.parse("10D") == Card.parse("TD") == Card.parse("td") == Card(Rank.TEN, Suit.DIAMONDS)
    assert Card.parse("kc") == Card(Rank.KING, Suit.CLUBS)
    assert Card.parse(" AS ") == Card(Rank.ACE, Suit.SPADES)
    assert str(Card.parse("10h")) == "10H"
    assert Card.parse("10H").label == "10♥"
    assert Card.parse("QS").name == "queen of spades"


def test_parse_cards_keeps_order_and_accepts_commas():
    cards = parse_cards("2S, 2H AC 10D KC")
    assert [str(c) for c in cards] == ["2S", "2H", "AC", "10D", "KC"]
    assert parse_cards(["9D", "8C"]) == [Card(Rank.NINE, Suit.DIAMONDS), Card(Rank.EIGHT, Suit.CLUBS)]


def test_suits_and_ranks_are_kept_for_pair_bets():
    five_hearts, five_spades = parse_cards("5H 5S")
    assert five_hearts.rank == five_spades.rank
    assert five_hearts != five_spades
    assert five_hearts.suit.is_red and not five_spades.suit.is_red


@pytest.mark.parametrize(
    "cards, total",
    [
        ("AS 2H", 3),
        ("9S 9H", 8),  # 18 keeps the last digit
        ("KS QH", 0),
        ("10S 5H", 5),
        ("7S 8H 9D", 4),  # 24
        ("5S 5H", 0),
        ("9C KD", 9),
        ("4C 4D AH", 9),
    ],
)
def test_hand_total_keeps_the_last_digit(cards, total):
    assert hand_total(parse_cards(cards)) == total


def test_natural_is_a_two_card_eight_or_nine_only():
    assert is_natural(parse_cards("KS 8H"))
    assert is_natural(parse_cards("4S 5H"))
    assert is_natural(parse_cards("9S 9H"))  # 18: a natural 8
    assert not is_natural(parse_cards("3S 4H"))
    assert not is_natural(parse_cards("2S 2H 5D"))  # a three-card 9 is not a natural
    assert not is_natural(parse_cards("AS 2H 5D"))  # nor a three-card 8


def test_full_deck_is_52_distinct_cards_with_values_summing_right():
    deck = full_deck()
    assert len(deck) == 52 == len(set(deck))
    # Per suit: 1+2+...+9 = 45 and four zero cards.
    assert sum(card.value for card in deck) == 4 * 45
    assert sum(1 for card in deck if card.value == 0) == 16


def test_cards_are_frozen_and_hashable():
    card = Card.parse("AS")
    with pytest.raises(AttributeError):
        card.rank = Rank.KING  # type: ignore[misc]
    assert {card, Card.parse("as")} == {card}


@pytest.mark.parametrize(
    "token, words",
    [
        ("", "write the rank then the suit"),
        ("5", "write the rank then the suit"),
        ("5X", "no suit letter"),
        ("11S", "is not a card rank"),
        ("ZZ", "is not a card rank"),
        ("10", "no suit letter"),
    ],
)
def test_bad_card_tokens_raise_a_card_error_with_a_sentence(token, words):
    with pytest.raises(CardError) as caught:
        Card.parse(token)
    message = str(caught.value)
    assert words in message
    assert message.endswith(".") and "\n" not in message
    assert isinstance(caught.value, BaccaratError)


def test_a_bad_token_in_a_card_string_is_reported():
    with pytest.raises(CardError, match="'QX' has no suit letter"):
        parse_cards("2S QX 4D")


def test_cards_sort_by_rank_then_suit():
    cards = parse_cards("KH 2C AS 2S 10D")
    assert [str(card) for card in sorted(cards)] == ["AS", "2S", "2C", "10D", "KH"]
    assert max(parse_cards("QS KC JD")) == Card.parse("KC")
