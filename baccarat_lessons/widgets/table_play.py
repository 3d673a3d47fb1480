"""A table in play, without a widget: the driver, a presenter and a surface, wired together.

:class:`TablePlay` holds a :class:`~baccarat_lessons.engine.driver.Driver` (the table, its bots, the
user's action log and the one replay), a presenter chosen from the variant record
(:func:`.presenters.presenter_for`: :mod:`.punto_banco_table` for a Punto Banco or Mini layout,
:mod:`.seat_banked_table` for the seat-banked tables), and one surface, on which it draws the user's
seat view with the presenter's :class:`~.presentation.Presentation`. The presenter holds all that
differs between the kinds (words, records, reveal, styles); this class holds what is the same at
every table and branches on no kind. Every click comes back through ``surface.handle`` to
:meth:`TablePlay.act`, which hands it to the driver: the engine checks it, and a refusal is a
sentence on the table, never a change. The records beside the table (``records``, any object with
the :class:`~.presenters.TableRecords` methods) catch up when the page has shown a coup to its end.
A card face down to the user never reaches the page: the surface is drawn from ``table.view(seat)`` and
the events that seat may read.

Two classes give it a surface and a frame: :class:`~.table.LiveTable` (an anywidget and ipywidgets
records, in a kernel) and the browser edition's worker table (:mod:`.posted_table`: its state posted
as messages to the page). Nothing here imports ipywidgets.

>>> from baccarat_lessons.engine.money import CHIP
>>> from baccarat_lessons.engine.shoe import Shoe
>>> from baccarat_lessons.widgets.posted_table import PostedTable
>>> table = PostedTable("punto-banco", post=lambda changes: None, shoe=Shoe.stacked("2S AC 2H 2D 8C"))
>>> table.act("BET", 10 * CHIP, "Banker"); table.act("DEAL"); table.act("REVEALED")
>>> table.surface.presentation["status"][0], table.surface.reveal["events"][-1]["text"][:23]
(['balance', 'Balance: 109.50'], 'Banker bet of 10 wins 9')
>>> seated = PostedTable("chemin-de-fer", post=lambda changes: None, shoe=Shoe.stacked("3S 2H 10D 4C 7H 9D"), seed=5)
>>> seated.act("OPEN_BANK", 10 * CHIP)      # you bank 10; Bot 1 covers it and draws on 3
>>> seated.act("DRAW")                      # the table forces the banker to draw: 6 against a 7
>>> seated.act("REVEALED")                  # the page has shown the coup to its end
>>> seated.driver.table.bank, seated.surface.presentation["status"][:2]
(1950, [['balance', 'Balance: 90'], ['bank', 'Your bank: 19.50']])
"""

from __future__ import annotations

import time
from typing import Callable

from ..engine.driver import Driver, Step
from ..engine.errors import BaccaratError, DecisionError
from ..engine.randomness import SEED_BITS
from ..engine.seated.decisions import ActionKind
from ..engine.settings import TableSettings
from ..engine.shoe import Shoe
from ..engine.variants import Variant, variant_named
from .presentation import Presentation
from .presenters import presenter_for
from .surface.saving import default_records, opened, refusal
from .surface.scene import view_json

# What the page may ask besides the engine's actions: "NEXT" (the bots play on), "HINT" (the
# exact banker's view), "NEW_SESSION" and "REVEALED" (the page has shown a coup to its end).
TABLE_KINDS = ("NEXT", "HINT", "NEW_SESSION", "REVEALED")
KINDS = (*(kind.name for kind in ActionKind), *TABLE_KINDS)


def class_session_text(round_noun: str) -> str:
    """Said with the new session's sentence when a table joins a class (``round_noun``: the variant's)."""
    return f"The class dealt this shoe: each {round_noun} you finish here is counted for the class."


