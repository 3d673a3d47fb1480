"""A seat-banked table where people hold seats: a class's Chemin de Fer or Banque table (issue 33).

The single-player :class:`~.driver.Driver` seats the user at seat 0 and a bot everywhere else. A
:class:`PeopleTable` seats a person wherever one sits down (:meth:`PeopleTable.sit`) and a bot at every
other seat; each person's decisions are theirs (:meth:`PeopleTable.act` with their seat), and the bots
answer theirs until a person must decide (:meth:`PeopleTable.play_on`). A person who does not decide
in time is played for by their seat's bot, which follows the table's stated guidance
(:meth:`PeopleTable.play_for`), and a person who leaves hands the seat back to a bot. At Chemin de Fer banco
is offered, before anyone bets, to each person but the banker who can cover the bank (the last coup's beaten
banco caller first, while the same banker keeps the bank: banco suivi); the bank passes between people by
the variant's rules; the rules are the table's own, unchanged.

The whole table is a record: its root seed, and every action taken at it by anyone, with each sitting
down and leaving, in order. :meth:`PeopleTable.replayed` plays the record again on a fresh table; the
class server keeps it in its database, so a restart resumes a table in the middle of a coup.

>>> from baccarat_lessons.engine.money import CHIP
>>> table = PeopleTable("chemin-de-fer", seed=4)
>>> table.sit(0, "Ann"); table.sit(2, "Ben")
>>> steps = table.act(0, "OPEN_BANK", 10 * CHIP)       # Ann banks 10: Ben, a person, is asked banco before any bet
>>> table.pending.seat, table.pending.kind.name, table.name_of(2)
(2, 'BANCO', 'Ben')
>>> again = PeopleTable.replayed(table.record())
>>> again.table.view(None) == table.table.view(None), again.people == table.people
(True, True)
"""

from __future__ import annotations

from typing import Any, Callable

from .bots import Bot, BotChoice, bot_turn, make_bots
from .driver import BotMove, Step, decision_coup, session_seeds
from .errors import DecisionError, ReplayError
from .events import Hand
from .randomness import SEED_BITS, child_seeds
from .seated.decisions import ActionKind, Decision
from .seated.table import SeatedTable
from .shoe import Shoe
from .tables import new_table
from .variants import VARIANTS, Variant, variant_named

PEOPLE_RECORD_VERSION = 1
MAX_RECORD_ENTRIES = 200_000  # a shoe of six decks is about 60 coups, about five entries each
NOT_YOUR_TURN = "It is not your turn: the table waits for {name}."


def bot_name(seat: int) -> str:
    """A seat's bot, numbered as the teacher's list numbers the seats (from 1)."""
    return f"Bot {seat + 1}"


