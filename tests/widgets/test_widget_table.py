"""The Punto Banco and Mini Baccarat tables driven without a browser, by the messages the page sends."""

import math

import pytest
from browser_messages import (
    bet, control, deal, enabled, enabled_chips, message, play_round, revealed, said, send, spot, spot_reason,
    spot_sides, status, told, tone,
)

from baccarat_lessons.engine.bets import BetSpot
from baccarat_lessons.engine.cards import hand_total
from baccarat_lessons.engine.events import Hand
from baccarat_lessons.engine.money import CHIP, show_chips
from baccarat_lessons.engine.records import Stake
from baccarat_lessons.engine.seated.decisions import ActionKind
from baccarat_lessons.engine.shoe import Shoe
from baccarat_lessons.widgets import LiveTable

WORKED_EXAMPLE = "2S AC 2H 2D 8C"  # Banker 3 beats Player 2 (SPEC §2)
NATURAL_TIE = "9S 9H KC KD"  # both naturals of 9
BANKER_THREE_CARD_SEVEN = "KS 2C 6H 3D 2H"  # Player stands on 6, Banker 5 draws a 2: 7 beats 6
PLAYER_PAIR_COUP = "5S 3H 5D 9C KC 4D"  # Player opens 5-5; Banker 2 draws to 6 and wins


def table_with(cards: str, variant="punto-banco", **kwargs) -> LiveTable:
    return LiveTable(variant, shoe=Shoe.stacked(cards), **kwargs)


def shown_balance(table: LiveTable) -> str:
    return f"Balance: {show_chips(table.table.balance)}"


def beads(table: LiveTable) -> int:
    return table.records.roads.widget.value.count('class="bl-bead ')


def snapshot(table: LiveTable) -> tuple:
    engine = table.table
    return (engine.balance, engine.staked, dict(engine.bets), len(engine.history), engine.shoe.remaining_count,
            table.surface.turn)


def can_bet(table: LiveTable, spot: BetSpot, chip: int) -> str | None:
    """The engine's refusal of one ``chip`` (in chips, as the page sends it) on ``spot``."""
    return table.table.can(ActionKind.BET, chip * CHIP, spot)


def test_banker_win_pays_095_and_the_balance_text_follows_the_engine():
    table = table_with(WORKED_EXAMPLE)
    bet(table, BetSpot.BANKER, 10)
    # The chips on the layout have left the balance in front of the user (issue 19).
    assert status(table)["balance"] == "Balance: 90" and status(table)["staked"] == "On the table: 10"
    assert list(table.surface.view["stakes"]) == [{"seat": 0, "amount": 1000, "hand": "Banker"}]
    deal(table)
    record = table.table.history[-1]
    settled = [event for event in record.events if event.kind == "BetSettled"]
    assert record.balances[0] - 100 * CHIP == record.net_of(0) == sum(s.net for s in settled)
    assert table.table.balance == 10950  # 10 at 0.95:1, in hundredths
    assert status(table)["balance"] == "Balance: 109.50"
    reveal = table.surface.reveal
    assert reveal["done"] and reveal["number"] == 1 and reveal["label"] == "Round 1"
    assert "Banker has 3 and Player's third card is an 8: Banker stands." in told(table)
    # The page is revealing the round: the records and the outcome sentence wait for it.
    assert table.is_revealing and beads(table) == 0 and said(table) == ""
    revealed(table)
    assert not table.is_revealing and beads(table) == 1
    assert said(table) == "Banker wins, 3 to 2. You are up 9.50 on this round." and tone(table) == "done"


def test_a_tie_pays_the_tie_bet_and_pushes_player_and_banker():
    table = table_with(NATURAL_TIE)
    bet(table, BetSpot.PLAYER, 5)
    bet(table, BetSpot.BANKER, 10)
    bet(table, BetSpot.TIE, 5)
    deal(table)
    revealed(table)
    assert table.table.balance == (100 + 8 * 5) * CHIP
    assert status(table)["balance"] == "Balance: 140"
    assert said(table).endswith("You are up 40 on this round.")


