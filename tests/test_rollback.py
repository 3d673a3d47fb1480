"""Nothing seen twice (issue 28, part 2): a record kept in the middle of a coup resumes that coup
with every card its user has not seen — the undealt cards and the other hands' face-down cards —
drawn anew, consistently with everything the user has seen; its own cards and the face-up cards
stay. And a stacked shoe that runs out refuses the action and changes nothing.

Every game here is fixed by its seed (the table's, and the resume's ``entropy``); a failure
message names the variant, the role, the seed and the resume that reproduce it.
"""

from __future__ import annotations

import json
import random

import pytest

from baccarat_lessons.engine.bets import BetSpot
from baccarat_lessons.engine.driver import Driver
from baccarat_lessons.engine.errors import ReplayError, ShoeError
from baccarat_lessons.engine.events import Hand
from baccarat_lessons.engine.money import CHIP
from baccarat_lessons.engine.punto_banco import PuntoBancoTable
from baccarat_lessons.engine.seated.decisions import ActionKind
from baccarat_lessons.engine.session_record import MAX_COUP_CARDS, seen_in_coup
from baccarat_lessons.engine.shoe import Shoe
from rollback_play import ROLE_CASES, coup_cards, finish_coup, hidden_hands, hidden_offsets, play_to_decision, policy

SEEDS = [1, 2, 3, 4]
SKIPS = [0, 2]  # the first such decision, and the third (with finished coups behind it)
RESUMES = 8


def json_copy(record: dict) -> dict:
    """As a record comes back from a file or the browser's storage."""
    return json.loads(json.dumps(record))


def resumed(record: dict, entropy_seed: int) -> Driver:
    driver = Driver.replayed(json_copy(record))
    driver.reshuffle_rest(entropy=random.Random(entropy_seed))
    return driver


def at_decision(key, role, seed, skip=0) -> Driver:
    driver = Driver(key, seed=seed)
    play_to_decision(driver, role, skip, where=f"{key} as {role}, seed {seed}, skip {skip}")
    return driver


@pytest.mark.parametrize("skip", SKIPS)
@pytest.mark.parametrize("key, role", ROLE_CASES)
def test_a_record_kept_at_the_decision_resumes_with_the_hidden_cards_drawn_anew(key, role, skip):
    """Save at the decision, decide and see the cards turn over, open the record again: the view at
    the decision is the saved one, the hidden cards (and in some resumes their totals) are not."""
    total_changed = False
    for seed in SEEDS:
        where = f"{key} as {role}, seed {seed}, skip {skip}"
        original = at_decision(key, role, seed, skip)
        record, view = original.record(), original.table.view(0)
        hidden = hidden_offsets(original.table)
        start_total = original.table.starting_total
        finish_coup(original, role)  # the student decides; the cards turn over
        revealed = coup_cards(original.table)
        hands_seen = hidden_hands(original.table, hidden)
        redrawn = []
        for attempt in range(RESUMES):
            again = resumed(record, 1000 * seed + attempt)
            place = f"{where}, resume {attempt}"
            table = again.table
            assert table.view(0) == view and again.fingerprint() == record["fingerprint"], place
            assert table.chips_in_play() == start_total, place
            assert hidden_offsets(table) == hidden, place
            cards = coup_cards(table)
            seen = seen_in_coup(table)
            # What the user saw stays where it was; what it did not is drawn anew.
            assert all(cards[i] == revealed[i] for i, is_seen in enumerate(seen) if is_seen), place
            assert again.log[again.dealt_at - 1][0] == "RESHUFFLE", place
            for hand, (two, total) in hidden_hands(table, hidden).items():
                assert total < 8 or hand is Hand.BANKER and key == "chemin-de-fer", place  # no hidden tableau natural
                total_changed |= total != hands_seen[hand][1]
            redrawn.append(tuple(cards[i] for i in hidden))
        original_hidden = tuple(revealed[i] for i in hidden)
        assert redrawn.count(original_hidden) <= 1, f"{where}: the hidden cards came back the same"
        assert len(set(redrawn)) >= RESUMES - 1, f"{where}: two resumes dealt the same hidden cards"
    assert total_changed, f"{key} as {role}: no resume changed a hidden total"


