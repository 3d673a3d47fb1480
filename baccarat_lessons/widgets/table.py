"""The playable Punto Banco and Mini Baccarat tables.

The felt, the bet spots, the chips and the buttons are one
:class:`~baccarat_lessons.widgets.surface.TableSurface`, drawn from the session's
view (``Session.view()``, the same shape as a seat view) and nothing else. Every
click in the page comes back through ``surface.handle`` to :meth:`PuntoBancoTable.act`,
which the engine checks: a refusal is a sentence on the table, never a change.
The records beside the table (roads, history, statistics, odds) catch up when
the page has shown the round to its end.

>>> from baccarat_lessons.engine.shoe import Shoe
>>> table = PuntoBancoTable(shoe=Shoe.stacked("2S AC 2H 2D 8C"))
>>> table.act("BET", 1000, "Banker"); table.act("DEAL"); table.act("REVEALED")
>>> table.surface.presentation["status"][0], table.surface.reveal["events"][-1]["text"][:23]
(['balance', 'Balance: 109.50'], 'Banker bet of 10 wins 9')
"""

from __future__ import annotations

import random
import time

import ipywidgets as widgets

from ..engine.bets import BetSpot, payout_label
from ..engine.errors import BetError
from ..engine.events import BetSettled
from ..engine.money import CHIP, format_chips, show_chips
from ..engine.randomness import draw_seed, fresh_seed
from ..engine.replay import fingerprint
from ..engine.session import RoundRecord, Session
from ..engine.settings import TableSettings
from ..engine.shoe import Shoe
from ..engine.variants import MINI_BACCARAT, Variant, variant_named
from .bankroll import BankrollView
from .drawing_table import DrawingTableView
from .guard import ActionGuard
from .history_download import HistoryDownloads
from .history_view import HandHistoryView
from .odds_panel import OddsPanel
from .roads import RoadsView
from .session_stats import SessionStatsView
from .settings_panel import SettingsPanel
from .status import status_items
from .steps import steps_from_events
from .styles import FRAME_CSS, style_widget
from .surface import TableSurface
from .surface.saving import (KeptSession, Reshuffles, check_replayed, checked_actions, record_seeds,
                             default_records, setting_value, settings_from, settings_json, unreadable)
from .surface.scene import card_drawing, control, reveal_json, settled_bet, speeds, view_json

# What the page may ask of this table; "REVEALED" says the page has shown a round to its end.
KINDS = ("BET", "DEAL", "UNDO", "CLEAR", "REBET", "NEW_SESSION", "REVEALED")
IDLE_TEXT = "Place a bet and press Deal: each card and each rule will appear here."
HANDS = [{"name": "Player", "key": "player", "label": "Player", "caption": ""},
         {"name": "Banker", "key": "banker", "label": "Banker", "caption": ""}]


def _panel(*children: widgets.Widget, css: str = "", flex: str = "1 1 320px") -> widgets.VBox:
    box = widgets.VBox(list(children), layout=widgets.Layout(flex=flex, min_width="0"))
    box.add_class("bl-panel")
    if css:
        box.add_class(css)
    return box


