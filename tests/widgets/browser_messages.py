"""Drive a table as its page does: every click is one message through ``table.surface.handle``.

``surface.js`` sends ``{kind, turn}`` plus, for a bet spot, ``side`` (the spot's name,
"Banker") and ``amount`` (the chip chosen, in chips), and for a seated decision the
action's ``side`` and the amount in the box. ``turn`` is the redraw the page shows when
the user clicks. The message goes through the same guarded ``surface.handle`` as a real
click, so a refusal is the sentence in ``surface.message`` and a bug is the error box.

Works for every :class:`~baccarat_lessons.widgets.table.LiveTable`, whichever of the five variants it
is (each has ``surface``).
"""

from __future__ import annotations

import random
from typing import Iterable


def _name(value):
    """A BetSpot or Hand as the page names it ("Banker", "Right tableau"); anything else as given."""
    return getattr(value, "value", value)


def message(table, kind: str, amount=None, side=None, turn: int | None = None) -> dict:
    """The message ``surface.js`` would send now (``turn``: the redraw it answers, the current one by default)."""
    content = {"kind": kind, "turn": table.surface.turn if turn is None else turn}
    if side is not None:
        content["side"] = _name(side)
    if amount is not None:
        content["amount"] = amount
    return content


def send(table, kind: str, amount=None, side=None, turn: int | None = None) -> None:
    """One click in the page: the message, handed to the surface as the comm hands it over."""
    table.surface.handle(message(table, kind, amount, side, turn))


def bet(table, side, chip: int, times: int = 1) -> None:
    """Click a bet spot ``times`` with the ``chip`` chosen."""
    for _ in range(times):
        send(table, "BET", chip, side)


def deal(table) -> None:
    send(table, "DEAL")


def revealed(table) -> None:
    """What the page says when it has shown the reveal to its end."""
    send(table, "REVEALED")


def play_round(table, side=None, chips: int | Iterable[int] = ()) -> None:
    """Place ``chips`` (one click each) on ``side``, deal, and let the page show the round to its end.
    With no side, the bets already on the table (a rebet, say) are dealt."""
    if side is not None:
        for chip in ([chips] if isinstance(chips, int) else chips):
            send(table, "BET", chip, side)
    deal(table)
    revealed(table)


# -- reading what the page draws -------------------------------------------------------------------
def control(table, kind: str) -> dict:
    """The button ``kind`` ("DEAL", "REBET", …) below the table."""
    return next(c for c in table.surface.presentation["controls"] if c["kind"] == kind)


def enabled(table, kind: str) -> bool:
    return control(table, kind)["enabled"]


def spot(table, side) -> dict:
    """The bet spot ``side`` as drawn (KeyError-like StopIteration when it is not offered)."""
    return next(s for s in table.surface.presentation["spots"] if s["side"] == _name(side))


def spot_sides(table) -> list[str]:
    return [s["side"] for s in table.surface.presentation["spots"]]


def spot_reason(table, side, chip: int) -> str:
    """Why a ``chip`` cannot go on ``side`` ("" when it can)."""
    return spot(table, side)["reasons"][str(chip)]


def enabled_chips(table) -> list[int]:
    return [c["value"] for c in table.surface.presentation["chips"] if c["enabled"]]


def status(table) -> dict[str, str]:
    """The status line: key -> text ("balance" -> "Balance: 109.50")."""
    return dict(table.surface.presentation["status"])


def said(table) -> str:
    """The sentence on screen."""
    return table.surface.message.get("text", "")


def tone(table) -> str:
    return table.surface.message.get("tone", "")


def told(table) -> list[str]:
    """The sentences of the reveal the page shows (every event of the coup, in order)."""
    return [event["text"] for event in table.surface.reveal.get("events", [])]


def play_moves(table, moves: int, seed: int = 1) -> None:
    """Legal clicks drawn at random, as a student makes them, each round shown to its end: a bet and
    Deal at a layout; one of the offered decisions (or Next coup) at a seat-banked table."""
    rng = random.Random(seed)
    for _ in range(moves):
        if table.variant.has_fixed_rules:
            send(table, "BET", table.variant.stakes[0], rng.choice(["Banker", "Player", "Tie"]))
            deal(table)
        else:
            turn = table.surface.view["turn"]
            if turn and turn["actions"]:
                action = rng.choice(turn["actions"])
                amount = action["min_amount"] / 100 if action["kind"] in ("OPEN_BANK", "BET") else None
                send(table, action["kind"], amount, action["side"])
            elif turn:
                send(table, "NEXT")
        revealed(table)
