"""Session records: a table's whole session as data — variant, seeds and the user's actions —
that replays deterministically through the same checked actions, and a fingerprint of the state
it reaches, so a stored or imported record can be trusted only as far as it replays.

A record is untrusted input (it comes back from a browser's storage or a file): every field is
checked, every action goes through the table's own checks, and a record that does not replay, or
replays to another state than its fingerprint says, raises :class:`ReplayError` with one sentence
and yields no table.

>>> from baccarat_lessons.engine.money import CHIP
>>> log = SessionLog.start("chemin-de-fer", seed=7, bot_seed=8)
>>> table = log.new_table()
>>> log.act(table, "OPEN_BANK", 20 * CHIP)                  # you bank 20; the bots answer until your turn
>>> record = log.record(table)
>>> replayed = replay(record)
>>> fingerprint(replayed) == record["fingerprint"], replayed.coups_played == table.coups_played
(True, True)
>>> replay({**record, "fingerprint": "0" * 64})
Traceback (most recent call last):
...
baccarat_lessons.engine.errors.ReplayError: This saved session does not lead to the table it was saved with, so it cannot be trusted; a fresh session starts instead.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field

from .bets import BetSpot
from .bots import make_bots, play_bots
from .errors import BaccaratError, ReplayError
from .events import Hand
from .seated.decisions import ActionKind
from .session import Session
from .settings import TableSettings
from .tables import new_table
from .variants import VARIANTS

RECORD_VERSION = 2  # 2: shoes and bots drawn from random.Random (engine.randomness), not numpy
MAX_ACTIONS = 20_000  # a long classroom session is a few thousand clicks
SESSION_KINDS = ("bet", "undo", "clear", "rebet", "deal", "new_session", "settings")


def fingerprint(table) -> str:
    """A digest of everything the user's seat may know now (its view), so two tables that a
    student could tell apart never share one."""
    view = json.dumps(table.view(0).to_json(), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(view.encode("utf-8")).hexdigest()


@dataclass
class SessionLog:
    """The actions of one session as they are taken (``act``), ready to be kept as a ``record``.
    At a seat-banked table the bots (seeded by ``bot_seed``) and ``banker`` answer after each action."""

    variant: str
    seed: int
    bot_seed: int = 0
    actions: list = field(default_factory=list)
    banker: object = None  # answers Banque banker decisions (the exact banker lives in ``analysis``)

    @classmethod
    def start(cls, variant: str, seed: int, bot_seed: int = 0, banker=None) -> "SessionLog":
        return cls(variant, seed, bot_seed, banker=banker)

    def new_table(self):
        """The table this log's session is played at, seeded as the record will say."""
        self.bots = make_bots(self.bot_seed)
        return new_table(_record(self.variant), seed=self.seed)

    def act(self, table, kind: str, amount=None, side: str | None = None, **extra) -> None:
        """Take one user action at ``table`` (checked by the table) and log it once it is taken."""
        action = {"kind": kind, "amount": amount, "side": side, **extra}
        self.apply(table, action)
        self.actions.append(action)

    def apply(self, table, action: dict) -> None:
        """One user action, as the table's own checked methods take it; then the bots answer."""
        if isinstance(table, Session):
            return _apply_to_session(table, action.get("kind"), action)
        kind = action.get("kind")
        if kind != "NEXT":
            if not isinstance(kind, str) or kind not in ActionKind.__members__:
                raise ReplayError(f"{kind!r} is not an action at this table.")
            side = action.get("side")
            if side is not None and side not in [hand.value for hand in Hand]:
                raise ReplayError(f"{side!r} is not a hand of this table.")
            table.act(ActionKind[kind], action.get("amount"), Hand(side) if side else None, seat=0)
        play_bots(table, self.bots, banker=self.banker, stop_at=0)

    def record(self, table) -> dict:
        """The session as plain JSON-ready data, with the fingerprint of where it stands."""
        return {"version": RECORD_VERSION, "variant": self.variant, "seed": self.seed, "bot_seed": self.bot_seed,
                "actions": list(self.actions), "fingerprint": fingerprint(table)}


def replay(record, banker=None):
    """The table a record leads to, replayed through the same checked actions; ``banker`` answers
    Banque banker decisions as at the live table (the exact banker lives in ``analysis``)."""
    log = _checked(record)
    log.banker = banker
    table = log.new_table()
    try:
        for action in log.actions:
            log.apply(table, action)
    except BaccaratError:
        raise ReplayError("This saved session asks for an action its table refuses, so it cannot be replayed; "
                          "a fresh session starts instead.") from None
    if fingerprint(table) != record["fingerprint"]:
        raise ReplayError("This saved session does not lead to the table it was saved with, so it cannot be "
                          "trusted; a fresh session starts instead.")
    return table


def _record(key):
    if not isinstance(key, str) or key not in VARIANTS:
        raise ReplayError("This saved session names no variant of this app; a fresh session starts instead.")
    return VARIANTS[key]


def _checked(record) -> SessionLog:
    """The record's fields, each checked for type and size, as a log (no action applied yet)."""
    if not isinstance(record, dict) or record.get("version") != RECORD_VERSION:
        raise ReplayError("This saved session is not one this app wrote; a fresh session starts instead.")
    variant = _record(record.get("variant"))
    seed, bot_seed, actions = record.get("seed"), record.get("bot_seed"), record.get("actions")
    if not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n < 2**64 for n in (seed, bot_seed)):
        raise ReplayError("This saved session's seeds are not whole numbers; a fresh session starts instead.")
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS or not all(isinstance(a, dict) for a in actions):
        raise ReplayError("This saved session's actions cannot be read; a fresh session starts instead.")
    if not isinstance(record.get("fingerprint"), str):
        raise ReplayError("This saved session has no fingerprint to check it by; a fresh session starts instead.")
    return SessionLog(variant.key, seed, bot_seed, list(actions))


def _apply_to_session(session: Session, kind, action: dict) -> None:
    if kind not in SESSION_KINDS:
        raise ReplayError(f"{kind!r} is not an action at this table.")
    if kind == "bet":
        spot = action.get("side")
        if not isinstance(spot, str) or spot not in [s.key for s in BetSpot]:
            raise ReplayError(f"{spot!r} is not a bet spot of this table.")
        session.place_bet(spot, action.get("amount"))
    elif kind == "settings":
        changes = action.get("changes")
        if not isinstance(changes, dict) or not set(changes) <= set(TableSettings.__dataclass_fields__):
            raise ReplayError("A settings change in this saved session names no setting of this table.")
        session.change_settings(**changes)
    else:
        getattr(session, {"undo": "undo_chip", "clear": "clear_bets"}.get(kind, kind))()