class PeopleTable:
    """A seat-banked ``variant`` (a record, its key or name) dealt from ``seed``, people at the seats they
    take and bots at the rest; ``banker`` makes the Banque banker that answers a bot's or the house's
    Banque banker decisions, as at the single-player table; ``shoe`` deals a stacked shoe instead."""

    def __init__(self, variant: Variant | str, seed: int, banker: Callable[[], Bot] | None = None,
                 shoe: Shoe | None = None):
        self.variant = variant if isinstance(variant, Variant) else variant_named(variant)
        if self.variant.has_fixed_rules:
            raise DecisionError("People share a table at Chemin de Fer, Banque ouverte or Banque limitée.")
        if type(seed) is not int or not 0 <= seed < 2 ** SEED_BITS:
            raise DecisionError("A table's shoe is dealt from a whole-number seed.")
        self.seed = seed
        self.make_banker = banker
        table_seed, self.bot_seed = session_seeds(self.variant, seed)
        names = [bot_name(index) for index in range(self.variant.seat_count)]
        # ``shoe``: a stacked shoe (a test's twin deals); such a table's record does not replay its cards.
        table = new_table(self.variant, seed=table_seed, shoe=shoe, names=names)
        assert isinstance(table, SeatedTable), "a seat-banked variant's table"
        self.table: SeatedTable = table
        self.people: dict[int, str] = {}  # seat -> the person's name
        self.log: list[list[Any]] = []  # every entry of the record, in order
        self._seat_bots()

    def _seat_bots(self) -> None:
        """A bot at every seat (it plays a seat nobody holds, and a person's who ran out of time); seeded by
        the root and the entries so far, so a table resumed from its record plays on the same way."""
        seed = child_seeds(self.bot_seed + len(self.log), 1)[0]
        self.bots = make_bots(seed, seats=range(self.variant.seat_count))
        self.banker = self.make_banker() if self.make_banker is not None else None

    # -- people --------------------------------------------------------------------------------------
    def sit(self, seat: int, name: str) -> None:
        """A person called ``name`` takes ``seat`` (a seat nobody holds) from its bot."""
        self._checked_seat(seat, taken=False)
        self._sit(seat, name)
        self.log.append(["SIT", seat, name])

    def _sit(self, seat: int, name: str) -> None:
        self.people[seat] = name
        self.table.seats[seat].name = name
        self._ask_people_for_banco()

    def leave(self, seat: int) -> None:
        """The person at ``seat`` leaves it: its bot plays it from now on, under its own name."""
        self._checked_seat(seat, taken=True)
        self._leave(seat)
        self.log.append(["LEAVE", seat, None])

    def _leave(self, seat: int) -> None:
        del self.people[seat]
        self.table.seats[seat].name = bot_name(seat)
        self._ask_people_for_banco()

    def _ask_people_for_banco(self) -> None:
        self.table.banco_seats = tuple(sorted(self.people))

    def name_of(self, seat: int | None) -> str:
        return self.table.name_of(seat)

    @property
    def pending(self) -> Decision | None:
        return self.table.pending

    @property
    def waits_for_person(self) -> int | None:
        """The seat of the person the table waits for, or None (a bot's turn, or the table is over)."""
        decision = self.table.pending
        return decision.seat if decision is not None and decision.seat in self.people else None

    # -- play ----------------------------------------------------------------------------------------
    def act(self, seat: int, kind: str, amount: int | None = None, side: str | None = None) -> list[Step]:
        """The person at ``seat`` takes an action, checked by the table (a refusal raises its sentence and
        changes nothing); then the bots answer until a person must decide. One :class:`Step` per coup
        finished on the way, the last one up to the person's decision."""
        decision = self.table.pending
        if seat not in self.people:
            raise DecisionError("You are not seated at this table.")
        if decision is None or decision.seat != seat:
            raise DecisionError(NOT_YOUR_TURN.format(name=self.name_of(decision.seat)) if decision is not None
                                else self.table.over_reason() or "The table is over.")
        if not isinstance(kind, str) or kind not in ActionKind.__members__:
            raise DecisionError(f"This table has no action called “{str(kind)[:24]}”.")
        hand = self._hand(side)
        before = self.table.coups_played
        self.table.act(ActionKind[kind], amount, hand, seat=seat)
        self.log.append([seat, kind, amount, side])
        return [self._step(before, ())] + self.play_on()

    def play_for(self, seat: int) -> tuple[BotChoice, list[Step]]:
        """The person at ``seat`` ran out of time: their seat's bot takes the decision by the table's guidance
        (its stated rules, :mod:`.bots`), and the bots play on. The choice, for the table to say so."""
        if self.waits_for_person != seat:
            raise DecisionError("The table does not wait for that seat.")
        number, before = decision_coup(self.table), self.table.coups_played
        choice = self._bot_move(seat)
        return choice, [self._step(before, (BotMove(number, seat, choice),))] + self.play_on()

    def play_on(self) -> list[Step]:
        """The bots' decisions until a person must decide: one :class:`Step` per coup they finish, and the
        last with the choices after it. None are taken while nobody sits at the table."""
        steps: list[Step] = []
        moves: list[BotMove] = []
        before = self.table.coups_played
        while self.people and self.table.pending is not None and self.table.pending.seat not in self.people:
            number, seat = decision_coup(self.table), self.table.pending.seat
            moves.append(BotMove(number, seat, self._bot_move(seat)))
            if self.table.coups_played > before:
                steps.append(self._step(before, tuple(moves)))
                moves, before = [], self.table.coups_played
        if moves:
            steps.append(self._step(before, tuple(moves)))
        return steps

    def _bot_move(self, seat: int) -> BotChoice:
        choice = bot_turn(self.table, self.bots, banker=self.banker)
        side = choice.side.value if isinstance(choice.side, Hand) else None
        self.log.append([seat, choice.kind.name, choice.amount, side])
        return choice

    def _step(self, before: int, moves: tuple[BotMove, ...]) -> Step:
        finished = self.table.coups_played > before
        return Step(self.table.last_coup if finished else None, tuple(self.table.events) if finished else (), moves)

    def _hand(self, side: object) -> Hand | None:
        if side is None:
            return None
        if not isinstance(side, str):
            raise DecisionError("There is no such place to bet on here.")
        hand = self.table.side_named(side)
        assert isinstance(hand, Hand), "a seat-banked table names its hands"
        return hand

    # -- the record ----------------------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """The table as plain JSON-ready data: what :meth:`replayed` plays again."""
        return {"version": PEOPLE_RECORD_VERSION, "variant": self.variant.key, "seed": self.seed,
                "entries": [list(entry) for entry in self.log]}

    @classmethod
    def replayed(cls, record: Any, banker: Callable[[], Bot] | None = None) -> "PeopleTable":
        """The table a record leads to, every entry taken again through the table's checks; a
        :class:`ReplayError` with one sentence for anything a record of ours would not be."""
        if not isinstance(record, dict) or record.get("version") != PEOPLE_RECORD_VERSION:
            raise ReplayError("This table's record is not one this server wrote, so it cannot be resumed.")
        entries, key, seed = record.get("entries"), record.get("variant"), record.get("seed")
        variant = VARIANTS.get(key) if isinstance(key, str) else None
        if variant is None or variant.has_fixed_rules or not isinstance(entries, list) or len(entries) > MAX_RECORD_ENTRIES:
            raise ReplayError("This table's record cannot be read, so it cannot be resumed.")
        if type(seed) is not int:
            raise ReplayError("This table's record cannot be read, so it cannot be resumed.")
        try:
            people = cls(variant, seed, banker=banker)
            for entry in entries:
                people._take(entry)
        except (DecisionError, TypeError, ValueError, KeyError):
            raise ReplayError("This table's record asks for an action its table refuses, so it cannot be "
                              "resumed.") from None
        people.log = [list(entry) for entry in entries]
        people._seat_bots()
        return people

    def _take(self, entry: Any) -> None:
        """One entry of a record, taken again: a person sitting or leaving, or an action by anyone."""
        if not isinstance(entry, list) or not entry:
            raise DecisionError("unreadable entry")
        if entry[0] == "SIT" and len(entry) == 3 and isinstance(entry[2], str):
            self._checked_seat(entry[1], taken=False)
            return self._sit(entry[1], entry[2])
        if entry[0] == "LEAVE" and len(entry) == 3:
            self._checked_seat(entry[1], taken=True)
            return self._leave(entry[1])
        if len(entry) != 4 or not isinstance(entry[1], str) or entry[1] not in ActionKind.__members__:
            raise DecisionError("unreadable entry")
        seat, kind, amount, side = entry
        if type(seat) is not int or (amount is not None and type(amount) is not int):
            raise DecisionError("unreadable entry")
        self.table.act(ActionKind[kind], amount, self._hand(side), seat=seat)

    def _checked_seat(self, seat: object, taken: bool) -> None:
        if type(seat) is not int or not 0 <= seat < self.variant.seat_count:
            raise DecisionError("This table has no such seat.")
        if (seat in self.people) != taken:
            raise DecisionError(f"{self.people[seat]} already sits there." if seat in self.people else "Nobody sits there.")
