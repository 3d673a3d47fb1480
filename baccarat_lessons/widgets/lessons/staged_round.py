"""Stage a round from a card string: the teacher's tool for showing one exact coup.

Type the cards in deal order (Player, Banker, Player, Banker, then any third cards),
press *Stage*, and the round is dealt from a stacked shoe by the engine: cards on the
felt, every rule that fired, the cell of the drawing table. When the illustrated guide
widget is available it is used, so the class can step through the round forward and back.

The heading is written from the coup itself, so it stays true when the cards change:

>>> staged = StagedRound("2S AC 2H 2D 8C")
>>> staged.stage_button.click()
>>> staged.heading
"Banker has 3 and Player's third card is an 8: Banker stands. Banker wins, 3 to 2."
>>> staged.cards_box.value = "2S AC 2H 2D 7C 5H"
>>> staged.stage_button.click()
>>> staged.heading
"Banker has 3 and Player's third card is a 7: Banker draws. Banker wins, 8 to 1."
>>> staged.cards_box.value = "2S AC 2H 2D"
>>> staged.stage_button.click()
>>> "ran out" in staged.guard.message.value
True
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ...engine.coup import Coup, deal_coup
from ...engine.shoe import Shoe
from ...engine.variants import variant_named
from ..drawing_table import DrawingTableView
from ..felt import FeltView
from ..guard import ActionGuard
from ..part_box import PartBox
from .staged_story import FIXED_RULE_VARIANTS, describe_round
from .styles import lesson_style
from ..steps import steps_from_events

def illustrated_guide_class():
    """The illustrated guide widget class, or ``None`` while it is not in the package."""
    try:
        from ..guide import IllustratedGuide  # noqa: PLC0415 - optional: another module's widget
    except ImportError:
        return None
    return IllustratedGuide


class StagedRound:
    """A card-string box, a variant choice and a Stage button above the staged round."""

    def __init__(self, cards: str = "2S AC 2H 2D 8C", variant: str = "punto-banco"):
        self.guard = ActionGuard()
        self.heading = ""  # what the staged round shows, written from its coup
        self.coup: Coup | None = None
        self.cards_box = widgets.Text(value=cards, description="Cards", placeholder="e.g. 2S AC 2H 2D 8C",
                                      layout=widgets.Layout(width="28em"))
        self.variant = widgets.Dropdown(
            options=[(variant_named(key).name, key) for key in FIXED_RULE_VARIANTS], value=variant,
            description="Variant",
        )
        self.stage_button = widgets.Button(description="Stage", button_style="primary")
        self.stage_button.on_click(self.guard.wrap(self._on_stage))
        self.view = widgets.VBox([])
        self.widget = PartBox(
            [widgets.HBox([self.cards_box, self.variant, self.stage_button]), self.guard.message, self.view,
             self.guard.error_log], recipe={"part": "staged-round", "cards": cards, "variant": variant},
        )
        self.widget.add_class("bl-exercise")
        self.widget.children = (lesson_style(), *self.widget.children)

    def _on_stage(self, _widget=None) -> None:
        self.guard.clear()
        cards, key = self.cards_box.value, self.variant.value
        guide = illustrated_guide_class()
        if guide is not None:
            coup = deal_coup(Shoe.stacked(cards), variant_named(key).drawing)  # raises a sentence on a bad string
            staged = guide.from_cards(cards, variant=key, title=describe_round(coup))  # refuses spare cards
            self.coup, self.heading = coup, describe_round(coup)
            self.view.children = [staged.widget]
            self.guard.say("Staged: step through the round with the guide's buttons.", "done")
            return
        coup = deal_coup(Shoe.stacked(cards), variant_named(key).drawing)  # raises a sentence on a bad string
        self.coup, self.heading = coup, describe_round(coup)
        last = steps_from_events(coup.events)[-1]
        sentences = "".join(f"<li>{escape(event.text)}</li>" for event in coup.events)
        self.view.children = [
            widgets.HTML(f"<h4>{escape(self.heading)}</h4>" + FeltView().render(last)),
            widgets.HTML(f'<ol class="bl-reveal">{sentences}</ol>'),
            widgets.HTML(DrawingTableView(variant_named(key).drawing).render(last.highlight)),
        ]
        self.guard.say(f"Staged: {coup.result.text}", "done")
