"""The browser edition's app, in its worker: a table per variant opened, and the page's links.

The page (``site/page.js``) holds the variant selector and a table surface per variant, each drawn by
the same module as the server's tables through a model object (``site/model.js``); this class holds
the tables, in the page's Python. Its messages to the page are :mod:`.posted_table`'s, each with the
``variant`` it is about, and two of its own:

- ``{"kind": "show", "variant": key}``: show that variant's table (a staged link, or the game this
  browser played last);
- ``{"kind": "app-message", "text": ..., "tone": ...}``: a sentence above the tables.

From the page it takes ``{"kind": "OPEN", "variant": key}`` (the visitor chose a variant),
``{"kind": "MODEL", "variant": key, "content": ...}`` (a table surface's message, checked there), and
the settings form's ``{"kind": "SETTING", "variant": key, "name": ..., "choice": ..., "confirmed": ...}``
and ``{"kind": "SETTINGS_KEPT", "variant": key}`` (see :meth:`.posted_table.PostedTable.setting`), and
``{"kind": "CLASS", "variant": key, "seed": ...}``: the page joined a class, whose server dealt this seed
(:meth:`.table_play.TablePlay.join_class`; its records go back as ``class-record``). The page's own address
may carry ``class`` and ``name`` (the page joins that class itself): the rest of it is a staged link. In a
class the page also sends ``{"kind": "STAGE", "link": ...}``: a coup the teacher staged for everyone, opened
as a staged link.

>>> sent = []
>>> app = PostedApp(sent.append, seed=4)
>>> app.receive({"kind": "OPEN", "variant": "mini-baccarat"})
>>> sorted({message["variant"] for message in sent})
['mini-baccarat']
>>> app.receive({"kind": "MODEL", "variant": "mini-baccarat", "content": {"kind": "PAGE", "query": "?variant=chemin-de-fer&shoe=2S+KH+3D+3S+9H&role=banker", "kept": None, "variant": None}})
>>> sent[-1]
{'kind': 'app-message', 'text': 'This link staged a coup for the class: Chemin de Fer.', 'tone': 'done'}
>>> app.receive({"kind": "OPEN", "variant": "blackjack"}); sent[-1]["text"]
'There is no game called “blackjack” here; nothing was changed.'
>>> app.receive_text('{"kind": "OPEN", "variant": '); sent[-1]["text"]
'The app did not understand that message; nothing was changed.'
"""

from __future__ import annotations

from typing import Callable

from ..classroom.client import MAX_LINK_CHARACTERS, class_query
from ..engine.randomness import make_generator
from ..engine.variants import VARIANTS
from ..engine.staged_links import parse_link
from .guard_core import Guard
from .posted_page import NOT_UNDERSTOOD, PostedPage, post_whole, to_table
from .posted_table import PostedTable
from .surface.messages import MAX_ECHO, MessageError


class PostedApp(PostedPage):
    """The tables of the browser edition; ``post(message)`` reaches the page (see the module).

    ``seed`` (an int or a ``random.Random``) makes every table's shoes reproducible; one generator
    feeds them all, so two tables never deal the same shoe.
    """

    def __init__(self, post: Callable[[dict], None], seed=None):
        self._post = post
        self.rng = make_generator(seed)
        self.tables: dict[str, PostedTable] = {}
        self._link_read = False  # the page's address is read once: the first table drawn sends it
        self.guard = Guard()  # the app's own sentences and refusals (a link that cannot be opened)
        self.guard.listen(lambda text, tone: self._post({"kind": "app-message", "text": text, "tone": tone}))
        self.receive = self.guard.wrap(self._receive)

    def _receive(self, message: dict) -> None:
        if message.get("kind") == "STAGE":  # a coup the class's teacher staged for everyone (site/class.js)
            link = message.get("link")
            if not isinstance(link, str) or len(link) > MAX_LINK_CHARACTERS:
                raise MessageError(NOT_UNDERSTOOD)
            self._open_link(link)
            return
        key = message.get("variant")
        if not isinstance(key, str) or key not in VARIANTS:
            shown = str(key)[:MAX_ECHO]
            raise MessageError(f"There is no game called “{shown}” here; nothing was changed.")
        if message.get("kind") == "OPEN":
            self.open(key)
        elif message.get("kind") == "CLASS" and key in self.tables:
            table = self.tables[key]
            table.guard.wrap(table.join_class)(message.get("seed"), table.report_to_page)
        elif not (key in self.tables and to_table(self.tables[key], message)):
            raise MessageError(NOT_UNDERSTOOD)

    def open(self, key: str) -> PostedTable:
        """The table of ``key``, made on the first visit; its whole state is posted (again) either way,
        for a page that draws it anew."""
        table = self.tables.get(key)
        if table is None:
            table = PostedTable(VARIANTS[key], post=lambda message: self._post({**message, "variant": key}), seed=self.rng)
            table.surface.on_link = self._page_link
            self.tables[key] = table
        post_whole(table, lambda message: self._post({**message, "variant": key}))
        return table

    def _page_link(self, query: str, last_played: str | None = None) -> None:
        """As the server app's: a staged link is opened once; without one, the game played last."""
        if self._link_read:
            return
        self._link_read = True
        query = class_query(query)[1]  # the class the address joins is the page's to join (site/class.js)
        if query:
            self.guard.wrap(self._open_link)(query)
        elif last_played in VARIANTS:
            self.open(last_played)
            self._post({"kind": "show", "variant": last_played})

    def _open_link(self, query: str) -> None:
        link = parse_link(query)
        if link is None:
            return
        table = self.open(link.variant.key)
        if link.variant.is_seat_banked:
            table.stage(link.cards, link.role, link.choices)
        elif link.cards:
            table.stage(link.cards)
        self._post({"kind": "show", "variant": link.variant.key})
        self.guard.say(f"This link staged a coup for the class: {link.variant.name}.", "done")
