"""The shoe and its three procedures (SPEC §2, §2.1)."""

import random
from collections import Counter

import pytest

from baccarat_lessons.engine.cards import Card, full_deck, parse_cards
from baccarat_lessons.engine.coup import deal_coup
from baccarat_lessons.engine.errors import SettingsError, ShoeError
from baccarat_lessons.engine.shoe import Shoe, ShoeProcedure

SEED_2026_TOP_SIX = ["4D", "JH", "2D", "QH", "10H", "AH"]  # Shoe(1, seed=2026), CPython 3.11


def kinds(events):
    return [event.kind for event in events]


def deck_starting_with(token: str) -> list[Card]:
    """One deck in a fixed order whose first card is ``token``."""
    first = Card.parse(token)
    return [first] + [card for card in full_deck() if card != first]


# -- a new shoe --------------------------------------------------------------------

@pytest.mark.parametrize("decks", [1, 6, 8])
def test_a_shuffled_shoe_holds_exactly_its_decks(decks):
    shoe = Shoe(decks=decks, seed=11)
    assert shoe.remaining_count == 52 * decks
    assert Counter(shoe.remaining_cards) == Counter(full_deck() * decks)
    # Values: sixteen zero cards and four of each other value per deck.
    assert shoe.composition_by_value() == [16 * decks] + [4 * decks] * 9
    assert set(shoe.composition_by_rank().values()) == {4 * decks}


def test_the_seed_decides_the_order():
    assert Shoe(8, seed=5).remaining_cards == Shoe(8, seed=5).remaining_cards
    assert Shoe(8, seed=5).remaining_cards != Shoe(8, seed=6).remaining_cards
    generator = random.Random(5)  # the one generator (engine.randomness): a seed or a random.Random
    assert Shoe(8, seed=generator).remaining_cards == Shoe(8, seed=5).remaining_cards


def test_a_seed_deals_the_same_shoe_wherever_python_runs():
    """random.Random's shuffle from a whole-number seed is fixed by Python itself (the Mersenne
    Twister and ``_randbelow``), so a server and the browser's Pyodide deal this same shoe."""
    assert [str(card) for card in Shoe(1, seed=2026).remaining_cards[:6]] == SEED_2026_TOP_SIX


def test_a_seed_that_is_not_a_whole_number_is_refused():
    for seed in (1.5, "7", True):
        with pytest.raises(TypeError, match="whole number"):
            Shoe(1, seed=seed)


def test_the_first_coup_reports_the_first_shuffle_once():
    shoe = Shoe(decks=1, seed=2)
    events = shoe.prepare_coup()
    assert kinds(events) == ["ShoeShuffled"]
    assert events[0].text == "The shoe is shuffled: 1 deck, 52 cards."
    assert shoe.prepare_coup() == []  # nothing happened in between


def test_draw_deals_from_the_top():
    shoe = Shoe.from_order(parse_cards("AS 2S 3S"), decks=1, procedure="reshuffle20")
    assert [str(shoe.draw()) for _ in range(3)] == ["AS", "2S", "3S"]
    assert shoe.dealt_count == 3 and shoe.remaining_count == 0
    with pytest.raises(ShoeError, match="The shoe is empty"):
        shoe.draw()


# -- reshuffle under 20 cards ---------------------------------------------------------

def test_reshuffle_before_a_round_when_fewer_than_20_cards_remain():
    shoe = Shoe(decks=1, seed=3)
    shoe.prepare_coup()
    while shoe.remaining_count > 20:
        shoe.draw()
    assert shoe.prepare_coup() == []  # exactly 20 left: no reshuffle yet
    assert shoe.remaining_count == 20
    shoe.draw()
    events = shoe.prepare_coup()  # 19 left
    assert kinds(events) == ["ShoeShuffled"]
    assert shoe.remaining_count == 52
    assert Counter(shoe.remaining_cards) == Counter(full_deck())


def test_shuffle_every_hand():
    shoe = Shoe(decks=8, seed=4, procedure="every-hand")
    shoe.prepare_coup()
    for _ in range(3):
        deal_coup(shoe)
        assert shoe.remaining_count < 416
        assert kinds(shoe.prepare_coup()) == ["ShoeShuffled"]
        assert shoe.remaining_count == 416


def test_a_stacked_shoe_never_shuffles():
    shoe = Shoe.stacked("9S KD KH 6C 2S 2H")
    assert shoe.prepare_coup() == []
    deal_coup(shoe)
    assert shoe.prepare_coup() == []
    assert [str(card) for card in shoe.remaining_cards] == ["2S", "2H"]


