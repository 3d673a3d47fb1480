"""A staged round's heading, and a staged seat-banked coup's, written from the coup as the student's seat was told it.

The staged coup widget (:class:`~.staged_coup.StagedCoup`) and the browser edition's page
(:mod:`~baccarat_lessons.widgets.posted_parts`) both head their table with :func:`staged_heading`.

>>> from baccarat_lessons.widgets.posted_table import PostedTable
>>> table = PostedTable("chemin-de-fer", post=lambda message: None, seed=0)
>>> table.stage("2S KH 3D 3S 9H", "banker", {"punter": True}, seed=0)
>>> print(staged_heading(table, "banker"))
Chemin de Fer, you as banker: Bot 1 says carte (draw). Player gets the 9♥ face up; the first two cards stay face down. Your turn: draw or stand for the bank (Chemin de Fer table).
"""

from __future__ import annotations

from ...engine.coup import Coup
from ...engine.events import RuleApplied
from ...engine.seated.script import roles_of
from ...engine.variants import SEAT_BANKED, VARIANTS

# A card string fixes a whole round only where nobody chooses whether to draw.
FIXED_RULE_VARIANTS = tuple(key for key, variant in VARIANTS.items() if variant.has_fixed_rules)
TOLD = ("HandChoice", "NaturalShown", "CoupResult")  # the events that say how the coup got here


def first_role(variant: str) -> str:
    """The role a staged coup gives the student when none is named."""
    return roles_of(SEAT_BANKED[variant])[0]


def staged_heading(play, role: str) -> str:
    """``play`` (a table in play, staged) headed: the variant, the student's role, then the choices, third
    cards and results so far as the student's seat was told them, then what comes next."""
    table = play.table
    if table.last_coup is not None:  # the staged coup is over: all of it is turned over
        told = [event.text for event in table.last_coup.events if event.kind in TOLD]
    else:
        told = [event.text for event in table.view(0).events
                if event.kind in TOLD or (event.kind == "CardDealt" and event.cards[0].face_up)]
    story = " ".join(told + [play.where_it_stands()]).strip()
    return f"{play.variant.name}, you as {role}: {story}"


def describe_round(coup: Coup) -> str:
    """One line that says what decided a fixed-rules round: the last rule that fired, then the result."""
    rules = [event.text for event in coup.events if isinstance(event, RuleApplied)]
    return f"{rules[-1]} {coup.result.text}" if rules else coup.result.text
