"""The written content of the variant pages: rules, history, illustrated-guide scripts, myths.

Texts are data: HTML fragments in ``pages/`` and short records in
:mod:`.catalog`. The tests parse the drawing tables back out of the HTML and
compare them with :mod:`baccarat_lessons.engine.drawing`, so the words cannot
drift from the rules the engine plays.

The names below are imported on first use (PEP 562): the pages are rendered with jinja2, which the
browser edition's Python does not have, and importing ``content.exercises`` there runs this file first.

>>> from baccarat_lessons.content import variant_page
>>> variant_page("punto-banco").guide_cards
'2S AC 2H 2D 8C'
"""

from importlib import import_module

# Eager, and pure: the function shares its module's name, which a lazy name would leave as the module.
from .myths import Myth, myths

_HOMES = {"VariantPage": ".page", "variant_page": ".page"}

__all__ = ["Myth", "myths", *sorted(_HOMES)]


def __getattr__(name: str):
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(_HOMES[name], __name__), name)
