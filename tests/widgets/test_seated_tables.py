"""The seat-banked tables driven without a browser: click the decision buttons the
table shows, and check the money against the settlement events the engine logged."""

import asyncio
import random
import re
from concurrent.futures import ThreadPoolExecutor

import pytest

from baccarat_lessons.engine.events import BetSettled, Hand
from baccarat_lessons.engine.money import CHIP, show_chips
from baccarat_lessons.engine.seated import ActionKind
from baccarat_lessons.engine.seated.events import CommissionTaken
from baccarat_lessons.engine.shoe import Shoe
from baccarat_lessons.widgets.seated import SeatedTableView

# Punter (Bot 1) 3S 10D = 3 draws the 7H (0); banker 2H 4C = 6 must draw on a 7: the 9D makes 5.
BANKER_FORCED_DRAW = "3S 2H 10D 4C 7H 9D"
# Your banco: players 2S 3D = 5 (free), banker KH 3S = 3 draws on 0-5 when the players stand: 9H makes 2.
PUNTER_ON_FIVE = "2S KH 3D 3S 9H"
# Your banco: players 10S KD = 0 must draw.
PUNTER_ON_ZERO = "10S 2H KD 4C 5H 9D"


def view_with(key, cards, seed=1):
    return SeatedTableView(key, shoe=Shoe.stacked(cards), seed=seed, deal_speed="instant")


def shown(view):
    return {button.description: button for button in view.bar.shown_buttons()}


def enabled(view):
    return [button for button in view.bar.shown_buttons() if not button.disabled]


def settled(events, seat=None):
    """Settlement events of one seat (0: yours), or of every bettor."""
    return [e for e in events if isinstance(e, BetSettled) and (seat is None or _seat_of(e) == seat)]


def _seat_of(event):
    if hasattr(event, "seat"):
        return event.seat
    return 0 if event.spot in ("Your", "You") else None


def test_you_bank_bots_cover_and_the_forced_banker_draw_shows_its_reason():
    view = view_with("chemin-de-fer", BANKER_FORCED_DRAW)
    assert set(shown(view)) == {"Take the bank", "Decline the bank"}
    view.bar.amount.value = 10
    view.bar.button(ActionKind.OPEN_BANK).click()
    # Bot 1 covered the bank, drew as punter; now the banker's cell forces a draw.
    assert view.table.pending.seat == 0 and view.table.pending.kind.name == "BANKER_DRAW"
    buttons = shown(view)
    assert not buttons["Draw"].disabled and buttons["Stand"].disabled
    assert "The banker has 6 and the players&#x27; third card is worth 7: the table says draw." in view.bar.note.value
    assert "bl-decision-stand" in buttons["Stand"]._dom_classes
    # You see the players' third card, not their total (the engine's sentence would say "(total 0)").
    assert "Player gets the 7♥ face up" in view.reveal.log.value and "(total 0)" not in view.reveal.log.value
    assert any(seat == 1 and "tenth of my chips" in choice.reason for _n, seat, choice in view.bot_choices)
    before = view.table.snapshot()
    buttons["Stand"].click()  # the disabled alternative, clicked from code: the engine refuses
    assert "Stand is not allowed" in view.guard.message.value
    assert view.table.snapshot() == before
    buttons["Draw"].click()
    record = view.table.last_coup
    gain = sum(e.stake - e.returned for e in settled(record.events))
    commission = sum(e.amount for e in record.events if isinstance(e, CommissionTaken))
    assert (gain, commission) == (10 * CHIP, 50)  # 5% of 10 chips is 0.50
    assert view.table.bank == 10 * CHIP + gain - commission
    assert f"Your bank: {show_chips(view.table.bank)}<" in view.balance.value
    assert 'data-round="1"' in view.reveal.log.value and "Commission: 5%" in view.reveal.log.value
    # The banker won, so the next decision is yours: continue or pass.
    assert set(shown(view)) == {"Continue (stake the whole bank)", "Pass the bank"}


