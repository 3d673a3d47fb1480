"""Drive a seat-banked table (:class:`~baccarat_lessons.widgets.table.LiveTable` of Chemin de Fer or a
Banque) as its page does.

Every click in the page is one message through ``view.surface.handle``, the same guarded
entry point as a real click, so a refusal is the sentence in ``surface.message`` and a bug
is the error box. ``surface.js`` sends:

- for a decision button, ``{"kind": action.kind, "turn": turn, "side": action.side,
  "amount": <the chips in the box, or null>}`` (the amount only for the kinds the presentation
  lists in ``amount_kinds``: Take the bank and Bet; in chips as typed, which the surface reads
  as hundredths);
- for a control (Next coup, the exact banker's view, New session) and for the end of a
  reveal, ``{"kind": kind, "turn": turn}``.

``turn`` is the redraw the page shows when the user clicks (``surface.turn``).
"""

from __future__ import annotations

import json
import weakref

from baccarat_lessons.engine.seated import ActionKind
from baccarat_lessons.engine.money import CHIP
from baccarat_lessons.engine.shoe import Shoe
from baccarat_lessons.widgets.table import LiveTable

CONTROLS = ("NEXT", "HINT", "NEW_SESSION", "REVEALED")
_told: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()  # surface -> id of the reveal it has said REVEALED for


def _name(value):
    """An ActionKind by its name, a Hand by its value ("Right tableau"); anything else as given."""
    if isinstance(value, ActionKind):
        return value.name
    return getattr(value, "value", value)


def message(view, kind, amount=None, side=None, turn: int | None = None) -> dict:
    """The message ``surface.js`` sends for ``kind`` now (``amount`` in chips, as typed or chosen)."""
    kind = _name(kind)
    content = {"kind": kind, "turn": view.surface.turn if turn is None else turn}
    if kind not in CONTROLS or amount is not None or side is not None:
        content.update(side=_name(side), amount=amount)
    return content


def send(view, kind, amount=None, side=None, turn: int | None = None) -> str:
    """Hand one message to the surface as the comm does; returns the sentence then on screen."""
    view.surface.handle(message(view, kind, amount, side, turn))
    return said(view)


# -- reading what the page draws ----------------------------------------------------------------
def said(view) -> str:
    return view.surface.message.get("text", "")


def tone(view) -> str:
    return view.surface.message.get("tone", "")


def turn_of(view) -> dict | None:
    """Whose decision the page shows (the seat view's ``turn``)."""
    return view.surface.view.get("turn")


def actions(view) -> list[dict]:
    """The user's legal actions as the page draws them (empty unless it is the user's turn)."""
    turn = turn_of(view)
    return list(turn["actions"]) if turn else []


def labels(view) -> list[str]:
    return [action["label"] for action in actions(view)]


def action(view, kind, side=None) -> dict | None:
    """The drawn action ``kind`` (and ``side``, for a Banque bet), or None when it is not offered."""
    kind, side = _name(kind), _name(side)
    return next((a for a in actions(view) if a["kind"] == kind and (side is None or a["side"] == side)), None)


def control(view, kind: str) -> dict | None:
    """The button ``kind`` ("NEXT", "HINT", "NEW_SESSION") below the table, or None when not drawn."""
    return next((c for c in view.surface.presentation["controls"] if c["kind"] == kind), None)


def control_kinds(view) -> list[str]:
    return [c["kind"] for c in view.surface.presentation["controls"]]


def status(view) -> dict[str, str]:
    """The status line: key -> text ("balance" -> "Balance: 90")."""
    return dict(view.surface.presentation["status"])


def seat(view, index: int) -> dict:
    """Seat ``index``'s panel as drawn."""
    return next(panel for panel in view.surface.presentation["seats"] if panel["index"] == index)


def captions(view) -> dict[str, str]:
    """The caption under each hand: hand name -> "Punter: Bot 1"."""
    return {hand["name"]: hand["caption"] for hand in view.surface.presentation["hands"]}


def told(view) -> list[str]:
    """The sentences of the coup the page reveals."""
    return [event["text"] for event in view.surface.reveal.get("events", [])]


def sent_to_page(view) -> str:
    """Everything the page receives, as one JSON text (the cards as their labels, ♥ and all)."""
    surface = view.surface
    return json.dumps([surface.view, surface.presentation, surface.reveal, surface.message], ensure_ascii=False)


# -- clicking as the page does ------------------------------------------------------------------
def takes_amount(view, drawn: dict) -> bool:
    """Whether the page sends the amount box's chips with the button ``drawn``."""
    return drawn["kind"] in view.surface.presentation["amount_kinds"]  # every key is present at every table


def box_amount(view, typed=None):
    """The chips the page's amount box holds for this decision: what was ``typed``, else the
    presentation's default for the first action that takes an amount, within its bounds."""
    if typed is not None:
        return typed
    takes = [a for a in actions(view) if takes_amount(view, a) and a["min_amount"] is not None]
    if not takes:
        return None
    low = min(a["min_amount"] for a in takes) / 100
    high = max(a["max_amount"] for a in takes) / 100
    wanted = view.surface.presentation["default_amounts"].get(takes[0]["kind"], low)
    return min(max(wanted, low), high)


