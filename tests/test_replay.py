"""Session records (version 4, the Driver's) replay exactly, and a tampered record yields no table and one sentence."""

import json
import random

import pytest

from baccarat_lessons.analysis.banque_banker import ExactBanqueBanker
from baccarat_lessons.engine.driver import Driver
from baccarat_lessons.engine.errors import BaccaratError, ReplayError
from baccarat_lessons.engine.money import CHIP
from baccarat_lessons.engine.session_record import MAX_ACTIONS, RECORD_VERSION, fingerprint
from baccarat_lessons.engine.variants import SEAT_BANKED


def play_seated(variant, seed, steps=60, banker=None):
    """Random legal play by the user through the driver, which logs each accepted action."""
    rng = random.Random(seed)
    driver = Driver(variant, seed=seed, banker=banker)
    table = driver.table
    if table.pending is not None and table.pending.seat != 0:
        driver.act("NEXT")
    for _ in range(steps):
        view = table.view(0)
        if view.turn is None:
            break
        if not view.turn.actions:
            driver.act("NEXT")
            continue
        action = rng.choice(view.turn.actions)
        amount = None
        if action.kind in ("BET", "OPEN_BANK"):
            whole = list(range(action.min_amount, action.max_amount + 1, CHIP))
            amount = rng.choice(whole[:5] + [action.max_amount])
        driver.act(action.kind, amount, action.side)
    return driver


def play_punto_banco(variant, seed, steps=60):
    rng = random.Random(seed)
    driver = Driver(variant, seed=seed)
    for _ in range(steps):
        kind = rng.choice(["BET", "BET", "BET", "DEAL", "DEAL", "UNDO", "CLEAR", "REBET", "SETTING"])
        logged, before = list(driver.log), driver.table.snapshot()
        try:
            if kind == "SETTING":
                driver.change_setting("tie_pays", rng.choice([8, 9]))
            elif kind == "BET":
                side = rng.choice(["Player", "Banker", "Tie"])
                driver.act(kind, rng.choice(driver.variant.stakes) * CHIP, side)
            else:
                driver.act(kind)
        except BaccaratError as error:  # an illegal click: refused, changing nothing, and so not logged
            assert str(error)
            assert driver.log == logged and driver.table.snapshot() == before
    return driver


@pytest.mark.parametrize("variant", list(SEAT_BANKED))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_seat_banked_session_replays_to_the_same_table(variant, seed):
    driver = play_seated(variant, seed)
    table = driver.table
    record = json.loads(json.dumps(driver.record()))  # as it comes back from a browser's storage
    assert record["version"] == RECORD_VERSION == 4 and record["variant"] == variant and record["seeds"] == [seed]
    again = Driver.replayed(record)
    assert again.table.view(0) == table.view(0) and fingerprint(again.table) == record["fingerprint"]
    assert again.log == driver.log and again.summary() == record["summary"]
    assert again.table.chips_in_play() == table.chips_in_play() == table.starting_total


@pytest.mark.parametrize("variant", ["punto-banco", "mini-baccarat"])
def test_a_punto_banco_session_replays_to_the_same_table(variant):
    driver = play_punto_banco(variant, seed=5, steps=120)
    session = driver.table
    assert session.coups_played > 5
    kinds = {action[0] for action in driver.log}
    assert "SETTING" in kinds and kinds <= {"BET", "DEAL", "UNDO", "CLEAR", "REBET", "SETTING"}
    assert all(action[1:] in (["tie_pays", 8], ["tie_pays", 9]) for action in driver.log if action[0] == "SETTING")
    record = json.loads(json.dumps(driver.record()))
    assert "settings" in record
    again = Driver.replayed(record)
    assert again.table.balance == session.balance and again.table.view(0) == session.view(0)
    assert again.table.settings == session.settings
    assert [r.outcome for r in again.table.history] == [r.outcome for r in session.history]


def test_the_exact_banker_replays_too():
    driver = play_seated("banque-ouverte", 4, banker=ExactBanqueBanker)
    again = Driver.replayed(driver.record(), banker=ExactBanqueBanker)
    assert again.table.view(0) == driver.table.view(0)


def test_a_record_is_a_copy_not_the_live_log():
    # What SessionLog.start/new_table/record did, through the driver: the seed given is the record's root.
    driver = Driver("chemin-de-fer", seed=9)
    record = driver.record()
    assert record["seeds"] == [9] and record["actions"] == [] and set(record) == {
        "version", "variant", "seeds", "actions", "fingerprint", "summary"}
    assert Driver.replayed(record).table.view(0) == driver.table.view(0)
    record["actions"].append(["NEXT", None, None])
    assert driver.log == []  # editing a record does not edit the session it came from
    played = play_seated("chemin-de-fer", 9, steps=3)
    kept = played.record()
    played.log.append(["NEXT", None, None])
    assert kept["actions"] == played.log[:-1]  # nor does the session going on edit a record kept earlier


