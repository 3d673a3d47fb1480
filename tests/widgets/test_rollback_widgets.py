"""Nothing seen twice, the student's ways, through the table widget without a browser: the page's
messages (clicks, the kept session it sends when it draws the table, a file opened) go through
``surface.handle`` as in the page.

- save the session file at a draw-or-stand decision, decide, see the cards turn over, open the file;
- two tabs open at the same decision (the page's local storage sent by each);
- reload after the reveal: the finished coup stays finished, the chips as they were;
- New session after any of these; an edited record refused with one sentence, changing nothing.

Every game is fixed by its seed: the table's, and the ``entropy`` each resume draws from.
"""

from __future__ import annotations

import json
import random

import pytest

from baccarat_lessons.engine.session_record import fingerprint
from baccarat_lessons.widgets.surface import sealing
from baccarat_lessons.widgets.surface.saving import PlainRecords
from baccarat_lessons.widgets.table import LiveTable
from rollback_play import ROLE_CASES, coup_cards, hidden_hands, hidden_offsets, is_target, policy

SEEDS = [1, 2]


@pytest.fixture(autouse=True)
def own_key(tmp_path, monkeypatch):
    """Each test's server secret in its own file (none in the home directory)."""
    monkeypatch.setenv(sealing.KEY_FILE_VARIABLE, str(tmp_path / "session.key"))


def send(table, kind, amount=None, side=None) -> None:
    table.surface.handle({"kind": kind, "amount": amount, "side": side, "turn": table.surface.turn})


def click(table, role: str) -> None:
    """The user's next click by the policy (Next coup while a bot decides); the page shows it to its end."""
    engine = table.table
    if engine.pending.seat != 0:
        send(table, "NEXT")
    else:
        kind, amount, side = policy(engine, role)
        send(table, kind, None if amount is None else amount / 100, side)
    send(table, "REVEALED")


def at_decision(key, role: str, seed: int) -> tuple:
    """A table of ``key`` on the session of ``seed``, played by clicks to your first draw-or-stand
    decision as ``role``; and where that is, for failure messages."""
    where = f"{key} as {role}, seed {seed}"
    table = LiveTable(key, seed=seed, deal_speed="instant")
    to_decision(table, role, where)
    return table, where


def to_decision(table, role: str, where: str) -> None:
    for step in range(400):
        if is_target(table.table, role):
            return
        assert table.table.pending is not None, f"{where}: the table ended at step {step}"
        click(table, role)
    raise AssertionError(f"{where}: no decision")


def decide(table, role: str) -> None:
    """Decide and let the coup finish, the page showing it to its end."""
    coups = table.table.coups_played
    while table.table.coups_played == coups and table.table.pending is not None:
        click(table, role)


def opened(key, stored, entropy_seed: int, source: str = "file", keeping=None) -> LiveTable:
    """A fresh page (another kernel) that opens ``stored``: a file, or what its storage kept."""
    table = LiveTable(key, seed=90 + entropy_seed, deal_speed="instant", keeping=keeping)
    table.entropy = random.Random(entropy_seed)
    if source == "storage":
        table.surface.handle({"kind": "PAGE", "query": "", "kept": stored})
    else:
        table.surface.handle({"kind": "RESUME", "record": stored, "source": source})
    return table


def kept(table) -> dict:
    return json.loads(json.dumps(table.surface.saved))  # what the page keeps or saves: plain JSON


def new_session_works(table, role: str, where: str) -> None:
    send(table, "NEW_SESSION")
    assert table.driver.log == [] and table.table.coups_played == 0, where
    assert table.table.chips_in_play() == table.table.starting_total, where
    to_decision(table, role, where + ", new session")


