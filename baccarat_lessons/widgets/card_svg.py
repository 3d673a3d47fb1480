"""Playing cards drawn as inline SVG, with a text alternative for screen readers.

Suits are drawn as paths, not font glyphs, so a card looks the same on every
machine and needs no web font. A third card can be drawn sideways, the way a
dealer places it on a real table.

>>> svg = card_svg(Card.parse("8H"))
>>> 'class="bl-card bl-card-red"' in svg, 'aria-label="8 of hearts"' in svg
(True, True)
>>> 'aria-label="face-down card"' in card_svg(Card.parse("8H"), face_up=False)
True
>>> card_label(Card.parse("QS")), card_label(Card.parse("10D"))
('queen of spades', '10 of diamonds')
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from ..engine.cards import Card, Suit

# Suit outlines in a 10 x 10 box, centred on (5, 5).
SUIT_PATHS = {
    Suit.HEARTS: "M5 9.4 C1.6 6.6 0.3 5 0.3 3.2 C0.3 1.6 1.5 0.5 2.9 0.5 C3.9 0.5 4.6 1.1 5 1.9 "
    "C5.4 1.1 6.1 0.5 7.1 0.5 C8.5 0.5 9.7 1.6 9.7 3.2 C9.7 5 8.4 6.6 5 9.4 Z",
    Suit.DIAMONDS: "M5 0.3 L8.6 5 L5 9.7 L1.4 5 Z",
    Suit.SPADES: "M5 0.4 C6.6 2.4 9.6 4.2 9.6 6.3 C9.6 7.7 8.5 8.6 7.3 8.6 C6.5 8.6 5.8 8.2 5.4 7.6 "
    "L6.1 9.7 L3.9 9.7 L4.6 7.6 C4.2 8.2 3.5 8.6 2.7 8.6 C1.5 8.6 0.4 7.7 0.4 6.3 C0.4 4.2 3.4 2.4 5 0.4 Z",
    Suit.CLUBS: "M5 0.4 A2.2 2.2 0 1 1 4.99 0.4 Z M2.6 3.9 A2.2 2.2 0 1 1 2.59 3.9 Z "
    "M7.4 3.9 A2.2 2.2 0 1 1 7.39 3.9 Z M4.6 5 L5.4 5 L6.2 9.7 L3.8 9.7 Z",
}
RANK_WORDS = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}
WIDTH, HEIGHT = 60, 84


def card_label(card: Card) -> str:
    """What a screen reader says for a card: '8 of hearts', 'ace of spades'."""
    rank = RANK_WORDS.get(card.rank.value, card.rank.value)
    return f"{rank} of {card.suit.name.lower()}"


def _suit(suit: Suit, x: float, y: float, size: float) -> str:
    """A suit shape whose 10 x 10 box is placed at (x, y) and scaled to ``size``."""
    scale = size / 10
    return f'<path transform="translate({x:g} {y:g}) scale({scale:g})" d="{SUIT_PATHS[suit]}"/>'


# Pip centres (x, y) of each number card, as printed on ordinary decks.
L, C, R = 22.5, 30, 37.5
T, B, M = 16, 68, 42
Q1, Q3 = 33.3, 50.7
PIPS = {
    "2": [(C, T), (C, B)],
    "3": [(C, T), (C, M), (C, B)],
    "4": [(L, T), (R, T), (L, B), (R, B)],
    "5": [(L, T), (R, T), (C, M), (L, B), (R, B)],
    "6": [(L, T), (R, T), (L, M), (R, M), (L, B), (R, B)],
    "7": [(L, T), (R, T), (C, 29.5), (L, M), (R, M), (L, B), (R, B)],
    "8": [(L, T), (R, T), (C, 29.5), (L, M), (R, M), (C, 54.5), (L, B), (R, B)],
    "9": [(L, T), (R, T), (L, Q1), (R, Q1), (C, M), (L, Q3), (R, Q3), (L, B), (R, B)],
    "10": [(L, T), (R, T), (C, 24.7), (L, Q1), (R, Q1), (L, Q3), (R, Q3), (C, 59.3), (L, B), (R, B)],
}
PIP_SIZE = 8


def _pips(card: Card) -> str:
    """Number cards: their pips, the lower half upside down. Aces and pictures: one large suit."""
    rank = card.rank.value
    if rank in PIPS:
        half = PIP_SIZE / 2
        return "".join(
            (f'<g transform="rotate(180 {x:g} {y:g})">' if y > M else "<g>")
            + _suit(card.suit, x - half, y - half, PIP_SIZE) + "</g>"
            for x, y in PIPS[rank]
        )
    if rank == "A":
        return _suit(card.suit, WIDTH / 2 - 12, HEIGHT / 2 - 12, 24)
    # Jack, queen, king: a framed panel with the letter and the suit.
    return (
        f'<rect x="15" y="12" width="30" height="60" rx="2" class="bl-card-court"/>'
        f'<text x="{WIDTH / 2:g}" y="44" text-anchor="middle" class="bl-card-court-letter">{rank}</text>'
        + _suit(card.suit, WIDTH / 2 - 6, 50, 12)
    )


def _index(rank: str) -> str:
    # "10" is two characters wide: a narrower index keeps it clear of the pips.
    if rank == "10":
        return '<text x="2.5" y="14" class="bl-card-rank" style="font-size:10.5px;letter-spacing:-1px">10</text>'
    return f'<text x="4" y="15" class="bl-card-rank">{escape(rank)}</text>'


def _face(card: Card) -> str:
    corner = _index(card.rank.value) + _suit(card.suit, 4, 18, 7)
    return (
        f'<rect x="1" y="1" width="{WIDTH - 2}" height="{HEIGHT - 2}" rx="5" class="bl-card-face"/>'
        f'<g class="bl-card-ink">{corner}'
        f'<g transform="rotate(180 {WIDTH / 2:g} {HEIGHT / 2:g})">{corner}</g>'
        + _pips(card)
        + "</g>"
    )


def _back() -> str:
    # A lattice of diamonds drawn without ids: several cards can share one page.
    lattice = "".join(
        f'<path d="M{x} 6 L{x + 6} {HEIGHT - 6}"/><path d="M{x + 6} 6 L{x} {HEIGHT - 6}"/>'
        for x in range(6, WIDTH - 6, 8)
    )
    return (
        f'<rect x="1" y="1" width="{WIDTH - 2}" height="{HEIGHT - 2}" rx="5" class="bl-card-back"/>'
        f'<rect x="5" y="5" width="{WIDTH - 10}" height="{HEIGHT - 10}" rx="3" class="bl-card-back-frame"/>'
        f'<g class="bl-card-back-lattice">{lattice}</g>'
    )


@dataclass(frozen=True)
class PlayingCardSVG:
    """Draws cards at one size; ``scale`` 1 is 60 x 84 pixels.

    >>> small = PlayingCardSVG(scale=0.75)
    >>> 'width="45"' in small.render(Card.parse("AS"))
    True
    >>> 'width="63"' in small.render(Card.parse("AS"), sideways=True)
    True
    """

    scale: float = 1.0

    def render(self, card: Card | None, face_up: bool = True, sideways: bool = False, extra_class: str = "") -> str:
        """One card as an ``<svg class="bl-card">`` element; ``None`` draws a back.

        ``extra_class`` adds classes, e.g. ``bl-card-new`` for the card just dealt.
        """
        shown = face_up and card is not None
        label = card_label(card) if shown else "face-down card"
        if sideways:
            label += ", turned sideways"
        colour = ("bl-card-red" if card.suit.is_red else "bl-card-black") if shown else "bl-card-down"
        body = _face(card) if shown else _back()
        width, height = (HEIGHT, WIDTH) if sideways else (WIDTH, HEIGHT)
        if sideways:
            # Rotate a quarter turn clockwise about the origin, then slide back into view.
            body = f'<g transform="translate({HEIGHT} 0) rotate(90)">{body}</g>'
        classes = f"bl-card {colour}" + (" bl-card-sideways" if sideways else "") + (f" {extra_class}" if extra_class else "")
        return (
            f'<svg class="{classes}" role="img" aria-label="{escape(label)}" '
            f'width="{width * self.scale:g}" height="{height * self.scale:g}" '
            f'viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg">'
            f"<title>{escape(label)}</title>{body}</svg>"
        )


DEFAULT_CARDS = PlayingCardSVG()


def card_svg(card: Card | None, face_up: bool = True, sideways: bool = False, scale: float = 1.0) -> str:
    """One card as SVG text (see :class:`PlayingCardSVG`)."""
    drawer = DEFAULT_CARDS if scale == 1.0 else PlayingCardSVG(scale)
    return drawer.render(card, face_up=face_up, sideways=sideways)
