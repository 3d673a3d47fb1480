"""The words every live table says after a finished coup, whichever kind of table it is.

A presenter gives the nouns ("round" at a Punto Banco layout, "coup" at a seat-banked table) and
what an even coup left the user; the sentence is built the same way at every table.

>>> from types import SimpleNamespace as NS
>>> from baccarat_lessons.engine.events import CoupResult, Outcome
>>> record = NS(events=(CoupResult(Outcome.BANKER, 2, 3),), net_of=lambda seat: -1000)
>>> coup_message(record, "round", "Your stakes came back.")
('Banker wins, 3 to 2. You are down 10 on this round.', 'info')
"""

from __future__ import annotations

from ..engine.events import CoupResult
from ..engine.money import show_chips

# Said to a HINT at any table but a Banque banker's draw-or-stand decision (the page offers none there).
NO_HINT = ("The exact banker's view helps only when you hold the Banque bank and must choose to draw or "
           "stand.")


def results_text(record) -> str:
    """A finished coup's results in words ("Banker wins, 3 to 2."; one per tableau at Banque)."""
    return " ".join(event.text for event in record.events if isinstance(event, CoupResult))


def coup_message(record, unit: str, unchanged: str, seat: int | None = 0) -> tuple[str, str]:
    """What a finished coup did for the user at ``seat``, and its tone: its results, then the user's gain or loss
    on this ``unit`` ("round", "coup"), or ``unchanged`` when the user came out even (an onlooker, ``None``: the
    results alone)."""
    results = results_text(record) or "Nobody bet this coup."
    if seat is None:
        return results, "info"
    net = record.net_of(seat)
    if net > 0:
        return f"{results} You are up {show_chips(net)} on this {unit}.", "done"
    if net < 0:
        return f"{results} You are down {show_chips(-net)} on this {unit}.", "info"
    return f"{results} {unchanged}", "info"
