"""The presentation of a seat-banked table (Chemin de Fer, the two Banques), from the user's view.

Everything here is a pure function of the user's seat view (``table.view(seat)``) and what the
felt is showing (:class:`Felt`): the seats round the table, the bank, the stakes, the hands'
captions, the pending decision's words. Who held a finished coup's cards comes from its record
(``CoupRecord.holders``); who holds each hand now from the view (``view.holders``).

>>> from baccarat_lessons.engine.driver import Driver
>>> driver = Driver("banque-limitee", seed=2)
>>> shown = seated_presentation(driver.table.view(0), Felt())
>>> [hand.label for hand in shown.hands], shown.hands[2].caption
(['Left tableau', 'Banker', 'Right tableau'], "Captain: You · on the banker's right")
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType

from ...engine.driver import NO_NEXT_COUP_TABLE_OVER, NO_NEXT_COUP_YOUR_TURN
from ...engine.events import Hand
from ...engine.seated.decisions import HOUSE, ActionKind
from ...engine.variants import VARIANTS
from .decision_words import DEFAULT_AMOUNT, TOOLTIPS, decision_notes, refused_choices, situation
from .seats import ABOVE, BELOW, bank_text, last_coup_stakes, seat_panel, status_items
from ..surface.scene import CARD_WORDS, SUIT_OUTLINES, speeds
from ..presentation import Chip, HandLabel, HandStake, Layout, Presentation, control

IDLE_TEXT = "Each card, each bet and each decision of the coup will appear here."
HAND_NAMES = {Hand.PLAYER: "Players", Hand.BANKER: "Banker", Hand.RIGHT: "Right tableau", Hand.LEFT: "Left tableau"}
# Under each tableau, whose right or left it is (the felt shows them as the banker sees them).
SIDE_NOTES = {Hand.RIGHT: " · on the banker's right", Hand.LEFT: " · on the banker's left"}


def hand_order(variant) -> tuple[Hand, ...]:
    """The hands as the felt lays them out, left to right: the players' hand and the bank; or, as the
    banker sees them from the middle of the table, the left tableau, the bank, the right tableau."""
    hands = variant.player_hands
    return (hands[0], Hand.BANKER) if len(hands) == 1 else (Hand.LEFT, Hand.BANKER, Hand.RIGHT)


@dataclass(frozen=True)
class Felt:
    """What the felt shows besides the view: the finished coup whose cards are still on it (its
    record and the hands as the view showed them then), each bot's reason in the coup on the felt,
    the exact banker's hint and the deal speed."""

    played: object = None  # the CoupRecord whose cards are on the felt
    played_hands: tuple = ()
    reasons: MappingProxyType = field(default_factory=lambda: MappingProxyType({}))
    hint: str = ""
    speed: str = "normal"

    def on_felt(self, view) -> bool:
        return self.played is not None and view.hands == self.played_hands


def who(view, seat: int) -> str:
    """A seat's name on the user's screen: 'You' for theirs, 'The house' for the casino."""
    return "The house" if seat == HOUSE else view.seats[seat].name


def caption(view, hand: Hand, now: int | None, played: int | None) -> str:
    """Under a hand: who holds it, in the words of the seat panels' roles; under a finished coup's
    cards whose holder has changed since, who played them and where they went."""
    role = "Banker" if hand is Hand.BANKER else ("Punter" if hand is Hand.PLAYER else "Captain")
    side = SIDE_NOTES.get(hand, "")
    if played is not None and now is not None and played != now:
        goes = "the bank passes" if hand is Hand.BANKER else "the cards pass"
        return f"{role} this coup: {who(view, played)}; {goes} to {who(view, now)}{side}"
    holder = played if played is not None else now
    return "" if holder is None else f"{role}: {who(view, holder)}{side}"


def hand_labels(view, felt: Felt) -> tuple[HandLabel, ...]:
    """The hands' labels and captions: under a finished coup's cards, who held them then; once they
    are gone, who holds the hands now."""
    played = felt.played.holders if felt.on_felt(view) else {}
    labels = []
    for hand in hand_order(VARIANTS[view.variant]):
        now = view.holder(hand.value)
        dealt = next((shown for shown in view.hands if shown.hand == hand.value), None)
        holder = dealt.holder if dealt is not None else now
        label = HAND_NAMES[hand]
        labels.append(HandLabel(hand.value, hand.name.lower(), label, caption(view, hand, now, played.get(hand)),
                                f"{label} {'win' if hand is Hand.PLAYER else 'wins'}", holder is not None and holder == view.viewer))
    return tuple(labels)


def seated_presentation(view, felt: Felt, shared: bool = False, countdown: tuple[int, str] | None = None) -> Presentation:
    """The presentation of a seat-banked table for the user's ``view`` (``view.viewer``'s seat; an onlooker's
    at a projector). At a table ``shared`` with other people (a class's) nobody moves the bots on or starts a
    new session: the table plays on by itself, and ``countdown`` is (seconds left, the words with ``{s}``
    where they go) for the decision the table waits for."""
    turn = view.turn
    yours = turn is not None and view.viewer is not None and turn.seat == view.viewer
    controls = []
    if not shared:
        controls.append(control("NEXT", "Next coup", "bl-next-coup",
                                None if not yours and turn is not None else NO_NEXT_COUP_YOUR_TURN if turn is not None
                                else NO_NEXT_COUP_TABLE_OVER, "Let the bots play on until it is your turn.", primary=True))
    if yours and turn.kind == "BANQUE_BANKER_DRAW":
        controls.append(control("HINT", "Exact banker's view", "bl-hint", None,
                                "What drawing and standing are each worth to the bank, counted exactly."))
    if not shared:
        controls.append(control("NEW_SESSION", "New session", "bl-new-session", None,
                                "Start again: 100 chips at every seat and a fresh shoe."))
    last = last_coup_stakes(felt.played) if not view.stakes and felt.played is not None else {}
    stakes = VARIANTS[view.variant].stakes
    refused = refused_choices(view)
    return Presentation(
        layout=Layout.SEATED, variant=view.variant, hands=hand_labels(view, felt), suits=SUIT_OUTLINES,
        words=CARD_WORDS, status=tuple((key, text) for key, text in status_items(view)),
        seats=tuple(seat_panel(view, index, felt.reasons, last) for index in range(len(view.seats))),
        seats_above=ABOVE, seats_below=BELOW, bank=bank_text(view, felt.played if not view.stakes else None),
        bank_amount=view.bank if view.banker not in (None, HOUSE) else 0,
        stakes=tuple(HandStake(stake.hand, stake.amount, who(view, stake.seat)) for stake in view.stakes),
        chips=tuple(Chip(value, True, f"Put {value} in the box.") for value in stakes),
        chip=stakes[0], denominations=tuple(sorted({1, *stakes})), default_amounts=DEFAULT_AMOUNT,
        tooltips=TOOLTIPS, controls=tuple(controls),
        situation=situation(view) if turn is not None and turn.actions else "",
        refused=tuple(refused), notes=tuple(decision_notes(view, refused)), amount_kinds=tuple(kind.name for kind in ActionKind if kind.takes_amount),
        hint=felt.hint, speed=felt.speed, speeds=speeds(), idle=IDLE_TEXT,
        countdown=countdown[0] if countdown else None, countdown_text=countdown[1] if countdown else "",
    )
