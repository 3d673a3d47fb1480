"""People at one table (engine/people_table.py): people's decisions are theirs, bots play the rest, banco goes
round the people (banco suivi first), the guidance plays for one out of time, and the record replays the table."""

from __future__ import annotations

import random

import pytest

from baccarat_lessons.engine.errors import BaccaratError, DecisionError, ReplayError
from baccarat_lessons.engine.money import CHIP
from baccarat_lessons.engine.people_table import PeopleTable
from baccarat_lessons.engine.seated.decisions import ActionKind, DecisionKind
from baccarat_lessons.engine.shoe import Shoe
from baccarat_lessons.engine.tables import new_table

SEAT_BANKED = ("chemin-de-fer", "banque-ouverte", "banque-limitee")


def play_people(people: PeopleTable, rng: random.Random, decisions: int, timeouts: float = 0.1) -> None:
    """Take ``decisions`` of the people's decisions at random among the legal ones (some run out of time)."""
    for _ in range(decisions):
        seat = people.waits_for_person
        if seat is None:
            return
        if rng.random() < timeouts:
            people.play_for(seat)
            continue
        action = rng.choice(people.table.view(seat).turn.actions)
        amount = rng.randint(action.min_amount, action.max_amount) // CHIP * CHIP or action.min_amount \
            if ActionKind[action.kind].takes_amount else None
        people.act(seat, action.kind, amount, action.side)


@pytest.mark.parametrize("variant", SEAT_BANKED)
@pytest.mark.parametrize("seed", range(4))
def test_a_table_of_people_and_bots_keeps_every_chip_and_replays_from_its_record(variant, seed):
    people = PeopleTable(variant, seed=seed)
    people.sit(0, "Ann")
    people.sit(3, "Cy")
    total = people.table.chips_in_play()
    rng = random.Random(seed)
    for round_ in range(6):
        play_people(people, rng, 40)
        assert people.table.chips_in_play() == total, f"{variant} seed {seed}: chips changed"
        if round_ == 2:
            people.leave(3)  # Cy goes; Bot 3 plays the seat from here
            people.play_on()
            people.sit(3, "Dee")
    again = PeopleTable.replayed(people.record())
    assert again.table.snapshot() == people.table.snapshot(), f"{variant} seed {seed}: the replay differs"
    assert again.people == people.people == {0: "Ann", 3: "Dee"}
    assert people.table.coups_played > 3, f"{variant} seed {seed}: too few coups to mean anything"


def test_the_table_waits_for_a_person_and_refuses_everyone_else_without_a_change():
    people = PeopleTable("chemin-de-fer", seed=4)
    people.sit(0, "Ann")
    people.sit(2, "Ben")
    before = people.table.snapshot(), list(people.log)
    with pytest.raises(DecisionError, match="It is not your turn: the table waits for Ann."):
        people.act(2, "DECLINE_BANK")
    with pytest.raises(DecisionError, match="You are not seated at this table."):
        people.act(1, "DECLINE_BANK")
    with pytest.raises(DecisionError, match="no action called “FLY”"):
        people.act(0, "FLY")
    with pytest.raises(BaccaratError):
        people.act(0, "OPEN_BANK", 500 * CHIP)  # more than Ann has
    with pytest.raises(DecisionError, match="does not wait for that seat"):
        people.play_for(2)
    with pytest.raises(DecisionError, match="Ann already sits there"):
        people.sit(0, "Zed")
    assert (people.table.snapshot(), people.log) == before


def test_nobody_plays_while_nobody_sits_and_bots_stop_at_each_persons_decision():
    people = PeopleTable("chemin-de-fer", seed=9)
    assert people.play_on() == [] and people.table.coup_number == 0  # an empty table waits
    people.sit(1, "Ben")
    people.play_on()  # Bot 0 takes the bank; the table waits for Ben
    assert people.waits_for_person == 1
    assert people.pending.seat == 1


