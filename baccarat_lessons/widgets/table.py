"""The live table of every variant: one widget over the engine's driver, presenting it only.

:class:`LiveTable` holds a :class:`~baccarat_lessons.engine.driver.Driver` (the table, its bots,
the user's action log and the one replay) and draws the user's seat view on one
:class:`~.surface.TableSurface` with a :class:`~.presentation.Presentation` built by pure
functions (:mod:`.presentation.layout` for a house-banked layout, :mod:`.presentation.seated`
for the seat-banked tables). Every click comes back through ``surface.handle`` to
:meth:`LiveTable.act`, which hands it to the driver: the engine checks it, and a refusal is a
sentence on the table, never a change. The records beside the table (:mod:`.table_records`)
catch up when the page has shown a coup to its end. A card face down to the user never
reaches the browser: the surface is drawn from ``table.view(0)`` and the events that seat may read.

>>> from baccarat_lessons.engine.money import CHIP
>>> from baccarat_lessons.engine.shoe import Shoe
>>> table = LiveTable("punto-banco", shoe=Shoe.stacked("2S AC 2H 2D 8C"))
>>> table.act("BET", 10 * CHIP, "Banker"); table.act("DEAL"); table.act("REVEALED")
>>> table.surface.presentation["status"][0], table.surface.reveal["events"][-1]["text"][:23]
(['balance', 'Balance: 109.50'], 'Banker bet of 10 wins 9')
>>> seated = LiveTable("chemin-de-fer", shoe=Shoe.stacked("3S 2H 10D 4C 7H 9D"), seed=5)
>>> seated.act("OPEN_BANK", 10 * CHIP)      # you bank 10; Bot 1 covers it and draws on 3
>>> seated.act("DRAW")                      # the table forces the banker to draw: 6 against a 7
>>> seated.act("REVEALED")                  # the page has shown the coup to its end
>>> seated.driver.table.bank, seated.surface.presentation["status"][:2]
(1950, [['balance', 'Balance: 90'], ['bank', 'Your bank: 19.50']])
"""

from __future__ import annotations

import time
from dataclasses import replace
from html import escape
from types import MappingProxyType

import ipywidgets as widgets

from ..content.catalog import CATALOG
from ..engine.bets import BetSpot
from ..engine.driver import Driver
from ..engine.errors import BaccaratError, DecisionError
from ..engine.events import CoupResult, Hand
from ..engine.money import show_chips
from ..engine.punto_banco import PuntoBancoTable
from ..engine.seated.decisions import ActionKind
from ..engine.seated.script import play_choices, scripted_table
from ..engine.settings import TableSettings
from ..engine.shoe import Shoe
from ..engine.variants import Variant, variant_named
from .guard import ActionGuard
from .presentation.layout import layout_presentation
from .presentation.seated import Felt, seated_presentation, who
from .seated.seats_view import settlement_moves
from .seated.styles import seated_style_widget
from .shared_models import html, vbox
from .styles import FRAME_CSS, style_widget
from .surface import TableSurface
from .surface.saving import default_records, opened, refusal
from .surface.scene import reveal_json, settled_bet, view_json
from .table_records import LayoutRecords, SeatedRecords, panel

# What the page may ask besides the engine's actions: "NEXT" (the bots play on), "HINT" (the
# exact banker's view), "NEW_SESSION" and "REVEALED" (the page has shown a coup to its end).
TABLE_KINDS = ("NEXT", "HINT", "NEW_SESSION", "REVEALED")
KINDS = (*(kind.name for kind in ActionKind), *TABLE_KINDS)
SHOWN_BOT_CHOICES = 14


def results_text(record) -> str:
    """A finished coup's results in words ("Banker wins, 3 to 2."; one per tableau at Banque)."""
    return " ".join(event.text for event in record.events if isinstance(event, CoupResult))


