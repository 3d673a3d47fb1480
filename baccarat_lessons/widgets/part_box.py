"""The box a lesson's widget is shown in, carrying the recipe the browser edition makes it again from.

A lesson cell shows a widget (``ask("spread", "sd-banker")``, ``LiveTable("punto-banco", seed=2026).widget``);
executed, the cell's output is a widget view that only a kernel can draw. The browser edition's build
(``site/lessons.py``) executes the lessons too, and needs to know what each widget *is*: its box adds a
small JSON recipe to the output, under :data:`PART_MIME`, such as ``{"part": "question", "lesson":
"spread", "key": "sd-banker"}``. The page's Python makes the same part from it
(:mod:`~baccarat_lessons.widgets.posted_parts`). JupyterLab, Voilà and nbval draw the widget view as
before: a front end skips a type it does not know.

>>> box = PartBox([], recipe={"part": "question", "lesson": "spread", "key": "sd-banker"})
>>> box._repr_mimebundle_()[PART_MIME]
{'part': 'question', 'lesson': 'spread', 'key': 'sd-banker'}
>>> PART_MIME in PartBox([])._repr_mimebundle_()
False
"""

from __future__ import annotations

from typing import Callable

import ipywidgets as widgets

PART_MIME = "application/vnd.baccarat-lessons.part+json"


class PartBox(widgets.VBox):
    """A VBox whose display carries ``recipe`` as well: a JSON-ready dict, a function that returns one
    when the box is displayed (a guide's steps: worked out only for a lesson's output), or ``None``."""

    def __init__(self, children=(), recipe: dict | Callable[[], dict] | None = None, **kwargs):
        super().__init__(list(children), **kwargs)
        self.recipe = recipe

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is not None and self.recipe is not None:
            bundle[PART_MIME] = self.recipe() if callable(self.recipe) else self.recipe
        return bundle
