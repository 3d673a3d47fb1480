"""Exact odds: published figures, hand-derived fractions, and an independent brute force.

The brute force deals every possible coup card by card from small shoes with the
engine's own ``deal_coup`` (not the vectorised rules ``exact_odds`` uses) and
settles every bet with rules written out in this file.
"""

from collections import Counter
from fractions import Fraction
from functools import lru_cache

import pytest

from baccarat_lessons.analysis.composition import Composition
from baccarat_lessons.analysis.exact import exact_odds
from baccarat_lessons.engine.bets import BetSpot
from baccarat_lessons.engine.cards import parse_cards
from baccarat_lessons.engine.coup import deal_coup
from baccarat_lessons.engine.errors import CardError, SettingsError, ShoeError
from baccarat_lessons.engine.shoe import Shoe

# Published counts of ordered six-card sequences from an 8-deck shoe.
BANKER_8, PLAYER_8, TIE_8 = 2_292_252_566_437_888, 2_230_518_282_592_256, 475_627_426_473_216
SEQUENCES_8 = 416 * 415 * 414 * 413 * 412 * 411


@pytest.fixture(scope="module")
def eight_decks():
    return exact_odds(Composition.full(8))


def test_published_8_deck_counts(eight_decks):
    assert eight_decks.outcome_counts == {"banker": BANKER_8, "player": PLAYER_8, "tie": TIE_8}
    assert eight_decks.sequence_count == SEQUENCES_8 == BANKER_8 + PLAYER_8 + TIE_8
    assert eight_decks.card_count == 416


def test_8_deck_main_bets_follow_from_the_counts(eight_decks):
    banker, player, tie = (Fraction(n, SEQUENCES_8) for n in (BANKER_8, PLAYER_8, TIE_8))
    bets = eight_decks.bets
    assert (bets[BetSpot.BANKER].win, bets[BetSpot.BANKER].push) == (banker, tie)
    assert (bets[BetSpot.PLAYER].win, bets[BetSpot.PLAYER].push) == (player, tie)
    assert bets[BetSpot.BANKER].house_edge == player - Fraction(95, 100) * banker
    assert bets[BetSpot.PLAYER].house_edge == banker - player
    assert bets[BetSpot.TIE].house_edge == (1 - tie) - 8 * tie
    # The published house edges: Banker 1.0579%, Player 1.2351%, Tie 14.3596%.
    assert round(float(bets[BetSpot.BANKER].house_edge) * 100, 4) == 1.0579
    assert round(float(bets[BetSpot.PLAYER].house_edge) * 100, 4) == 1.2351
    assert round(float(bets[BetSpot.TIE].house_edge) * 100, 4) == 14.3596


def test_tie_at_9_to_1():
    tie = Fraction(TIE_8, SEQUENCES_8)
    odds = exact_odds(Composition.full(8), tie_pays=9)
    assert odds.bets[BetSpot.TIE].pays == 9
    assert odds.bets[BetSpot.TIE].house_edge == (1 - tie) - 9 * tie
    assert round(float(odds.bets[BetSpot.TIE].house_edge) * 100, 3) == 4.844


def test_banker_7_mode_8_decks():
    odds = exact_odds(Composition.full(8), banker_pays="banker7")
    banker = odds.bets[BetSpot.BANKER]
    tie = Fraction(TIE_8, SEQUENCES_8)
    three_card_seven = banker.push - tie
    # Published: a winning three-card Banker 7 comes 2.2534% of coups; Banker edge 1.0183%.
    assert round(float(three_card_seven), 6) == 0.022534
    assert banker.win + three_card_seven == Fraction(BANKER_8, SEQUENCES_8)
    assert banker.pays == 1
    assert round(float(banker.house_edge) * 100, 4) == 1.0183
    assert odds.bets[BetSpot.PLAYER] == exact_odds(Composition.full(8)).bets[BetSpot.PLAYER]


def test_6_deck_published_probabilities():
    outcomes = exact_odds(Composition.full(6)).outcomes
    assert [round(float(outcomes[name]), 6) for name in ("banker", "player", "tie")] == [0.458653, 0.446279, 0.095069]


