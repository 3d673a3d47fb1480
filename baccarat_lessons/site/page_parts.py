"""What the browser edition's page holds before Python starts, written at build time by the same
Python the server edition runs: the app's heading, the variant selector, each game's page (heading,
the table's frame, the rules, history and bibliography) and each table's first state.

>>> parts = page_parts()
>>> parts["variants"][:2], parts["selector"].count("<button")
(['punto-banco', 'mini-baccarat'], 5)
>>> first = first_states(1)["chemin-de-fer"]
>>> first["turn"], first["saved_text"], first["presentation"]["variant"]
(1, '', 'chemin-de-fer')
"""

from __future__ import annotations

from html import escape

from ..content import variant_page
from ..content.catalog import CATALOG
from ..content.rendering import render_text
from ..engine.variants import VARIANTS
from ..widgets.app.lessons_app import intro_html
from ..widgets.app.variant_page import KEYS_HTML, written_sections
from ..widgets.content_view import anchor_of, facts_html, heading_html, page_nav_html, section_html
from ..widgets.posted_table import PostedTable
from ..widgets.presenters import presenter_for
from ..widgets.stylesheets import SEATED_CSS, TABLE_CSS
from ..widgets.surface.served import STYLE_TEXT
from ..widgets.surface.saving import PlainRecords

# The page's own layout: what ipywidgets' boxes did on the server (a column, panels that wrap).
SITE_CSS = """
body.bls-site { margin: 0; background: #f6f4ee; font-family: system-ui, -apple-system, "Segoe UI", "DejaVu Sans", Arial, sans-serif; }
.bls-site .bl-app { padding: 0.5rem 0.75rem 1rem; }
.bls-site .bl-variant-selector { display: flex; flex-wrap: wrap; gap: 0.35rem; margin: 0.4rem 0; }
.bls-site .bl-variant-selector button { font: inherit; padding: 0.45em 0.9em; border-radius: 6px; border: 1px solid #9aa3ad;
  background: #fff; color: #1b1b1b; cursor: pointer; min-height: 44px; }
.bls-site .bl-variant-selector button[aria-pressed="true"] { background: #0f5e3a; border-color: #0f5e3a; color: #fff; }
.bls-site .bl-app-message:empty { display: none; }
.bls-site .bl-page[hidden] { display: none; }
.bls-site .bl-table { display: flex; flex-direction: column; gap: 0.5rem; }
.bls-site .bl-records { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: flex-start; }
.bls-site .bl-records > .bl-record { flex: 1 1 320px; min-width: 0; max-width: 100%; overflow-x: auto; }
.bls-site .bl-error-log[hidden] { display: none; }
.bls-site #lessons { max-width: 1100px; margin: 0 auto; padding: 0.5rem 0.75rem 1.5rem; overflow-wrap: break-word; }
"""


def stylesheet() -> str:
    """One stylesheet for the page: the surface's, the tables', the seat-banked tables', the app's, the page's."""
    from importlib.resources import files

    app_css = files("baccarat_lessons.widgets").joinpath("app.css").read_text(encoding="utf-8")
    return "\n".join((STYLE_TEXT, TABLE_CSS, SEATED_CSS, app_css, SITE_CSS))


def _table_frame(variant) -> str:
    """A table's frame as the server edition's LiveTable draws it: title, note, error log, surface, records."""
    presenter = presenter_for(variant)
    classes = " ".join(("bl-table", f"bl-table-{variant.key}", *presenter.root_classes,
                        *(("bl-table-mini",) if variant.is_compact else ())))
    note = render_text(CATALOG[variant.key]["table_about"], variant)
    return (f'<div class="{classes}"><div class="bl-table-head"><div class="bl-title">{escape(variant.name)} table</div>'
            f'<p class="bl-note">{note} Virtual practice chips only: no money, no prizes.</p></div>'
            '<div class="bl-error-log" hidden></div><div class="bl-play"><div class="bls-host"></div></div>'
            '<div class="bl-records"></div></div>')


def _variant_page(variant) -> str:
    key, text = variant.key, variant_page(variant.key)
    sections = written_sections(text, facts_html(text))
    titles = ["Play"] + [title for title, _ in sections]
    top = heading_html(text) + page_nav_html(key, titles) + section_html("Play", "", anchor_of(key, "Play"))
    rest = KEYS_HTML + "".join(section_html(title, body, anchor_of(key, title)) for title, body in sections)
    return (f'<section class="bl-page bl-page-{key}" data-variant="{key}" hidden><div class="bl-text">{top}</div>'
            f'{_table_frame(variant)}<div class="bl-text">{rest}</div></section>')


def page_parts() -> dict:
    """The page's static HTML: ``intro``, ``selector``, ``pages`` (one section per game) and ``variants``."""
    selector = "".join(f'<button type="button" data-variant="{key}" aria-pressed="false" title="Show {escape(variant.name)}">'
                       f"{escape(variant.name)}</button>" for key, variant in VARIANTS.items())
    return {"intro": f'<div class="bl-text">{intro_html(len(VARIANTS))}</div>', "selector": selector,
            "pages": "\n".join(_variant_page(variant) for variant in VARIANTS.values()), "variants": list(VARIANTS)}


def first_states(seed: int) -> dict[str, dict]:
    """Each table's first state as the worker's first draw makes it, without the session record (which the
    page would keep in its storage over a kept session) and without a sentence (the page says Python is
    starting)."""
    states = {}
    for key, variant in VARIANTS.items():
        table = PostedTable(variant, post=lambda message: None, seed=seed, keeping=PlainRecords())
        states[key] = {**table.surface.state(), "saved_text": "", "message": {}}
    return states
