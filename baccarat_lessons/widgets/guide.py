"""The illustrated guide: a scripted sample round the reader steps through.

It is separate from the live game. A teacher builds one from a card string in
deal order (Player, Banker, Player, Banker, then any third cards); the same
engine that runs the tables deals it, so every sentence is the rule that fired.

>>> guide = IllustratedGuide.from_cards("2S AC 2H 2D 8C", title="Banker stands on 3")
>>> guide.step_count, guide.step_index, guide.back_button.disabled
(8, 0, True)
>>> for _ in range(6):
...     guide.next_button.click()
>>> print(guide.current.text)
Banker has 3 and Player's third card is an 8: Banker stands.
>>> "bl-cell-active" in guide.drawing.value
True
"""

from __future__ import annotations

from html import escape
from typing import Iterable

from ..engine.events import Event, Hand
from ..engine.variants import Variant
from .guard import ActionGuard
from .guide_steps import GUIDE_NOTE, GuideSteps
from .part_box import PartBox
from .shared_models import button, hbox, html, shared_layout
from .steps import Step
from .styles import style_widget
from .surface import TableSurface

__all__ = ["GUIDE_NOTE", "IllustratedGuide"]


class IllustratedGuide(GuideSteps):
    """Steps through a round's events; ``widget`` is the root (class ``bl-guide``).

    ``hand_order`` and ``names`` (e.g. ``{Hand.PLAYER: "Punter"}``) let the
    seat-banked variants show their own hands; ``reader`` is the seat the sentences are
    told to (``None``: an onlooker).
    """

    def __init__(self, events: Iterable[Event], variant: str | Variant = "punto-banco", title: str | None = None,
                 hand_order: tuple[Hand, ...] = (Hand.PLAYER, Hand.BANKER), names: dict[Hand, str] | None = None,
                 reader: int | None = 0):
        super().__init__(events, variant, title, hand_order, names, reader)
        self.guard = ActionGuard()
        self.step_index = 0
        self._shown = 0  # the step the felt shows, so that only a step forward is animated
        self._jumps = 0
        # The felt is a table surface that draws the steps so far; it takes no messages.
        self.felt = TableSurface(self.guard, on_message=lambda message: None, kinds=(), sides=())
        self.felt.add_class("bl-guide-felt")
        if self.variant.is_compact:
            self.felt.add_class("bl-table-mini")
        self.step_html = html()
        self.step_html.add_class("bl-guide-step")
        self.drawing = html()
        self.drawing.add_class("bl-guide-drawing")
        self.log = html()
        self.log.add_class("bl-guide-log")
        self.back_button = button("Back", tooltip="Go back one step.", icon="")
        self.back_button.add_class("bl-guide-back")
        self.next_button = button("Next", tooltip="Show the next step.", button_style="primary")
        self.next_button.add_class("bl-guide-next")
        self.restart_button = button("Restart", tooltip="Back to the first step.")
        self.restart_button.add_class("bl-guide-restart")
        self.end_button = button("To the end", tooltip="Jump to the last step: the result.")
        self.end_button.add_class("bl-guide-end")
        self.back_button.on_click(self.guard.wrap(lambda _b: self.go_to(self.step_index - 1)))
        self.next_button.on_click(self.guard.wrap(lambda _b: self.go_to(self.step_index + 1)))
        self.restart_button.on_click(self.guard.wrap(lambda _b: self.go_to(0)))
        self.end_button.on_click(self.guard.wrap(lambda _b: self.go_to(self.step_count - 1)))
        heading = html(f'<h4 class="bl-guide-title">{escape(self.title)}</h4>{GUIDE_NOTE}')
        # A guide shown as a lesson's output carries all its steps: the browser edition steps them itself.
        self.widget = PartBox([
            style_widget(), heading, self.felt, self.step_html,
            hbox([self.restart_button, self.back_button, self.next_button, self.end_button], flex_flow="row wrap"),
            self.guard.message, self.guard.error_log,
            self._records(),
        ], recipe=lambda: {"part": "guide", "data": self.data()}, layout=shared_layout())
        self.widget.add_class("bl-guide")
        self._draw(move_focus=False)  # never take the page's focus while it loads

    def _records(self):
        """The steps so far and the drawing table, under the buttons (a slide leaves them off)."""
        records = hbox([self.log, self.drawing], flex_flow="row wrap", align_items="flex-start")
        records.add_class("bl-guide-records")
        return records

    @property
    def current(self) -> Step:
        return self.steps[self.step_index]

    def go_to(self, index: int) -> None:
        """Show step ``index`` (clamped to the first and last step)."""
        self.step_index = max(0, min(index, self.step_count - 1))
        self._draw()

    def _draw(self, move_focus: bool = True) -> None:
        step = self.current
        if self.step_index != self._shown + 1:
            self._jumps += 1  # not one step forward: the felt shows the step at once, without dealing
        self._shown = self.step_index
        events = self.felt_events(self.step_index)
        self.felt.draw({}, self.felt_presentation(),
                       {"id": f"guide-{self._jumps}", "label": "", "number": None, "done": False,
                        "start": len(events), "events": events})
        ending = " The round is over." if self.step_index == self.step_count - 1 else ""
        self.step_html.value = (
            f'<div class="bl-guide-count">Step {self.step_index + 1} of {self.step_count}</div>'
            f'<div class="bl-guide-sentence" aria-live="polite">{escape(step.text)}{ending}</div>'
        )
        self.drawing.value = self.drawing_view.render(step.highlight)
        earlier = "".join(f"<li>{escape(text)}</li>" for text in step.texts[:-1])
        self.log.value = (
            f'<div class="bl-guide-so-far"><h4>So far</h4><ol>{earlier}'
            f'<li class="bl-step-current">{escape(step.text)}</li></ol></div>'
        )
        was = (self.back_button.disabled, self.next_button.disabled)
        self.back_button.disabled = self.restart_button.disabled = self.step_index == 0
        self.next_button.disabled = self.end_button.disabled = self.step_index == self.step_count - 1
        # A button that becomes disabled loses keyboard focus: pass it to the other one.
        if move_focus and self.next_button.disabled and not was[1]:
            self.back_button.focus()
        elif move_focus and self.back_button.disabled and not was[0]:
            self.next_button.focus()
