"""The :class:`VariantPage` record and the loader that fills it from the HTML files.

The long texts live in ``pages/<key>.rules.html`` and ``pages/<key>.history.html``;
a line ``<!-- include name.html -->`` pulls in a fragment shared by several pages
(card values, the Punto Banco drawing table, the settings panel), so a rule is
written once.

>>> page = variant_page("mini-baccarat")
>>> page.name, page.guide_cards
('Mini Baccarat', '10S 3H 7D 2C 4D')
>>> "<!-- include" in page.rules_html
False
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources

from ..engine.errors import SettingsError
from .catalog import CATALOG

INCLUDE = re.compile(r"<!--\s*include\s+([\w.-]+\.html)\s*-->")


@dataclass(frozen=True)
class VariantPage:
    """Everything a variant page shows besides the live table.

    ``guide_cards`` is a stacked card string in deal order for the illustrated
    guide; ``guide_choices`` says what the guide's scripted seats decide at each
    choice in that coup (``True`` = draw), keyed by seat: ``"punter"`` and
    ``"banker"`` in Chemin de Fer, ``"right"``, ``"left"`` and ``"banker"`` in
    Banque. Punto Banco and Mini Baccarat have no choices, so it is empty there.
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
    # Fresh lists and dict each time, so a caller that edits them changes nothing shared.
    return VariantPage(
        key=key,
        name=entry["name"],
        tagline=entry["tagline"],
        category=entry["category"],
        also_known_as=list(entry["also_known_as"]),
        countries=list(entry["countries"]),
        rules_html=_page_text(f"{key}.rules.html"),
        history_html=_page_text(f"{key}.history.html"),
        guide_cards=entry["guide_cards"],
        guide_title=entry["guide_title"],
        guide_notes=list(entry["guide_notes"]),
        guide_choices=dict(entry.get("guide_choices", {})),
    )
