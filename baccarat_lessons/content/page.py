"""The :class:`VariantPage` record and the loader that fills it from the HTML files.

The long texts live in ``pages/<key>.rules.html`` and ``pages/<key>.history.html``;
a line ``<!-- include name.html -->`` pulls in a fragment shared by several pages
(card values, the Punto Banco drawing table, the settings panel), so a rule is
written once. A line ``<!-- generated name -->`` is filled from the rules data by
:mod:`.generated` (the punter's and captains' rule, the bots' coin on 5); the
*Variants* section is built from the variant records (:mod:`.comparison`) and the
bibliography from the page's sources (:mod:`.sources`). Only the files are
cached: the generated parts are rebuilt on every call, from the records as they
are then.

>>> page = variant_page("mini-baccarat")
>>> page.name, page.guide_cards
('Mini Baccarat', '10S 3H 7D 2C 4D')
>>> "<!--" in page.rules_html
False
>>> page.sources
('maryland-mini-baccarat',)
>>> "Maryland Lottery and Gaming Control Agency" in page.bibliography_html
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources

from ..engine.errors import SettingsError
from ..engine.variants import VARIANTS
from .catalog import CATALOG
from .comparison import variants_html
from .generated import fill_generated
from .sources import bibliography_html

INCLUDE = re.compile(r"<!--\s*include\s+([\w.-]+\.html)\s*-->")


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


VARIANT_KEYS: tuple[str, ...] = tuple(CATALOG)


@lru_cache(maxsize=None)
def _page_text(filename: str) -> str:
    """One HTML file from ``pages/``, with its include lines expanded."""
    text = resources.files(__package__).joinpath("pages", filename).read_text(encoding="utf-8")
    return INCLUDE.sub(lambda match: _page_text(match.group(1)).strip(), text).strip()


def variant_page(key: str) -> VariantPage:
    """The written content of one variant's page, looked up by its key."""
    entry = CATALOG.get(key)
    if entry is None:
        raise SettingsError(
            f"There is no variant page called '{key}'; choose one of {', '.join(VARIANT_KEYS)}."
        )
    # Looked up here, on each call, so the page follows the records (and a test may replace them).
    variant = VARIANTS[key]
    sources = tuple(entry["sources"])
    # Fresh lists and dict each time, so a caller that edits them changes nothing shared.
    return VariantPage(
        key=key,
        name=entry["name"],
        tagline=entry["tagline"],
        category=entry["category"],
        also_known_as=list(entry["also_known_as"]),
        countries=list(entry["countries"]),
        rules_html=fill_generated(_page_text(f"{key}.rules.html"), variant),
        history_html=fill_generated(_page_text(f"{key}.history.html"), variant),
        guide_cards=entry["guide_cards"],
        guide_title=entry["guide_title"],
        guide_notes=list(entry["guide_notes"]),
        guide_choices=dict(entry.get("guide_choices", {})),
        guide_stakes=dict(entry.get("guide_stakes", {})),
        table_about=entry["table_about"],
        variants_html=variants_html(variant, VARIANTS),
        sources=sources,
        bibliography_html=bibliography_html(sources),
    )
