"""The seat-banked tables driven without a browser: every click is the message the page sends
(``seated_messages``), checked by the table surface and acted on by the engine; the money is
checked against the settlement events the engine logged, and what reaches the page against the
cards the user may not see."""

import random
import re

import pytest

from baccarat_lessons.analysis.banque_banker import ExactBanqueBanker
from baccarat_lessons.engine.events import BetSettled, Hand
from baccarat_lessons.engine.money import CHIP, show_chips
from baccarat_lessons.engine.seated.events import CommissionTaken
from baccarat_lessons.engine.shoe import Shoe
from baccarat_lessons.widgets.table import LiveTable
from seated_messages import (
    BANKER_FORCED_DRAW, PUNTER_ON_FIVE, TOTAL_CHIPS, action, actions, bot_choices, bot_log, captions, check_nothing_hidden_reaches_the_page, click, control, control_kinds,
    finish_reveal, labels, message, play_until_your_turn, said, seat, send, sent_to_page, status, table_state,
    refused, told, tone, turn_of, view_with,
)

# Your banco: players 10S KD = 0 must draw.
PUNTER_ON_ZERO = "10S 2H KD 4C 5H 9D"


def settled(events, who=None):
    """Settlement events of one seat (0: yours), or of every bettor."""
    return [e for e in events if isinstance(e, BetSettled) and (who is None or _seat_of(e) == who)]


def _seat_of(event):
    if hasattr(event, "seat"):
        return event.seat
    return 0 if event.spot in ("Your", "You") else None



def test_you_bank_bots_cover_and_the_forced_banker_draw_shows_its_reason():
    view = view_with("chemin-de-fer", BANKER_FORCED_DRAW)
    assert labels(view) == ["Take the bank", "Decline the bank"]
    assert said(view) == "Your turn: take the bank, and with how many chips."
    assert view.surface.presentation["situation"] == ("Put 1 to 100 chips in the bank; "
                                                      "bets against you may add up to that much.")
    click(view, "OPEN_BANK", typed=10)
    # Bot 1 covered the bank, drew as punter; now the banker's cell forces a draw.
    assert view.table.pending.seat == 0 and turn_of(view)["kind"] == "BANKER_DRAW"
    (draw,) = actions(view)  # the only button: the rules leave no choice
    assert draw["kind"] == "DRAW" and draw["forced"]
    assert draw["reason"] == "The banker has 6 and the players' third card is worth 7: the table says draw."
    # The choice the rules take away is drawn refused beside it, with their reason.
    assert view.surface.presentation["refused"] == [{"kind": "STAND", "label": "Stand", "reason": (
        "Not allowed here: The banker has 6 and the players' third card is worth 7: the table says draw.")}]
    # Under the buttons the rule is said once, naming the refused choice (not once per button).
    assert view.surface.presentation["notes"] == [
        "Stand is not allowed here: The banker has 6 and the players' third card is worth 7: the table says draw."]
    assert view.surface.presentation["situation"] == ("Your cards: 2♥ 4♣, total 6. "
                                                      "The players drew the 7♥ (worth 7).")
    assert captions(view) == {"Player": "Punter: Bot 1", "Banker": "Banker: You"}
    # You see the players' third card, not their total (the engine's sentence would say "(total 0)").
    assert "Player gets the 7♥ face up; the first two cards stay face down." in told(view)
    assert "(total 0)" not in sent_to_page(view) and "3♠" not in sent_to_page(view)
    check_nothing_hidden_reaches_the_page(view)
    # The bot's reasons: its bet is public; its carte rests on its face-down cards.
    assert any(s == 1 and "tenth of my chips" in choice.reason for _n, s, choice in bot_choices(view))
    assert seat(view, 1)["reason"] == "Carte." and seat(view, 1)["role"] == "Punter"
    assert "I have 3" not in sent_to_page(view) and "I have 3" not in bot_log(view)
    before = table_state(view)
    send(view, "STAND")  # not on the page at all: the engine refuses it
    assert said(view) == ("Stand is not allowed: The banker has 6 and the players' third card is worth 7: "
                          "the table says draw.")
    assert table_state(view) == before
    click(view, "DRAW")
    # The coup is over; the page shows it before anything is said or recorded.
    assert view.is_revealing and view.surface.reveal["done"] and said(view) == ""
    assert "No coups yet" in view.records.history_view.widget.value
    assert view.surface.reveal["label"] == "Coup 1" and view.surface.reveal["number"] == 1
    assert any(text.startswith("Commission: 5%") for text in told(view))
    record = view.table.last_coup
    gain = sum(e.stake - e.returned for e in settled(record.events))
    commission = sum(e.amount for e in record.events if isinstance(e, CommissionTaken))
    assert (gain, commission) == (10 * CHIP, 50)  # 5% of 10 chips is 0.50
    assert view.table.bank == 10 * CHIP + gain - commission == 1950
    assert status(view)["bank"] == f"Your bank: {show_chips(view.table.bank)}" == "Your bank: 19.50"
    assert finish_reveal(view)
    assert not view.is_revealing
    assert said(view) == "Banker wins, 5 to 0. You are up 9.50 on this coup." and tone(view) == "done"
    assert "Coup 1" in view.records.history_view.widget.value
    # Once the coup is turned over, the carte's reason may be read.
    assert "Guidance: draw on 0 to 4, and I have 3." in bot_log(view)
    # The banker won, so the next decision is yours: continue or pass.
    assert labels(view) == ["Continue (stake the whole bank)", "Pass the bank"]
    assert view.table.chips_in_play() == TOTAL_CHIPS


