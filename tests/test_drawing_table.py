"""Every cell of the Punto Banco drawing table, played on a stacked shoe (SPEC §2).

The expected decisions are copied by hand from the SPEC table, not read from
``engine.drawing``; each cell is dealt as a real coup and the decision, the
number of cards and the rule sentence of the event are checked.
"""

import pytest

from baccarat_lessons.engine.coup import deal_coup
from baccarat_lessons.engine.drawing import CHEMIN_DE_FER, PUNTO_BANCO, Cell
from baccarat_lessons.engine.events import Hand
from baccarat_lessons.engine.shoe import Shoe

# SPEC §2: "Banker draws when Player's third card is ..."
SPEC_BANKER_DRAWS_ON = {
    0: set(range(10)),
    1: set(range(10)),
    2: set(range(10)),
    3: set(range(10)) - {8},
    4: {2, 3, 4, 5, 6, 7},
    5: {4, 5, 6, 7},
    6: {6, 7},
    7: set(),
}

# A card of each value, and how the rule sentence reads it aloud.
THIRD_CARD = {
    0: ("KD", "a king (0)"),
    1: ("AD", "an ace (1)"),
    2: ("2D", "a 2"),
    3: ("3D", "a 3"),
    4: ("4D", "a 4"),
    5: ("5D", "a 5"),
    6: ("6D", "a 6"),
    7: ("7D", "a 7"),
    8: ("8D", "an 8"),
    9: ("9D", "a 9"),
}


def two_cards(total: int, suit: str) -> str:
    """Two cards with this total and no natural: the total plus a zero card."""
    return f"{total}{suit} Q{suit}" if total else f"10{suit} J{suit}"


def rule_events(coup):
    return [event for event in coup.events if event.kind == "RuleApplied"]


def stacked_coup(player_two: str, banker_two: str, rest: str):
    """Deal P, B, P, B from the two hands' cards, then ``rest``."""
    p1, p2 = player_two.split()
    b1, b2 = banker_two.split()
    shoe = Shoe.stacked(f"{p1} {b1} {p2} {b2} {rest}")
    return deal_coup(shoe), shoe


def winner(player_total: int, banker_total: int) -> str:
    if player_total > banker_total:
        return "Player"
    if banker_total > player_total:
        return "Banker"
    return "Tie"


@pytest.mark.parametrize("third_value", range(10))
@pytest.mark.parametrize("banker_total", range(8))
def test_banker_cell_after_player_drew(banker_total, third_value):
    player_total = (banker_total + third_value) % 6  # varies over 0-5: Player must draw
    third_token, third_words = THIRD_CARD[third_value]
    banker_third = "3H"
    coup, shoe = stacked_coup(
        two_cards(player_total, "S"), two_cards(banker_total, "C"), f"{third_token} {banker_third} 4H"
    )
    should_draw = third_value in SPEC_BANKER_DRAWS_ON[banker_total]

    player_rule, banker_rule = rule_events(coup)
    assert player_rule.hand is Hand.PLAYER and player_rule.action == "draw"
    assert player_rule.text == f"Player has {player_total}: Player draws on 0 to 5."
    assert banker_rule.hand is Hand.BANKER
    assert banker_rule.action == ("draw" if should_draw else "stand")
    verb = "draws" if should_draw else "stands"
    assert banker_rule.text == (
        f"Banker has {banker_total} and Player's third card is {third_words}: Banker {verb}."
    )

    assert [str(card) for card in coup.player_cards][2] == third_token
    assert len(coup.player_cards) == 3
    assert len(coup.banker_cards) == (3 if should_draw else 2)
    assert shoe.remaining_count == (1 if should_draw else 2)  # nothing dealt beyond the rules
    final_player = (player_total + third_value) % 10
    final_banker = (banker_total + 3) % 10 if should_draw else banker_total
    assert (coup.player_total, coup.banker_total) == (final_player, final_banker)
    assert coup.outcome.value == winner(final_player, final_banker)


