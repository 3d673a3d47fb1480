"""What each seat may know (SPEC §10): a seat's view, its bot's decision and its bot's reason
depend only on what that seat can see.

Over many random coups of each seat-banked variant, at every decision, the cards a seat
cannot see — the rest of the shoe and the other hands' face-down cards — are exchanged
at random among themselves (everything the seat can see stays the same). The seat's view
must be exactly equal, its bot must decide and explain exactly the same, and the JSON
of the view must name no card the seat may not see.
"""

import copy
import dataclasses
import json
import random

import pytest

from baccarat_lessons.analysis.banque_banker import ExactBanqueBanker
from baccarat_lessons.engine.bots import make_bots, table_banker_choice
from baccarat_lessons.engine.events import CardDealt
from baccarat_lessons.engine.seated import HOUSE, DecisionKind
from baccarat_lessons.engine.tables import new_table
from baccarat_lessons.engine.variants import SEAT_BANKED

SEAT_BANKED_KEYS = list(SEAT_BANKED)


def hidden_slots(table, seat):
    """Where the cards ``seat`` cannot see lie: (hand, index) of face-down cards and shoe positions."""
    slots = [(hand, index) for hand, cards in table.hands.items() if not table.can_see(seat, hand)
             for index in range(min(2, len(cards)))]
    shoe = table.shoe
    slots += [("shoe", position) for position in range(shoe.dealt_count, len(shoe._cards))]
    return slots


def exchanged(table, seat, rng):
    """A copy of ``table`` with the cards ``seat`` cannot see dealt out again in another order."""
    twin = copy.deepcopy(table)
    slots = hidden_slots(twin, seat)
    cards = [twin.shoe._cards[i] if hand == "shoe" else twin.hands[hand][i] for hand, i in slots]
    rng.shuffle(cards)
    for (hand, index), card in zip(slots, cards):
        if hand == "shoe":
            twin.shoe._cards[index] = card
        else:
            twin.hands[hand][index] = card
    twin.shoe._unseen_values = [0] * 10  # the shoe's own count of what is left follows its cards
    for card in twin.shoe.remaining_cards:
        twin.shoe._unseen_values[card.value] += 1
    for hand, held in twin.hands.items():  # the running totals and the deal events follow the cards
        held.total = sum(card.value for card in held) % 10
    counts = {hand: 0 for hand in twin.hands}
    for position, event in enumerate(twin.events):
        if isinstance(event, CardDealt) and event.holder is not None:
            held = twin.hands[event.hand]
            card = held[counts[event.hand]]
            counts[event.hand] += 1
            total = sum(c.value for c in held[:counts[event.hand]]) % 10
            twin.events[position] = dataclasses.replace(event, card=card, total=total)
    return twin


def decide(table, seat, bots, exact):
    """The decision and reason of the bot at ``seat`` (from copies, so the bots' coins are not spent)."""
    decision = table.pending
    if decision is None or decision.seat != seat:
        return None
    window = table.window(seat)
    if decision.kind is DecisionKind.BANQUE_BANKER_DRAW:
        choices = [table_banker_choice(window), copy.deepcopy(exact).choose(window)]
    else:
        choices = [copy.deepcopy(bots[seat]).choose(window)] if seat in bots else []
    return [(c.kind, c.amount, c.side, c.reason, c.public) for c in choices]


def visible_cards(table, seat):
    return [card for hand in table.hands for card in table.visible_cards(seat, hand) if card is not None]


@pytest.mark.parametrize("variant", SEAT_BANKED_KEYS)
def test_exchanging_what_a_seat_cannot_see_changes_nothing_it_sees_or_decides(variant):
    rng = random.Random(variant)
    exact = ExactBanqueBanker()
    checked = 0
    for seed in range(3):
        table = new_table(SEAT_BANKED[variant], seed=seed)
        bots = make_bots(seed, seats=range(6))
        for _ in range(250):
            if table.pending is None:
                break
            for seat in (None, HOUSE, *range(6)):
                if seat == HOUSE and table.banker != HOUSE:
                    continue
                before, twin = table.view(seat), exchanged(table, seat, rng)
                assert twin.view(seat) == before
                assert decide(twin, seat, bots, exact) == decide(table, seat, bots, exact)
                text = json.dumps(before.to_json(), ensure_ascii=False)
                seen = [card.label for card in visible_cards(table, seat)]
                for hand, index in hidden_slots(table, seat):
                    card = table.shoe._cards[index] if hand == "shoe" else table.hands[hand][index]
                    if card.label not in seen:
                        assert card.label not in text, (seat, card)
                checked += 1
            decision = table.pending
            window = table.window(decision.seat)
            if decision.kind is DecisionKind.BANQUE_BANKER_DRAW:
                choice = table_banker_choice(window)
            else:
                choice = bots[decision.seat].choose(window)
            table.act(choice.kind, choice.amount, choice.side, seat=decision.seat)
    assert checked > 2000  # the property was tried at many moments, not vacuously
