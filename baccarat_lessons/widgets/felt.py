"""The felt: every hand of a round drawn as one HTML value.

A hand's third card lies sideways, as a dealer places it. The winning hand is
marked in words as well as colour.

>>> from baccarat_lessons.engine.coup import deal_coup
>>> from baccarat_lessons.engine.shoe import Shoe
>>> from .steps import steps_from_events
>>> last = steps_from_events(deal_coup(Shoe.stacked("2S AC 2H 2D 8C")).events)[-1]
>>> html = FeltView().render(last)
>>> html.count('class="bl-card '), html.count("bl-card-sideways"), "Banker wins" in html
(5, 1, True)
"""

from __future__ import annotations

from html import escape

from ..engine.events import CardDealt, Hand, Outcome
from .card_svg import PlayingCardSVG
from .steps import Step

HAND_CLASSES = {Hand.PLAYER: "player", Hand.BANKER: "banker", Hand.RIGHT: "right", Hand.LEFT: "left"}


class FeltView:
    """Draws hands on a felt; ``hand_order`` and ``names`` let other tables reuse it.

    ``names`` maps a hand to the name shown above it (e.g. "Punter").
    """

    def __init__(
        self,
        cards: PlayingCardSVG | None = None,
        hand_order: tuple[Hand, ...] = (Hand.PLAYER, Hand.BANKER),
        names: dict[Hand, str] | None = None,
        third_card_sideways: bool = True,
    ):
        self.cards = cards or PlayingCardSVG()
        self.hand_order = hand_order
        self.names = names or {}
        self.third_card_sideways = third_card_sideways

    def _winner(self, step: Step | None) -> Hand | None:
        if step is None or step.result is None or step.result.outcome is Outcome.TIE:
            return None
        return Hand.BANKER if step.result.outcome is Outcome.BANKER else Hand.PLAYER

    def _hand(self, hand: Hand, step: Step | None) -> str:
        name = escape(self.names.get(hand, hand.value))
        shown = step.cards_of(hand) if step else ()
        # Only the card this step dealt animates; the others were already on the felt.
        fresh = isinstance(step.event, CardDealt) and step.event.hand is hand if step else False
        cards = "".join(
            self.cards.render(s.card, face_up=s.face_up, sideways=self.third_card_sideways and i == 2,
                              extra_class="bl-card-new" if fresh and i == len(shown) - 1 else "")
            for i, s in enumerate(shown)
        )
        if not shown:
            cards = '<span class="bl-hand-empty">no cards yet</span>'
        total = step.total_of(hand) if step else None
        total_text = "" if total is None else f'<span class="bl-hand-total">total {total}</span>'
        winner = self._winner(step)
        classes = f"bl-hand bl-hand-{HAND_CLASSES[hand]}"
        badge = ""
        if winner is hand:
            classes += " bl-hand-winner"
            badge = f'<span class="bl-hand-badge">{name} wins</span>'
        elif step is not None and step.result is not None and step.result.outcome is Outcome.TIE:
            badge = '<span class="bl-hand-badge bl-hand-badge-tie">Tie</span>'
        return (
            f'<div class="{classes}" aria-label="{name} hand">'
            f'<div class="bl-hand-head"><span class="bl-hand-name">{name}</span>{total_text}{badge}</div>'
            f'<div class="bl-hand-cards">{cards}</div></div>'
        )

    def render(self, step: Step | None) -> str:
        """The felt after ``step`` (``None``: before any card is dealt)."""
        hands = "".join(self._hand(hand, step) for hand in self.hand_order)
        return f'<div class="bl-felt" role="group" aria-label="Table">{hands}</div>'