def test_banco_makes_you_the_punter_who_sees_only_your_own_cards():
    view = view_with("chemin-de-fer", PUNTER_ON_FIVE)
    click(view, "DECLINE_BANK")
    assert view.table.banker == 1 and turn_of(view)["kind"] == "BANCO"
    assert labels(view) == ["Banco!", "No banco"]
    assert view.surface.presentation["situation"] == "Bot 1 banks 20 chips. Banco stakes that much, alone."
    click(view, "BANCO")
    assert view.table.punter == 0 and turn_of(view)["kind"] == "PUNTER_DRAW"
    players, banker = view.surface.view["hands"]
    assert [card["label"] for card in players["cards"]] == ["2♠", "3♦"] and players["total"] == 5
    assert [card["label"] for card in banker["cards"]] == ["face-down card"] * 2 and banker["total"] is None
    assert "K♥" not in sent_to_page(view) and "3♠" not in sent_to_page(view)
    check_nothing_hidden_reaches_the_page(view)
    assert labels(view) == ["Carte (draw)", "Non (stand)"] and not any(a["forced"] for a in actions(view))
    you = seat(view, 0)
    assert you["you"] and you["to_act"] and you["role"] == "Punter" and you["stake"] == "Bet 20"
    assert captions(view) == {"Player": "Punter: You", "Banker": "Banker: Bot 1"}
    click(view, "STAND")
    finish_reveal(view)
    record = view.table.last_coup
    yours = settled(record.events, 0)
    assert [(e.stake, e.returned) for e in yours] == [(20 * CHIP, 40 * CHIP)]
    assert view.table.user.balance == 100 * CHIP + sum(e.returned - e.stake for e in yours) == 120 * CHIP
    assert status(view)["balance"] == "Balance: 120"
    assert said(view) == "Players win, 5 to 2. You are up 20 on this coup."
    assert "Banker turns over K♥ 3♠ 9♥: total 2." in told(view)  # public once turned over
    send(view, "NEXT")  # Bot 2 is offered the bank: the rotation is the next coup's first news
    assert any("gives up the bank" in text for text in told(view))
    assert view.surface.reveal["id"] == "0-2" and view.surface.reveal["start"] == 0


def test_a_forced_carte_on_zero_refuses_non_and_changes_nothing():
    view = view_with("chemin-de-fer", PUNTER_ON_ZERO)
    click(view, "DECLINE_BANK")
    click(view, "BANCO")
    (carte,) = actions(view)
    assert (carte["kind"], carte["label"], carte["forced"]) == ("DRAW", "Carte (draw)", True)
    assert carte["reason"] == "A punter must draw on 0."
    assert view.surface.presentation["refused"] == [
        {"kind": "STAND", "label": "Non (stand)", "reason": "Not allowed here: A punter must draw on 0."}]
    assert view.surface.presentation["notes"] == ["Non (stand) is not allowed here: A punter must draw on 0."]
    before = table_state(view)
    assert refused(view, message(view, "STAND"), before) == "Stand is not allowed: A punter must draw on 0."


