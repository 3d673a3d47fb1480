"""A lesson's widgets in the browser edition: each made again in the page's Python from its recipe.

A lesson's widget, shown in a cell, carries a recipe (:mod:`.part_box`); the site's build reads it from
the executed lesson and writes the part into the lesson's page, and the page's Python makes the same
part from it. A *form part* is a small HTML form, written by :meth:`FormPart.html` (the page shows it at
once, before Python has started) whose answers come back as ``act(action, fields)``:

- ``action`` is the button pressed ("check", "next", "stage"), or "change" for a list changed;
- ``fields`` holds what the form holds: a list's choice as its position, a radio's as its position,
  a box's text as text (``site/lesson.js`` collects them the same way for every part).

Every field is read here as untrusted: a position outside its list, a text too long or of the wrong
type is refused with a sentence, and nothing changes. What a part sends back goes through ``post``:

- ``{"kind": "slots", "slots": {name: html}, "clear": [name, ...]}``: new contents for the form's places
  (``data-slot``), and the boxes to empty;
- ``{"kind": "said", "text": ..., "tone": ...}``: a sentence under the form ("refused" for a refusal);
- ``{"kind": "guide", "data": ...}``: a guide to step through (:meth:`.guide_steps.GuideSteps.data`).

The logic is the widgets' own: the question's judge, the explorer's words, the drill's round, the odds
explorer's exact odds and the staged round's guide are the pure halves beside the widgets.

>>> sent = []
>>> part = make_form_part({"part": "question", "lesson": "counting_to_nine", "key": "three-card-total"}, sent.append)
>>> 'name="answer"' in part.html()
True
>>> part.act("check", {"answer": "11"}); "Not quite." in sent[-2]["slots"]["feedback"], sent[-1]["kind"]
(True, 'class-answer')
>>> part.act("check", {"answer": "one"}); sent[-1]["tone"], sent[-1]["text"][:25]
('refused', "'one' is not a number; ty")
"""

from __future__ import annotations

from html import escape
from typing import Callable

from ..content.exercises import ChoiceExercise, find
from ..engine.coup import deal_coup
from ..engine.errors import BaccaratError
from ..engine.shoe import Shoe
from ..engine.variants import variant_named
from .guard_core import Guard
from .guide_steps import GuideSteps
from .lessons.answers import judge
from .lessons.explorer_words import BANKER_TOTALS, FIRST_CHOICE, STOOD, ExplorerWords
from .lessons.odds_view import BANKER_PAYS, DECKS, REMOVED_HINT, TIE_PAYS, odds_for, odds_table_html, summary_html
from .lessons.staged_story import FIXED_RULE_VARIANTS, describe_round
from .lessons.totals import TotalsRound

MAX_FIELD_CHARACTERS = 200  # the longest answer or card string a form takes
Post = Callable[[dict], None]


class PartError(BaccaratError):
    """A form's answer that the part cannot take (a choice it does not offer, a text too long)."""


# -- the form's pieces: each written the same way for every part (site/lesson.js reads them) --------------
def select_html(name: str, label: str, choices, chosen: int, live: bool = True) -> str:
    """A list of ``choices`` (their words), ``chosen`` selected; ``live``: a change is sent at once."""
    options = "".join(f'<option value="{at}"{" selected" if at == chosen else ""}>{escape(str(words))}</option>'
                      for at, words in enumerate(choices))
    marks = " data-live" if live else ""
    return f'<label class="bl-part-field">{escape(label)} <select name="{name}"{marks}>{options}</select></label>'


def text_html(name: str, label: str, value: str = "", hint: str = "", size: int = 8) -> str:
    return (f'<label class="bl-part-field">{escape(label)} <input type="text" name="{name}" value="{escape(value)}" '
            f'placeholder="{escape(hint)}" size="{size}" autocomplete="off" maxlength="{MAX_FIELD_CHARACTERS}"></label>')


def button_html(action: str, label: str, primary: bool = False) -> str:
    kind = " bl-part-primary" if primary else ""
    return f'<button type="submit" name="action" value="{action}" class="bl-part-button{kind}">{escape(label)}</button>'


def slot_html(name: str, content: str = "", tag: str = "div") -> str:
    return f'<{tag} class="bl-slot-{name}" data-slot="{name}">{content}</{tag}>'


def choice_of(fields: dict, name: str, count: int) -> int:
    """The position chosen in list ``name`` of ``count`` choices; anything else is refused."""
    value = fields.get(name)
    if type(value) is not int or not 0 <= value < count:
        raise PartError("That choice is not one the list offers; nothing was changed.")
    return value


def text_of(fields: dict, name: str) -> str:
    value = fields.get(name, "")
    if not isinstance(value, str) or len(value) > MAX_FIELD_CHARACTERS:
        raise PartError(f"That text is not one the box takes (at most {MAX_FIELD_CHARACTERS} characters); nothing was changed.")
    return value


