"""The one driver: a table of any variant, its bots, and the user's session as a record.

A :class:`Driver` takes the user's action (seat 0), checked by the table, then lets the bots
answer until the user must decide or the coup is over, and returns a :class:`Step`: the coup
that finished, what followed at once, and the bots' choices with their reasons. It keeps the
user's accepted actions, so ``record()`` is the whole session as data and
``Driver.replayed(record)`` is the one replay, for every variant: linear (the actions change
only the table; nothing is drawn while they replay) and checked against the record's
fingerprint. After a replay ``reshuffle_rest()`` draws anew, from fresh entropy (kept in the
record, so the next save replays exactly), every card the user has not seen, so a record sent
back never deals a future the student has already seen, nor a face-down card it saw turned over:

- between coups, the cards not dealt yet are shuffled;
- in the middle of a coup (a record kept at a draw-or-stand decision), the coup is dealt again
  from the moment before its cards went out: the user's own cards and the face-up cards stay,
  the other hands' face-down cards and the undealt cards are drawn anew, and only a redraw in
  which everything the user saw happens again (every bot's public choice included: a punter
  who said carte holds a hand it draws on) is accepted — the user's view is exactly the saved one.

>>> from baccarat_lessons.engine.money import CHIP
>>> driver = Driver("chemin-de-fer", seed=7)
>>> step = driver.act("OPEN_BANK", 20 * CHIP)          # you bank 20; the bots answer until your turn
>>> again = Driver.replayed(driver.record())
>>> again.fingerprint() == driver.fingerprint(), again.log == driver.log
(True, True)
>>> Driver.replayed({**driver.record(), "fingerprint": "0" * 64})
Traceback (most recent call last):
...
baccarat_lessons.engine.errors.ReplayError: This saved session does not lead to the table it was saved with, so it cannot be trusted; a fresh session starts instead.
>>> resumed = Driver.replayed(driver.record())           # kept at your draw-or-stand decision
>>> resumed.reshuffle_rest(entropy=random.Random(1))     # dealt again: your cards and the face-up third stay
>>> resumed.log
[['RESHUFFLE', 1, [1, 3, 4]], ['OPEN_BANK', 2000, None]]
>>> resumed.fingerprint() == driver.fingerprint(), resumed.table.hands == driver.table.hands
(True, False)
>>> pb = Driver("punto-banco", seed=3)
>>> _ = pb.act("BET", 10 * CHIP, "Banker"); step = pb.act("DEAL")
>>> step.coup.number, pb.log[-1]
(1, ['DEAL', None, None])
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass
from typing import Any, Callable, NamedTuple

from .bets import BetSpot
from .bots import Bot, BotChoice, make_bots, play_bots
from .errors import BaccaratError, DecisionError, ReplayError, ShoeError
from .events import Event, Hand
from .money import show_chips
from .randomness import child_seeds, draw_seed, fresh_seed
from .records import CoupRecord
from .seated.decisions import ActionKind, DecisionKind
from .seated.table import SeatedTable
from .session_record import (RECORD_VERSION, Reshuffles, checked_actions, checked_kept, checked_seeds, fingerprint,
                             seen_in_coup, setting_value, settings_from, settings_json, unreadable)
from .settings import TableSettings
from .shoe import Shoe
from .table_api import Table
from .tables import new_table
from .variants import VARIANTS, Variant, variant_named

# Why Next coup is refused: the user's decision comes first, or nobody can play on.
NO_NEXT_COUP_YOUR_TURN = "Your decision comes first."
NO_NEXT_COUP_TABLE_OVER = "The table is over: nobody can play on; start a new session."

# The decisions taken before a coup's first card: a bot's answer to one belongs to the coup it opens.
OPENS_NEXT_COUP = frozenset({DecisionKind.OFFER_BANK, DecisionKind.KEEP_BANK})


def decision_coup(table: Table) -> int:
    """The coup the pending decision belongs to: the coup in play, or the next one for a bank decision
    (the driver numbers the bots' moves by it; the table's presenter finds the coup on the felt by it)."""
    decision = table.pending
    return table.coup_number + (decision is not None and decision.kind in OPENS_NEXT_COUP)


MAX_BOT_ACTIONS = 400  # a coup takes a few dozen decisions; this only stops a runaway loop
# A redraw shows the user what it saw (every bot choice it saw recurs) in one try to a few dozen
# (4 on average as a Banque ouverte banker, the hardest); past this many the coup is rolled back.
MAX_REDRAW_TRIES = 400


def session_seeds(variant: Variant, root: int) -> tuple[int, int]:
    """The shoe's seed and the bots' seed of a session from its root seed. A table with bots splits the
    root between them; a one-seat layout has no bots, so its shoe takes the root itself (the seeds that
    every saved Punto Banco and Mini Baccarat session was dealt from)."""
    if variant.seat_count == 1:
        return root, root
    table_seed, bot_seed = child_seeds(root, 2)
    return table_seed, bot_seed


class BotMove(NamedTuple):
    """A bot's choice, with the coup it belongs to (a bank decision belongs to the coup it opens)."""

    coup: int
    seat: int
    choice: BotChoice


