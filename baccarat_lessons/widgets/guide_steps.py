"""An illustrated guide's steps, without a widget: what each step shows, as data.

:class:`GuideSteps` holds a scripted round's steps (the engine's events, one sentence each), the hands
the felt draws and who holds them, and the drawing table each step lights up. The server's guide widget
(:class:`~.guide.IllustratedGuide`) is built on it and draws a step at a time; :meth:`GuideSteps.data`
gives every step at once for a page that steps them itself (the browser edition's ``site/guide.js``).
Nothing here imports ipywidgets, so the browser edition's Python can make a guide from a card string.

>>> steps = GuideSteps.from_cards("2S AC 2H 2D 8C", title="Banker stands on 3")
>>> data = steps.data()
>>> len(data["steps"]), data["steps"][6]["text"]
(8, "Banker has 3 and Player's third card is an 8: Banker stands.")
>>> data["steps"][0]["count"], data["steps"][-1]["count"] == len(data["events"])
(1, True)
"""

from __future__ import annotations

from typing import Iterable

from ..engine.cards import parse_cards
from ..engine.coup import deal_coup
from ..engine.errors import CardError, SettingsError
from ..engine.events import Event, Hand
from ..engine.shoe import Shoe
from ..engine.variants import Variant, variant_named
from .drawing_table import DrawingTableView
from .presentation import HandLabel, Layout, Presentation
from .steps import Step, steps_from_events
from .surface.scene import CARD_WORDS, SUIT_OUTLINES, reveal_json, speeds

# Under the guide's title (the browser edition's page says the same over its guides).
GUIDE_NOTE = ('<p class="bl-note">A scripted example, separate from the live game. Step through it with Next and '
              "Back (or the arrow keys), or jump to the start or the end.</p>")


class GuideSteps:
    """A round's steps told to seat ``reader`` (``None``: an onlooker).

    ``hand_order`` and ``names`` (e.g. ``{Hand.PLAYER: "Punter"}``) let the seat-banked variants show
    their own hands.
    """

    def __init__(self, events: Iterable[Event], variant: str | Variant = "punto-banco", title: str | None = None,
                 hand_order: tuple[Hand, ...] = (Hand.PLAYER, Hand.BANKER), names: dict[Hand, str] | None = None,
                 reader: int | None = 0):
        self.variant = variant if isinstance(variant, Variant) else variant_named(variant)
        self.steps: list[Step] = steps_from_events(events, hand_order, reader=reader)
        if not self.steps:
            raise SettingsError("An illustrated guide needs at least one step.")
        self.title = title or f"A sample {self.variant.name} round"
        names = names or {}
        self.hand_order = hand_order
        self.names = {hand: names.get(hand, hand.value) for hand in hand_order}
        self.captions: dict[Hand, str] = {}  # under each hand: who holds it (the seat-banked guides)
        self.drawing_view = DrawingTableView(self.variant.drawing, other_hand=names.get(Hand.PLAYER, "Player"))

    @classmethod
    def from_cards(cls, cards: str, variant: str | Variant = "punto-banco", title: str | None = None):
        """The guide of the round these cards make, dealt in order by the variant's rules."""
        variant = variant if isinstance(variant, Variant) else variant_named(variant)
        if not variant.has_fixed_rules:
            raise SettingsError(
                f"A guide from a card string plays fixed drawing rules; {variant.name} has choices, "
                "so its guide is built from a recorded round's events."
            )
        dealt = parse_cards(cards)
        shoe = Shoe.stacked(dealt)
        coup = deal_coup(shoe, variant.drawing)
        if shoe.remaining_count:
            spare = " ".join(card.label for card in shoe.remaining_cards)
            raise CardError(f"The round used {len(dealt) - shoe.remaining_count} cards; remove the extra cards {spare}.")
        return cls(coup.events, variant, title)

    @property
    def step_count(self) -> int:
        return len(self.steps)

    def felt_events(self, index: int) -> list[dict]:
        """The events of steps 0 to ``index`` as the felt draws them: face-down cards as backs."""
        return reveal_json("", [step.event for step in self.steps[: index + 1]], None, "", None, False)["events"]

    def felt_presentation(self) -> Presentation:
        """What the felt draws the steps with: the hands, their names and who holds them."""
        hands = tuple(HandLabel(hand.value, hand.name.lower(), self.names[hand], self.captions.get(hand, ""))
                      for hand in self.hand_order)
        # Each step shows at once; the card it deals still slides in and turns over. A face-down card
        # shown is its holder's (the seat-banked guides), whoever reads the guide.
        return Presentation(layout=Layout.GUIDE, variant=self.variant.key, hands=hands, suits=SUIT_OUTLINES,
                            words=CARD_WORDS, speed="instant", speeds=speeds(), peek_mark="holder",
                            peek_words=", face down: shown as its holder sees it")

    def data(self) -> dict:
        """Every step as data for a page that steps the guide itself (``site/guide.js``).

        ``events`` are the last step's events as its felt draws them; a step shows the first ``count`` of
        them, with ``changed`` (position -> event) where that step shows one otherwise (a seat-banked
        guide shows a face-down card as its holder sees it at the step that is about it). ``drawings`` are
        the drawing tables the steps light up, each step naming one by its position.
        """
        last = self.felt_events(self.step_count - 1)
        drawings: list[str] = []
        steps = []
        for index, step in enumerate(self.steps):
            told = self.felt_events(index)
            drawing = self.drawing_view.render(step.highlight)
            if drawing not in drawings:
                drawings.append(drawing)
            steps.append({"count": len(told), "text": step.text, "drawing": drawings.index(drawing),
                          "changed": {str(at): event for at, event in enumerate(told) if event != last[at]}})
        return {"title": self.title, "note": GUIDE_NOTE, "presentation": self.felt_presentation().to_json(),
                "events": last, "steps": steps, "drawings": drawings,
                "classes": ["bl-guide", *(["bl-guide-seated"] if not self.variant.has_fixed_rules else [])],
                "felt_classes": ["bl-guide-felt", *(["bl-table-mini"] if self.variant.is_compact else [])]}