class FormPart:
    """A form in a lesson's page: :meth:`html` first, then :meth:`act` for each answer (see the module)."""

    kind = ""
    actions: tuple[str, ...] = ()

    def __init__(self, post: Post):
        self._post = post
        self.guard = Guard()
        self.guard.listen(lambda text, tone: self._post({"kind": "said", "text": text, "tone": tone}))

    def html(self) -> str:
        return f'<div class="bl-part-controls">{self.controls()}</div>{slot_html("said", tag="p")}{self.slots_html()}'

    def controls(self) -> str:
        raise NotImplementedError

    def slots_html(self) -> str:
        return ""

    def act(self, action, fields) -> None:
        """The page's answer: refused with a sentence if it is not one this form can send."""
        self.guard.wrap(self._act)(action, fields)

    def _act(self, action, fields) -> None:
        if action not in self.actions or not isinstance(fields, dict):
            raise PartError("This exercise did not understand that answer; nothing was changed.")
        self.guard.clear()
        self.answer(action, fields)

    def answer(self, action: str, fields: dict) -> None:
        raise NotImplementedError

    def slots(self, clear: tuple[str, ...] = (), **contents: str) -> None:
        """New contents for the form's places; the boxes named in ``clear`` are emptied."""
        self._post({"kind": "slots", "slots": contents, "clear": list(clear)})


class QuestionPart(FormPart):
    """A lesson's exercise (``ask(lesson, key)``): typed or chosen, checked, always explained."""

    kind, actions = "question", ("check",)

    def __init__(self, post: Post, lesson: str, key: str):
        super().__init__(post)
        self.exercise = find(lesson, key)
        self.exercise_id = f"{lesson}/{key}"

    def controls(self) -> str:
        prompt = f'<p class="bl-question">{escape(self.exercise.prompt)}</p>'
        if isinstance(self.exercise, ChoiceExercise):
            choices = "".join(f'<label class="bl-part-choice"><input type="radio" name="answer" value="{at}"> '
                              f"{escape(words)}</label>" for at, words in enumerate(self.exercise.choices))
            return f'{prompt}<div class="bl-part-choices" role="radiogroup">{choices}</div>{button_html("check", "Check", True)}'
        unit = f' <span class="bl-part-unit">{escape(self.exercise.unit)}</span>' if self.exercise.unit else ""
        return f'{prompt}{text_html("answer", "Your answer", hint="your answer")}{unit} {button_html("check", "Check", True)}'

    def slots_html(self) -> str:
        return slot_html("feedback")

    def answer(self, action: str, fields: dict) -> None:
        # A choice's position is checked by the judge ("Choose one of the answers first."); a text here.
        given = fields.get("answer") if isinstance(self.exercise, ChoiceExercise) else text_of(fields, "answer")
        self.slots(feedback=judge(self.exercise, given))
        # An answer the lesson could read: the page sends it on to the class it joined, if any (lesson.js).
        self._post({"kind": "class-answer", "exercise": self.exercise_id, "answer": given})


class ExplorerPart(FormPart):
    """The drawing-table explorer: Banker's total and the third card chosen, the decision and its cell."""

    kind, actions = "drawing-explorer", ("change",)

    def __init__(self, post: Post, variant: str | None):
        super().__init__(post)
        self.words = ExplorerWords(variant or "punto-banco")
        self.thirds = [value for _, value in self.words.third_choices()]
        self.total, self.third = FIRST_CHOICE

    def controls(self) -> str:
        return (select_html("banker_total", self.words.total_label, BANKER_TOTALS, BANKER_TOTALS.index(self.total))
                + select_html("third_card", self.words.third_label, [words for words, _ in self.words.third_choices()],
                              self.thirds.index(self.third)))

    def shown(self) -> dict[str, str]:
        third = None if self.third == STOOD else self.third
        return {"verdict": self.words.verdict_html(self.total, third), "table": self.words.table_html(self.total, third)}

    def slots_html(self) -> str:
        return "".join(slot_html(name, html) for name, html in self.shown().items())

    def answer(self, action: str, fields: dict) -> None:
        total = BANKER_TOTALS[choice_of(fields, "banker_total", len(BANKER_TOTALS))]
        self.total, self.third = total, self.thirds[choice_of(fields, "third_card", len(self.thirds))]
        self.slots(**self.shown())


class DrillPart(FormPart):
    """The totals drill: a hand dealt, its total typed and checked, the next hand."""

    kind, actions = "totals-drill", ("check", "next")

    def __init__(self, post: Post, seed: int | None):
        super().__init__(post)
        self.round = TotalsRound(seed)

    def controls(self) -> str:
        return (slot_html("cards", self.round.cards_html()) + text_html("answer", "Total:", hint="total", size=4)
                + " " + button_html("check", "Check", True) + " " + button_html("next", "Next hand"))

    def slots_html(self) -> str:
        return slot_html("feedback") + slot_html("score", self.round.score_html())

    def answer(self, action: str, fields: dict) -> None:
        if action == "next":
            self.round.deal()
            self.slots(cards=self.round.cards_html(), feedback="", score=self.round.score_html(), clear=("answer",))
            return
        feedback = self.round.check(text_of(fields, "answer"))
        self.slots(feedback=feedback, score=self.round.score_html())