def exact_banker():
    """The exact-value Banque banker (lesson 14), imported only where a Banque table needs it."""
    from ..analysis.banque_banker import ExactBanqueBanker

    return ExactBanqueBanker()


class LiveTable:
    """A playable table of ``variant`` (a record, its key or name); display ``widget``.

    ``seed`` makes the session reproducible (an int or a ``random.Random``); ``shoe`` deals a given
    (stacked) shoe in the first session, which is then not kept; ``settings`` are Punto Banco's;
    with ``defer`` the records beside the table follow once the page has drawn it. ``keeping`` is
    how the page keeps the session's record (:func:`.surface.saving.default_records`: sealed on a
    server, plain in the browser edition); ``banque_banker="exact"`` lets the exact-value banker
    answer the Banque banker's choices, "simple" the rule bot.
    """

    def __init__(self, variant: Variant | str = "punto-banco", seed=None, shoe: Shoe | None = None,
                 settings: TableSettings | None = None, defer: bool = False, keeping=None,
                 deal_speed: str = "normal", banque_banker: str = "exact"):
        self.variant = variant if isinstance(variant, Variant) else variant_named(variant)
        self.is_layout = self.variant.has_fixed_rules  # a house-banked layout: Punto Banco, Mini
        banker = exact_banker if banque_banker == "exact" and self.variant.tableau_count == 2 else None
        self.driver = Driver(self.variant, seed=seed, shoe=shoe, settings=settings, banker=banker)
        self.keeping = keeping or default_records()
        self.deal_speed = deal_speed
        self.guard = ActionGuard()
        sides = [spot.value for spot in BetSpot] if self.is_layout else [hand.value for hand in
                                                                          self.variant.player_hands]
        self.surface = TableSurface(self.guard, on_message=lambda m: self.act(m.kind, m.amount, m.side),
                                    kinds=KINDS, sides=sides)
        self.surface.on_resume = self.guard.wrap(self.resume)
        self._offered = False  # a kept session is offered once, when the page first draws the table
        self._showing = None  # a finished coup the page has not shown to its end yet
        self._message: tuple[str, str] | None = None  # said once the page has shown the coup
        self._moves: list = []  # (coup, seat, BotChoice), newest last: the bots' recent choices
        self._felt = Felt(speed=deal_speed)  # the finished coup on the felt, the hint
        self._sessions = 0  # counts sessions, so a new session's first coup is a new reveal
        self._started = time.monotonic()  # the page's session timer
        self.records = None
        self.widget = self._layout()
        if defer:
            self.surface.when_shown(self.guard.wrap(self.build_records))
        else:
            self.build_records()
        self._reveal = self._reveal_now(start=0)
        self._draw()
        self._save()
        self._greet()

    # -- building ------------------------------------------------------------------------------
    @property
    def table(self):
        """The engine table in play (the driver's)."""
        return self.driver.table

    def _layout(self) -> widgets.VBox:
        # The frame's few styles and the title share one widget: every model and every byte before
        # the table is usable costs the first page time; the rest of the stylesheet comes with the records.
        style = f"<style>{FRAME_CSS}</style>" if self.is_layout else ""
        title = html(
            f'{style}<div class="bl-table-head"><div class="bl-title">{escape(self.variant.name)} table</div>'
            f'<p class="bl-note">{escape(CATALOG[self.variant.key]["table_about"])} Virtual practice chips only: no money, '
            "no prizes.</p></div>")
        parts = [title, self.guard.error_log, panel(self.surface, css="bl-play", flex="1 1 100%")]
        if not self.is_layout:
            parts = [style_widget(), seated_style_widget(), *parts]
        root = vbox(parts)
        root.add_class("bl-table")
        root.add_class(f"bl-table-{self.variant.key}")
        if not self.is_layout:
            root.add_class("bl-table-seated")
        if self.variant.is_compact:
            root.add_class("bl-table-mini")
        return root

    def build_records(self) -> None:
        """The records beside the table; with ``defer`` they follow once the page shows the table."""
        if self.records is not None:
            return
        if self.is_layout:
            self.records = LayoutRecords(self.driver, self.guard, self._setting_applied)
            extra = (style_widget(), *self.records.widgets)
        else:
            self.records = SeatedRecords(self.driver)
            extra = self.records.widgets
        # Only added after what is there: a Box redraws every child from the first one that changed,
        # and the surface must not be drawn anew (it would lose the page's reveal and choices).
        self.widget.children = (*self.widget.children, *extra)
        self._refresh_records()

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
        if self.is_layout and name == "BET" and (side is None or amount is None):
            raise DecisionError("Choose a chip and a bet spot to place it on.")
        step = self.driver.act(name, amount, side)
        self._felt = replace(self._felt, hint="")  # the exact banker's hint answered the decision just taken
        self._moves = (self._moves + [tuple(move) for move in step.moves])[-SHOWN_BOT_CHOICES:]
        if step.coup is not None:
            self._finished(step)
        else:
            self.guard.clear()
            self._reveal = self._reveal_now()
            self._say_after(name)
        self._draw()

    def _say_after(self, name: str) -> None:
        """The sentence after an action that dealt no coup."""
        table = self.table
        if self.is_layout:
            staked = show_chips(table.staked)
            last = table.stakes[-1] if table.stakes else None
            said = {"BET": f"{show_chips(last.amount) if last else ''} on {last.hand.value if last else ''}. "
                           f"On the table: {staked}.",
                    "UNDO": f"Last chip taken back. On the table: {staked}.",
                    "CLEAR": "Your chips are back in front of you.",
                    "REBET": "Same bets as last round: " + ", ".join(
                        f"{show_chips(amount)} on {spot.value}" for spot, amount in table.bets.items()) + "."}
            self.guard.say(said[name])
            return
        turn = self._your_turn()
        if turn is not None:
            self.guard.say(f"Your turn: {turn.prompt}.")

    def _finished(self, step) -> None:
        """A coup is over: the page reveals it, then the records and its sentence follow."""
        record = step.coup
        self._showing = record
        self._message = self._coup_message(record)
        self.guard.clear()
        reveal_id = f"{self._sessions}-{record.number}"
        label = ("Round " if self.is_layout else "Coup ") + str(record.number)
        if self.is_layout:
            net = record.net_of(0)
            # The tone is the user's result, which the cards in the reveal decide anyway: it tells nothing early.
            tone = ("rising" if net > 0 else "falling") if record.stakes else None
            self._reveal = reveal_json(reveal_id, record.events, 0, label, record.number, done=True, tone=tone)
            self._reveal["settlement"] = [settled_bet(event.spot, event.stake, event.returned)
                                          for event in record.events if event.kind == "BetSettled"]
            return
        # A finished coup keeps the captions it was played with (a beaten captain passes the cards on).
        self._felt = Felt(record, self.table.view(0).hands, speed=self.deal_speed)
        self._reveal = reveal_json(reveal_id, record.events, 0, label, record.number, done=True,
                                   revealed=frozenset(Hand))
        # What followed at once (the bank passing on, a new offer) closes the coup's story.
        after = reveal_json(reveal_id, step.after, 0, "", None, done=True, revealed=self._revealed())
        self._reveal["events"] += after["events"]
        view = self.table.view(0)
        self._reveal["settlement"] = settlement_moves(record, lambda seat: who(view, seat))

    def _coup_message(self, record) -> tuple[str, str]:
        results = results_text(record) or "Nobody bet this coup."
        net = record.net_of(0)
        unit = "round" if self.is_layout else "coup"
        if net > 0:
            return f"{results} You are up {show_chips(net)} on this {unit}.", "done"
        if net < 0:
            return f"{results} You are down {show_chips(-net)} on this {unit}.", "info"
        return f"{results} {'Your stakes came back.' if self.is_layout else 'Your chips are unchanged.'}", "info"

    def hint(self) -> None:
        """As Banque banker: what the exact-value banker (lesson 14) reckons each choice is worth."""
        turn = self.table.view(0).turn if not self.is_layout else None
        if turn is None or not turn.actions or turn.kind != "BANQUE_BANKER_DRAW":
            raise DecisionError("The exact banker's view helps only when you hold the Banque bank and must "
                                "choose to draw or stand.")
        advice = exact_banker().choose(self.table.window(0)).reason
        hint = ("The exact-value banker counts every card you have not seen (the shoe and the tableaux' "
                f"face-down cards) and says: “{advice}” The choice is yours.")
        self._felt = replace(self._felt, hint=hint)
        self._draw()

    # -- sessions and staged coups ---------------------------------------------------------------
    def new_session(self, settings: TableSettings | None = None) -> None:
        """A new session from a fresh root seed, its record empty: a shoe nobody has seen."""
        self.driver.new_session(settings)
        self._restart()
        chips = show_chips(self.table.seats[0].balance)
        self.guard.say(f"New session: {chips} practice chips" + (" and a freshly shuffled shoe." if self.is_layout
                       else " at every seat and a freshly shuffled shoe."), "done")

    def stage(self, cards: str, role: str | None = None, choices: dict | None = None, seed: int = 0) -> None:
        """A staged coup: ``cards`` in deal order, the rest of the shoe shuffled after them (``seed``), so
        every student who opens the same link sees the same coup. At a seat-banked table you play
        ``role``, the ``choices`` up to the moment to discuss already taken, and the bots (seeded by
        ``seed``) answer what is theirs (see :func:`~baccarat_lessons.engine.seated.script.scripted_table`)."""
        if self.is_layout:
            settings = self.driver.settings
            shoe = Shoe.staged(cards, settings.decks, seed)  # refuses a card string the shoe cannot hold
            self.driver.stage(PuntoBancoTable(self.variant, settings, shoe=shoe))
            self._restart()
            self.guard.say(f"Staged coup: the next deal is {cards}. Place a bet and press Deal.", "done")
            return
        table = scripted_table(self.variant, cards, role, go_on=True, seed=seed)  # refuses a bad script
        play_choices(table, choices or {})
        self.driver.stage(table, seed)
        self._restart()
        if table.pending is not None and table.pending.seat != 0:
            step = self.driver.next_coup()
            self._moves = [tuple(move) for move in step.moves][-SHOWN_BOT_CHOICES:]
            if step.coup is not None:
                self._finished(step)
        self._coup_shown()
        self._reveal = self._reveal_now() if self._showing is None and not self.table.coups_played else self._reveal
        self._draw()
        # The cards are not repeated here: the others' face-down cards are not yours to read.
        self.guard.say(f"Staged coup: you as {role}. {self.where_it_stands()}", "done")

    def where_it_stands(self) -> str:
        """Where the table stands, in a sentence: the last coup's result, or whose turn it is."""
        last = self.table.last_coup
        if last is not None:
            return self._coup_message(last)[0]
        turn = self.table.view(0).turn
        if turn is not None and turn.seat == 0:
            return f"Your turn: {turn.prompt}."
        return f"{turn.name} decides next." if turn else ""

    def _restart(self) -> None:
        self._showing, self._message, self._moves = None, None, []
        self._felt = Felt(speed=self.deal_speed)
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

    # -- after the page has shown a coup -------------------------------------------------------------
    def _coup_shown(self) -> None:
        """The page has shown the finished coup (or moved on): say how it went, show the records."""
        if self._showing is None:
            return
        self._showing = None
        self._refresh_records()
        if self._message:
            self.guard.say(*self._message)
            self._message = None
        reason = self.table.view(0).over_reason
        if reason and self.is_layout:  # the layout's reason already says to start a new session
            self.guard.say(f"{results_text(self.table.last_coup)} {reason}", "refused")
        elif reason:
            self.guard.say(f"{reason} Press New session to play again.", "refused")
        # Not a new turn: this redraw answers the page's own REVEALED, not a click, so a click the
        # user made meanwhile (New session as a coup ends) is not dropped as stale.
        self._draw(new_turn=False)

    # -- drawing ------------------------------------------------------------------------------------
    def _reveal_now(self, start: int | None = None) -> dict:
        """The coup in play as the user may read it (none at a layout, whose coups are dealt at once)."""
        table = self.table
        number = table.coup_number
        if self.is_layout:
            return reveal_json(f"{self._sessions}-0", (), 0, "", None, done=False)
        label = f"Coup {number}" if table.hands or table.stakes else ""
        reveal = reveal_json(f"{self._sessions}-{number}", table.events, 0, label, number, done=False,
                             revealed=self._revealed())
        if start is not None:
            reveal["start"] = start
        return reveal

    def _revealed(self) -> frozenset:
        """The hands turned over so far this coup, as your view shows them."""
        if self.is_layout:
            return frozenset()
        return frozenset(Hand(hand.hand) for hand in self.table.view(0).hands if hand.turned_over)

    def presentation(self, view):
        """The page's presentation of ``view`` (the user's), from the pure builders."""
        if self.is_layout:
            return layout_presentation(self.table, self.resumable, int(time.monotonic() - self._started))
        return seated_presentation(view, replace(self._felt, reasons=self._reasons(), resumable=self.resumable))

    def _reasons(self) -> MappingProxyType:
        """Each bot's last reason in the coup on the felt, for its seat panel (older ones are in the log)."""
        shown = self._coup_on_felt()
        return MappingProxyType({seat: self._told(number, seat, choice) for number, seat, choice in self._moves
                                 if seat >= 0 and number == shown})

    def _coup_on_felt(self) -> int:
        """The coup whose bots' reasons the seats show: the coup in play once a bot has spoken in it
        (a bank decision belongs to the coup it opens); before that, a finished coup still on the felt."""
        table = self.table
        current = table.coup_number + (table.phase.value in ("banking", "rotation"))
        if any(number == current for number, _, _ in self._moves):
            return current
        if table.last_coup is not None and self._felt.on_felt(table.view(0)):
            return table.last_coup.number
        return current

    def _told(self, number: int, seat: int, choice) -> str:
        """A bot's reason as you may read it: resting on its face-down cards, it waits for them to turn over."""
        record = self.table.last_coup
        finished = record is not None and number <= record.number
        return choice.told(0, seat, frozenset(Hand) if finished else self._revealed())

    def _draw(self, new_turn: bool = True) -> None:
        view = self.table.view(0)
        self.surface.draw(view_json(view), self.presentation(view).to_json(), self._reveal, new_turn)
        if self.records is not None:
            self.records.set_enabled(not self.is_revealing)
            if not self.is_layout and not self.is_revealing:
                self.records.refresh(self.driver, self._told_moves())

    def _told_moves(self) -> list:
        return [(number, seat, choice, self._told(number, seat, choice)) for number, seat, choice in self._moves]

    def _refresh_records(self) -> None:
        if self.records is not None:
            self.records.refresh(self.driver, self._told_moves())
            if self.is_layout and self.driver.settings.reduced_motion:
                self.widget.add_class("bl-reduced-motion")
            elif self.is_layout:
                self.widget.remove_class("bl-reduced-motion")

    def _greet(self) -> None:
        if self.is_layout:
            self.guard.say("Choose a chip, click a bet spot to place it, then press Deal.")
            return
        turn = self._your_turn()
        if turn is not None:
            self.guard.say(f"Your turn: {turn.prompt}.")

    def _your_turn(self):
        """Your pending decision, from your view (None while another seat decides or the table is over)."""
        turn = self.table.view(0).turn
        return turn if turn is not None and turn.actions else None

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
