"""Illustrated guides of the seat-banked variants: the scripted coup with its decisions explained.

The coup is the page's script (``guide_cards`` and ``guide_choices`` in
:mod:`baccarat_lessons.content`), played on a stacked shoe by the real table
engine (:func:`baccarat_lessons.widgets.app.guide_round.guide_events`), so the
guide, the live table and the rules share one implementation. Before each
choice the guide adds a step that says what the deciding seat sees, what the
rules allow and why: the engine's reason when the choice is forced, the
freedom the rules leave otherwise, and for a Banque banker the exact expected
value of drawing and of standing. At that step the holder's face-down cards are
shown (dashed) as the holder sees them.

>>> from baccarat_lessons.content import variant_page
>>> guide = SeatedGuide(variant_page("chemin-de-fer"))
>>> notes = [step.text for step in guide.steps if isinstance(step.event, GuideNote)]
>>> print(notes[1])
Bot 1, the punter, looks at the players' two face-down cards: 2♣ 3♦, total 5. On 5 the rules leave the punter free to draw or stand.
>>> print(notes[2])  # doctest: +ELLIPSIS
You, the banker, look at the bank's cards: K♥ 3♠, total 3, and see the players' third card, the 9♥... the banker decides.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace

from ...analysis.banque_banker import BankerView, banker_values
from ...engine.events import CardDealt, Event, Hand
from ...engine.money import CHIP, show_chips
from ...engine.seated import DecisionKind
from ...engine.seated.decisions import hand_choice_rules
from ...engine.seated.events import BettingClosed
from ...engine.seated.view import CardView
from ...engine.variants import variant_named
from ..app.guide_round import guide_events
from ..drawing_table import DrawingTableView
from ..guide import IllustratedGuide
from .table import HAND_NAMES, HAND_ORDERS, SIDE_NOTES

DRAW_DECISIONS = (DecisionKind.PUNTER_DRAW, DecisionKind.BANKER_DRAW, DecisionKind.CAPTAIN_DRAW,
                  DecisionKind.BANQUE_BANKER_DRAW)


@dataclass(frozen=True)
class GuideNote(Event):
    """A sentence the guide adds between a coup's events; ``hand`` is the hand it is about."""

    sentence: str
    hand: Hand | None = None

    @property
    def text(self) -> str:
        return self.sentence


def _cards(cards) -> str:
    return " ".join(card.label for card in cards)


def _who(table, seat: int) -> str:
    """A seat's name in the guide, which is told to you (seat 0)."""
    return "The house" if seat < 0 else "You" if seat == 0 else table.name_of(seat)


def _verb(who: str, verb: str) -> str:
    return verb if who == "You" else verb + ("es" if verb.endswith("s") else "s")


def _full_shoe_unseen(window) -> tuple[int, ...]:
    """Cards of each value the banker has not seen, out of a full shoe of the table's decks:
    the guide's stacked shoe holds only the script's cards, which would mislead the count."""
    decks = window.variant.decks
    counts = [16 * decks] + [4 * decks] * 9
    for hand in window.hands():
        for card in window.cards(hand):
            if card is not None:
                counts[card.value] -= 1
    return tuple(counts)


def decision_note(table, decision) -> str:
    """What the deciding seat sees, what the rules allow and why, before a draw or stand —
    read from that seat's window, so the guide tells only what the seat may know."""
    window = table.window(decision.seat)
    who = _who(table, decision.seat)
    kind = decision.kind
    hand = decision.hand or Hand.BANKER
    cards, total = window.cards(hand)[:2], window.total(hand)
    forced = decision.actions[0].reason if decision.is_forced else None
    if kind in (DecisionKind.PUNTER_DRAW, DecisionKind.CAPTAIN_DRAW):
        role = "the punter" if kind is DecisionKind.PUNTER_DRAW else f"captain of the {hand.value.lower()}"
        whose = "the players'" if kind is DecisionKind.PUNTER_DRAW else "the tableau's"
        seen = f"{who}, {role}, {_verb(who, 'look')} at {whose} two face-down cards: {_cards(cards)}, total {total}."
        if forced:
            return f"{seen} No choice here: {forced}"
        if total in window.drawing.player_optional_on:
            chooser = "punter" if kind is DecisionKind.PUNTER_DRAW else "captain"
            return f"{seen} On {total} the rules leave the {chooser} free to draw or stand."
        return f"{seen} Playing alone, the choice is free; {hand_choice_rules(window.drawing)[1][:1].lower()}" \
               f"{hand_choice_rules(window.drawing)[1][1:]}"
    if kind is DecisionKind.BANKER_DRAW:
        third = window.third_card(Hand.PLAYER)
        sight = (f"the players' third card, the {third.label} (worth {third.value}), but not "
                 "their first two" if third else "that the players stood")
        seen = (f"{who}, the banker, {_verb(who, 'look')} at the bank's cards: {_cards(cards)}, total {total}, "
                f"and {_verb(who, 'see')} {sight}.")
        if forced:
            return f"{seen} No choice here: {forced}"
        return (f"{seen} Banker {total} against a third card worth {third.value} is one of the "
                "table's two optional cells: the banker decides.")
    # The Banque banker: free, with the exact values of lesson 14 (game theory) as a yardstick.
    sights = []
    results = window.results
    for side in window.variant.player_hands:
        name = side.value.split()[0].lower()
        if side in results:
            sights.append(f"the {name} tableau is settled (natural)")
            continue
        drew = window.third_card(side)
        action = f"drew the {drew.label}" if drew else "stood"
        sights.append(f"the {name} {action} with {show_chips(window.staked_on(side))} staked on it")
    seen = (f"{who} {_verb(who, 'hold')} the bank's {_cards(cards)}, total {total}, and {_verb(who, 'see')} that "
            f"{' and '.join(sights)}; the tableaux's first two cards stay hidden.")
    view = BankerView.of_window(window)
    values = banker_values(replace(view, unseen=_full_shoe_unseen(window)))
    best = "draw" if values.draws else "stand"
    both = " (both sides together, the settled one included)" if results else " (both sides together)"
    return (f"{seen} The Banque banker chooses freely. Counted exactly over a fresh {window.variant.decks}-deck shoe "
            f"(lesson 14), drawing is worth {values.draw / CHIP:+.2f} chips to the bank and standing "
            f"{values.stand / CHIP:+.2f}{both}: the better choice is to {best}.")


