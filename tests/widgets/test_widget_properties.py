"""Any sequence of the page's messages keeps the table's view equal to the engine's state."""

from browser_messages import enabled, said, send, spot_reason, tone
from hypothesis import HealthCheck, given, settings, strategies as st

from baccarat_lessons.engine.bets import BetSpot
from baccarat_lessons.engine.money import CHIP, show_chips
from baccarat_lessons.engine.seated.decisions import ActionKind
from baccarat_lessons.widgets import LiveTable

ACTIONS = st.lists(
    st.one_of(
        st.tuples(st.just("chip"), st.sampled_from([0, 1, 2, 3])),
        st.tuples(st.just("spot"), st.sampled_from(list(BetSpot))),
        st.tuples(st.sampled_from(["deal", "revealed", "undo", "clear", "rebet", "new", "stale", "garbage",
                                   "pairs", "extras", "tie"]), st.just(None)),
    ),
    max_size=25,
)
CONTROLS = {"deal": "DEAL", "undo": "UNDO", "clear": "CLEAR", "rebet": "REBET", "new": "NEW_SESSION"}


def state(table: LiveTable) -> tuple:
    engine = table.table
    return engine.balance, dict(engine.bets), len(engine.history), engine.shoe.remaining_count


def check_view(table: LiveTable) -> None:
    engine, surface = table.table, table.surface
    presentation, view = surface.presentation, surface.view
    status = dict(presentation["status"])
    # Hundredths; the balance is what is in front of the user, the chips on the layout apart (issue 19).
    assert status["balance"] == f"Balance: {show_chips(engine.balance)}"
    assert status["staked"] == f"On the table: {show_chips(engine.staked)}"
    assert view["seats"][0]["balance"] == engine.balance
    assert view["seats"][0]["staked"] == engine.staked == sum(engine.bets.values())
    assert sorted((s["hand"], s["amount"]) for s in view["stakes"]) == sorted(
        (spot.value, amount) for spot, amount in engine.bets.items())
    assert enabled(table, "DEAL") == (engine.can(ActionKind.DEAL) is None)
    assert enabled(table, "REBET") == (engine.can(ActionKind.REBET) is None)
    assert enabled(table, "CLEAR") == bool(engine.bets)
    assert enabled(table, "UNDO") == (engine.can(ActionKind.UNDO) is None)
    assert [s["side"] for s in presentation["spots"]] == [spot.value for spot in engine.spots]
    for spot in engine.spots:
        for chip in table.variant.stakes:
            assert spot_reason(table, spot, chip) == (engine.can(ActionKind.BET, chip * CHIP, spot) or "")
    for chip in presentation["chips"]:
        assert chip["enabled"] == any(engine.can(ActionKind.BET, chip["value"] * CHIP, s) is None
                                      for s in engine.spots)
    # The records show every round the page has shown to its end.
    records = table.records
    assert records.roads.widget.value.count('class="bl-bead ') == len(engine.history) - table.is_revealing
    assert all(control.disabled == table.is_revealing for control in records.settings_view.controls.values())
    assert surface.turn == surface.redraws
    assert engine.balance >= 0
    # No chip is created or lost: in front of the user, on the layout, won by the house or kept as commission.
    assert engine.chips_in_play() == engine.starting_total
    assert table.guard.error_log.value == ""


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), actions=ACTIONS, variant=st.sampled_from(["punto-banco", "mini-baccarat"]))
def test_every_message_sequence_keeps_the_view_in_step_with_the_table(seed, actions, variant):
    table = LiveTable(variant, seed=seed)
    chips = list(table.variant.stakes)
    chip = chips[0]  # the page keeps the chip chosen; it starts on the smallest
    controls = table.records.settings_view.controls
    for action, argument in actions:
        before = state(table)
        table.guard.clear()
        if action == "chip":
            chip = chips[argument]  # a choice on the page only: nothing is sent
        elif action == "spot":
            offered = argument in table.table.spots
            reason = spot_reason(table, argument, chip) if offered else None
            send(table, "BET", chip, argument)
            if reason or not offered:
                assert state(table) == before and tone(table) == "refused"
                if reason:
                    assert said(table) == reason
        elif action in CONTROLS:
            refused = not enabled(table, CONTROLS[action])
            send(table, CONTROLS[action])
            if refused:  # what the page draws disabled changes nothing when sent anyway ...
                assert state(table) == before
            if refused and action != "clear":  # ... and is refused with the sentence of its tooltip
                assert tone(table) == "refused"
                assert said(table) == next(c["tooltip"] for c in table.surface.presentation["controls"]
                                           if c["kind"] == CONTROLS[action])
        elif action == "revealed":
            send(table, "REVEALED")
            assert state(table) == before
        elif action == "stale":
            turn = table.surface.turn
            send(table, "DEAL", turn=turn - 1)
            send(table, "BET", chip, BetSpot.BANKER, turn=turn - 1)
            assert state(table) == before and table.surface.turn == turn
        elif action == "garbage":
            table.surface.handle({"kind": "BET", "side": "Banker", "amount": "lots", "turn": table.surface.turn})
            assert state(table) == before and tone(table) == "refused"
        elif not controls["pair_bets"].disabled:  # the page cannot change a disabled control
            if action == "pairs":
                controls["pair_bets"].value = not controls["pair_bets"].value
            elif action == "extras":
                controls["extra_side_bets"].value = not controls["extra_side_bets"].value
            elif action == "tie":
                controls["tie_pays"].value = 17 - controls["tie_pays"].value
        assert controls["tie_pays"].value == table.table.settings.tie_pays
        assert controls["pair_bets"].value == table.table.settings.pair_bets
        check_view(table)
