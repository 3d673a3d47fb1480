"""What a new user met at the tables (issue 10, item 5), each pinned."""

from browser_messages import bet, control, enabled, play_round, said, send

from baccarat_lessons.engine.bets import BetSpot
from baccarat_lessons.engine.money import CHIP
from baccarat_lessons.engine.shoe import Shoe
from baccarat_lessons.widgets.surface.scene import SPEED_MS, speeds
from baccarat_lessons.widgets.table import LiveTable


def action_kinds(view) -> list[str]:
    turn = view.surface.view["turn"]
    return [action["kind"] for action in turn["actions"]] if turn else []


def test_after_banco_the_message_no_longer_asks_for_banco():
    view = LiveTable("chemin-de-fer", shoe=Shoe.stacked("2S KH 3D 3S 9H"), seed=1, deal_speed="instant")
    send(view, "DECLINE_BANK")
    assert "call banco" in said(view) and action_kinds(view) == ["BANCO", "DECLINE_BANCO"]
    send(view, "BANCO")
    assert "call banco" not in said(view)
    assert "say carte" in said(view) and action_kinds(view) == ["DRAW", "STAND"]


def test_seat_bubbles_show_only_the_latest_coups_reasons():
    view = LiveTable("banque-limitee", seed=3, deal_speed="instant")
    for _ in range(3):  # sit out three coups: the bots bet and explain each time
        send(view, "NO_BET")
    moves = view.presenter.moves  # the bots' recent choices, (coup, seat, choice) newest last (internal: read for checks)
    latest = moves[-1][0]
    shown = view.presenter.reasons(view.table)
    assert shown and all(any(n == latest and s == seat for n, s, _ in moves) for seat in shown)
    bubbles = {panel["index"]: panel["reason"] for panel in view.surface.presentation["seats"] if panel["reason"]}
    assert bubbles == shown  # the page draws exactly these
    moves.insert(0, (latest - 1, 4, moves[-1][2]))  # an older coup's reason for Bot 4
    assert view.presenter.reasons(view.table).get(4) != view.presenter.told(view.table, latest - 1, 4, moves[0][2]) or \
        any(n == latest and s == 4 for n, s, _ in moves[1:])


def test_the_exact_bankers_hint_sits_beside_its_buttons():
    view = LiveTable("banque-ouverte", shoe=Shoe.stacked("4H 3C 10D 4S 2H 6C 10S 10H 9C"), seed=1,
                     deal_speed="instant")
    assert "HINT" not in [c["kind"] for c in view.surface.presentation["controls"]]
    send(view, "OPEN_BANK", 40)
    assert action_kinds(view) == ["DRAW", "STAND"] and enabled(view, "HINT")
    send(view, "HINT")
    hint = view.surface.presentation["hint"]
    assert "exact-value banker" in hint and "Expected result for the bank" in hint
    assert action_kinds(view) == ["DRAW", "STAND"]  # the hint decides nothing
    send(view, "STAND")
    assert view.surface.presentation["hint"] == ""


def test_a_disabled_deal_does_not_look_pressable():
    table = LiveTable("punto-banco", shoe=Shoe.stacked("2S AC 2H 2D 8C"))
    deal = control(table, "DEAL")
    # The page draws the primary style only on an enabled control (surface.js: bls-primary).
    assert deal["primary"] and not deal["enabled"]
    bet(table, BetSpot.BANKER, 5)
    assert control(table, "DEAL")["primary"] and enabled(table, "DEAL")
    assert [c["kind"] for c in table.surface.presentation["controls"] if c["primary"]] == ["DEAL"]


