"""The rules and history pages as Jinja2 templates, rendered from a variant record.

Each page in ``pages/`` is a template given one name, ``variant`` (the record of
``engine.variants``). A fact of the table is read from it (``{{ variant.decks }}``), a
fragment shared by several pages is included (``{% include "shared-card-values.html" %}``),
and a rule said in words comes from a filter of :mod:`.generated`
(``{{ variant|banker_pays }}``), so a page cannot state a figure or a rule the table does
not play. The table of facts at the head of each rules page is one template,
``shared-facts.html``, written from the record alone.

The environment is sandboxed and escapes HTML: the templates are the package's own, and
what a record holds (a name with an apostrophe, say) reaches the page as text, never as
markup. Only the filters that write HTML of their own (already escaped) are marked safe.
Templates are compiled once; every call renders them again from the record as it is then.

>>> from baccarat_lessons.engine.variants import BANQUE_LIMITEE, PUNTO_BANCO
>>> render_text("{{ variant.name }} pays {{ variant|banker_pays }}", PUNTO_BANCO)
'Punto Banco pays 0.95:1'
>>> facts = render_page("shared-facts.html", BANQUE_LIMITEE)
>>> "<td>6: you and five bots, plus the casino banker</td>" in facts
True
>>> render_text("{{ variant|nonsense }}", PUNTO_BANCO)
Traceback (most recent call last):
...
jinja2.exceptions.TemplateAssertionError: No filter named 'nonsense'.
"""

from __future__ import annotations

from functools import lru_cache, wraps
from importlib import resources
from typing import Callable

from jinja2 import FunctionLoader, StrictUndefined, Template
from jinja2.sandbox import SandboxedEnvironment
from markupsafe import Markup

from ..engine.variants import Variant
from .generated import HTML_FRAGMENTS, TEXT_FRAGMENTS


def _page_source(name: str) -> tuple[str, None, Callable[[], bool]] | None:
    """A template's text from ``pages/``; the package's files never change while it runs."""
    page = resources.files(__package__).joinpath("pages", name)
    if not page.is_file():
        return None
    return page.read_text(encoding="utf-8"), None, lambda: True


def _safe(fragment: Callable[..., str]) -> Callable[..., Markup]:
    @wraps(fragment)
    def marked(*args: object) -> Markup:
        return Markup(fragment(*args))  # the fragment escapes what it writes itself

    return marked


@lru_cache(maxsize=None)
def environment() -> SandboxedEnvironment:
    """The one environment every page is rendered in (see the module)."""
    env = SandboxedEnvironment(loader=FunctionLoader(_page_source), autoescape=True, undefined=StrictUndefined,
                               trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    env.filters.update(TEXT_FRAGMENTS)
    env.filters.update({name: _safe(fragment) for name, fragment in HTML_FRAGMENTS.items()})
    return env


def render_page(name: str, variant: Variant) -> str:
    """The page template ``name`` (``"punto-banco.rules.html"``) rendered for ``variant``."""
    return _render(environment().get_template(name), variant)


def render_text(source: str, variant: Variant) -> str:
    """A template given as text, rendered for ``variant`` in the pages' environment."""
    return _render(environment().from_string(source), variant)


def _render(template: Template, variant: Variant) -> str:
    return template.render(variant=variant).strip()