@pytest.mark.parametrize("key, role", ROLE_CASES)
def test_the_bots_public_choices_stay_true_of_the_redrawn_hands(key, role):
    """The redraw is consistent with what the bots did in public: a punter or captain who drew holds
    a total it draws on; one who stood, one it stands on (the guidance: 5 is either)."""
    checked = 0
    for seed in SEEDS:
        original = at_decision(key, role, seed)
        for attempt in range(4):
            again = resumed(original.record(), 77 * seed + attempt)
            table = again.table
            for event in table.events:
                if event.kind != "HandChoice" or event.seat == 0 or event.hand is Hand.BANKER:
                    continue
                total = sum(card.value for card in table.hands[event.hand][:2]) % 10
                drawing = table.drawing
                allowed = drawing.player_draws_on | {5} if event.draws else set(range(5, 8))
                assert total in allowed, f"{key} as {role}, seed {seed}, resume {attempt}: {event} on {total}"
                checked += 1
    assert checked or role != "banker"  # the punter or right captain decides first: no bot has chosen yet


@pytest.mark.parametrize("key, role", ROLE_CASES)
def test_the_resumed_session_plays_on_replays_exactly_and_starts_anew(key, role):
    for seed in SEEDS[:2]:
        where = f"{key} as {role}, seed {seed}"
        again = resumed(at_decision(key, role, seed).record(), seed)
        for step in range(30):
            table = again.table
            if table.pending is None:
                break
            if table.pending.seat != 0:
                again.act("NEXT")
            else:
                again.act(*policy(table, role))
        assert again.table.chips_in_play() == again.table.starting_total, where
        replay = Driver.replayed(json_copy(again.record()))
        assert replay.fingerprint() == again.fingerprint() and replay.log == again.log, where
        assert replay.table.shoe.remaining_cards == again.table.shoe.remaining_cards, where
        # Resumed again at once (between coups or at a decision): the view is still the saved one.
        twice = resumed(again.record(), seed + 5)
        assert twice.fingerprint() == again.fingerprint(), where
        again.new_session()
        assert again.log == [] and len(again.seeds) == 1 and again.dealt_at is None, where
        assert again.table.coups_played == 0 and again.table.chips_in_play() == again.table.starting_total, where
        play_to_decision(again, role, where=where + ", new session")


@pytest.mark.parametrize("key, role", ROLE_CASES)
def test_resuming_the_same_decision_twice_in_a_row(key, role):
    """Opened, saved again at once (still at the decision), opened again: each resume draws anew
    on top of the last, and the record of each replays exactly."""
    original = at_decision(key, role, 3)
    first = resumed(original.record(), 1)
    second = resumed(first.record(), 2)
    hidden = hidden_offsets(original.table)
    cards = [[coup_cards(d.table)[i] for i in hidden] for d in (original, first, second)]
    assert cards[0] != cards[1] != cards[2] and cards[0] != cards[2]
    assert [entry[0] for entry in second.log].count("RESHUFFLE") == 2
    assert second.fingerprint() == original.fingerprint()
    assert Driver.replayed(json_copy(second.record())).fingerprint() == second.fingerprint()


@pytest.mark.parametrize("key, role", ROLE_CASES)
def test_a_reload_after_the_reveal_keeps_the_finished_coup(key, role):
    original = at_decision(key, role, 2)
    finish_coup(original, role)
    record = original.record()
    again = resumed(record, 9)
    assert again.fingerprint() == original.fingerprint()
    assert again.table.last_coup.hands == original.table.last_coup.hands
    assert [seat.balance for seat in again.table.seats] == [seat.balance for seat in original.table.seats]
    assert again.log[:-1] == original.log and again.log[-1] == ["RESHUFFLE", 1, None]  # between coups


def test_between_coups_the_rest_of_the_shoe_is_shuffled_as_before():
    driver = at_decision("chemin-de-fer", "banker", 1)
    finish_coup(driver, "banker")
    again = resumed(driver.record(), 4)
    assert again.log[-1] == ["RESHUFFLE", 1, None] and again.dealt_at == driver.dealt_at
    assert sorted(again.table.shoe.remaining_cards) == sorted(driver.table.shoe.remaining_cards)
    assert again.table.shoe.remaining_cards != driver.table.shoe.remaining_cards