# -- casino: burn and cut card ----------------------------------------------------------

@pytest.mark.parametrize(
    "first, burned",
    # SPEC §2.1: turn the first card and burn as many as its value, pictures and ten count 10.
    [("AS", 2), ("2H", 3), ("5D", 6), ("9C", 10), ("10S", 11), ("JH", 11), ("QD", 11), ("KC", 11)],
)
def test_casino_burn_is_the_first_card_plus_its_count(first, burned):
    order = deck_starting_with(first)
    shoe = Shoe.from_order(order, decks=1, procedure="casino")
    events = shoe.prepare_coup()
    assert kinds(events) == ["ShoeShuffled", "CardsBurned", "CutCardPlaced"]
    burn = events[1]
    assert burn.first_card == Card.parse(first) and burn.burned_count == burned
    count = burned - 1
    assert burn.text == (
        f"The first card, {Card.parse(first).label}, counts {count}: "
        f"it and {count} more cards are burned face down."
    )
    assert events[2].text == "The cut card goes in 16 cards from the bottom of the shoe."
    assert shoe.dealt_count == burned and shoe.remaining_count == 52 - burned
    assert shoe.draw() == order[burned]  # play starts after the burned cards


def test_cut_card_sits_16_cards_from_the_bottom():
    shoe = Shoe.from_order(deck_starting_with("AS"), decks=1, procedure="casino")
    shoe.prepare_coup()
    while shoe.remaining_count > 16:
        shoe.draw()
        assert shoe.take_cut_card_event() == []
    # 16 cards lie behind the cut card: it comes out as the dealer reaches them.
    shoe.draw()
    (event,) = shoe.take_cut_card_event()
    assert event.text == "The cut card comes out: this coup is the last before the shuffle."
    assert shoe.is_cut_card_out
    shoe.draw()
    assert shoe.take_cut_card_event() == []  # it comes out once


def test_the_coup_in_which_the_cut_card_appears_is_the_last_before_the_shuffle():
    shoe = Shoe(decks=1, seed=9, procedure="casino")
    shoe.prepare_coup()
    cut_index = 52 - 16  # the first card behind the cut card
    coups_before = 0
    while True:
        assert shoe.prepare_coup() == []  # no shuffle while the cut card is in
        dealt_before = shoe.dealt_count
        coup = deal_coup(shoe)
        if any(event.kind == "CutCardAppeared" for event in coup.events):
            break
        coups_before += 1
        assert shoe.dealt_count <= cut_index
    # This coup dealt the card behind the cut card, and it was played to the end.
    assert dealt_before <= cut_index < shoe.dealt_count
    assert coup.result is not None
    assert coups_before >= 3
    # The next coup begins with a fresh shoe: shuffle, burn, cut card.
    events = shoe.prepare_coup()
    assert kinds(events) == ["ShoeShuffled", "CardsBurned", "CutCardPlaced"]
    assert shoe.remaining_count == 52 - events[1].burned_count
    assert not shoe.is_cut_card_out


# -- procedure names and bad input -------------------------------------------------------

def test_procedures_by_value_name_or_label():
    assert ShoeProcedure.parse("casino") is ShoeProcedure.CASINO
    assert ShoeProcedure.parse("every_hand") is ShoeProcedure.EVERY_HAND
    assert ShoeProcedure.parse("Reshuffle under 20 cards") is ShoeProcedure.RESHUFFLE_20
    assert ShoeProcedure.parse(ShoeProcedure.CASINO) is ShoeProcedure.CASINO


@pytest.mark.parametrize("decks", [0, 9, -1, "8", True, 2.5, None])
def test_a_shoe_holds_1_to_8_decks(decks):
    with pytest.raises(SettingsError, match="A shoe holds 1 to 8 decks"):
        Shoe(decks=decks)


def test_unknown_procedure_is_refused_with_the_choices():
    with pytest.raises(SettingsError) as caught:
        Shoe(decks=1, procedure="weekly")
    assert str(caught.value) == "'weekly' is not a shoe procedure; choose one of reshuffle20, every-hand, casino."


def test_a_bad_card_in_a_stacked_shoe_is_a_card_error():
    from baccarat_lessons.engine.errors import CardError

    with pytest.raises(CardError):
        Shoe.stacked("2S 2Z")
