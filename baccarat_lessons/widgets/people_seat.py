"""One person's page at a class's table: the same table surface and presentation as a single-player table.

A class's Chemin de Fer or Banque table (:class:`~baccarat_lessons.engine.people_table.PeopleTable`) lives
on the class server, and each page at it is a :class:`PeopleSeat`: a :class:`~.posted_table.PostedTable`
whose presenter draws that seat's view (``table.view(seat)``; ``None``, the onlooker's, for a projector)
and whose messages travel over the class server's connection instead of a worker's. One front end,
whatever drives it. What differs from a table of one's own:

- a click is handed to the room (``act``), which takes it at the shared table and tells every page
  (:meth:`PeopleSeat.moved`); nobody moves the bots on or starts a new session, and an onlooker only watches;
- the table moves while this page looks: another person's decision, a bot's, the guidance played for
  someone out of time. A coup finished by anyone is revealed on every page, paced as at a table of
  one's own; a page that never says it has shown a coup (closed) is moved on at the next;
- the decision the table waits for is counted down (``clock``: the seconds left and whose decision it is).

>>> from baccarat_lessons.engine.money import CHIP
>>> from baccarat_lessons.engine.people_table import PeopleTable
>>> people = PeopleTable("chemin-de-fer", seed=4)
>>> people.sit(0, "Ann"); people.sit(2, "Ben")
>>> pages = {}
>>> def act(seat, kind, amount, side):
...     steps = people.act(seat, kind, amount, side)
...     for page in pages.values():
...         page.moved(steps)
>>> for seat in (0, 2, None):
...     pages[seat] = PeopleSeat(people, seat, act, post=lambda message: None, clock=lambda: None)
>>> pages[0].act("OPEN_BANK", 10 * CHIP)
>>> pages[2].surface.message["text"], pages[None].surface.message   # the projector: whose turn is on its seats
('Your turn: call banco (cover the whole bank) or not.', {})
"""

from __future__ import annotations

from typing import Callable

from ..engine.errors import DecisionError
from .posted_table import PostedTable

NO_NEW_SESSION = "This table is the class's: it plays on until the teacher closes it, with no new session."
ONLOOKER = "This page watches the table; the students at it play."
NO_SAVED_SESSION = "A saved session opens at a table of your own; this table is the class's."


class SeatAtTable:
    """What a :class:`~.table_play.TablePlay` asks of its driver, for one seat of a shared table: the table,
    its variant and banker; a shared table's session is kept by the class server, not by the page."""

    resumable = False
    settings = None

    def __init__(self, people):
        self.people = people
        self.variant = people.variant
        self.make_banker = people.make_banker
        self.log: list = []

    @property
    def table(self):
        return self.people.table


class PeopleSeat(PostedTable):
    """The page of ``seat`` (None: an onlooker's) at ``people``, a shared table: ``act(seat, kind, amount,
    side)`` takes a decision at the table and tells every page; ``post`` carries this page's messages; ``clock()``
    is the decision the table waits for, as (seconds left, the seat deciding), or None."""

    def __init__(self, people, seat: int | None, act: Callable, post: Callable[[dict], None],
                 clock: Callable[[], tuple[int, int] | None], deal_speed: str = "normal"):
        self._room_act, self._clock = act, clock
        super().__init__(people.variant, post=post, deal_speed=deal_speed, seat=seat, driver=SeatAtTable(people))
        self.presenter.shared = True

    # -- the page's clicks --------------------------------------------------------------------------
    def _play(self, name: str, amount, side) -> None:
        if self.seat is None:
            raise DecisionError(ONLOOKER)
        self._room_act(self.seat, name, amount, side)  # the room tells every page, this one too (moved)

    def new_session(self, settings=None, seed=None) -> None:
        raise DecisionError(NO_NEW_SESSION)

    def resume(self, stored, from_file: bool = False) -> None:
        """A class's table keeps its own record on the class server: a page's kept session or a saved file
        is not played here (only a file says so; a kept session is the page's own business)."""
        if from_file:
            raise DecisionError(NO_SAVED_SESSION)

    def redraw(self) -> None:
        """Draw the page again as the table stands (a page opened now: the countdown as it is now)."""
        self._draw(new_turn=False)

    # -- the table moved ----------------------------------------------------------------------------
    def moved(self, steps, said: str | None = None) -> None:
        """Someone acted at the table (``steps``: what followed, one per coup finished); ``said``: what the
        table says of it to everyone (the guidance played for someone out of time, a seat changing hands)."""
        with self.surface.hold_sync():  # one message to the page for the whole move
            for step in steps:
                self.presenter.took(step)
                if step.coup is not None:
                    self._coup_shown()  # a coup this page never said it had shown (closed, or slow): moved on
                    self._finished(step)
            if not self.is_revealing:
                self.guard.clear()
                self._reveal = self._reveal_now()
                # Whose decision it is stands in the decision's box already: said here only when it is yours.
                self._say(" ".join(text for text in (said, self.presenter.greeting(self.table)) if text))
            elif said:
                self._message = (f"{said} {self._message[0]}" if self._message else said, "info")
            self._draw()  # the records follow, once the page has shown a finished coup (not before: no spoiler)

    def coup_shown(self) -> None:
        """The page has shown a finished coup: if the table has moved into the next one meanwhile, that
        coup is what the page follows now."""
        view, last = self.table.view(self.seat), self.table.last_coup
        if view.events and (last is None or view.coup_number != last.number):
            self._reveal = self._reveal_now()

    def presentation(self, view):
        clock = self._clock()
        if clock is None:
            self.presenter.countdown = None
        else:
            seconds, seat = clock
            mine = self.seat is not None and seat == self.seat
            words = ("Your decision: {s} s left, then the table plays its guidance for you." if mine
                     else f"{view.seats[seat].name} decides: {{s}} s left.")
            self.presenter.countdown = (seconds, words)
        return super().presentation(view)
