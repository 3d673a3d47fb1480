"""The rest of the first page (records, settings) waits for a pause in the user's clicks: a click made
as the table opens is answered before it, never queued behind it (issue 20, item 4)."""

import asyncio

from baccarat_lessons.widgets.surface import state as surface_state
from baccarat_lessons.widgets.table import LiveTable

# Long enough that a loaded machine's late wake-ups cannot reorder the steps below.
QUIET_SECONDS = 2.0


async def _built_after_clicks(monkeypatch, clicks_at: list[float]) -> tuple[LiveTable, list[bool], float]:
    """A deferred table that says SHOWN at 0 and gets a Banker bet at each time of ``clicks_at``;
    whether the records were built at each click, and when they were (seconds after SHOWN)."""
    monkeypatch.setattr(surface_state, "BUILD_AFTER_SECONDS", QUIET_SECONDS)
    loop = asyncio.get_running_loop()
    table = LiveTable("punto-banco", seed=5, defer=True)
    start = loop.time()
    table.surface.handle({"kind": "SHOWN"})
    built_at_clicks = []
    for moment in clicks_at:
        await asyncio.sleep(max(0.0, start + moment - loop.time()))
        built_at_clicks.append(table.records_built)
        table.surface.handle({"kind": "BET", "side": "Banker", "amount": 5, "turn": table.surface.turn})
    while not table.records_built and loop.time() - start < 20:
        await asyncio.sleep(0.05)
    return table, built_at_clicks, loop.time() - start


def test_the_records_follow_a_quiet_page_after_shown(monkeypatch):
    table, _, built_after = asyncio.run(_built_after_clicks(monkeypatch, []))
    assert table.records_built and QUIET_SECONDS <= built_after < QUIET_SECONDS + 3


def test_clicks_before_the_records_put_them_back_and_are_answered_first(monkeypatch):
    # Clicks 1.5 s apart: each inside the quiet time of the one before, the last past SHOWN's own.
    clicks = [1.5, 3.0]
    table, built_at_clicks, built_after = asyncio.run(_built_after_clicks(monkeypatch, clicks))
    assert built_at_clicks == [False, False]  # still waiting when the second click came, 3 s after SHOWN
    assert built_after >= clicks[-1] + QUIET_SECONDS  # a whole quiet time after the last click
    assert table.table.staked == 10 * 100  # both bets were answered
    assert table.records_built and table.records.settings_view is not None


def test_outside_an_event_loop_the_records_are_built_at_shown():
    table = LiveTable("punto-banco", seed=5, defer=True)
    assert not table.records_built
    table.surface.handle({"kind": "SHOWN"})
    assert table.records_built
