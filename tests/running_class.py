"""A real class server (classroom/server.py over an in-memory ledger) on a free port of 127.0.0.1, run on a
thread of this process, that a test can stop and start again on the same port and ledger (the server
out of reach, then back)."""

from __future__ import annotations

import asyncio
import socket
import threading
import time

from baccarat_lessons.classroom.ledger import ClassLedger
from baccarat_lessons.classroom.server import MAX_BODY_BYTES, make_app


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class RunningClass:
    """``ledger``, ``code``, ``key`` and ``address`` (the join address) of a class served until :meth:`stop`."""

    def __init__(self, make=make_app):
        self.make = make  # the application: the class server's, or with its shared tables (class_tables)
        self.ledger = ClassLedger(":memory:")
        self.code, self.key = self.ledger.open_class("Statistics 11B")
        self.port = free_port()
        self.address = f"http://127.0.0.1:{self.port}/class/{self.code}"
        self._thread: threading.Thread | None = None
        self.tickets: list = []  # every ticket the class gave, in order (its seed is what no page may see)
        joining = self.ledger.join

        def join(*args):
            ticket = joining(*args)
            self.tickets.append(ticket)
            return ticket

        self.ledger.join = join  # type: ignore[method-assign]

    def start(self) -> RunningClass:
        ready = threading.Event()

        async def serve() -> None:
            self._loop = asyncio.get_running_loop()
            self._stopping = asyncio.Event()
            server = self.make(self.ledger).listen(self.port, address="127.0.0.1", max_body_size=MAX_BODY_BYTES)
            ready.set()
            await self._stopping.wait()
            server.stop()
            await server.close_all_connections()

        self._thread = threading.Thread(target=lambda: asyncio.run(serve()), daemon=True)
        self._thread.start()
        assert ready.wait(10), "the class server did not start"
        return self

    def stop(self) -> None:
        if self._thread is not None:
            self._loop.call_soon_threadsafe(self._stopping.set)
            self._thread.join(10)
            self._thread = None

    def students(self) -> list[dict]:
        return self.ledger.pool(self.code)["per_student"]

    def seeds(self) -> list[int]:
        return [ticket.seed for ticket in self.tickets]


def wait_for(condition, seconds: float = 10.0, what: str = "the condition"):
    """Poll ``condition()`` until it is true (returned), or fail after ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError(f"{what} did not happen within {seconds} s")