def test_a_resume_reshuffles_the_rest_and_the_next_save_replays_exactly():
    driver = Driver("punto-banco", seed=3)
    driver.act("BET", 10 * CHIP, "Banker")
    driver.act("DEAL")
    resumed = Driver.replayed(driver.record())
    resumed.reshuffle_rest()
    assert len(resumed.seeds) == 2 and resumed.log[-1] == ["RESHUFFLE", 1, None]
    assert resumed.table.shoe.remaining_cards != driver.table.shoe.remaining_cards
    resumed.act("REBET")
    resumed.act("DEAL")
    record = json.loads(json.dumps(resumed.record()))
    again = Driver.replayed(record)
    assert again.table.view(0) == resumed.table.view(0) and again.seeds == resumed.seeds
    assert again.log == resumed.log
    # A reshuffle entry must name the next seed, and every seed must be used.
    with pytest.raises(ReplayError, match="actions cannot be read"):
        Driver.replayed({**record, "actions": [["RESHUFFLE", 2, None] if a[0] == "RESHUFFLE" else a
                                               for a in record["actions"]]})
    with pytest.raises(ReplayError, match="cannot be read"):
        Driver.replayed({**record, "seeds": record["seeds"] + [4]})


def test_a_setting_entry_replays_and_a_foreign_one_is_refused():
    driver = Driver("punto-banco", seed=2)
    assert driver.change_setting("tie_pays", 9) is False
    driver.act("BET", 5 * CHIP, "Tie")
    driver.act("DEAL")
    record = driver.record()
    assert record["actions"][0] == ["SETTING", "tie_pays", 9]
    assert Driver.replayed(record).table.settings.tie_pays == 9
    for entry, said in ((["SETTING", "colour", "red"], "names no setting"),
                        (["SETTING", "banker_pays", "half"], "not a choice of this table"),
                        (["SETTING", "decks", 6], "actions cannot be read"),  # a restart begins a record of its own
                        (["SETTING", "tie_pays", 7], "refuses")):
        with pytest.raises(ReplayError, match=said):
            Driver.replayed({**record, "actions": [entry] + record["actions"][1:]})
    seated = Driver.replayed(play_seated("chemin-de-fer", 1, steps=5).record())
    with pytest.raises(ReplayError, match="actions cannot be read"):
        Driver.replayed({**seated.record(), "actions": [["SETTING", "tie_pays", 9]]})


def tampered(record, **changes):
    return {**record, **changes}


@pytest.fixture(scope="module")
def record():
    return play_seated("chemin-de-fer", 9).record()


@pytest.mark.parametrize("change, said", [
    (dict(fingerprint="f" * 64), "does not lead to the table it was saved with"),
    (dict(version=99), "not one this app wrote"),
    (dict(version=2), "not one this app wrote"),  # a record of the old SessionLog
    (dict(variant="blackjack"), "names no variant"),
    (dict(seeds="7"), "seeds cannot be read"),
    (dict(seeds=[-1]), "seeds cannot be read"),
    (dict(seeds=[]), "seeds cannot be read"),
    (dict(seeds=[True]), "seeds cannot be read"),
    (dict(seeds=[2**53]), "seeds cannot be read"),
    (dict(actions="all of them"), "actions cannot be read"),
    (dict(actions=[["NEXT", None, None]] * (MAX_ACTIONS + 1)), "actions cannot be read"),
    (dict(actions=[{"kind": "NEXT"}]), "actions cannot be read"),  # the old dict-shaped actions
    (dict(actions=[["NEXT", None]]), "actions cannot be read"),
    # A record without a fingerprint is refused as one that leads elsewhere (the old
    # "has no fingerprint to check it by" sentence is gone).
    (dict(fingerprint=None), "does not lead to the table it was saved with"),
])
def test_a_tampered_record_gives_no_table_and_one_sentence(record, change, said):
    with pytest.raises(ReplayError, match=said) as caught:
        Driver.replayed(tampered(record, **change))
    text = str(caught.value)
    assert "\n" not in text and text.endswith("a fresh session starts instead.")


def test_a_record_that_is_not_a_dict_is_refused():
    for thing in (None, [], "record", 4):
        with pytest.raises(ReplayError, match="not one this app wrote"):
            Driver.replayed(thing)


def test_a_foreign_or_edited_action_is_refused_by_the_table_itself(record):
    foreign = record["actions"] + [["STAND", None, None]] * 3
    with pytest.raises(ReplayError, match="refuses|does not lead"):
        Driver.replayed(tampered(record, actions=foreign))
    edited = [[a[0], (a[1] or 0) + 10_000 * CHIP, a[2]] if isinstance(a[1], int) else a for a in record["actions"]]
    assert edited != record["actions"]
    with pytest.raises(ReplayError):
        Driver.replayed(tampered(record, actions=edited))  # more chips than anyone has: refused, never created
    with pytest.raises(ReplayError, match="refuses"):
        Driver.replayed(tampered(record, actions=[["__class__", None, None]]))


def test_an_edited_balance_in_the_record_changes_nothing(record):
    # A record holds actions, not balances: an added balance is ignored, and the replay shows the real one.
    driver = Driver.replayed(tampered(record, balance=1_000_000))
    assert driver.table.user.balance < 200 * CHIP
    assert driver.fingerprint() == record["fingerprint"]