def test_tie_pays_setting_changes_the_payout():
    table = table_with(NATURAL_TIE)
    assert spot(table, BetSpot.TIE)["pays"] == "8:1"
    table.records.settings_view.controls["tie_pays"].value = 9
    bet(table, BetSpot.TIE, 5)
    assert spot(table, BetSpot.TIE)["pays"] == "9:1" and spot(table, BetSpot.TIE)["label"] == "Tie"
    play_round(table)
    assert table.table.balance == (100 + 9 * 5) * CHIP


@pytest.mark.parametrize("mode, expected", [("commission", 10950), ("banker7", 10000)])
def test_banker_settlement_mode_changes_a_three_card_seven(mode, expected):
    table = table_with(BANKER_THREE_CARD_SEVEN)
    controls = table.records.settings_view.controls
    controls["banker_pays"].value = controls["banker_pays"].options[0 if mode == "commission" else 1][1]
    assert table.table.settings.banker_pays.value == mode
    assert spot(table, BetSpot.BANKER)["pays"] == ("0.95:1" if mode == "commission" else "1:1")
    play_round(table, BetSpot.BANKER, 10)
    banker = table.table.history[-1].hands[Hand.BANKER]
    assert hand_total(banker) == 7 and len(banker) == 3
    assert table.table.balance == expected
    assert status(table)["balance"] == shown_balance(table)


def test_pair_bets_appear_with_the_setting_and_pay_11_to_1():
    table = table_with(PLAYER_PAIR_COUP)
    assert "Player Pair" not in spot_sides(table)
    bet(table, BetSpot.PLAYER_PAIR, 5)  # a spot the page does not draw: refused, nothing placed
    assert table.table.bets == {} and tone(table) == "refused" and said(table)
    table.records.settings_view.controls["pair_bets"].value = True
    assert {"Player Pair", "Banker Pair"} <= set(spot_sides(table))
    assert spot_reason(table, BetSpot.PLAYER_PAIR, 5) == "" and spot(table, BetSpot.PLAYER_PAIR)["pays"] == "11:1"
    play_round(table, BetSpot.PLAYER_PAIR, 5)
    assert table.table.balance == (100 + 11 * 5) * CHIP


def test_an_illegal_action_shows_the_engine_sentence_and_changes_nothing():
    table = table_with(WORKED_EXAMPLE)
    reason = table.table.can(ActionKind.DEAL)
    assert not enabled(table, "DEAL") and control(table, "DEAL")["tooltip"] == reason
    deal(table)  # a page that sends Deal anyway (an old page, a crafted message): the engine refuses
    assert said(table) == reason and tone(table) == "refused"
    assert table.table.history == [] and table.table.balance == 100 * CHIP and table.driver.log == []

    bet(table, BetSpot.PLAYER, 50, times=2)
    refused = can_bet(table, BetSpot.PLAYER, 50)
    assert refused is not None
    assert spot_reason(table, BetSpot.PLAYER, 50) == refused
    bet(table, BetSpot.PLAYER, 50)
    assert table.table.bets == {BetSpot.PLAYER: 100 * CHIP} and table.table.balance == 0
    assert said(table) == refused and tone(table) == "refused"
    assert table.guard.error_log.layout.display == "none"


