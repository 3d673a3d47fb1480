"""The printed page: one self-contained HTML shell (no script, font, image or link to fetch) and its CSS.

The print CSS fits A4 (210 mm wide) and US Letter (279 mm tall): the ``@page`` margins leave a
content box of 170 mm × 239 mm, which fits inside both sheets, so one file prints on either.

>>> inline("See [lesson 07](07_exact_odds.ipynb): **Banker** <!-- claim x -->wins *more*.")
'See lesson 07: <strong>Banker</strong> wins <em>more</em>.'
"""

from __future__ import annotations

import re
from html import escape

# A4 is 210 mm wide, Letter 215.9 mm: 20 mm side margins leave 170 mm on either. Letter is 279.4 mm
# tall, A4 297 mm: 20 mm top and bottom margins leave at least 239 mm.
CONTENT_WIDTH_MM = 170
STYLE = f"""
@page {{ size: auto; margin: 20mm; }}
* {{ box-sizing: border-box; }}
body {{ font: 11pt/1.45 Georgia, 'DejaVu Serif', serif; color: #111; max-width: {CONTENT_WIDTH_MM}mm; margin: 1.5em auto; }}
h1 {{ font-size: 18pt; margin: 0 0 0.4em; }} h2 {{ font-size: 14pt; border-bottom: 1px solid #999; margin-top: 1.4em; }}
h3 {{ font-size: 12pt; }} h4 {{ font-size: 11pt; }}
table {{ border-collapse: collapse; width: 100%; table-layout: fixed; font-size: 9.5pt; }}
th, td {{ border: 1px solid #999; padding: 2pt 4pt; vertical-align: top; overflow-wrap: anywhere; text-align: left; }}
col.time {{ width: 13%; }} col.minutes {{ width: 9%; }} col.activity {{ width: 20%; }} col.section {{ width: 22%; }}
ol.exercises > li, ol.questions > li, .answer {{ break-inside: avoid; page-break-inside: avoid; margin-bottom: 1em; }}
.prompt {{ font-weight: bold; }} .why {{ color: #333; }} li.right {{ font-weight: bold; }}
.work {{ height: 32mm; border: 1px solid #bbb; margin-top: 0.4em;
        background: repeating-linear-gradient(to bottom, transparent 0, transparent 7.6mm, #ccc 7.6mm, #ccc 8mm); }}
.note {{ border: 1px solid #999; padding: 0.5em 0.8em; break-inside: avoid; }}
p, li {{ overflow-wrap: anywhere; }}
@media print {{ body {{ margin: 0; max-width: none; }} h2, h3 {{ break-after: avoid; }}
  .work {{ -webkit-print-color-adjust: exact; print-color-adjust: exact; }} }}
"""


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
