"""The :class:`VariantPage` record and the loader that fills it from the HTML files.

The long texts live in ``pages/<key>.rules.html`` and ``pages/<key>.history.html``,
Jinja2 templates rendered from the variant record (:mod:`.rendering`): the table of
facts, the figures in the text, the shared fragments (card values, the Punto Banco
drawing table, the settings panel) and the rules said in words (:mod:`.generated`)
all come from it. A variant of a kind already written may use another variant's
pages (its catalog entry's ``pages``), which then state its own record's facts. The
*Variants* section is built from the variant records (:mod:`.comparison`) and the
bibliography from the page's sources (:mod:`.sources`). Only the templates are
compiled once: the pages are rendered on every call, from the records as they
are then. On slides the rules come in parts that each fit the screen (:meth:`VariantPage.rules_parts`).

>>> page = variant_page("mini-baccarat")
>>> page.name, page.guide_cards
('Mini Baccarat', '10S 3H 7D 2C 4D')
>>> "{{" in page.rules_html, "<td>1, 2, 5, 10</td>" in page.rules_html
(False, True)
>>> page.sources
('maryland-mini-baccarat',)
>>> "Maryland Lottery and Gaming Control Agency" in page.bibliography_html
True
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

from ..engine.errors import SettingsError
from ..engine.variants import VARIANTS
from .catalog import CATALOG
from .comparison import variants_html
from .rendering import render_page, render_text
from .sources import bibliography_html


@dataclass(frozen=True)
class VariantPage:
    """Everything a variant page shows besides the live table.

    ``guide_cards`` is a stacked card string in deal order for the illustrated
    guide; ``guide_choices`` says what the guide's scripted seats decide at each
    choice in that coup (``True`` = draw), keyed by seat: ``"punter"`` and
    ``"banker"`` in Chemin de Fer, ``"right"``, ``"left"`` and ``"banker"`` in
    Banque. Punto Banco and Mini Baccarat have no choices, so it is empty there.
    ``variants_html`` is the *Variants* section (how this game differs from the
    others), ``sources`` the keys of :data:`.sources.SOURCES` the page relies on and
    ``bibliography_html`` their list.
    """

    key: str
    name: str
    tagline: str
    category: str
    also_known_as: list[str]
    countries: list[str]
    rules_html: str
    history_html: str
    guide_cards: str
    guide_title: str
    guide_notes: list[str]
    guide_choices: dict[str, bool] = field(default_factory=dict)
    guide_stakes: dict[str, int] = field(default_factory=dict)  # bank, stake, bot_stake in whole chips
    table_about: str = ""
    variants_html: str = ""
    sources: tuple[str, ...] = ()
    bibliography_html: str = ""

    def rules_parts(self) -> list[str]:
        """The complete rules cut into parts that each fit a 1280 x 720 slide (:func:`slide_parts`)."""
        return slide_parts(self.rules_html)


def variant_page(key: str) -> VariantPage:
    """The written content of one variant's page, looked up by its key."""
    entry = CATALOG.get(key)
    if entry is None:
        raise SettingsError(
            f"There is no variant page called '{key}'; choose one of {', '.join(CATALOG)}."
        )
    # Looked up here, on each call, so the page follows the records (and a test may replace them).
    variant = VARIANTS[key]
    sources = tuple(entry["sources"])
    pages = entry.get("pages", key)  # a variant of a kind already written may use another's pages
    # Fresh lists and dict each time, so a caller that edits them changes nothing shared.
    return VariantPage(
        key=key,
        name=variant.name,
        tagline=render_text(entry["tagline"], variant),
        category=entry["category"],
        also_known_as=list(entry["also_known_as"]),
        countries=list(entry["countries"]),
        rules_html=render_page(f"{pages}.rules.html", variant),
        history_html=render_page(f"{pages}.history.html", variant),
        guide_cards=entry["guide_cards"],
        guide_title=entry["guide_title"],
        guide_notes=[render_text(note, variant) for note in entry["guide_notes"]],
        guide_choices=dict(entry.get("guide_choices", {})),
        guide_stakes=dict(entry.get("guide_stakes", {})),
        table_about=render_text(entry["table_about"], variant),
        variants_html=variants_html(variant, VARIANTS),
        sources=sources,
        bibliography_html=bibliography_html(sources),
    )


# A rules page on slides (VariantPage.rules_parts): cut only between its top-level blocks (a paragraph, a
# list, a table, a heading), a heading kept with what follows it; a section (<h3>) that fits a part of its
# own starts one. Heights are estimated in slide pixels from the words, lines and table rows at the slides'
# text size (22 px in a 1184 px column, notebooks/rise.css); the slides' browser test measures every part.
# The first part shares its slide with the heading "The complete rules".
FIRST_PART_PX = 540
PART_PX = 620
LINE_PX = 35  # a line of the rules' 22 px text, as measured on the slides (line-height 1.6)
LINE_CHARS = 100  # characters in a line of the 1184 px column, a little under what fits
HEADING_PX = {"h3": 54, "h4": 48}
TABLE_ROW_PX = 35
BLOCK_GAP_PX = 18
VOID = {"br", "img", "hr", "input", "meta", "link", "col", "wbr"}