@pytest.mark.parametrize("cards, total, advice", [("2S KH AD 3S 9H", 3, "draw"), ("2S KH 5D 3S 9H 4C", 7, "stand")])
def test_a_free_carte_or_non_says_what_the_guidance_is(cards, total, advice):
    """A punter alone may draw or stand on 1 to 7: both buttons are offered, with the guidance in words."""
    view = view_with("chemin-de-fer", cards)
    click(view, "DECLINE_BANK")
    click(view, "BANCO")
    assert [action["label"] for action in actions(view)] == ["Carte (draw)", "Non (stand)"]
    assert view.surface.presentation["situation"].endswith(f"total {total}.")
    assert view.surface.presentation["notes"] == [
        f"The guidance on {total} is to {advice} (draw on 0 to 4, stand on 6 or 7); "
        "you play for yourself alone, so the choice is yours."]
    click(view, "STAND" if advice == "draw" else "DRAW")  # against the guidance: allowed, it is free
    assert tone(view) != "refused", said(view)
    assert view.table.pending is None or view.table.pending.seat != 0


def test_on_five_the_guidance_leaves_the_choice_to_the_punter():
    view = view_with("chemin-de-fer", PUNTER_ON_FIVE)
    click(view, "DECLINE_BANK")
    click(view, "BANCO")
    assert view.surface.presentation["notes"] == ["The guidance leaves 5 to you: draw or stand."]


def test_an_amount_beyond_your_balance_shows_the_engines_sentence():
    view = view_with("chemin-de-fer", PUNTER_ON_FIVE)
    before = table_state(view)
    click(view, "OPEN_BANK", typed=500)  # typed in the box: the page sends what was typed
    assert said(view) == "You can put at most 100 chips in the bank: that is your balance."
    assert table_state(view) == before and status(view)["balance"] == "Balance: 100"


def test_banque_ouverte_you_bank_a_natural_empties_it_and_you_must_retire():
    # Right 4H 4S is a natural 8 against the bank's 10D 6C: both right stakes are paid from your 20.
    view = view_with("banque-ouverte", "4H 3C 10D 4S 2H 6C 10S 10H")
    assert "HINT" not in control_kinds(view)
    click(view, "OPEN_BANK", typed=20)
    assert turn_of(view)["kind"] == "BANQUE_BANKER_DRAW"  # the left tableau is still in play
    assert labels(view) == ["Draw", "Stand"]
    assert view.surface.presentation["situation"].startswith("Your cards: 10♦ 6♣, total 6.")
    assert control(view, "HINT")["enabled"]
    check_nothing_hidden_reaches_the_page(view)
    before = view.table.snapshot()
    send(view, "HINT")
    # The bots covered the bank on the right, so nothing rides on the left: standing costs nothing.
    assert "says: “No chips ride on the tableaux" in view.surface.presentation["hint"]
    assert view.table.snapshot() == before  # a hint decides nothing
    click(view, "STAND")
    assert view.surface.presentation["hint"] == ""  # the hint answered that decision only
    finish_reveal(view)
    record = view.table.last_coup
    gain = sum(e.stake - e.returned for e in settled(record.events))
    assert view.table.bank == 20 * CHIP + gain == 0
    assert said(view).endswith("You are down 20 on this coup.")  # part of it was settled early
    assert said(view).startswith("Right tableau wins, 8 to 6.")
    assert {h["hand"]: h["result"] for h in view.surface.view["hands"]}["Right tableau"] == "Player"
    (retire,) = actions(view)
    assert (retire["kind"], retire["forced"]) == ("RETIRE", True)
    assert retire["reason"] == "The bank is empty, so the banker must retire."
    assert "HINT" not in control_kinds(view)
    before = table_state(view)
    assert refused(view, message(view, "CONTINUE_BANK"), before) == (
        "Continue (stake the whole bank) is not allowed: The bank is empty, so the banker must retire.")
    # No banker choice pending now: a hint asked for anyway is refused with a sentence.
    assert "helps only when you hold the Banque bank" in refused(view, message(view, "HINT"), before)
    click(view, "RETIRE")
    assert view.table.banker != 0 and view.table.user.balance == 80 * CHIP
    assert status(view)["balance"] == "Balance: 80"


