"""Staged links: a teacher's URL opens every student's app at the same coup.

``?variant=chemin-de-fer&shoe=2S+KH+3D+3S+9H&role=banker&choices=punter:draw`` opens
the Chemin de Fer page with that coup dealt from those cards, you in that role, and
the choices up to the moment to discuss already taken (``choices``: ``punter``,
``banker``, ``right``, ``left``, each ``draw`` or ``stand``). At Punto Banco and Mini
Baccarat the next deal uses the cards (no role, no choices: nobody chooses there).
After the staged cards the shoe goes on, shuffled, so play can continue. A bad link
raises a :class:`~baccarat_lessons.engine.errors.SettingsError` with one sentence;
the app shows it over the normal table. The page reads its own address and sends the query
string to the kernel (the table surface's "PAGE" message), on a server and in the browser
edition alike; the app opens it with :meth:`LessonsApp.open_link`.

>>> link = parse_link("variant=chemin-de-fer&shoe=2S+KH+3D+3S+9H&role=banker&choices=punter:draw")
>>> link.variant.key, link.cards, link.role, link.choices
('chemin-de-fer', '2S KH 3D 3S 9H', 'banker', {'punter': True})
>>> parse_link("")
>>> parse_link("variant=blackjack")
Traceback (most recent call last):
...
baccarat_lessons.engine.errors.SettingsError: There is no variant 'blackjack'; choose one of punto-banco, mini-baccarat, chemin-de-fer, banque-ouverte, banque-limitee.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import parse_qs

from .cards import parse_cards
from .errors import BaccaratError, SettingsError
from .seated.script import roles_of
from .variants import Variant, variant_named

CHOOSERS = ("punter", "banker", "right", "left")
MAX_LINK_CARDS = 60  # a coup takes at most nine cards; a few coups' worth is plenty for a lesson


@dataclass(frozen=True)
class StagedLink:
    variant: Variant
    cards: str = ""
    role: str | None = None
    choices: dict[str, bool] = field(default_factory=dict)


def parse_link(query: str | None) -> StagedLink | None:
    """The staged coup a query string asks for, None when it asks for none (see the module docstring)."""
    fields = parse_qs((query or "").lstrip("?"), keep_blank_values=True)
    if not fields:
        return None
    unknown = sorted(set(fields) - {"variant", "shoe", "role", "choices"})
    if unknown:
        raise SettingsError(f"This link has a part the app does not know ({', '.join(unknown)}); "
                            "it understands variant, shoe, role and choices.")
    variant = variant_named(_one(fields, "variant") or "punto-banco")
    cards = " ".join((_one(fields, "shoe") or "").replace(",", " ").split())
    if cards:
        try:
            count = len(parse_cards(cards))
        except BaccaratError as error:
            raise SettingsError(f"The link's shoe cannot be read: {error}") from None
        if count > MAX_LINK_CARDS:
            raise SettingsError(f"The link's shoe has {count} cards; a staged coup takes at most {MAX_LINK_CARDS}.")
    role, choices = _one(fields, "role"), _choices(_one(fields, "choices") or "")
    if variant.has_fixed_rules and (role or choices):
        raise SettingsError(f"At {variant.name} nobody chooses: a link gives only its shoe, not a role or choices.")
    if variant.is_seat_banked:
        if not cards:
            raise SettingsError(f"A {variant.name} link needs a shoe: the cards of the coup to stage.")
        role = role or roles_of(variant)[0]
        if role not in roles_of(variant):
            raise SettingsError(f"At {variant.name} you can be {', '.join(roles_of(variant))}; not '{role}'.")
    return StagedLink(variant, cards, role, choices)


def _one(fields: dict[str, list[str]], name: str) -> str | None:
    values = fields.get(name)
    if not values:
        return None
    if len(values) > 1:
        raise SettingsError(f"The link gives '{name}' {len(values)} times; give it once.")
    return str(values[0]).strip()


def _choices(text: str) -> dict[str, bool]:
    choices = {}
    for part in filter(None, (piece.strip() for piece in text.split(","))):
        who, _, what = part.partition(":")
        if who not in CHOOSERS or what not in ("draw", "stand"):
            raise SettingsError(f"'{part}' is not a choice: write who:draw or who:stand, who being "
                                f"{', '.join(CHOOSERS)}.")
        choices[who] = what == "draw"
    return choices