@dataclass(frozen=True)
class Step:
    """What one user action led to: the coup it finished (if any), the events that followed at
    once (the bank passing on, a new offer) and the bots' choices on the way."""

    coup: CoupRecord | None
    after: tuple[Event, ...]
    moves: tuple[BotMove, ...]


class Driver:
    """One session at a table of ``variant`` (a record, its key or name) for the user and its bots.

    ``seed`` is the session's root (a new session draws a fresh one); ``shoe`` deals a given
    (stacked) shoe, and such a session is not ``resumable``; ``settings`` replace the record's
    defaults (a layout's; a seat-banked variant has none);
    ``banker`` makes the Banque banker that answers every Banque banker decision (the exact
    banker lives in ``analysis``: the engine does not import it).
    """

    def __init__(self, variant: Variant | str, seed: int | random.Random | None = None, shoe: Shoe | None = None,
                 settings: TableSettings | None = None, banker: Callable[[], Bot] | None = None):
        self.variant = variant if isinstance(variant, Variant) else variant_named(variant)
        self.make_banker = banker
        self.start_settings = settings or self.variant.default_settings
        root = fresh_seed() if seed is None else draw_seed(seed) if not isinstance(seed, int) else seed
        self._begin([root], shoe)

    def _begin(self, seeds: list[int], shoe: Shoe | None = None) -> None:
        self.seeds = seeds
        self.log: list[list[Any]] = []  # the user's accepted actions, in order: what a record replays
        self.dealt_at: int | None = None  # the log entry that dealt the cards of the coup in progress
        self.resumable = shoe is None  # a stacked or staged shoe is not the seed's: it is not kept
        table_seed, bot_seed = session_seeds(self.variant, seeds[0])
        self.table: Table = new_table(self.variant, seed=table_seed, shoe=shoe, settings=self.start_settings)
        self._seat_bots(bot_seed)

    def _seat_bots(self, bot_seed: int) -> None:
        """A bot in every seat but the user's (none at a one-seat layout), and the Banque banker if given."""
        self.bots = make_bots(bot_seed, seats=range(1, self.variant.seat_count))
        self.banker = self.make_banker() if self.make_banker is not None else None

    # -- the session ------------------------------------------------------------------------------
    def new_session(self, settings: TableSettings | None = None, seed: int | None = None) -> None:
        """A new session from a fresh root seed (or ``seed``: a class server deals a joined table's shoe),
        its record empty: a shoe nobody has seen. It keeps the settings in force (or takes ``settings``)."""
        self.start_settings = settings or self.settings or self.start_settings
        self._begin([fresh_seed() if seed is None else checked_seeds([seed])[0]])

    def stage(self, table: Table, bot_seed: int = 0) -> None:
        """Play on at a prepared ``table`` (a staged coup: a stacked shoe, choices already taken); the
        bots are seeded by ``bot_seed`` so every student sees the same coup. It is not kept."""
        self.seeds, self.log, self.resumable, self.dealt_at = [fresh_seed()], [], False, None
        self.table = table
        self._seat_bots(bot_seed)

    @property
    def settings(self) -> TableSettings | None:
        return self.table.settings

    # -- actions ------------------------------------------------------------------------------------
    def act(self, kind: ActionKind | str, amount: Any = None, side: Any = None) -> Step:
        """The user's action (an :class:`ActionKind` or its name, or "NEXT"), checked by the table;
        then the bots answer until the user must decide or the coup is over."""
        name = kind.name if isinstance(kind, ActionKind) else kind
        coup_before = self.table.coup_number, seen_in_coup(self.table) is not None
        # A stacked shoe may run out in the middle of a seat-banked deal, after the action began to change
        # the table: its refusal must change nothing, so the session is kept to be put back. (A layout
        # refuses Deal on a too-short stacked shoe itself, before a card moves: its copy is never used.)
        saved = self._copy() if self.table.shoe.is_stacked else None
        try:
            if name == "NEXT":
                step = self.next_coup()
            else:
                action = self._action_kind(name)
                spot = self._side(side)
                before = self.table.coups_played
                self.table.act(action, amount, spot, seat=0)
                step = self._advance(before)
        except ShoeError:
            if saved is not None:
                self.table, self.bots, self.banker = saved.table, saved.bots, saved.banker
            raise
        if seen_in_coup(self.table) is not None and coup_before != (self.table.coup_number, True):
            self.dealt_at = len(self.log)  # this action dealt the coup now in progress
        self.log.append([name, amount, getattr(side, "value", side)])
        return step

    def next_coup(self) -> Step:
        """Let the bots act until the user must decide, or one more coup is over."""
        decision = self.table.pending
        if decision is None:
            raise DecisionError(NO_NEXT_COUP_TABLE_OVER)
        if decision.seat == 0:
            raise DecisionError(NO_NEXT_COUP_YOUR_TURN)
        return self._advance(self.table.coups_played)

    def can_change_setting(self, name: str, value: Any) -> str | None:
        return self.table.can_change_settings(**{name: value})

    def change_setting(self, name: str, value: Any) -> bool:
        """Change one Punto Banco setting; returns True when it started a new session (a fresh shoe
        or bankroll), whose record starts empty under the new settings."""
        reason = self.can_change_setting(name, value)
        if reason:
            raise DecisionError(reason)
        settings = self.table.settings
        assert settings is not None, "a table that allows a change has settings"
        if self.table.starts_new_session(**{name: value}):
            self.new_session(settings.changed(**{name: value}))
            return True
        self.table.change_settings(**{name: value})
        self.log.append(["SETTING", name, getattr(value, "value", value)])
        return False

    def _action_kind(self, name: object) -> ActionKind:
        if not isinstance(name, str) or name not in ActionKind.__members__:
            raise DecisionError(f"This table has no action called “{str(name)[:24]}”.")
        return ActionKind[name]

    def _side(self, side: object) -> Any:
        """A side named by the page or a record: a layout's spot, or a hand of this table."""
        if side is None or isinstance(side, (Hand, BetSpot)):
            return side
        if not isinstance(side, str):
            raise DecisionError("There is no such place to bet on here.")
        return self.table.side_named(side)

    def _advance(self, coups_before: int) -> Step:
        table = self.table
        moves: list[BotMove] = []
        for _ in range(MAX_BOT_ACTIONS):
            decision = table.pending
            if decision is None or decision.seat == 0 or table.coups_played > coups_before:
                break
            # Counted before the action (which may finish the coup); a bank decision belongs to the next coup.
            number = decision_coup(table)
            # A bot's decision is only ever pending at a table with bots: a seat-banked one.
            assert isinstance(table, SeatedTable), "bots play at a seat-banked table"
            for seat, choice in play_bots(table, self.bots, banker=self.banker, stop_at=0, limit=1):
                moves.append(BotMove(number, seat, choice))
        finished = table.coups_played > coups_before
        coup = table.last_coup if finished else None
        after = tuple(table.events) if finished else ()
        return Step(coup, after, tuple(moves))

    # -- the record -------------------------------------------------------------------------------
    def fingerprint(self) -> str:
        return fingerprint(self.table)

    def summary(self) -> str:
        """'4 hands, balance 90' — what a resumed session says it is."""
        played = self.table.coups_played
        noun = self.variant.round_noun + ("" if played == 1 else "s")
        return f"{played} {noun}, balance {show_chips(self.table.seats[0].balance)}"

    def record(self) -> dict[str, Any]:
        """The session as plain JSON-ready data (unsealed: how the page keeps it is the widgets' affair).
        The list of actions is copied (a record sharing the live log would grow under its keeper); the
        entries are not, since an entry is never changed once logged (copying 2,400 of them at every
        save was a quarter of a millisecond of a click at hand 800)."""
        record = {"version": RECORD_VERSION, "variant": self.variant.key, "seeds": list(self.seeds),
                  "actions": list(self.log), "fingerprint": self.fingerprint(),
                  "summary": self.summary()}
        if self.start_settings is not None:
            record["settings"] = settings_json(self.start_settings)
        return record

    @classmethod
    def replayed(cls, record: Any, banker: Callable[[], Bot] | None = None,
                 settings: TableSettings | None = None) -> "Driver":
        """The session a record leads to, replayed through the same checked actions; raises
        :class:`ReplayError` with one sentence for anything a record of ours would not be.
        ``settings``: the defaults a record's settings are read against (Punto Banco)."""
        if not isinstance(record, dict) or record.get("version") != RECORD_VERSION:
            raise ReplayError("This saved session is not one this app wrote; a fresh session starts instead.")
        key = record.get("variant")
        if not isinstance(key, str) or key not in VARIANTS:
            raise ReplayError("This saved session names no variant of this app; a fresh session starts instead.")
        seeds = checked_seeds(record.get("seeds"))
        actions = checked_actions(record.get("actions"))
        variant = VARIANTS[key]
        default = settings or variant.default_settings
        start = None if default is None else settings_from(record.get("settings"), default)
        driver = cls(variant, seed=seeds[0], settings=start, banker=banker)
        driver._replay_checked(actions, Reshuffles(seeds), record.get("fingerprint"))
        return driver

    def continued(self, record: Any) -> "Driver":
        """The session ``record`` leads to, where it continues this one (a driver :meth:`replayed` from an
        earlier record of the same session): only its new actions are played on, here, with every check
        of :meth:`replayed`. A record that does not continue this one is replayed whole instead. After a
        :class:`ReplayError` this driver is left part-way through: its keeper drops it.

        The class server keeps one driver per student this way (``classroom.ledger``): replaying a whole
        session at every report made a report at coup 300 cost 300 coups of replay."""
        actions = record.get("actions") if isinstance(record, dict) else None
        start = None if self.start_settings is None else settings_json(self.start_settings)
        if (not isinstance(actions, list) or len(actions) < len(self.log) or record.get("version") != RECORD_VERSION
                or record.get("variant") != self.variant.key or record.get("seeds") != self.seeds
                or record.get("settings") != start or actions[:len(self.log)] != self.log):
            return type(self).replayed(record, banker=self.make_banker)
        # The seeds are the same: a reshuffle among the new actions names a seed the record lacks, and is refused.
        self._replay_checked(checked_actions(actions[len(self.log):]),
                             Reshuffles(self.seeds, used=len(self.seeds) - 1), record.get("fingerprint"))
        return self

    def _replay_checked(self, actions: list[tuple[Any, Any, Any]], reshuffles: Reshuffles, fingerprint: object) -> None:
        """Play ``actions`` on as :meth:`_replay` does, and check the record's ending: every seed used, no
        redraw left planned, and the user's view the one the record was saved with."""
        try:
            self._replay(actions, reshuffles)
            reshuffles.check_all_used()
            if self.table.shoe.is_redraw_planned:
                raise unreadable("actions")  # a redraw planned for a coup the record never deals
        except ReplayError:
            raise
        except BaccaratError:
            raise ReplayError("This saved session asks for an action its table refuses, so it cannot be "
                              "replayed; a fresh session starts instead.") from None
        if self.fingerprint() != fingerprint:
            raise ReplayError("This saved session does not lead to the table it was saved with, so it cannot "
                              "be trusted; a fresh session starts instead.")

    def _replay(self, actions: list[tuple[Any, Any, Any]], reshuffles: Reshuffles) -> None:
        """Play ``actions`` on: the user's actions through the checked ones, and each reshuffle with
        the seed it names. A redraw planned for a coup must be dealt by the next action, and keep
        in place only cards its user saw."""
        planned: list[tuple[int, ...]] = []
        for kind, first, second in actions:
            if kind == "RESHUFFLE":  # ["RESHUFFLE", index of the seed, kept]: a resume happened here
                kept = checked_kept(second)
                seed = reshuffles.take(first)
                if kept is None:
                    self.table.shoe.reshuffle_rest(seed)
                else:
                    self.table.shoe.redraw_next_coup(seed, kept)
                    planned.append(kept)
                self.seeds.append(seed)
                self.log.append([kind, first, None if kept is None else list(kept)])
                continue
            if kind == "SETTING":  # ["SETTING", name, value]
                if self.settings is None:
                    raise unreadable("actions")
                value = setting_value(self.settings, first, second)
                if self.table.starts_new_session(**{first: value}):
                    raise unreadable("actions")  # a change that restarts begins a record of its own
                self.change_setting(first, value)
            else:
                self.act(kind, first, second)
            if planned:
                self._check_redraw(planned)
                planned = []

    def _check_redraw(self, planned: list[tuple[int, ...]]) -> None:
        """After the action a redraw was planned for: it dealt the coup, and each kept offset is a
        card its user sees (or one not dealt yet: a later face-up card)."""
        seen = seen_in_coup(self.table)
        if self.table.shoe.is_redraw_planned or seen is None or self.dealt_at != len(self.log) - 1:
            raise unreadable("actions")
        if any(offset < len(seen) and not seen[offset] for kept in planned for offset in kept):
            raise unreadable("actions")

    def reshuffle_rest(self, entropy: random.Random | None = None, tries: int = MAX_REDRAW_TRIES) -> None:
        """Draw anew every card the user has not seen, from fresh entropy (``entropy``: a generator
        to draw the seeds from instead, for tests); the seed and the point where it was used are
        logged, so the next save replays exactly.

        Between coups the cards not dealt yet are shuffled. In the middle of a coup the coup is dealt
        again from the moment before its cards went out (S0), its user's seen cards kept in place:
        one seed after another is tried until the replay shows the user exactly what it saw (the
        record's fingerprint). If ``tries`` seeds all fail, the session goes back to S0 itself, the
        coup not dealt yet, and the cards not dealt there are shuffled: its user deals it again."""
        if not self.resumable:
            raise ShoeError("A stacked or staged shoe deals its cards as given; it is not reshuffled.")
        seen = seen_in_coup(self.table)
        if seen is None:
            return self._shuffle_rest(entropy)
        kept = [offset for offset, is_seen in enumerate(seen) if is_seen]
        dealt_at = self.dealt_at
        assert dealt_at is not None, "a coup in progress was dealt by an action of the log"
        index = 1 + sum(kind == "RESHUFFLE" for kind, *_ in self.log[:dealt_at])  # the new seed's place
        start = self._replayed_to(dealt_at, self.seeds[:index])
        # The actions from the deal on; a reshuffle logged among them (a record from before this rule)
        # names the seed after the new one.
        tail = [(kind, first + 1 if kind == "RESHUFFLE" else first, second)
                for kind, first, second in self.log[dealt_at:]]
        target = self.fingerprint()
        for _ in range(tries):
            seed = self._fresh_seed(entropy)
            seeds = self.seeds[:index] + [seed] + self.seeds[index:]
            candidate = start._copy()
            try:
                candidate._replay([("RESHUFFLE", index, kept), *tail], Reshuffles(seeds, used=index - 1))
            except BaccaratError:
                continue  # an action of the user's the redraw does not allow: not what it saw
            if candidate.fingerprint() == target:
                return self._take(candidate)
        self._take(start)
        self._shuffle_rest(entropy)

    def _shuffle_rest(self, entropy: random.Random | None) -> None:
        seed = self._fresh_seed(entropy)
        self.table.shoe.reshuffle_rest(seed)
        self.seeds.append(seed)
        self.log.append(["RESHUFFLE", len(self.seeds) - 1, None])

    @staticmethod
    def _fresh_seed(entropy: random.Random | None) -> int:
        return fresh_seed() if entropy is None else draw_seed(entropy)

    def _replayed_to(self, end: int, seeds: list[int]) -> "Driver":
        """This session replayed again as far as its log entry ``end`` (not included)."""
        driver = Driver(self.variant, seed=seeds[0], settings=self.start_settings, banker=self.make_banker)
        reshuffles = Reshuffles(seeds)
        driver._replay([tuple(entry) for entry in self.log[:end]], reshuffles)
        reshuffles.check_all_used()
        return driver

    def _copy(self) -> "Driver":
        """The session copied to play on apart: everything that moves is copied; the variant and the
        finished coups' records, frozen, are shared."""
        # A MappingProxyType cannot be copied.
        memo: dict[int, object] = {id(record): record for record in self.table.history}
        memo[id(self.variant)] = self.variant
        return copy.deepcopy(self, memo)

    def _take(self, other: "Driver") -> None:
        """Become ``other``, a session this one replayed apart."""
        self.table, self.bots, self.banker = other.table, other.bots, other.banker
        self.seeds, self.log, self.dealt_at = other.seeds, other.log, other.dealt_at