def test_banque_ouverte_you_captain_the_right_tableau_when_a_bot_banks():
    # Right 2S 3D = 5: as right captain you choose; the bank (Bot 1) holds 10H 6C.
    view = view_with("banque-ouverte", "2S AC 10H 3D 2D 6C 9S 5H 4D")
    click(view, "DECLINE_BANK")
    table = view.table
    assert table.banker == 1 and table.captains[Hand.RIGHT] == 0
    while table.pending.seat == 0 and turn_of(view)["kind"] == "BET":
        assert {a["label"] for a in actions(view)} == {"Bet on the right", "Bet on the left", "No bet"}
        click(view, "BET", Hand.RIGHT, typed=5)
    assert turn_of(view)["kind"] == "CAPTAIN_DRAW" and turn_of(view)["hand"] == "Right tableau"
    assert "Right captain" in seat(view, 0)["role"] and seat(view, 0)["side"] == "right side"
    assert captions(view)["Right tableau"] == "Captain: You · on the banker's right"
    check_nothing_hidden_reaches_the_page(view)
    click(view, "STAND")
    finish_reveal(view)
    record = table.last_coup
    yours = settled(record.events, 0)
    assert table.user.balance == 100 * CHIP + sum(e.returned - e.stake for e in yours)
    assert status(view)["balance"] == f"Balance: {show_chips(table.user.balance)}"
    bank_gain = sum(e.stake - e.returned for e in settled(record.events))
    assert table.bank == record.bank + bank_gain - record.commission
    assert table.chips_in_play() == TOTAL_CHIPS


@pytest.mark.parametrize("side", [Hand.RIGHT, Hand.LEFT])
def test_banque_limitee_you_bet_as_captain_or_as_a_bettor(side):
    view = view_with("banque-limitee", "2S AC 7H 3H 2D 7D 6S 3C 9C 9D")
    table = view.table
    assert table.banker == -1 and table.captains[Hand.RIGHT] == 0
    before = table_state(view)
    click(view, "BET", side, typed=30)
    assert said(view) == "You can bet at most 25 chips: the table limit is 5 to 25 chips per wager."
    assert table_state(view) == before
    click(view, "BET", side, typed=10)
    while table.pending.seat == 0 and table.last_coup is None:
        assert turn_of(view)["kind"] == "CAPTAIN_DRAW" and turn_of(view)["hand"] == "Right tableau"
        assert action(view, "STAND") is not None
        check_nothing_hidden_reaches_the_page(view)
        click(view, actions(view)[-1]["kind"])
    finish_reveal(view)
    record = table.last_coup
    yours = settled(record.events, 0)
    assert [e.stake for e in yours] == [10 * CHIP]
    assert table.user.balance == 100 * CHIP + sum(e.returned - e.stake for e in yours)
    assert status(view)["balance"] == f"Balance: {show_chips(table.user.balance)}"
    assert any(s == -1 for _n, s, _c in bot_choices(view)), "the house banker's reason is shown"
    assert "The house" in bot_log(view) and "Expected result for the bank" in bot_log(view)
    assert view.surface.presentation["bank"].startswith("The house banks every coup.")
    assert table.chips_in_play() == TOTAL_CHIPS


def test_the_exact_bankers_view_is_a_hint_that_decides_nothing():
    # You bank 40: the right tableau (natural 8) is paid at once; 20 chips ride on the left.
    view = view_with("banque-ouverte", "4H 3C 10D 4S 2H 6C 10S 10H 9C")
    click(view, "OPEN_BANK", typed=40)
    assert turn_of(view)["kind"] == "BANQUE_BANKER_DRAW" and view.table.staked_on(Hand.LEFT) == 20 * CHIP
    assert view.surface.presentation["hint"] == ""
    before, message_before = view.table.snapshot(), view.surface.message
    send(view, "HINT")
    hint = view.surface.presentation["hint"]
    advice = ExactBanqueBanker().choose(view.table.window(0)).reason
    assert hint == ("The exact-value banker counts every card you have not seen (the shoe and the tableaux' "
                    f"face-down cards) and says: “{advice}” The choice is yours.")
    found = re.search(r"says: “Expected result for the bank: ([+-][\d.]+) chips drawing, ([+-][\d.]+) standing", hint)
    assert found, hint
    draw, stand = (float(value) for value in found.groups())
    assert f"so I {'draw' if draw > stand else 'stand'}.” The choice is yours." in hint
    assert view.table.snapshot() == before and view.surface.message == message_before
    check_nothing_hidden_reaches_the_page(view)  # the advice counts the face-down cards; it names none