def guided_coup(page):
    """The page's scripted coup with a :class:`GuideNote` before each choice (and one naming
    the stakes), the hand each note shows face up, and who holds each hand."""
    notes: dict[int, tuple[GuideNote, Hand]] = {}  # id of the event a note follows -> (note, peeked hand)
    seen = {}

    def explain(table, decision):
        seen.setdefault("table", table)
        if decision.kind in DRAW_DECISIONS:
            hand = decision.hand or Hand.BANKER
            notes[id(table.events[-1])] = (GuideNote(decision_note(table, decision), hand), hand)
        if decision.kind in DRAW_DECISIONS and "holders" not in seen:
            seen["holders"] = {h: table.holder_of(h) for h in HAND_ORDERS[page.key]}

    events = guide_events(page, on_decision=explain)
    table = seen.get("table")
    stakes_note = _stakes_note(table) if table is not None else None
    guided, peeks = [], {}
    for event in events:
        guided.append(event)
        if isinstance(event, BettingClosed) and stakes_note:
            guided.append(stakes_note)
        if id(event) in notes:
            note, hand = notes[id(event)]
            peeks[len(guided)] = frozenset({hand})
            guided.append(note)
            peeks[len(guided)] = frozenset({hand})  # the choice itself, made looking at those cards
    holders = {}
    for hand, seat in seen.get("holders", {}).items():
        if seat is not None:
            role = "Banker" if hand is Hand.BANKER else "Punter" if hand is Hand.PLAYER else "Captain"
            holders[hand] = f"{role}: {_who(table, seat)}{SIDE_NOTES.get(hand, '')}"
    return guided, peeks, holders


def _stakes_note(table) -> GuideNote | None:
    record = table.last_coup
    if record is None or not record.stakes:
        return None
    by_hand: dict[Hand, list[str]] = {}
    for stake in record.stakes:
        by_hand.setdefault(stake.hand, []).append(f"{_who(table, stake.seat)} ({show_chips(stake.amount)})")
    parts = [f"on the {HAND_NAMES[hand].lower()}, {', '.join(bets)}" if hand is not Hand.PLAYER
             else f"against the bank, {', '.join(bets)}" for hand, bets in by_hand.items()]
    return GuideNote("The stakes: " + "; ".join(parts) + ".")


class SeatedGuide(IllustratedGuide):
    """The illustrated guide of a seat-banked variant page (``content.variant_page(key)``)."""

    def __init__(self, page):
        events, peeks, holders = guided_coup(page)
        # The guide is told to you (seat 0); at each choice it shows the chooser's cards (``peeks``)
        # as that seat sees them. The sentences give no hidden total away; the felt draws backs.
        variant = variant_named(page.key)
        hand_order = HAND_ORDERS[page.key]
        names = {hand: HAND_NAMES[hand] for hand in hand_order}
        self.peeks = peeks
        super().__init__(events, variant, page.guide_title, hand_order, names)
        self.captions = holders
        self.drawing_view = DrawingTableView(variant.drawing, "Punter" if Hand.PLAYER in hand_order else "Tableau")
        self.widget.add_class("bl-guide-seated")
        self._draw(move_focus=False)

    def felt_events(self, index: int) -> list[dict]:
        """As the base guide, but the hand a choice is about shows its face-down cards as its
        holder sees them (dashed, marked "holder"), with the holder's total."""
        events = super().felt_events(index)
        peeked = self.peeks.get(index, frozenset())
        for told, step in zip(events, self.steps):
            event = step.event
            if isinstance(event, CardDealt) and event.hand in peeked and not event.face_up:
                told["cards"] = [asdict(CardView.of(event.card, False))]
                told["total"] = event.total
        return events
