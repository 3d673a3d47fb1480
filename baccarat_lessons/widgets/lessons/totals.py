"""The totals drill without a widget: a seeded deck deals a small hand, the student types its total.

The drill widget (:class:`~.totals_drill.TotalsDrill`) and the browser edition's page
(:mod:`~baccarat_lessons.widgets.posted_parts`) both play a :class:`TotalsRound`. Its shuffle is
the standard library's ``random``, as the engine's shoe is: the browser edition's Python has no numpy.

>>> drill = TotalsRound(seed=4)
>>> "Right." in drill.check(str(drill.total)), drill.score
(True, (1, 1))
>>> "Not quite" in drill.check(str((drill.total + 1) % 10)), drill.score  # only a hand's first answer counts
(True, (1, 1))
"""

from __future__ import annotations

import random

from ...engine.cards import Card, full_deck, hand_total, is_natural
from ..card_svg import card_svg
from .answers import feedback_html, read_number

THIRD_CARD_SHARE = 0.3  # how often the drill offers a third card, where a table could deal one


def explain_total(cards: list[Card]) -> str:
    """'7 + 8 = 15, keep the last digit: 5.' — the working, in words.

    >>> from baccarat_lessons.engine.cards import parse_cards
    >>> explain_total(parse_cards("7S 8H"))
    '7 + 8 = 15; keep the last digit: 5.'
    >>> explain_total(parse_cards("KS 9H"))
    'K counts 0, so 0 + 9 = 9. A two-card 9 is a natural.'
    """
    values = [card.value for card in cards]
    pictures = [card.rank.value for card in cards if card.value == 0]
    prefix = f"{', '.join(pictures)} count{'s' if len(pictures) == 1 else ''} 0, so " if pictures else ""
    total = sum(values)
    working = f"{' + '.join(str(v) for v in values)} = {total}"
    if total >= 10:
        working += f"; keep the last digit: {total % 10}."
    else:
        working += "."
    text = (prefix + working)
    text = text[0].upper() + text[1:]
    if is_natural(cards):
        text += f" A two-card {hand_total(cards)} is a natural."
    return text


class TotalsRound:
    """Hands dealt one at a time from a full deck shuffled by ``seed``; the first answer to each counts."""

    def __init__(self, seed=None):
        self.rng = random.Random(seed)
        self.deck = full_deck()
        self.right_count = 0
        self.asked_count = 0
        self.deal()

    @property
    def total(self) -> int:
        return hand_total(self.cards)

    @property
    def score(self) -> tuple[int, int]:
        return self.right_count, self.asked_count

    def deal(self) -> None:
        wants_third = self.rng.random() < THIRD_CARD_SHARE
        cards = self.rng.sample(self.deck, 3)
        # A third card only where the table could deal one: on a two-card total of 0 to 6. A
        # natural (8, 9) or a 7 never draws, and the lesson has just said so.
        self.cards: list[Card] = cards if wants_third and hand_total(cards[:2]) <= 6 else cards[:2]
        self.answered = False

    def check(self, text: str) -> str:
        """The feedback on the total typed (an unreadable one raises, and changes nothing)."""
        guess = read_number(text)
        is_right = guess == self.total
        if not self.answered:
            self.asked_count += 1
            self.right_count += is_right
            self.answered = True
        return feedback_html(is_right, explain_total(self.cards), "" if is_right else f"Not quite: the total is {self.total}.")

    def cards_html(self) -> str:
        return '<div class="bl-hand-cards">' + "".join(card_svg(c) for c in self.cards) + "</div>"

    def score_html(self) -> str:
        return f'<p class="bl-note">Score: {self.right_count} right out of {self.asked_count}.</p>'