class OddsPart(FormPart):
    """The odds explorer: decks, payouts and cards taken out chosen, the exact odds of every bet."""

    kind, actions = "odds-explorer", ("change",)

    def __init__(self, post: Post, decks: int, removed: str, show_removed: bool):
        super().__init__(post)
        if decks not in DECKS or not isinstance(removed, str) or len(removed) > MAX_FIELD_CHARACTERS:
            raise PartError("The odds explorer cannot start from those settings.")
        self.decks, self.removed, self.show_removed = decks, removed, bool(show_removed)
        self.composition, self.odds = odds_for(decks, TIE_PAYS[0][1], BANKER_PAYS[0][1], removed)

    def controls(self) -> str:
        removed = text_html("removed", "Cards out", self.removed, REMOVED_HINT, 24) if self.show_removed else ""
        return (select_html("decks", "Decks", DECKS, DECKS.index(self.decks))
                + select_html("tie_pays", "Tie pays", [words for words, _ in TIE_PAYS], 0)
                + select_html("banker_pays", "Banker", [words for words, _ in BANKER_PAYS], 0)
                + removed.replace("<input ", "<input data-live "))

    def slots_html(self) -> str:
        return slot_html("summary", summary_html(self.composition, self.odds)) + slot_html("table", odds_table_html(self.odds))

    def answer(self, action: str, fields: dict) -> None:
        decks = DECKS[choice_of(fields, "decks", len(DECKS))]
        tie = TIE_PAYS[choice_of(fields, "tie_pays", len(TIE_PAYS))][1]
        banker = BANKER_PAYS[choice_of(fields, "banker_pays", len(BANKER_PAYS))][1]
        removed = text_of(fields, "removed") if self.show_removed else self.removed
        # Worked out whole first: a bad card is refused before anything shown changes.
        self.composition, self.odds = odds_for(decks, tie, banker, removed)
        self.slots(summary=summary_html(self.composition, self.odds), table=odds_table_html(self.odds))


class StagedRoundPart(FormPart):
    """A round staged from a card string: the engine deals it, the page steps through it as a guide."""

    kind, actions = "staged-round", ("stage",)

    def __init__(self, post: Post, cards: str, variant: str):
        super().__init__(post)
        if variant not in FIXED_RULE_VARIANTS or not isinstance(cards, str):
            raise PartError("A round is staged from a card string at a table with fixed drawing rules.")
        self.cards, self.variant = cards, variant

    def controls(self) -> str:
        names = [variant_named(key).name for key in FIXED_RULE_VARIANTS]
        return (text_html("cards", "Cards", self.cards, "e.g. 2S AC 2H 2D 8C", 24)
                + select_html("variant", "Variant", names, FIXED_RULE_VARIANTS.index(self.variant), live=False)
                + " " + button_html("stage", "Stage", True))

    def slots_html(self) -> str:
        return slot_html("guide")

    def answer(self, action: str, fields: dict) -> None:
        cards = text_of(fields, "cards")
        key = FIXED_RULE_VARIANTS[choice_of(fields, "variant", len(FIXED_RULE_VARIANTS))]
        title = describe_round(deal_coup(Shoe.stacked(cards), variant_named(key).drawing))  # a bad string: a sentence
        guide = GuideSteps.from_cards(cards, key, title)  # refuses cards the round does not use
        self._post({"kind": "guide", "data": guide.data()})
        self.guard.say("Staged: step through the round with the guide's buttons.", "done")


FORM_PARTS: dict[str, Callable[..., FormPart]] = {
    "question": lambda post, recipe: QuestionPart(post, recipe["lesson"], recipe["key"]),
    "drawing-explorer": lambda post, recipe: ExplorerPart(post, recipe.get("variant")),
    "totals-drill": lambda post, recipe: DrillPart(post, recipe.get("seed")),
    "odds-explorer": lambda post, recipe: OddsPart(post, recipe["decks"], recipe.get("removed", ""),
                                                   recipe.get("show_removed", True)),
    "staged-round": lambda post, recipe: StagedRoundPart(post, recipe["cards"], recipe["variant"]),
}


def make_form_part(recipe, post: Post) -> FormPart:
    """The form part ``recipe`` names; a recipe that names none, or not rightly, is refused."""
    if not isinstance(recipe, dict) or recipe.get("part") not in FORM_PARTS:
        raise PartError("This page asked for an exercise the lessons do not have.")
    try:
        return FORM_PARTS[recipe["part"]](post, recipe)
    except (KeyError, TypeError, ValueError):
        raise PartError("This page asked for an exercise the lessons do not have.") from None
