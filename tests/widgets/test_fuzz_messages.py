"""Fuzz the five tables with what a browser may send.

Each table gets a few thousand messages from a seeded ``random.Random``, handed to
``table.surface.handle`` as the comm hands them over (and some through the comm's own
``_handle_msg`` path), mixing:

- legal actions read from what the page was drawn (``surface.view["turn"]["actions"]``,
  the presentation's spots, chips and controls), so rounds and coups really are played,
  and ``REVEALED`` when a finished round is on its way to the page;
- actions the engine must refuse: out of phase, another seat's decision while a bot
  decides, chips that are not a chip of the table, amounts outside the bounds;
- malformed messages: not a dict, a missing or wrongly typed ``turn``, unknown or
  lowercase kinds, kinds that are not strings, NaN, infinities, ``"1e400"``, amounts
  with three decimals, booleans, places that do not exist, extra keys;
- stale and future ``turn`` values (dropped without a word);
- a page overwriting every synced trait (``view``, ``presentation``, ``reveal``,
  ``message``, ``turn``) with garbage through the widget's own update path
  (``set_state``, what a browser's update message calls): the game never reads them back.

After every message: the chips are conserved, a refused message changed nothing in the
engine and said one sentence ending with a full stop, and no bug surfaced (the error box
stays hidden, no traceback reaches any synced trait).
"""

from __future__ import annotations

import copy
import json
import random
import secrets
import time
from collections import Counter
from decimal import Decimal

import pytest
import traitlets

from baccarat_lessons.engine.bets import BetSpot
from baccarat_lessons.engine.events import Hand
from baccarat_lessons.engine.money import CHIP, hundredths
from baccarat_lessons.engine.errors import BetError
from baccarat_lessons.engine.seated import ActionKind, DecisionKind
from baccarat_lessons.widgets.surface.scene import view_json
from baccarat_lessons.widgets.table import LiveTable

MESSAGES = 2000  # per table: about 25 s for the five on two cores, with the twin tables
STARTING = 100  # chips at every seat
SEATED_TOTAL = 6 * STARTING * CHIP  # six seats of 100 chips, in hundredths
MIN_ROUNDS = 20
SYNCED = ("view", "presentation", "reveal", "message", "turn")

TABLES = {
    "punto-banco": lambda: LiveTable("punto-banco", seed=2024),
    "mini-baccarat": lambda: LiveTable("mini-baccarat", seed=2025),
    "chemin-de-fer": lambda: LiveTable("chemin-de-fer", seed=2026),
    "banque-ouverte": lambda: LiveTable("banque-ouverte", seed=2027),
    "banque-limitee": lambda: LiveTable("banque-limitee", seed=2028),
}
SEEDS = {"punto-banco": 1, "mini-baccarat": 2, "chemin-de-fer": 3, "banque-ouverte": 4, "banque-limitee": 5}

# Amounts read_message refuses whatever the kind: not a finite number, too many digits or decimals.
UNREADABLE_AMOUNTS = [
    float("nan"), float("inf"), float("-inf"), "NaN", "nan", "inf", "-Infinity", "sNaN", "1e400", "-1e400",
    1e30, 1e16, "1e16", "12.345", 0.001, "0.005", "1e-5", 10.125, True, False, "", "abc", "12,5", "10 chips",
    [10], {"amount": 10}, "9" * 100, " ", "0x10", "1/2",
]
# Amounts read_message accepts (as hundredths) that a table may still refuse.
ODD_AMOUNTS = [0, -1, -5, -0.5, 2.5, 0.01, 7, 13, 1000, 10**30, -(10**30), "10", "-10", "2.50", 10.0, 99.99]
BAD_KINDS = [
    "FLY", "", " ", "deal", "bet", "Deal", "revealed", "new_session", "NEW SESSION", "DEAL ", " BET", "REVEALED\n",
    "next", "hint", "draw", "stand", "banco", "Banco!", "Take the bank", "X" * 5000, "ПАС", "🂡",
    1, 0, -1, 3.5, float("nan"), None, True, False, [], ["DEAL"], {"kind": "DEAL"},
]
BAD_SIDES = [
    "Nowhere", "banker", "BANKER", "player", "", " Banker", "Banker ", "right", "Right", "tableau", "Dealer",
    "Player", "Banker", "Tie", "Right tableau", "Left tableau", "Big",  # valid at some tables only
    5, 0, True, False, 1.5, ["Banker"], {"side": "Banker"},
]
BAD_TURNS = ["missing", None, "1", 1.0, True, False, [1], {"turn": 1}, float("nan")]
NON_DICTS = [None, [], ["kind", "DEAL"], "DEAL", 5, 3.5, True, "{\"kind\": \"DEAL\"}"]
EXTRA_KEYS = [{"extra": 1}, {"Kind": "FLY"}, {"__proto__": {"turn": 0}}, {"seat": 3}, {"amount2": "nan"},
              {"redraws": 0}, {"": None}]