def click(view, kind, side=None, typed=None) -> str:
    """Click the drawn button ``kind`` (on ``side``): it must be offered. Like the page, it sends the
    amount in the box (``typed``, else the default) for an action that takes one, else none."""
    drawn = action(view, kind, side)
    assert drawn is not None, f"{_name(kind)} is not among the buttons {labels(view)}"
    return send(view, drawn["kind"], box_amount(view, typed) if takes_amount(view, drawn) else None, drawn["side"])


def finish_reveal(view) -> bool:
    """What the page does when a finished coup's reveal is shown to its end: say REVEALED, once per
    reveal. Returns whether it did."""
    reveal = view.surface.reveal
    if not reveal.get("done") or _told.get(view.surface) == reveal.get("id"):
        return False
    _told[view.surface] = reveal.get("id")
    send(view, "REVEALED")
    return True


def your_turn(view) -> bool:
    return bool(actions(view))


def play_until_your_turn(view, limit: int = 60) -> bool:
    """Show each finished coup and press Next coup until it is the user's turn (True), or Next
    coup cannot be pressed (the table is over) or ``limit`` presses brought no turn (a user with
    no chips left watches the bots): False."""
    for _ in range(limit):
        finish_reveal(view)
        if your_turn(view):
            return True
        next_coup = control(view, "NEXT")
        if next_coup is None or not next_coup["enabled"]:
            return False
        send(view, "NEXT")
    return False


def act(view, kind, amount=None, side=None) -> str:
    """Send an engine action with ``amount`` chips (or none) and show the coup if it finished."""
    text = send(view, kind, amount, side)
    finish_reveal(view)
    return said(view) or text


# -- the table behind the page (for checks only: the page never reads it) ---------------------
def bot_choices(view) -> list:
    """The bots' recent choices the table keeps for its seat panels and log, as (coup, seat, BotChoice),
    newest last (internal to the seat-banked presenter: read here for checks only)."""
    return list(view.presenter.moves)


def bot_log(view) -> str:
    """The bots' decisions as the log beside the table shows them."""
    return view.records.bot_log.value


def table_state(view) -> tuple:
    """The table's whole state and what the page was sent: equal before and after, nothing changed."""
    table, surface = view.table, view.surface
    return (table.snapshot(), tuple(seat.balance for seat in table.seats), table.bank, table.phase,
            surface.turn, json.dumps([surface.view, surface.presentation, surface.reveal], sort_keys=True))


def hidden_cards(view) -> list:
    """The cards face down to the user now: the first two of each hand of another seat not turned over."""
    table = view.table
    return [card for hand, cards in table.hands.items() if not table.can_see(0, hand) for card in cards[:2]]


def check_nothing_hidden_reaches_the_page(view) -> None:
    """No face-down card of another seat is in what the page receives (a label shown elsewhere,
    a duplicate from another deck, cannot be told apart and is not counted), no hidden hand's
    total (every card of it the user may not see arrives as a back), and no bot's reason that
    rests on cards still face down to the user (in the page or in the bots' log)."""
    table = view.table
    seen = {card.label for hand in table.hands for card in (c for c in table.visible_cards(0, hand) if c)}
    page = sent_to_page(view)
    for card in hidden_cards(view):
        if card.label not in seen:
            assert card.label not in page, f"the face-down {card.label} reached the page"
    for hand in view.surface.view["hands"]:
        hidden = not hand["turned_over"] and hand["holder"] != 0
        if hidden:
            assert hand["total"] is None, hand
            assert all(card["rank"] is None and card["suit"] is None for card in hand["cards"][:2]), hand
    for event in view.surface.reveal.get("events", []):
        hand = next((h for h in view.surface.view["hands"] if h["hand"] == event["hand"]), None)
        if hand is not None and not hand["turned_over"] and hand["holder"] != 0 and event["kind"] == "CardDealt":
            assert event["total"] is None, event
    moves = bot_choices(view)
    earlier = {choice.reason for number, _index, choice in moves if number < table.coup_number}
    for number, index, choice in moves:
        hand = choice.hidden_hand
        if (number == table.coup_number and hand in table.hands and not table.can_see(0, hand)
                and choice.public and choice.public != choice.reason
                and choice.reason not in earlier):  # the same words about an earlier coup, turned over, may show
            assert choice.reason not in page, f"{table.name_of(index)}'s reason {choice.reason!r} reached the page"
            assert choice.reason not in bot_log(view), choice.reason


# Stacked shoes several test files deal. Punter (Bot 1) 3S 10D = 3 draws the 7H (0); banker 2H 4C = 6
# must draw on a 7: the 9D makes 5.
BANKER_FORCED_DRAW = "3S 2H 10D 4C 7H 9D"
# Your banco: players 2S 3D = 5 (free), banker KH 3S = 3 draws on 0-5 when the players stand: 9H makes 2.
PUNTER_ON_FIVE = "2S KH 3D 3S 9H"
TOTAL_CHIPS = 600 * CHIP  # six seats of 100


def view_with(key, cards, seed=1):
    """A live seat-banked table dealing the stacked ``cards``, revealing at once."""
    return LiveTable(key, shoe=Shoe.stacked(cards), seed=seed, deal_speed="instant")


def refused(view, content, before):
    """Hand ``content`` to the surface; it must be refused with a sentence and change nothing."""
    view.surface.handle(content)
    assert table_state(view) == before, content
    assert tone(view) == "refused" and said(view).endswith("."), (content, view.surface.message)
    assert view.guard.error_log.layout.display == "none", view.guard.error_log.value  # a refusal, not a bug
    return said(view)