@pytest.mark.parametrize("player_total", [6, 7])
@pytest.mark.parametrize("banker_total", range(8))
def test_banker_acts_on_its_own_total_when_player_stood(player_total, banker_total):
    coup, shoe = stacked_coup(two_cards(player_total, "S"), two_cards(banker_total, "C"), "2H 9H")
    should_draw = banker_total <= 5  # SPEC §2 step 3
    player_rule, banker_rule = rule_events(coup)
    assert player_rule.action == "stand"
    assert player_rule.text == f"Player has {player_total}: Player stands on 6 or 7."
    assert banker_rule.action == ("draw" if should_draw else "stand")
    verb = "draws" if should_draw else "stands"
    assert banker_rule.text == f"Player stood, so Banker acts on its own total: Banker has {banker_total} and {verb}."
    assert len(coup.player_cards) == 2
    # The banker's third card is the next card in the shoe (the 2H), not a later one.
    assert [str(c) for c in coup.banker_cards[2:]] == (["2H"] if should_draw else [])
    assert shoe.remaining_count == (1 if should_draw else 2)
    final_banker = (banker_total + 2) % 10 if should_draw else banker_total
    assert coup.outcome.value == winner(player_total, final_banker)


@pytest.mark.parametrize("player_total", range(8))
def test_player_draws_on_0_to_5_and_stands_on_6_or_7(player_total):
    # Banker on 7 never draws, so the coup shows only Player's decision.
    coup, _ = stacked_coup(two_cards(player_total, "S"), two_cards(7, "C"), "AH AD")
    player_rule = rule_events(coup)[0]
    if player_total <= 5:
        assert player_rule.action == "draw"
        assert player_rule.text == f"Player has {player_total}: Player draws on 0 to 5."
        assert len(coup.player_cards) == 3 and str(coup.player_cards[2]) == "AH"
    else:
        assert player_rule.action == "stand"
        assert player_rule.text == f"Player has {player_total}: Player stands on 6 or 7."
        assert len(coup.player_cards) == 2
    assert len(coup.banker_cards) == 2


def test_worked_example_banker_stands_on_3_against_an_8():
    # SPEC §2: Player 2+2 (4) draws an 8 and ends on 2; Banker A+2 (3) stands; Banker wins 3-2.
    coup, shoe = stacked_coup("2S 2H", "AC 2D", "8C 5D")
    assert [event.text for event in rule_events(coup)] == [
        "Player has 4: Player draws on 0 to 5.",
        "Banker has 3 and Player's third card is an 8: Banker stands.",
    ]
    assert [str(c) for c in coup.player_cards] == ["2S", "2H", "8C"]
    assert [str(c) for c in coup.banker_cards] == ["AC", "2D"]
    assert (coup.player_total, coup.banker_total) == (2, 3)
    assert coup.result.text == "Banker wins, 3 to 2."
    assert shoe.remaining_count == 1  # the 5D stays in the shoe


def test_worked_example_variant_banker_must_draw_against_a_7():
    # Change the drawn 8 to a 7: Player ends on 1 and Banker, on 3, must draw (here a 5: 8).
    coup, shoe = stacked_coup("2S 2H", "AC 2D", "7C 5D")
    assert [event.text for event in rule_events(coup)] == [
        "Player has 4: Player draws on 0 to 5.",
        "Banker has 3 and Player's third card is a 7: Banker draws.",
    ]
    assert coup.player_total == 1
    assert [str(c) for c in coup.banker_cards] == ["AC", "2D", "5D"]
    assert coup.banker_total == 8
    assert coup.result.text == "Banker wins, 8 to 1."
    assert shoe.remaining_count == 0


def test_deal_order_is_player_banker_player_banker():
    coup = deal_coup(Shoe.stacked("AS 2S 3S 4S 9H 9D"))
    dealt = [(e.hand, str(e.card)) for e in coup.events if e.kind == "CardDealt"]
    assert dealt[:4] == [(Hand.PLAYER, "AS"), (Hand.BANKER, "2S"), (Hand.PLAYER, "3S"), (Hand.BANKER, "4S")]
    # Player 4 draws the 9H (3); Banker 6 with a third card 9 stands.
    assert dealt[4:] == [(Hand.PLAYER, "9H")]
    assert (coup.player_total, coup.banker_total) == (3, 6)