def test_every_table_lists_the_deal_speeds_in_one_order():
    seated = LiveTable("chemin-de-fer", seed=1)
    punto = LiveTable("punto-banco")
    names = [name for name, _label, _ms in speeds()]
    assert [name for name, *_ in seated.surface.presentation["speeds"]] == names
    assert [name for name, *_ in punto.surface.presentation["speeds"]] == names
    assert [value for _, value in punto.records.settings_view.controls["deal_speed"].options] == names


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
    from baccarat_lessons.engine.settings import DEAL_SPEED_CHOICES

    table = LiveTable("punto-banco", shoe=Shoe.stacked("2S AC 2H 2D 7C 5H"))  # both hands draw
    bet(table, BetSpot.BANKER, 5)
    send(table, "DEAL")
    events = table.surface.reveal["events"]
    assert sum(event["kind"] == "CardDealt" for event in events) == 6
    # The page shows one event every SPEED_MS of the chosen speed (surface.js, schedule()).
    assert table.surface.presentation["speed"] == "normal"
    speeds_ms = dict((name, ms) for name, _label, ms in table.surface.presentation["speeds"])
    assert speeds_ms == SPEED_MS
    assert len(events) * SPEED_MS["normal"] <= 2500
    delays = [SPEED_MS[speed] for speed in DEAL_SPEED_CHOICES]
    assert delays == sorted(delays, reverse=True)  # slow, normal, fast, instant: each quicker than the last
    assert delays[-1] == 0


def test_undo_takes_back_the_last_chip_only():
    table = LiveTable("punto-banco", shoe=Shoe.stacked("2S AC 2H 2D 8C"))
    assert not enabled(table, "UNDO")
    bet(table, BetSpot.BANKER, 5)
    bet(table, BetSpot.BANKER, 10)
    bet(table, BetSpot.PLAYER, 10)
    assert enabled(table, "UNDO")
    send(table, "UNDO")
    assert table.table.bets == {BetSpot.BANKER: 15 * CHIP}
    send(table, "UNDO")
    # The chip taken back is in front of the user again; the 5 still on the layout is not (issue 19).
    assert table.table.bets == {BetSpot.BANKER: 5 * CHIP} and table.table.balance == 95 * CHIP
    send(table, "UNDO")
    assert table.table.bets == {} and table.table.balance == 100 * CHIP and not enabled(table, "UNDO")
    before = table.table.snapshot()
    send(table, "UNDO")  # the control is disabled; a message sent anyway: a sentence, nothing changes
    assert "no chip of yours" in said(table) and table.table.snapshot() == before
    assert control(table, "UNDO")["tooltip"] == said(table)


def test_a_setting_that_resets_the_session_asks_first():
    table = LiveTable("punto-banco", seed=4)
    play_round(table, BetSpot.BANKER, 5)
    balance, hands = table.table.balance, table.table.coups_played
    panel = table.records.settings_view
    panel.controls["decks"].value = 6
    assert table.table.settings.decks == 8 and table.table.coups_played == hands  # nothing yet
    assert panel.confirm_box.layout.display is None and "new session" in panel.confirm_text.value
    assert "confirm it below" in said(table)
    panel.keep_button.click()
    assert panel.controls["decks"].value == 8 and table.table.balance == balance
    assert table.table.coups_played == hands
    panel.controls["decks"].value = 6
    panel.confirm_button.click()
    assert table.table.settings.decks == 6 and table.table.coups_played == 0
    assert table.surface.view["cards_in_shoe"] == 6 * 52
    panel.controls["tie_pays"].value = 9  # a payout: applies from the next round, no question
    assert table.table.settings.tie_pays == 9 and panel.confirm_box.layout.display == "none"
    assert next(s for s in table.surface.presentation["spots"] if s["side"] == "Tie")["pays"] == "9:1"


def test_the_settings_wait_while_the_page_reveals_a_round():
    table = LiveTable("punto-banco", seed=4)
    bet(table, BetSpot.BANKER, 5)
    send(table, "DEAL")
    controls = table.records.settings_view.controls
    assert table.is_revealing and all(c.disabled for c in controls.values())
    send(table, "REVEALED")
    assert not any(c.disabled for c in controls.values())
