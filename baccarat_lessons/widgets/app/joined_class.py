"""The server edition in a class: the app's tables joined from the kernel, and the app's class line.

A student joins by link (the app's address with ``?class=<join address>&name=<display name>``) or with the
"Join a class" form of the class line (:class:`ClassBar`). Either way the kernel joins (a
:class:`~baccarat_lessons.classroom.client.ClassClient`): each table the student opens joins with its own
ticket and starts a session dealt from the seed the class gave it, and after each coup shown the kernel
reports the session's record; a coup the teacher stages for everyone opens at once (the class's session
waits behind it until New session). The seed, the token and the record stay in the kernel; the page is told
only the class's status ("In class 0A1B2C (host) as Ann: 3 coups counted."). A bad address or a missing
name is one sentence on the app's line, and nothing changes.

>>> from baccarat_lessons.widgets.guard import ActionGuard
>>> from baccarat_lessons.widgets.table import LiveTable
>>> guard, table = ActionGuard(), LiveTable("mini-baccarat", seed=1)
>>> joined = JoinedClass(guard, shown=lambda: ("mini-baccarat", table), place=lambda bar: None)
>>> joined.join("http://127.0.0.1:9/class/0a1b2c", "Ann")
>>> guard.text
"That is not a class's address (a teacher's looks like http://…/class/0A1B2C); nothing was changed."
>>> joined.join_by_link("http://127.0.0.1:9/class/0A1B2C", " ")
>>> guard.text, joined.client is None
('A class needs a display name, a few letters it will show; the app plays on alone.', True)
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import anywidget
import traitlets

from ...classroom.client import ClassClient, class_address
from ...engine.errors import SettingsError
from ..surface.messages import MessageError
from ..shared_models import shared_layout

ADDRESS_PROBLEM = "That is not a class's address (a teacher's looks like http://…/class/0A1B2C)"
NAME_PROBLEM = "A class needs a display name, a few letters it will show"
MAX_TYPED_CHARACTERS = 500  # what the form sends: an address is a few dozen characters, a name at most 40
NOT_UNDERSTOOD = "The app did not understand that message; nothing was changed."


class ClassBar(anywidget.AnyWidget):
    """The app's class line (class ``bl-class-bar``): a folded "Join a class" form (a class address, a
    display name, Join) and the class's status, ``status`` = ``{"text", "tone"}``. The page sends
    ``{"kind": "JOIN", "address": ..., "name": ...}`` to ``on_join`` as it was typed (untrusted)."""

    _esm = Path(__file__).with_name("class_bar.js")
    status = traitlets.Dict().tag(sync=True)
    # The class's shared tables with a free seat, each {"text", "link"} (classroom.client.table_links): the line
    # offers to sit down at one; its page is the class server's.
    tables = traitlets.List().tag(sync=True)

    def __init__(self, on_join: Callable[[object], None]):
        super().__init__(layout=shared_layout())  # its width is app.css's: a row of its own, or not on a phone
        self.add_class("bl-class-line")
        self.on_msg(lambda _widget, content, _buffers: on_join(content))

    def say(self, text: str, tone: str = "info") -> None:
        self.status = {"text": text, "tone": tone}


class JoinedClass:
    """The app's class: ``guard`` is the app's (its line says what the form refuses), ``shown()`` the key and
    the table now shown, ``place(bar)`` puts the class line on the page (made when first needed: the first
    screen does not wait for it), ``open_link(query)`` opens a coup the teacher staged for everyone (the
    app's staged links). ``client`` is the class joined, or None."""

    def __init__(self, guard, shown: Callable[[], tuple[str, object]], place: Callable[[ClassBar], None],
                 open_link: Callable[[str], None] | None = None):
        self.guard, self._shown, self._place, self._open_link = guard, shown, place, open_link
        self.bar: ClassBar | None = None
        self.client: ClassClient | None = None

    def show_bar(self) -> ClassBar:
        """The class line, put on the page the first time."""
        if self.bar is None:
            self.bar = ClassBar(self.guard.wrap(self._asked))
            self._place(self.bar)
        return self.bar

    def _asked(self, content) -> None:
        if not isinstance(content, dict) or content.get("kind") != "JOIN":
            raise MessageError(NOT_UNDERSTOOD)
        address, name = content.get("address"), content.get("name")
        if not all(isinstance(text, str) and len(text) <= MAX_TYPED_CHARACTERS for text in (address, name)):
            raise MessageError(NOT_UNDERSTOOD)
        self.join(address, name)

    def join_by_link(self, address_text, name) -> None:
        """Join the class a page's address names (its ``class`` and ``name``, see
        :func:`~baccarat_lessons.classroom.client.class_query`); a bad one is one sentence and the app plays
        on alone."""
        self.guard.wrap(self._join)(address_text, name, by_link=True)

    def join(self, address_text, name) -> None:
        """The form's Join: the class at ``address_text`` as ``name``, from the table shown now, which starts
        a fresh session for the class (a class joined before is left)."""
        self.guard.wrap(self._join)(address_text, name, by_link=False)

    def _join(self, address_text, name, by_link: bool) -> None:
        after = "the app plays on alone" if by_link else "nothing was changed"
        address = class_address(address_text)
        if address is None:
            raise SettingsError(f"{ADDRESS_PROBLEM}; {after}.")
        shown_name = " ".join(str(name).split())
        if not shown_name:
            raise SettingsError(f"{NAME_PROBLEM}; {after}.")
        if self.client is not None:
            self.client.close()
        bar = self.show_bar()
        client = self.client = ClassClient(address, shown_name, self.say, on_stage=self._open_link,
                                           on_tables=self.tables_open)
        bar.say(f"Joining class {client.code} ({client.host}) as {client.name}…")
        key, table = self._shown()
        self.table_shown(key, table)
        if not by_link:
            self.guard.say(f"Joining class {client.code} as {client.name}: the table shown starts a fresh session "
                           "dealt by the class.", "done")
            bar.send({"kind": "joined"})

    def say(self, text: str, tone: str) -> None:
        """The client's news, on the class line (called on the kernel's thread: see the client)."""
        self.show_bar().say(text, tone)

    def tables_open(self, links: list) -> None:
        """The class's shared tables with a free seat, offered on the class line (on the kernel's thread)."""
        self.show_bar().tables = links

    def table_shown(self, key: str, table) -> None:
        """The app shows the ``key`` table: in a class, it joins (once per class) and, once the class has
        dealt its seed, starts its class session; its records go to the class from the kernel."""
        client = self.client
        if client is None or client.has_joined(key):
            return

        def start(seed) -> None:
            table.join_class(seed, lambda record: client.report(key, record))

        client.join(key, table.guard.wrap(start))
