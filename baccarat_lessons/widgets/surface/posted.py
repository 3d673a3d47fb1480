"""A table surface whose state travels as messages: the browser edition's worker and its page.

The page's table module (``surface.js``, the same one the anywidget draws with) reads an object with
the anywidget model interface: ``get``, ``set``, ``on``, ``off``, ``send``, ``save_changes``. In the
browser edition that object lives in the page (``site/model.js``) and this class in Python, in a Web
Worker: each change of the state (the names of :data:`.state.SYNCED`) is posted to the page as one
message of the changed values, and the page's ``send`` comes back to :meth:`handle`, checked like a
message over a kernel's comm.

>>> from baccarat_lessons.widgets.guard_core import Guard
>>> posted = []
>>> surface = PostedSurface(Guard(), on_message=print, kinds={"DEAL"}, sides=set(), post=posted.append)
>>> surface.say("Place a bet.")
>>> with surface.hold_sync():
...     surface.turn = 3
...     surface.say("")
>>> posted
[{'message': {'text': 'Place a bet.', 'tone': 'info'}}, {'turn': 3, 'message': {}}]
>>> surface.state()["turn"]
3
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Callable, Collection

from .messages import Message
from .state import SYNCED, SurfaceLogic

EMPTY = {"view": {}, "presentation": {}, "reveal": {}, "message": {}, "turn": 0, "saved_text": ""}


class PostedSurface(SurfaceLogic):
    """The surface's state as plain attributes; ``post(changes)`` carries each change (a dict of the
    changed names) to the page, once per ``hold_sync()`` block or per single change."""

    def __init__(self, guard, on_message: Callable[[Message], None], kinds: Collection[str],
                 sides: Collection[str], post: Callable[[dict], None], null=None):
        self._changes: dict | None = None  # the changes of an open hold_sync() block
        self._post = post
        for name, value in EMPTY.items():
            object.__setattr__(self, name, value)
        self.start(guard, on_message, kinds, sides, null)

    def __setattr__(self, name, value):
        object.__setattr__(self, name, value)
        if name not in SYNCED:
            return
        if self._changes is None:
            self._post({name: value})
        else:
            self._changes[name] = value

    @contextmanager
    def hold_sync(self):
        """Post the changes made inside the block as one message when it ends (as an anywidget's does)."""
        if self._changes is not None:  # nested: the outer block posts
            yield
            return
        self._changes = {}
        try:
            yield
        finally:
            changes, self._changes = self._changes, None
            if changes:
                self._post(changes)

    def state(self) -> dict:
        """The whole state, for a page that draws the surface anew (a page opened after it was made)."""
        return {name: getattr(self, name) for name in SYNCED}
