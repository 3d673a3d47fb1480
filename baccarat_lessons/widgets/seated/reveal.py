"""A coup revealed in pieces: a seat-banked coup waits for decisions between its steps.

:class:`CoupReveal` is the Punto Banco :class:`~baccarat_lessons.widgets.reveal.RoundReveal`
with two changes. It shows the events *so far* after each decision and animates
only the steps that are new since the last time (a prefix already on screen is not
replayed). It is given the events its seat may see (``engine.seated.view.seen_events``). And it marks the end (``bl-round-done`` with ``data-round``) only when
the coup is over, not every time it pauses for a decision.

>>> from baccarat_lessons.engine.seated import CheminDeFerTable
>>> from baccarat_lessons.engine.shoe import Shoe
>>> from baccarat_lessons.engine.drawing import CHEMIN_DE_FER
>>> from baccarat_lessons.widgets.drawing_table import DrawingTableView
>>> from .felt import SeatedFelt
>>> table = CheminDeFerTable(shoe=Shoe.stacked("3S 2H 10D 4C 7H 9D"))
>>> reveal = CoupReveal(SeatedFelt(), DrawingTableView(CHEMIN_DE_FER))
>>> from baccarat_lessons.engine.money import CHIP
>>> from baccarat_lessons.engine.seated.view import seen_events
>>> table.open_bank(10 * CHIP); table.bet(10 * CHIP)
>>> reveal.show_events(seen_events(table.events, 0), done=False, delay=0, label="Coup 1")
>>> "bl-round-done" in reveal.log.value, "face down" in reveal.log.value
(False, True)
>>> table.draw(); table.draw()
>>> reveal.show_events(table.last_coup.events, done=True, delay=0, label="Coup 1", number=1)
>>> 'data-round="1"' in reveal.log.value
True
"""

from __future__ import annotations

from typing import Sequence

from ...engine.events import Event
from ..reveal import RoundReveal
from ..stepper import StepPlayer
from ..steps import steps_from_events


class CoupReveal(RoundReveal):
    """Felt, step log (``bl-reveal``) and drawing table of the coup in progress."""

    def __init__(self, felt, drawing, wrap=None, on_step=None, on_done=None, hand_order=None,
                 idle_text="The coup appears here step by step: each card, each choice and each payment."):
        hand_order = hand_order or felt.hand_order
        super().__init__(felt, drawing, wrap=wrap, on_step=on_step, on_done=on_done, hand_order=hand_order,
                         idle_text=idle_text)
        self._events: tuple[Event, ...] = ()
        self._offset = 0
        self._marks_done = False
        # Counts steps from the first new one, so a pause for a decision does not replay the coup.
        self.player = StepPlayer(lambda index: self._show(self._offset + index), self._done, wrap=wrap)

    def show_events(self, events: Sequence[Event], done: bool, delay: float, label: str = "",
                    number: int | None = None, max_seconds: float | None = None) -> None:
        """Show ``events``; animate those not already on screen, ``delay`` seconds apart, or
        faster so the whole reveal takes at most ``max_seconds``."""
        events = tuple(events)
        if not events:
            self.reset()
            self._events = ()
            return
        start = len(self._events) if events[: len(self._events)] == self._events else 0
        start = min(start, len(events) - 1)  # at least the last step is drawn
        self._events = events
        self.steps = steps_from_events(events, self.hand_order)
        self.felt_view.set_events(events)
        self.label, self.number, self._marks_done = label, number, done
        self._offset = start
        count = len(events) - start
        if max_seconds is not None and count * delay > max_seconds:
            delay = max_seconds / count  # a long stretch of bookkeeping should not keep the player waiting
        self.player.play(count, delay)

    def redraw(self) -> None:
        """Draw the current step again (the felt's captions or peek changed)."""
        if self.current is not None:
            self.felt.value = self.felt_view.render(self.current)

    def reset(self) -> None:
        super().reset()
        self._events = ()

    def _done(self) -> None:
        self.log.value = self._log_html(self.current, done=self._marks_done)
        self._on_done()