def test_a_finished_coup_keeps_the_captions_it_was_played_with():
    # Bot 1 banks 6S 3D, a natural 9: your right tableau (JH 2C) loses, so its cards pass to Bot 2.
    view = view_with("banque-ouverte", "JH 4D 6S 2C 5H 3D")
    click(view, "DECLINE_BANK")
    assert view.table.pending.seat == 0, "when a bot banks, you are asked to bet first"
    click(view, "NO_BET")
    assert view.table.captains[Hand.RIGHT] == 2, "the beaten captain passed the cards on"
    assert view.is_revealing
    played = captions(view)
    # The caption says who played the cards and who holds them now, as the seats and the status line do.
    assert played["Right tableau"] == "Captain this coup: You; the cards pass to Bot 2 · on the banker's right"
    assert played["Banker"] == "Banker: Bot 1"
    assert "Right captain" in seat(view, 2)["role"] and "Right captain" not in seat(view, 0)["role"]
    assert dict(view.surface.presentation["status"])["role"] == "Role: Bettor"
    finish_reveal(view)
    assert captions(view) == played, "the cards still on the felt were held by you in that coup"
    # Bot 1 decides next (continue or retire): no buttons of yours, and Next coup lets it.
    assert actions(view) == [] and turn_of(view)["seat"] == 1 and seat(view, 1)["to_act"]
    assert control(view, "NEXT")["enabled"]
    send(view, "NEXT")
    assert view.table.pending.seat == 0 or view.table.coups_played > 1
    assert view.table.view(0).hands == ()  # the next coup: its hands are empty until dealt...
    assert captions(view)["Right tableau"] == "Captain: Bot 2 · on the banker's right"  # ...and Bot 2 holds them


def test_a_coup_in_play_grows_one_reveal_and_a_finished_one_waits_for_the_page():
    """The page paces the reveal: the kernel keeps one reveal per coup (same id), only adding events,
    so the page plays the new ones; a finished coup is said and recorded when the page has shown it
    (REVEALED), or as soon as the page sends anything else."""
    view = view_with("chemin-de-fer", PUNTER_ON_FIVE)
    click(view, "DECLINE_BANK")
    first = view.surface.reveal
    assert (first["id"], first["done"], first["start"]) == ("0-1", False, 0)
    send(view, "BANCO")
    second = view.surface.reveal
    assert second["id"] == first["id"] and second["label"] == "Coup 1"
    assert second["events"][:len(first["events"])] == first["events"]
    assert len(second["events"]) > len(first["events"]) and not second["done"]
    assert not view.is_revealing  # a coup in play is not waiting for the page
    click(view, "STAND")
    assert view.is_revealing and view.surface.reveal["id"] == "0-1" and view.surface.reveal["done"]
    log = bot_log(view)
    send(view, "NEXT")  # pressed before the page said REVEALED: the coup is shown first, then the bots play
    assert not view.is_revealing and "Coup 1" in view.records.history_view.widget.value
    assert view.surface.reveal["id"] == "0-2" and view.surface.reveal["start"] == 0
    assert said(view) == "Your turn: call banco (cover the whole bank) or not."
    assert bot_log(view) != log
    send(view, "REVEALED")  # a late REVEALED of a coup already shown changes nothing
    assert not view.is_revealing and said(view) == "Your turn: call banco (cover the whole bank) or not."


