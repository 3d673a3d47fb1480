"""A coup as a log of events, and the facts its bets are settled on."""

import pytest

from baccarat_lessons.engine.coup import card_phrase, deal_coup
from baccarat_lessons.engine.cards import Card
from baccarat_lessons.engine.errors import ShoeError
from baccarat_lessons.engine.events import Hand, Outcome
from baccarat_lessons.engine.shoe import Shoe


def test_every_card_is_an_event_with_the_running_total():
    coup = deal_coup(Shoe.stacked("7S KD 5H 6C 4S 9D"))
    # Player 7+5 = 2 draws the 4S (6); Banker on 6 draws only against a 6 or 7, so stands.
    dealt = [event for event in coup.events if event.kind == "CardDealt"]
    assert [event.text for event in dealt] == [
        "Player gets the 7♠ (total 7).",
        "Banker gets the K♦ (total 0).",
        "Player gets the 5♥ (total 2).",
        "Banker gets the 6♣ (total 6).",
        "Player gets the 4♠ (total 6).",
    ]
    assert [event.card_number for event in dealt] == [1, 1, 2, 2, 3]
    assert all(event.face_up for event in dealt)
    assert coup.events[-1] is coup.result
    assert coup.result.outcome is Outcome.TIE and coup.result.text == "Tie at 6: the hands are level."


def test_events_come_in_the_order_they_happen():
    coup = deal_coup(Shoe.stacked("2S AC 2H 2D 7C 5D"))
    kinds = [(event.kind, getattr(event, "hand", None)) for event in coup.events]
    assert kinds == [
        ("CardDealt", Hand.PLAYER), ("CardDealt", Hand.BANKER),
        ("CardDealt", Hand.PLAYER), ("CardDealt", Hand.BANKER),
        ("RuleApplied", Hand.PLAYER), ("CardDealt", Hand.PLAYER),
        ("RuleApplied", Hand.BANKER), ("CardDealt", Hand.BANKER),
        ("CoupResult", None),
    ]


def test_events_are_frozen():
    coup = deal_coup(Shoe.stacked("9S KD KH 6C"))
    with pytest.raises(AttributeError):
        coup.result.player_total = 0  # type: ignore[misc]


@pytest.mark.parametrize(
    "token, words",
    [("8H", "an 8"), ("7H", "a 7"), ("AH", "an ace (1)"), ("10H", "a 10 (0)"),
     ("JH", "a jack (0)"), ("QH", "a queen (0)"), ("KH", "a king (0)"), ("2H", "a 2")],
)
def test_third_card_is_read_aloud_with_its_value(token, words):
    assert card_phrase(Card.parse(token)) == words


@pytest.mark.parametrize(
    "cards, player_pair, banker_pair, perfect_pair",
    [
        ("4H 9C 4S KD 8D", True, False, False),  # Player 4-4 of two suits: a pair, not perfect
        ("4H 9C 4H KD 8D", True, False, True),  # the same card twice (multi-deck shoe): perfect
        ("9C 4H KD 4S 8D", False, True, False),
        ("9C 4D KD 4D 8D", False, True, True),
        ("3H 5C 5D 2S 3S 9H", False, False, False),  # Player's THIRD card matches: no pair
        ("KH 2C QH 2D 9S", False, True, False),  # king and queen are both 0 but not the same rank
        ("6H 6C 6S 6D 3H 3D", True, True, False),
    ],
)
def test_pair_facts_use_the_first_two_cards_of_each_hand(cards, player_pair, banker_pair, perfect_pair):
    facts = deal_coup(Shoe.stacked(cards)).facts
    assert (facts.player_pair, facts.banker_pair, facts.perfect_pair) == (player_pair, banker_pair, perfect_pair)


@pytest.mark.parametrize(
    "cards, cards_dealt, banker_count, banker_total, outcome",
    [
        ("9S KD KH 6C", 4, 2, 6, Outcome.PLAYER),  # Player natural: 4 cards
        ("2S AC 2H 2D 8C", 5, 2, 3, Outcome.BANKER),  # worked example: Player draws only
        ("7S 2C KH 3D 4H", 5, 3, 9, Outcome.BANKER),  # Player stands on 7, Banker 5 draws a 4
        ("2S AC 2H 2D 7C 3D", 6, 3, 6, Outcome.BANKER),  # both draw
        ("2S AC 2H 2D 7C 4D", 6, 3, 7, Outcome.BANKER),  # Banker's three-card 7
    ],
)
def test_card_counts_and_three_card_seven(cards, cards_dealt, banker_count, banker_total, outcome):
    facts = deal_coup(Shoe.stacked(cards)).facts
    assert facts.cards_dealt == cards_dealt
    assert facts.banker_card_count == banker_count
    assert facts.banker_total == banker_total
    assert facts.outcome is outcome
    assert facts.is_banker_three_card_seven == (banker_count == 3 and banker_total == 7 and outcome is Outcome.BANKER)


def test_a_two_card_banker_seven_is_not_a_three_card_seven():
    facts = deal_coup(Shoe.stacked("6S 3C KH 4D 9H")).facts  # Player 6 stands, Banker 7 stands
    assert facts.banker_total == 7 and facts.banker_card_count == 2
    assert facts.outcome is Outcome.BANKER
    assert not facts.is_banker_three_card_seven


def test_a_stacked_shoe_that_runs_out_says_so():
    with pytest.raises(ShoeError, match="ran out"):
        deal_coup(Shoe.stacked("2S AC 2H 2D"))  # Player 4 must draw a fifth card
