"""How a live seat-banked table is presented: Chemin de Fer, Banque ouverte and Banque limitée.

Six seats play a coup decision by decision, the bots answering in between, and the user sees only
what seat 0 may know. This presenter gives :class:`~baccarat_lessons.widgets.table.LiveTable` what
differs at such a table: the presentation (:func:`.presentation.seated_presentation`) and what the
felt shows beside the view (:class:`.presentation.Felt`: the finished coup still on it, each bot's
reason, the exact banker's hint), the records beside the table (:class:`.records.SeatedRecords`),
the reveal of a coup's events as they come, the sentences, the hands a message may name and the
stylesheets. It keeps the bots' recent choices, told as the user may read them: a reason resting on
a face-down card waits until that card is turned over.

>>> from baccarat_lessons.engine.driver import Driver
>>> from baccarat_lessons.engine.money import CHIP
>>> driver = Driver("chemin-de-fer", seed=5)
>>> presenter = SeatBankedPresenter(driver.variant)
>>> presenter.sides, presenter.greeting(driver.table)
(('Player',), 'Your turn: take the bank, and with how many chips.')
>>> step = driver.act("OPEN_BANK", 10 * CHIP)  # you bank 10: Bot 1 covers it and draws; the coup is over
>>> presenter.took(step)
>>> [(seat, choice.kind.name, told) for _, seat, choice, told in presenter.told_moves(driver.table)]
[(1, 'BET', 'I bet a tenth of my chips: 10.'), (1, 'DRAW', 'Guidance: draw on 0 to 4, and I have 1.')]
"""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

from ...engine.driver import decision_coup
from ...engine.errors import DecisionError
from ...engine.events import Hand
from ...engine.money import show_chips
from ...engine.seated.script import play_choices, scripted_table
from ..drawing_table import BANQUE_NOTE, DrawingTableView
from ..history_text import history_html
from ..surface.scene import reveal_json
from ..table_words import NO_HINT, coup_message
from .presentation import Felt, seated_presentation, who
from .record_text import bot_log_html, coup_summary
from .seats import settlement_moves

SHOWN_BOT_CHOICES = 14  # the bots' choices the seats and the log keep, newest last


def exact_banker():
    """The exact-value Banque banker (lesson 14), imported only where a Banque table needs it."""
    from ...analysis.banque_banker import ExactBanqueBanker

    return ExactBanqueBanker()


def your_turn(table, seat: int | None = 0):
    """Your pending decision, from your view (None while another seat decides or the table is over)."""
    turn = table.view(seat).turn
    return turn if turn is not None and turn.actions else None