DICT_GARBAGE = [
    {}, {"turn": None}, {"turn": {"seat": 0, "actions": [{"kind": "OPEN_BANK", "min_amount": 0,
                                                         "max_amount": 10**12, "side": None}]}},
    {"seats": [{"index": 0, "balance": 10**9, "staked": 0}]}, {"controls": [{"kind": "DEAL", "enabled": True}]},
    {"over_reason": None, "bank": -1, "house_result": 10**9}, {"done": True, "id": "forged", "events": []},
    {"done": True, "id": "forged", "events": [{"kind": "CoupResult", "text": "You win everything."}]},
    {"text": 5, "tone": "done"}, {"text": ""}, {"nested": {"a": [1, [2, [3, {"b": None}]]]}},
    {"amount_kinds": ["DRAW"], "chips": [{"value": 10**6, "enabled": True}]}, {"spots": "all"},
    {"layout": "seated", "variant": "punto-banco"}, {"chip": 25, "speed": "slow", "reduced_motion": True},
    {"chip": 1, "hint": "Draw.", "status": [["balance", "Balance: 1,000,000"]]}, {"id": "0-0", "start": 99},
    {"stakes": [{"hand": "Player", "amount": -100, "who": "You"}]},
]
NON_DICT_GARBAGE = [5, None, "x", [], [1, 2], True, 1.5, "{}"]
TURN_GARBAGE = [0, -1, 10**6, 2**63]
WRONG_TURNS = ["3", None, 3.5, [], {}]


def chips_sent(amount: int):
    """Hundredths as the page sends them: chips as a JS number (an int when whole: 12, 12.5)."""
    if amount % CHIP == 0:
        return amount // CHIP
    return float(Decimal(amount) / CHIP)


