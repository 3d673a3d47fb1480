"""Any sequence of clicks keeps the table's view equal to the engine's state."""

from hypothesis import HealthCheck, given, settings, strategies as st

from baccarat_lessons.engine.bets import BetSpot
from baccarat_lessons.engine.money import format_chips
from baccarat_lessons.widgets import PuntoBancoTable

ACTIONS = st.lists(
    st.one_of(
        st.tuples(st.just("chip"), st.sampled_from([0, 1, 2, 3])),
        st.tuples(st.just("spot"), st.sampled_from(list(BetSpot))),
        st.tuples(st.sampled_from(["deal", "clear", "rebet", "new", "pairs", "extras", "tie"]), st.just(None)),
    ),
    max_size=25,
)


def check_view(table: PuntoBancoTable) -> None:
    session = table.session
    assert f"Balance: {format_chips(session.balance)}<" in table.balance.value
    assert table.deal_button.disabled == (session.can_deal() is not None)
    assert table.rebet_button.disabled == (session.can_rebet() is not None)
    assert table.clear_button.disabled == (not session.bets)
    for spot, button in table.spot_buttons.items():
        offered = spot in session.spots
        assert (button.layout.display is None) == offered
        assert button.disabled == (not offered or session.can_place_bet(spot, table.chips.selected) is not None)
        stake = session.bets.get(spot, 0)
        assert (f"· {stake} on it" in button.description) == bool(stake)
    assert table.roads.widget.value.count('class="bl-bead ') == len(session.history)
    assert session.balance >= 0


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), actions=ACTIONS, variant=st.sampled_from(["punto-banco", "mini-baccarat"]))
def test_every_click_sequence_keeps_the_view_in_step_with_the_session(seed, actions, variant):
    table = PuntoBancoTable(variant, seed=seed)
    chips = list(table.chip_buttons)
    controls = table.settings_view.controls
    for action, argument in actions:
        before = (table.session.balance, dict(table.session.bets), len(table.session.history))
        if action == "chip":
            table.chip_buttons[chips[argument]].click()
        elif action == "spot":
            table.spot_buttons[argument].click()
        elif action == "deal":
            table.deal_button.click()
        elif action == "clear":
            table.clear_button.click()
        elif action == "rebet":
            table.rebet_button.click()
        elif action == "new":
            table.new_session_button.click()
        elif action == "pairs":
            controls["pair_bets"].value = not controls["pair_bets"].value
        elif action == "extras":
            controls["extra_side_bets"].value = not controls["extra_side_bets"].value
        elif action == "tie":
            controls["tie_pays"].value = 17 - controls["tie_pays"].value
        if "bl-message-refused" in table.guard.message.value and action in ("spot", "deal", "rebet"):
            # A refused action changed nothing.
            assert before == (table.session.balance, dict(table.session.bets), len(table.session.history))
        assert table.guard.error_log.value == ""
        assert controls["tie_pays"].value == table.session.settings.tie_pays
        assert controls["pair_bets"].value == table.session.settings.pair_bets
        check_view(table)
