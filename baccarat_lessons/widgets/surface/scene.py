"""What every table's presentation shares: card drawing data, deal speeds, reveals, settlements.

The surface draws cards from the suit outlines and card words of :mod:`..card_svg` (one
drawing of a suit for the whole package) and paces a reveal from the speeds here.

>>> speeds()[0], speeds()[-1]
(('slow', 'Slow', 1000), ('instant', 'Instant', 0))
>>> CARD_WORDS.ranks["A"], CARD_WORDS.suits["H"]
('ace', 'hearts')
>>> settled_bet("Banker", 1000, 1950)
{'place': 'Banker', 'who': '', 'amount': 1000, 'paid': 950, 'result': 'won'}
"""

from __future__ import annotations

from types import MappingProxyType

from ...engine.cards import Suit
from ...engine.settings import DEAL_SPEED_CHOICES
from ...engine.seated.view import plain, told_events
from ..card_svg import RANK_WORDS, SUIT_PATHS
from ..presentation import Words

# Milliseconds between two revealed events. A plain Punto Banco round has about fourteen, so
# Normal shows one in at most 2.5 s; Slow is for explaining each step to a class.
SPEED_MS = {"slow": 1000, "normal": 170, "fast": 80, "instant": 0}


def speeds() -> tuple[tuple[str, str, int], ...]:
    """``(name, label, milliseconds)`` for each deal speed, slowest first (one order everywhere)."""
    return tuple((name, name.capitalize(), SPEED_MS[name]) for name in DEAL_SPEED_CHOICES)


# The suit outlines and card words the page draws cards with (a presentation's ``suits`` and ``words``).
SUIT_OUTLINES = MappingProxyType({suit.value: path for suit, path in SUIT_PATHS.items()})
CARD_WORDS = Words(ranks=MappingProxyType(dict(RANK_WORDS)),
                   suits=MappingProxyType({suit.value: suit.name.lower() for suit in Suit}))


def view_json(view) -> dict:
    """A seat view as the page receives it; its events travel once, in the reveal."""
    data = view.to_json()
    data.pop("events")
    return data


def reveal_json(reveal_id: str, events, reader: int | None, label: str, number: int | None, done: bool,
                revealed: frozenset = frozenset(), start: int = 0, tone: str | None = None) -> dict:
    """A coup for the page to reveal: its events as ``reader`` may read them (``told_events``).
    ``tone``: "rising" or "falling", sounded when the coup is shown to its end (if Sound is on)."""
    told = [plain(event) for event in told_events(events, reader, revealed)]
    return {"id": reveal_id, "label": label, "number": number, "done": done, "start": start, "events": told,
            "tone": tone}


def settled_bet(place: str, stake: int, returned: int, who: str = "") -> dict:
    """One bet at the result, for the page to move its chips: ``place`` is the spot or hand it was on,
    ``who`` the bettor's name where several seats bet; amounts in hundredths. A winner's ``paid``
    slides out beside its stake, a loser's stake is swept to the bank, a push stays.

    >>> settled_bet("Right tableau", 500, 0, "Bot 2")["result"], settled_bet("Tie", 500, 500)["result"]
    ('lost', 'push')
    """
    result = "won" if returned > stake else "push" if returned == stake else "lost"
    return {"place": place, "who": who, "amount": stake, "paid": max(returned - stake, 0), "result": result}
