"""The playable Chemin de Fer, Banque ouverte and Banque limitée tables.

One view serves the three variants: the engine's seat-banked table says whose
decision is pending and which actions are legal; the view draws the seats, the
bank, the felt and the user's buttons from that, lets the bots (seats 1-5, and
the house) answer their own decisions with a one-line reason, and reveals each
coup's events as they happen. Every callback goes through one
:class:`~baccarat_lessons.widgets.guard.ActionGuard`: a refused action shows the
engine's sentence and changes nothing.

The screen is drawn from the user's seat view (``table.view(0)``) and the events
that seat may see (``seen_events``): a card face down to the user never reaches it.

>>> from baccarat_lessons.engine.shoe import Shoe
>>> view = SeatedTableView("chemin-de-fer", shoe=Shoe.stacked("3S 2H 10D 4C 7H 9D"), seed=5, deal_speed="instant")
>>> view.bar.amount.value = 10
>>> view.bar.button(ActionKind.OPEN_BANK).click()      # you bank 10; Bot 1 covers it and draws on 3
>>> view.bar.button(ActionKind.DRAW).click()           # the table forces the banker to draw: 6 against a 7
>>> 'data-round="1"' in view.reveal.log.value, view.table.bank, "Your bank: 19.50" in view.balance.value
(True, 1950, True)
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets
import numpy as np

from ...analysis.banque_banker import ExactBanqueBanker
from ...engine.bots import make_bots, play_bots
from ...engine.errors import DecisionError
from ...engine.events import BetSettled, CardDealt, CoupResult, Hand
from ...engine.money import show_chips
from ...engine.seated import HOUSE, ActionKind, Phase
from ...engine.seated.events import CaptainChanged, PunterNamed
from ...engine.seated.script import play_choices, scripted_table
from ...engine.seated.view import seen_events
from ...engine.settings import DEAL_SPEED_CHOICES
from ...engine.shoe import Shoe
from ...engine.variants import SEAT_BANKED
from ..card_svg import PlayingCardSVG
from ..drawing_table import DrawingTableView
from ..guard import ActionGuard
from ..stepper import step_delay
from ..styles import style_widget
from .decision_bar import DecisionBar
from .felt import SeatedFelt
from .history import SeatedHistoryView
from .reveal import CoupReveal
from .seats_view import ABOVE, BELOW, bank_html, last_coup_stakes, seats_html, status_html
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
SPEEDS = [(speed.capitalize(), speed) for speed in DEAL_SPEED_CHOICES]  # one order for every table
MAX_REVEAL_SECONDS = 4.0  # the longest a stretch of the coup takes to appear, whatever the speed
MAX_BOT_ACTIONS = 400  # a coup takes a few dozen decisions; this only stops a runaway loop
SHOWN_BOT_CHOICES = 14


def _button(description: str, css: str, tooltip: str, style: str = "") -> widgets.Button:
    button = widgets.Button(description=description, tooltip=tooltip, button_style=style,
                            layout=widgets.Layout(width="auto", min_width="7em"))
    button.add_class(css)
    return button


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


class SeatedTableView:
    """A seat-banked table for the user (seat 0) and five bots; display ``widget``.

    ``seed`` (an int or a numpy Generator) makes the shoes and the bots reproducible; ``shoe`` deals a given
    (e.g. stacked) shoe in the first session. ``deal_speed`` is the reveal's pace
    ("instant" shows each step at once).
    """

    def __init__(self, variant: str = "chemin-de-fer", seed=None, shoe: Shoe | None = None,
                 deal_speed: str = "fast", banque_banker: str = "exact"):
        if variant not in SEAT_BANKED:
            raise ValueError(f"{variant!r} is not a seat-banked variant: use one of {', '.join(SEAT_BANKED)}.")
        self.key = variant
        self.variant = SEAT_BANKED[variant]
        if isinstance(seed, np.random.Generator):  # the app hands every table one shared generator
            seed = int(seed.integers(2**63))
        self._seeds = np.random.SeedSequence(seed)
        self._exact_banker = banque_banker == "exact" and self.variant.tableau_count == 2
        self.guard = ActionGuard()
        wrap = self.guard.wrap
        self.bot_choices: list[tuple[int, int, object]] = []  # (coup number, seat, BotChoice), newest last
        self._message: tuple[str, str] | None = None
        self.turn = 0  # redraws so far, shown as data-turn for browser tests
        self._new_table(shoe)

        self.balance = widgets.HTML()
        self.balance.add_class("bl-balance")
        self.bank = widgets.HTML()
        self.seats_above = widgets.HTML()
        self.seats_below = widgets.HTML()
        for box in (self.seats_above, self.seats_below):
            box.add_class("bl-seats")
        hand_order = HAND_ORDERS[variant]
        self.felt_view = SeatedFelt(PlayingCardSVG(), hand_order, {h: HAND_NAMES[h] for h in hand_order})
        other = "Punter" if self.variant.tableau_count == 1 else "Tableau"
        self.reveal = CoupReveal(self.felt_view, DrawingTableView(self.variant.drawing, other_hand=other), wrap=wrap,
                                 on_done=self._reveal_done)
        self.bar = DecisionBar(self.variant.stakes, on_action=self._act_from_bar, wrap=wrap)
        self.next_button = _button("Next coup", "bl-next-coup", "Let the bots play on until it is your turn.",
                                   "success")
        self.skip_button = _button("Show all", "bl-skip", "Show the rest of this coup at once.")
        self.new_session_button = _button("New session", "bl-new-session",
                                          "Start again: 100 chips at every seat and a fresh shoe.", "warning")
        self.next_button.on_click(wrap(lambda _b: self.next_coup()))
        self.skip_button.on_click(wrap(lambda _b: self.reveal.finish()))
        self.new_session_button.on_click(wrap(lambda _b: self.new_session()))
        self.hint_button = _button("Exact banker's view", "bl-hint",
                                   "What drawing and standing are each worth to the bank, counted exactly.")
        self.hint_button.on_click(wrap(lambda _b: self.hint()))
        self.speed = widgets.Dropdown(options=SPEEDS, value=deal_speed, description="Deal speed",
                                      style={"description_width": "initial"}, layout=widgets.Layout(width="14em"))
        self.speed.add_class("bl-speed")
        self.bot_log = widgets.HTML()
        self.bot_log.add_class("bl-bot-log")
        self.history_view = SeatedHistoryView()
        self.widget = self._layout()
        self._refresh()
        self._greet()

    # -- building -------------------------------------------------------------------------
    def _new_table(self, shoe: Shoe | None = None) -> None:
        table_seed, bot_seed = (int(x) for x in self._seeds.spawn(1)[0].generate_state(2))
        self.table = (self.variant.new_table(shoe=shoe) if shoe is not None
                      else self.variant.new_table(seed=table_seed))
        self.bots = make_bots(bot_seed)
        self.banque_banker = ExactBanqueBanker() if self._exact_banker else None

    def _layout(self) -> widgets.VBox:
        title = widgets.HTML(
            f'<div class="bl-title">{escape(self.variant.name)} table</div>'
            f'<p class="bl-note">{escape(ABOUT[self.key])} Virtual practice chips only: no money, no prizes.</p>'
        )
        actions = widgets.HBox([self.next_button, self.hint_button, self.skip_button, self.speed,
                                self.new_session_button],
                               layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        actions.add_class("bl-actions")
        play = _panel(self.seats_above, self.bank, self.reveal.felt, self.seats_below, self.bar.widget, actions,
                      css="bl-play", flex="1 1 100%")
        guidance = widgets.HTML("" if self.variant.tableau_count == 1 else (
            '<p class="bl-note">The Banque banker is not bound by this table: it shows the guidance '
            "a tableau follows and the Chemin de Fer banker's table, for comparison.</p>"))
        coup = _row(_panel(self.reveal.log, css="bl-reveal-panel"),
                    _panel(guidance, self.reveal.drawing, css="bl-drawing-panel", flex="0 1 auto"))
        records = _row(_panel(self.bot_log, flex="1 1 320px"), _panel(self.history_view.widget, flex="2 1 420px"))
        root = widgets.VBox([style_widget(), seated_style_widget(), title, self.balance, self.guard.message,
                             self.guard.error_log, play, coup, records])
        root.add_class("bl-table")
        root.add_class(f"bl-table-{self.key}")
        root.add_class("bl-table-seated")
        return root

    # -- reading the state ------------------------------------------------------------------
    @property
    def is_revealing(self) -> bool:
        return self.reveal.is_playing

    # -- actions (each is also a callback, through the guard) --------------------------------------
    def act(self, kind: ActionKind, side: Hand | None = None, amount=None) -> None:
        """Take the user's action (checked by the engine), then let the bots answer theirs."""
        self.reveal.finish()
        coups_before, holders = self.table.coups_played, self._holders()
        self.table.act(kind, amount, side, seat=0)
        self.guard.clear()  # the prompt that asked for this action is answered
        self._advance(coups_before, holders)

    def _act_from_bar(self, kind: ActionKind, side: Hand | None, amount) -> None:
        self.act(kind, side, amount)

    def next_coup(self) -> None:
        """Let the bots act until the user must decide, or one more coup is over."""
        self.reveal.finish()
        self._advance(self.table.coups_played, self._holders())

    def hint(self) -> None:
        """As Banque banker: show what the exact-value banker (lesson 11) reckons each choice is worth."""
        turn = self.table.view(0).turn
        if turn is None or not turn.actions or turn.kind != "BANQUE_BANKER_DRAW":
            raise DecisionError("The exact banker's view helps only when you hold the Banque bank and must "
                                "choose to draw or stand.")
        advice = ExactBanqueBanker().choose(self.table.window(0)).reason
        hint = ("The exact-value banker counts every card you have not seen (the shoe and the tableaux' "
                f"face-down cards) and says: “{advice}” The choice is yours.")
        self.guard.say(hint)
        self.bar.show_hint(hint)

    def stage(self, cards: str, role: str, choices: dict | None = None, seed: int = 0) -> None:
        """A staged coup (see :func:`~baccarat_lessons.engine.seated.script.scripted_table`): ``cards``
        in deal order, you as ``role``, the ``choices`` up to the moment to discuss already taken; the
        bots (seeded by ``seed``) answer what is theirs, so every student sees the same situation."""
        table = scripted_table(self.variant, cards, role, go_on=True, seed=seed)  # refuses a bad script
        play_choices(table, choices or {})
        self.reveal.finish()
        self.table, self.bots = table, make_bots(seed)
        self.banque_banker = ExactBanqueBanker() if self._exact_banker else None
        self.bot_choices = []
        self.reveal.reset()
        self._advance(table.coups_played, self._holders())
        self.reveal.finish()
        self._refresh()
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

    def new_session(self) -> None:
        self.reveal.finish()
        self._new_table()
        self.bot_choices = []
        self.reveal.reset()
        self._refresh()
        self.guard.say("New session: 100 practice chips at every seat and a freshly shuffled shoe.", "done")

    # -- the bots and the reveal ----------------------------------------------------------------------
    def _advance(self, coups_before: int, holders_before: dict | None = None) -> None:
        table = self.table
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
        self._message = self._coup_message() if finished else None
        # A finished coup keeps the captions it was played with (a beaten captain passes the cards on).
        self._set_captions(self._holders_of(table.last_coup, holders_before) if finished else None)
        if finished:
            record = table.last_coup
            # A finished coup is all turned over; what follows it (a new bank, a new coup) is not.
            events = list(record.events) + seen_events(table.events, 0, self._revealed())
            self.reveal.show_events(events, done=True, delay=self._delay(), label=f"Coup {record.number}",
                                    number=record.number, max_seconds=MAX_REVEAL_SECONDS)
        else:
            label = f"Coup {table.coup_number}" if table.hands or table.stakes else ""
            self.reveal.show_events(seen_events(table.events, 0, self._revealed()), done=False,
                                    delay=self._delay(), label=label, max_seconds=MAX_REVEAL_SECONDS)
        if self.is_revealing:
            self._refresh()  # lock the buttons until the reveal ends

    def _delay(self) -> float:
        return step_delay(self.speed.value, False)

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

    def _holders(self) -> dict[Hand, str]:
        """The caption under each hand: who holds it now (from the user's view)."""
        view = self.table.view(0)
        holders = {}
        for hand in HAND_ORDERS[self.key]:
            seat = view.banker if hand is Hand.BANKER else self._captain_or_punter(view, hand)
            if seat is None:
                continue
            role = "Banker" if hand is Hand.BANKER else ("Punter" if hand is Hand.PLAYER else "Captain")
            holders[hand] = f"{role}: {self._who(seat)}{SIDE_NOTES.get(hand, '')}"
        return holders

    @staticmethod
    def _captain_or_punter(view, hand: Hand) -> int | None:
        """The seat that holds a players' hand or tableau, from the seats' public roles."""
        role = "punter" if hand is Hand.PLAYER else f"captain of the {hand.value.split()[0].lower()}"
        return next((seat.index for seat in view.seats if role in seat.roles), None)

    def _holders_of(self, record, before: dict | None) -> dict[Hand, str]:
        """The captions of a finished coup as it was played, from its own events: who banked,
        who was named punter, who held each tableau when the cards went out."""
        holders = {**self._holders(), **(before or {})}
        if record.banker is not None:
            holders[Hand.BANKER] = f"Banker: {self._who(record.banker)}"
        for event in record.events:
            if isinstance(event, CardDealt):
                break  # captains change after the deal only when a side has lost
            if isinstance(event, CaptainChanged) and event.seat is not None:
                holders[event.side] = f"Captain: {self._who(event.seat)}{SIDE_NOTES[event.side]}"
        for event in record.events:
            if isinstance(event, PunterNamed):
                holders[Hand.PLAYER] = f"Punter: {self._who(event.seat)}"
        return holders

    def _set_captions(self, holders: dict | None = None) -> None:
        self.felt_view.holders = holders if holders is not None else self._holders()
        self.felt_view.peek = frozenset(  # the user's own hand, still face down to the others
            Hand(hand.hand) for hand in self.table.view(0).hands if hand.holder == 0 and not hand.turned_over
        )

    def _reveal_done(self) -> None:
        self._refresh()
        self._keep_focus()
        if self._message:
            self.guard.say(*self._message)
            self._message = None
        elif self._your_turn() is not None:
            self.guard.say(f"Your turn: {self._your_turn().prompt}.")
        reason = self.table.view(0).over_reason
        if reason:
            self.guard.say(f"{reason} Press New session to play again.", "refused")

    # -- drawing the state ----------------------------------------------------------------------------
    def _refresh(self) -> None:
        """Redraw seats, bank, status, decisions and records from the table."""
        table, locked = self.table, self.is_revealing
        view = table.view(0)
        if not locked:
            reasons = self._reasons()
            last = last_coup_stakes(table.last_coup) if not view.stakes else {}
            self.bank.value = bank_html(view)
            self.seats_above.value = seats_html(view, ABOVE, reasons, last)
            self.seats_below.value = seats_html(view, BELOW, reasons, last)
            self.history_view.update(table.history, self._who)
            self.bot_log.value = self._bot_log_html()
        self.bar.update(view, locked)
        turn = view.turn
        waiting_for_bots = turn is not None and turn.seat != 0
        self.next_button.disabled = locked or not waiting_for_bots
        self.skip_button.disabled = not locked
        banker_choice = turn is not None and turn.seat == 0 and turn.kind == "BANQUE_BANKER_DRAW"
        self.hint_button.layout.display = None if banker_choice else "none"
        self.hint_button.disabled = locked or not banker_choice
        if not locked:
            # Last, so a browser that sees the new data-turn has been sent everything before it.
            self.turn += 1
            self.balance.value = status_html(view, self.turn)

    def _told(self, number: int, seat: int, choice) -> str:
        """A bot's reason as you may read it: resting on its face-down cards, it waits for them to turn over."""
        record = self.table.last_coup
        finished = record is not None and number <= record.number
        return choice.told(0, seat, frozenset(Hand) if finished else self._revealed())

    def _reasons(self) -> dict[int, str]:
        """Each bot's last reason in the latest coup, for its seat panel (older ones are in the log)."""
        if not self.bot_choices:
            return {}
        latest = self.bot_choices[-1][0]
        return {seat: self._told(number, seat, choice) for number, seat, choice in self.bot_choices
                if seat >= 0 and number == latest}

    def _keep_focus(self) -> None:
        """The clicked button may be gone (new decision, new buttons): hand keyboard focus to the
        next thing to press rather than letting the browser drop it on the page."""
        candidates = [*self.bar.shown_buttons(), self.next_button, self.new_session_button]
        target = next((button for button in candidates if not button.disabled), None)
        if target is not None:
            target.focus()

    def _who(self, seat: int) -> str:
        """A seat's name on your screen: 'You' for yours."""
        return "The house" if seat == HOUSE else "You" if seat == 0 else self.table.name_of(seat)

    def _greet(self) -> None:
        turn = self._your_turn()
        if turn is not None:
            self.guard.say(f"Your turn: {turn.prompt}. Use the buttons below the table.")

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