def test_banco_makes_you_the_punter_who_sees_only_your_own_cards():
    view = view_with("chemin-de-fer", PUNTER_ON_FIVE)
    view.bar.button(ActionKind.DECLINE_BANK).click()
    assert view.table.banker == 1 and view.table.pending.kind.name == "BANCO"
    view.bar.button(ActionKind.BANCO).click()
    assert view.table.punter == 0 and view.table.pending.kind.name == "PUNTER_DRAW"
    felt = view.reveal.felt.value
    assert 'aria-label="2 of spades"' in felt and "bl-card-peek" in felt and "your total 5" in felt
    assert felt.count('aria-label="face-down card"') == 2  # the banker's cards stay hidden
    assert "king of hearts" not in felt
    assert [b.description for b in enabled(view)] == ["Carte (draw)", "Non (stand)"]
    assert "bl-seat-you" in view.seats_below.value and "Punter" in view.seats_below.value
    view.bar.button(ActionKind.STAND).click()
    record = view.table.last_coup
    yours = settled(record.events, 0)
    assert [(e.stake, e.returned) for e in yours] == [(20 * CHIP, 40 * CHIP)]
    assert view.table.user.balance == 100 * CHIP + sum(e.returned - e.stake for e in yours) == 120 * CHIP
    assert "Balance: 120<" in view.balance.value
    assert "You are up 20 on this coup" in view.guard.message.value
    assert "gives up the bank" in view.reveal.log.value  # the bank rotation is shown


def test_a_forced_carte_on_zero_refuses_non_and_changes_nothing():
    view = view_with("chemin-de-fer", PUNTER_ON_ZERO)
    view.bar.button(ActionKind.DECLINE_BANK).click()
    view.bar.button(ActionKind.BANCO).click()
    buttons = shown(view)
    assert not buttons["Carte (draw)"].disabled and buttons["Non (stand)"].disabled
    assert "A punter must draw on 0." in view.bar.note.value
    before, balance_text = view.table.snapshot(), view.balance.value
    buttons["Non (stand)"].click()
    assert "Stand is not allowed: A punter must draw on 0." in view.guard.message.value
    assert view.table.snapshot() == before and view.balance.value == balance_text


def test_an_amount_beyond_your_balance_shows_the_engines_sentence():
    view = view_with("chemin-de-fer", PUNTER_ON_FIVE)
    before = view.table.snapshot()
    view.bar.amount.value = 500
    view.bar.button(ActionKind.OPEN_BANK).click()
    assert "You can put at most 100 chips in the bank: that is your balance." in view.guard.message.value
    assert view.table.snapshot() == before and "Balance: 100<" in view.balance.value


def test_banque_ouverte_you_bank_a_natural_empties_it_and_you_must_retire():
    # Right 4H 4S is a natural 8 against the bank's 10D 6C: both right stakes are paid from your 20.
    view = view_with("banque-ouverte", "4H 3C 10D 4S 2H 6C 10S 10H")
    view.bar.amount.value = 20
    view.bar.button(ActionKind.OPEN_BANK).click()
    if view.table.pending.kind.name == "BANQUE_BANKER_DRAW":  # the left tableau is still in play
        assert {b.description for b in enabled(view)} == {"Draw", "Stand"}
        assert "Your cards: 10♦ 6♣, total 6." in view.bar.prompt.value
        assert view.hint_button.layout.display is None and not view.hint_button.disabled
        before = view.table.snapshot()
        view.hint_button.click()
        # The bots covered the bank on the right, so nothing rides on the left: standing costs nothing.
        assert "says: “No chips ride on the tableaux" in view.guard.message.value
        assert view.table.snapshot() == before  # a hint decides nothing
        view.bar.button(ActionKind.STAND).click()
    record = view.table.last_coup
    gain = sum(e.stake - e.returned for e in settled(record.events))
    assert view.table.bank == 20 * CHIP + gain == 0
    assert "You are down 20 on this coup" in view.guard.message.value  # part of it was settled early
    buttons = shown(view)
    assert not buttons["Retire from the bank"].disabled and buttons["Continue (stake the whole bank)"].disabled
    assert "The bank is empty, so the banker must retire." in view.bar.note.value
    assert "Right tableau wins" in view.reveal.felt.value
    before = view.table.snapshot()
    buttons["Continue (stake the whole bank)"].click()
    assert "not allowed" in view.guard.message.value and view.table.snapshot() == before
    view.hint_button.click()  # no banker choice pending now: refused with a sentence
    assert "helps only when you hold the Banque bank" in view.guard.message.value
    buttons["Retire from the bank"].click()
    assert view.table.banker != 0 and view.table.user.balance == 80 * CHIP
    assert "Balance: 80<" in view.balance.value


