"""HTML for the written parts of a variant page: heading, facts, rules, history, variants, sources.

The texts come from ``baccarat_lessons.content`` (``variant_page(key)``); this module
only lays them out. Plain strings are escaped; ``rules_html``, ``history_html``,
``variants_html`` and ``bibliography_html`` are the package's own HTML and are shown
as written.

>>> from types import SimpleNamespace
>>> page = SimpleNamespace(name="Punto Banco", tagline="Bet on a hand.", category="Comparing",
...                        also_known_as=["Baccara"], countries=["France", "Cuba"])
>>> heading_html(page)
'<h2 class="bl-page-name">Punto Banco</h2><p class="bl-tagline">Bet on a hand.</p>'
>>> "France · Cuba" in facts_html(page)
True
>>> facts_html(SimpleNamespace(category="", also_known_as=[], countries=[]))
''
"""

from __future__ import annotations

from html import escape
from importlib.resources import files

# Shown once on the app (app.css beside this module); scoped to bl-app so nothing else on a page changes.
APP_CSS = f"<style>{files(__package__).joinpath('app.css').read_text(encoding='utf-8')}</style>"


def heading_html(page) -> str:
    """The variant's name and its one-line tagline."""
    tagline = f'<p class="bl-tagline">{escape(page.tagline)}</p>' if page.tagline else ""
    return f'<h2 class="bl-page-name">{escape(page.name)}</h2>{tagline}'


def facts_html(page) -> str:
    """Category, also-known-as and documented countries, one line each."""
    facts = [
        ("Category", [page.category] if page.category else []),
        ("Also known as", list(page.also_known_as)),
        ("Documented countries", list(page.countries)),
    ]
    rows = "".join(
        f'<div><span class="bl-fact-name">{name}</span> {" · ".join(escape(value) for value in values)}</div>'
        for name, values in facts if values
    )
    return f'<div class="bl-facts">{rows}</div>' if rows else ""


def anchor_of(key: str, title: str) -> str:
    """The id of a page section: ``anchor_of("punto-banco", "Complete rules")`` is ``bl-punto-banco-complete-rules``."""
    return f"bl-{key}-" + "-".join(title.lower().split())


def page_nav_html(key: str, titles) -> str:
    """A short in-page navigation: one link per section of the variant page."""
    links = " · ".join(f'<a href="#{anchor_of(key, title)}">{escape(title)}</a>' for title in titles)
    return f'<nav class="bl-page-nav" aria-label="On this page">On this page: {links}</nav>'


def section_html(title: str, body_html: str, anchor: str = "") -> str:
    """A titled section of a page; ``body_html`` is trusted package HTML; ``anchor`` its id for links."""
    where = f' id="{escape(anchor)}"' if anchor else ""
    return f'<h3 class="bl-section-title"{where}>{escape(title)}</h3>{body_html}'