class SeatBankedPresenter:
    """The presenter of a seat-banked ``variant``; ``deal_speed`` paces the felt's reveal."""

    title_style = ""
    root_classes = ("bl-table-seated",)
    records_follow_play = True  # the bots' decisions are listed as they are taken

    def __init__(self, variant, deal_speed: str = "normal", seat: int | None = 0):
        self.variant = variant
        self.seat = seat  # whose view the page draws: the user's seat 0; at a class's table any seat, or None
        self.sides = tuple(hand.value for hand in variant.player_hands)
        self.speed = deal_speed
        self.felt = Felt(speed=deal_speed)  # the finished coup on the felt, the hint
        self.moves: list = []  # (coup, seat, BotChoice), newest last: the bots' recent choices
        self._finished_panels: tuple = (None, ())  # ((table, coups finished), the records that change only then)

    # -- the frame and the records ---------------------------------------------------------------
    def stylesheets(self) -> tuple:
        """The whole stylesheet and the seat-banked one, before the title (widgets, imported here: the
        rest of the presenter also runs in the browser edition's worker, which has no ipywidgets)."""
        from ..styles import style_widget
        from .styles import seated_style_widget

        return style_widget(), seated_style_widget()

    def records(self, driver, guard, on_setting):
        """The records as widgets (:class:`.records.SeatedRecords`; imported here, as the stylesheets)."""
        from .records import SeatedRecords

        return SeatedRecords(driver)

    def record_panels(self, driver, moves) -> tuple[str, ...]:
        """The records as HTML where there are no widgets (the browser edition): the bots' decisions as
        you may read them, the hand history, and the drawing table with the last coup's cell."""
        table, variant = driver.table, driver.variant
        view = table.view(self.seat)
        name = lambda seat: who(view, seat)  # noqa: E731  (a seat's name on your screen)
        # The history and the drawing table change only when a coup finishes, but the records are refreshed at
        # each decision: they are kept until then (at a class's table, refreshing the records for every page at
        # every decision was 41% of the class server's time under cProfile, the history and drawing table 36%;
        # benchmarks/bench_class.py --phase tables --profile-tables).
        finished = (table, table.coups_played)
        if self._finished_panels[0] != finished:
            other = "Punter" if variant.tableau_count == 1 else "Tableau"
            cell = table.last_coup.cell if table.last_coup else None
            guidance = "" if variant.tableau_count == 1 else BANQUE_NOTE
            self._finished_panels = (finished, (
                history_html(table.history, lambda record: coup_summary(record, name), "coups"),
                guidance + DrawingTableView(variant.drawing, other_hand=other).render(cell)))
        return (bot_log_html(name, moves), *self._finished_panels[1])

    def setting_fields(self, driver) -> tuple:
        """A seat-banked table has no settings a student changes."""
        return ()

    def show_settings(self, root, driver) -> None:
        """A seat-banked table has no settings to show."""

    def banker(self, choice: str):
        """What answers every Banque banker's choice: the exact-value banker when ``choice`` is "exact"
        and the table has two tableaux (otherwise the table's rule bot)."""
        return exact_banker if choice == "exact" and self.variant.tableau_count == 2 else None

    # -- the play ----------------------------------------------------------------------------------
    def restart(self) -> None:
        """A new session: nothing on the felt, no bot has spoken."""
        self.felt = Felt(speed=self.speed)
        self.moves = []

    def check(self, name: str, amount, side) -> None:
        """The table checks every action itself."""

    def took(self, step) -> None:
        """Keep the bots' choices of a step; the exact banker's hint answered the decision just taken."""
        self.felt = replace(self.felt, hint="")
        self.moves = (self.moves + [tuple(move) for move in step.moves])[-SHOWN_BOT_CHOICES:]

    def after_action(self, table, name: str) -> str | None:
        """The sentence after an action that finished no coup: your next decision, if it is yours."""
        turn = your_turn(table, self.seat)
        return f"Your turn: {turn.prompt}." if turn is not None else None

    def finished(self, table, step, reveal_id: str) -> dict:
        """The reveal of a finished coup with every hand turned over, what followed at once, and the
        stakes' settlement for the page to move."""
        record = step.coup
        # A finished coup keeps the captions it was played with (a beaten captain passes the cards on).
        self.felt = Felt(record, table.view(self.seat).hands, speed=self.speed)
        reveal = reveal_json(reveal_id, record.events, self.seat, f"Coup {record.number}", record.number, done=True,
                             revealed=frozenset(Hand))
        # What followed at once (the bank passing on, a new offer) closes the coup's story.
        after = reveal_json(reveal_id, step.after, self.seat, "", None, done=True, revealed=self.revealed(table))
        reveal["events"] += after["events"]
        view = table.view(self.seat)
        reveal["settlement"] = settlement_moves(record, lambda seat: who(view, seat))
        return reveal

    def reveal_now(self, table, session: int, start: int | None = None) -> dict:
        """The coup in play as the user may read it; ``start``: the event the page reveals from."""
        number = table.coup_number
        label = f"Coup {number}" if table.hands or table.stakes else ""
        reveal = reveal_json(f"{session}-{number}", table.events, self.seat, label, number, done=False,
                             revealed=self.revealed(table))
        if start is not None:
            reveal["start"] = start
        return reveal

    def revealed(self, table, view=None) -> frozenset:
        """The hands turned over so far this coup, as your view (``view``, if it is at hand) shows them."""
        return frozenset(Hand(hand.hand) for hand in (view or table.view(self.seat)).hands if hand.turned_over)

    def hint(self, table) -> None:
        """As Banque banker: what the exact-value banker (lesson 14) reckons each choice is worth."""
        turn = table.view(self.seat).turn
        if turn is None or not turn.actions or turn.kind != "BANQUE_BANKER_DRAW":
            raise DecisionError(NO_HINT)
        advice = exact_banker().choose(table.window(self.seat)).reason
        hint = ("The exact-value banker counts every card you have not seen (the shoe and the tableaux' "
                f"face-down cards) and says: “{advice}” The choice is yours.")
        self.felt = replace(self.felt, hint=hint)

    # -- the words -------------------------------------------------------------------------------
    def greeting(self, table) -> str | None:
        turn = your_turn(table, self.seat)
        return f"Your turn: {turn.prompt}." if turn is not None else None

    def coup_message(self, record) -> tuple[str, str]:
        return coup_message(record, "coup", "Your chips are unchanged.", self.seat)

    def over_text(self, table, reason: str) -> str:
        return f"{reason} Press New session to play again."

    def new_session_text(self, table) -> str:
        chips = show_chips(table.seats[0].balance)
        return f"New session: {chips} practice chips at every seat and a freshly shuffled shoe."

    # -- staged coups ------------------------------------------------------------------------------
    def staged_table(self, driver, cards: str, role, choices, seed: int):
        """A table dealing ``cards`` with you as ``role``, the ``choices`` up to the moment to discuss
        already taken (see :func:`~baccarat_lessons.engine.seated.script.scripted_table`)."""
        table = scripted_table(self.variant, cards, role, go_on=True, seed=seed)  # refuses a bad script
        play_choices(table, choices)
        return table

    def staged_text(self, cards: str, role, where: str) -> str:
        # The cards are not repeated here: the others' face-down cards are not yours to read.
        return f"Staged coup: you as {role}. {where}"

    # -- the page ----------------------------------------------------------------------------------
    # At a class's table (classroom tables): no Next coup or New session, and the countdown of the decision
    # the table waits for, as (seconds left, words with {s}); set by the seat's play before each drawing.
    shared = False
    countdown: tuple[int, str] | None = None

    def presentation(self, table, view, timer: int):
        return seated_presentation(view, replace(self.felt, reasons=self.reasons(table, view)), self.shared,
                                   self.countdown)

    def reasons(self, table, view=None) -> MappingProxyType:
        """Each bot's last reason in the coup on the felt, for its seat panel (older ones are in the log);
        ``view``: your view, if it is at hand (the presentation's)."""
        view = view or table.view(self.seat)
        shown, revealed = self.coup_on_felt(table, view), self.revealed(table, view)
        return MappingProxyType({seat: self.told(table, number, seat, choice, revealed)
                                 for number, seat, choice in self.moves if seat >= 0 and number == shown})

    def coup_on_felt(self, table, view=None) -> int:
        """The coup whose bots' reasons the seats show: the coup in play once a bot has spoken in it
        (a bank decision belongs to the coup it opens); before that, a finished coup still on the felt."""
        current = decision_coup(table)
        if any(number == current for number, _, _ in self.moves):
            return current
        if table.last_coup is not None and self.felt.on_felt(view or table.view(self.seat)):
            return table.last_coup.number
        return current

    def told(self, table, number: int, seat: int, choice, revealed: frozenset | None = None) -> str:
        """A bot's reason as you may read it: resting on its face-down cards, it waits for them to turn over
        (``revealed``: the hands turned over in your view, if they are at hand)."""
        record = table.last_coup
        if record is not None and number <= record.number:
            return choice.told(self.seat, seat, frozenset(Hand))
        return choice.told(self.seat, seat, self.revealed(table) if revealed is None else revealed)

    def told_moves(self, table) -> list:
        """The bots' recent choices as (coup, seat, choice, told reason), newest last."""
        return [(number, seat, choice, self.told(table, number, seat, choice)) for number, seat, choice in self.moves]
