"""The felt of a seat-banked table: the hands, who holds them, and each tableau's result.

It extends the Punto Banco :class:`~baccarat_lessons.widgets.felt.FeltView` with
what a seat-banked coup needs: a caption under each hand naming its holder
(punter, captain, banker), the *peek* — a holder looks at their own face-down
cards, so the user sees theirs face up with a dashed frame while everyone else's
stay face down — and a result for each tableau (a Banque banker can beat one
side and lose to the other in the same coup).

>>> from baccarat_lessons.engine.events import CardDealt, CoupResult, Hand, Outcome
>>> from baccarat_lessons.engine.cards import Card
>>> from baccarat_lessons.widgets.steps import steps_from_events
>>> events = [CardDealt(Hand.RIGHT, Card.parse("4H"), 1, 4, face_up=False),
...           CoupResult(Outcome.PLAYER, 8, 6, "Right tableau")]
>>> felt = SeatedFelt(hand_order=(Hand.RIGHT, Hand.BANKER, Hand.LEFT))
>>> felt.set_events(events)
>>> felt.peek = frozenset({Hand.RIGHT})
>>> html = felt.render(steps_from_events(events, felt.hand_order)[-1])
>>> "bl-card-peek" in html, "Right tableau wins" in html, 'aria-label="4 of hearts"' in html
(True, True, True)
"""

from __future__ import annotations

from html import escape
from typing import Sequence

from ...engine.cards import hand_total
from ...engine.events import CardDealt, CoupResult, Event, Hand, Outcome
from ..felt import HAND_CLASSES, FeltView
from ..steps import Step

# CoupResult.player_label -> the hand it settles ("Players" is the Chemin de Fer hand).
RESULT_HANDS = {"Players": Hand.PLAYER, "Player": Hand.PLAYER, Hand.RIGHT.value: Hand.RIGHT, Hand.LEFT.value: Hand.LEFT}


def results_by_step(events: Sequence[Event]) -> list[dict[Hand, Outcome]]:
    """For each event index, the outcome of every hand settled so far (player hand -> Outcome)."""
    results: dict[Hand, Outcome] = {}
    table = []
    for event in events:
        if isinstance(event, CoupResult):
            results = {**results, RESULT_HANDS.get(event.player_label, Hand.PLAYER): event.outcome}
        table.append(results)
    return table


class SeatedFelt(FeltView):
    """A felt whose ``names``, ``holders`` (caption per hand) and ``peek`` (hands the viewer
    holds) are set by the table before each render; ``set_events`` gives it the coup's results."""

    def __init__(self, cards=None, hand_order=(Hand.PLAYER, Hand.BANKER), names=None):
        super().__init__(cards, hand_order, names)
        self.holders: dict[Hand, str] = {}
        self.peek: frozenset[Hand] = frozenset()
        self.step_peeks: dict[int, frozenset[Hand]] = {}  # a guide's peek at a step (step index -> hands)
        self.peek_note = "Dashed: face down on the table; only you see them."
        self.peek_total_label = "your total"
        self._results: list[dict[Hand, Outcome]] = []

    def set_events(self, events: Sequence[Event]) -> None:
        self._results = results_by_step(events)

    def _outcomes(self, step: Step | None) -> dict[Hand, Outcome]:
        if step is None or step.index >= len(self._results):
            return {}
        return self._results[step.index]

    def _badge(self, hand: Hand, outcomes: dict[Hand, Outcome]) -> tuple[str, bool]:
        """The result badge of ``hand`` and whether it won."""
        name = escape(self.names.get(hand, hand.value))
        if hand is Hand.BANKER:
            if len(self.hand_order) > 2 or not outcomes:
                return "", False  # two tableaux: each tableau carries its own result
            outcome = next(iter(outcomes.values()))
            if outcome is Outcome.BANKER:
                return f'<span class="bl-hand-badge">{name} wins</span>', True
            if outcome is Outcome.TIE:
                return '<span class="bl-hand-badge bl-hand-badge-tie">Tie</span>', False
            return "", False
        outcome = outcomes.get(hand)
        if outcome is Outcome.PLAYER:
            return f'<span class="bl-hand-badge">{name} wins</span>', True
        if outcome is Outcome.TIE:
            return '<span class="bl-hand-badge bl-hand-badge-tie">Tie</span>', False
        if outcome is Outcome.BANKER:
            return '<span class="bl-hand-badge bl-hand-badge-loss">Loses to the bank</span>', False
        return "", False

    def _hand(self, hand: Hand, step: Step | None) -> str:
        name = escape(self.names.get(hand, hand.value))
        shown = step.cards_of(hand) if step else ()
        fresh = step is not None and isinstance(step.event, CardDealt) and step.event.hand is hand
        peeking = hand in self.peek or (step is not None and hand in self.step_peeks.get(step.index, ()))
        parts = []
        for index, card in enumerate(shown):
            classes = "bl-card-new" if fresh and index == len(shown) - 1 else ""
            face_up = card.face_up
            if peeking and not face_up:
                face_up, classes = True, (classes + " bl-card-peek").strip()
            parts.append(self.cards.render(card.card, face_up=face_up, sideways=self.third_card_sideways and index == 2,
                                           extra_class=classes))
        cards = "".join(parts) or '<span class="bl-hand-empty">no cards yet</span>'
        total = step.total_of(hand) if step else None
        if total is None and peeking and shown:
            peeked = hand_total(c.card for c in shown)
            total_text = f'<span class="bl-hand-total">{escape(self.peek_total_label)} {peeked}</span>'
        else:
            total_text = "" if total is None else f'<span class="bl-hand-total">total {total}</span>'
        badge, won = self._badge(hand, self._outcomes(step))
        classes = f"bl-hand bl-hand-{HAND_CLASSES[hand]}" + (" bl-hand-winner" if won else "")
        holder = self.holders.get(hand)
        holder_html = f'<div class="bl-hand-holder">{escape(holder)}</div>' if holder else ""
        peek_note = (f'<div class="bl-peek-note">{escape(self.peek_note)}</div>'
                     if peeking and any(not c.face_up for c in shown) else "")
        return (
            f'<div class="{classes}" aria-label="{name} hand">'
            f'<div class="bl-hand-head"><span class="bl-hand-name">{name}</span>{total_text}{badge}</div>'
            f'{holder_html}<div class="bl-hand-cards">{cards}</div>{peek_note}</div>'
        )

    def render(self, step: Step | None) -> str:
        hands = "".join(self._hand(hand, step) for hand in self.hand_order)
        return f'<div class="bl-felt bl-felt-seated" role="group" aria-label="Table">{hands}</div>'
