"""Illustrated guides of the seat-banked variants: the scripted coup with its decisions explained.

The coup is the page's script (``guide_cards`` and ``guide_choices`` in
:mod:`baccarat_lessons.content`), played on a stacked shoe by the real table
engine (:func:`baccarat_lessons.widgets.app.guide_round.guide_events`), so the
guide, the live table and the rules share one implementation. Before each
choice the guide adds a step. The guide is told to one seat (you, seat 0, unless
another is chosen; ``None`` for an onlooker), as the tables tell it (``view(seat)``):
at that seat's own choice the step says what it sees, what the rules allow and why
(the engine's reason when the choice is forced, the freedom the rules leave
otherwise, and for a Banque banker the exact expected value of drawing and of
standing), and its face-down cards are shown (dashed) as it sees them. At another
seat's choice the step says who decides and what that seat may know, never the
cards or the total the chosen seat cannot see.

>>> from baccarat_lessons.content import variant_page
>>> guide = SeatedGuide(variant_page("chemin-de-fer"))
>>> notes = [step.text for step in guide.steps if isinstance(step.event, GuideNote)]
>>> print(notes[1])
Bot 1, the punter, looks at the players' hand: two face-down cards that only the punter sees. Bot 1 decides whether to draw.
>>> print(notes[2])  # doctest: +ELLIPSIS
You, the banker, look at the bank's cards: K♥ 3♠, total 3, and see the players' third card, the 9♥... the banker decides.
>>> print(guide.steps[4].text)
The players' hand gets card 1, face down.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace

from ..analysis.banque_banker import BankerView, banker_values
from ..engine.events import CardDealt, Event, Hand
from ..engine.money import CHIP, show_chips
from ..engine.seated import DecisionKind
from ..engine.seated.decisions import hand_choice_rules
from ..engine.seated.events import BettingClosed
from ..engine.seated.view import CardView
from ..engine.variants import SEAT_BANKED, variant_named
from .app.guide_round import guide_events
from .drawing_table import BANQUE_NOTE, DrawingTableView
from .guide import IllustratedGuide
from .seat_banked_table.presentation import HAND_NAMES, SIDE_NOTES, hand_order as felt_order

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


def _who(table, seat: int, viewer: int | None = 0) -> str:
    """A seat's name in the guide told to ``viewer``: "You" to itself."""
    return "The house" if seat < 0 else "You" if seat == viewer else table.name_of(seat)


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


def public_note(table, decision, viewer: int | None = 0) -> str:
    """Another seat's choice as ``viewer`` sees it: who decides and what the decider may know,
    with no face-down card or total."""
    who = _who(table, decision.seat, viewer)
    kind = decision.kind
    hand = decision.hand or Hand.BANKER
    if kind in (DecisionKind.PUNTER_DRAW, DecisionKind.CAPTAIN_DRAW):
        role = "the punter" if kind is DecisionKind.PUNTER_DRAW else "the captain"
        whose = "the players' hand" if kind is DecisionKind.PUNTER_DRAW else f"the {hand.value.lower()}"
        return (f"{who}, {role}, {_verb(who, 'look')} at {whose}: two face-down cards that only {role} sees. "
                f"{who} {_verb(who, 'decide')} whether to draw.")
    if kind is DecisionKind.BANKER_DRAW:
        return (f"{who}, the banker, {_verb(who, 'look')} at the bank's two face-down cards and at any third card "
                f"the players took face up. {who} {_verb(who, 'decide')} whether to draw, as the table allows.")
    return (f"{who} {_verb(who, 'hold')} the bank, {_verb(who, 'see')} only the bank's two cards and the "
            f"tableaux's face-up third cards, and {_verb(who, 'choose')} freely whether to draw.")


def _signed_chips(hundredths) -> str:
    return f"{hundredths / CHIP:+.2f}".replace("-", "\u2212")


def decision_note(table, decision, viewer: int | None = 0) -> str:
    """What the deciding seat sees, what the rules allow and why, before a draw or stand —
    read from that seat's window, so the guide tells only what the seat may know."""
    window = table.window(decision.seat)
    who = _who(table, decision.seat, viewer)
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
        if side in results or side in window.naturals:
            sights.append(f"the {name} tableau showed a natural")
            continue
        drew = window.third_card(side)
        action = f"drew the {drew.label}" if drew else "stood"
        sights.append(f"the {name} {action} with {show_chips(window.staked_on(side))} staked on it")
    seen = (f"{who} {_verb(who, 'hold')} the bank's {_cards(cards)}, total {total}, and {_verb(who, 'see')} that "
            f"{' and '.join(sights)}; the tableaux's first two cards stay hidden.")
    view = BankerView.of_window(window)
    values = banker_values(replace(view, unseen=_full_shoe_unseen(window)))
    best = "draw" if values.draws else "stand"
    both = " (both sides together, the natural included)" if results or window.naturals else " (both sides together)"
    return (f"{seen} The Banque banker chooses freely. Counted exactly over a {window.variant.decks}-deck shoe less "
            f"the cards the bank can see (lesson 14), drawing is worth {_signed_chips(values.draw)} chips to the bank and standing "
            f"{_signed_chips(values.stand)}{both}: the better choice is to {best}.")


