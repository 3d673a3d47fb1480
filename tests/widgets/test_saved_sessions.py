"""Sessions kept by the browser: the sealed record a table sends its page replays, through the
same checked actions, to the same table — and a record that was edited, comes from another
server or another table, or does not replay gives a fresh session and one sentence, never chips
from nowhere. The page never holds the seeds that decide the cards still in the shoe. A record kept
in the middle of a coup deals that coup again with the cards its user has not seen drawn anew:
``test_rollback_widgets.py``."""

from __future__ import annotations

import json

import pytest

from baccarat_lessons.engine.session_record import RECORD_VERSION, fingerprint
from baccarat_lessons.engine.variants import VARIANTS
from baccarat_lessons.widgets.surface import sealing
from baccarat_lessons.widgets.table import LiveTable
from browser_messages import play_moves

KEYS = list(VARIANTS)


@pytest.fixture(autouse=True)
def own_key(tmp_path, monkeypatch):
    """Each test's server secret in its own file (none in the home directory)."""
    monkeypatch.setenv(sealing.KEY_FILE_VARIABLE, str(tmp_path / "session.key"))


def new_table(key, seed):
    return LiveTable(key, seed=seed)


def engine_of(table):
    """The engine table behind the widget (the driver's)."""
    return table.table


def send(table, kind, amount=None, side=None):
    """As the page sends a click: through the surface's checked entry point."""
    table.surface.handle({"kind": kind, "amount": amount, "side": side, "turn": table.surface.turn})


def play(table, moves: int, seed: int = 1) -> None:
    """Legal clicks, as a student makes them, each round shown to its end."""
    play_moves(table, moves, seed)


def resume(table, stored, source="storage"):
    """As the page sends what its storage kept when it draws the table, or a file the student opened."""
    if source == "storage":
        table.surface.handle({"kind": "PAGE", "query": "", "kept": stored})
    else:
        table.surface.handle({"kind": "RESUME", "record": stored, "source": source})


@pytest.mark.parametrize("key", KEYS)
def test_a_kept_session_resumes_exactly_where_it_stood(key):
    table = new_table(key, seed=11)
    play(table, 40)
    stored = json.loads(json.dumps(table.surface.saved))  # what the page keeps: plain JSON
    assert stored["version"] == RECORD_VERSION == 4  # the driver's record, sealed
    again = new_table(key, seed=12)  # a new kernel: another seed until the record is replayed
    assert fingerprint(engine_of(again)) != fingerprint(engine_of(table))
    resume(again, stored)
    assert fingerprint(engine_of(again)) == fingerprint(engine_of(table))  # balance, history, shoe position
    assert engine_of(again).view(0).cards_in_shoe == engine_of(table).view(0).cards_in_shoe
    assert again.surface.message["text"].startswith("Resumed: ")
    assert again.surface.message["text"] == "Resumed: " + table.driver.record()["summary"] + ". Press New session to start over."
    # The resumed session's own record replays exactly, its reshuffle included: the same next coups.
    third = new_table(key, seed=13)
    resume(third, json.loads(json.dumps(again.surface.saved)))
    assert fingerprint(engine_of(third)) == fingerprint(engine_of(again))
    assert engine_of(third).shoe.remaining_cards != engine_of(again).shoe.remaining_cards  # its own reshuffle
    assert [row[0] for row in third.driver.log].count("RESHUFFLE") == 2


def dealt(table, moves: int, seed: int) -> list:
    """The cards ``moves`` clicks deal, read off the top of the shoe before they are played."""
    before = list(engine_of(table).shoe.remaining_cards)
    play(table, moves, seed=seed)
    return before[:len(before) - engine_of(table).shoe.remaining_count]


@pytest.mark.parametrize("key", KEYS)
def test_an_older_record_never_deals_the_future_already_seen(key):
    """Play, save, play on, send the old record back: the resumed shoe deals other cards."""
    table = new_table(key, seed=71)
    play(table, 8)  # a Banque limitée shoe is 3 decks: these clicks and the next stay within one shoe
    old = json.loads(json.dumps(table.surface.saved))
    seen = dealt(table, 8, seed=5)  # what the student saw after the save
    assert len(seen) >= 4
    again = new_table(key, seed=72)
    resume(again, old)
    assert again.surface.message["text"].startswith("Resumed: ")
    replayed = dealt(again, 8, seed=5)
    assert len(replayed) >= 4 and replayed[:4] != seen[:4]
    assert sorted(replayed + engine_of(again).shoe.remaining_cards) == sorted(seen + engine_of(table).shoe.remaining_cards) \
        or len(replayed) != len(seen)  # the same cards were left, in another order
    # Sent back a second time, the same record is shuffled anew again.
    once_more = new_table(key, seed=74)
    resume(once_more, old)
    assert engine_of(once_more).shoe.remaining_cards[:8] != replayed[:8]


@pytest.mark.parametrize("key", KEYS)
def test_a_new_session_deals_a_shoe_nobody_has_seen(key):
    one, two = new_table(key, seed=81), new_table(key, seed=81)
    assert one.table.shoe.remaining_cards == two.table.shoe.remaining_cards  # the same seed: the same first shoe
    send(one, "NEW_SESSION")
    send(two, "NEW_SESSION")
    assert one.table.shoe.remaining_cards != two.table.shoe.remaining_cards
    assert one.driver.seeds[0] != 81 and one.driver.log == [] and len(one.driver.seeds) == 1


