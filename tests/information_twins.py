"""Twin deals for the information-set tests: two coups that differ in a hidden hand's cards *and
total*, with the same public history, compared on everything a seat is shown.

A game is played by the bots on a stacked shoe fixed by its seed. At each decision of a coup,
for a reader (a seat, or ``None`` for an onlooker), a *twin* is the same coup dealt again from
the state just before its cards went out, with one face-down card of a hand the reader cannot
see exchanged for a card of another value further down the shoe — so that hand's total differs.
The coup's actions so far are taken again on the twin, seat by seat; a twin where one of them is
refused, or that waits on another decision (a natural appeared, a forced draw became a forced
stand), differs in public and is not a twin. Whatever is left is a deal the reader cannot tell
from the real one, so everything the reader is shown must be equal on both.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from dataclasses import dataclass, field

from baccarat_lessons.analysis.banque_banker import ExactBanqueBanker
from baccarat_lessons.engine.bots import make_bots, table_banker_choice
from baccarat_lessons.engine.cards import full_deck
from baccarat_lessons.engine.errors import BaccaratError
from baccarat_lessons.engine.seated import HOUSE, DecisionKind
from baccarat_lessons.engine.shoe import Shoe
from baccarat_lessons.engine.tables import new_table
from baccarat_lessons.engine.variants import SEAT_BANKED

DRAW_KINDS = (DecisionKind.PUNTER_DRAW, DecisionKind.BANKER_DRAW, DecisionKind.CAPTAIN_DRAW,
              DecisionKind.BANQUE_BANKER_DRAW)
LOW_SHOE = 24  # stop a game before its stacked shoe could run short in a coup


DECK = full_deck()  # every game here deals these 52 cards (repeated per deck): cards are immutable values


def copied(thing):
    """A deep copy that shares the immutable cards (copying them again is most of a table's copy)."""
    return copy.deepcopy(thing, {id(card): card for card in DECK})


def seeded_order(variant, seed: int) -> list:
    """The whole shoe of ``variant`` in an order fixed by ``seed``."""
    cards = DECK * SEAT_BANKED[variant].decks
    random.Random(f"{variant}-{seed}").shuffle(cards)
    return cards


def stacked_table(variant, cards):
    return new_table(SEAT_BANKED[variant], shoe=Shoe.stacked(list(cards), decks=SEAT_BANKED[variant].decks),
                     history_limit=1)


def role_of(table, reader) -> str:
    """A name for what ``reader`` is at this moment: 'onlooker', 'house', or its roles joined."""
    if reader is None:
        return "onlooker"
    if reader == HOUSE:
        return "house"
    roles = table.view(reader).seats[reader].roles
    return "+".join(sorted(role.value.split(" of ")[0] for role in roles)) or "seated"


def hidden_slots(table, reader) -> list:
    """(hand, index) of every face-down card ``reader`` cannot see."""
    return [(hand, index) for hand, cards in table.hands.items() if not table.can_see(reader, hand)
            for index in range(min(2, len(cards)))]


def deal_position(variant, hand, index: int) -> int:
    """Where the ``index``-th card of ``hand`` lies among the cards the coup's deal takes."""
    order = SEAT_BANKED[variant].deal_order
    return [position for position, dealt in enumerate(order) if dealt is hand][index]


@dataclass
class Moment:
    """A decision of a game: the coup's state before its deal, the coup's actions since, the
    table now and the bots as they stand (copied: asking them spends nothing)."""

    variant: str
    seed: int
    step: int
    before_deal: object
    actions: list
    table: object
    bots: dict

    def where(self, reader) -> str:
        return (f"{self.variant}, shoe seed {self.seed}, step {self.step}, reader {reader} "
                f"({role_of(self.table, reader)}), waiting on {self.table.pending.kind.name}")


def game_moments(variant, seed: int, steps: int):
    """Yield a :class:`Moment` at every draw-or-stand decision of a bot-only game on a stacked shoe."""
    table = stacked_table(variant, seeded_order(variant, seed))
    bots = make_bots(seed, seats=range(6))
    before_deal, actions = None, []
    for step in range(steps):
        decision = table.pending
        if decision is None or table.shoe.remaining_count < LOW_SHOE:
            return
        if decision.kind in DRAW_KINDS:
            yield Moment(variant, seed, step, before_deal, list(actions), table, bots)
        # The state before a bet or a bank decision: the one that closes the bets also deals the coup.
        state = copied(table) if decision.kind not in DRAW_KINDS else None
        choice = bot_choice(table, bots, decision)
        table.act(choice.kind, choice.amount, choice.side, seat=decision.seat)
        if state is not None and table.phase.value == "decisions":
            before_deal, actions = state, []
        actions.append((decision.seat, choice.kind, choice.amount, choice.side))


def bot_choice(table, bots, decision):
    window = table.window(decision.seat)
    if decision.kind is DecisionKind.BANQUE_BANKER_DRAW:
        return table_banker_choice(window)
    return bots[decision.seat].choose(window)


def replayed(before_deal, actions, cards):
    """The coup dealt from ``cards`` (what the shoe holds just before the deal), its actions taken
    again seat by seat; None when one is refused."""
    twin = copied(before_deal)
    twin.shoe = Shoe.stacked(list(cards), decks=twin.variant.decks)
    try:
        for seat, kind, amount, side in actions:
            twin.act(kind, amount, side, seat=seat)
    except BaccaratError:
        return None
    return twin


def public_course(table) -> tuple:
    """What the rules make public as a coup goes: whose decision it is, and which hands are turned
    over (a natural is shown at once) or settled. A twin must agree on all of it."""
    pending = table.pending and (table.pending.seat, table.pending.kind)
    return pending, frozenset(table.revealed), frozenset(table.naturals), frozenset(table.results)


def twins_for(moment: Moment, reader, rng: random.Random, tries: int = 4) -> list:
    """Twins of ``moment`` for ``reader``: each a table whose hidden hand (to ``reader``) has another
    total, with the same public history. At most one per hidden card, ``tries`` candidates each."""
    table, start = moment.table, moment.before_deal
    if start is None:
        return []
    cards = start.shoe.remaining_cards
    used = sum(len(held) for held in table.hands.values())
    twins = []
    for hand, index in hidden_slots(table, reader):
        here = deal_position(moment.variant, hand, index)
        mine = cards[here]
        candidates = [at for at in range(used, len(cards)) if cards[at].value != mine.value]
        for at in rng.sample(candidates, min(tries, len(candidates))):
            swapped = list(cards)
            swapped[here], swapped[at] = swapped[at], swapped[here]
            twin = replayed(start, moment.actions, swapped)
            if twin is None or public_course(twin) != public_course(table):
                continue
            assert twin.hands[hand].total != table.hands[hand].total
            twins.append((hand, twin))
            break
    return twins


def decisions_of(table, seat, bots) -> list:
    """What the bot(s) at ``seat`` would decide now, with their reasons (from copies of the bots)."""
    decision = table.pending
    if decision is None or decision.seat != seat:
        return []
    window = table.window(seat)
    if decision.kind is DecisionKind.BANQUE_BANKER_DRAW:
        choices = [table_banker_choice(window), ExactBanqueBanker().choose(window)]
    else:
        choices = [copy.deepcopy(bots[seat]).choose(window)]
    return [(c.kind, c.amount, c.side, c.reason, c.public) for c in choices]


def what_others_hear(table, bots) -> dict:
    """The acting bot's choice as every other reader is told it (its public words)."""
    decision = table.pending
    choice = bot_choice(table, {decision.seat: copy.deepcopy(bots[decision.seat])}, decision)
    revealed = frozenset(table.revealed)
    readers = [None, *range(len(table.seats))]
    return {"kind": choice.kind, **{str(reader): choice.told(reader, decision.seat, revealed)
                                    for reader in readers if reader != decision.seat}}


@dataclass
class TwinReport:
    """What a twin search checked and what differed."""

    checked: Counter = field(default_factory=Counter)  # (variant, role, decision kind) -> twins compared
    differences: list = field(default_factory=list)


def compare_twins(moment: Moment, reader, rng: random.Random, report: TwinReport) -> None:
    """Compare ``reader``'s view, its bot's decision and the acting bot's public words on the
    moment and each of its twins; record every difference with the moment that reproduces it."""
    table = moment.table
    view = table.view(reader)
    text = json.dumps(view.to_json(), ensure_ascii=False)
    seen = {card.label for hand in table.hands for card in table.visible_cards(reader, hand) if card is not None}
    for hand, index in hidden_slots(table, reader):
        card = table.hands[hand][index]
        if card.label not in seen and card.label in text:
            report.differences.append(f"{moment.where(reader)}: the view names the hidden {card.label}")
    for hand, twin in twins_for(moment, reader, rng):
        key = (moment.variant, role_of(table, reader), table.pending.kind.name)
        report.checked[key] += 1
        where = f"{moment.where(reader)}, twin: {hand.value} {table.hands[hand].total} -> {twin.hands[hand].total}"
        if twin.view(reader) != view:
            report.differences.append(f"{where}: the view differs\n{first_difference(view, twin.view(reader))}")
        if reader is not None and decisions_of(twin, reader, moment.bots) != decisions_of(table, reader, moment.bots):
            report.differences.append(f"{where}: the reader's bot decides or explains differently")
        acting = table.pending.seat
        if acting != reader and acting in moment.bots and twin.holder_of(hand) == acting:
            mine, theirs = what_others_hear(table, moment.bots), what_others_hear(twin, moment.bots)
            if mine["kind"] == theirs["kind"] and mine != theirs:
                report.differences.append(f"{where}: the acting bot says something else to others for the same choice")


def first_difference(one, other) -> str:
    """The first field that differs between two views, for a readable failure."""
    first, second = one.to_json(), other.to_json()
    for key in first:
        if first[key] != second[key]:
            if isinstance(first[key], list):
                for a, b in zip(first[key], second[key]):
                    if a != b:
                        return f"  {key}: {a!r}\n  twin: {b!r}"
            return f"  {key}: {first[key]!r}\n  twin: {second[key]!r}"
    return "  (no field differs)"


def search(variant, seeds, steps: int, readers_per_moment: int = 4) -> TwinReport:
    """Twin comparisons over bot-only games of ``variant``: at every decision, the onlooker, the
    seat that decides, the house (when it banks) and other seats drawn by a seeded coin, up to
    ``readers_per_moment`` readers."""
    rng = random.Random(f"twins-{variant}")
    report = TwinReport()
    for seed in seeds:
        for moment in game_moments(variant, seed, steps):
            table = moment.table
            readers = [None, table.pending.seat] + ([HOUSE] if table.banker == HOUSE else [])
            others = [seat for seat in range(len(table.seats)) if seat not in readers]
            readers += rng.sample(others, max(0, readers_per_moment - len(readers)))
            for reader in dict.fromkeys(readers):
                compare_twins(moment, reader, rng, report)
    return report
