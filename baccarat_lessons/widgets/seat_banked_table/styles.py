"""The seat-banked tables' extra stylesheet, carried by one invisible HTML widget.

The stylesheet itself is ``seated.css`` beside this module (its text: :mod:`..stylesheets`).

>>> ".bl-bot-log" in SEATED_CSS, seated_style_widget().value.startswith("<style>")
(True, True)
"""

from __future__ import annotations

import ipywidgets as widgets

from ..shared_models import html
from ..stylesheets import SEATED_CSS


def seated_style_widget() -> widgets.HTML:
    style = html(f"<style>{SEATED_CSS}</style>", height="0px", margin="0")
    style.add_class("bl-style")
    return style