def test_banco_is_offered_to_every_person_in_turn_and_to_no_bot():
    # Ann banks 10; the people are asked banco from the banker's left (Ben at seat 2, then Cy at seat 4),
    # before any bot bets.
    people = PeopleTable("chemin-de-fer", seed=4)
    for seat, name in ((0, "Ann"), (2, "Ben"), (4, "Cy")):
        people.sit(seat, name)
    people.act(0, "OPEN_BANK", 10 * CHIP)
    assert (people.pending.seat, people.pending.kind) == (2, DecisionKind.BANCO)
    people.act(2, "DECLINE_BANCO")
    assert (people.pending.seat, people.pending.kind) == (4, DecisionKind.BANCO)
    at = len(people.log)
    people.act(4, "DECLINE_BANCO")
    assert people.log[at + 1][:2] == [1, "BET"], people.log[at:]  # then the bets go round, Bot 1 first
    kinds = [entry[1] for entry in people.log if entry[0] in (1, 3, 5)]
    assert "BANCO" not in kinds and "DECLINE_BANCO" not in kinds


def test_a_beaten_banco_caller_is_asked_first_at_the_next_coup_of_that_bank():
    # Ben calls banco against Ann's bank and loses (his 0 must draw; her natural 9 ends it); Ann continues, and
    # Ben is asked banco first, before Cy, who sits earlier in the order: banco suivi.
    shoe = Shoe.stacked("KS 4H QD 5C 2S 3H 4D 4C 7H 8D 9S 2C 3S 4S")
    people = PeopleTable("chemin-de-fer", seed=1, shoe=shoe)
    for seat, name in ((0, "Ann"), (1, "Cy"), (3, "Ben")):
        people.sit(seat, name)
    people.act(0, "OPEN_BANK", 10 * CHIP)
    people.act(1, "DECLINE_BANCO")
    people.act(3, "BANCO")
    people.act(3, "DRAW")
    assert people.table.last_coup is not None and people.table.last_coup.nets[3] == -10 * CHIP
    people.act(0, "CONTINUE_BANK")
    assert (people.pending.seat, people.pending.kind) == (3, DecisionKind.BANCO)
    people.act(3, "DECLINE_BANCO")
    assert (people.pending.seat, people.pending.kind) == (1, DecisionKind.BANCO)


def test_the_practice_table_still_offers_banco_to_the_user_alone():
    table = new_table("chemin-de-fer", seed=3)
    assert table.banco_seats == (0,)
    table.act(ActionKind.DECLINE_BANK, seat=0)
    table.act(ActionKind.OPEN_BANK, 10 * CHIP, seat=1)
    assert (table.pending.seat, table.pending.kind) == (0, DecisionKind.BANCO)


def test_out_of_time_the_seats_bot_plays_by_the_guidance_and_the_record_says_so():
    people = PeopleTable("banque-limitee", seed=2)
    people.sit(0, "Ann")
    assert people.waits_for_person == 0
    choice, _ = people.play_for(0)
    # The rule bot's stated bet: a tenth of its chips, on its own side's tableau (seat 0: the right).
    assert (choice.kind, choice.amount, choice.side.value) == (ActionKind.BET, 10 * CHIP, "Right tableau")
    assert people.log[1] == [0, "BET", 10 * CHIP, "Right tableau"], people.log[:3]


@pytest.mark.parametrize("broken, said", [
    ({"version": 9}, "not one this server wrote"),
    ({"variant": "punto-banco"}, "cannot be read"),
    ({"entries": [[0, "OPEN_BANK", 999_999_00, None]]}, "asks for an action its table refuses"),
    ({"entries": [["SIT", 9, "Ann"]]}, "asks for an action its table refuses"),
    ({"entries": [[0, "FLY", None, None]]}, "asks for an action its table refuses"),
    ({"entries": "many"}, "cannot be read"),
])
def test_a_record_that_is_not_ours_is_refused_with_a_sentence(broken, said):
    people = PeopleTable("chemin-de-fer", seed=5)
    people.sit(0, "Ann")
    with pytest.raises(ReplayError, match=said):
        PeopleTable.replayed({**people.record(), **broken})
