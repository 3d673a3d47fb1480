"""The playable Chemin de Fer, Banque ouverte and Banque limitée tables.

One view serves the three variants: the engine's seat-banked table says whose
decision is pending and which actions are legal; the view draws the seats, the
bank, the felt and the user's buttons from that, lets the bots (seats 1-5, and
the house) answer their own decisions with a one-line reason, and reveals each
coup's events as they happen. The seats, the felt, the bank and the user's
buttons are one :class:`~baccarat_lessons.widgets.surface.TableSurface`, drawn from
the user's seat view (``table.view(0)``) and the events that seat may read
(``told_events``): a card face down to the user never reaches the browser. Every
click comes back through ``surface.handle`` to :meth:`SeatedTableView.act`; a
refused action shows the engine's sentence and changes nothing.

>>> from baccarat_lessons.engine.shoe import Shoe
>>> view = SeatedTableView("chemin-de-fer", shoe=Shoe.stacked("3S 2H 10D 4C 7H 9D"), seed=5)
>>> view.act("OPEN_BANK", 10 * CHIP)      # you bank 10; Bot 1 covers it and draws on 3
>>> view.act("DRAW")                      # the table forces the banker to draw: 6 against a 7
>>> view.act("REVEALED")                  # the page has shown the coup to its end
>>> view.table.bank, view.surface.presentation["status"][:2]
(1950, [['balance', 'Balance: 90'], ['bank', 'Your bank: 19.50']])
"""

from __future__ import annotations

import random
from html import escape

import ipywidgets as widgets

from ...analysis.banque_banker import ExactBanqueBanker
from ...engine.bots import make_bots, play_bots
from ...engine.errors import DecisionError
from ...engine.events import BetSettled, CardDealt, CoupResult, Hand
from ...engine.money import CHIP, show_chips  # noqa: F401  (CHIP: doctest)
from ...engine.seated import HOUSE, ActionKind, Phase
from ...engine.seated.events import CaptainChanged, PunterNamed
from ...engine.randomness import child_seeds, draw_seed, fresh_seed
from ...engine.replay import fingerprint
from ...engine.seated.script import play_choices, scripted_table
from ...engine.shoe import Shoe
from ...engine.tables import new_table
from ...engine.variants import SEAT_BANKED
from ..drawing_table import DrawingTableView
from ..guard import ActionGuard
from ..steps import steps_from_events
from ..styles import style_widget
from ..surface import TableSurface
from ..surface.saving import (KeptSession, Reshuffles, check_replayed, checked_actions, record_seeds,
                             default_records, unreadable)
from ..surface.scene import card_drawing, control, reveal_json, speeds, view_json
from .decision_words import DEFAULT_AMOUNT, TOOLTIPS, refused_choices, situation
from .history import SeatedHistoryView
from .seats_view import ABOVE, BELOW, bank_text, last_coup_stakes, seat_panel, settlement_moves, status_items
from .styles import seated_style_widget



def hand_order(variant) -> tuple[Hand, ...]:
    """The hands as the felt lays them out, left to right: the players' hand and the bank; or, as the
    banker sees them from the middle of the table, the left tableau, the bank, the right tableau."""
    hands = variant.player_hands
    return (hands[0], Hand.BANKER) if len(hands) == 1 else (Hand.LEFT, Hand.BANKER, Hand.RIGHT)


HAND_ORDERS = {key: hand_order(variant) for key, variant in SEAT_BANKED.items()}
HAND_NAMES = {Hand.PLAYER: "Players", Hand.BANKER: "Banker", Hand.RIGHT: "Right tableau", Hand.LEFT: "Left tableau"}
# Under each tableau, whose right or left it is (the felt shows them as the banker sees them).
SIDE_NOTES = {Hand.RIGHT: " · on the banker's right", Hand.LEFT: " · on the banker's left"}
ABOUT = {
    "chemin-de-fer": "The bank travels round six seats. Bet against it, call banco, say carte or non; as banker, "
                     "follow the table and decide its two optional cells.",
    "banque-ouverte": "One seat banks against two tableaux and draws or stands freely. You bank first and may "
                      "retire between coups; then you captain the right tableau.",
    "banque-limitee": "The house banks every coup against two tableaux, 5 to 25 chips per wager. You captain the "
                      "right tableau while it wins; bet on either side or sit out.",
}
# What the page may ask: the engine's actions, and the table's own buttons ("REVEALED": the page
# has shown a coup to its end).
KINDS = (*(kind.name for kind in ActionKind), "NEXT", "HINT", "NEW_SESSION", "REVEALED")
IDLE_TEXT = "Each card, each bet and each decision of the coup will appear here."
MAX_BOT_ACTIONS = 400  # a coup takes a few dozen decisions; this only stops a runaway loop
SHOWN_BOT_CHOICES = 14


