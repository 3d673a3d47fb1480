"""The class server's one error: a class, a ticket, a name or an answer it cannot take."""

from __future__ import annotations

from ..engine.errors import BaccaratError


class ClassError(BaccaratError):
    """A class, a ticket or a name the ledger cannot take; its sentence says why."""
