"""A seat's view as the page receives it: ``TableView.to_json()`` (and an event told, ``plain``) are exactly
``dataclasses.asdict``, which they replace for speed, for every seat and an onlooker through long bot games."""

from __future__ import annotations

from dataclasses import asdict

import pytest

from baccarat_lessons.engine.bots import make_bots, play_bots
from baccarat_lessons.engine.seated.view import plain, told_events
from baccarat_lessons.engine.tables import new_table


@pytest.mark.parametrize("variant", ["chemin-de-fer", "banque-ouverte", "banque-limitee"])
def test_a_views_json_is_asdicts_at_every_decision_of_a_long_game(variant):
    table = new_table(variant, seed=11)
    bots = make_bots(11, seats=range(6))
    compared = 0
    for _ in range(400):
        if table.pending is None:
            break
        for reader in (None, *range(6)):
            view = table.view(reader)
            assert view.to_json() == asdict(view), f"{variant}, seed 11, seat {reader}, after {compared} views"
            told = told_events(table.events, reader, frozenset(table.revealed))
            assert [plain(event) for event in told] == [asdict(event) for event in told]
            compared += 1
        play_bots(table, bots, stop_at=None, limit=1)
    assert compared > 1000
