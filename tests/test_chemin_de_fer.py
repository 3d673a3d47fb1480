"""Chemin de Fer table: scripted coups for every branch, on stacked shoes.

Card strings deal in order: punter, banker, punter, banker, then third cards.
Amounts are hundredths of a chip (``CHIP`` = 100).
"""

from fractions import Fraction

import pytest

from baccarat_lessons.engine.errors import BetError, DecisionError, PhaseError
from baccarat_lessons.engine.events import Hand, Outcome
from baccarat_lessons.engine.money import CHIP
from baccarat_lessons.engine.seated import ActionKind, CheminDeFerTable, DecisionKind, Phase
from baccarat_lessons.engine.shoe import Shoe


def table_with(cards: str) -> CheminDeFerTable:
    return CheminDeFerTable(shoe=Shoe.stacked(cards, decks=6))


def kinds(table):
    return [action.kind for action in table.legal_actions()]


def event_kinds(events):
    return [event.kind for event in events]


def user_banks_and_bots_bet(cards: str, bank, bets):
    """The user opens ``bank``; seats 1.. bet ``bets`` in order, the rest bet nothing (hundredths)."""
    table = table_with(cards)
    table.open_bank(bank)
    for amount in bets:
        table.bet(amount)
    while table.pending.kind is DecisionKind.BET:
        table.no_bet()
    return table


def test_user_starts_as_banker_and_chooses_the_bank():
    table = table_with("2S 5H AD 2C")
    assert table.phase is Phase.BANKING
    assert table.pending.seat == 0 and table.pending.kind is DecisionKind.OFFER_BANK
    action = table.legal_actions()[0]
    assert (action.min_amount, action.max_amount) == (1 * CHIP, 100 * CHIP)
    table.open_bank(40 * CHIP)
    assert table.banker == 0 and table.bank == 40 * CHIP and table.user.balance == 60 * CHIP
    assert table.pending.seat == 1 and table.pending.kind is DecisionKind.BET  # bets start left of the banker
    assert table.legal_actions()[0].max_amount == 40 * CHIP


def test_banco_when_a_bot_banks_user_first():
    table = table_with("2S 5H AD 2C")
    table.decline_bank()
    assert table.pending.seat == 1
    table.open_bank(20 * CHIP)
    assert table.pending.seat == 0 and table.pending.kind is DecisionKind.BANCO
    table.banco()
    assert table.phase is Phase.DECISIONS
    assert [(s.seat, s.amount) for s in table.stakes] == [(0, 20 * CHIP)]
    assert table.punter == 0
    # Playing alone on 3, the punter chooses freely.
    assert kinds(table) == [ActionKind.DRAW, ActionKind.STAND]
    table.stand()
    assert table.pending.kind is DecisionKind.BANKER_DRAW and table.legal_actions()[0].forced  # 7 stands
    table.stand()
    record = table.last_coup
    assert record.results[Hand.PLAYER] is Outcome.BANKER
    assert record.commission == 1 * CHIP  # 5% of the 20 chips won
    assert table.bank == 39 * CHIP and table.user.balance == 80 * CHIP
    assert table.pending.seat == 1 and table.pending.kind is DecisionKind.KEEP_BANK
    assert table.chips_in_play() == 600 * CHIP


def test_declining_banco_leaves_the_user_a_turn_in_seat_order():
    table = table_with("2S 5H AD 2C")
    table.decline_bank()
    table.open_bank(20 * CHIP)
    table.decline_banco()
    assert [table.pending.seat] == [2]
    table.bet(5 * CHIP)
    for _ in (3, 4, 5):
        table.no_bet()
    assert table.pending.seat == 0 and table.pending.kind is DecisionKind.BET
    assert table.legal_actions()[0].max_amount == 15 * CHIP


