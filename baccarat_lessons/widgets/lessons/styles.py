"""The exercise widgets' style widget: the lessons' one stylesheet
(:data:`.present.LESSON_CSS`) plus the tables' card styles, carried by each widget.

>>> "bl-feedback-right" in LESSON_CSS, lesson_style().value.startswith("<style>")
(True, True)
"""

from __future__ import annotations

import ipywidgets as widgets

from ..part_box import PartBox
from ..styles import TABLE_CSS
from .present import LESSON_CSS


def lesson_style() -> widgets.HTML:
    """An invisible HTML widget with the table styles and the lessons' styles."""
    style = widgets.HTML(f"<style>{TABLE_CSS}{LESSON_CSS}</style>", layout=widgets.Layout(height="0px", margin="0"))
    style.add_class("bl-style")
    return style


def styled(html: str) -> widgets.VBox:
    """Package HTML (a road, a table) shown with the package's styles, as one widget.

    >>> len(styled("<p>x</p>").children)
    2
    """
    # Static: the browser edition's page shows the HTML itself (widgets/part_box.py).
    figure = PartBox([lesson_style(), widgets.HTML(html)], recipe={"part": "html", "html": html})
    figure.add_class("bl-lesson-figure")
    return figure