# -- naturals --------------------------------------------------------------------

def test_player_natural_stops_the_coup():
    # Banker's 5 would draw in a normal coup, and the next card (a 4) would make 9.
    coup, shoe = stacked_coup("8S KS", "2C 3C", "4H 4D")
    (rule,) = rule_events(coup)
    assert rule.action == "natural" and rule.text == "Player has a natural 8: both hands stand."
    assert coup.result.text == "Player wins, 8 to 5."
    assert shoe.remaining_count == 2


def test_banker_natural_stops_the_coup_and_beats_what_a_third_card_would_make():
    # Player's 5 would draw the 4 and reach 9; the natural ends the coup first.
    coup, shoe = stacked_coup("5S KS", "4C 5C", "4H 4D")
    (rule,) = rule_events(coup)
    assert rule.text == "Banker has a natural 9: both hands stand."
    assert coup.result.text == "Banker wins, 9 to 5."
    assert len(coup.player_cards) == len(coup.banker_cards) == 2
    assert shoe.remaining_count == 2


def test_both_naturals_nine_beats_eight():
    coup, _ = stacked_coup("4S 4H", "9C KC", "AH AD")
    (rule,) = rule_events(coup)
    assert rule.text == "Player has a natural 8 and Banker has a natural 9: both hands stand."
    assert coup.result.text == "Banker wins, 9 to 8."


def test_equal_naturals_tie():
    coup, _ = stacked_coup("9S KS", "5C 4C", "AH AD")
    assert coup.result.text == "Tie at 9: the hands are level."
    assert coup.outcome.value == "Tie"


def test_a_natural_is_checked_before_any_drawing_rule():
    # Player's 6 would stand by the table; the natural comes first, so no table rule fires.
    coup, _ = stacked_coup("6S KS", "4C 4D", "3H 3D")
    (rule,) = rule_events(coup)
    assert rule.action == "natural" and rule.text == "Banker has a natural 8: both hands stand."
    assert coup.result.text == "Banker wins, 8 to 6."


def test_a_three_card_nine_is_not_a_natural_but_still_wins():
    # Player 2+2 = 4 draws a 5 (9); Banker 3+3 = 6 stands on a third card 5.
    coup, _ = stacked_coup("2S 2H", "3C 3D", "5H 4D")
    texts = [event.text for event in rule_events(coup)]
    assert not any("natural" in text for text in texts)
    assert texts[1] == "Banker has 6 and Player's third card is a 5: Banker stands."
    assert coup.result.text == "Player wins, 9 to 6."


def test_nine_nine_is_a_natural_eight():
    coup, _ = stacked_coup("9S 9H", "KC 7D", "AH AD")
    (rule,) = rule_events(coup)
    assert rule.text == "Player has a natural 8: both hands stand."
    assert coup.result.text == "Player wins, 8 to 7."


# -- the rules as data agree with the SPEC table -----------------------------------

def test_rules_data_match_the_spec_table():
    for total, draws_on in SPEC_BANKER_DRAWS_ON.items():
        assert PUNTO_BANCO.banker_draws_on_values(total) == draws_on
        for value in range(10):
            assert PUNTO_BANCO.banker_cell(total, value) is not Cell.OPTIONAL
    for total in (8, 9):
        assert PUNTO_BANCO.banker_cell(total, None) is Cell.STAND


def test_chemin_de_fer_table_differs_only_where_the_classic_rules_say():
    # Classic Chemin de Fer: banker 3 against a 9 and banker 5 against a 4 are optional,
    # and banker 3 stands only against an 8 (as in Punto Banco).
    differences = {
        (total, value)
        for total in range(8)
        for value in range(10)
        if CHEMIN_DE_FER.banker_cell(total, value) is not PUNTO_BANCO.banker_cell(total, value)
    }
    assert differences == {(3, 9), (5, 4)}
    assert CHEMIN_DE_FER.banker_cell(3, 9) is Cell.OPTIONAL
    assert CHEMIN_DE_FER.banker_cell(5, 4) is Cell.OPTIONAL
