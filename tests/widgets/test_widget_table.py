"""The Punto Banco and Mini Baccarat tables driven without a browser (button.click())."""

from fractions import Fraction

import pytest

from baccarat_lessons.engine.bets import BetSpot
from baccarat_lessons.engine.money import format_chips
from baccarat_lessons.engine.shoe import Shoe
from baccarat_lessons.widgets import PuntoBancoTable

WORKED_EXAMPLE = "2S AC 2H 2D 8C"  # Banker 3 beats Player 2 (SPEC §2)
NATURAL_TIE = "9S 9H KC KD"  # both naturals of 9
BANKER_THREE_CARD_SEVEN = "KS 2C 6H 3D 2H"  # Player stands on 6, Banker 5 draws a 2: 7 beats 6
PLAYER_PAIR_COUP = "5S 3H 5D 9C KC 4D"  # Player opens 5-5; Banker 2 draws to 6 and wins


def table_with(cards: str, variant="punto-banco", **kwargs) -> PuntoBancoTable:
    return PuntoBancoTable(variant=variant, shoe=Shoe.stacked(cards), **kwargs)


def bet(table: PuntoBancoTable, spot: BetSpot, chip: int, times: int = 1) -> None:
    table.chip_buttons[chip].click()
    for _ in range(times):
        table.spot_buttons[spot].click()


def shown_balance(table: PuntoBancoTable) -> str:
    return f"Balance: {format_chips(table.session.balance)}<"


def test_banker_win_pays_095_and_the_balance_text_follows_the_engine():
    table = table_with(WORKED_EXAMPLE)
    bet(table, BetSpot.BANKER, 10)
    assert "Balance: 100<" in table.balance.value
    table.deal_button.click()
    record = table.session.history[-1]
    assert record.balance_after - record.balance_before == sum(s.net for s in record.settlements)
    assert table.session.balance == Fraction(10950, 100)  # 10 at 0.95:1
    assert "Balance: 109.50<" in table.balance.value
    assert 'class="bl-round-done" data-round="1"' in table.reveal.log.value
    assert "Banker has 3 and Player&#x27;s third card is an 8: Banker stands." in table.reveal.log.value


def test_a_tie_pays_the_tie_bet_and_pushes_player_and_banker():
    table = table_with(NATURAL_TIE)
    bet(table, BetSpot.PLAYER, 5)
    bet(table, BetSpot.BANKER, 10)
    bet(table, BetSpot.TIE, 5)
    table.deal_button.click()
    assert table.session.balance == 100 + 8 * 5
    assert "Balance: 140<" in table.balance.value


def test_tie_pays_setting_changes_the_payout():
    table = table_with(NATURAL_TIE)
    table.settings_view.controls["tie_pays"].value = 9
    bet(table, BetSpot.TIE, 5)
    assert table.spot_buttons[BetSpot.TIE].description.startswith("Tie 9:1")
    table.deal_button.click()
    assert table.session.balance == 100 + 9 * 5


@pytest.mark.parametrize("mode, expected", [("commission", Fraction(10950, 100)), ("banker7", Fraction(100))])
def test_banker_settlement_mode_changes_a_three_card_seven(mode, expected):
    table = table_with(BANKER_THREE_CARD_SEVEN)
    table.settings_view.controls["banker_pays"].value = table.settings_view.controls["banker_pays"].options[
        0 if mode == "commission" else 1][1]
    assert table.session.settings.banker_pays.value == mode
    bet(table, BetSpot.BANKER, 10)
    table.deal_button.click()
    assert table.session.history[-1].coup.banker_total == 7
    assert table.session.balance == expected
    assert shown_balance(table) in table.balance.value


def test_pair_bets_appear_with_the_setting_and_pay_11_to_1():
    table = table_with(PLAYER_PAIR_COUP)
    pair = table.spot_buttons[BetSpot.PLAYER_PAIR]
    assert pair.layout.display == "none" and pair.disabled
    table.settings_view.controls["pair_bets"].value = True
    assert pair.layout.display is None and not pair.disabled
    bet(table, BetSpot.PLAYER_PAIR, 5)
    table.deal_button.click()
    assert table.session.balance == 100 + 11 * 5


def test_an_illegal_action_shows_the_engine_sentence_and_changes_nothing():
    table = table_with(WORKED_EXAMPLE)
    reason = table.session.can_deal()
    assert table.deal_button.disabled
    table.deal_button.click()  # a disabled button still runs its handler when clicked from Python
    assert reason in table.guard.message.value
    assert table.session.history == [] and table.session.balance == 100

    bet(table, BetSpot.PLAYER, 50, times=2)
    refused = table.session.can_place_bet(BetSpot.PLAYER, 50)
    assert refused is not None
    assert table.spot_buttons[BetSpot.PLAYER].disabled
    assert table.spot_buttons[BetSpot.PLAYER].tooltip == refused
    table.spot_buttons[BetSpot.PLAYER].click()
    assert table.session.bets == {BetSpot.PLAYER: 100}
    assert "bl-message-refused" in table.guard.message.value