@pytest.mark.parametrize("key, role", ROLE_CASES)
def test_save_at_the_decision_decide_and_open_the_file(key, role):
    changed_total = False
    for seed in SEEDS:
        table, where = at_decision(key, role, seed)
        saved, view, drawn = kept(table), table.table.view(0), table.surface.view
        hidden = hidden_offsets(table.table)
        decide(table, role)  # the cards turn over: the student now knows the hidden ones
        original = [coup_cards(table.table)[i] for i in hidden]
        totals = {hand: total for hand, (_, total) in hidden_hands(table.table, hidden).items()}
        redrawn = []
        for attempt in range(4):
            again = opened(key, saved, 10 * seed + attempt)
            place = f"{where}, opened with entropy {10 * seed + attempt}"
            assert again.surface.message["text"].startswith("Resumed: "), place
            assert again.table.view(0) == view and again.surface.view == drawn, place
            assert again.table.chips_in_play() == again.table.starting_total, place
            redraw = again.driver.log[again.driver.dealt_at - 1]
            assert redraw[0] == "RESHUFFLE" and redraw[2] is not None, place  # the coup dealt again
            redrawn.append([coup_cards(again.table)[i] for i in hidden])
            changed_total |= any(total != totals[hand]
                                 for hand, (_, total) in hidden_hands(again.table, hidden).items())
            decide(again, role)  # and it plays on
            assert again.table.chips_in_play() == again.table.starting_total, place
        assert redrawn.count(original) <= 1 and len({tuple(cards) for cards in redrawn}) >= 3, where
        new_session_works(again, role, where)
    assert changed_total, f"{key} as {role}: no reopening changed a hidden total"


@pytest.mark.parametrize("key, role", ROLE_CASES)
def test_two_tabs_at_the_same_decision_deal_other_hidden_cards(key, role):
    for seed in SEEDS:
        table, where = at_decision(key, role, seed)
        stored, view = kept(table), table.table.view(0)
        hidden = hidden_offsets(table.table)
        original = [coup_cards(table.table)[i] for i in hidden]
        one, two = opened(key, stored, 3 * seed, "storage"), opened(key, stored, 3 * seed + 1, "storage")
        cards = [[coup_cards(tab.table)[i] for i in hidden] for tab in (one, two)]
        assert one.table.view(0) == view == two.table.view(0), where
        assert cards[0] != cards[1] and original not in cards, where
        # Each tab keeps its own record, which replays to its own table.
        assert fingerprint(opened(key, kept(one), 5, "storage").table) == fingerprint(one.table), where
        new_session_works(two, role, where)


@pytest.mark.parametrize("key, role", ROLE_CASES)
def test_a_reload_after_the_reveal_keeps_the_finished_coup(key, role):
    for seed in SEEDS:
        table, where = at_decision(key, role, seed)
        decide(table, role)
        reloaded = opened(key, kept(table), seed, "storage")
        assert reloaded.surface.message["text"].startswith("Resumed: "), where
        assert fingerprint(reloaded.table) == fingerprint(table.table), where
        assert reloaded.table.last_coup.hands == table.table.last_coup.hands, where
        assert [s.balance for s in reloaded.table.seats] == [s.balance for s in table.table.seats], where
        assert reloaded.driver.log[-1][0] == "RESHUFFLE" and reloaded.driver.log[-1][2] is None, where
        new_session_works(reloaded, role, where)


@pytest.mark.parametrize("key, role", ROLE_CASES[::2])
def test_an_edited_redraw_gives_a_fresh_session_and_one_sentence(key, role):
    """The browser edition keeps the record plain: an edited redraw entry is refused all the same."""
    table = LiveTable(key, seed=1, deal_speed="instant", keeping=PlainRecords())
    to_decision(table, role, key)
    resumed = opened(key, kept(table), 4, keeping=PlainRecords())
    record = kept(resumed)
    place = next(i for i, entry in enumerate(record["actions"]) if entry[0] == "RESHUFFLE")
    kind, index, kept_offsets = record["actions"][place]
    hidden = next(offset for offset in range(9) if offset not in kept_offsets)
    for what, edit in {"a hidden card kept": sorted(kept_offsets + [hidden]), "a kept card dropped": kept_offsets[1:],
                       "out of range": kept_offsets + [99], "not a list": "0,1"}.items():
        actions = [list(entry) for entry in record["actions"]]
        actions[place] = [kind, index, edit]
        again = opened(key, {**record, "actions": actions}, 6, keeping=PlainRecords())
        text = again.surface.message["text"]
        assert again.surface.message["tone"] == "refused" and text.endswith("a fresh session starts instead."), what
        assert text.count(". ") == 0 and again.guard.error_log.layout.display == "none", what
        assert again.table.coups_played == 0 and again.driver.log == [], what  # a fresh session, nothing else
        assert again.table.chips_in_play() == again.table.starting_total, what
