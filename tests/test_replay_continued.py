"""Driver.continued: a record that carries a replayed session on is played on from where it stood, and ends at
exactly the table a whole replay gives; anything else is replayed whole, or refused as a whole replay refuses it."""

from __future__ import annotations

import copy
import json

import pytest
from test_replay import play_punto_banco, play_seated

from baccarat_lessons.engine.driver import Driver
from baccarat_lessons.engine.errors import ReplayError
from baccarat_lessons.engine.variants import SEAT_BANKED


def records_along(driver: Driver, cuts: int = 5) -> list[dict]:
    """The records ``driver``'s session was at after each fifth of its actions (as JSON would bring them)."""
    whole = driver.record()
    ends = [len(whole["actions"]) * cut // cuts for cut in range(1, cuts + 1)]
    return [json.loads(json.dumps(driver._replayed_to(end, whole["seeds"]).record())) for end in ends]


@pytest.mark.parametrize("variant,seed", [("punto-banco", 1), ("mini-baccarat", 2),
                                          *((key, seed) for key in SEAT_BANKED for seed in (3, 4))])
def test_played_on_from_where_it_stood_it_ends_at_the_whole_replay_s_table(variant, seed):
    played = play_punto_banco(variant, seed, steps=80) if variant in ("punto-banco", "mini-baccarat") else \
        play_seated(variant, seed, steps=80)
    kept = None
    for record in records_along(played):
        whole = Driver.replayed(record)
        kept = whole if kept is None else kept.continued(record)
        assert kept.fingerprint() == whole.fingerprint() == record["fingerprint"], f"{variant} seed {seed}"
        assert kept.log == whole.log and kept.table.history == whole.table.history, f"{variant} seed {seed}"


def test_a_forged_continuation_is_refused_and_a_different_session_is_replayed_whole():
    played = play_punto_banco("punto-banco", 5, steps=60)
    first, later = records_along(played, cuts=2)
    kept = Driver.replayed(first)
    forged = copy.deepcopy(later)
    forged["fingerprint"] = "0" * 64
    with pytest.raises(ReplayError, match="does not lead to the table it was saved with"):
        Driver.replayed(first).continued(forged)
    other = Driver("punto-banco", seed=5)  # the same shoe, other bets: not an extension of `first`
    for spot in ("Tie", "Tie", "Tie"):
        other.act("BET", 2500, spot)
        other.act("DEAL")
    record = json.loads(json.dumps(other.record()))
    assert record["actions"][:len(first["actions"])] != first["actions"]
    assert kept.continued(record).table.history == Driver.replayed(record).table.history
    resumed = Driver.replayed(later)
    resumed.reshuffle_rest()
    # A new seed means a record that is not this one carried on: replayed whole, to the same table.
    record = json.loads(json.dumps(resumed.record()))
    assert Driver.replayed(later).continued(record).fingerprint() == Driver.replayed(record).fingerprint()