def test_banque_ouverte_you_captain_the_right_tableau_when_a_bot_banks():
    # Right 2S 3D = 5: as right captain you choose; the bank (Bot 1) holds 10H 6C.
    view = view_with("banque-ouverte", "2S AC 10H 3D 2D 6C 9S 5H 4D")
    view.bar.button(ActionKind.DECLINE_BANK).click()
    table = view.table
    assert table.banker == 1 and table.captains[Hand.RIGHT] == 0
    while table.pending.seat == 0 and table.pending.kind.name == "BET":
        view.bar.amount.value = 5
        view.bar.button(ActionKind.BET, Hand.RIGHT).click()
    assert table.pending.kind.name == "CAPTAIN_DRAW" and table.pending.hand is Hand.RIGHT
    assert "Right captain" in view.seats_below.value
    view.bar.button(ActionKind.STAND).click()
    record = table.last_coup
    yours = settled(record.events, 0)
    assert table.user.balance == 100 * CHIP + sum(e.returned - e.stake for e in yours)
    assert f"Balance: {show_chips(table.user.balance)}<" in view.balance.value
    bank_gain = sum(e.stake - e.returned for e in settled(record.events))
    assert table.bank == record.bank + bank_gain - record.commission
    assert table.chips_in_play() == 600 * CHIP


@pytest.mark.parametrize("side", [Hand.RIGHT, Hand.LEFT])
def test_banque_limitee_you_bet_as_captain_or_as_a_bettor(side):
    view = view_with("banque-limitee", "2S AC 7H 3H 2D 7D 6S 3C 9C 9D")
    table = view.table
    assert table.banker == -1 and table.captains[Hand.RIGHT] == 0
    view.bar.amount.value = 30
    view.bar.button(ActionKind.BET, side).click()
    assert "You can bet at most 25 chips: the table limit is 5 to 25 chips per wager." in view.guard.message.value
    view.bar.amount.value = 10
    view.bar.button(ActionKind.BET, side).click()
    while table.pending.seat == 0 and table.last_coup is None:
        assert table.pending.kind.name == "CAPTAIN_DRAW" and table.pending.hand is Hand.RIGHT
        assert "bl-decision-stand" in view.bar.button(ActionKind.STAND)._dom_classes
        enabled(view)[-1].click()
    record = table.last_coup
    yours = settled(record.events, 0)
    assert [e.stake for e in yours] == [10 * CHIP]
    assert table.user.balance == 100 * CHIP + sum(e.returned - e.stake for e in yours)
    assert f"Balance: {show_chips(table.user.balance)}<" in view.balance.value
    assert any(seat == -1 for _n, seat, _c in view.bot_choices), "the house banker's reason is shown"
    assert "The house" in view.bot_log.value and "Expected result for the bank" in view.bot_log.value
    assert table.chips_in_play() == 600 * CHIP


def test_the_exact_bankers_view_is_a_hint_that_decides_nothing():
    # You bank 40: the right tableau (natural 8) is paid at once; 20 chips ride on the left.
    view = view_with("banque-ouverte", "4H 3C 10D 4S 2H 6C 10S 10H 9C")
    view.bar.amount.value = 40
    view.bar.button(ActionKind.OPEN_BANK).click()
    assert view.table.pending.kind.name == "BANQUE_BANKER_DRAW" and view.table.staked_on(Hand.LEFT) == 20 * CHIP
    before = view.table.snapshot()
    view.hint_button.click()
    found = re.search(r"says: “Expected result for the bank: ([+-][\d.]+) chips drawing, ([+-][\d.]+) standing",
                      view.guard.message.value)
    assert found, view.guard.message.value
    draw, stand = (float(value) for value in found.groups())
    assert f"so I {'draw' if draw > stand else 'stand'}.” The choice is yours." in view.guard.message.value
    assert view.table.snapshot() == before