def test_partial_cover_uncovered_chips_are_safe_and_bank_passes_after_a_loss():
    table = user_banks_and_bots_bet("9S 2H KD 3C", bank=50 * CHIP, bets=[10 * CHIP, 10 * CHIP])
    closed = [e for e in table.last_coup.events if e.kind == "BettingClosed"][0]
    assert "30 chips are safe" in closed.text
    assert "natural 9" in " ".join(e.text for e in table.last_coup.events)
    assert table.last_coup.results[Hand.PLAYER] is Outcome.PLAYER
    assert [s.balance for s in table.seats] == [chips * CHIP for chips in (80, 110, 110, 100, 100, 100)]
    assert table.bank == 0 and table.banker is None
    assert table.pending.kind is DecisionKind.OFFER_BANK and table.pending.seat == 1
    assert table.commission_total == 0 and table.chips_in_play() == 600 * CHIP


def test_players_natural_is_shown_at_once_with_no_decision():
    table = user_banks_and_bots_bet("4S 2H 4D 3C", bank=10 * CHIP, bets=[10 * CHIP])
    assert event_kinds(table.last_coup.events).count("HandChoice") == 0
    assert table.last_coup.hands[Hand.PLAYER] and len(table.last_coup.hands[Hand.BANKER]) == 2


def test_lone_punter_must_draw_on_zero():
    table = user_banks_and_bots_bet("KS 2H QD 3C 4D", bank=10 * CHIP, bets=[10 * CHIP])
    assert table.punter == 1
    assert table.pending.is_forced and kinds(table) == [ActionKind.DRAW]
    assert table.can_stand() == "Stand is not allowed: A punter must draw on 0."
    before = table.snapshot()
    with pytest.raises(DecisionError):
        table.stand()
    assert table.snapshot() == before
    table.draw()
    assert [str(c) for c in table.hands[Hand.PLAYER]] == ["KS", "QD", "4D"]


def test_lone_punter_is_free_on_six():
    table = user_banks_and_bots_bet("3S 2H 3D 3C", bank=10 * CHIP, bets=[10 * CHIP])
    assert kinds(table) == [ActionKind.DRAW, ActionKind.STAND] and not table.pending.is_forced


@pytest.mark.parametrize("cards, expected", [
    ("2S 2H AD 3C 5D 5C", [ActionKind.DRAW]),  # 3: must draw
    ("3S 2H 3D 3C", [ActionKind.STAND]),  # 6: must stand
    ("3S 2H 2D 3C", [ActionKind.DRAW, ActionKind.STAND]),  # 5: free
])
def test_punter_representing_others_follows_the_guidance(cards, expected):
    table = user_banks_and_bots_bet(cards, bank=20 * CHIP, bets=[10 * CHIP, 10 * CHIP])
    assert table.punter == 1  # the first of two equal largest bets
    assert kinds(table) == expected
    assert table.pending.is_forced == (len(expected) == 1)
    if len(expected) == 1:
        assert "other bettors" in table.legal_actions()[0].reason


def test_largest_bettor_is_the_punter():
    table = user_banks_and_bots_bet("2S 2H AD 3C 5D 5C", bank=30 * CHIP, bets=[5 * CHIP, 20 * CHIP])
    assert table.punter == 2 and table.pending.seat == 2


def test_banker_natural_ends_the_coup_before_the_requested_card():
    table = user_banks_and_bots_bet("2S 4H AD 4C 9D", bank=10 * CHIP, bets=[10 * CHIP])
    table.draw()  # carte on 3
    natural = [e for e in table.last_coup.events if e.kind == "NaturalShown"][0]
    assert natural.hand is Hand.BANKER and natural.stops_third_card
    assert "before the requested card" in natural.text
    assert len(table.last_coup.hands[Hand.PLAYER]) == 2
    assert table.shoe.remaining_count == 1  # the 9D was never dealt
    assert table.last_coup.results[Hand.PLAYER] is Outcome.BANKER


