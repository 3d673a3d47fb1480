"""The one driver: a table of any variant, its bots, and the user's session as a record.

A :class:`Driver` takes the user's action (seat 0), checked by the table, then lets the bots
answer until the user must decide or the coup is over, and returns a :class:`Step`: the coup
that finished, what followed at once, and the bots' choices with their reasons. It keeps the
user's accepted actions, so ``record()`` is the whole session as data and
``Driver.replayed(record)`` is the one replay, for every variant: linear (the actions change
only the table; nothing is drawn while they replay) and checked against the record's
fingerprint. After a replay ``reshuffle_rest()`` shuffles the cards not dealt yet from fresh
entropy — kept in the record, so the next save replays exactly — so an older record sent
back never deals a future the student has already seen.

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
>>> pb = Driver("punto-banco", seed=3)
>>> _ = pb.act("BET", 10 * CHIP, "Banker"); step = pb.act("DEAL")
>>> step.coup.number, pb.log[-1]
(1, ['DEAL', None, None])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, NamedTuple

from .bets import BetSpot
from .bots import BotChoice, make_bots, play_bots
from .errors import BaccaratError, DecisionError, ReplayError
from .events import Event, Hand
from .money import show_chips
from .punto_banco import PuntoBancoTable
from .randomness import child_seeds, draw_seed, fresh_seed
from .records import CoupRecord
from .seated.decisions import ActionKind, Phase
from .session_record import (RECORD_VERSION, Reshuffles, checked_actions, checked_seeds, fingerprint, setting_value,
                             settings_from, settings_json, unreadable)
from .settings import TableSettings
from .shoe import Shoe
from .tables import new_table
from .variants import VARIANTS, Variant, variant_named

MAX_BOT_ACTIONS = 400  # a coup takes a few dozen decisions; this only stops a runaway loop


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
    (stacked) shoe, and such a session is not ``resumable``; ``settings`` are Punto Banco's;
    ``banker`` makes the Banque banker that answers every Banque banker decision (the exact
    banker lives in ``analysis``: the engine does not import it).
    """

    def __init__(self, variant: Variant | str, seed=None, shoe: Shoe | None = None,
                 settings: TableSettings | None = None, banker: Callable[[], object] | None = None):
        self.variant = variant if isinstance(variant, Variant) else variant_named(variant)
        self.make_banker = banker
        if settings is None and self.variant.has_fixed_rules:
            settings = TableSettings(decks=self.variant.decks, starting_chips=self.variant.starting_chips)
        self.start_settings = settings
        root = fresh_seed() if seed is None else draw_seed(seed) if not isinstance(seed, int) else seed
        self._begin([root], shoe)

    def _begin(self, seeds: list[int], shoe: Shoe | None = None) -> None:
        self.seeds = seeds
        self.log: list[list] = []  # the user's accepted actions, in order: what a record replays
        self.resumable = shoe is None  # a stacked or staged shoe is not the seed's: it is not kept
        if self.variant.has_fixed_rules:
            self.table = PuntoBancoTable(self.variant, self.start_settings, seed=seeds[0], shoe=shoe)
            self.bots, self.banker = {}, None
            return
        table_seed, bot_seed = child_seeds(seeds[0], 2)
        self.table = new_table(self.variant, shoe=shoe) if shoe is not None else new_table(self.variant,
                                                                                             seed=table_seed)
        self.bots = make_bots(bot_seed)
        self.banker = self.make_banker() if self.make_banker is not None else None

    # -- the session ------------------------------------------------------------------------------
    def new_session(self, settings: TableSettings | None = None) -> None:
        """A new session from a fresh root seed, its record empty: a shoe nobody has seen. It keeps
        the settings in force (or takes ``settings``)."""
        self.start_settings = settings or self.settings or self.start_settings
        self._begin([fresh_seed()])

    def stage(self, table, bot_seed: int = 0) -> None:
        """Play on at a prepared ``table`` (a staged coup: a stacked shoe, choices already taken); the
        bots are seeded by ``bot_seed`` so every student sees the same coup. It is not kept."""
        self.seeds, self.log, self.resumable = [fresh_seed()], [], False
        self.table = table
        self.bots = make_bots(bot_seed) if not self.variant.has_fixed_rules else {}
        self.banker = self.make_banker() if self.make_banker is not None else None

    @property
    def settings(self) -> TableSettings | None:
        return getattr(self.table, "settings", None)

    # -- actions ------------------------------------------------------------------------------------
    def act(self, kind, amount=None, side=None) -> Step:
        """The user's action (an :class:`ActionKind` or its name, or "NEXT"), checked by the table;
        then the bots answer until the user must decide or the coup is over."""
        name = kind.name if isinstance(kind, ActionKind) else kind
        if name == "NEXT":
            step = self.next_coup()
        else:
            action = self._action_kind(name)
            spot = self._side(side)
            before = self.table.coups_played
            self.table.act(action, amount, spot, seat=0)
            step = self._advance(before)
        self.log.append([name, amount, getattr(side, "value", side)])
        return step

    def next_coup(self) -> Step:
        """Let the bots act until the user must decide, or one more coup is over."""
        decision = self.table.pending
        if decision is None or decision.seat == 0:
            raise DecisionError("It is your decision, or the table is over.")
        return self._advance(self.table.coups_played)

    def can_change_setting(self, name: str, value) -> str | None:
        table = self.table
        if not hasattr(table, "change_settings"):
            return f"{self.variant.name} has no settings to change."
        return table.can_change_settings(**{name: value})

    def change_setting(self, name: str, value) -> bool:
        """Change one Punto Banco setting; returns True when it started a new session (a fresh shoe
        or bankroll), whose record starts empty under the new settings."""
        reason = self.can_change_setting(name, value)
        if reason:
            raise DecisionError(reason)
        if self.table.starts_new_session(**{name: value}):
            self.new_session(self.table.settings.changed(**{name: value}))
            return True
        self.table.change_settings(**{name: value})
        self.log.append(["SETTING", name, getattr(value, "value", value)])
        return False

    def _action_kind(self, name) -> ActionKind:
        if not isinstance(name, str) or name not in ActionKind.__members__:
            raise DecisionError(f"This table has no action called “{str(name)[:24]}”.")
        return ActionKind[name]

    def _side(self, side):
        """A side named by the page or a record: a Punto Banco spot, or a hand of this table."""
        if side is None or isinstance(side, (Hand, BetSpot)):
            return side
        if not isinstance(side, str):
            raise DecisionError("There is no such place to bet on here.")
        if self.variant.has_fixed_rules:
            return BetSpot.from_key(side)  # "There is no 'dragon' bet; the bets are …" for any other name
        return next((hand for hand in Hand if hand.value == side), side)

    def _advance(self, coups_before: int) -> Step:
        table = self.table
        moves: list[BotMove] = []
        for _ in range(MAX_BOT_ACTIONS):
            decision = table.pending
            if decision is None or decision.seat == 0 or table.coups_played > coups_before:
                break
            # Counted before the action (which may finish the coup); a bank decision belongs to the next coup.
            number = table.coup_number + (table.phase in (Phase.BANKING, Phase.ROTATION))
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
        noun = ("hand" if self.variant.has_fixed_rules else "coup") + ("" if played == 1 else "s")
        return f"{played} {noun}, balance {show_chips(self.table.seats[0].balance)}"

    def record(self) -> dict:
        """The session as plain JSON-ready data (unsealed: how the page keeps it is the widgets' affair).
        The actions are copied: a record sharing the live log would change under its keeper."""
        record = {"version": RECORD_VERSION, "variant": self.variant.key, "seeds": list(self.seeds),
                  "actions": [list(action) for action in self.log], "fingerprint": self.fingerprint(),
                  "summary": self.summary()}
        if self.start_settings is not None:
            record["settings"] = settings_json(self.start_settings)
        return record

    @classmethod
    def replayed(cls, record, banker: Callable[[], object] | None = None,
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
        start = None
        if variant.has_fixed_rules:
            default = settings or TableSettings(decks=variant.decks, starting_chips=variant.starting_chips)
            start = settings_from(record.get("settings"), default)
        driver = cls(variant, seed=seeds[0], settings=start, banker=banker)
        try:
            driver._replay(actions, seeds)
        except ReplayError:
            raise
        except BaccaratError:
            raise ReplayError("This saved session asks for an action its table refuses, so it cannot be "
                              "replayed; a fresh session starts instead.") from None
        if driver.fingerprint() != record.get("fingerprint"):
            raise ReplayError("This saved session does not lead to the table it was saved with, so it cannot "
                              "be trusted; a fresh session starts instead.")
        return driver

    def _replay(self, actions: list[tuple], seeds: list[int]) -> None:
        reshuffles = Reshuffles(seeds)
        for kind, first, second in actions:
            if kind == "RESHUFFLE":  # ["RESHUFFLE", index of the seed, None]: a resume happened here
                self.table.shoe.reshuffle_rest(reshuffles.take(first))
                self.seeds.append(seeds[first])
                self.log.append([kind, first, None])
            elif kind == "SETTING":  # ["SETTING", name, value]
                if self.settings is None:
                    raise unreadable("actions")
                value = setting_value(self.settings, first, second)
                if self.table.starts_new_session(**{first: value}):
                    raise unreadable("actions")  # a change that restarts begins a record of its own
                self.change_setting(first, value)
            else:
                self.act(kind, first, second)
        reshuffles.check_all_used()

    def reshuffle_rest(self) -> None:
        """The cards not dealt yet, shuffled anew from fresh entropy; the seed is kept in the record
        and the point where it was used is logged, so the next save replays exactly."""
        seed = fresh_seed()
        self.seeds.append(seed)
        self.log.append(["RESHUFFLE", len(self.seeds) - 1, None])
        self.table.shoe.reshuffle_rest(seed)