def guided_coup(page, seat: int | None = 0):
    """The page's scripted coup told to ``seat``, with a :class:`GuideNote` before each choice
    (and one naming the stakes), the hand each of ``seat``'s own choices shows face up, and who
    holds each hand."""
    notes: dict[int, tuple[GuideNote, Hand]] = {}  # id of the event a note follows -> (note, peeked hand)
    seen = {}

    def explain(table, decision):
        seen.setdefault("table", table)
        if decision.kind in DRAW_DECISIONS:
            hand = decision.hand or Hand.BANKER
            own = seat is not None and decision.seat == seat
            note = decision_note(table, decision, seat) if own else public_note(table, decision, seat)
            notes[id(table.events[-1])] = (GuideNote(note, hand), hand if own else None)
        if decision.kind in DRAW_DECISIONS and "holders" not in seen:
            seen["holders"] = {h: table.holder_of(h) for h in felt_order(SEAT_BANKED[page.key])}

    events = guide_events(page, on_decision=explain)
    table = seen.get("table")
    stakes_note = _stakes_note(table, seat) if table is not None else None
    guided, peeks = [], {}
    for event in events:
        guided.append(event)
        if isinstance(event, BettingClosed) and stakes_note:
            guided.append(stakes_note)
        if id(event) in notes:
            note, hand = notes[id(event)]
            if hand is not None:
                peeks[len(guided)] = frozenset({hand})
            guided.append(note)
            if hand is not None:
                peeks[len(guided)] = frozenset({hand})  # the choice itself, made looking at those cards
    holders = {}
    for hand, holder in seen.get("holders", {}).items():
        if holder is not None:
            role = "Banker" if hand is Hand.BANKER else "Punter" if hand is Hand.PLAYER else "Captain"
            holders[hand] = f"{role}: {_who(table, holder, seat)}{SIDE_NOTES.get(hand, '')}"
    return guided, peeks, holders


def _stakes_note(table, viewer: int | None = 0) -> GuideNote | None:
    record = table.last_coup
    if record is None or not record.stakes:
        return None
    by_hand: dict[Hand, list[str]] = {}
    for stake in record.stakes:
        by_hand.setdefault(stake.hand, []).append(f"{_who(table, stake.seat, viewer)} ({show_chips(stake.amount)})")
    parts = [f"on the {HAND_NAMES[hand].lower()}, {', '.join(bets)}" if hand is not Hand.PLAYER
             else f"against the bank, {', '.join(bets)}" for hand, bets in by_hand.items()]
    return GuideNote("The stakes: " + "; ".join(parts) + ".")


def _players_words(text: str) -> str:
    """A sentence naming the Chemin de Fer hand the way the table does: the players' hand."""
    return "The players' hand " + text[len("Player "):] if text.startswith("Player ") else text


def _in_players_words(step):
    return replace(step, text=_players_words(step.text), texts=tuple(map(_players_words, step.texts)))


class SeatedGuide(IllustratedGuide):
    """The illustrated guide of a seat-banked variant page (``content.variant_page(key)``), told
    to ``seat`` (you, seat 0, by default; ``None`` for an onlooker)."""

    def __init__(self, page, seat: int | None = 0):
        events, peeks, holders = guided_coup(page, seat)
        # At the chosen seat's own choices, and as its own cards are dealt, the felt shows its cards
        # (``peeks``) as it sees them; everywhere else face-down cards are backs and no sentence gives a
        # hidden total away.
        variant = variant_named(page.key)
        hand_order = felt_order(SEAT_BANKED[page.key])
        names = {hand: HAND_NAMES[hand] for hand in hand_order}
        self.seat = seat
        self.peeks = peeks
        super().__init__(events, variant, page.guide_title, hand_order, names, reader=seat)
        # A card dealt face down to the seat's own hand is named in its sentence ("you look at it, the
        # 2♠"): at that step the felt shows it as its holder sees it too, not a back under those words.
        for step in self.steps:
            event = step.event
            if isinstance(event, CardDealt) and not event.face_up and seat is not None and event.holder == seat:
                peeks[step.index] = peeks.get(step.index, frozenset()) | {event.hand}
        if Hand.PLAYER in hand_order:
            self.steps = [_in_players_words(step) for step in self.steps]
        self.captions = holders
        banque = Hand.PLAYER not in hand_order
        self.drawing_view = DrawingTableView(variant.drawing, "Tableau" if banque else "Punter",
                                             note=BANQUE_NOTE if banque else "")
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
