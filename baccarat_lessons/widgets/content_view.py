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

# Shown once on the app; scoped to bl-app so nothing else on a page changes.
APP_CSS = """
<style>
.bl-app { max-width: 1100px; margin: 0 auto; font-size: 15px; }
/* Phones: every block fits the screen's width; a wide table scrolls inside its own box, never the page. */
.bl-app, .bl-app .widget-box, .bl-app .widget-html, .bl-app .widget-html-content { min-width: 0; max-width: 100%; }
.bl-app .widget-html-content { overflow-wrap: break-word; font-size: 15px; }
.bl-app .bl-page-nav { margin: 0.2em 0 0.3em; line-height: 1.8; }
/* The page's name and the Play heading stay close to the table: a laptop shows its Deal at once. */
.bl-app .bl-text .bl-page-name { margin: 0.2em 0 0; }
.bl-app .bl-text .bl-tagline { margin: 0.1em 0 0.2em; }
.bl-app .bl-text .bl-section-title[id$="-play"] { margin-top: 0.3em; }
.bl-app .bl-page-nav a { color: #1f4f99; }
.bl-app .bl-keys { color: #3a3f47; }
/* Projector mode: large type and cards for the front of a classroom. */
.bl-app.bl-projector .widget-html-content, .bl-app.bl-projector .bl-table, .bl-app.bl-projector .bl-guide,
.bl-app.bl-projector .widget-button, .bl-app.bl-projector .widget-toggle-button { font-size: 21px; }
.bl-app.bl-projector .widget-button { height: auto; min-height: 2.2em; }
.bl-app .bl-projector-toggle { width: auto; padding: 0 1em; } /* its whole name, in large type too */
.bl-app.bl-projector svg.bl-card { width: 96px; height: auto; }
.bl-app.bl-projector svg.bl-card.bl-card-sideways { width: 134px; }
/* ... and the table fills the screen: the app's title and introduction and the page's heading and links
   fold away (the variant buttons and the toggle stay, one row), the width limits go, cards grow with
   the screen's height too. */
.bl-app.bl-projector { max-width: none; padding: 0 1vw; }
.bl-app.bl-projector > .bl-text:first-child, .bl-app.bl-projector .bl-page > .bl-text:first-child { display: none; }
.bl-app.bl-projector .bl-table, .bl-app.bl-projector .bl-guide { max-width: none; }
.bl-app.bl-projector .bl-table-head .bl-note { display: none; }
.bl-app.bl-projector .bls { --bls-card-w: clamp(48px, min(12vw, 13vh), 150px); }
.bl-app.bl-projector .bls-felt { min-height: 40vh; justify-content: center; }
.bl-app th, .bl-app td { overflow-wrap: normal; }
.bl-app .bl-text table, .bl-app .bl-drawing table { display: block; max-width: 100%; overflow-x: auto; }
.bl-app .bl-text .widget-html-content { line-height: 1.5; font-size: 15px; }
.bl-app .bl-text h1 { font-size: 1.8em; margin: 0.3em 0 0.1em; }
.bl-app .bl-text h2 { font-size: 1.5em; margin: 0.5em 0 0.1em; }
.bl-app .bl-text h3, .bl-app .bl-text h4 { font-size: 1.1em; margin: 0.8em 0 0.3em; }
.bl-app .bl-text .bl-section-title { font-size: 1.35em; margin: 1.1em 0 0.4em; padding-bottom: 0.15em;
  border-bottom: 2px solid #5a7bb5; }
.bl-app .bl-text p, .bl-app .bl-text li { max-width: 75ch; }
.bl-app .bl-text table { border-collapse: collapse; margin: 0.4em 0; }
.bl-app .bl-text th, .bl-app .bl-text td { border: 1px solid #d0d4da; padding: 0.15em 0.6em; text-align: left; }
.bl-app .bl-text .variant-comparison { font-size: 15px; }
.bl-app .bl-text .variant-comparison th, .bl-app .bl-text .variant-comparison td { vertical-align: top; }
.bl-app .bl-text .variant-comparison .this-variant { background: #e3ecfa; }
.bl-app .bl-text .variant-differences li, .bl-app .bl-text .bibliography li { font-size: 15px; margin: 0 0 0.4em; }
.bl-app .bl-text .choice-rule li { font-size: 15px; }
.bl-app .bl-app-intro, .bl-app .bl-tagline { color: #3c4450; margin: 0 0 0.4em; }
.bl-app .bl-facts { margin: 0.3em 0; }
.bl-app .bl-fact-name { font-weight: 600; color: #3c4450; display: inline-block; min-width: 13em; }
.bl-app .bl-variant-selector .widget-toggle-button { width: auto; min-width: 9em; }
.bl-app .bl-variant-selector .widget-toggle-button.mod-active { background: #1a5fb4; color: #fff; }
.bl-app :focus-visible { outline: 3px solid #1a5fb4; outline-offset: 2px; }
/* A compact header: the table of the page starts high on every screen. The page's name and tagline
   share a line, the links the next; the Play heading is the table's own title. */
.bl-app > .bl-text:first-child h1 { font-size: 1.4em; margin: 0.15em 0 0; }
.bl-app > .bl-text:first-child .bl-app-intro { margin: 0 0 0.2em; }
.bl-app .bl-variant-selector .widget-toggle-button, .bl-app .bl-projector-toggle { height: 30px; }
.bl-app .bl-app-message:has(.widget-html-content:empty) { display: none; } /* no empty line under the buttons */
.bl-app .bl-page > .bl-text:first-child .widget-html-content { display: flex; flex-wrap: wrap; align-items: baseline;
  column-gap: 0.8em; }
.bl-app .bl-page > .bl-text:first-child .bl-page-name { font-size: 1.3em; margin: 0.15em 0 0; }
.bl-app .bl-page > .bl-text:first-child .bl-tagline { margin: 0; }
.bl-app .bl-page > .bl-text:first-child .bl-page-nav { flex-basis: 100%; margin: 0; line-height: 1.5; }
.bl-app .bl-page > .bl-text:first-child .bl-section-title { position: absolute; width: 1px; height: 1px;
  overflow: hidden; clip: rect(0 0 0 0); margin: 0; padding: 0; border: 0; }
/* A laptop's short screen or a tablet: the introductions fold away (they are further down the page
   too), so the table's decision stays on the first screen. */
@media (max-height: 820px), (max-width: 1000px) {
  .bl-app > .bl-text:first-child .bl-app-intro, .bl-app .bl-table-head .bl-note { display: none; }
}
@media (max-width: 1000px) { .bl-app .bl-table-head { display: none; } } /* the page's name says it */
/* A phone: the title, the variant buttons in two short rows, the page's name, then the table. The
   introduction, the tagline, the links and the table's description are further down the page. */
@media (max-width: 600px) {
  /* the app's name is the page's title: kept for a screen reader, off the screen */
  .bl-app > .bl-text:first-child h1 { position: absolute; width: 1px; height: 1px; overflow: hidden;
    clip: rect(0 0 0 0); margin: 0; }
  .bl-app .bl-table .bl-play { margin: 0.3em 0 0; padding: 0.3em 0.3em; }
  .bl-app > .bl-text:first-child .bl-app-intro, .bl-app .bl-page > .bl-text:first-child .bl-tagline,
  .bl-app .bl-page > .bl-text:first-child .bl-page-nav, .bl-app .bl-table-head { display: none; }
  .bl-app .bl-variant-selector .widget-toggle-button, .bl-app .bl-projector-toggle { min-width: 0;
    padding: 0 0.5em; margin: 0 2px 3px 0; font-size: 13px; height: 28px; }
  .bl-app .bl-variant-selector .widget-toggle-button { flex: 1 1 30%; }
  .bl-app .bl-projector-toggle { display: none; } /* a projector is not driven from a phone */
  /* the page's name is the variant button shown pressed: kept for a screen reader, off the screen */
  .bl-app .bl-page > .bl-text:first-child { height: 0; min-height: 0; overflow: hidden; margin: 0; }
}
</style>
"""


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