@pytest.mark.parametrize("key", KEYS)
def test_the_page_never_holds_the_seeds(key):
    table = new_table(key, seed=987654321)
    play(table, 5)
    text = json.dumps(table.surface.get_state(), default=str)
    seed = table.driver.seeds[0]
    assert str(seed) not in text and format(seed, "x") not in text and format(seed, "016x") not in text


def nested(depth: int) -> list:
    deep: list = []
    for _ in range(depth):
        deep = [deep]
    return deep


def tampered(stored: dict) -> dict:
    return {
        "lone surrogate": {**stored, "summary": "40 hands\udfff"},
        "lone surrogate key": {**stored, "\ud800": 1},
        "1,000 deep": {**stored, "actions": nested(1000)},
        "5 MB": {**stored, "summary": "x" * 5_000_000},
        "odd values": {**stored, "sealed": [float("nan")], "nonce": 10**400, "version": True},
        "truncated": dict(list(stored.items())[:3]),
        "reordered": {**stored, "actions": stored["actions"][::-1]},
        "foreign": {"version": 2, "name": "someone else's game", "tag": "0" * 64},
        "summary": {**stored, "summary": "40 hands, balance 1,000,000"},
        "actions": {**stored, "actions": stored["actions"][:-1]},
        "fingerprint": {**stored, "fingerprint": "0" * 64},
        "seeds": {**stored, "sealed": ["0" * 16]},
        "tag": {**stored, "tag": "f" * 64},
        "not a record": ["DEAL"],
        "nothing": None,
    }


@pytest.mark.parametrize("key", KEYS)
def test_an_edited_record_gives_a_fresh_session_and_one_sentence(key):
    table = new_table(key, seed=21)
    play(table, 30)
    stored = json.loads(json.dumps(table.surface.saved))
    for what, record in tampered(stored).items():
        again = new_table(key, seed=22)
        resume(again, record, source="file" if record is None else "storage")  # None: a file too large to send
        view = engine_of(again).view(0)
        assert view.coups_played == 0, what  # a fresh session
        assert view.seats[0].balance == 100 * 100, what  # the starting chips, nothing from nowhere
        text = again.surface.message["text"]
        assert again.surface.message["tone"] == "refused" and text.endswith("a fresh session starts instead."), what
        assert again.guard.error_log.layout.display == "none", what  # a sentence, not a bug


def test_a_record_of_another_server_or_another_table_is_refused(tmp_path, monkeypatch):
    table = new_table("chemin-de-fer", seed=31)
    play(table, 20)
    stored = json.loads(json.dumps(table.surface.saved))
    other = new_table("banque-ouverte", seed=32)
    resume(other, stored)
    assert other.surface.message["text"] == ("This saved session is not a Banque ouverte session; "
                                            "a fresh session starts instead.")
    monkeypatch.setenv(sealing.KEY_FILE_VARIABLE, str(tmp_path / "another-server.key"))
    elsewhere = new_table("chemin-de-fer", seed=33)
    resume(elsewhere, stored)
    assert "saved by another server" in elsewhere.surface.message["text"]
    assert elsewhere.table.coups_played == 0


def test_a_staged_coup_keeps_the_class_coup_and_is_not_kept():
    table = LiveTable("chemin-de-fer", seed=41)
    play(table, 20)
    stored = json.loads(json.dumps(table.surface.saved))
    staged = LiveTable("chemin-de-fer", seed=42)
    staged.stage("2S KH 3D 3S 9H", "banker")
    before = fingerprint(staged.table)
    resume(staged, stored)  # the page's kept session does not replace the teacher's coup
    assert fingerprint(staged.table) == before and staged.resumable is False
    resume(staged, stored, source="file")  # a file the student opens on purpose does
    assert fingerprint(staged.table) == fingerprint(table.table)


def test_a_settings_change_is_replayed():
    table = LiveTable("punto-banco", seed=51)
    play(table, 5)
    table.records.settings_view._apply("tie_pays", 9)
    table.records.settings_view._apply("decks", 6)  # a new session, with a six-deck shoe
    play(table, 5)
    again = LiveTable("punto-banco", seed=52)
    resume(again, json.loads(json.dumps(table.surface.saved)))
    assert fingerprint(again.table) == fingerprint(table.table)
    assert again.table.settings.decks == 6 and again.table.settings.tie_pays == 9


@pytest.mark.parametrize("key", ["punto-banco", "chemin-de-fer"])
def test_a_kept_session_is_offered_once_and_never_over_play_begun(key):
    """A page that draws its table again sends its kept session again: only the first offer, made
    before any click, is replayed."""
    table = new_table(key, seed=61)
    play(table, 10)
    stored = json.loads(json.dumps(table.surface.saved))
    fresh = new_table(key, seed=62)
    play(fresh, 1, seed=3)  # the student has begun
    before = fingerprint(engine_of(fresh))
    resume(fresh, stored)
    assert fingerprint(engine_of(fresh)) == before
    again = new_table(key, seed=63)
    resume(again, stored)
    resume(again, stored)  # drawn a second time: ignored
    assert fingerprint(engine_of(again)) == fingerprint(engine_of(table))


def test_the_server_key_is_made_readable_by_its_user_only(tmp_path, monkeypatch):
    import os
    import stat

    path = tmp_path / "fresh" / "session.key"
    monkeypatch.setenv(sealing.KEY_FILE_VARIABLE, str(path))
    old = os.umask(0)  # even with nothing masked, the file is never wider than 0o600
    try:
        key = sealing.session_key()
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert len(key) == 32 and path.read_bytes() == key