def test_cards_are_dealt_face_down_and_third_cards_face_up():
    table = user_banks_and_bots_bet("2S 2H AD 2C 9H 5S", bank=10 * CHIP, bets=[10 * CHIP])
    dealt = [e for e in table.events if e.kind == "CardDealt"]
    assert [(e.hand, e.face_up) for e in dealt] == [
        (Hand.PLAYER, False), (Hand.BANKER, False), (Hand.PLAYER, False), (Hand.BANKER, False)]
    assert table.visible_cards(1, Hand.PLAYER) == tuple(table.hands[Hand.PLAYER])  # the punter looks
    assert table.visible_cards(1, Hand.BANKER) == (None, None)
    assert table.visible_cards(0, Hand.PLAYER) == (None, None)
    table.draw()
    assert table.events[-1].kind == "CardDealt" and table.events[-1].face_up
    assert table.visible_cards(0, Hand.PLAYER)[2] == table.hands[Hand.PLAYER][2]


@pytest.mark.parametrize("cards, draws, outcome", [
    ("2S AH 2D 2C 9H 5S", True, Outcome.BANKER),  # 3 against a 9, draws a 5: 8 beats 3
    ("2S AH 2D 2C 9H 5S", False, Outcome.TIE),  # stands: 3 all
    ("KS 2H QD 3C 4D AS", True, Outcome.BANKER),  # 5 against a 4, draws an ace: 6 beats 4
    ("KS 2H QD 3C 4D AS", False, Outcome.BANKER),  # stands: 5 beats 4
])
def test_banker_decides_the_optional_cells(cards, draws, outcome):
    table = user_banks_and_bots_bet(cards, bank=10 * CHIP, bets=[10 * CHIP])
    table.draw()
    assert table.pending.kind is DecisionKind.BANKER_DRAW and table.pending.seat == 0
    assert kinds(table) == [ActionKind.DRAW, ActionKind.STAND] and not table.pending.is_forced
    table.draw() if draws else table.stand()
    assert len(table.last_coup.hands[Hand.BANKER]) == (3 if draws else 2)
    assert table.last_coup.results[Hand.PLAYER] is outcome


def test_banker_must_follow_the_table_outside_the_optional_cells():
    table = user_banks_and_bots_bet("AS 3H 2D 3C 7H KS", bank=10 * CHIP, bets=[10 * CHIP])
    table.draw()  # 3 + 7 = 0
    assert table.pending.is_forced and kinds(table) == [ActionKind.DRAW]
    assert "worth 7" in table.legal_actions()[0].reason
    before = table.snapshot()
    with pytest.raises(DecisionError):
        table.stand()
    assert table.snapshot() == before


def test_tie_returns_stakes_and_banker_may_continue_staking_the_whole_bank():
    table = user_banks_and_bots_bet("2S AH 2D 2C 9H 5S 3S 2H 3D 3C", bank=10 * CHIP, bets=[10 * CHIP])
    table.draw()
    table.stand()
    assert table.last_coup.results[Hand.PLAYER] is Outcome.TIE
    assert table.seats[1].balance == 100 * CHIP and table.bank == 10 * CHIP
    assert table.pending.kind is DecisionKind.KEEP_BANK and kinds(table) == [ActionKind.CONTINUE_BANK, ActionKind.PASS_BANK]
    table.continue_bank()
    assert table.events[0].kind == "BankKept" and table.events[1].bank == 10 * CHIP
    assert table.pending.kind is DecisionKind.BET


def test_winning_banker_continues_with_winnings_less_commission():
    # Coup 2 (from "2S 9H AD KC"): the punter has 3, the banker a natural 9.
    table = user_banks_and_bots_bet("KS 2H QD 3C 4D AS 2S 9H AD KC", bank=30 * CHIP,
                                    bets=[10 * CHIP, 7 * CHIP, 13 * CHIP])
    table.draw()  # seat 3 (13) is the punter on 0
    assert table.punter == 3
    table.draw()
    assert table.commission_total == 150  # 5% of the 30 chips won: 1.50, exact
    assert table.bank == 5850  # 30 + 30 - 1.50 = 58.50 chips
    table.continue_bank()
    assert table.legal_actions()[0].max_amount == 5850  # the whole bank can be covered
    assert table.coup_bank == 5850
    # Seat 1 (90 chips) covers the whole 58.50: a bet of exactly the maximum may be a fraction of a chip.
    assert table.can_bet(58 * CHIP + 49) == "Use a whole number of chips (or exactly 58.50)."
    table.bet(5850)
    assert table.punter == 1
    table.draw()  # the banker's natural 9 stops the card
    assert table.last_coup.results[Hand.PLAYER] is Outcome.BANKER
    # 5% of 58.50 is 2.925 chips: rounded down to the hundredth, 2.92.
    assert table.last_coup.commission == 292
    assert table.commission_total == 150 + 292
    assert table.bank == 5850 + 5850 - 292
    assert "rounded down" in [e for e in table.last_coup.events if e.kind == "CommissionTaken"][0].text
    assert table.chips_in_play() == 600 * CHIP


