"""Banque ouverte and Banque limitée: scripted coups on stacked shoes.

Card strings deal in order: right, left, banker, right, left, banker, then third
cards as they are asked for (right, left, banker). Amounts are hundredths of a chip
(``CHIP`` = 100).
"""

import pytest

from baccarat_lessons.engine.errors import BetError, DecisionError, PhaseError
from baccarat_lessons.engine.events import Hand, Outcome
from baccarat_lessons.engine.money import CHIP
from baccarat_lessons.engine.seated import HOUSE, ActionKind, DecisionKind, Phase
from baccarat_lessons.engine.seated.banque import BanqueLimiteeTable, BanqueOuverteTable
from baccarat_lessons.engine.shoe import Shoe


def limitee(cards: str, bets) -> BanqueLimiteeTable:
    """A limitée table where seats 0-5 bet ``bets`` in order: (amount, side) or None to sit out."""
    table = BanqueLimiteeTable(shoe=Shoe.stacked(cards, decks=3))
    for bet in bets:
        table.no_bet() if bet is None else table.bet(*bet)
    return table


def kinds(table):
    return [action.kind for action in table.legal_actions()]


R, L = Hand.RIGHT, Hand.LEFT


def test_limitee_house_bank_three_decks_and_user_is_right_captain():
    table = BanqueLimiteeTable(seed=1)
    assert table.shoe.decks == 3 and table.banker == HOUSE
    assert table.captains == {R: 0, L: 3}
    assert table.pending.seat == 0 and table.pending.kind is DecisionKind.BET
    assert [(a.kind, a.side) for a in table.legal_actions()] == [
        (ActionKind.BET, R), (ActionKind.BET, L), (ActionKind.NO_BET, None)]
    assert (table.legal_actions()[0].min_amount, table.legal_actions()[0].max_amount) == (5 * CHIP, 25 * CHIP)
    before = table.snapshot()
    for amount in (4 * CHIP, 26 * CHIP, 750, 7.5):  # 750: 7.50 chips, not whole chips
        with pytest.raises(BetError):
            table.bet(amount, R)
        assert table.snapshot() == before
    assert "5 to 25" in table.can_bet(26 * CHIP, L)
    table.no_bet()  # the user may sit out
    assert table.pending.seat == 1


def test_deal_order_is_right_left_banker_twice_face_down():
    table = limitee("2S 3H 4D 2C 3C 2D", [(10 * CHIP, R), (10 * CHIP, L)] + [None] * 4)
    dealt = [(e.hand, e.face_up) for e in table.events if e.kind == "CardDealt"]
    assert dealt == [(R, False), (L, False), (Hand.BANKER, False)] * 2


def test_banker_natural_settles_both_tableaux_at_once():
    table = limitee("2S 3H 4D 2C 3C 5D", [(10 * CHIP, R), (20 * CHIP, L)] + [None] * 4)
    record = table.last_coup
    assert record.results == {R: Outcome.BANKER, L: Outcome.BANKER}
    assert not [e for e in record.events if e.kind == "HandChoice"]
    assert record.commission == 60  # 2% of 30 chips: 0.60, exact
    assert table.house_result == 30 * CHIP - 60
    assert table.pending.kind is DecisionKind.BET  # the next coup starts at once
    assert table.chips_in_play() == 600 * CHIP


def test_tableau_natural_settles_against_the_bankers_two_cards_while_the_other_draws():
    table = limitee("9S 2H 3D 10S AC 3C 10H 9C", [(10 * CHIP, R)] + [(5 * CHIP, L)] * 5)
    natural = [e for e in table.events if e.kind == "NaturalShown"]
    assert [(e.hand, e.total) for e in natural] == [(R, 9)]
    # Shown, not settled: a result now would tell every seat the banker's hidden total (SPEC §5).
    assert table.user.balance == 90 * CHIP and not table.results and R in table.naturals
    assert not [e for e in table.events if e.kind in ("CoupResult", "SeatBetSettled")]
    assert Hand.BANKER not in table.revealed  # the banker's cards stay hidden
    assert table.pending.seat == 3 and table.pending.hand is L
    table.draw()
    assert table.pending.seat == HOUSE and table.pending.kind is DecisionKind.BANQUE_BANKER_DRAW
    assert table.user.balance == 90 * CHIP and not table.results
    table.draw()  # the banker's 9 makes 5; the right tableau's 9 is settled against the first two cards, 6
    record = table.last_coup
    assert record.results == {R: Outcome.PLAYER, L: Outcome.BANKER}
    assert table.user.balance == 110 * CHIP
    told = [e for e in record.events if e.kind in ("CardsRevealed", "CoupResult")]
    first_result = next(i for i, e in enumerate(told) if e.kind == "CoupResult")
    assert told[first_result - 1].kind == "CardsRevealed" and told[first_result - 1].hand is Hand.BANKER
    assert "Right tableau wins, 9 to 6 (its natural against the banker's first two cards)." in [e.text for e in told]
    assert [str(c) for c in record.hands[Hand.BANKER]] == ["3D", "3C", "9C"]
    assert record.commission == 30  # 2% of (25 - 10) chips: 0.30, exact
    assert table.chips_in_play() == 600 * CHIP