def test_buttons_follow_the_tables_can_checks():
    table = table_with(WORKED_EXAMPLE + " " + WORKED_EXAMPLE)

    def check():
        engine = table.table
        assert enabled(table, "DEAL") == (engine.can(ActionKind.DEAL) is None)
        assert enabled(table, "REBET") == (engine.can(ActionKind.REBET) is None)
        assert enabled(table, "CLEAR") == bool(engine.bets)
        assert enabled(table, "UNDO") == (engine.can(ActionKind.UNDO) is None)
        assert enabled(table, "NEW_SESSION")
        assert spot_sides(table) == [spot.value for spot in engine.spots]
        for offered in engine.spots:
            for chip in table.variant.stakes:
                assert spot_reason(table, offered, chip) == (can_bet(table, offered, chip) or ""), offered

    check()
    bet(table, BetSpot.BANKER, 25)
    check()
    deal(table)
    check()
    revealed(table)
    check()
    assert enabled(table, "REBET")
    send(table, "REBET")
    check()
    assert table.table.bets == {BetSpot.BANKER: 25 * CHIP}


def test_rebet_clear_and_new_session():
    table = table_with(WORKED_EXAMPLE)
    bet(table, BetSpot.PLAYER, 5, times=3)
    send(table, "CLEAR")
    assert table.table.bets == {} and table.table.balance == 100 * CHIP
    assert said(table) == "Your chips are back in front of you."
    bet(table, BetSpot.BANKER, 10)
    deal(table)
    send(table, "REBET")  # before the page said REVEALED: the round is shown first, then the rebet
    assert table.table.bets == {BetSpot.BANKER: 10 * CHIP} and beads(table) == 1
    assert said(table) == "Same bets as last round: 10 on Banker."
    send(table, "NEW_SESSION")
    assert table.table.balance == 100 * CHIP and table.table.history == [] and table.table.bets == {}
    assert status(table)["balance"] == "Balance: 100"
    assert beads(table) == 0
    assert table.surface.reveal["events"] == [] and not table.surface.reveal["done"]
    assert not table.surface.view["hands"]


def test_chips_that_cannot_be_placed_are_disabled():
    table = table_with(BANKER_THREE_CARD_SEVEN)
    bet(table, BetSpot.PLAYER, 50)
    bet(table, BetSpot.PLAYER, 25)  # 75 on the table, 25 left to stake
    assert 50 not in enabled_chips(table) and 25 in enabled_chips(table)
    refused = next(c for c in table.surface.presentation["chips"] if c["value"] == 50)
    assert refused["tooltip"] == can_bet(table, BetSpot.PLAYER, 50)
    bet(table, BetSpot.PLAYER, 10, times=2)  # 95 staked: only a 5 chip still fits
    assert enabled_chips(table) == [5]
    bet(table, BetSpot.PLAYER, 10)  # the page would have moved to the 5 chip; a 10 sent anyway is refused
    assert table.table.bets == {BetSpot.PLAYER: 95 * CHIP} and tone(table) == "refused"


def test_session_length_limit_ends_play_with_the_engine_sentence():
    table = table_with(NATURAL_TIE * 1, seed=None)
    table.records.settings_view.controls["hands_limit"].value = 10  # restarts: a fresh random shoe
    for _ in range(10):
        if enabled(table, "REBET"):
            send(table, "REBET")
        else:
            bet(table, BetSpot.BANKER, 5)
        play_round(table)
    reason = table.table.over_reason()
    assert reason and reason in said(table) and tone(table) == "refused"
    assert not enabled(table, "DEAL") and status(table)["hands"] == "Hands: 10 of 10"
    assert all(reason for s in table.surface.presentation["spots"] for reason in s["reasons"].values())
    assert enabled_chips(table) == [] and table.surface.view["turn"] is None
    before = snapshot(table)
    bet(table, BetSpot.BANKER, 5)
    assert before == snapshot(table) and table.table.bets == {}


def test_mini_table_is_smaller_and_deals_at_the_one_default_speed():
    mini = LiveTable("mini-baccarat", seed=4)
    assert {"bl-table", "bl-table-mini"} <= set(mini.widget._dom_classes)
    assert [chip["value"] for chip in mini.surface.presentation["chips"]] == [1, 2, 5, 10]
    assert mini.table.settings.deal_speed == "normal" and mini.surface.presentation["speed"] == "normal"
    assert mini.surface.presentation["variant"] == "mini-baccarat"
    play_round(mini, BetSpot.PLAYER, 1)
    assert len(mini.table.history) == 1 and mini.surface.view["variant"] == "mini-baccarat"
    big = LiveTable("punto-banco", seed=4)
    assert big.table.settings.deal_speed == "normal" and "bl-table-mini" not in big.widget._dom_classes
    assert big.surface.presentation["speed"] == "normal"


