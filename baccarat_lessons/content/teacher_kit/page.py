"""The printed page: one self-contained HTML shell (no script, font, image or link to fetch) and its CSS.

The print CSS fits A4 (210 mm wide) and US Letter (279 mm tall): the ``@page`` margins leave a
content box of 170 mm × 239 mm, which fits inside both sheets, so one file prints on either.

>>> inline("See [lesson 07](07_exact_odds.ipynb): **Banker** <!-- claim x -->wins *more*.")
'See lesson 07: <strong>Banker</strong> wins <em>more</em>.'
"""

from __future__ import annotations

import re
from html import escape
from importlib.resources import files

# A4 is 210 mm wide, Letter 215.9 mm: 20 mm side margins leave 170 mm on either. Letter is 279.4 mm
# tall, A4 297 mm: 20 mm top and bottom margins leave at least 239 mm.
CONTENT_WIDTH_MM = 170
STYLE = files(__package__).joinpath("page.css").read_text(encoding="utf-8")  # its body is CONTENT_WIDTH_MM wide


def inline(markdown: str) -> str:
    """One line of a notebook's Markdown as HTML: emphasis and code kept, links reduced to their text,
    HTML comments (the lessons' claim markers) dropped."""
    text = re.sub(r"<!--.*?-->", "", markdown)
    text = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", text)
    text = escape(text, quote=False)
    text = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", text)
    text = re.sub(r"\*(.+?)\*", r"<em>\1</em>", text)
    return re.sub(r"`(.+?)`", r"<code>\1</code>", text)


def document(title: str, body: str) -> str:
    """A whole page around ``body``."""
    return ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
            f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>"
            f"<h1>{escape(title)}</h1>{body}</body></html>")