@pytest.mark.parametrize("key", ["punto-banco", "mini-baccarat"])
def test_punto_banco_has_no_hidden_card_between_actions(key):
    """A Punto Banco coup is dealt and settled by one Deal: no record is ever kept mid-coup."""
    driver = Driver(key, seed=5)
    for _ in range(20):
        driver.act("BET", 10 * CHIP, "Banker")
        assert seen_in_coup(driver.table) is None
        driver.act("DEAL")
        assert seen_in_coup(driver.table) is None
    again = resumed(driver.record(), 1)
    assert again.log[-1] == ["RESHUFFLE", 1, None] and again.fingerprint() == driver.fingerprint()


@pytest.mark.parametrize("key, role", ROLE_CASES[:3])
def test_with_no_redraw_found_the_coup_is_rolled_back_before_its_deal(key, role):
    """``tries`` seeds that all fail (here none): the session goes back to the moment before the coup
    was dealt, its undealt cards shuffled, chips where they were then."""
    original = at_decision(key, role, 1)
    again = Driver.replayed(original.record())
    again.reshuffle_rest(entropy=random.Random(3), tries=0)
    assert seen_in_coup(again.table) is None and again.dealt_at is None
    assert again.log[:-1] == original.log[:original.dealt_at] and again.log[-1][0] == "RESHUFFLE"
    assert again.table.chips_in_play() == again.table.starting_total
    assert Driver.replayed(json_copy(again.record())).fingerprint() == again.fingerprint()


# -- forged records ---------------------------------------------------------------------------------
def redraw_record(key="chemin-de-fer", role="banker", seed=1) -> tuple[dict, int]:
    """A record resumed at the decision, and the place of its redraw entry."""
    again = resumed(at_decision(key, role, seed).record(), 1)
    record = json_copy(again.record())
    return record, again.dealt_at - 1


def with_entry(record, place, entry):
    actions = [list(action) for action in record["actions"]]
    actions[place] = entry
    return {**record, "actions": actions}


def forgeries(record, place) -> dict:
    kind, index, kept = record["actions"][place]
    hidden = next(offset for offset in range(MAX_COUP_CARDS) if offset not in kept)
    moved = [list(action) for action in record["actions"]]
    moved.append(moved.pop(place))
    return {
        "a kept card dropped": with_entry(record, place, [kind, index, kept[1:]]),
        "a hidden card kept": with_entry(record, place, [kind, index, sorted(kept + [hidden])]),
        "every card kept": with_entry(record, place, [kind, index, list(range(6))]),
        "an offset past a coup": with_entry(record, place, [kind, index, kept + [MAX_COUP_CARDS]]),
        "a negative offset": with_entry(record, place, [kind, index, [-1] + kept]),
        "a huge offset": with_entry(record, place, [kind, index, kept + [10**30]]),
        "offsets out of order": with_entry(record, place, [kind, index, kept[::-1]]),
        "an offset twice": with_entry(record, place, [kind, index, kept[:1] + kept]),
        "a true offset": with_entry(record, place, [kind, index, [True] + kept[1:]]),
        "a text offset": with_entry(record, place, [kind, index, ["1"]]),
        "a fractional offset": with_entry(record, place, [kind, index, [1.5]]),
        "kept as a map": with_entry(record, place, [kind, index, {"1": 1}]),
        "kept as a number": with_entry(record, place, [kind, index, 3]),
        "another seed": with_entry(record, place, [kind, index + 1, kept]),
        "the redraw after the deal": {**record, "actions": moved},
        "no seed for it": {**record, "seeds": record["seeds"][:1]},
    }


@pytest.mark.parametrize("key, role", ROLE_CASES)
def test_a_forged_redraw_is_refused_with_one_sentence(key, role):
    record, place = redraw_record(key, role)
    assert Driver.replayed(record).fingerprint() == record["fingerprint"]  # the record itself replays
    for what, forged in forgeries(record, place).items():
        with pytest.raises(ReplayError) as refused:
            Driver.replayed(forged)
        text = str(refused.value)
        assert text.endswith("a fresh session starts instead.") and text.count(". ") == 0, f"{key} {role}: {what}"