def test_an_unexpected_error_goes_to_the_visible_error_log(monkeypatch):
    table = table_with(WORKED_EXAMPLE)
    bet(table, BetSpot.PLAYER, 5)

    def broken():
        raise RuntimeError("shoe jammed")

    monkeypatch.setattr(table.table, "_deal", broken)  # the engine's deal, after its checks
    monkeypatch.delenv("BACCARAT_LESSONS_DEBUG", raising=False)
    deal(table)
    assert table.guard.error_log.layout.display is None
    shown = table.guard.error_log.value
    assert "RuntimeError" in shown and "Traceback" not in shown and "shoe jammed" not in shown  # no code shown
    assert said(table) == "Something went wrong; see the error report below." and tone(table) == "refused"
    assert "shoe jammed" not in str(table.surface.message)
    monkeypatch.setenv("BACCARAT_LESSONS_DEBUG", "1")  # as the app's tests run it: the whole traceback
    deal(table)
    assert "Traceback" in table.guard.error_log.value and "RuntimeError: shoe jammed" in table.guard.error_log.value
    assert table.table.bets == {BetSpot.PLAYER: 5 * CHIP} and table.table.history == []
    assert table.table.balance == 95 * CHIP and table.driver.log == [["BET", 500, "Player"]]


def test_casino_shoe_procedure_shows_the_burn_and_cut_card_in_the_reveal():
    table = LiveTable("punto-banco", seed=9)
    controls = table.records.settings_view.controls
    controls["procedure"].value = [value for _, value in controls["procedure"].options if value.value == "casino"][0]
    assert table.table.settings.procedure.value == "casino"
    bet(table, BetSpot.PLAYER, 5)
    deal(table)
    log = " ".join(told(table))
    burned = next(e for e in table.table.history[0].events if e.kind == "CardsBurned")
    assert "are burned face down." in log and burned.first_card.label in log
    assert "The cut card goes in 16 cards from the bottom of the shoe." in log
    assert status(table)["shoe"] == f"Cards in shoe: {table.table.shoe.remaining_count}"
    assert table.surface.view["cards_in_shoe"] == table.table.shoe.remaining_count


# -- the messages themselves ------------------------------------------------------------------------
def test_a_double_click_on_deal_deals_one_round():
    table = table_with(WORKED_EXAMPLE + " " + WORKED_EXAMPLE)
    bet(table, BetSpot.BANKER, 10)
    first, second = message(table, "DEAL"), message(table, "DEAL")  # both sent from the same redraw
    assert first == second == {"kind": "DEAL", "turn": table.surface.turn}
    table.surface.handle(first)
    after_first = snapshot(table)
    table.surface.handle(second)  # stale: the click it repeats was answered
    assert snapshot(table) == after_first
    assert len(table.table.history) == 1 and table.table.shoe.remaining_count == 5
    record = table.table.history[0]
    # Chips are conserved: what left the balance is the one round's net, nothing was staked twice.
    assert table.table.balance == 100 * CHIP + record.net_of(0) == record.balances[0]
    assert record.stakes == (Stake(0, 10 * CHIP, BetSpot.BANKER),)
    assert table.table.chips_in_play() == 100 * CHIP
    assert [action[0] for action in table.driver.log] == ["BET", "DEAL"]
    revealed(table)
    assert said(table) == "Banker wins, 3 to 2. You are up 9.50 on this round."


