"""A lesson's page in the browser edition, in its worker: the lesson's tables and exercises.

The page (``site/lesson.js``) opens each live part of the lesson with its recipe, as the site's build read
it from the executed lesson (:mod:`.part_box`): ``{"kind": "OPEN", "part": id, "recipe": {...}}``. A table
(``"table"``, or ``"staged-coup"``: a seat-banked coup staged at one moment) is a
:class:`~.posted_table.PostedTable`, reached as on the app's page (``MODEL``, ``SETTING``,
``SETTINGS_KEPT``, each with its ``part``); an exercise is a form part (:mod:`.posted_parts`), answered by
``{"kind": "PART", "part": id, "action": ..., "fields": {...}}``. Every message this sends carries the
``part`` it is about; a refusal that belongs to no part is ``{"kind": "lesson-message", "text", "tone"}``.

>>> sent = []
>>> lesson = PostedLesson(sent.append, seed=3)
>>> lesson.receive_text('{"kind": "OPEN", "part": "p1", "recipe": {"part": "drawing-explorer", "variant": "chemin-de-fer"}}')
>>> lesson.receive_text('{"kind": "PART", "part": "p1", "action": "change", "fields": {"banker_total": 5, "third_card": 5}}')
>>> sent[-1]["part"], "Chooses." in sent[-1]["slots"]["verdict"]
('p1', True)
>>> lesson.receive_text('{"kind": "PART", "part": "p1", "action": "change", "fields": {"banker_total": 99, "third_card": 5}}')
>>> sent[-1]["text"]
'That choice is not one the list offers; nothing was changed.'
>>> lesson.receive_text('{"kind": "OPEN", "part": "p2", "recipe": {"part": "table", "variant": "blackjack", "seed": 1}}')
>>> sent[-1]
{'kind': 'lesson-message', 'text': 'This page asked for a table the lessons do not have.', 'tone': 'refused'}
"""

from __future__ import annotations

import random
from typing import Callable

from ..engine.randomness import make_generator
from ..engine.variants import SEAT_BANKED, VARIANTS
from .guard_core import Guard
from .posted_page import NOT_UNDERSTOOD, PostedPage, post_whole, to_table
from .posted_parts import FormPart, PartError, make_form_part
from .posted_table import PostedTable
from .surface.messages import MessageError

MAX_PARTS = 200  # far more than a lesson holds: a page that opens more is not a lesson's
TABLE_PARTS = ("table", "staged-coup")


def table_of(recipe: dict, post: Callable[[dict], None], rng: random.Random) -> PostedTable:
    """The table ``recipe`` names, at its seed (or from ``rng``), staged if it is a staged coup; a recipe
    that names none, or not rightly, is refused."""
    key, seed = recipe.get("variant"), recipe.get("seed")
    staged = recipe.get("part") == "staged-coup"
    if key not in VARIANTS or (seed is not None and type(seed) is not int) or (staged and key not in SEAT_BANKED):
        raise PartError("This page asked for a table the lessons do not have.")
    table = PostedTable(VARIANTS[key], post=post, seed=rng if seed is None else seed)
    if staged:
        cards, role, choices = recipe.get("cards"), recipe.get("role"), recipe.get("choices")
        if not isinstance(cards, str) or not isinstance(role, str) or not isinstance(choices, dict) or seed is None:
            raise PartError("This page asked for a table the lessons do not have.")
        table.stage(cards, role, choices, seed=seed)
    return table


class PostedLesson(PostedPage):
    """A lesson's live parts; ``post(message)`` reaches the page (see the module). ``seed`` (an int or a
    ``random.Random``) deals the tables whose recipe names no seed."""

    def __init__(self, post: Callable[[dict], None], seed=None):
        self._post = post
        self.rng = make_generator(seed)
        self.tables: dict[str, PostedTable] = {}
        self.forms: dict[str, FormPart] = {}
        self.guard = Guard()
        self.guard.listen(lambda text, tone: self._post({"kind": "lesson-message", "text": text, "tone": tone}))
        self.receive = self.guard.wrap(self._receive)

    def _receive(self, message: dict) -> None:
        part, kind = message.get("part"), message.get("kind")
        if not isinstance(part, str) or not part.isidentifier() or len(part) > 12:
            raise MessageError(NOT_UNDERSTOOD)
        if kind == "OPEN":
            self.open(part, message.get("recipe"))
        elif kind == "PART" and part in self.forms:
            self.forms[part].act(message.get("action"), message.get("fields"))
        elif not (part in self.tables and to_table(self.tables[part], message)):
            raise MessageError(NOT_UNDERSTOOD)

    def open(self, part: str, recipe) -> None:
        """Make part ``part`` from ``recipe`` (once: opened again, a table posts its whole state anew)."""
        post = lambda message: self._post({**message, "part": part})  # noqa: E731 - one line, named for what it does
        if part in self.tables:
            post_whole(self.tables[part], post)
            return
        if part in self.forms:
            return  # a form's first state is the page's own
        if len(self.tables) + len(self.forms) >= MAX_PARTS:
            raise PartError("This page asked for more exercises than a lesson holds.")
        if isinstance(recipe, dict) and recipe.get("part") in TABLE_PARTS:
            table = table_of(recipe, post, self.rng)
            self.tables[part] = table
            post_whole(table, post)
        else:
            self.forms[part] = make_form_part(recipe, post)
