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

from ..part_box import PartBox
from ..table import LiveTable
from .staged_story import first_role, staged_heading
from .styles import lesson_style


class StagedCoup:
    """A seat-banked table staged at one moment of one coup; display ``widget``."""

    def __init__(self, variant: str, cards: str, role: str | None = None, choices: dict | None = None, seed: int = 0):
        self.table = LiveTable(variant, seed=seed)
        role = role or first_role(variant)
        self.table.stage(cards, role, choices or {}, seed=seed)
        self.heading = staged_heading(self.table, role)
        title = f'<h4 class="bl-staged-heading">{escape(self.heading)}</h4>'
        recipe = {"part": "staged-coup", "variant": variant, "cards": cards, "role": role, "choices": choices or {},
                  "seed": seed}
        self.widget = PartBox([lesson_style(), widgets.HTML(title), self.table.widget], recipe=recipe)
        self.widget.add_class("bl-exercise")
