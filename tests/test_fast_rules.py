"""The numpy coup (analysis.fast_rules) and the simulator's coup table against the engine's deal_coup.

Every combination of Player two-card total, Banker two-card total and the next
two cards (10**4 cases) is dealt by the engine from a stacked shoe and by
``coup_from_values``; outcome, totals and cards used must agree.
"""

import itertools

import numpy as np
import pytest

from baccarat_lessons.analysis.fast_rules import BANKER, PLAYER, TIE, coup_from_values
from baccarat_lessons.analysis.simulate_core import COUP_TABLE, coup_key
from baccarat_lessons.engine.coup import deal_coup
from baccarat_lessons.engine.events import Outcome
from baccarat_lessons.engine.shoe import Shoe

CODE = {Outcome.PLAYER: PLAYER, Outcome.BANKER: BANKER, Outcome.TIE: TIE}
SUITS = "SHDC"


def card_token(value: int, variety: int) -> str:
    """A card of this baccarat value; `variety` picks among ranks of value 0 and the suit."""
    rank = {0: ("10", "J", "Q", "K")[variety % 4], 1: "A"}.get(value, str(value))
    return rank + SUITS[variety % 4]


def six_values(player_total: int, banker_total: int, c4: int, c5: int) -> tuple[int, ...]:
    """Card values in deal order giving these two-card totals; the split of each total varies."""
    first_player = (player_total + 3 * banker_total + c4) % 10
    first_banker = (banker_total + 7 * player_total + c5) % 10
    return (
        first_player,
        first_banker,
        (player_total - first_player) % 10,
        (banker_total - first_banker) % 10,
        c4,
        c5,
    )


CASES = list(itertools.product(range(10), repeat=4))


def test_every_two_card_case_matches_the_engine():
    values = np.array([six_values(*case) for case in CASES]).T
    fast = coup_from_values(*values)
    mismatches = []
    for i, case in enumerate(CASES):
        tokens = [card_token(v, i + k) for k, v in enumerate(values[:, i])]
        coup = deal_coup(Shoe.stacked(" ".join(tokens)))
        engine = (CODE[coup.outcome], coup.player_total, coup.banker_total, coup.facts.cards_dealt, len(coup.banker_cards))
        numpy_form = (
            int(fast.outcome[i]), int(fast.player_total[i]), int(fast.banker_total[i]),
            int(fast.cards_dealt[i]), int(fast.banker_card_count[i]),
        )
        if engine != numpy_form:
            mismatches.append((case, engine, numpy_form))
    assert len(CASES) == 10_000
    assert mismatches == []


def test_spec_worked_example():
    """SPEC §2: Player 2+2 draws an 8 (ends on 2); Banker A+2 stands on 3; Banker wins 3-2.
    With a 7 instead of the 8, Player ends on 1 and Banker must draw."""
    stands = coup_from_values(*[np.array([v]) for v in (2, 1, 2, 2, 8, 5)])
    assert (int(stands.outcome[0]), int(stands.player_total[0]), int(stands.banker_total[0])) == (BANKER, 2, 3)
    assert int(stands.cards_dealt[0]) == 5
    draws = coup_from_values(*[np.array([v]) for v in (2, 1, 2, 2, 7, 5)])
    assert (int(draws.player_total[0]), int(draws.banker_total[0]), int(draws.cards_dealt[0])) == (1, 8, 6)


def test_simulator_coup_table_equals_coup_from_values_on_all_six_card_sequences():
    values = np.indices((10,) * 6).reshape(6, -1)
    fast = coup_from_values(*values)
    key = coup_key(*values)
    assert (COUP_TABLE.outcome[key] == fast.outcome).all()
    assert (COUP_TABLE.player_total[key] == fast.player_total).all()
    assert (COUP_TABLE.banker_total[key] == fast.banker_total).all()
    assert (COUP_TABLE.cards_dealt[key] == fast.cards_dealt).all()
    assert (COUP_TABLE.packed[key] == fast.outcome + 4 * fast.cards_dealt).all()


@pytest.mark.parametrize("player_total", range(8))
def test_natural_banker_stops_the_player_drawing(player_total):
    """A Banker natural ends the coup after four cards, whatever Player holds."""
    result = coup_from_values(*[np.array([v]) for v in (player_total, 9, 0, 0, 5, 5)])
    assert int(result.cards_dealt[0]) == 4
    assert int(result.outcome[0]) == BANKER