def _row(*children: widgets.Widget) -> widgets.HBox:
    return widgets.HBox(list(children), layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"))


class PuntoBancoTable(KeptSession):
    """A Punto Banco or Mini Baccarat table; display ``table.widget``.

    ``shoe`` deals a given shoe (a stacked one for lessons and tests) until the
    next new session. ``keeping`` is how the page keeps the session's record (see
    :func:`.surface.saving.default_records`: sealed on a server, plain in the browser edition).
    """

    def __init__(self, variant: str | Variant = "punto-banco", settings: TableSettings | None = None,
                 seed=None, shoe: Shoe | None = None, defer: bool = False, keeping=None):
        self.keeping = keeping or default_records()  # sealed on a server, plain in the browser edition
        self.variant = variant if isinstance(variant, Variant) else variant_named(variant)
        self.is_mini = self.variant.key == MINI_BACCARAT.key
        if settings is None:
            settings = TableSettings(decks=self.variant.decks, starting_chips=self.variant.starting_chips)
        # Whole-number seeds, so the session can be kept as a record and replayed (see record): the
        # session's root, then one per resume (see surface.saving).
        root = draw_seed(seed) if isinstance(seed, random.Random) else \
            fresh_seed() if seed is None else int(seed)
        self.seeds = [root]
        self._start_settings = settings
        self.session = Session(self.variant, settings, seed=root, shoe=shoe)
        self.log: list[list] = []  # the user's accepted actions, in order: what a saved session replays
        self.resumable = shoe is None  # a stacked or staged shoe is not the seed's: it is not kept
        self.guard = ActionGuard()
        self.surface = TableSurface(self.guard, on_message=lambda m: self.act(m.kind, m.amount, m.side),
                                    kinds=KINDS, sides=[spot.value for spot in BetSpot])
        self.surface.on_resume = self.guard.wrap(self.resume)
        self._showing: RoundRecord | None = None  # dealt; the page has not shown it to the end yet
        self._sessions = 0  # counts new sessions, so a new session's first round is a new reveal
        self.drawing_view = DrawingTableView(self.variant.drawing)
        self.records_built = False
        self._replaying = False  # a kept session is being replayed: the panels and the seal wait for its end
        self._started = time.monotonic()  # when this session began (the page's session timer)
        what = ("A smaller table with lower stakes; the dealer runs every step, so rounds come quickly."
                if self.is_mini else "Bet on Player, Banker or Tie; the cards then follow the drawing rules.")
        # The frame's few styles and the title share one widget: every model and every byte before
        # the table is usable costs the first page time; the rest of the stylesheet comes with the
        # records (build_records).
        title = widgets.HTML(
            f"<style>{FRAME_CSS}</style>"
            f'<div class="bl-table-head"><div class="bl-title">{self.variant.name} table</div>'
            f'<p class="bl-note">{what} Virtual practice chips only: no money, no prizes.</p></div>'
        )
        self.widget = widgets.VBox([title, self.guard.error_log, _panel(self.surface, css="bl-play", flex="1 1 100%")])
        self.widget.add_class("bl-table")
        if self.is_mini:
            self.widget.add_class("bl-table-mini")
        if defer:
            self.surface.when_shown(self.guard.wrap(self.build_records))
        else:
            self.build_records()
        self._draw(reveal=self._empty_reveal())
        self.guard.say("Choose a chip, click a bet spot to place it, then press Deal.")

    # -- the records and settings beside the table -------------------------------------
    def build_records(self) -> None:
        """The roads, statistics, odds, bankroll, drawing table, history and settings. With
        ``defer`` the table is built without them and they follow once the page shows it."""
        if self.records_built:
            return
        self.records_built = True
        self.drawing = widgets.HTML(self.drawing_view.render(None))
        self.drawing.add_class("bl-drawing-view")
        self.roads = RoadsView()
        self.history_view = HandHistoryView()
        self.downloads = HistoryDownloads(self.variant.key)
        self.stats_view = SessionStatsView()
        self.bankroll = BankrollView()
        self.odds = OddsPanel()
        self.settings_view = SettingsPanel(self.session, self.guard, on_applied=self._settings_applied)
        self.settings_panel = self.settings_view.widget
        records = _row(_panel(self.roads.widget, flex="2 1 420px"), _panel(self.stats_view.widget, flex="1 1 300px"),
                       _panel(self.odds.widget), _panel(self.bankroll.widget, flex="0 1 380px"))
        lower = _row(_panel(self.drawing, css="bl-drawing-panel", flex="0 1 auto"),
                     _panel(self.history_view.widget, self.downloads.widget, flex="2 1 420px"),
                     _panel(self.settings_panel, flex="1 1 320px"))
        # Only added after what is there: a Box redraws every child from the first one that changed,
        # and the surface must not be drawn anew (it would lose the page's reveal and choices).
        self.widget.children = (*self.widget.children, style_widget(), records, lower)
        self._refresh_records()
        self.settings_view.set_enabled(not self.is_revealing)

    # -- drawing ------------------------------------------------------------------------
    @property
    def is_revealing(self) -> bool:
        """A round is dealt and the page has not yet shown it to the end."""
        return self._showing is not None

    def _empty_reveal(self) -> dict:
        return reveal_json(f"{self._sessions}-0", (), 0, "", None, done=False)

    def _presentation(self) -> dict:
        session, settings = self.session, self.session.settings
        balance = session.balance
        chips = []
        for value in self.variant.stakes:
            refused = self._chip_refusal(value)
            chips.append({"value": value, "enabled": refused is None,
                          "tooltip": refused or f"Use {value}-chip stakes: each click on a bet spot adds one."})
        spots = [{"side": spot.value, "key": spot.key, "label": spot.value,
                  "pays": payout_label(spot, settings.banker_pays, settings.tie_pays),
                  "reasons": {str(value): session.can_place_bet(spot, value) or "" for value in self.variant.stakes}}
                 for spot in session.spots]
        controls = [
            control("UNDO", "Undo chip", "bl-undo", session.can_undo_chip(), "Take back the last chip you placed."),
            control("CLEAR", "Clear", "bl-clear", None if session.bets else "There are no chips on the layout.",
                    "Take your chips back from the layout."),
            control("REBET", "Rebet", "bl-rebet", session.can_rebet(), "Place the last round's bets again."),
            control("DEAL", "Deal", "bl-deal", session.can_deal(), "Deal the round with the bets on the table.",
                    primary=True),
            control("NEW_SESSION", "New session", "bl-new-session", None,
                    "Start again with the starting chips and a fresh shoe."),
        ]
        return {
            "layout": "punto-banco", "variant": self.variant.key, "hands": HANDS, **card_drawing(),
            "status": status_items(session, balance), "chips": chips, "chip": self.variant.stakes[0],
            "denominations": sorted({1, *self.variant.stakes}), "spots": spots, "controls": controls,
            "speed": settings.deal_speed, "speeds": speeds(), "reduced_motion": settings.reduced_motion,
            "idle": IDLE_TEXT, "resumable": self.resumable, "sound": settings.sound,
            # Seconds the session has run, when Show timer is on: the page counts on from it.
            "timer": int(time.monotonic() - self._started) if settings.show_timer else None,
        }

    def _chip_refusal(self, value: int) -> str | None:
        reasons = [self.session.can_place_bet(spot, value) for spot in self.session.spots]
        return None if any(reason is None for reason in reasons) else (reasons[0] if reasons else "No spot is open.")

    def _draw(self, reveal: dict | None = None) -> None:
        if self._replaying:
            return
        self.surface.draw(view_json(self.session.view()), self._presentation(), reveal)
        self._save()
        if self.records_built:
            self.settings_view.set_enabled(not self.is_revealing)

    def _refresh_records(self) -> None:
        if not self.records_built or self._replaying:
            return
        history = self.session.history
        self.roads.update([record.outcome for record in history])
        self.history_view.update(history)
        self.downloads.update(history)
        self.stats_view.update(self.session)
        self.bankroll.update(self.session.settings.starting_chips, [r.balance_after for r in history])
        self.odds.update(self.session)
        if self.session.settings.reduced_motion:
            self.widget.add_class("bl-reduced-motion")
        else:
            self.widget.remove_class("bl-reduced-motion")

    # -- the one entry point for the page's messages ---------------------------------------
    def act(self, kind: str, amount: int | None = None, side: str | None = None) -> None:
        """Do what the page asked: ``kind`` is one of ``KINDS``, ``amount`` in hundredths of a
        chip, ``side`` a bet spot's name ("Banker"). The engine refuses what the rules refuse."""
        if kind == "REVEALED":
            self._round_shown()
            return
        self._round_shown()  # anything else the page sends means it has stopped revealing
        self._act(kind, amount, side)
        if kind != "NEW_SESSION":  # a new session starts an empty record of its own
            self.log.append([kind, amount, side])  # taken: a saved session replays it
        self._save()

    def _act(self, kind: str, amount: int | None, side: str | None) -> None:
        if kind == "BET":
            self.place_bet(side, amount)
        elif kind == "DEAL":
            self.deal()
        elif kind == "UNDO":
            self.undo_chip()
        elif kind == "CLEAR":
            self.clear()
        elif kind == "REBET":
            self.rebet()
        elif kind == "NEW_SESSION":
            self.new_session()
        else:
            raise BetError(f"This table has no action called “{kind}”.")

    def place_bet(self, spot: BetSpot | str | None, amount: int | None) -> None:
        """Add a chip of ``amount`` hundredths to ``spot``."""
        if spot is None or amount is None:
            raise BetError("Choose a chip and a bet spot to place it on.")
        if amount % CHIP:
            raise BetError(f"A bet is a whole number of chips; {show_chips(amount)} is not.")
        chip = amount // CHIP
        self.session.place_bet(spot, chip)
        spot = spot if isinstance(spot, BetSpot) else BetSpot.from_key(spot)
        self.guard.say(f"{chip} on {spot.value}. On the table: {self.session.total_staked}.")
        self._draw()

    def undo_chip(self) -> None:
        self.session.undo_chip()
        self.guard.say(f"Last chip taken back. On the table: {self.session.total_staked}.")
        self._draw()

    def clear(self) -> None:
        if not self.session.bets:
            raise BetError("There are no chips on the layout.")
        self.session.clear_bets()
        self.guard.say("Your chips are back in front of you.")
        self._draw()

    def rebet(self) -> None:
        self.session.rebet()
        bets = ", ".join(f"{amount} on {spot.value}" for spot, amount in self.session.bets.items())
        self.guard.say(f"Same bets as last round: {bets}.")
        self._draw()

    def deal(self) -> RoundRecord:
        """Deal a round; the page reveals it and says "REVEALED" when it is shown."""
        record = self.session.deal()
        self._showing = record
        self.guard.clear()
        # The tone is the user's result, which the cards in the reveal decide anyway: it tells nothing early.
        tone = ("rising" if record.net > 0 else "falling") if record.bets else None
        reveal = reveal_json(f"{self._sessions}-{record.number}", record.events, 0, f"Round {record.number}",
                             record.number, done=True, tone=tone)
        # Whole chips in the round's record; the page counts hundredths.
        reveal["settlement"] = [settled_bet(event.spot, event.stake * 100, int(event.returned * 100))
                                for event in record.events if isinstance(event, BetSettled)]
        self._draw(reveal)
        return record

    def stage(self, cards: str, seed: int = 0) -> None:
        """A new session whose next deal is ``cards`` (in deal order), the rest of the shoe shuffled
        after them (``seed``): every student who opens the same staged link sees the same coup."""
        settings = self.session.settings
        shoe = Shoe.staged(cards, settings.decks, seed)  # refuses a card string the shoe cannot hold
        self.session = Session(self.variant, settings, shoe=shoe)
        self.resumable = False  # the class's staged coup; the student's own session stays in the browser
        if self.records_built:
            self.settings_view.session = self.session
        self._restart()
        self.guard.say(f"Staged coup: the next deal is {cards}. Place a bet and press Deal.", "done")

    def new_session(self) -> None:
        self._fresh_session(self.session.settings)
        self.guard.say(
            f"New session: {format_chips(self.session.balance)} practice chips and a freshly shuffled shoe.", "done"
        )

    def _fresh_session(self, settings: TableSettings) -> None:
        """A new session under ``settings`` from a fresh root seed, its record empty: the shoe is
        one nobody has seen, whatever record was sent back before."""
        self.seeds, self._start_settings, self.log = [fresh_seed()], settings, []
        self.session = Session(self.variant, settings, seed=self.seeds[0])
        if self.records_built:
            self.settings_view.session = self.session
            self.settings_view.sync()
        self._restart()

    def _restart(self) -> None:
        self._showing = None
        self._sessions += 1
        self._started = time.monotonic()
        if self.records_built:
            self.drawing.value = self.drawing_view.render(None)
        self._refresh_records()
        self._draw(reveal=self._empty_reveal())

    # -- after the page has shown a round ------------------------------------------------------
    def _round_shown(self) -> None:
        record, self._showing = self._showing, None
        if record is None:
            return
        self._show_rule(record)
        self._refresh_records()
        net = record.net
        outcome = record.coup.result.text
        if net > 0:
            self.guard.say(f"{outcome} You are up {format_chips(net)} on this round.", "done")
        elif net < 0:
            self.guard.say(f"{outcome} You are down {format_chips(-net)} on this round.", "info")
        else:
            self.guard.say(f"{outcome} Your stakes came back.", "info")
        reason = self.session.over_reason()
        if reason:
            self.guard.say(f"{outcome} {reason}", "refused")
        self._draw()

    def _show_rule(self, record: RoundRecord | None) -> None:
        """The drawing table's cell for the round's last rule (none before a round)."""
        if not self.records_built or self._replaying:
            return
        steps = steps_from_events(record.events) if record is not None else []
        self.drawing.value = self.drawing_view.render(steps[-1].highlight if steps else None)

    # -- a session kept by the browser ------------------------------------------------------
    @property
    def shoe(self) -> Shoe:
        return self.session.shoe

    def record(self) -> dict:
        """This session as a record to keep (unsealed: :class:`.surface.saving.PlainRecords` or the sealing keep it)."""
        balance = self.session.balance
        # The actions are copied: a record sharing the live log changed under the page's copy when
        # the log grew, so the next save compared equal to it and a plain record was never sent.
        return {"variant": self.variant.key, "seeds": list(self.seeds), "settings": settings_json(self._start_settings),
                "actions": [list(action) for action in self.log], "fingerprint": fingerprint(self.session),
                "summary": f"{self.session.hands_played} hands, balance {format_chips(balance)}"}

    def _save(self) -> None:
        if self.resumable and not self._replaying:
            self.surface.saved = self.keeping.close(self.record())

    def _replay(self, record: dict) -> None:
        actions = checked_actions(record.get("actions"))
        seeds = record_seeds(record)
        reshuffles = Reshuffles(seeds)
        settings = settings_from(record.get("settings"), self._start_settings)
        with self.surface.hold_sync():
            self.seeds, self._start_settings, self.log = seeds[:1], settings, []
            self.session = Session(self.variant, settings, seed=seeds[0])
            self.resumable = True
            if self.records_built:
                self.settings_view.session = self.session
                self.settings_view.sync()
            self._restart()
            # Linear: the actions change the session only; the panels, the drawing table and the
            # seal are built once, at the end (each used to cost a rebuild per round).
            self._replaying = True
            try:
                self._replay_actions(actions, seeds, reshuffles)
            finally:
                self._replaying = False
            check_replayed(self.session, record)
            self._show_rule(self.session.history[-1] if self.session.history else None)
            self._refresh_records()
            self._draw()

    def _replay_actions(self, actions: list[tuple], seeds: list[int], reshuffles: Reshuffles) -> None:
        for kind, first, second in actions:
            if kind == "RESHUFFLE":  # ["RESHUFFLE", index of the seed, None]: a resume happened here
                self.shoe.reshuffle_rest(reshuffles.take(first))
                self.seeds.append(seeds[first])
                self.log.append([kind, first, None])
                continue
            if kind == "SETTING":  # ["SETTING", name, value]
                name = first if isinstance(first, str) else ""
                if self.session.change_settings(**{name: setting_value(self.session.settings, name, second)}):
                    raise unreadable("actions")  # a change that restarts begins a record of its own
                self.log.append(["SETTING", name, second])
                continue
            if kind not in KINDS or kind in ("REVEALED", "NEW_SESSION"):
                raise unreadable("actions")
            self.act(kind, first, second)  # ["BET", hundredths, spot], ["DEAL", None, None]…
            self._round_shown()
        reshuffles.check_all_used()

    def _start_fresh(self) -> None:
        self.resumable = True
        self._fresh_session(self._start_settings)

    def _settings_applied(self, restarted: bool) -> None:
        if restarted:  # a new session, from a fresh root: its record starts empty under these settings
            self._fresh_session(self.session.settings)
            return
        name, value = self.settings_view.last_change
        self.log.append(["SETTING", name, getattr(value, "value", value)])
        self._refresh_records()
        self._draw()