def test_a_new_session_restarts_every_seat_and_the_reveal():
    view = view_with("chemin-de-fer", BANKER_FORCED_DRAW)
    click(view, "OPEN_BANK", typed=10)
    click(view, "DRAW")
    send(view, "NEW_SESSION")
    assert said(view) == "New session: 100 practice chips at every seat and a freshly shuffled shoe."
    assert [s.balance for s in view.table.seats] == [100 * CHIP] * 6 and view.table.coups_played == 0
    assert view.surface.reveal["id"].startswith("1-") and view.surface.reveal["start"] == 0
    assert not view.is_revealing and bot_choices(view) == []
    assert play_until_your_turn(view)


@pytest.mark.parametrize("key", ["chemin-de-fer", "banque-ouverte", "banque-limitee"])
def test_each_coups_message_states_what_it_did_to_your_chips(key):
    """Random clicks over many coups: between two finished coups your chips (balance, stakes on the
    table, your bank) change by exactly what the coup's message says; no chip appears or vanishes;
    no face-down card of another seat reaches the page; the exact banker's view is offered only
    to a Banque banker deciding to draw or stand."""
    rng = random.Random(key)
    view = LiveTable(key, seed=7, deal_speed="instant")
    table = view.table

    def wealth():
        staked = sum(s.amount for s in table.stakes if s.seat == 0 and s.hand not in table.settled_hands)
        return table.user.balance + staked + (table.bank if table.banker == 0 else 0)

    last, checked, banker_choices, hints = wealth(), 0, 0, 0
    for _ in range(150):
        if not play_until_your_turn(view):
            break
        check_nothing_hidden_reaches_the_page(view)
        banker_choice = turn_of(view)["kind"] == "BANQUE_BANKER_DRAW"
        assert ("HINT" in control_kinds(view)) == banker_choice
        banker_choices += banker_choice
        if banker_choice and rng.random() < 0.5:
            send(view, "HINT")
            assert view.surface.presentation["hint"].endswith("The choice is yours.")
            hints += 1
        else:
            assert view.surface.presentation["hint"] == ""
        chosen = rng.choice(actions(view))
        coups = table.coups_played
        send(view, chosen["kind"], rng.choice([5, 10, 20]) if chosen["kind"] in ("OPEN_BANK", "BET") else None,
             chosen["side"])
        assert table.chips_in_play() == TOTAL_CHIPS
        assert view.guard.error_log.layout.display == "none", view.guard.error_log.value
        if table.coups_played > coups:
            check_nothing_hidden_reaches_the_page(view)
            finish_reveal(view)
            net = wealth() - last
            expected = (f"You are up {show_chips(net)} on this coup." if net > 0 else
                        f"You are down {show_chips(-net)} on this coup." if net < 0 else "Your chips are unchanged.")
            assert said(view).endswith(expected) or "Press New session" in said(view), (said(view), net)
            last, checked = wealth(), checked + 1
    assert checked >= 10
    # You bank at Banque ouverte, so the hint was asked for there; elsewhere it never showed.
    assert (banker_choices > 0, hints > 0) == ((True, True) if key == "banque-ouverte" else (False, False))


def test_the_bankers_optional_cell_offers_both_choices_with_the_reason():
    # Punter (Bot 1) 2C 3D = 5 may draw or stand; if it draws the 9H, banker KH 3S = 3 faces a 9: optional.
    view = LiveTable("chemin-de-fer", shoe=Shoe.stacked("2C KH 3D 3S 9H 2S"), seed=4, deal_speed="instant")
    click(view, "OPEN_BANK", typed=10)
    table = view.table
    assert len(table.hands[Hand.PLAYER]) == 3, "with seed 4 the punter's coin on 5 says carte"
    assert labels(view) == ["Draw", "Stand"] and not any(a["forced"] for a in actions(view))
    assert {a["reason"] for a in actions(view)} == {"An optional cell: the banker chooses."}
    assert view.surface.presentation["refused"] == []  # both are yours to choose
    assert "The players drew the 9♥ (worth 9)." in view.surface.presentation["situation"]
    assert "HINT" not in control_kinds(view), "the exact banker's view is for the Banque banker"
    click(view, "DRAW")
    record = table.last_coup
    assert record.hands[Hand.BANKER][2].label == "2♠"
    gain = sum(e.stake - e.returned for e in settled(record.events))
    assert gain == 10 * CHIP and table.bank == 10 * CHIP + gain - record.commission == 1950  # banker 5 beats 4