def test_captains_choose_right_then_left_and_follow_guidance_when_representing():
    # Right 2+2=4 with the user alone on the right: free; left 3+3=6 with other bettors: must stand.
    table = limitee("2S 3H AD 2C 3C AC 5H", [(10 * CHIP, R), None, None, (10 * CHIP, L), (10 * CHIP, L), None])
    assert table.pending.seat == 0 and kinds(table) == [ActionKind.DRAW, ActionKind.STAND]
    table.draw()
    assert table.pending.seat == 3 and kinds(table) == [ActionKind.STAND] and table.pending.is_forced
    with pytest.raises(DecisionError):
        table.draw()
    table.stand()
    assert table.pending.kind is DecisionKind.BANQUE_BANKER_DRAW
    # The banker chooses freely, whatever its total.
    assert kinds(table) == [ActionKind.DRAW, ActionKind.STAND] and not table.pending.is_forced


def test_banker_sees_third_cards_and_stakes_not_the_first_two_cards():
    table = limitee("2S 3H AD 2C 3C AC 5H", [(10 * CHIP, R), None, None, (10 * CHIP, L), (20 * CHIP, L), None])
    table.draw()
    table.stand()
    assert table.visible_cards(HOUSE, R) == (None, None, table.hands[R][2])
    assert table.visible_cards(HOUSE, L) == (None, None)
    assert table.visible_cards(HOUSE, Hand.BANKER) == tuple(table.hands[Hand.BANKER])
    assert (table.staked_on(R), table.staked_on(L)) == (10 * CHIP, 30 * CHIP)
    unseen = table.unseen_cards(HOUSE)
    assert len(unseen) == table.shoe.remaining_count + 4


def test_no_commission_when_the_banker_loses_overall_and_captain_keeps_after_win():
    # Right 4 draws 5 -> 9; left 6 stands; banker 2 stands: both tableaux win.
    table = limitee("2S 3H AD 2C 3C AC 5H", [(10 * CHIP, R), None, None, (10 * CHIP, L), (10 * CHIP, L), None])
    table.draw()
    table.stand()
    table.stand()
    assert table.last_coup.results == {R: Outcome.PLAYER, L: Outcome.PLAYER}
    assert table.last_coup.commission == 0
    assert table.last_coup.events[-1].kind == "NoCommission"
    assert table.captains == {R: 0, L: 3}  # winners keep the cards
    assert table.house_result == -30 * CHIP


def test_captain_passes_after_a_loss_to_the_next_eligible_player_on_that_side():
    table = limitee("2S 3H 4D 2C 3C 5D", [(10 * CHIP, R), (20 * CHIP, L)] + [None] * 4)  # banker natural beats both
    assert table.captains == {R: 1, L: 4}
    assert "lost" in [e for e in table.events if e.kind == "CaptainChanged"][0].text
    table.seats[2].balance = 0  # seat 2 is broke: after seat 1 loses, the cards skip it
    table.captains[R] = 1
    table._choose_captain(R, 1, "lost")
    assert table.captains[R] == 0


def test_tie_keeps_the_captain_and_returns_the_stake():
    table = limitee("3S 3H 2D 3C 3C 4D", [(10 * CHIP, R)] + [None] * 5)  # right 6, left 6, banker 6
    table.stand()
    table.stand()
    table.stand()
    assert table.last_coup.results[R] is Outcome.TIE
    assert table.user.balance == 100 * CHIP and table.captains[R] == 0


def ouverte(cards: str = "") -> BanqueOuverteTable:
    return BanqueOuverteTable(shoe=Shoe.stacked(cards, decks=6)) if cards else BanqueOuverteTable(seed=4)