class TablePlay:
    """A playable table of ``variant`` (a record, its key or name), drawn on ``surface``.

    ``seed`` makes the session reproducible (an int or a ``random.Random``); ``shoe`` deals a given
    (stacked) shoe in the first session, which is then not kept; ``settings`` are Punto Banco's.
    ``keeping`` is how the page keeps the session's record (:func:`.surface.saving.default_records`:
    sealed on a server, plain in the browser edition); ``banque_banker="exact"`` lets the exact-value
    banker answer the Banque banker's choices, "simple" the rule bot. A subclass says how the guard
    and the surface are made (:meth:`make_guard`, :meth:`make_surface`) and builds its frame and
    records in :meth:`open_records`.
    """

    def __init__(self, variant: Variant | str = "punto-banco", seed=None, shoe: Shoe | None = None,
                 settings: TableSettings | None = None, keeping=None,
                 deal_speed: str = "normal", banque_banker: str = "exact", seat: int | None = 0, driver=None):
        self.variant = variant if isinstance(variant, Variant) else variant_named(variant)
        self.presenter = presenter_for(self.variant, deal_speed, seat)
        # ``driver``: a seat at a class's table (widgets/people_seat.py), whose table other people move too.
        self.driver = driver or Driver(self.variant, seed=seed, shoe=shoe, settings=settings,
                                       banker=self.presenter.banker(banque_banker))
        self.keeping = keeping or default_records()
        self.deal_speed = deal_speed
        self.guard = self.make_guard()
        self.surface = self.make_surface(lambda m: self.act(m.kind, m.amount, m.side), KINDS, self.presenter.sides)
        self.surface.on_resume = self.guard.wrap(self.resume)
        self._offered = False  # a kept session is offered once, when the page first draws the table
        self._showing = None  # a finished coup the page has not shown to its end yet
        self._message: tuple[str, str] | None = None  # said once the page has shown the coup
        self._sessions = 0  # counts sessions, so a new session's first coup is a new reveal
        self._started = time.monotonic()  # the page's session timer
        self._class_report: Callable[[dict], object] | None = None  # joined to a class (join_class)
        self._class_aside: Driver | None = None  # the class's session, waiting while a staged coup is played
        self.records = None
        self.open_records()
        self._reveal = self._reveal_now(start=0)
        self._draw()
        self._save()
        self._say(self.presenter.greeting(self.table))

    # -- what a subclass provides -----------------------------------------------------------------------
    def make_guard(self):
        """The :class:`~.guard_core.Guard` every callback goes through."""
        raise NotImplementedError

    def make_surface(self, on_message, kinds, sides):
        """The surface the table is drawn on (a :class:`~.surface.state.SurfaceLogic`)."""
        raise NotImplementedError

    def open_records(self) -> None:
        """Build the frame and the records beside the table (or arrange for them to follow)."""

    # -- building ------------------------------------------------------------------------------
    @property
    def table(self):
        """The engine table in play (the driver's)."""
        return self.driver.table

    @property
    def seat(self) -> int | None:
        """Whose view the page draws: the user's seat 0 (at a class's table, the student's seat; None: an onlooker's)."""
        return self.presenter.seat

    @property
    def records_built(self) -> bool:
        return self.records is not None

    # -- reading the state ------------------------------------------------------------------------
    @property
    def is_revealing(self) -> bool:
        """A finished coup is on its way to the page, which has not shown it to the end yet."""
        return self._showing is not None

    @property
    def resumable(self) -> bool:
        return self.driver.resumable

    # -- the one entry point for the page's messages ------------------------------------------------
    def act(self, kind: ActionKind | str, amount: int | None = None, side=None) -> None:
        """Do what the page asked: an engine action (an :class:`ActionKind` or its name, ``amount`` in
        hundredths of a chip, ``side`` a spot's or a hand's name), or one of ``TABLE_KINDS``."""
        name = kind.name if isinstance(kind, ActionKind) else kind
        if name == "REVEALED":
            self._coup_shown()
            return
        self._coup_shown()  # anything else the page sends means it has stopped revealing
        if name == "NEW_SESSION":
            self.new_session()
        elif name == "HINT":
            self.hint()
        else:
            self._play(name, amount, side)
        self._save()

    def _play(self, name: str, amount, side) -> None:
        self.presenter.check(name, amount, side)
        step = self.driver.act(name, amount, side)
        self.presenter.took(step)
        if step.coup is not None:
            self._finished(step)
        else:
            self.guard.clear()
            self._reveal = self._reveal_now()
            self._say(self.presenter.after_action(self.table, name))
        self._draw()

    def _say(self, text: str | None) -> None:
        if text:
            self.guard.say(text)

    def _finished(self, step) -> None:
        """A coup is over: the page reveals it, then the records and its sentence follow."""
        record = step.coup
        self._showing = record
        self._message = self.presenter.coup_message(record)
        self.guard.clear()
        self._reveal = self.presenter.finished(self.table, step, f"{self._sessions}-{record.number}")

    def hint(self) -> None:
        """As Banque banker: what the exact-value banker (lesson 14) reckons each choice is worth."""
        self.presenter.hint(self.table)
        self._draw()

    # -- sessions and staged coups ---------------------------------------------------------------
    def new_session(self, settings: TableSettings | None = None, seed: int | None = None) -> None:
        """A new session from a fresh root seed (or ``seed``, a class's), its record empty: a shoe nobody
        has seen. At a table whose class session waits behind a staged coup, New session goes back to it."""
        if self._class_aside is not None and settings is None and seed is None:
            self.driver, self._class_aside = self._class_aside, None
            self._restart()
            self.guard.say(f"Back to the class's session: {self.driver.summary()}. "
                           f"{class_session_text(self.variant.round_noun)}", "done")
            return
        self.driver.new_session(settings, seed)
        self._restart()
        self.guard.say(self.presenter.new_session_text(self.table), "done")

    def stage(self, cards: str, role: str | None = None, choices: dict | None = None, seed: int = 0) -> None:
        """A staged coup: ``cards`` in deal order, the rest of the shoe shuffled after them (``seed``), so
        every student who opens the same link sees the same coup. At a seat-banked table you play
        ``role``, the ``choices`` up to the moment to discuss already taken, and the bots (seeded by
        ``seed``) answer what is theirs (see :func:`~baccarat_lessons.engine.seated.script.scripted_table`)."""
        table = self.presenter.staged_table(self.driver, cards, role, choices or {}, seed)
        if self.in_class and self._class_aside is None:
            # The class's session waits (its coups are the class's; a staged coup is not): a driver of its own.
            self._class_aside, self.driver = self.driver, Driver(self.variant, settings=self.driver.settings,
                                                                 banker=self.driver.make_banker)
        self.driver.stage(table, seed)
        self._restart()
        if table.last_coup is not None:
            # The staged cards ended their coup as they were dealt (naturals): the page reveals it and
            # settles its stakes, as it does a coup a click finished; what followed closes its story.
            self._finished(Step(table.last_coup, tuple(table.events), ()))
        elif table.pending is not None and table.pending.seat != 0:  # a bot decides first: up to your turn
            step = self.driver.next_coup()
            self.presenter.took(step)
            if step.coup is not None:
                self._finished(step)
        self._coup_shown()
        if self._showing is None and not self.table.coups_played:
            self._reveal = self._reveal_now()
        self._draw()
        waits = " The class's session waits: New session goes back to it." if self._class_aside else ""
        self.guard.say(self.presenter.staged_text(cards, role, self.where_it_stands()) + waits, "done")

    def where_it_stands(self) -> str:
        """Where the table stands, in a sentence: the last coup's result, or whose turn it is."""
        last = self.table.last_coup
        if last is not None:
            return self.presenter.coup_message(last)[0]
        turn = self.table.view(self.seat).turn
        if turn is not None and turn.seat == self.seat:
            return f"Your turn: {turn.prompt}."
        return f"{turn.name} decides next." if turn else ""

    def _restart(self) -> None:
        self._showing, self._message = None, None
        self.presenter.restart()
        self._sessions += 1
        self._started = time.monotonic()
        if self.records is not None:
            self.records.new_driver(self.driver)
        self._reveal = self._reveal_now(start=0)
        self._refresh_records()
        self._draw()

    def _setting_applied(self, restarted: bool) -> None:
        if restarted:  # a new session, from a fresh root: its record starts empty under these settings
            self._restart()
        else:
            self._refresh_records()
            self._draw()
        self._save()

    # -- a class ---------------------------------------------------------------------------------------
    def join_class(self, seed, report: Callable[[dict], object]) -> None:
        """Play for a class: a new session dealt from the class's root ``seed`` (so the class server can
        replay it), and after each coup shown the session's record handed to ``report``: the kernel's
        :class:`~baccarat_lessons.classroom.client.ClassClient` on a server, the page in the browser edition
        (:meth:`.posted_table.PostedTable.report_to_page`). Only finished coups are in a record then. A staged
        coup sets the class's session aside until New session (its coups are not the class's); one on the
        table when the class's seed comes keeps the table, the class's session waiting behind it."""
        if type(seed) is not int or not 0 <= seed < 2 ** SEED_BITS:
            raise DecisionError("The class's shoe could not be read; this table plays on as it was.")
        self._class_report = report
        if not self.driver.resumable:  # a staged coup is on the table: the class's session waits behind it
            self._class_aside = Driver(self.variant, seed=seed, settings=self.driver.settings,
                                       banker=self.driver.make_banker)
            self.guard.say("This table joined the class; its session waits behind the staged link's cards: New "
                           "session goes to it.", "done")
            return
        self._class_aside = None
        self.new_session(seed=seed)
        self.guard.say(f"{self.presenter.new_session_text(self.table)} {class_session_text(self.variant.round_noun)}",
                       "done")
        self._save()

    @property
    def in_class(self) -> bool:
        """Joined to a class: each coup shown is reported (:meth:`join_class`)."""
        return self._class_report is not None

    # -- after the page has shown a coup -------------------------------------------------------------
    def _coup_shown(self) -> None:
        """The page has shown the finished coup (or moved on): say how it went, show the records."""
        if self._showing is None:
            return
        self._showing = None
        self._refresh_records()
        self.coup_shown()
        if self._message:
            self.guard.say(*self._message)
            self._message = None
        reason = self.table.view(self.seat).over_reason
        if reason:
            self.guard.say(self.presenter.over_text(self.table, reason), "refused")
        # Not a new turn: this redraw answers the page's own REVEALED, not a click, so a click the
        # user made meanwhile (New session as a coup ends) is not dropped as stale.
        self._draw(new_turn=False)

    # -- drawing ------------------------------------------------------------------------------------
    def coup_shown(self) -> None:
        """A finished coup has been shown: a table joined to a class hands its record to the class (not a
        staged coup's, played while the class's session waits)."""
        if self._class_report is not None and self._class_aside is None:
            self._class_report(self.driver.record())

    def _reveal_now(self, start: int | None = None) -> dict:
        """The coup in play as the user may read it (none at a layout, whose coups are dealt at once)."""
        return self.presenter.reveal_now(self.table, self._sessions, start)

    def presentation(self, view) -> Presentation:
        """The page's presentation of ``view`` (the user's), from the presenter's pure builders."""
        timer = int(time.monotonic() - self._started)
        return self.presenter.presentation(self.table, view, timer)

    def _draw(self, new_turn: bool = True) -> None:
        view = self.table.view(self.seat)
        self.surface.draw(view_json(view), self.presentation(view), self._reveal, new_turn)
        if self.records is not None:
            self.records.set_enabled(not self.is_revealing)
            if not self.is_revealing:
                self.records.follow(self.driver, self.presenter.told_moves(self.table))

    def show_settings(self) -> None:
        """Show the settings in force where the table's frame shows them (the widget's frame does)."""

    def _refresh_records(self) -> None:
        if self.records is not None:
            self.records.refresh(self.driver, self.presenter.told_moves(self.table))
            self.show_settings()

    # -- a session kept by the browser ---------------------------------------------------------------
    def record(self) -> dict:
        """This session as a record to keep (unsealed: ``keeping`` seals it on a server)."""
        return self.driver.record()

    def _save(self) -> None:
        """Send the page the session's record to keep: once per message the page sent (the record
        grows with the session, so saving it at every redraw made a late click slower)."""
        if self.driver.resumable:
            self.surface.saved_text = self.keeping.close_text(self.driver.record())

    # Where a resume draws its seeds: None is fresh entropy; a test sets a random.Random here so each
    # resume's redraw is fixed by its seed.
    entropy = None

    def resume(self, stored, from_file: bool = False) -> None:
        """Replay a record the page kept (or a file it opened) through the same checked actions, then
        draw anew every card its user has not seen (:meth:`Driver.reshuffle_rest`: kept in the middle
        of a coup, the others' face-down cards too); a record that does not replay to its fingerprint
        gives a fresh session and one sentence, and changes nothing else."""
        if not self.driver.resumable and not from_file:
            return  # a staged coup is on the table: the class's coup comes first
        if not from_file and (self.driver.log or self._offered):
            return  # the page drew the table again: its kept session was offered once, or play has begun
        self._offered = True
        try:
            record = opened(stored, self.keeping, self.variant.key, self.variant.name)
            driver = Driver.replayed(record, banker=self.driver.make_banker)  # its settings read against the variant's
        except BaccaratError as error:
            self.new_session()
            self._save()
            self.guard.say(refusal(error), "refused")
            return
        driver.reshuffle_rest(self.entropy)
        with self.surface.hold_sync():
            self.driver = driver
            self._restart()
        self._save()
        # The replayed session's own summary: a plain record's words are the page's to edit.
        self.guard.say(f"Resumed: {driver.summary()}. Press New session to start over.", "done")
