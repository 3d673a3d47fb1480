"""One suite for all five variants: the same API, the same driver, the same record.

Every variant is driven through :class:`~baccarat_lessons.engine.driver.Driver` and its
table's ``can``/``act``/``view``: the legal actions are exactly what ``can`` accepts, every
other action is refused with a sentence and changes nothing, chips are conserved in
hundredths, a seat's view holds no card it may not see, a record replays to the same table,
an old record never deals the future already seen, and a spoiled record is refused.
"""

from __future__ import annotations

import json
import random

import pytest

from baccarat_lessons.engine.bots import play_bots
from baccarat_lessons.engine.driver import Driver
from baccarat_lessons.engine.errors import BaccaratError, ReplayError
from baccarat_lessons.engine.money import CHIP
from baccarat_lessons.engine.seated.decisions import ActionKind
from baccarat_lessons.engine.session_record import seen_in_coup
from baccarat_lessons.engine.variants import VARIANTS
from baccarat_lessons.widgets.surface.saving import PlainRecords
from baccarat_lessons.widgets.table import LiveTable

KEYS = list(VARIANTS)


def user_turn(driver) -> bool:
    decision = driver.table.pending
    return decision is not None and decision.seat == 0


def random_action(driver, rng: random.Random) -> tuple:
    """A legal user action, chosen at random (a Punto Banco layout deals once a chip is down)."""
    actions = driver.table.legal_actions()
    deal = [a for a in actions if a.kind is ActionKind.DEAL]
    if deal and rng.random() < 0.6:
        return deal[0].kind.name, None, None
    action = rng.choice([a for a in actions if a.kind is not ActionKind.DEAL] or actions)
    amount = None
    if action.kind.takes_amount:
        if driver.variant.has_fixed_rules:
            amount = rng.choice(driver.variant.stakes) * CHIP
        else:
            top = action.max_amount if action.max_amount is not None else action.min_amount
            amount = rng.choice(sorted({action.min_amount, top}))
    side = action.side.value if action.side is not None else None
    return action.kind.name, amount, side


def play(driver, steps: int, seed: int) -> None:
    """``steps`` legal moves of the user (or "NEXT" while the bots decide), refused ones retried."""
    rng = random.Random(seed)
    for _ in range(steps):
        if driver.table.pending is None:
            return
        if not user_turn(driver):
            driver.act("NEXT")
            continue
        kind, amount, side = random_action(driver, rng)
        try:
            driver.act(kind, amount, side)
        except BaccaratError:
            continue  # e.g. a chip that no longer fits: refused, and nothing changed


@pytest.mark.parametrize("key", KEYS)
def test_the_legal_actions_are_what_can_accepts_and_everything_else_changes_nothing(key):
    driver = Driver(key, seed=11)
    rng = random.Random(3)
    for _ in range(60):
        if driver.table.pending is None:
            break
        if not user_turn(driver):
            driver.act("NEXT")
            continue
        table = driver.table
        legal = table.legal_actions()
        for action in legal:
            amount = action.min_amount if action.kind.takes_amount else None
            assert table.can(action.kind, amount, action.side, seat=0) is None, (key, action)
        legal_kinds = {action.kind for action in legal}
        for kind in ActionKind:
            if kind in legal_kinds:
                continue
            before, chips, log = table.snapshot(), table.chips_in_play(), list(driver.log)
            reason = table.can(kind, seat=0)
            assert isinstance(reason, str) and reason.endswith("."), (key, kind, reason)
            with pytest.raises(BaccaratError) as refused:
                driver.act(kind.name)
            assert str(refused.value) == reason
            assert table.snapshot() == before and table.chips_in_play() == chips and driver.log == log
        kind, amount, side = random_action(driver, rng)
        try:
            driver.act(kind, amount, side)
        except BaccaratError:
            pass


@pytest.mark.parametrize("key", KEYS)
def test_chips_are_conserved_in_hundredths_and_no_balance_goes_below_zero(key):
    driver = Driver(key, seed=5)
    total = driver.table.chips_in_play()
    assert isinstance(total, int)
    rng = random.Random(8)
    for step in range(400):
        if driver.table.pending is None:
            break
        play(driver, 1, rng.randrange(10**6))
        assert driver.table.chips_in_play() == total
        assert all(isinstance(seat.balance, int) and seat.balance >= 0 for seat in driver.table.seats)
    assert driver.table.coups_played >= 3


@pytest.mark.parametrize("key", KEYS)
def test_each_seats_view_holds_no_card_it_may_not_see(key):
    """Every seat's view after every single decision (the user's at random, a bot's one at a time)."""
    driver = Driver(key, seed=21)
    table, rng = driver.table, random.Random(7)
    hidden = 0
    for _ in range(600):
        for seat in range(len(table.seats)):
            for hand in table.view(seat).hands:
                if hand.turned_over or hand.holder == seat:
                    continue
                assert hand.total is None, (key, seat, hand)
                for card in hand.cards[:2]:
                    hidden += 1
                    assert card.rank is None and card.suit is None and card.value is None, (key, seat, hand)
        if table.pending is None:
            break
        if table.pending.seat == 0:
            action = rng.choice(table.legal_actions())
            amount = (rng.choice(driver.variant.stakes) * CHIP if driver.variant.has_fixed_rules
                      else action.min_amount) if action.kind.takes_amount else None
            try:
                table.act(action.kind, amount, action.side, seat=0)
            except BaccaratError:
                continue
        else:
            play_bots(table, driver.bots, banker=driver.banker, stop_at=0, limit=1)
    if not VARIANTS[key].has_fixed_rules:
        assert hidden, "no seat was ever shown a face-down card it may not see: the test saw no coup in play"