def test_ouverte_user_banks_bets_are_limited_by_the_bank():
    table = ouverte("2S 3H 4D 2C 3C 5D")
    assert table.pending.kind is DecisionKind.OFFER_BANK and table.pending.seat == 0
    table.open_bank(30 * CHIP)
    assert table.captains == {R: 1, L: 3}  # the banker is not a captain
    assert table.pending.seat == 1
    table.bet(20 * CHIP, R)
    assert table.legal_actions()[0].max_amount == 10 * CHIP
    assert "cannot exceed the bank" in table.can_bet(11 * CHIP, L)
    table.bet(10 * CHIP, L)  # covered: betting closes, the banker's natural wins both
    # Commission 1.25% of the 30 chips won is 0.375: rounded down to the hundredth, 0.37
    # (it was exactly 3/8 before chips were counted in hundredths).
    assert table.last_coup.commission == 37
    assert table.bank == 60 * CHIP - 37
    assert table.pending.kind is DecisionKind.KEEP_BANK and kinds(table) == [ActionKind.CONTINUE_BANK, ActionKind.RETIRE]
    assert table.chips_in_play() == 600 * CHIP


def test_ouverte_retire_then_next_player_banks_and_user_becomes_right_captain():
    table = ouverte("2S 3H 4D 2C 3C 5D")
    table.open_bank(30 * CHIP)
    table.bet(20 * CHIP, R)
    table.bet(10 * CHIP, L)
    bank = table.bank
    table.retire()
    assert table.user.balance == 70 * CHIP + bank
    assert table.pending.kind is DecisionKind.OFFER_BANK and table.pending.seat == 1
    assert table.captains[R] == 0
    table.open_bank(25 * CHIP)
    assert table.captains[R] == 0 and table.banker == 1
    assert table.pending.seat == 0  # you bet first when a bot banks
    table.no_bet()
    assert table.pending.seat == 2  # then seat order from the banker's left


def test_ouverte_bank_continues_after_a_loss_and_must_retire_when_empty():
    table = ouverte("9S 9H 2D 10S 10C 3C")  # both tableaux natural 9 against a banker 5
    table.open_bank(20 * CHIP)
    table.bet(10 * CHIP, R)
    table.bet(10 * CHIP, L)
    assert table.last_coup.results == {R: Outcome.PLAYER, L: Outcome.PLAYER}
    assert table.bank == 0 and table.pending.is_forced
    assert kinds(table) == [ActionKind.RETIRE]
    with pytest.raises(DecisionError):
        table.continue_bank()
    table.retire()
    assert table.pending.kind is DecisionKind.OFFER_BANK and table.user.balance == 80 * CHIP


def test_ouverte_when_a_bot_banks_the_user_may_bet_either_tableau():
    table = ouverte()
    table.decline_bank()
    table.open_bank(50 * CHIP)  # seat 1 banks
    assert table.captains[R] == 0
    assert table.pending.seat == 0  # before any bot can cover the bank
    assert {a.side for a in table.legal_actions() if a.kind is ActionKind.BET} == {R, L}
    table.bet(15 * CHIP, L)
    assert table.stakes[-1].hand is L


def test_wrong_moment_actions_are_phase_errors():
    table = ouverte()
    before = table.snapshot()
    for action in (table.draw, table.stand, table.banco, table.no_bet, table.continue_bank):
        with pytest.raises(PhaseError):
            action()
    assert table.snapshot() == before
    assert table.phase is Phase.BANKING


@pytest.mark.parametrize("make", [BanqueOuverteTable, BanqueLimiteeTable])
def test_every_event_of_a_long_bot_game_reads_as_a_sentence(make):
    from baccarat_lessons.analysis.banque_banker import ExactBanqueBanker
    from baccarat_lessons.engine.bots import make_bots, play_bots

    table = make(seed=9)
    play_bots(table, make_bots(seed=9, seats=range(6)), banker=ExactBanqueBanker(), stop_at=None, limit=1500)
    texts = [event.text for record in table.history for event in record.events]
    assert len(table.history) > 100
    assert all(text and text[0].isupper() and text.endswith(".") for text in texts)
    assert not [text for text in texts if "{" in text or " 1 chips" in text or "You takes" in text]
    assert not [text for text in texts if "Student" in text]  # seat 0 reads "You", never its own name
    kinds = {event.kind for record in table.history for event in record.events}
    assert {"CaptainChanged", "NaturalShown", "HandChoice", "CoupResult", "SeatBetSettled"} <= kinds


def test_a_banque_bet_must_name_its_tableau():
    table = BanqueLimiteeTable(seed=1)
    before = table.snapshot()
    assert table.can_bet(10 * CHIP) == "Say which tableau the bet backs: the right or the left."
    with pytest.raises(DecisionError):
        table.bet(10 * CHIP)
    with pytest.raises(DecisionError):
        table.bet(10 * CHIP, Hand.PLAYER)
    assert table.snapshot() == before