def _panel(*children, css: str = "", flex: str = "1 1 320px") -> widgets.VBox:
    box = widgets.VBox(list(children), layout=widgets.Layout(flex=flex, min_width="0"))
    box.add_class("bl-panel")
    if css:
        box.add_class(css)
    return box


def _row(*children) -> widgets.HBox:
    return widgets.HBox(list(children), layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"))


def user_net(record) -> int:
    """What a finished coup won or lost you: your bets' results, and as banker the bank's
    gain less the commission (part of it may have been settled early, by a tableau natural)."""
    net = 0
    for event in record.events:
        if not isinstance(event, BetSettled):
            continue
        seat = getattr(event, "seat", 0 if event.spot in ("You", "Your") else None)
        if seat == 0:
            net += event.returned - event.stake
        elif record.banker == 0:
            net += event.stake - event.returned
    return net - record.commission if record.banker == 0 else net


def choice_words(choice) -> str:
    """A bot's action in a few words: 'Bet 10 on the right', 'Draw'."""
    words = choice.kind.value
    if choice.amount is not None and choice.kind.takes_amount:
        words += f" {show_chips(choice.amount)}"
    if choice.side is not None:
        words += f" on the {choice.side.value.split()[0].lower()}"
    return words


class SeatedTableView(KeptSession):
    """A seat-banked table for the user (seat 0) and five bots; display ``widget``.

    ``seed`` (an int or a ``random.Random``) makes the shoes and the bots reproducible; ``shoe`` deals a given
    (e.g. stacked) shoe in the first session. ``deal_speed`` is the page's pace for revealing a coup.
    ``keeping``: how the page keeps the session's record (:func:`..surface.saving.default_records`).
    """

    def __init__(self, variant: str = "chemin-de-fer", seed=None, shoe: Shoe | None = None,
                 deal_speed: str = "normal", banque_banker: str = "exact", keeping=None):
        if variant not in SEAT_BANKED:
            raise ValueError(f"{variant!r} is not a seat-banked variant: use one of {', '.join(SEAT_BANKED)}.")
        self.key = variant
        self.variant = SEAT_BANKED[variant]
        self.keeping = keeping or default_records()  # sealed on a server, plain in the browser edition
        if isinstance(seed, random.Random):  # the app hands every table one shared generator
            seed = draw_seed(seed)
        # Whole-number seeds, so the session can be kept as a record and replayed (see record): the
        # session's root, then one per resume (see surface.saving).
        self.seeds = [fresh_seed() if seed is None else int(seed)]
        self.log: list[list] = []  # the user's accepted actions, in order: what a saved session replays
        self.resumable = shoe is None  # a stacked or staged shoe is not the seed's: it is not kept
        self._exact_banker = banque_banker == "exact" and self.variant.tableau_count == 2
        self.deal_speed = deal_speed
        self.guard = ActionGuard()
        self.surface = TableSurface(self.guard, on_message=lambda m: self.act(m.kind, m.amount, m.side),
                                    kinds=KINDS, sides=[hand.value for hand in self.variant.player_hands])
        self.surface.on_resume = self.guard.wrap(self.resume)
        self.bot_choices: list[tuple[int, int, object]] = []  # (coup number, seat, BotChoice), newest last
        self._message: tuple[str, str] | None = None  # said once the page has shown the coup
        self._showing = False  # a finished coup the page has not shown to its end yet
        # A finished coup's hands and the captions it was played with: kept while those hands are on the felt.
        self._captions: tuple[tuple, dict] | None = None
        self._hint = ""
        self._sessions = 0
        self._replaying = False  # a kept session is being replayed: the page, the records and the seal wait
        self._new_table(shoe)
        other = "Punter" if self.variant.tableau_count == 1 else "Tableau"
        self.drawing_view = DrawingTableView(self.variant.drawing, other_hand=other)
        self.drawing = widgets.HTML(self.drawing_view.render(None))
        self.drawing.add_class("bl-drawing-view")
        self.bot_log = widgets.HTML()
        self.bot_log.add_class("bl-bot-log")
        self.history_view = SeatedHistoryView()
        self.widget = self._layout()
        self._reveal = self._reveal_now()
        self._refresh()
        self._greet()

    # -- building -------------------------------------------------------------------------
    def _new_table(self, shoe: Shoe | None = None) -> None:
        table_seed, bot_seed = child_seeds(self.seeds[0], 2)
        self.table = (new_table(self.variant, shoe=shoe) if shoe is not None
                      else new_table(self.variant, seed=table_seed))
        self.bots = make_bots(bot_seed)
        self.banque_banker = ExactBanqueBanker() if self._exact_banker else None

    def _layout(self) -> widgets.VBox:
        title = widgets.HTML(
            f'<div class="bl-table-head"><div class="bl-title">{escape(self.variant.name)} table</div>'
            f'<p class="bl-note">{escape(ABOUT[self.key])} Virtual practice chips only: no money, no prizes.</p></div>'
        )
        guidance = widgets.HTML("" if self.variant.tableau_count == 1 else (
            '<p class="bl-note">The Banque banker is not bound by this table: it shows the guidance '
            "a tableau follows and the Chemin de Fer banker's table, for comparison.</p>"))
        records = _row(_panel(self.bot_log, flex="1 1 320px"), _panel(self.history_view.widget, flex="2 1 420px"),
                       _panel(guidance, self.drawing, css="bl-drawing-panel", flex="0 1 auto"))
        root = widgets.VBox([style_widget(), seated_style_widget(), title, self.guard.error_log,
                             _panel(self.surface, css="bl-play", flex="1 1 100%"), records])
        root.add_class("bl-table")
        root.add_class(f"bl-table-{self.key}")
        root.add_class("bl-table-seated")
        return root

    # -- reading the state ------------------------------------------------------------------
    @property
    def is_revealing(self) -> bool:
        """A finished coup is on its way to the page, which has not shown it to the end yet."""
        return self._showing

    # -- the one entry point for the page's messages ---------------------------------------
    def act(self, kind: ActionKind | str, amount: int | None = None, side: Hand | str | None = None) -> None:
        """Do what the page asked: an engine action (an :class:`ActionKind` or its name, with
        ``amount`` in hundredths and ``side`` a tableau), or "NEXT", "HINT", "NEW_SESSION",
        "REVEALED". The engine checks the action; then the bots answer theirs."""
        name = kind.name if isinstance(kind, ActionKind) else kind
        if name == "REVEALED":
            self._coup_shown()
            return
        self._coup_shown()  # anything else the page sends means it has stopped revealing
        self._act(name, amount, side)
        if name not in ("HINT", "NEW_SESSION"):  # a hint changes nothing; a new session starts an empty record
            self.log.append([name, amount, side.value if isinstance(side, Hand) else side])
            self._save()

    def _act(self, name: str, amount: int | None, side: Hand | str | None) -> None:
        if name == "NEXT":
            self.next_coup()
        elif name == "HINT":
            self.hint()
        elif name == "NEW_SESSION":
            self.new_session()
        else:
            side = Hand(side) if isinstance(side, str) else side
            coups_before, holders = self.table.coups_played, self._holders()
            self.table.act(ActionKind[name], amount, side, seat=0)
            self.guard.clear()  # the prompt that asked for this action is answered
            self._advance(coups_before, holders)

    def next_coup(self) -> None:
        """Let the bots act until the user must decide, or one more coup is over."""
        turn = self.table.view(0).turn
        if turn is None or turn.seat == 0:
            raise DecisionError("It is your decision, or the table is over.")
        self._advance(self.table.coups_played, self._holders())

    def hint(self) -> None:
        """As Banque banker: show what the exact-value banker (lesson 14) reckons each choice is worth."""
        turn = self.table.view(0).turn
        if turn is None or not turn.actions or turn.kind != "BANQUE_BANKER_DRAW":
            raise DecisionError("The exact banker's view helps only when you hold the Banque bank and must "
                                "choose to draw or stand.")
        advice = ExactBanqueBanker().choose(self.table.window(0)).reason
        self._hint = ("The exact-value banker counts every card you have not seen (the shoe and the tableaux' "
                      f"face-down cards) and says: “{advice}” The choice is yours.")
        self._refresh()

    def stage(self, cards: str, role: str, choices: dict | None = None, seed: int = 0) -> None:
        """A staged coup (see :func:`~baccarat_lessons.engine.seated.script.scripted_table`): ``cards``
        in deal order, you as ``role``, the ``choices`` up to the moment to discuss already taken; the
        bots (seeded by ``seed``) answer what is theirs, so every student sees the same situation."""
        table = scripted_table(self.variant, cards, role, go_on=True, seed=seed)  # refuses a bad script
        play_choices(table, choices or {})
        self.resumable = False  # the class's staged coup; the student's own session stays in the browser
        self.table, self.bots = table, make_bots(seed)
        self.banque_banker = ExactBanqueBanker() if self._exact_banker else None
        self._restart()
        self._advance(table.coups_played, self._holders())
        self._coup_shown()
        # The cards are not repeated here: the others' face-down cards are not yours to read.
        self.guard.say(f"Staged coup: you as {role}. {self.where_it_stands()}", "done")

    def where_it_stands(self) -> str:
        """Where the table stands, in a sentence: the coup's result, or whose turn it is."""
        view = self.table.view(0)
        if self.table.coups_played:
            return self._coup_message()[0]
        if view.turn is not None and view.turn.seat == 0:
            return f"Your turn: {view.turn.prompt}."
        return f"{self._who(view.turn.seat)} decides next." if view.turn else ""

    # -- a session kept by the browser ------------------------------------------------------
    @property
    def shoe(self) -> Shoe:
        return self.table.shoe

    def record(self) -> dict:
        """This session as a record to keep (unsealed: :class:`..surface.saving.PlainRecords` or the sealing keep it)."""
        you = self.table.view(0).seats[0]
        return {"variant": self.key, "seeds": list(self.seeds), "actions": [list(action) for action in self.log],
                "fingerprint": fingerprint(self.table),
                "summary": f"{self.table.coups_played} coups, balance {show_chips(you.balance)}"}

    def _save(self) -> None:
        if self.resumable and not self._replaying:
            self.surface.saved = self.keeping.close(self.record())

    def _start_fresh(self) -> None:
        """A new session on a new random shoe (a kept session that could not be resumed)."""
        self.resumable = True
        self.new_session()

    def _replay(self, record: dict) -> None:
        actions = checked_actions(record.get("actions"))
        seeds = record_seeds(record)
        reshuffles = Reshuffles(seeds)
        with self.surface.hold_sync():
            self.seeds = seeds[:1]
            self._new_table()
            self.log, self.resumable = [], True
            self._restart()
            # Linear: the actions change the table only; what the page and the records show, and
            # the seal, are built once at the end (each used to cost a rebuild per action).
            self._replaying = True
            try:
                self._replay_actions(actions, seeds, reshuffles)
            finally:
                self._replaying = False
            check_replayed(self.table, record)
            if self.table.last_coup is not None:
                self.drawing.value = self.drawing_view.render(self._rule_cell(self.table.last_coup))
            self._refresh()

    def _replay_actions(self, actions: list[tuple], seeds: list[int], reshuffles: Reshuffles) -> None:
        for kind, amount, side in actions:
            if kind == "RESHUFFLE":  # ["RESHUFFLE", index of the seed, None]: a resume happened here
                self.shoe.reshuffle_rest(reshuffles.take(amount))
                self.seeds.append(seeds[amount])
                self.log.append([kind, amount, None])
                continue
            if kind not in KINDS or kind in ("REVEALED", "HINT", "NEW_SESSION"):
                raise unreadable("actions")
            self.act(kind, amount, side)
            self._coup_shown()
        reshuffles.check_all_used()

    def new_session(self) -> None:
        """A new session from a fresh root seed, its record empty: a shoe nobody has seen."""
        self.seeds, self.log = [fresh_seed()], []
        self._new_table()
        self._restart()
        self._refresh()
        self.guard.say("New session: 100 practice chips at every seat and a freshly shuffled shoe.", "done")

    def _restart(self) -> None:
        self.bot_choices, self._showing, self._captions, self._message = [], False, None, None
        self._sessions += 1
        self._reveal = self._reveal_now(start=0)
        self.drawing.value = self.drawing_view.render(None)

    # -- the bots and the reveal ----------------------------------------------------------------------
    def _advance(self, coups_before: int, holders_before: dict | None = None) -> None:
        table = self.table
        self._hint = ""
        for _ in range(MAX_BOT_ACTIONS):
            decision = table.pending
            if decision is None or decision.seat == 0 or table.coups_played > coups_before:
                break
            # Counted before the action (which may finish the coup); a bank decision belongs to the next coup.
            number = table.coup_number + (table.phase in (Phase.BANKING, Phase.ROTATION))
            for seat, choice in play_bots(table, self.bots, banker=self.banque_banker, stop_at=0, limit=1):
                self.bot_choices.append((number, seat, choice))
        self.bot_choices = self.bot_choices[-SHOWN_BOT_CHOICES:]
        finished = table.coups_played > coups_before
        if finished:
            record = table.last_coup
            self._message = self._coup_message()
            # A finished coup keeps the captions it was played with (a beaten captain passes the cards on).
            self._captions = (table.view(0).hands, self._holders_of(record, holders_before))
            self._showing = True
            reveal_id = f"{self._sessions}-{record.number}"
            self._reveal = reveal_json(reveal_id, record.events, 0, f"Coup {record.number}", record.number,
                                       done=True, revealed=frozenset(Hand))
            # What followed at once (the bank passing on, a new offer) closes the coup's story.
            after = reveal_json(reveal_id, table.events, 0, "", None, done=True, revealed=self._revealed())
            self._reveal["events"] += after["events"]
            self._reveal["settlement"] = settlement_moves(record, self._who)
        else:
            self._reveal = self._reveal_now()
            if self._your_turn() is not None:
                self.guard.say(f"Your turn: {self._your_turn().prompt}.")
        self._refresh()

    def _reveal_now(self, start: int | None = None) -> dict:
        """The coup in play as the user may read it; a new coup's reveal starts from its first event."""
        table = self.table
        number = table.coup_number
        label = f"Coup {number}" if table.hands or table.stakes else ""
        reveal = reveal_json(f"{self._sessions}-{number}", table.events, 0, label, number, done=False,
                             revealed=self._revealed())
        if start is not None:
            reveal["start"] = start
        return reveal

    def _coup_shown(self) -> None:
        """The page has shown the finished coup (or moved on): say how it went, show the records."""
        if not self._showing:
            return
        self._showing = False
        record = self.table.last_coup
        if not self._replaying:
            self.drawing.value = self.drawing_view.render(self._rule_cell(record))
        self._refresh()  # the finished coup stays on the felt until the next one's cards are dealt
        if self._message:
            self.guard.say(*self._message)
            self._message = None
        reason = self.table.view(0).over_reason
        if reason:
            self.guard.say(f"{reason} Press New session to play again.", "refused")

    def _rule_cell(self, record):
        """The drawing table's cell for the coup's last rule (None: no rule fired)."""
        steps = steps_from_events(record.events, HAND_ORDERS[self.key])
        highlights = [step.highlight for step in steps if step.highlight is not None]
        return highlights[-1] if highlights else None

    def _coup_message(self) -> tuple[str, str]:
        record = self.table.last_coup
        results = " ".join(event.text for event in record.events if isinstance(event, CoupResult))
        results = results or "Nobody bet this coup."
        net = user_net(record)
        if net > 0:
            return f"{results} You are up {show_chips(net)} on this coup.", "done"
        if net < 0:
            return f"{results} You are down {show_chips(-net)} on this coup.", "info"
        return f"{results} Your chips are unchanged.", "info"

    def _holders(self) -> dict[Hand, int]:
        """The seat that holds each hand now, from the seats' public roles in the user's view."""
        view = self.table.view(0)
        holders = {}
        for hand in HAND_ORDERS[self.key]:
            seat = view.banker if hand is Hand.BANKER else self._captain_or_punter(view, hand)
            if seat is not None:
                holders[hand] = seat
        return holders

    @staticmethod
    def _captain_or_punter(view, hand: Hand) -> int | None:
        """The seat that holds a players' hand or tableau, from the seats' public roles."""
        role = "punter" if hand is Hand.PLAYER else f"captain of the {hand.value.split()[0].lower()}"
        return next((seat.index for seat in view.seats if role in seat.roles), None)

    def _holders_of(self, record, before: dict | None) -> dict[Hand, int]:
        """Who held each hand in a finished coup, from its own events: who banked, who was named
        punter, who held each tableau when the cards went out."""
        holders = {**self._holders(), **(before or {})}
        if record.banker is not None:
            holders[Hand.BANKER] = record.banker
        for event in record.events:
            if isinstance(event, CardDealt):
                break  # captains change after the deal only when a side has lost
            if isinstance(event, CaptainChanged) and event.seat is not None:
                holders[event.side] = event.seat
        for event in record.events:
            if isinstance(event, PunterNamed):
                holders[Hand.PLAYER] = event.seat
        return holders

    def _caption(self, hand: Hand, now: int | None, played: int | None) -> str:
        """Under a hand: who holds it, in the words of the seat panels' roles; under a finished coup's
        cards whose holder has changed since, who played them and where they went (the seats and the
        status line already name the new holder)."""
        role = "Banker" if hand is Hand.BANKER else ("Punter" if hand is Hand.PLAYER else "Captain")
        side = SIDE_NOTES.get(hand, "")
        if played is not None and now is not None and played != now:
            goes = "the bank passes" if hand is Hand.BANKER else "the cards pass"
            return f"{role} this coup: {self._who(played)}; {goes} to {self._who(now)}{side}"
        holder = played if played is not None else now
        return "" if holder is None else f"{role}: {self._who(holder)}{side}"

    def _yours(self, hand: Hand, holders: dict[Hand, int]) -> bool:
        """Whether the user holds ``hand`` on the felt: the holder of its dealt cards, else its holder now."""
        dealt = next((shown for shown in self.table.view(0).hands if shown.hand == hand.value), None)
        return (dealt.holder if dealt is not None else holders.get(hand)) == 0

    # -- drawing the state ----------------------------------------------------------------------------
    def _hands(self) -> list[dict]:
        # Under a finished coup's cards, who held them then; once they are gone, who holds the hands now.
        played_hands, played = self._captions or ((), None)
        on_felt = played is not None and self.table.view(0).hands == played_hands
        now = self._holders()
        hands = []
        for hand in HAND_ORDERS[self.key]:
            label = HAND_NAMES[hand]
            hands.append({"name": hand.value, "key": hand.name.lower(), "label": label,
                          "caption": self._caption(hand, now.get(hand), played.get(hand) if on_felt else None),
                          "wins": f"{label} {'win' if hand is Hand.PLAYER else 'wins'}",
                          "yours": self._yours(hand, now)})
        return hands

    def _presentation(self, view) -> dict:
        reasons = self._reasons()
        last = last_coup_stakes(self.table.last_coup) if not view.stakes else {}
        turn = view.turn
        waiting_for_bots = turn is not None and turn.seat != 0
        banker_choice = turn is not None and turn.seat == 0 and turn.kind == "BANQUE_BANKER_DRAW"
        controls = [control("NEXT", "Next coup", "bl-next-coup",
                            None if waiting_for_bots else "It is your decision, or the table is over.",
                            "Let the bots play on until it is your turn.", primary=True)]
        if banker_choice:
            controls.append(control("HINT", "Exact banker's view", "bl-hint", None,
                                    "What drawing and standing are each worth to the bank, counted exactly."))
        controls.append(control("NEW_SESSION", "New session", "bl-new-session", None,
                                "Start again: 100 chips at every seat and a fresh shoe."))
        stakes = [{"hand": stake.hand, "amount": stake.amount, "who": self._who(stake.seat)} for stake in view.stakes]
        return {
            "layout": "seated", "variant": self.key, "hands": self._hands(), **card_drawing(),
            "status": status_items(view), "seats": [seat_panel(view, i, reasons, last) for i in range(len(view.seats))],
            "seats_above": list(ABOVE), "seats_below": list(BELOW),
            "bank": bank_text(view), "bank_amount": view.bank if view.banker not in (None, HOUSE) else 0,
            "stakes": stakes, "chips": [{"value": value, "enabled": True, "tooltip": f"Put {value} in the box."}
                                        for value in self.variant.stakes],
            "chip": self.variant.stakes[0], "denominations": sorted({1, *self.variant.stakes}),
            "default_amounts": DEFAULT_AMOUNT, "tooltips": TOOLTIPS, "controls": controls,
            "situation": situation(view) if turn is not None and turn.actions else "",
            "refused": refused_choices(view),
            "amount_kinds": [kind.name for kind in ActionKind if kind.takes_amount],
            "hint": self._hint, "speed": self.deal_speed, "speeds": speeds(), "idle": IDLE_TEXT,
            "resumable": self.resumable,
        }

    def _refresh(self) -> None:
        """Send the user's view, its presentation and the coup to the page; update the records."""
        if self._replaying:
            return
        view = self.table.view(0)
        self.surface.draw(view_json(view), self._presentation(view), self._reveal)
        self._save()
        if not self._showing:
            self.history_view.update(self.table.history, self._who)
            self.bot_log.value = self._bot_log_html()

    def _told(self, number: int, seat: int, choice) -> str:
        """A bot's reason as you may read it: resting on its face-down cards, it waits for them to turn over."""
        record = self.table.last_coup
        finished = record is not None and number <= record.number
        return choice.told(0, seat, frozenset(Hand) if finished else self._revealed())

    def _reasons(self) -> dict[int, str]:
        """Each bot's last reason in the coup on the felt, for its seat panel (older ones are in the log)."""
        shown = self._coup_on_felt()
        return {seat: self._told(number, seat, choice) for number, seat, choice in self.bot_choices
                if seat >= 0 and number == shown}

    def _coup_on_felt(self) -> int:
        """The coup whose bots' reasons the seats show: the coup in play once a bot has spoken in it
        (a bank decision belongs to the coup it opens); before that, a finished coup whose cards are
        still on the felt."""
        table = self.table
        current = table.coup_number + (table.phase in (Phase.BANKING, Phase.ROTATION))
        if any(number == current for number, _, _ in self.bot_choices):
            return current
        played_hands, _ = self._captions or ((), None)
        if table.last_coup is not None and played_hands and table.view(0).hands == played_hands:
            return table.last_coup.number
        return current

    def _who(self, seat: int) -> str:
        """A seat's name on your screen: 'You' for yours."""
        return "The house" if seat == HOUSE else "You" if seat == 0 else self.table.name_of(seat)

    def _greet(self) -> None:
        turn = self._your_turn()
        if turn is not None:
            self.guard.say(f"Your turn: {turn.prompt}.")

    def _your_turn(self):
        """Your pending decision, from your view (None while another seat decides or the table is over)."""
        turn = self.table.view(0).turn
        return turn if turn is not None and turn.actions else None

    def _revealed(self) -> frozenset:
        """The hands turned over so far this coup, as your view shows them."""
        return frozenset(Hand(hand.hand) for hand in self.table.view(0).hands if hand.turned_over)

    def _bot_log_html(self) -> str:
        if not self.bot_choices:
            return '<div class="bl-bot-log-box"><h4>The bots’ decisions</h4><p>None yet.</p></div>'
        items = "".join(
            f'<li><span class="bl-bot-name">{escape(self._who(seat))}</span> (coup {number}): '
            f'{escape(choice_words(choice))}: {escape(self._told(number, seat, choice))}</li>'
            for number, seat, choice in reversed(self.bot_choices)
        )
        return f'<div class="bl-bot-log-box"><h4>The bots’ decisions, newest first</h4><ol>{items}</ol></div>'
