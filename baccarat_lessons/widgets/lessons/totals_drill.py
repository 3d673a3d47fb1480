"""Counting to nine: a seeded drill that deals a small hand and asks for its total.

>>> drill = TotalsDrill(seed=4)
>>> drill.answer_box.value = str(drill.total)
>>> drill.check_button.click()
>>> drill.score, "Right" in drill.feedback.value
((1, 1), True)
>>> drill.next_button.click()
>>> drill.answer_box.value, drill.feedback.value
('', '')
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets
import numpy as np

from ...engine.cards import Card, full_deck, hand_total, is_natural
from ..card_svg import card_svg
from ..guard import ActionGuard
from .styles import lesson_style
from .question import read_number


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


class TotalsDrill:
    """Deals two or three cards from a seeded deck; the student types the total."""

    def __init__(self, seed=None):
        self.rng = np.random.default_rng(seed)
        self.deck = full_deck()
        self.guard = ActionGuard()
        self.right_count = 0
        self.asked_count = 0
        self.cards_view = widgets.HTML("")
        self.answer_box = widgets.Text(placeholder="total", layout=widgets.Layout(width="6em"))
        self.check_button = widgets.Button(description="Check", button_style="primary")
        self.next_button = widgets.Button(description="Next hand")
        self.feedback = widgets.HTML("")
        self.score_view = widgets.HTML("")
        self.check_button.on_click(self.guard.wrap(self._on_check))
        self.next_button.on_click(self.guard.wrap(self._on_next))
        self.widget = widgets.VBox(
            [self.cards_view, widgets.HBox([widgets.Label("Total:"), self.answer_box, self.check_button,
                                            self.next_button]),
             self.guard.message, self.feedback, self.score_view, self.guard.error_log]
        )
        self.widget.add_class("bl-exercise")
        self.widget.children = (lesson_style(), *self.widget.children)
        self._deal()

    @property
    def total(self) -> int:
        return hand_total(self.cards)

    @property
    def score(self) -> tuple[int, int]:
        return self.right_count, self.asked_count

    def _deal(self) -> None:
        wants_third = self.rng.random() >= 0.7
        cards = [self.deck[i] for i in self.rng.choice(len(self.deck), size=3, replace=False)]
        # A third card only where the table could deal one: on a two-card total of 0 to 6. A
        # natural (8, 9) or a 7 never draws, and the lesson has just said so.
        self.cards = cards if wants_third and hand_total(cards[:2]) <= 6 else cards[:2]
        self.answered = False
        self.answer_box.value = ""
        self.feedback.value = ""
        self._render()

    def _on_check(self, _widget=None) -> None:
        self.guard.clear()
        guess = read_number(self.answer_box.value)
        is_right = guess == self.total
        if not self.answered:
            self.asked_count += 1
            self.right_count += is_right
            self.answered = True
        verdict = "Right." if is_right else f"Not quite: the total is {self.total}."
        kind = "right" if is_right else "wrong"
        self.feedback.value = (
            f'<div class="bl-feedback bl-feedback-{kind}" role="status"><strong>{verdict}</strong> '
            f"{escape(explain_total(self.cards))}</div>"
        )
        self._render()

    def _on_next(self, _button=None) -> None:
        self.guard.clear()
        self._deal()

    def _render(self) -> None:
        self.cards_view.value = '<div class="bl-hand-cards">' + "".join(card_svg(c) for c in self.cards) + "</div>"
        self.score_view.value = f"<p class=\"bl-note\">Score: {self.right_count} right out of {self.asked_count}.</p>"
