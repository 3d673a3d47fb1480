"""The package's one CSS string, and the ``<style>`` widget that carries it.

Each table or guide adds one ``style_widget()`` child, so it is styled wherever
it is displayed (notebook, Voilà, slides) without any external file or font.

>>> "bl-card" in TABLE_CSS, style_widget().value.startswith("<style>")
(True, True)
"""

from __future__ import annotations

import ipywidgets as widgets

from .shared_models import html
from .stylesheets import FRAME_CSS, TABLE_CSS  # noqa: F401  (FRAME_CSS: read from here too)


def style_widget() -> widgets.HTML:
    """An invisible HTML widget holding the stylesheet."""
    style = html(f"<style>{TABLE_CSS}</style>", height="0px", margin="0")
    style.add_class("bl-style")
    return style
