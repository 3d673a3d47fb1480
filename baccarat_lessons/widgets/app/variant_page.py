"""One variant's page in the app: heading and facts, table, illustrated guide, rules, history,
how the variant differs from the others, and the bibliography.

A page is built once, on the first visit, and kept: the table on it keeps its
session while the reader looks at another variant.

>>> from baccarat_lessons.engine.variants import CHEMIN_DE_FER
>>> page = VariantPageView(CHEMIN_DE_FER)
>>> "bl-page-chemin-de-fer" in page.widget._dom_classes
True
>>> type(page.table).__name__, "bl-table-chemin-de-fer" in page.table.widget._dom_classes
('LiveTable', True)
>>> page.guide.step_count > 10
True
>>> [title for title, _ in written_sections(variant_page("chemin-de-fer"))]
['Complete rules', 'Origin and history', 'Variants', 'Bibliography']
"""

from __future__ import annotations

import ipywidgets as widgets

from ...content import variant_page
from ...engine.variants import Variant
from ..content_view import anchor_of, facts_html, heading_html, page_nav_html, section_html
from ..guide import IllustratedGuide
from ..shared_models import html as shared_html
from ..table import LiveTable

# The page's keyboard shortcuts (the app's page template listens for them).
KEYS_HTML = ('<p class="bl-keys"><strong>Keys:</strong> P, B, T put the chosen chip on Player, Banker, Tie; '
             "D or Space deals (at the seat-banked tables Space lets the bots play on); "
             "← and → step the illustrated guide.</p>")


def playable_table(variant: Variant, seed=None, defer: bool = False):
    """The live table of a variant (one widget for all five)."""
    return LiveTable(variant, seed=seed, defer=defer)


class VariantPageView:
    """The widgets of one variant's page; ``widget`` is its root.

    With ``defer`` the page starts with its heading and its table; the guide and the written
    sections (and the table's records) are built once the page has drawn the table, so the
    first screen is usable sooner. ``build_rest()`` builds them at once.
    """

    def __init__(self, variant: Variant, seed=None, defer: bool = False):
        self.variant = variant
        self.text = variant_page(variant.key)
        self.table = playable_table(variant, seed, defer)
        self.guide = None
        self.rest_built = False
        key = variant.key
        self.titles = ["Play"] + (["Illustrated guide"] if self.text.guide_cards else []) + \
            [t for t, _ in written_sections(self.text)]
        # Above the table only what names the page and leads round it: on a 1366x768 laptop the
        # table's spots, Deal or the pending decision must be on the first screen. The keys and the
        # game's facts follow the table.
        top = _text(heading_html(self.text) + page_nav_html(key, self.titles)
                    + section_html("Play", "", anchor_of(key, "Play")))
        self.widget = widgets.VBox([top, self.table.widget])  # its own layout: shown and hidden
        self.widget.add_class("bl-page")
        self.widget.add_class(f"bl-page-{variant.key}")
        if defer:
            self.table.surface.when_shown(self.table.guard.wrap(self.build_rest))
        else:
            self.build_rest()

    def build_rest(self) -> None:
        """The illustrated guide and the written sections, after the table."""
        if self.rest_built:
            return
        self.rest_built = True
        key, text = self.variant.key, self.text
        self.guide = guide_of(text, self.variant)
        parts = [_text(KEYS_HTML)]
        if self.guide is not None:
            parts += [_text(section_html("Illustrated guide", "", anchor_of(key, "Illustrated guide"))),
                      self.guide.widget]
        # One widget for all the written sections: a model each would slow the page for nothing.
        parts.append(_text("".join(section_html(title, body, anchor_of(key, title))
                                   for title, body in written_sections(text, facts_html(text)))))
        self.widget.children = (*self.widget.children, *parts)


def written_sections(text, facts: str = "") -> list[tuple[str, str]]:
    """The titled text sections of a page (``content.VariantPage``), in page order, empty ones left out;
    ``facts`` (category, other names, countries) open the history."""
    sections = (
        ("Complete rules", text.rules_html),
        ("Origin and history", facts + text.history_html if text.history_html else facts),
        ("Variants", text.variants_html),
        ("Bibliography", text.bibliography_html),
    )
    return [(title, body) for title, body in sections if body]


def _text(html: str) -> widgets.HTML:
    """A block of page text (class ``bl-text``, styled in ``APP_CSS``)."""
    block = shared_html(html, width="100%")
    block.add_class("bl-text")
    return block


def guide_of(text, variant: Variant):
    """The illustrated guide of the page's sample round, when the content has one."""
    if not text.guide_cards:
        return None
    if variant.has_fixed_rules:
        return IllustratedGuide.from_cards(text.guide_cards, variant=variant.key, title=text.guide_title)
    from ..seat_banked_guide import SeatedGuide

    return SeatedGuide(text)  # the scripted coup on the table engine, each choice explained
