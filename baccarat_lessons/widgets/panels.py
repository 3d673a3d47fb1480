"""The boxes a table page is laid out in: a panel (a bordered column) and a row of panels that wraps.

>>> from baccarat_lessons.widgets.shared_models import html
>>> box = panel(html("<p>Roads</p>"), css="bl-roads-panel", flex="2 1 420px")
>>> box._dom_classes, box.layout.flex
(('bl-panel', 'bl-roads-panel'), '2 1 420px')
"""

from __future__ import annotations

import ipywidgets as widgets

from .shared_models import hbox, vbox


def panel(*children: widgets.Widget, css: str = "", flex: str = "1 1 320px") -> widgets.VBox:
    box = vbox(children, flex=flex, min_width="0")
    box.add_class("bl-panel")
    if css:
        box.add_class(css)
    return box


def row(*children: widgets.Widget) -> widgets.HBox:
    return hbox(children, flex_flow="row wrap", align_items="flex-start")