def test_buttons_follow_the_session_can_checks():
    table = table_with(WORKED_EXAMPLE + " " + WORKED_EXAMPLE)

    def check():
        session = table.session
        assert table.deal_button.disabled == (session.can_deal() is not None)
        assert table.rebet_button.disabled == (session.can_rebet() is not None)
        assert table.clear_button.disabled == (not session.bets)
        for spot, button in table.spot_buttons.items():
            allowed = spot in session.spots and session.can_place_bet(spot, table.chips.selected) is None
            assert button.disabled == (not allowed), spot

    check()
    bet(table, BetSpot.BANKER, 25)
    check()
    table.deal_button.click()
    check()
    assert not table.rebet_button.disabled
    table.rebet_button.click()
    check()
    assert table.session.bets == {BetSpot.BANKER: 25}


def test_rebet_clear_and_new_session():
    table = table_with(WORKED_EXAMPLE)
    bet(table, BetSpot.PLAYER, 5, times=3)
    table.clear_button.click()
    assert table.session.bets == {}
    bet(table, BetSpot.BANKER, 10)
    table.deal_button.click()
    table.rebet_button.click()
    assert table.session.bets == {BetSpot.BANKER: 10}
    table.new_session_button.click()
    assert table.session.balance == 100 and table.session.history == [] and table.session.bets == {}
    assert "Balance: 100<" in table.balance.value
    assert table.roads.widget.value.count('class="bl-bead ') == 0
    assert "bl-round-done" not in table.reveal.log.value


def test_chips_that_cannot_be_placed_are_disabled_and_a_smaller_one_is_chosen():
    table = table_with(BANKER_THREE_CARD_SEVEN)
    bet(table, BetSpot.PLAYER, 50)
    bet(table, BetSpot.PLAYER, 25)  # 75 on the table, 25 left to stake
    assert table.chip_buttons[50].disabled and not table.chip_buttons[25].disabled
    bet(table, BetSpot.PLAYER, 10, times=2)  # 95 staked: only a 5 chip still fits
    assert table.chips.selected == 5
    assert [v for v, b in table.chip_buttons.items() if not b.disabled] == [5]


def test_session_length_limit_ends_play_with_the_engine_sentence():
    table = table_with(NATURAL_TIE * 1, seed=None)
    table.settings_view.controls["hands_limit"].value = 10  # restarts: a fresh random shoe
    for _ in range(10):
        if table.rebet_button.disabled:
            bet(table, BetSpot.BANKER, 5)
        else:
            table.rebet_button.click()
        table.deal_button.click()
    reason = table.session.over_reason()
    assert reason and reason in table.guard.message.value
    assert table.deal_button.disabled and all(b.disabled for b in table.spot_buttons.values())


def test_mini_table_is_smaller_and_faster():
    mini = PuntoBancoTable("mini-baccarat", seed=4)
    assert {"bl-table", "bl-table-mini"} <= set(mini.widget._dom_classes)
    assert list(mini.chip_buttons) == [1, 2, 5, 10]
    assert mini.session.settings.deal_speed == "fast"
    bet(mini, BetSpot.PLAYER, 1)
    mini.deal_button.click()
    assert 'width="45"' in mini.reveal.felt.value  # 0.75 of a 60-pixel card
    big = PuntoBancoTable(seed=4)
    assert big.session.settings.deal_speed == "normal" and "bl-table-mini" not in big.widget._dom_classes


def test_an_unexpected_error_goes_to_the_visible_error_log(monkeypatch):
    table = table_with(WORKED_EXAMPLE)
    bet(table, BetSpot.PLAYER, 5)

    def broken():
        raise RuntimeError("shoe jammed")

    monkeypatch.setattr(table.session, "deal", broken)
    monkeypatch.delenv("BACCARAT_LESSONS_DEBUG", raising=False)
    table.deal_button.click()
    assert table.guard.error_log.layout.display is None
    shown = table.guard.error_log.value
    assert "RuntimeError" in shown and "Traceback" not in shown and "shoe jammed" not in shown  # no code shown
    monkeypatch.setenv("BACCARAT_LESSONS_DEBUG", "1")  # as the app's tests run it: the whole traceback
    table.deal_button.click()
    assert "Traceback" in table.guard.error_log.value and "RuntimeError: shoe jammed" in table.guard.error_log.value


def test_casino_shoe_procedure_shows_the_burn_and_cut_card_in_the_reveal():
    table = PuntoBancoTable(seed=9)
    controls = table.settings_view.controls
    controls["procedure"].value = [value for _, value in controls["procedure"].options if value.value == "casino"][0]
    assert table.session.settings.procedure.value == "casino"
    bet(table, BetSpot.PLAYER, 5)
    table.deal_button.click()
    log = table.reveal.log.value
    burned = next(e for e in table.session.history[0].events if e.kind == "CardsBurned")
    assert "are burned face down." in log and burned.first_card.label in log
    assert "The cut card goes in 16 cards from the bottom of the shoe." in log
    assert f"Cards in shoe: {table.session.shoe.remaining_count}<" in table.balance.value
