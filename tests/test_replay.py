"""Session records replay exactly, and a tampered record yields no table and one sentence."""

import json
import random

import pytest

from baccarat_lessons.analysis.banque_banker import ExactBanqueBanker
from baccarat_lessons.engine.errors import ReplayError
from baccarat_lessons.engine.money import CHIP
from baccarat_lessons.engine.replay import MAX_ACTIONS, SessionLog, fingerprint, replay
from baccarat_lessons.engine.variants import SEAT_BANKED


def play_seated(variant, seed, steps=60, banker=None):
    """Random legal play by the user, logged as it goes."""
    rng = random.Random(seed)
    log = SessionLog.start(variant, seed=seed, bot_seed=seed + 1, banker=banker)
    table = log.new_table()
    log.act(table, "NEXT")
    for _ in range(steps):
        view = table.view(0)
        if view.turn is None:
            break
        if not view.turn.actions:
            log.act(table, "NEXT")
            continue
        action = rng.choice(view.turn.actions)
        amount = None
        if action.kind in ("BET", "OPEN_BANK"):
            whole = list(range(action.min_amount, action.max_amount + 1, CHIP))
            amount = rng.choice(whole[:5] + [action.max_amount])
        log.act(table, action.kind, amount, action.side)
    return log, table


def play_punto_banco(variant, seed, steps=60):
    rng = random.Random(seed)
    log = SessionLog.start(variant, seed=seed)
    session = log.new_table()
    for _ in range(steps):
        kind = rng.choice(["bet", "bet", "bet", "deal", "deal", "undo", "clear", "rebet", "settings"])
        action = {"kind": kind}
        if kind == "bet":
            action.update(side=rng.choice(["player", "banker", "tie"]), amount=rng.choice(session.variant.stakes))
        if kind == "settings":
            action["changes"] = {"tie_pays": rng.choice([8, 9])}
        try:
            log.act(session, **action)
        except Exception as error:  # an illegal click: refused, and so not logged
            assert type(error).__name__.endswith("Error")
    return log, session


@pytest.mark.parametrize("variant", list(SEAT_BANKED))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_seat_banked_session_replays_to_the_same_table(variant, seed):
    log, table = play_seated(variant, seed)
    record = json.loads(json.dumps(log.record(table)))  # as it comes back from a browser's storage
    again = replay(record)
    assert again.view(0) == table.view(0) and fingerprint(again) == record["fingerprint"]
    assert again.chips_in_play() == table.chips_in_play() == table.starting_total


@pytest.mark.parametrize("variant", ["punto-banco", "mini-baccarat"])
def test_a_punto_banco_session_replays_to_the_same_table(variant):
    log, session = play_punto_banco(variant, seed=5, steps=120)
    assert session.hands_played > 5
    again = replay(json.loads(json.dumps(log.record(session))))
    assert again.balance == session.balance and again.view(0) == session.view(0)
    assert [r.outcome for r in again.history] == [r.outcome for r in session.history]


def test_the_exact_banker_replays_too():
    log, table = play_seated("banque-ouverte", 4, banker=ExactBanqueBanker())
    assert replay(log.record(table), banker=ExactBanqueBanker()).view(0) == table.view(0)


def tampered(record, **changes):
    return {**record, **changes}


@pytest.fixture(scope="module")
def record():
    log, table = play_seated("chemin-de-fer", 9)
    return log.record(table)


@pytest.mark.parametrize("change, said", [
    (dict(fingerprint="f" * 64), "does not lead to the table it was saved with"),
    (dict(version=99), "not one this app wrote"),
    (dict(variant="blackjack"), "names no variant"),
    (dict(seed="7"), "seeds are not whole numbers"),
    (dict(seed=-1), "seeds are not whole numbers"),
    (dict(actions="all of them"), "actions cannot be read"),
    (dict(actions=[{"kind": "NEXT"}] * (MAX_ACTIONS + 1)), "actions cannot be read"),
    (dict(fingerprint=None), "no fingerprint"),
])
def test_a_tampered_record_gives_no_table_and_one_sentence(record, change, said):
    with pytest.raises(ReplayError, match=said):
        replay(tampered(record, **change))


def test_a_foreign_or_edited_action_is_refused_by_the_table_itself(record):
    foreign = record["actions"] + [{"kind": "STAND", "amount": None, "side": None}] * 3
    with pytest.raises(ReplayError, match="refuses|does not lead"):
        replay(tampered(record, actions=foreign))
    edited = [dict(a, amount=(a["amount"] or 0) + 10_000 * CHIP) if a.get("amount") else a for a in record["actions"]]
    with pytest.raises(ReplayError):
        replay(tampered(record, actions=edited))  # more chips than anyone has: refused, never created
    with pytest.raises(ReplayError, match="refuses"):
        replay(tampered(record, actions=[{"kind": "__class__"}]))


def test_an_edited_balance_in_the_record_changes_nothing(record):
    # A record holds actions, not balances: an added balance is ignored, and the replay shows the real one.
    table = replay(tampered(record, balance=1_000_000))
    assert table.user.balance < 200 * CHIP