class _Blocks(HTMLParser):
    """Cuts HTML into its top-level elements, each kept as written."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=False)
        self.html, self.blocks, self._depth, self._start = html, [], 0, None
        self._lines = [0, *(match.end() for match in re.finditer("\n", html))]
        self.feed(html)
        self.close()

    def _offset(self) -> int:
        line, column = self.getpos()
        return self._lines[line - 1] + column

    def handle_starttag(self, tag, attrs):
        if self._depth == 0:
            self._start = (tag, self._offset())
        if tag not in VOID:
            self._depth += 1

    def handle_endtag(self, tag):
        self._depth -= 1
        if self._depth == 0 and self._start is not None:
            end = self.html.index(">", self._offset()) + 1
            self.blocks.append((self._start[0], self.html[self._start[1]:end]))
            self._start = None


def _text_lines(text: str, chars: float = LINE_CHARS) -> int:
    return max(1, math.ceil(len(" ".join(text.split())) / chars))


def _plain(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)


def block_px(tag: str, html: str) -> int:
    """The estimated height of one top-level block on a slide, its margin included."""
    if tag in HEADING_PX:
        return HEADING_PX[tag]
    if tag == "table":
        rows = re.findall(r"<tr\b.*?</tr>", html, flags=re.S)
        height = 0
        for row in rows:
            # A table's columns share the width as their words do: a row wraps as its whole text would,
            # with some width lost to the cells' padding.
            cells = re.findall(r"<t[hd]\b.*?</t[hd]>", row, flags=re.S) or [row]
            # A narrow column wraps sooner than the row's length says: three quarters of a line's characters.
            height += TABLE_ROW_PX * _text_lines(" ".join(_plain(cell) for cell in cells), LINE_CHARS * 0.75 - 4 * len(cells))
        return height + BLOCK_GAP_PX + (40 if "<caption" in html else 0)
    if tag in ("ul", "ol"):
        # Each item's text up to the next item, nested lists and the paragraphs after them included
        # (a nested item is indented further, so its lines hold fewer characters).
        items = [segment for segment in re.split(r"<li\b", html)[1:]] or [html]
        return sum(LINE_PX * _text_lines(_plain("<" + item), LINE_CHARS - 12) + 8 for item in items) + BLOCK_GAP_PX
    return LINE_PX * _text_lines(_plain(html)) + BLOCK_GAP_PX


def _split_long_lists(blocks):
    """Each list too tall for a slide cut into lists of whole items that fit, numbering carried on
    (``start``), so a long list of rules spreads over slides instead of running off one."""
    for tag, html in blocks:
        if tag not in ("ol", "ul") or block_px(tag, html) <= PART_PX:
            yield tag, html
            continue
        opening = html[:html.index(">") + 1]
        items = [item for _, item in _Blocks(html[len(opening):html.rindex("</")]).blocks]
        chunk, number = [], 1
        for item in items:
            if chunk and block_px(tag, "".join([*chunk, item])) > PART_PX - BLOCK_GAP_PX:
                yield tag, _wrapped(opening, chunk, number)
                number += len(chunk)
                chunk = []
            chunk.append(item)
        yield tag, _wrapped(opening, chunk, number)


def _wrapped(opening: str, items: list[str], number: int) -> str:
    start = f' start="{number}"' if opening.startswith("<ol") and number > 1 else ""
    return f"{opening[:-1]}{start}>{''.join(items)}</{opening[1:3]}>"


def _sections(blocks):
    """Blocks grouped from each ``<h3>`` to the next."""
    sections = []
    for block in blocks:
        if block[0] == "h3" or not sections:
            sections.append([])
        sections[-1].append(block)
    return sections


def slide_parts(html: str) -> list[str]:
    """``html`` (a rules page) as parts that each fit a slide, in order; together they are the page.

    >>> slide_parts("<h3>Objective</h3><p>Guess the winner.</p><h3>Payouts</h3><p>1:1.</p>")
    ['<h3>Objective</h3><p>Guess the winner.</p><h3>Payouts</h3><p>1:1.</p>']
    >>> long = "".join(f"<h3>Part {n}</h3>" + "<p>" + "word " * 300 + "</p>" for n in range(3))
    >>> [part[:14] for part in slide_parts(long)]
    ['<h3>Part 0</h3', '<h3>Part 1</h3', '<h3>Part 2</h3']
    """
    parts, current, used = [], [], 0

    def room() -> int:
        return (FIRST_PART_PX if not parts else PART_PX) - used

    def close() -> None:
        nonlocal current, used
        if current:
            parts.append("".join(block for _, block in current))
        current, used = [], 0

    for section in _sections(list(_split_long_lists(_Blocks(html).blocks))):
        height = sum(block_px(*block) for block in section)
        if current and height > room():
            close()  # the section starts a part of its own
        for index, block in enumerate(section):
            px = block_px(*block)
            # A heading goes with the block after it: it never ends a part.
            following = block_px(*section[index + 1]) if block[0] in HEADING_PX and index + 1 < len(section) else 0
            if current and not all(tag in HEADING_PX for tag, _ in current) and px + following > room():
                close()
            current.append(block)
            used += px
    close()
    return parts
