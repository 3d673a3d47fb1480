"""The seat-banked tables' extra stylesheet, carried by one invisible HTML widget.

The stylesheet itself is ``widgets/seated/seated.css``: the CSS files are edited elsewhere for now
(issue 30, CSS in CSS files), so it stays where it was and is read from there.

>>> ".bl-bot-log" in SEATED_CSS, seated_style_widget().value.startswith("<style>")
(True, True)
"""

from __future__ import annotations

from importlib.resources import files

import ipywidgets as widgets

from ..shared_models import html

SEATED_CSS = files("baccarat_lessons.widgets").joinpath("seated", "seated.css").read_text(encoding="utf-8")


def seated_style_widget() -> widgets.HTML:
    style = html(f"<style>{SEATED_CSS}</style>", height="0px", margin="0")
    style.add_class("bl-style")
    return style