class Fuzzer:
    """Drives one table and checks it after every message."""

    def __init__(self, table, rng: random.Random, twin=None):
        self.table, self.rng, self.twin = table, rng, twin
        self.seated = not table.variant.has_fixed_rules
        self.surface = table.surface
        self.said: list[tuple[str, str]] = []
        table.guard.listen(lambda text, kind: self.said.append((text, kind)))
        self.twin_said: list[tuple[str, str]] = []
        if twin is not None:
            twin.guard.listen(lambda text, kind: self.twin_said.append((text, kind)))
        self.counts: Counter = Counter()
        self.drawn = None  # (view, presentation) the kernel drew, kept while a page's garbage overwrites them
        self.force_legal = False
        self.state_text = self.synced_text()
        self.played = self.played_now()

    # -- the engine behind the page (for checks only) -----------------------------------------
    def engine_state(self):
        """Everything the game may change (which table included: a new session is a new engine table):
        equal, nothing changed."""
        return id(self.table.table), self.game_state(self.table)

    def game_state(self, table) -> tuple:
        """The game's state as values: equal for two tables that were sent the same clicks."""
        return table.table.snapshot()

    def played_now(self) -> tuple[int, int]:
        """(which engine table, rounds or coups it has finished)."""
        return id(self.table.table), self.table.table.coups_played

    def engine_view(self) -> dict:
        """The view the kernel draws now, read from the engine."""
        return view_json(self.table.table.view(0))

    def synced_text(self) -> str:
        keys = [key for key in self.surface.keys if key not in ("_esm", "_css")]
        return json.dumps(self.surface.get_state(key=keys), sort_keys=True, ensure_ascii=False, default=repr)

    def page(self) -> tuple[dict, dict]:
        """What the page was drawn last (not the garbage a page wrote over it since)."""
        if self.drawn is not None:
            return self.drawn
        return self.surface.view, self.surface.presentation

    def message(self, kind, amount=None, side=None, turn=None, **extra) -> dict:
        content = {"kind": kind, "turn": self.surface.redraws if turn is None else turn}
        if side is not None:
            content["side"] = side
        if amount is not None:
            content["amount"] = amount
        content.update(extra)
        return content

    # -- choosing messages ---------------------------------------------------------------------
    def small(self, options: list):
        """One of ``options`` (sorted small first), mostly a small one: the sessions last longer."""
        return options[int(self.rng.random() ** 3 * len(options))]

    def legal(self) -> dict:
        """A click the page as drawn offers now."""
        view, presentation = self.page()
        if self.table.is_revealing and self.rng.random() < 0.8:
            return self.message("REVEALED")
        if view.get("over_reason"):
            return self.message("NEW_SESSION")
        if self.rng.random() < 0.006:
            return self.message("NEW_SESSION")
        return self.legal_seated(view, presentation) if self.seated else self.legal_punto_banco(view, presentation)

    def legal_punto_banco(self, view: dict, presentation: dict) -> dict:
        rng = self.rng
        controls = {c["kind"]: c for c in presentation["controls"] if c["enabled"]}
        actions = {a["kind"] for a in view["turn"]["actions"]} if view.get("turn") else set()
        chips = {c["value"] for c in presentation["chips"] if c["enabled"]}
        bets = sorted((int(value), spot["side"]) for spot in presentation["spots"]
                      for value, reason in spot["reasons"].items() if not reason and int(value) in chips)
        staked = view["seats"][0]["staked"]
        choices = []
        if bets:
            choices += ["BET"] * (3 if staked else 7)
        if "DEAL" in actions:
            choices += ["DEAL"] * 5
        for kind, weight in (("UNDO", 1), ("CLEAR", 1), ("REBET", 3)):
            if kind in controls:
                choices += [kind] * weight
        if not choices:
            return self.message("NEW_SESSION")
        kind = rng.choice(choices)
        if kind == "BET":
            value, side = self.small(bets)
            amount = rng.choice([value, value, value, str(value), float(value)])
            return self.message("BET", amount, side, **(rng.choice(EXTRA_KEYS) if rng.random() < 0.05 else {}))
        return self.message(kind)

    def legal_seated(self, view: dict, presentation: dict) -> dict:
        rng = self.rng
        turn = view.get("turn")
        controls = {c["kind"]: c for c in presentation["controls"] if c["enabled"]}
        actions = list(turn["actions"]) if turn else []
        if actions:
            if "HINT" in controls and rng.random() < 0.15:
                return self.message("HINT")
            drawn = rng.choice(actions)
            amount = None
            if drawn["kind"] in presentation["amount_kinds"]:
                low, high = drawn["min_amount"], drawn["max_amount"]
                whole = list(range(-(-low // CHIP) * CHIP, high + 1, CHIP))
                amount = chips_sent(high if not whole or rng.random() < 0.1 else self.small(whole))
            # The page sends side and amount with every decision button (null when there is none).
            content = {"kind": drawn["kind"], "turn": self.surface.redraws, "side": drawn["side"], "amount": amount}
            if rng.random() < 0.05:
                content.update(rng.choice(EXTRA_KEYS))
            return content
        if "NEXT" in controls:
            return self.message("NEXT")
        return self.message("NEW_SESSION")

    def illegal(self) -> dict | None:
        """A well-formed message the engine must refuse now (None when none comes to mind)."""
        return self.illegal_seated() if self.seated else self.illegal_punto_banco()

    def illegal_punto_banco(self) -> dict | None:
        rng, table = self.rng, self.table.table
        options = []
        if table.can(ActionKind.DEAL):  # the reason it is refused now, or None
            options.append(self.message("DEAL"))
        if table.can(ActionKind.UNDO):
            options.append(self.message("UNDO"))
        if not table.bets:
            options.append(self.message("CLEAR"))
        if table.can(ActionKind.REBET):
            options.append(self.message("REBET"))
        side = rng.choice([spot.value for spot in BetSpot])
        chip = rng.choice([*self.table.variant.stakes, 1, 2, 3, 7, 11, 20, 100, 1000, 0, -5, -10, 10**30])
        if table.can(ActionKind.BET, chip * CHIP, BetSpot(side)) is not None:
            options.append(self.message("BET", chip, side))
        options.append(self.message("BET", rng.choice([2.5, 0.5, "7.25", 0.01]), side))  # not whole chips
        options.append(self.message("BET", None, side))
        options.append(self.message("BET", chip))
        return rng.choice(options)

    def illegal_seated(self) -> dict | None:
        rng, table = self.rng, self.table.table
        pending = table.pending
        sides = sorted(self.surface.sides)
        side = rng.choice([None, *sides])
        names = [kind.name for kind in ActionKind]
        if pending is None or pending.seat != 0:
            # Another seat's decision (a bot's, the house's) or the table is over: nothing of yours is legal.
            kind = rng.choice(names + ["HINT"] + (["NEXT"] if pending is None else []))
            amount = rng.choice([None, 1, 5, 10, 25, 100]) if kind in ("OPEN_BANK", "BET") else None
            return {"kind": kind, "turn": self.surface.redraws, "side": side, "amount": amount}
        legal = {action.kind.name for action in pending.actions}
        options = [self.message("NEXT")]
        if pending.kind is not DecisionKind.BANQUE_BANKER_DRAW:
            options.append(self.message("HINT"))
        others = [name for name in names if name not in legal]
        if others:
            kind = rng.choice(others)
            options.append({"kind": kind, "turn": self.surface.redraws, "side": side,
                            "amount": rng.choice([None, 5]) if ActionKind[kind].takes_amount else None})
        action = rng.choice(pending.actions)
        if action.kind.takes_amount:
            low, high = action.min_amount, action.max_amount
            bad = [h for h in (None, high + CHIP, high + 1, low - CHIP, low - 1, -CHIP, 0, high - 50, low + 50)
                   if h is None or not (h == high or (low <= h <= high and h % CHIP == 0))]
            amount = rng.choice(bad)
            options.append({"kind": action.kind.name, "turn": self.surface.redraws,
                            "side": action.side.value if action.side else None,
                            "amount": None if amount is None else chips_sent(amount)})
            if action.side is not None:
                wrong = [s for s in sides if pending.action_for(action.kind, Hand(s)) is None]
                whole = low if low % CHIP == 0 else high
                options.append({"kind": action.kind.name, "turn": self.surface.redraws,
                                "side": rng.choice(wrong) if wrong else None, "amount": chips_sent(whole)})
        else:
            options.append({"kind": action.kind.name, "turn": self.surface.redraws,
                            "side": action.side.value if action.side else None, "amount": rng.choice([5, 0.5, -1])})
        return rng.choice(options)

    def malformed(self):
        """A message read_message must refuse: one thing about it is wrong."""
        rng = self.rng
        kinds = sorted(self.surface.kinds)
        content = {"kind": rng.choice(kinds), "turn": self.surface.redraws}
        if rng.random() < 0.5:
            content["amount"] = rng.choice([None, *ODD_AMOUNTS])
        if rng.random() < 0.5:
            content["side"] = rng.choice([None, *sorted(self.surface.sides)])
        defect = rng.choice(["non-dict", "turn", "kind", "kind", "amount", "amount", "side", "side"])
        if defect == "non-dict":
            return rng.choice(NON_DICTS)
        if defect == "turn":
            turn = rng.choice(BAD_TURNS)
            if turn == "missing":
                del content["turn"]
            else:
                content["turn"] = turn
        elif defect == "kind":
            kind = rng.choice([*BAD_KINDS, *(k.lower() for k in kinds), *(k.title() for k in kinds),
                               *(["DRAW", "BANCO", "OPEN_BANK"] if not self.seated else ["DEAL", "UNDO", "REBET"])])
            if rng.random() < 0.3:
                del content["kind"]
            else:
                content["kind"] = kind
        elif defect == "amount":
            content["amount"] = rng.choice(UNREADABLE_AMOUNTS)
        else:
            content["side"] = rng.choice([s for s in BAD_SIDES if not (isinstance(s, str) and s in self.surface.sides)])
        if rng.random() < 0.2:
            content.update(rng.choice(EXTRA_KEYS))
        return content

    def stale(self) -> dict:
        """A click from an older redraw (the second click of a double-click) or a turn the kernel never drew.
        A redraw that answered no click (after the page's REVEALED) leaves the turn before it current."""
        rng = self.rng
        turn = self.surface.redraws + rng.choice([-1, -1, -2, -5, 1, 2, 10**30, -(10**30), -self.surface.redraws])
        if turn in self.surface.current_turns:
            turn = min(self.surface.current_turns) - 1
        content = self.legal() if rng.random() < 0.6 else self.malformed()
        if not isinstance(content, dict):
            content = {"kind": rng.choice(BAD_KINDS)}
        return {**content, "turn": turn}

    def random(self) -> dict:
        """Any kind of the table with any amount and place: the engine decides."""
        rng = self.rng
        kind = rng.choice(sorted(self.surface.kinds))
        return {"kind": kind, "turn": self.surface.redraws,
                "amount": rng.choice([None, None, *ODD_AMOUNTS, 1, 5, 10, 25]),
                "side": rng.choice([None, *sorted(self.surface.sides)])}

    def garbage_state(self) -> dict:
        """Well-typed garbage for some of the synced traits (a page may write any dict or int)."""
        rng = self.rng
        state = {}
        for key in rng.sample(SYNCED, rng.randint(1, len(SYNCED))):
            if key == "turn":
                value = rng.choice([*TURN_GARBAGE, self.surface.redraws + 1, self.surface.redraws - 1])
            elif rng.random() < 0.4:
                # A plausible forgery: what was drawn, with a few facts changed.
                value = json.loads(json.dumps(getattr(self.surface, key)))
                value.update(rng.choice(DICT_GARBAGE))
            else:
                value = rng.choice(DICT_GARBAGE)
            state[key] = value
        return state

    # -- sending and checking -----------------------------------------------------------------
    def write_traits(self) -> None:
        """A page's update message overwriting synced traits; the game must not read them back."""
        rng = self.rng
        if self.drawn is None:
            self.drawn = (self.surface.view, self.surface.presentation)
        said, engine, redraws = len(self.said), self.engine_state(), self.surface.redraws
        if rng.random() < 0.25:
            # A value of the wrong type: traitlets refuses the whole update (ipywidgets logs it).
            key = rng.choice(SYNCED)
            value = rng.choice(WRONG_TURNS if key == "turn" else NON_DICT_GARBAGE)
            before = self.synced_text()
            with pytest.raises(traitlets.TraitError):
                self.surface.set_state({**self.garbage_state(), key: value})
            assert self.synced_text() == before
            self.counts["trait writes refused by traitlets"] += 1
        else:
            state = self.garbage_state()
            extra = {"redraws": 0, "kinds": [], "on_message": None} if rng.random() < 0.2 else {}
            self.surface.set_state({**state, **extra})  # keys that are not synced traits are ignored
            for key, value in state.items():
                assert getattr(self.surface, key) == value, key  # the page's write landed
        self.counts["trait writes"] += 1
        assert self.engine_state() == engine, "a page's trait update changed the game"
        assert len(self.said) == said, self.said[said:]
        assert self.surface.redraws == redraws
        self.force_legal = True
        self.check_invariants("trait write")

    def send(self, what: str, content) -> None:
        before_said, before_engine, before_redraws = len(self.said), self.engine_state(), self.surface.redraws
        before_text = self.state_text
        showing = self.table.is_revealing
        twin_content = copy.deepcopy(content)
        if self.rng.random() < 0.1:  # the comm's own path: on_msg's callback calls surface.handle
            self.surface._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})
        else:
            assert self.surface.handle(content) is None
        if self.twin is not None:
            self.check_twin(twin_content, self.surface.redraws != before_redraws, self.said[before_said:])
        self.counts[f"sent {what}"] += 1
        said = self.said[before_said:]
        engine = self.engine_state()
        changed = engine != before_engine
        refused = bool(said) and said[-1][1] == "refused"
        over = self.over_reason()
        # Only a well-formed REVEALED can end on the table's "it is over" notice, said when a reveal ends.
        revealed = isinstance(content, dict) and content.get("kind") == "REVEALED" and what in ("legal", "random")
        notice = refused and revealed and over is not None and over in said[-1][0]
        if revealed:
            assert not changed, f"REVEALED changed the game: {what} {content!r}"
        where = f"{what} {content!r}"
        if refused and not notice:
            text = said[-1][0]
            assert not changed, f"refused but the game changed: {where}: {text}"
            assert text.strip() and text.endswith("."), f"{where}: {text!r}"
            assert self.surface.message == {"text": text, "tone": "refused"}, (where, self.surface.message)
            self.counts["refused"] += 1
        if what == "stale":
            assert not said and not changed, f"a stale message was acted on: {where}: {said}"
            assert self.surface.redraws == before_redraws
            assert self.synced_text() == before_text, f"a stale message changed the page: {where}"
            self.counts["dropped silently"] += 1
        elif what in ("malformed", "illegal"):
            assert refused and not notice, f"not refused: {where}: {said}"
        elif what == "legal":
            kind = content["kind"]
            assert not refused or (kind == "REVEALED" and notice), f"a legal click was refused: {where}: {said}"
            if kind not in ("REVEALED", "HINT"):
                assert changed, f"a legal click changed nothing: {where}"
            if kind == "REVEALED" and showing:
                assert not self.table.is_revealing
                self.counts["reveals shown"] += 1
            self.counts["legal accepted"] += 1
        if self.surface.redraws != before_redraws:
            # The kernel redrew from the engine: whatever a page wrote is gone.
            assert self.surface.turn == self.surface.redraws, where
            assert self.surface.view == self.engine_view(), f"the page was not drawn from the engine: {where}"
            self.drawn = None
        self.check_invariants(where)

    def check_twin(self, content, redrew: bool, said: list) -> None:
        """The twin table gets the same clicks and none of the page's trait writes: if the game read
        back a synced trait, the two would part."""
        twin, before = self.twin, len(self.twin_said)
        twin.surface.handle(content)
        where = f"the twin parted after {content!r}"
        assert twin.surface.redraws == self.surface.redraws, where
        assert self.game_state(twin) == self.game_state(self.table), where
        assert self.twin_said[before:] == said, where
        if redrew:
            assert twin.surface.view == self.surface.view, where
            assert twin.surface.presentation == self.surface.presentation, where

    def over_reason(self) -> str | None:
        return self.table.table.over_reason()

    def check_invariants(self, where: str) -> None:
        guard = self.table.guard
        assert guard.error_log.layout.display == "none" and not guard.errors, (where, guard.error_log.value)
        text = self.state_text = self.synced_text()
        for sign in ("Traceback", 'File \\"', 'File "'):
            assert sign not in text and sign not in guard.message.value, (where, sign)
        self.check_chips(where)
        played = self.played_now()
        if played[0] == self.played[0]:
            assert played[1] >= self.played[1], where
            self.counts["rounds"] += played[1] - self.played[1]
        else:
            self.counts["sessions"] += 1
            self.counts["rounds"] += played[1]
        self.played = played

    def check_chips(self, where: str) -> None:
        if self.seated:
            table = self.table.table
            assert table.starting_total == SEATED_TOTAL
            assert table.chips_in_play() == SEATED_TOTAL, where
            view = table.view(None)
            total = (sum(seat.balance + seat.staked for seat in view.seats) + view.bank + view.house_result
                     + view.commission_total)
            assert total == SEATED_TOTAL, (where, total)
            assert all(seat.balance >= 0 for seat in view.seats) and view.bank >= 0, where
            return
        # The balance is what is in front of you; the chips on the layout were taken from it when placed.
        table = self.table.table
        assert table.settings.starting_chips == STARTING and table.starting_total == STARTING * CHIP
        assert table.chips_in_play() == STARTING * CHIP, where
        history = table.history
        assert table.balance + table.staked == STARTING * CHIP + sum(record.net_of(0) for record in history), where
        running = STARTING * CHIP
        for record in history:  # each round's balance after it is the one before it plus its net
            running += record.net_of(0)
            assert record.balances[0] == running, where
        assert table.balance >= 0 and table.staked == sum(table.bets.values()) >= 0, where
        view = table.view(0)
        assert (view.seats[0].balance + view.seats[0].staked + view.house_result
                + view.commission_total) == STARTING * CHIP, where
        assert view.seats[0].staked == table.staked, where

    def step(self) -> None:
        rng = self.rng
        if self.force_legal:
            self.force_legal = False
            return self.send("legal", self.legal())
        roll = rng.random()
        if roll < 0.5:
            self.send("legal", self.legal())
        elif roll < 0.62:
            self.send("illegal", self.illegal())
        elif roll < 0.82:
            self.send("malformed", self.malformed())
        elif roll < 0.88:
            self.send("stale", self.stale())
        elif roll < 0.95:
            self.send("random", self.random())
        else:
            self.write_traits()


@pytest.mark.parametrize("key", list(TABLES))
def test_fuzzed_messages_never_break_a_table(key, monkeypatch):
    # A New session draws its root from fresh entropy: the table and its twin are given the same.
    monkeypatch.setattr(secrets, "randbits", lambda bits: 4242)
    start = time.perf_counter()
    table = TABLES[key]()
    fuzzer = Fuzzer(table, random.Random(SEEDS[key]), twin=TABLES[key]())
    fuzzer.check_invariants("start")
    for _ in range(MESSAGES):
        fuzzer.step()
    counts = fuzzer.counts
    seconds = time.perf_counter() - start
    print(f"\n{key}: {seconds:.1f} s, " + ", ".join(f"{name}: {n}" for name, n in sorted(counts.items())))
    assert counts["rounds"] >= MIN_ROUNDS, counts
    assert counts["reveals shown"] >= MIN_ROUNDS, counts
    assert counts["legal accepted"] >= MESSAGES // 3, counts
    assert counts["refused"] >= MESSAGES // 5, counts
    assert counts["dropped silently"] > 0 and counts["trait writes"] > 0, counts


LONG_INT = 10**4000  # a JSON integer literal of 4001 digits: Python's json reads it (its limit is 4300 digits)


@pytest.mark.parametrize("key", ["punto-banco", "mini-baccarat"])
def test_a_huge_integer_amount_is_refused_in_a_short_sentence(key):
    table = TABLES[key]()
    with pytest.raises(BetError):
        hundredths("1" + "0" * 4000)  # the same amount as text: refused before it is read
    table.surface.handle({"kind": "BET", "side": "Banker", "amount": LONG_INT, "turn": table.surface.redraws})
    text = table.surface.message["text"]
    assert table.surface.message["tone"] == "refused" and text.endswith(".")
    assert table.guard.error_log.layout.display == "none"
    assert len(text) <= 120, f"a refusal of {len(text)} characters: {text[:100]}…"