def test_a_double_click_on_a_bet_spot_places_one_chip():
    table = table_with(WORKED_EXAMPLE)
    click = message(table, "BET", 10, BetSpot.BANKER)
    table.surface.handle(click)
    table.surface.handle(click)
    assert table.table.bets == {BetSpot.BANKER: 10 * CHIP} and table.table.balance == 90 * CHIP


def test_a_stale_bet_is_dropped_without_a_word():
    table = table_with(WORKED_EXAMPLE)
    old = table.surface.turn
    bet(table, BetSpot.PLAYER, 5)
    said_before, before = dict(table.surface.message), snapshot(table)
    send(table, "BET", 25, BetSpot.BANKER, turn=old)  # clicked on a redraw the page has since replaced
    assert snapshot(table) == before and table.surface.message == said_before
    assert table.table.bets == {BetSpot.PLAYER: 5 * CHIP}
    send(table, "BET", 25, BetSpot.BANKER, turn=table.surface.turn + 5)  # a turn from the future: not this table's
    assert snapshot(table) == before


def test_the_revealed_message_of_an_earlier_redraw_is_dropped():
    table = table_with(WORKED_EXAMPLE)
    bet(table, BetSpot.BANKER, 10)
    deal(table)
    send(table, "REVEALED", turn=table.surface.turn - 1)
    assert table.is_revealing and beads(table) == 0
    revealed(table)
    revealed(table)  # said again (a reloaded page shows the last round again): nothing more happens
    assert not table.is_revealing and beads(table) == 1 and len(table.table.history) == 1


MALFORMED = {
    "unknown kind": lambda turn: {"kind": "FLY", "turn": turn},
    "lower-case kind": lambda turn: {"kind": "deal", "turn": turn},
    "no kind": lambda turn: {"turn": turn},
    "unknown side": lambda turn: {"kind": "BET", "side": "Nowhere", "amount": 5, "turn": turn},
    "side not a string": lambda turn: {"kind": "BET", "side": ["Banker"], "amount": 5, "turn": turn},
    "amount text": lambda turn: {"kind": "BET", "side": "Banker", "amount": "abc", "turn": turn},
    "amount NaN": lambda turn: {"kind": "BET", "side": "Banker", "amount": math.nan, "turn": turn},
    "amount infinite": lambda turn: {"kind": "BET", "side": "Banker", "amount": "Infinity", "turn": turn},
    "three decimals": lambda turn: {"kind": "BET", "side": "Banker", "amount": 2.555, "turn": turn},
    "half a chip": lambda turn: {"kind": "BET", "side": "Banker", "amount": 7.5, "turn": turn},
    "negative": lambda turn: {"kind": "BET", "side": "Banker", "amount": -5, "turn": turn},
    "zero": lambda turn: {"kind": "BET", "side": "Banker", "amount": 0, "turn": turn},
    "huge": lambda turn: {"kind": "BET", "side": "Banker", "amount": 10**12, "turn": turn},
    "boolean amount": lambda turn: {"kind": "BET", "side": "Banker", "amount": True, "turn": turn},
    "list amount": lambda turn: {"kind": "BET", "side": "Banker", "amount": [5], "turn": turn},
    "no amount": lambda turn: {"kind": "BET", "side": "Banker", "turn": turn},
    "no side": lambda turn: {"kind": "BET", "amount": 5, "turn": turn},
    "a list": lambda turn: ["BET", "Banker", 5, turn],
    "a string": lambda turn: "DEAL",
    "nothing": lambda turn: None,
    "missing turn": lambda turn: {"kind": "BET", "side": "Banker", "amount": 5},
    "turn as text": lambda turn: {"kind": "BET", "side": "Banker", "amount": 5, "turn": str(turn)},
    "turn as a float": lambda turn: {"kind": "BET", "side": "Banker", "amount": 5, "turn": float(turn)},
    "turn as a boolean": lambda turn: {"kind": "BET", "side": "Banker", "amount": 5, "turn": True},
}