# -- a stacked shoe that runs out -------------------------------------------------------------------
STACKS = {
    "punto-banco": "2S 2H AC 2D 8C 9H 3C",
    "mini-baccarat": "2S 2H AC 2D 8C 9H 3C",
    "chemin-de-fer": "3S 2H 10D 4C 7H 9D 2C",
    "banque-ouverte": "9S 2H 3D 10S AC 3C 10H 9C 2D 5D",
    "banque-limitee": "9S 2H 3D 10S AC 3C 10H 9C 2D 5D",
}


def state(driver):
    table = driver.table
    return (table.snapshot(), table.view(0), table.shoe.dealt_count, [seat.balance for seat in table.seats],
            table.chips_in_play(), list(driver.log))


@pytest.mark.parametrize("key", list(STACKS))
def test_a_stacked_shoe_that_runs_out_refuses_and_changes_nothing(key):
    driver = Driver(key, shoe=Shoe.stacked(STACKS[key]), seed=3)
    for step in range(40):
        table = driver.table
        if key in ("punto-banco", "mini-baccarat"):
            move = ("BET", 10 * CHIP, "Banker") if not table.stakes else ("DEAL", None, None)
        else:
            move = ("NEXT", None, None) if table.pending.seat != 0 else policy(table, "banker")
        before = state(driver)
        try:
            driver.act(*move)
        except ShoeError as error:
            assert "ran out" in str(error), f"{key}, step {step}"
            assert state(driver) == before, f"{key}, step {step}: the refusal changed the table"
            again = state(driver)
            with pytest.raises(ShoeError):
                driver.act(*move)  # refused again, the same way
            assert state(driver) == again
            return
    raise AssertionError(f"{key}: the stack never ran out")


def test_punto_banco_says_before_the_deal_that_the_stack_runs_out():
    table = PuntoBancoTable(shoe=Shoe.stacked(STACKS["punto-banco"]))
    table.act(ActionKind.BET, 10 * CHIP, BetSpot.BANKER)
    table.act(ActionKind.DEAL)
    table.act(ActionKind.BET, 10 * CHIP, table.last_bets[0].hand)
    before = table.snapshot(), table.shoe.dealt_count
    assert "ran out" in table.can(ActionKind.DEAL)
    assert ActionKind.DEAL not in {action.kind for action in table.legal_actions()}
    with pytest.raises(ShoeError):
        table.act(ActionKind.DEAL)
    assert (table.snapshot(), table.shoe.dealt_count) == before == (before[0], 5)


@pytest.mark.parametrize("key, role", ROLE_CASES)
def test_a_record_resumed_mid_coup_before_this_rule_is_dealt_again(key, role):
    """A record written before this rule (version 4 all the same: no new version) resumed at the
    decision has its shuffle of the undealt cards after the deal; it still replays, and resumed now
    its coup is dealt again, that older reshuffle kept (renumbered) after the new redraw."""
    original = at_decision(key, role, 2)
    legacy = json_copy(original.record())
    legacy["seeds"].append(4242)
    legacy["actions"].append(["RESHUFFLE", 1, None])  # what reshuffle_rest() logged there before
    assert Driver.replayed(legacy).fingerprint() == original.fingerprint()
    again = resumed(legacy, 8)
    hidden = hidden_offsets(original.table)
    assert again.fingerprint() == original.fingerprint()
    assert [coup_cards(again.table)[i] for i in hidden] != [coup_cards(original.table)[i] for i in hidden]
    reshuffles = [entry for entry in again.log if entry[0] == "RESHUFFLE"]
    assert [entry[1] for entry in reshuffles] == [1, 2] and reshuffles[0][2] is not None and reshuffles[1][2] is None
    assert again.seeds[2] == 4242
    assert Driver.replayed(json_copy(again.record())).fingerprint() == again.fingerprint()


def test_a_session_dealt_from_a_given_shoe_is_not_reshuffled():
    driver = Driver("chemin-de-fer", shoe=Shoe.stacked(STACKS["chemin-de-fer"]), seed=1)
    before = state(driver)
    with pytest.raises(ShoeError):
        driver.reshuffle_rest()
    assert state(driver) == before and len(driver.seeds) == 1
