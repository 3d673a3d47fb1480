"""No chip is created or lost over many random Punto Banco and Mini Baccarat rounds (SPEC §3): the
balance, the layout, the house's result and the commission always add up."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings, strategies as st

from baccarat_lessons.engine.bets import BetSpot
from baccarat_lessons.engine.errors import BaccaratError
from baccarat_lessons.engine.money import CHIP
from baccarat_lessons.engine.punto_banco import PuntoBancoTable
from baccarat_lessons.engine.settings import TableSettings
from baccarat_lessons.engine.variants import MINI_BACCARAT, PUNTO_BANCO
from punto_banco_session import BET, UNDO, CLEAR, REBET, DEAL, state


# -- chips are conserved over many random rounds --------------------------------------------------

SPOTS = list(BetSpot) + ["dragon"]
ACTIONS = st.one_of(
    st.tuples(st.just("bet"), st.sampled_from(SPOTS), st.sampled_from([1, 2, 3, 5, 10, 25, 50, 100])),
    st.tuples(st.just("deal")),
    st.tuples(st.just("deal")),
    st.tuples(st.just("undo")),
    st.tuples(st.just("clear")),
    st.tuples(st.just("rebet")),
    st.tuples(st.just("settings"), st.sampled_from(["tie_pays", "banker_pays"]), st.integers(0, 1)),
)
SETTING_VALUES = {"tie_pays": (8, 9), "banker_pays": ("commission", "banker7")}
KINDS = {"undo": UNDO, "clear": CLEAR, "rebet": REBET, "deal": DEAL}


def profit_per_chip(spot: BetSpot, settings: TableSettings) -> Fraction:
    # SPEC §2 and §2.1, written out here rather than read from the engine.
    if spot is BetSpot.BANKER:
        return Fraction(95, 100) if settings.banker_pays.value == "commission" else Fraction(1)
    return {
        BetSpot.PLAYER: Fraction(1), BetSpot.TIE: Fraction(settings.tie_pays),
        BetSpot.PLAYER_PAIR: Fraction(11), BetSpot.BANKER_PAIR: Fraction(11),
        BetSpot.EITHER_PAIR: Fraction(5), BetSpot.PERFECT_PAIR: Fraction(25),
        BetSpot.BIG: Fraction(54, 100), BetSpot.SMALL: Fraction(3, 2),
    }[spot]


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    variant=st.sampled_from([PUNTO_BANCO, MINI_BACCARAT]),
    procedure=st.sampled_from(["reshuffle20", "every-hand", "casino"]),
    actions=st.lists(ACTIONS, max_size=60),
)
def test_no_chip_is_created_or_lost(seed, variant, procedure, actions):
    chosen = TableSettings(pair_bets=True, extra_side_bets=True, procedure=procedure, hands_limit=50,
                           decks=variant.decks, starting_chips=variant.starting_chips)
    table = PuntoBancoTable(variant, settings=chosen, seed=seed)
    start = table.balance
    assert table.chips_in_play() == start
    for action in actions:
        before = state(table)
        balance_before, stakes_before, bets_before = table.balance, list(table.stakes), dict(table.bets)
        settings_now = table.settings
        try:
            if action[0] == "bet":
                reason = table.can(BET, action[2] * CHIP, action[1])
                table.act(BET, action[2] * CHIP, action[1])
            elif action[0] == "settings":
                changes = {action[1]: SETTING_VALUES[action[1]][action[2]]}
                reason = table.can_change_settings(**changes)
                table.change_settings(**changes)
            else:
                reason = table.can(KINDS[action[0]])
                table.act(KINDS[action[0]])
        except BaccaratError as error:
            assert reason is not None and str(error) == reason
            assert state(table) == before
            continue
        assert reason is None, f"{action} succeeded although refused: {reason}"
        if action[0] == "deal":
            record = table.last_coup
            # The record holds what was on each spot, added up, in the order the spots were first backed.
            assert [(stake.hand, stake.amount) for stake in record.stakes] == list(bets_before.items())
            assert sum(stake.amount for stake in stakes_before) == record.staked and table.stakes == []
            settlements = [event for event in record.events if event.kind == "BetSettled"]
            assert [(BetSpot(s.spot), s.stake) for s in settlements] == list(bets_before.items())
            assert record.net_of(0) == sum(s.returned - s.stake for s in settlements)
            assert table.balance == balance_before + sum(s.returned for s in settlements)
            assert record.balances == (table.balance,)
            for s in settlements:
                spot = BetSpot(s.spot)
                win = s.stake * (1 + profit_per_chip(spot, settings_now))
                assert s.returned in (0, s.stake, win)
                if s.returned == s.stake:  # only main bets push
                    assert spot in (BetSpot.PLAYER, BetSpot.BANKER)
        assert type(table.balance) is int and table.balance >= 0
        assert table.chips_in_play() == start
        assert table.commission_total == sum(record.commission for record in table.history)
        assert table.balance + table.staked == start + sum(r.net_of(0) for r in table.history)