def test_pair_bets_8_decks_by_hand(eight_decks):
    bets = eight_decks.bets
    # Player Pair: the second card matches the first's rank: 31 of the other 415 cards.
    pair = Fraction(31, 415)
    assert bets[BetSpot.PLAYER_PAIR].win == bets[BetSpot.BANKER_PAIR].win == pair
    assert bets[BetSpot.PLAYER_PAIR].house_edge == 1 - 12 * pair == Fraction(43, 415)
    # Either Pair: given a Player pair of one rank, Banker pairs in that rank (30 left) or another (32 each).
    banker_given_player = Fraction(30 * 29 + 12 * 32 * 31, 414 * 413)
    either = 2 * pair - pair * banker_given_player
    assert bets[BetSpot.EITHER_PAIR].win == either
    assert bets[BetSpot.EITHER_PAIR].pays == 5
    assert round(float(bets[BetSpot.EITHER_PAIR].house_edge) * 100, 2) == 13.71
    # Perfect Pair: the second card is one of the 7 other copies of the first.
    perfect = Fraction(7, 415)
    banker_perfect_given_player = Fraction(6 * 5 + 51 * 8 * 7, 414 * 413)
    assert bets[BetSpot.PERFECT_PAIR].win == 2 * perfect - perfect * banker_perfect_given_player
    assert bets[BetSpot.PERFECT_PAIR].pays == 25
    assert round(float(bets[BetSpot.PERFECT_PAIR].house_edge) * 100, 2) == 13.03


def test_big_and_small_8_decks(eight_decks):
    big, small = eight_decks.bets[BetSpot.BIG], eight_decks.bets[BetSpot.SMALL]
    assert big.win + small.win == 1
    assert (big.pays, small.pays) == (Fraction(54, 100), Fraction(3, 2))
    # Published house edges: Big 4.35%, Small 5.28%.
    assert round(float(big.house_edge) * 100, 2) == 4.35
    assert round(float(small.house_edge) * 100, 2) == 5.28


# -- brute force on small shoes ---------------------------------------------------------------

VALUE = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 0, "J": 0, "Q": 0, "K": 0}


def total(cards) -> int:
    return sum(VALUE[card.rank.value] for card in cards) % 10


def results(player, banker, banker_7: bool, tie_pays: int) -> dict[BetSpot, str]:
    """Win, push or lose for every bet, from the rules of SPEC §2 and §2.1."""
    p, b = total(player), total(banker)
    if p > b:
        main = {BetSpot.PLAYER: "win", BetSpot.BANKER: "lose", BetSpot.TIE: "lose"}
    elif b > p:
        banker_result = "push" if banker_7 and len(banker) == 3 and b == 7 else "win"
        main = {BetSpot.PLAYER: "lose", BetSpot.BANKER: banker_result, BetSpot.TIE: "lose"}
    else:
        main = {BetSpot.PLAYER: "push", BetSpot.BANKER: "push", BetSpot.TIE: "win"}
    player_pair = player[0].rank == player[1].rank
    banker_pair = banker[0].rank == banker[1].rank
    perfect = player[0] == player[1] or banker[0] == banker[1]
    dealt = len(player) + len(banker)
    side = {
        BetSpot.PLAYER_PAIR: player_pair, BetSpot.BANKER_PAIR: banker_pair,
        BetSpot.EITHER_PAIR: player_pair or banker_pair, BetSpot.PERFECT_PAIR: perfect,
        BetSpot.BIG: dealt >= 5, BetSpot.SMALL: dealt == 4,
    }
    return main | {spot: "win" if hit else "lose" for spot, hit in side.items()}


@lru_cache(maxsize=None)
def every_coup(text: str) -> tuple:
    """Each possible coup from a shuffled shoe of these cards, with its exact probability.

    Cards are dealt one at a time; a stacked shoe holding the cards dealt so far
    tells whether the coup is over (it is, when ``deal_coup`` does not run out).
    """
    found: Counter = Counter()

    def deal_on(dealt, chance, counts, left):
        if len(dealt) >= 4:
            try:
                coup = deal_coup(Shoe.stacked(dealt, decks=1))
            except ShoeError:
                pass
            else:
                found[(tuple(coup.player_cards), tuple(coup.banker_cards))] += chance
                return
        for card, count in counts.items():
            if count:
                counts[card] -= 1
                deal_on(dealt + [card], chance * Fraction(count, left), counts, left - 1)
                counts[card] += 1

    cards = parse_cards(text)
    deal_on([], Fraction(1), Counter(cards), len(cards))
    assert sum(found.values()) == 1
    return tuple(found.items())