def test_banker_passes_the_bank_after_a_win():
    table = user_banks_and_bots_bet("KS 2H QD 3C 4D AS", bank=30 * CHIP, bets=[10 * CHIP, 20 * CHIP])
    table.draw()
    table.draw()
    bank = table.bank
    table.pass_bank()
    assert table.user.balance == 70 * CHIP + bank and table.bank == 0
    assert table.pending.kind is DecisionKind.OFFER_BANK and table.pending.seat == 1
    assert table.chips_in_play() == 600 * CHIP


def test_bank_skips_seats_without_chips():
    table = user_banks_and_bots_bet("9S 2H KD 3C", bank=20 * CHIP, bets=[20 * CHIP])
    assert table.pending.seat == 1  # the winner of the coup is offered the bank
    table.decline_bank()
    table.seats[2].balance = 0  # seat 2 is out of chips: the offer skips it
    table.decline_bank()
    assert table.pending.seat == 3


def test_game_is_over_when_one_seat_has_all_the_chips():
    table = table_with("9S 2H KD 3C")
    for seat in table.seats[1:]:
        seat.balance = 0
    table.open_bank(10 * CHIP)
    assert table.is_over and table.phase is Phase.OVER
    assert "chips" in table.over_reason()
    assert table.user.balance == 100 * CHIP  # the unplayed bank went back
    with pytest.raises(PhaseError):
        table.draw()


def test_bad_amounts_are_refused_with_a_sentence_and_change_nothing():
    table = table_with("2S 5H AD 2C")
    before = table.snapshot()
    # Hundredths: 0, more than the balance, 2.50 chips (not whole chips), a float, a Fraction,
    # a string, nothing, a bool.
    for amount, error in [(0, BetError), (101 * CHIP, BetError), (250, BetError), (2.5, BetError),
                          (Fraction(1, 2), BetError), ("10", BetError), (None, BetError), (True, BetError)]:
        reason = table.can_open_bank(amount)
        assert reason and reason.endswith(".")
        with pytest.raises(error):
            table.open_bank(amount)
        assert table.snapshot() == before
    assert table.can_open_bank(250) == "Use a whole number of chips (or exactly 100)."
    assert table.can_open_bank(2.5) == "Chips are counted exactly, in hundredths of a chip; 2.5 is not such a number."
    assert table.can_open_bank(101 * CHIP) == "You can put at most 100 chips in the bank: that is your balance."
    with pytest.raises(PhaseError):
        table.banco()
    with pytest.raises(DecisionError):
        table.open_bank(10 * CHIP, seat=3)
    assert table.snapshot() == before


def test_every_event_of_a_long_bot_game_reads_as_a_sentence():
    from baccarat_lessons.engine.bots import make_bots, play_bots

    table = CheminDeFerTable(seed=9)
    play_bots(table, make_bots(seed=9, seats=range(6)), stop_at=None, limit=1500)
    texts = [event.text for record in table.history for event in record.events]
    assert len(table.history) > 200
    assert all(text and text[0].isupper() and text.endswith(".") for text in texts)
    assert not [text for text in texts if "{" in text or " 1 chips" in text or "You is" in text]
    assert not [text for text in texts if "Student" in text]  # seat 0 reads "You", never its own name
    kinds = {event.kind for record in table.history for event in record.events}
    assert {"BankOpened", "BetPlaced", "CardDealt", "CardsRevealed", "HandChoice", "CoupResult",
            "SeatBetSettled", "CommissionTaken", "BankGivenUp"} <= kinds
