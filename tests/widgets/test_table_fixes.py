"""What a new user met at the tables (issue 10, item 5), each pinned."""

from baccarat_lessons.engine.bets import BetSpot
from baccarat_lessons.engine.seated import ActionKind
from baccarat_lessons.engine.shoe import Shoe
from baccarat_lessons.widgets.seated import SeatedTableView
from baccarat_lessons.widgets.table import PuntoBancoTable


def test_after_banco_the_message_no_longer_asks_for_banco():
    view = SeatedTableView("chemin-de-fer", shoe=Shoe.stacked("2S KH 3D 3S 9H"), seed=1, deal_speed="instant")
    view.bar.button(ActionKind.DECLINE_BANK).click()
    assert "call banco" in view.guard.message.value
    view.bar.button(ActionKind.BANCO).click()
    assert "call banco" not in view.guard.message.value
    assert "say carte" in view.guard.message.value


def test_seat_bubbles_show_only_the_latest_coups_reasons():
    view = SeatedTableView("banque-limitee", seed=3, deal_speed="instant")
    for _ in range(3):  # sit out three coups: the bots bet and explain each time
        view.bar.button(ActionKind.NO_BET).click()
    latest = view.bot_choices[-1][0]
    shown = view._reasons()
    assert shown and all(any(n == latest and s == seat for n, s, _ in view.bot_choices) for seat in shown)
    view.bot_choices.insert(0, (latest - 1, 4, view.bot_choices[-1][2]))  # an older coup's reason for Bot 4
    assert view._reasons().get(4) != view._told(latest - 1, 4, view.bot_choices[0][2]) or \
        any(n == latest and s == 4 for n, s, _ in view.bot_choices[1:])


def test_the_chip_shown_chosen_follows_the_amount_typed():
    view = SeatedTableView("chemin-de-fer", seed=1, deal_speed="instant")
    view.bar.amount.value = 7  # no chip is worth 7
    assert not any("bl-chip-selected" in b._dom_classes for b in view.bar.chips.buttons.values())
    view.bar.amount.value = 5
    assert "bl-chip-selected" in view.bar.chips.buttons[5]._dom_classes


def test_the_exact_bankers_hint_sits_beside_its_buttons():
    view = SeatedTableView("banque-ouverte", shoe=Shoe.stacked("4H 3C 10D 4S 2H 6C 10S 10H 9C"), seed=1,
                           deal_speed="instant")
    view.bar.amount.value = 40
    view.bar.button(ActionKind.OPEN_BANK).click()
    view.hint_button.click()
    assert "bl-decision-hint" in view.bar.note.value and "Expected result for the bank" in view.bar.note.value


def test_a_disabled_deal_does_not_look_pressable():
    table = PuntoBancoTable(shoe=Shoe.stacked("2S AC 2H 2D 8C"))
    assert table.deal_button.disabled and table.deal_button.button_style == ""
    table.place_bet("banker")
    assert not table.deal_button.disabled and table.deal_button.button_style == "success"


def test_every_table_lists_the_deal_speeds_in_one_order():
    seated = SeatedTableView("chemin-de-fer", seed=1)
    punto = PuntoBancoTable()
    assert [value for _, value in seated.speed.options] == [
        value for _, value in punto.settings_view.controls["deal_speed"].options]


def test_the_guide_restarts_and_jumps_to_its_end():
    from baccarat_lessons.widgets.guide import IllustratedGuide

    guide = IllustratedGuide.from_cards("2S AC 2H 2D 8C")
    assert guide.restart_button.disabled and not guide.end_button.disabled
    guide.end_button.click()
    assert guide.step_index == guide.step_count - 1 and "The round is over." in guide.step_html.value
    assert guide.end_button.disabled and not guide.restart_button.disabled
    guide.restart_button.click()
    assert guide.step_index == 0


def test_a_plain_round_takes_at_most_two_and_a_half_seconds_at_normal():
    from baccarat_lessons.engine.coup import deal_coup
    from baccarat_lessons.engine.settings import DEAL_SPEED_CHOICES
    from baccarat_lessons.widgets.stepper import step_delay
    from baccarat_lessons.widgets.steps import steps_from_events

    steps = steps_from_events(deal_coup(Shoe.stacked("2S AC 2H 2D 7C 5H")).events)  # both hands draw
    assert len(steps) * step_delay("normal", False) <= 2.5
    delays = [step_delay(speed, False) for speed in DEAL_SPEED_CHOICES]
    assert delays == sorted(delays, reverse=True)  # slow, normal, fast, instant: each quicker than the last


def test_undo_takes_back_the_last_chip_only():
    table = PuntoBancoTable(shoe=Shoe.stacked("2S AC 2H 2D 8C"))
    assert table.undo_button.disabled
    table.chips.select(5)
    table.place_bet("banker")
    table.chips.select(10)
    table.place_bet("banker")
    table.place_bet("player")
    table.undo_button.click()
    assert table.session.bets == {BetSpot.BANKER: 15}
    table.undo_button.click()
    assert table.session.bets == {BetSpot.BANKER: 5} and table.session.balance == 100
    table.undo_button.click()
    assert table.session.bets == {} and table.undo_button.disabled
    before = table.session.bets.copy()
    table.undo_button.click()  # disabled, clicked from code: a sentence, nothing changes
    assert "no chip of yours" in table.guard.message.value and table.session.bets == before


def test_a_setting_that_resets_the_session_asks_first():
    table = PuntoBancoTable(seed=4)
    table.place_bet("banker")
    table.deal()
    table.reveal.finish()
    balance, hands = table.session.balance, table.session.hands_played
    panel = table.settings_view
    panel.controls["decks"].value = 6
    assert table.session.settings.decks == 8 and table.session.hands_played == hands  # nothing yet
    assert panel.confirm_box.layout.display is None and "new session" in panel.confirm_text.value
    panel.keep_button.click()
    assert panel.controls["decks"].value == 8 and table.session.balance == balance
    panel.controls["decks"].value = 6
    panel.confirm_button.click()
    assert table.session.settings.decks == 6 and table.session.hands_played == 0
    panel.controls["tie_pays"].value = 9  # a payout: applies from the next round, no question
    assert table.session.settings.tie_pays == 9 and panel.confirm_box.layout.display == "none"
