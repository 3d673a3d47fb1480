"""What the page may send a seat-banked table, and what it may not: double clicks, another seat's
decision, disabled buttons, malformed or stale messages and amounts of any length or exponent. Each
refusal is a sentence, and the table is unchanged (``seated_messages.refused``)."""

import subprocess
import sys
import time

import pytest

from baccarat_lessons.engine.money import CHIP
from baccarat_lessons.widgets.table import LiveTable
from seated_messages import (
    BANKER_FORCED_DRAW, PUNTER_ON_FIVE, TOTAL_CHIPS, action, actions, click, control, control_kinds, finish_reveal,
    message, play_until_your_turn, refused, said, send, table_state, turn_of, view_with,
)

HUGE_EXPONENT_SECONDS = 5  # the table itself starts in under a second


def test_a_double_click_on_banco_acts_once():
    view = view_with("chemin-de-fer", PUNTER_ON_FIVE)
    click(view, "DECLINE_BANK")
    once = view_with("chemin-de-fer", PUNTER_ON_FIVE)
    click(once, "DECLINE_BANK")
    send(once, "BANCO")
    both = message(view, "BANCO")  # two clicks before the redraw: the same turn twice
    view.surface.handle(both)
    after_first, text = table_state(view), said(view)
    view.surface.handle(both)  # answered already: dropped without a word
    assert table_state(view) == after_first and said(view) == text
    assert view.table.snapshot() == once.table.snapshot()
    assert view.table.user.balance == 80 * CHIP and view.table.chips_in_play() == TOTAL_CHIPS


def test_a_double_click_on_take_the_bank_opens_it_once():
    view = view_with("chemin-de-fer", BANKER_FORCED_DRAW)
    both = message(view, "OPEN_BANK", 10)
    view.surface.handle(both)
    after_first = table_state(view)
    assert view.table.bank == 10 * CHIP and turn_of(view)["kind"] == "BANKER_DRAW"
    view.surface.handle(both)
    assert table_state(view) == after_first
    assert (view.table.user.balance, view.table.bank) == (90 * CHIP, 10 * CHIP)
    assert view.table.chips_in_play() == TOTAL_CHIPS


def test_banco_as_the_page_sends_it_is_accepted():
    """Banco!'s action shows the bank as its bounds (20 to 20), but it takes no chips of its own: the
    page sends the amount box only for the kinds in ``amount_kinds`` (Take the bank, Bet), and a Banco!
    carrying one is refused."""
    view = view_with("chemin-de-fer", PUNTER_ON_FIVE)
    click(view, "DECLINE_BANK")
    banco = action(view, "BANCO")
    assert (banco["min_amount"], banco["max_amount"]) == (20 * CHIP, 20 * CHIP)
    before = table_state(view)
    assert refused(view, message(view, "BANCO", 20), before) == "Banco! takes no number of chips."
    assert view.surface.presentation["amount_kinds"] == ["OPEN_BANK", "BET"]
    click(view, "BANCO")
    assert view.table.punter == 0 and turn_of(view)["kind"] == "PUNTER_DRAW", said(view)


def test_another_seats_decision_cannot_be_taken_from_your_page():
    view = view_with("banque-ouverte", "JH 4D 6S 2C 5H 3D")
    click(view, "DECLINE_BANK")
    click(view, "NO_BET")
    finish_reveal(view)
    bots_turn = view.table.pending
    assert bots_turn.seat == 1 and actions(view) == []
    before = table_state(view)
    for kind in ["DRAW", *(a.kind.name for a in bots_turn.actions)]:  # even Bot 1's own legal choices
        assert refused(view, message(view, kind), before) == (
            "It is Bot 1's turn to continue with the bank or give it up; you must wait.")
    assert refused(view, message(view, "BET", 10, "Right tableau"), before).startswith("It is Bot 1's turn")


def test_next_coup_sent_while_its_button_is_disabled_is_refused():
    view = view_with("banque-ouverte", "4H 3C 10D 4S 2H 6C 10S 10H 9C")
    click(view, "OPEN_BANK", typed=40)
    send(view, "HINT")
    assert not control(view, "NEXT")["enabled"]
    before = table_state(view)
    assert control(view, "NEXT")["tooltip"] == "Your decision comes first."  # said under the disabled button
    assert refused(view, message(view, "NEXT"), before) == "Your decision comes first."


def test_a_hint_outside_a_banque_bankers_choice_is_refused():
    view = view_with("chemin-de-fer", BANKER_FORCED_DRAW)
    click(view, "OPEN_BANK", typed=10)
    assert "HINT" not in control_kinds(view)
    before = table_state(view)
    assert refused(view, message(view, "HINT"), before) == (
        "The exact banker's view helps only when you hold the Banque bank and must choose to draw or stand.")


