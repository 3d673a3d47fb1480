"""A round revealed step by step: the felt, the sentences, the drawing table.

The reveal only shows what the engine's event log already says happened. It
owns three HTML widgets (felt, step log with class ``bl-reveal``, drawing
table) that a table lays out as it likes.

>>> from baccarat_lessons.engine.coup import deal_coup
>>> from baccarat_lessons.engine.drawing import PUNTO_BANCO
>>> from baccarat_lessons.engine.shoe import Shoe
>>> reveal = RoundReveal(FeltView(), DrawingTableView(PUNTO_BANCO))
>>> reveal.show_round(deal_coup(Shoe.stacked("2S AC 2H 2D 8C")).events, delay=0.7, label="Round 1")
>>> "Banker stands." in reveal.log.value, "bl-round-done" in reveal.log.value
(True, True)
"""

from __future__ import annotations

from html import escape
from typing import Callable, Iterable

import ipywidgets as widgets

from ..engine.events import BetSettled, CoupResult, Event, Hand, RuleApplied
from .drawing_table import DrawingTableView
from .felt import FeltView
from .stepper import StepPlayer
from .steps import Step, steps_from_events


def _sentence_class(event: Event) -> str:
    if isinstance(event, RuleApplied):
        return "bl-step-rule"
    if isinstance(event, CoupResult):
        return "bl-step-result"
    if isinstance(event, BetSettled):
        won = event.returned > event.stake
        return "bl-step-bet " + ("bl-step-win" if won else "bl-step-push" if event.returned == event.stake else "bl-step-loss")
    return "bl-step-card"


class RoundReveal:
    """Shows a round's snapshots one by one (or all at once)."""

    def __init__(
        self,
        felt: FeltView,
        drawing: DrawingTableView | None,
        wrap: Callable[[Callable], Callable] | None = None,
        on_step: Callable[[Step], None] | None = None,
        on_done: Callable[[], None] | None = None,
        hand_order: tuple[Hand, ...] = (Hand.PLAYER, Hand.BANKER),
        idle_text: str = "Place a bet and press Deal: each card and each rule will appear here.",
    ):
        self.felt_view = felt
        self.drawing_view = drawing
        self.hand_order = hand_order
        self.idle_text = idle_text
        self._on_step = on_step or (lambda step: None)
        self._on_done = on_done or (lambda: None)
        self.steps: list[Step] = []
        self.current: Step | None = None
        self.label = ""
        self.number: int | None = None
        self.felt = widgets.HTML(felt.render(None))
        self.felt.add_class("bl-felt-view")
        self.log = widgets.HTML(self._log_html(None, done=False))
        self.log.add_class("bl-reveal")
        self.drawing = widgets.HTML(drawing.render(None) if drawing else "")
        self.drawing.add_class("bl-drawing-view")
        self.player = StepPlayer(self._show, self._done, wrap=wrap)

    @property
    def is_playing(self) -> bool:
        return self.player.is_playing

    def show_round(self, events: Iterable[Event], delay: float, label: str = "", number: int | None = None) -> None:
        """Reveal a round's events, ``delay`` seconds apart (0: at once).

        ``number`` goes into the end marker as ``data-round``, so a browser test can
        wait for this round's marker rather than the previous one's.
        """
        self.steps = steps_from_events(events, self.hand_order)
        self.label = label
        self.number = number
        self.player.play(len(self.steps), delay)

    def finish(self) -> None:
        """Skip to the end of the reveal in progress."""
        self.player.finish()

    def reset(self) -> None:
        """An empty felt, as at the start of a session."""
        self.player.cancel()
        self.steps, self.current, self.label = [], None, ""
        self.felt.value = self.felt_view.render(None)
        self.log.value = self._log_html(None, done=False)
        if self.drawing_view:
            self.drawing.value = self.drawing_view.render(None)

    def _show(self, index: int) -> None:
        step = self.steps[index]
        self.current = step
        self.felt.value = self.felt_view.render(step)
        self.log.value = self._log_html(step, done=False)
        if self.drawing_view:
            self.drawing.value = self.drawing_view.render(step.highlight)
        self._on_step(step)

    def _done(self) -> None:
        self.log.value = self._log_html(self.current, done=True)
        self._on_done()

    def _log_html(self, step: Step | None, done: bool) -> str:
        if step is None:
            return f'<div class="bl-reveal-log"><p class="bl-reveal-idle">{escape(self.idle_text)}</p></div>'
        items = []
        events = [s.event for s in self.steps[: step.index + 1]]
        for position, (event, text) in enumerate(zip(events, step.texts)):
            current = " bl-step-current" if position == step.index and not done else ""
            items.append(f'<li class="{_sentence_class(event)}{current}">{escape(text)}</li>')
        heading = f"<h4>{escape(self.label)}</h4>" if self.label else ""
        marker = ""
        if done:
            number = "" if self.number is None else f' data-round="{self.number}"'
            marker = (
                f'<p class="bl-round-done"{number} data-label="{escape(self.label)}">'
                f'{escape(self.label or "Round")} complete.</p>'
            )
        return f'<div class="bl-reveal-log">{heading}<ol aria-live="polite">{"".join(items)}</ol>{marker}</div>'