def test_a_finished_coup_keeps_the_captions_it_was_played_with():
    # Bot 1 banks 6S 3D, a natural 9: your right tableau (JH 2C) loses, so its cards pass to Bot 2.
    view = view_with("banque-ouverte", "JH 4D 6S 2C 5H 3D")
    view.bar.button(ActionKind.DECLINE_BANK).click()
    assert view.table.pending.seat == 0, "when a bot banks, you are asked to bet first"
    view.bar.button(ActionKind.NO_BET).click()
    assert view.table.captains[Hand.RIGHT] == 2, "the beaten captain passed the cards on"
    assert "Captain: You" in view.reveal.felt.value and "Banker: Bot 1" in view.reveal.felt.value
    assert "Right captain" in view.seats_below.value.split('data-seat="2"')[1]  # the seats show who holds them now
    # Bot 1 decides next (continue or retire): no empty decision box, and Next coup lets it.
    assert view.bar.widget.layout.display == "none" and not view.next_button.disabled
    view.next_button.click()
    assert view.table.pending.seat == 0 or view.table.coups_played > 1


def test_a_timed_reveal_locks_the_decisions_and_resumes_where_it_stopped():
    async def play():
        view = SeatedTableView("chemin-de-fer", shoe=Shoe.stacked(PUNTER_ON_FIVE), seed=1, deal_speed="slow")
        view.bar.button(ActionKind.DECLINE_BANK).click()
        assert view.is_revealing and not view.skip_button.disabled
        assert view.bar.button(ActionKind.BANCO).disabled, "no decision while the coup is still appearing"
        assert 'data-round' not in view.reveal.log.value
        await asyncio.sleep(0.05)
        view.skip_button.click()
        assert not view.is_revealing and not view.bar.button(ActionKind.BANCO).disabled
        shown = len(view.reveal.steps)
        view.bar.button(ActionKind.BANCO).click()
        # Only the new steps play: the reveal starts after what was already on screen.
        assert view.is_revealing and view.reveal.current.index >= shown
        view.reveal.finish()
        assert view.table.pending.kind.name == "PUNTER_DRAW" and not view.bar.button(ActionKind.STAND).disabled

    # A thread of its own: a browser test in the same run may leave this thread's loop running.
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, play()).result()


@pytest.mark.parametrize("key", ["chemin-de-fer", "banque-ouverte", "banque-limitee"])
def test_each_coups_message_states_what_it_did_to_your_chips(key):
    """Random clicks over many coups: between two finished coups your chips (balance, stakes on the
    table, your bank) change by exactly what the coup's message says."""
    rng = random.Random(key)
    view = SeatedTableView(key, seed=7, deal_speed="instant")
    table = view.table

    def wealth():
        staked = sum(s.amount for s in table.stakes if s.seat == 0 and s.hand not in table.settled_hands)
        return table.user.balance + staked + (table.bank if table.banker == 0 else 0)

    last, checked = wealth(), 0
    for _ in range(150):
        buttons = [b for b in view.bar.shown_buttons() if not b.disabled]
        coups = table.coups_played
        if buttons:
            view.bar.amount.value = rng.choice([5, 10, 20])
            rng.choice(buttons).click()
        elif not view.next_button.disabled:
            view.next_button.click()
        else:
            break
        if table.coups_played > coups:
            net = wealth() - last
            said = view.guard.message.value
            expected = (f"You are up {show_chips(net)} on" if net > 0 else
                        f"You are down {show_chips(-net)} on" if net < 0 else "Your chips are unchanged")
            assert expected in said, (said, net)
            last, checked = wealth(), checked + 1
    assert checked >= 10


def test_the_bankers_optional_cell_offers_both_choices_with_the_reason():
    # Punter (Bot 1) 2C 3D = 5 may draw or stand; if it draws the 9H, banker KH 3S = 3 faces a 9: optional.
    view = SeatedTableView("chemin-de-fer", shoe=Shoe.stacked("2C KH 3D 3S 9H 2S"), seed=4, deal_speed="instant")
    view.bar.amount.value = 10
    view.bar.button(ActionKind.OPEN_BANK).click()
    table = view.table
    assert len(table.hands[Hand.PLAYER]) == 3, "with seed 4 the punter's coin on 5 says carte"
    assert [b.description for b in enabled(view)] == ["Draw", "Stand"]
    assert "An optional cell: the banker chooses." in view.bar.note.value
    assert "The players drew the 9♥ (worth 9)." in view.bar.prompt.value
    view.bar.button(ActionKind.DRAW).click()
    record = table.last_coup
    assert record.hands[Hand.BANKER][2].label == "2♠"
    gain = sum(e.stake - e.returned for e in settled(record.events))
    assert gain == 10 * CHIP and table.bank == 10 * CHIP + gain - record.commission == 1950  # banker 5 beats 4