def _malformed(turn, kind="OPEN_BANK", plain="DECLINE_BANK", side=None):
    """Messages no page of this table sends: ``kind`` takes an amount (on ``side``), ``plain`` takes none."""
    good = {"kind": kind, "amount": 10, "side": side, "turn": turn}
    return [
        {"kind": "FLY", "amount": None, "side": None, "turn": turn},
        {"kind": None, "turn": turn},
        {"kind": 7, "turn": turn},
        {**good, "kind": kind.lower()},
        {**good, "side": "Nowhere"},
        {**good, "side": 3},
        {**good, "amount": float("nan")},
        {**good, "amount": float("inf")},
        {**good, "amount": "abc"},
        {**good, "amount": ""},
        {**good, "amount": 1.234},
        {**good, "amount": -5},
        {**good, "amount": 0},
        {**good, "amount": 10**12},
        {**good, "amount": True},
        {**good, "amount": [10]},
        {**good, "amount": None},
        {"kind": plain, "amount": 10, "side": None, "turn": turn},
        {key: value for key, value in good.items() if key != "turn"},
        {**good, "turn": None},
        {**good, "turn": str(turn)},
        {**good, "turn": float(turn)},
        {**good, "turn": True},
        kind,
        None,
        [kind, 10],
        42,
    ]


@pytest.mark.parametrize("key", ["chemin-de-fer", "banque-ouverte", "banque-limitee"])
def test_malformed_messages_change_nothing_and_say_why(key):
    view = LiveTable(key, seed=3, deal_speed="instant")
    assert play_until_your_turn(view)
    turn = view.surface.turn
    if key == "banque-limitee":  # the house banks: your first decision is a bet on a side
        assert turn_of(view)["kind"] == "BET"
        cases = _malformed(turn, "BET", "NO_BET", "Right tableau")
        cases += [{"kind": "BET", "amount": 10, "side": "Player", "turn": turn},  # a hand of another table
                  {"kind": "BET", "amount": 10, "side": None, "turn": turn},  # which tableau?
                  {"kind": "BET", "amount": 26, "side": "Left tableau", "turn": turn}]  # over the limit
    else:
        assert turn_of(view)["kind"] == "OFFER_BANK"
        cases = _malformed(turn)
    if key == "chemin-de-fer":
        cases.append({"kind": "OPEN_BANK", "amount": 10, "side": "Right tableau", "turn": turn})
    before = table_state(view)
    balances, bank, phase = [s.balance for s in view.table.seats], view.table.bank, view.table.phase
    sentences = [refused(view, content, before) for content in cases]
    assert [s.balance for s in view.table.seats] == balances and (view.table.bank, view.table.phase) == (bank, phase)
    assert view.table.chips_in_play() == TOTAL_CHIPS
    assert all(len(text) < 200 for text in sentences), sentences
    assert sentences[0] == "This table has no action called “FLY”; nothing was changed."
    assert sentences[4] == "This table has no place called “Nowhere”; nothing was changed."
    assert sentences[10] == "Chips are counted to the hundredth; 1.234 has more decimals than that."
    assert sentences[cases.index(None)] == "The table did not understand that message; nothing was changed."
    assert sentences[19] == "That message did not say which state of the table it answers; nothing was changed."
    # The table still answers a proper click afterwards.
    chosen = actions(view)[0]
    click(view, chosen["kind"], chosen["side"])
    assert table_state(view) != before and view.table.chips_in_play() == TOTAL_CHIPS


def test_a_message_for_an_older_redraw_is_dropped_without_a_word():
    view = view_with("chemin-de-fer", BANKER_FORCED_DRAW)
    old = view.surface.turn
    click(view, "OPEN_BANK", typed=10)
    before, text = table_state(view), said(view)
    for kind in ("DECLINE_BANK", "NEW_SESSION", "DRAW", "FLY"):  # even a kind it would refuse: it is stale
        send(view, kind, turn=old)
        assert table_state(view) == before and said(view) == text


def test_a_refused_amount_is_not_repeated_at_any_length():
    """A page may send any text as the amount: the sentence repeats a few characters of it, not all."""
    view = view_with("chemin-de-fer", PUNTER_ON_FIVE)
    before = table_state(view)
    for amount in ("9" * 50 + "x" * 10_000, [1] * 10_000, "1." + "1" * 10_000):
        assert len(refused(view, message(view, "OPEN_BANK", amount), before)) < 200


def test_an_amount_with_a_huge_exponent_is_refused_at_once():
    """"1e-99999999" is a valid number for the page's amount box; turned into an exact fraction it
    would keep the kernel busy for minutes. Run in a process of its own, so a hang is a failure."""
    script = (
        "from baccarat_lessons.engine.shoe import Shoe\n"
        "from baccarat_lessons.widgets.table import LiveTable\n"
        f"view = LiveTable('chemin-de-fer', shoe=Shoe.stacked({PUNTER_ON_FIVE!r}), seed=1)\n"
        "for amount in ('1e-99999999', '1e99999999'):\n"
        "    view.surface.handle({'kind': 'OPEN_BANK', 'amount': amount, 'side': None, 'turn': view.surface.turn})\n"
        "    assert view.table.bank == 0 and view.surface.message['tone'] == 'refused'\n"
    )
    try:
        subprocess.run([sys.executable, "-c", script], check=True, timeout=HUGE_EXPONENT_SECONDS)
    except subprocess.TimeoutExpired:
        pytest.fail(f"one amount kept the kernel busy for more than {HUGE_EXPONENT_SECONDS} s")


def test_an_amount_with_very_many_digits_is_refused_at_once():
    view = view_with("chemin-de-fer", PUNTER_ON_FIVE)
    before, start = table_state(view), time.perf_counter()
    refused(view, message(view, "OPEN_BANK", "1." + "1" * 300_000), before)
    assert time.perf_counter() - start < 0.5