@pytest.mark.parametrize("case", list(MALFORMED))
def test_a_malformed_message_changes_nothing_and_says_why(case):
    table = table_with(WORKED_EXAMPLE + " " + WORKED_EXAMPLE)
    play_round(table, BetSpot.BANKER, 10)  # a history, and chips on the table
    bet(table, BetSpot.PLAYER, 5)
    table.guard.clear()
    engine = table.table
    before = (engine.snapshot(), list(engine.history), list(table.driver.log))
    view, presentation = table.surface.view, table.surface.presentation
    table.surface.handle(MALFORMED[case](table.surface.turn))
    assert table.table is engine and (engine.snapshot(), list(engine.history), list(table.driver.log)) == before
    assert table.surface.view == view and table.surface.presentation == presentation
    assert said(table) and tone(table) == "refused", case
    assert table.guard.text == said(table)
    assert table.guard.error_log.layout.display == "none", table.guard.error_log.value  # a sentence, not a bug
    assert len(said(table)) < 200


def test_a_message_from_the_page_reaches_the_table_through_the_comm():
    table = table_with(WORKED_EXAMPLE)
    # What the comm does with a custom message from surface.js (anywidget's model.send).
    table.surface._handle_custom_msg({"kind": "BET", "side": "Banker", "amount": 10, "turn": table.surface.turn}, [])
    assert table.table.bets == {BetSpot.BANKER: 10 * CHIP}
    table.surface._handle_custom_msg({"kind": "FLY", "turn": table.surface.turn}, [])
    assert said(table) == "This table has no action called “FLY”; nothing was changed."


def test_an_amount_with_a_huge_exponent_is_a_sentence_not_a_bug():
    table = table_with(WORKED_EXAMPLE)
    send(table, "BET", "1e5000", BetSpot.BANKER)
    assert table.table.bets == {} and tone(table) == "refused"
    assert table.guard.error_log.layout.display == "none" and len(said(table)) < 200


def test_the_house_result_is_nothing_before_the_first_deal():
    table = table_with(WORKED_EXAMPLE)
    bet(table, BetSpot.BANKER, 10)
    assert table.surface.view["house_result"] == 0


def test_the_round_tone_follows_the_sound_setting_and_the_users_result():
    """The page sounds the reveal's tone when the coup is shown, only if Sound is on: rising when the
    user came out ahead, falling otherwise."""
    table = table_with(WORKED_EXAMPLE + " " + WORKED_EXAMPLE + " " + WORKED_EXAMPLE)
    assert table.surface.presentation["sound"] is False  # off by default: a page on a projector stays quiet
    table.records.settings_view.controls["sound"].value = True
    assert table.surface.presentation["sound"] is True
    bet(table, BetSpot.BANKER, 5)
    deal(table)
    assert table.surface.reveal["tone"] == "rising"  # Banker 3 beats Player 2
    revealed(table)
    bet(table, BetSpot.PLAYER, 5)
    deal(table)
    assert table.surface.reveal["tone"] == "falling"


def test_the_session_timer_is_counted_by_the_page_from_the_kernels_seconds(monkeypatch):
    """Show timer: the table tells the page how long the session has run when it draws; the page
    counts on by itself (no tick from the kernel). A new session starts again from 0."""
    import types

    import baccarat_lessons.widgets.table_play as table_module

    clock = [1000.0]
    monkeypatch.setattr(table_module, "time", types.SimpleNamespace(monotonic=lambda: clock[0]))
    table = table_with(" ".join([WORKED_EXAMPLE] * 3))
    assert table.surface.presentation["timer"] is None  # off by default
    clock[0] = 1065.0
    table.records.settings_view.controls["show_timer"].value = True
    assert table.surface.presentation["timer"] == 65
    clock[0] = 1100.0
    send(table, "NEW_SESSION")
    assert table.surface.presentation["timer"] == 0
    clock[0] = 1112.0
    bet(table, BetSpot.BANKER, 5)
    assert table.surface.presentation["timer"] == 12
