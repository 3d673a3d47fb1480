"""Stage a seat-banked coup: the counterpart of :class:`StagedRound` for Chemin de Fer and Banque.

A teacher gives the cards in deal order, the student's role and the choices up to the
moment to discuss; the live table is set up there by the engine's scripted coups, the
bots answer what is theirs, and the class discusses the next decision at a real table.
The heading is written from the staged coup as the student's seat sees it.

>>> staged = StagedCoup("chemin-de-fer", "2S KH 3D 3S 9H", role="banker", choices={"punter": True})
>>> print(staged.heading)
Chemin de Fer, you as banker: Bot 1 says carte (draw). Player gets the 9♥ face up; the first two cards stay face down. Your turn: draw or stand for the bank (Chemin de Fer table).
>>> [action["label"] for action in staged.table.surface.view["turn"]["actions"]]
['Draw', 'Stand']
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ...engine.seated.script import roles_of
from ...engine.variants import SEAT_BANKED
from ..table import LiveTable
from .styles import lesson_style

TOLD = ("HandChoice", "NaturalShown", "CoupResult")  # the events that say how the coup got here


class StagedCoup:
    """A seat-banked table staged at one moment of one coup; display ``widget``."""

    def __init__(self, variant: str, cards: str, role: str | None = None, choices: dict | None = None, seed: int = 0):
        record = SEAT_BANKED[variant]
        self.table = LiveTable(variant, seed=seed)
        role = role or self._first_role(record)
        self.table.stage(cards, role, choices or {}, seed=seed)
        self.heading = f"{record.name}, you as {role}: {self._story()}"
        title = widgets.HTML(f'<h4 class="bl-staged-heading">{escape(self.heading)}</h4>')
        self.widget = widgets.VBox([lesson_style(), title, self.table.widget])
        self.widget.add_class("bl-exercise")

    @staticmethod
    def _first_role(record) -> str:
        return roles_of(record)[0]

    def _story(self) -> str:
        """The choices, third cards and results so far as your seat was told them, then what comes next."""
        table = self.table.table
        if table.last_coup is not None:  # the staged coup is over: all of it is turned over
            told = [event.text for event in table.last_coup.events if event.kind in TOLD]
        else:
            told = [event.text for event in table.view(0).events
                    if event.kind in TOLD or (event.kind == "CardDealt" and event.cards[0].face_up)]
        return " ".join(told + [self.table.where_it_stands()]).strip()