@pytest.mark.parametrize("key", KEYS)
def test_a_record_replays_to_the_same_table(key):
    driver = Driver(key, seed=31)
    play(driver, 80, 2)
    again = Driver.replayed(json.loads(json.dumps(driver.record())))
    assert again.fingerprint() == driver.fingerprint() and again.log == driver.log
    assert again.table.snapshot() == driver.table.snapshot()


def next_cards(driver, count: int = 12) -> list[str]:
    return [str(card) for card in driver.table.shoe.remaining_cards[:count]]


@pytest.mark.parametrize("key", KEYS)
def test_an_old_record_never_deals_the_future_already_seen(key):
    driver = Driver(key, seed=41)
    play(driver, 30, 4)
    for extra in range(100):  # saved between coups, where a resume reshuffles the cards not dealt yet
        if seen_in_coup(driver.table) is None:
            break
        play(driver, 1, extra)
    saved = driver.record()
    future = next_cards(driver)  # the cards the student goes on to see after the save
    play(driver, 30, 5)
    resumed = Driver.replayed(saved)
    assert next_cards(resumed) == future  # replayed exactly up to the point saved…
    resumed.reshuffle_rest()
    assert next_cards(resumed) != future  # …and from there a future nobody has seen
    assert resumed.log[-1] == ["RESHUFFLE", 1, None]
    again = Driver.replayed(resumed.record())  # the next save replays the reshuffle exactly
    assert next_cards(again) == next_cards(resumed)
    fresh = Driver(key, seed=41)
    fresh.new_session()
    assert next_cards(fresh) != next_cards(Driver(key, seed=41))


def spoiled_records(record: dict) -> dict[str, object]:
    """A record edited in each field, foreign, truncated, reordered, with a lone surrogate,
    1,000 deep and 5 MB."""
    deep: object = []
    for _ in range(1000):
        deep = [deep]
    # The summary is words only: a resumed session says its own (see the test below).
    spoiled = {f"edited {name}": {**record, name: "x"} for name in record if name != "summary"}
    spoiled.update({
        "foreign": {"variant": "roulette", "version": record["version"]},
        "truncated": dict(list(record.items())[:3]),
        "reordered": {**record, "actions": list(reversed(record["actions"]))} if len(record["actions"]) > 1
        else {**record, "actions": [["DEAL", None, None]] * 3},
        "lone surrogate": {**record, "summary": "\udfff", "actions": [["BET", 500, "\udfff"]]},
        "1,000 deep": {**record, "actions": deep},
        "5 MB": {**record, "actions": [["NEXT", None, None]] * 400_000},
        "seed edited": {**record, "seeds": [record["seeds"][0] + 1, *record["seeds"][1:]]},
        "not a dict": ["version", record["version"]],
    })
    return spoiled


@pytest.mark.parametrize("key", KEYS)
def test_a_spoiled_record_gives_one_sentence_and_a_fresh_session(key):
    played = LiveTable(key, seed=51, keeping=PlainRecords())
    play(played.driver, 40, 6)
    record = played.driver.record()
    for name, spoiled in spoiled_records(record).items():
        table = LiveTable(key, seed=52, keeping=PlainRecords())
        fresh_total = table.table.chips_in_play()
        table.surface.handle({"kind": "RESUME", "record": spoiled, "source": "file"})
        message = table.surface.message
        assert message.get("tone") == "refused", (key, name, message)
        assert message["text"].endswith("a fresh session starts instead."), (key, name, message)
        assert table.guard.error_log.layout.display == "none", (key, name)  # a sentence, never a traceback
        assert table.table.coups_played == 0 and table.table.chips_in_play() == fresh_total
        assert table.driver.log == []
    # An edited summary is not believed: the resumed session says what it replayed to.
    table = LiveTable(key, seed=52, keeping=PlainRecords())
    table.surface.handle({"kind": "RESUME", "record": {**record, "summary": "1000 hands, balance 1,000,000"},
                          "source": "file"})
    assert table.surface.message["text"] == f"Resumed: {played.driver.summary()}. Press New session to start over."


def test_replayed_refuses_what_is_not_a_record():
    with pytest.raises(ReplayError, match="not one this app wrote"):
        Driver.replayed({"version": 3})


@pytest.mark.parametrize("key", KEYS)
def test_a_coups_record_says_what_each_stake_and_seat_got_as_its_events_do(key):
    """The record's facts (what each stake returned, each seat's net, who held each hand) agree with
    the coup's own events and balances, so a screen may read them instead of the events."""
    driver = Driver(key, seed=61)
    play(driver, 200, 9)
    history = list(driver.table.history)
    assert history
    previous = None
    for record in history:
        settled = sorted((event.stake, event.returned) for event in record.events if event.kind.endswith("BetSettled"))
        assert sorted((stake.amount, back) for stake, back in zip(record.stakes, record.returns)) == settled
        assert len(record.returns) == len(record.stakes)
        if driver.variant.has_fixed_rules:
            assert record.net_of(0) == sum(back - stake.amount for stake, back in zip(record.stakes, record.returns))
        else:
            for seat, net in record.nets.items():
                if seat != record.banker:  # a bettor's net is what its stakes brought back, less the stakes
                    assert net == sum(back - stake.amount for stake, back in zip(record.stakes, record.returns)
                                      if stake.seat == seat)
            for hand, seat in record.holders.items():
                assert any(event.kind == "CardDealt" and event.hand is hand and event.holder == seat
                           for event in record.events) or seat is None or seat < -1
        if previous is not None and driver.variant.has_fixed_rules:
            assert record.balances[0] == previous.balances[0] + record.net_of(0)  # nothing else moved the chips
        previous = record
