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
from importlib.resources import files

from ..content import variant_page
from ..content.catalog import CATALOG
from ..content.rendering import render_text
from ..engine.variants import VARIANTS
from ..widgets.app.lessons_app import intro_html
from ..widgets.app.variant_page import KEYS_HTML, guide_of, written_sections
from ..widgets.content_view import anchor_of, facts_html, heading_html, page_nav_html, section_html
from ..widgets.posted_table import PostedTable
from ..widgets.presenters import presenter_for
from ..widgets.stylesheets import SEATED_CSS, TABLE_CSS
from ..widgets.surface.served import STYLE_TEXT
from ..widgets.surface.saving import PlainRecords


def stylesheet() -> str:
    """One stylesheet for the pages: the surface's, the tables', the seat-banked tables', the app's, the
    lessons', the site's."""
    app_css = files("baccarat_lessons.widgets").joinpath("app.css").read_text(encoding="utf-8")
    lessons_css = files("baccarat_lessons.widgets.lessons").joinpath("lessons.css").read_text(encoding="utf-8")
    site_css = files(__package__).joinpath("site.css").read_text(encoding="utf-8")
    return "\n".join((STYLE_TEXT, TABLE_CSS, SEATED_CSS, app_css, lessons_css, site_css))


def table_frame(variant) -> str:
    """A table's frame as the server edition's LiveTable draws it: title, note, error log, surface, records."""
    presenter = presenter_for(variant)
    classes = " ".join(("bl-table", f"bl-table-{variant.key}", *presenter.root_classes,
                        *(("bl-table-mini",) if variant.is_compact else ())))
    note = render_text(CATALOG[variant.key]["table_about"], variant)
    return (f'<div class="{classes}"><div class="bl-table-head"><div class="bl-title">{escape(variant.name)} table</div>'
            f'<p class="bl-note">{note} Virtual practice chips only: no money, no prizes.</p></div>'
            '<div class="bl-error-log" hidden></div><div class="bl-play"><div class="bls-host"></div></div>'
            '<div class="bl-records"></div><div class="bl-settings-host"></div></div>')


def _variant_page(variant) -> str:
    key, text = variant.key, variant_page(variant.key)
    sections = written_sections(text, facts_html(text))
    guide = ["Illustrated guide"] if text.guide_cards else []
    titles = ["Play", *guide] + [title for title, _ in sections]
    top = heading_html(text) + page_nav_html(key, titles) + section_html("Play", "", anchor_of(key, "Play"))
    # The guide's steps come from guides() as data (page.js draws them); its place is written here.
    rest = KEYS_HTML + "".join(section_html(title, "", anchor_of(key, title)) + '<div class="bl-guide-host"></div>'
                               for title in guide)
    rest += "".join(section_html(title, body, anchor_of(key, title)) for title, body in sections)
    return (f'<section class="bl-page bl-page-{key}" data-variant="{key}" hidden><div class="bl-text">{top}</div>'
            f'{table_frame(variant)}<div class="bl-text">{rest}</div></section>')


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


def guides() -> dict[str, dict]:
    """Each game's illustrated guide as data for the page to step through (``site/guide.js``): what the
    server's guide widget shows at each step (:meth:`~baccarat_lessons.widgets.guide_steps.GuideSteps.data`)."""
    data = {}
    for key, variant in VARIANTS.items():
        guide = guide_of(variant_page(key), variant)
        if guide is not None:
            data[key] = guide.data()
    return data
