"""A class's shared tables: Chemin de Fer and Banque between the students of a class, on the class server.

The engine's :class:`~baccarat_lessons.engine.people_table.PeopleTable` plays the rules; each page is a
:class:`~baccarat_lessons.widgets.people_seat.PeopleSeat` drawn on the same table surface as every other
table; :mod:`.room` holds a table's people, clock and record, :mod:`.handlers` its addresses on the class
server. This package sits above ``widgets`` and ``classroom``; :func:`make_class_app` is the class server
with its tables.
"""

from __future__ import annotations

from ..classroom.ledger import ClassLedger
from ..classroom.server import make_app
from .handlers import table_handlers
from .room import HOLD_SECONDS, MIN_SECONDS


def make_class_app(ledger: ClassLedger, hold_seconds: float = HOLD_SECONDS, min_seconds: int = MIN_SECONDS,
                   server: str = ""):
    """The class server's application with the shared tables' addresses: the tables of ``server`` (its name in the
    database, when several share one). A test's server holds a dropped seat ``hold_seconds`` and lets a decision
    have as little as ``min_seconds``."""
    return make_app(ledger, more=lambda ledger, settings: table_handlers(ledger, settings, hold_seconds, min_seconds,
                                                                         server=server),
                    websocket_max_message_size=8_000)