SMALL_SHOES = [
    "2S 3S 4S 5S 6S 7S",  # six cards: the least exact odds accept
    "AH AH AS 6D 6D 7C 7C 8H QS QS",
    "5H 5H 5S 2D KC KC 4H 4H 9S 3C",
]


@pytest.mark.parametrize("banker_pays", ["commission", "banker7"])
@pytest.mark.parametrize("text", SMALL_SHOES)
def test_exact_odds_match_a_brute_force_deal(text, banker_pays):
    tie_pays = 9 if banker_pays == "banker7" else 8
    win, push = Counter(), Counter()
    for (player, banker), chance in every_coup(text):
        for spot, result in results(player, banker, banker_pays == "banker7", tie_pays).items():
            win[spot] += chance if result == "win" else 0
            push[spot] += chance if result == "push" else 0
    odds = exact_odds(Composition.of_cards(parse_cards(text)), tie_pays=tie_pays, banker_pays=banker_pays)
    for spot in BetSpot:
        assert (odds.bets[spot].win, odds.bets[spot].push) == (win[spot], push[spot]), spot
    assert odds.outcomes["tie"] == win[BetSpot.TIE]
    assert odds.outcomes["player"] == win[BetSpot.PLAYER]
    assert odds.bets[BetSpot.TIE].pays == tie_pays


def test_the_small_shoes_exercise_every_kind_of_result():
    kinds = Counter()
    for text in SMALL_SHOES[1:]:
        for (player, banker), _ in every_coup(text):
            outcome = results(player, banker, banker_7=True, tie_pays=8)
            kinds.update(f"{spot.key}:{result}" for spot, result in outcome.items())
    for needed in ("banker:push", "tie:win", "player:win", "banker:win", "player_pair:win",
                   "banker_pair:win", "perfect_pair:win", "big:win", "small:win"):
        assert kinds[needed] > 0, needed
    # A winning three-card 7 pushes Banker even when nobody tied.
    assert kinds["banker:push"] > kinds["tie:win"]


# -- compositions -------------------------------------------------------------------------------

def test_composition_of_a_live_shoe_is_what_is_left():
    shoe = Shoe(decks=1, seed=4)
    for _ in range(10):
        shoe.draw()
    composition = Composition.of_shoe(shoe)
    assert composition.card_count == 42
    assert composition == Composition.of_cards(shoe.remaining_cards)
    assert composition.by_value() == shoe.composition_by_value()


def test_removing_cards_by_face_or_by_rank():
    full = Composition.full(1)
    assert full.by_value() == [16, 4, 4, 4, 4, 4, 4, 4, 4, 4]
    less = full.removed(["5", "5H", "K", "10", "a"])
    assert less.card_count == 47
    assert less.by_rank() == [3, 4, 4, 4, 2, 4, 4, 4, 4, 3, 4, 4, 3]
    assert full.card_count == 52  # the original is untouched
    twice = Composition.full(2).removed(["7", "7"])  # by rank, from the fullest suit: two suits
    assert twice.by_rank()[6] == 6 and max(twice.counts) == 2 and sorted(twice.counts)[:2] == [1, 1]


@pytest.mark.parametrize(
    "tokens, message",
    [
        (["5H", "5H"], "There is no five of hearts left to remove from the shoe."),
        (["Q", "Q", "Q", "Q", "Q"], "There is no queen left to remove from the shoe."),
        (["ZZ"], None),
        (["5X"], None),
    ],
)
def test_removing_what_is_not_there_is_a_card_error(tokens, message):
    full = Composition.full(1)
    with pytest.raises(CardError) as caught:
        full.removed(tokens)
    if message:
        assert str(caught.value) == message
    assert full == Composition.full(1)


def test_exact_odds_need_six_cards():
    six = Composition.of_cards(parse_cards("2S 3S 4S 5S 6S 7S"))
    assert exact_odds(six).sequence_count == 720
    with pytest.raises(ShoeError) as caught:
        exact_odds(six.removed(["7S"]))
    assert str(caught.value) == "Exact odds need at least 6 cards in the shoe; it holds 5."


def test_composition_decks_are_checked():
    with pytest.raises(SettingsError):
        Composition.full(0)


def test_an_unknown_banker_payout_is_a_settings_error():
    with pytest.raises(SettingsError, match="Banker pays 'commission' or 'banker7'; 'bogus' is not a choice."):
        exact_odds(Composition.full(1), banker_pays="bogus")
