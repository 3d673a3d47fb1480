"""A kernel's answers to the lessons' exercises, sent to a class (issue 32: the teacher's class answers).

In JupyterLab, Voilà or a JupyterHub student's server, a lesson's exercise (``ask(lesson, key)``) sends each
answer it could read to the class this kernel joined, as well as judging it on the spot. A kernel joins

- with a cell: ``from baccarat_lessons.classroom.answering import join_class`` then
  ``join_class("http://…/class/0A1B2C", "Ann")``, which says where the answers go; or
- from its environment, as a JupyterHub can set it for each student: ``BACCARAT_LESSONS_CLASS`` (the join
  address) and ``BACCARAT_LESSONS_NAME`` (the display name).

The class server joins the kernel once for answers (a ticket with no table) and keeps each student's latest
answer to each exercise. The browser edition's lesson pages send theirs from the page (``site/lesson.js``).

>>> join_class("ftp://host/class/0A1B2C", "Ann")
Traceback (most recent call last):
...
baccarat_lessons.classroom.answering.ClassAddressError: A class's address looks like http://host:8870/class/0A1B2C, as the teacher's class server printed it.
"""

from __future__ import annotations

import os
import threading
from typing import Callable

from ..engine.errors import BaccaratError
from .client import MAX_NAME_CHARACTERS, HandOver, OutOfReach, Refused, class_address, on_this_thread, post

CLASS_VARIABLE = "BACCARAT_LESSONS_CLASS"
NAME_VARIABLE = "BACCARAT_LESSONS_NAME"
SENT = "Sent to class {code}."


class ClassAddressError(BaccaratError):
    """A class address or display name that cannot be joined; its sentence says why."""


class ClassAnswers:
    """Answers sent to the class at ``address`` as ``name``, each from a thread of its own (a request may
    wait five seconds; the lesson must answer clicks meanwhile), one at a time."""

    def __init__(self, address: str, name: str, send: Callable[[str, dict], dict] = post):
        joined = class_address(address)
        if joined is None:
            raise ClassAddressError("A class's address looks like http://host:8870/class/0A1B2C, as the teacher's "
                                    "class server printed it.")
        if not isinstance(name, str) or not name.strip():
            raise ClassAddressError("Give a display name: a few letters the class will see.")
        self.address, self.name, self.send_json = joined, name.strip()[:MAX_NAME_CHARACTERS], send
        self.code = joined.rsplit("/", 1)[1]
        self.token: str | None = None
        self.lock = threading.Lock()

    def send(self, exercise: str, given, told: Callable[[str, str], None] | None = None) -> threading.Thread:
        """Send ``given`` for ``exercise`` (``"lesson/key"``); ``told(sentence, tone)`` hears how it went, on the
        thread that called (see :func:`.client.on_this_thread`)."""
        hand_over: HandOver = on_this_thread()

        def run() -> None:
            sentence, tone = self.deliver(exercise, given)
            if told is not None:
                hand_over(lambda: told(sentence, tone))

        thread = threading.Thread(target=run, name="class-answer", daemon=True)
        thread.start()
        return thread

    def deliver(self, exercise: str, given) -> tuple[str, str]:
        """Join once, then post the answer: the sentence the student is shown, and its tone."""
        with self.lock:
            try:
                if self.token is None:
                    self.token = self.send_json(f"{self.address}/join", {"name": self.name, "variant": None})["token"]
                self.send_json(f"{self.address}/answer", {"token": self.token, "exercise": exercise, "answer": given})
            except Refused as refusal:
                return f"The class did not take this answer: {refusal.said}", "refused"
            except (OutOfReach, KeyError, TypeError):
                return f"The class server is out of reach, so this answer did not reach class {self.code}.", "refused"
        return SENT.format(code=self.code), "done"


_joined: dict[str, ClassAnswers | None] = {}
_problem: dict[str, str] = {}


def join_class(address: str, name: str) -> str:
    """Send this kernel's answers to the class at ``address`` as ``name``; returns the sentence saying so."""
    _joined["class"] = ClassAnswers(address, name)
    _problem.clear()
    return (f"Your answers to the lessons' exercises now go to class {_joined['class'].code} as "
            f"{_joined['class'].name}, as well as being checked here.")


def leave_class() -> None:
    """Send no more answers; the environment's class, if any, is read again at the next answer."""
    _joined.clear()
    _problem.clear()


def joined_class() -> ClassAnswers | None:
    """The class this kernel's answers go to: the one joined last, else the one its environment names."""
    if "class" not in _joined:
        address, name = os.environ.get(CLASS_VARIABLE, ""), os.environ.get(NAME_VARIABLE, "")
        try:
            _joined["class"] = ClassAnswers(address, name) if address else None
        except ClassAddressError as error:  # a hub's setting that is not a class: the lessons work on alone
            _joined["class"] = None
            _problem["class"] = f"This server's {CLASS_VARIABLE} and {NAME_VARIABLE} do not name a class: {error}"
    return _joined["class"]


def send_answer(exercise: str, given, told: Callable[[str, str], None]) -> None:
    """Send an answer the lesson could read to the joined class, if any; ``told`` hears how it went (or why
    this server's setting names no class)."""
    joined = joined_class()
    if joined is not None:
        joined.send(exercise, given, told)
    elif "class" in _problem:
        told(_problem["class"], "refused")
