"""Reaching a draw-or-stand decision while another hand is face down, by a fixed policy from a seed.

The user plays one role (``ROLE_CASES``: every seat-banked variant and role with such a decision):
it takes the bank as the banker, calls banco or bets the most as the punter, backs the right
tableau it captains as a captain, and otherwise takes the first legal action; the bots play on.
Every game is fixed by its seed, so a failure names the seed and the step that reproduce it.
"""

from __future__ import annotations

from baccarat_lessons.engine.events import CardDealt, Hand
from baccarat_lessons.engine.seated.decisions import ActionKind, DecisionKind
from baccarat_lessons.engine.session_record import seen_in_coup

# (variant, role): the user has a draw-or-stand decision while another hand is face down.
ROLE_CASES = [("chemin-de-fer", "banker"), ("chemin-de-fer", "punter"), ("banque-ouverte", "banker"),
              ("banque-ouverte", "captain"), ("banque-limitee", "captain")]
MAX_STEPS = 400


def policy(table, role: str) -> tuple[str, int | None, str | None]:
    """The user's action for ``role`` at ``table``'s pending decision: (kind, amount, side)."""
    decision = table.pending
    kinds = {action.kind for action in decision.actions}
    if decision.kind is DecisionKind.OFFER_BANK:
        take = decision.actions[0]
        return ("OPEN_BANK", min(take.max_amount, max(take.min_amount, 2000)), None) if role == "banker" \
            else ("DECLINE_BANK", None, None)
    if decision.kind is DecisionKind.KEEP_BANK:
        if role == "banker" and ActionKind.CONTINUE_BANK in kinds:
            return "CONTINUE_BANK", None, None
        first = decision.actions[-1] if role != "banker" else decision.actions[0]
        return first.kind.name, None, None
    if decision.kind is DecisionKind.BANCO:
        return ("BANCO" if role == "punter" else "DECLINE_BANCO"), None, None
    if decision.kind is DecisionKind.BET:
        bets = [action for action in decision.actions if action.kind is ActionKind.BET]
        right = next((action for action in bets if action.side is Hand.RIGHT), bets[0])
        amount = right.max_amount if role == "punter" else right.min_amount
        return "BET", amount, right.side.value if right.side is not None else None
    return decision.actions[0].kind.name, None, None


def is_target(table, role: str) -> bool:
    """The user decides whether to draw, in ``role``, while some hand is face down to it."""
    decision, seen = table.pending, seen_in_coup(table)
    if decision is None or decision.seat != 0 or seen is None or all(seen):
        return False
    if role == "banker":
        return decision.kind in (DecisionKind.BANKER_DRAW, DecisionKind.BANQUE_BANKER_DRAW) and table.banker == 0
    if role == "punter":
        return decision.kind is DecisionKind.PUNTER_DRAW
    return decision.kind is DecisionKind.CAPTAIN_DRAW and decision.hand is Hand.RIGHT


def play_to_decision(driver, role: str, skip: int = 0, where: str = "") -> None:
    """Play ``driver`` by the policy until the ``skip``-th next time the user is at such a decision
    (``skip`` = 0: the first)."""
    for step in range(MAX_STEPS):
        table = driver.table
        assert table.pending is not None, f"{where}: the table ended at step {step} before the decision"
        if is_target(table, role):
            if skip == 0:
                return
            skip -= 1
        if table.pending.seat != 0:
            driver.act("NEXT")
        else:
            driver.act(*policy(table, role))
    raise AssertionError(f"{where}: no {role} decision with a face-down hand within {MAX_STEPS} steps")


def finish_coup(driver, role: str) -> None:
    """Decide (the first legal action) and let the coup finish."""
    coups = driver.table.coups_played
    while driver.table.coups_played == coups and driver.table.pending is not None:
        if driver.table.pending.seat != 0:
            driver.act("NEXT")
        else:
            driver.act(*policy(driver.table, role))


def hidden_offsets(table) -> list[int]:
    """The offsets, in the coup's deal order, of the cards face down to the user now."""
    return [offset for offset, seen in enumerate(seen_in_coup(table)) if not seen]


def coup_cards(table) -> list:
    """The cards of the coup in progress (or just finished: its record's), in deal order."""
    events = table.events if seen_in_coup(table) is not None else table.last_coup.events
    return [event.card for event in events if isinstance(event, CardDealt)]


def hidden_hands(table, offsets) -> dict:
    """Each hand holding a card at ``offsets`` (face down to the user): its two first cards and total."""
    events = table.events if seen_in_coup(table) is not None else table.last_coup.events
    dealt = [event for event in events if isinstance(event, CardDealt)]
    hands = table.hands if seen_in_coup(table) is not None else table.last_coup.hands
    out = {}
    for offset in offsets:
        hand = dealt[offset].hand
        cards = tuple(hands[hand][:2])
        out[hand] = (cards, sum(card.value for card in cards) % 10)
    return out
