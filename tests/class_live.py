"""A class server running in a thread of the test's own process, for tests that talk to one over HTTP."""

from __future__ import annotations

import asyncio
import threading

import pytest
import tornado.httpserver
import tornado.netutil

from baccarat_lessons.classroom.answering import leave_class
from baccarat_lessons.classroom.ledger import ClassLedger
from baccarat_lessons.classroom.server import make_app


@pytest.fixture
def live_class():
    """A class server on a free port of 127.0.0.1, in a thread of this process: (ledger, code, join address)."""
    ledger = ClassLedger(":memory:")
    code, _ = ledger.open_class("Statistics 11B")
    sockets = tornado.netutil.bind_sockets(0, "127.0.0.1")
    loop = asyncio.new_event_loop()

    def serve() -> None:
        asyncio.set_event_loop(loop)
        tornado.httpserver.HTTPServer(make_app(ledger)).add_sockets(sockets)
        loop.run_forever()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield ledger, code, f"http://127.0.0.1:{sockets[0].getsockname()[1]}/class/{code}"
    loop.call_soon_threadsafe(loop.stop)
    thread.join(10)
    leave_class()
