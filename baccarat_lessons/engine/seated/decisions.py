"""Pending decisions at a seat-banked table: who must act and what they may do.

The table always knows its next :class:`Decision` (``table.pending``): the seat
that must act, what kind of choice it is, and the legal :class:`Action` objects.
A UI enables one button per legal action; a bot picks one of them. An action the
rules force is still listed (alone), with ``forced=True`` and the reason, so the
student sees *why* there is only one button.

>>> from baccarat_lessons.engine.drawing import CHEMIN_DE_FER
>>> decision = Decision(3, DecisionKind.PUNTER_DRAW, hand_actions(CHEMIN_DE_FER, 0, False), hand=Hand.PLAYER)
>>> decision.is_forced, decision.actions[0].label
(True, 'Carte (draw)')
>>> decision.actions[0].reason
'A punter must draw on 0.'
>>> decision.action_for(ActionKind.STAND) is None
True
"""

from __future__ import annotations

from typing import Iterable, NamedTuple

from ..bets import BetSpot
from ..drawing import DrawingRules
from ..events import Hand
from ..keys import IdentityHashed

HOUSE = -1  # the seat number of the casino's permanent bank (Banque limitée)


class Phase(IdentityHashed):
    """Where a coup stands. A table at rest is in one of the phases that wait for a decision."""

    BANKING = "banking"  # a seat is offered the bank and chooses its amount
    BETTING = "betting"  # banco, then bets in seat order
    DEALING = "dealing"  # passing through: cards go out face down
    DECISIONS = "decisions"  # carte or non, captains, then the banker
    SETTLEMENT = "settlement"  # passing through: bets paid, collected, returned
    ROTATION = "rotation"  # after a coup: the banker continues, passes or retires
    OVER = "over"  # nobody can go on


class DecisionKind(IdentityHashed):
    """What the seat is deciding; the value is a prompt a UI can show."""

    OFFER_BANK = "take the bank, and with how many chips"
    KEEP_BANK = "continue with the bank or give it up"
    BANCO = "call banco (cover the whole bank) or not"
    BET = "bet against the bank, and how much"
    PUNTER_DRAW = "say carte (draw) or non (stand) for the players' hand"
    BANKER_DRAW = "draw or stand for the bank (Chemin de Fer table)"
    CAPTAIN_DRAW = "draw or stand for this tableau"
    BANQUE_BANKER_DRAW = "draw or stand for the bank (free choice)"
    LAYOUT = "place your bets, then deal"  # Punto Banco and Mini: every drawing decision is automated


class ActionKind(IdentityHashed):
    """Every action a seat can take; the value is the button label."""

    OPEN_BANK = "Take the bank"
    DECLINE_BANK = "Decline the bank"
    CONTINUE_BANK = "Continue (stake the whole bank)"
    PASS_BANK = "Pass the bank"
    RETIRE = "Retire from the bank"
    BANCO = "Banco!"
    DECLINE_BANCO = "No banco"
    BET = "Bet"
    NO_BET = "No bet"
    DRAW = "Draw"
    STAND = "Stand"
    # Punto Banco and Mini: the layout's actions (the cards then follow the fixed rules).
    UNDO = "Undo chip"
    CLEAR = "Clear"
    REBET = "Rebet"
    DEAL = "Deal"

    @property
    def takes_amount(self) -> bool:
        return self in (ActionKind.OPEN_BANK, ActionKind.BET)


class Action(NamedTuple):
    """One legal action. ``min_amount``/``max_amount`` bound the chips for a bet or a bank;
    any whole number of chips between them is legal, and so is exactly ``max_amount``
    (amounts in hundredths of a chip)."""

    kind: ActionKind
    label: str
    forced: bool = False
    reason: str = ""
    side: Hand | BetSpot | None = None  # Banque: which tableau a bet backs; Punto Banco: its spot
    min_amount: int | None = None  # hundredths of a chip
    max_amount: int | None = None

    def __str__(self) -> str:
        return self.label


class Decision(NamedTuple):
    """The decision the table waits for: ``seat`` (``HOUSE`` for the casino) must pick one of ``actions``."""

    seat: int
    kind: DecisionKind
    actions: tuple[Action, ...]
    hand: Hand | None = None  # the hand being decided on, for draw decisions

    @property
    def is_forced(self) -> bool:
        """True when the rules leave exactly one action, which the seat still confirms."""
        return len(self.actions) == 1 and self.actions[0].forced

    @property
    def prompt(self) -> str:
        return f"Decide: {self.kind.value}."

    def action_for(self, kind: ActionKind, side: object = None) -> Action | None:
        """The legal action of this kind (and side, for Banque bets), or None."""
        for action in self.actions:
            if action.kind is kind and (side is None or action.side is side):
                return action
        return None


def hand_choice_situation(rules: DrawingRules, total: int, represents_others: bool) -> str:
    """Which choices a punter or captain has on ``total`` under ``rules`` (a DrawingRules):
    ``"must draw on 0"``, ``"representing: draw"`` / ``"representing: stand"`` (playing for
    other bettors binds them to the guidance, except on the free total), or ``"free"``.

    >>> from baccarat_lessons.engine.drawing import CHEMIN_DE_FER
    >>> [hand_choice_situation(CHEMIN_DE_FER, t, True) for t in (0, 3, 5, 6)]
    ['must draw on 0', 'representing: draw', 'free', 'representing: stand']
    >>> hand_choice_situation(CHEMIN_DE_FER, 3, False)
    'free'
    """
    if total in rules.player_forced_on:
        return "must draw on 0"
    if represents_others and total not in rules.player_optional_on:
        return "representing: draw" if total in rules.player_draws_on else "representing: stand"
    return "free"


def totals_words(totals: Iterable[int]) -> str:
    """'0 to 4', '5', '6 or 7', '1, 3 or 5' for a set of totals."""
    values = sorted(totals)
    if not values:
        return "no total"
    if len(values) == 1:
        return str(values[0])
    if values == list(range(values[0], values[-1] + 1)):
        return f"{values[0]} or {values[1]}" if len(values) == 2 else f"{values[0]} to {values[-1]}"
    return ", ".join(map(str, values[:-1])) + f" or {values[-1]}"


def hand_choice_rules(rules: DrawingRules, who: str = "A punter") -> tuple[str, ...]:
    """The rule :func:`hand_choice_situation` applies, in sentences read from ``rules``
    (a DrawingRules): the rules pages, the lessons and the engine's reasons all say it
    from the same data.

    >>> from baccarat_lessons.engine.drawing import CHEMIN_DE_FER
    >>> for sentence in hand_choice_rules(CHEMIN_DE_FER, "A captain"):
    ...     print(sentence)
    A captain must draw on 0.
    The guidance: draw on 0 to 4, stand on 6 or 7, and choose on 5.
    A captain who plays for other bettors too follows the guidance, so has a real choice only on 5.
    A captain who plays alone chooses freely on 1 to 7.
    """
    non_naturals = set(range(8))
    forced = set(rules.player_forced_on)
    stands = non_naturals - set(rules.player_draws_on) - set(rules.player_optional_on)
    free_alone = non_naturals - forced
    return (
        f"{who} must draw on {totals_words(forced)}.",
        f"The guidance: draw on {totals_words(rules.player_draws_on)}, stand on {totals_words(stands)}, "
        f"and choose on {totals_words(rules.player_optional_on)}.",
        f"{who} who plays for other bettors too follows the guidance, so has a real choice only on "
        f"{totals_words(rules.player_optional_on)}.",
        f"{who} who plays alone chooses freely on {totals_words(free_alone)}.",
    )


def hand_actions(rules: DrawingRules, total: int, represents_others: bool, role: str = "punter") -> tuple[Action, ...]:
    """The legal draw/stand actions of a punter (``role="punter"``) or a captain on ``total``
    under ``rules`` (a DrawingRules), each forced one with its reason, told from the data.

    >>> from baccarat_lessons.engine.drawing import CHEMIN_DE_FER
    >>> [action.label for action in hand_actions(CHEMIN_DE_FER, 5, True)]
    ['Carte (draw)', 'Non (stand)']
    >>> print(hand_actions(CHEMIN_DE_FER, 3, True, "captain")[0].reason)
    Playing for other bettors too, the captain follows the guidance: draw on 0 to 4.
    """
    free_choice = PUNTER_CHOICE if role == "punter" else CAPTAIN_CHOICE
    draw, stand = (action.label for action in free_choice)
    situation = hand_choice_situation(rules, total, represents_others)
    if situation == "must draw on 0":
        return (Action(ActionKind.DRAW, draw, True, f"A {role} must draw on {totals_words(rules.player_forced_on)}."),)
    if situation == "representing: draw":
        return (Action(ActionKind.DRAW, draw, True, f"Playing for other bettors too, the {role} follows the "
                                                    f"guidance: draw on {totals_words(rules.player_draws_on)}."),)
    if situation == "representing: stand":
        stands = set(range(8)) - set(rules.player_draws_on) - set(rules.player_optional_on)
        return (Action(ActionKind.STAND, stand, True, f"Playing for other bettors too, the {role} follows the "
                                                      f"guidance: stand on {totals_words(stands)}."),)
    return free_choice


def banker_forced(kind: ActionKind, total: int, third_value: int | None, rules: DrawingRules) -> Action:
    """The single action a Chemin de Fer banker's table cell forces, with the cell as its reason."""
    verb = "draw" if kind is ActionKind.DRAW else "stand"
    if third_value is None:
        why = (f"The players stood and the banker has {total}: the table says {verb} "
               f"(draw on {totals_words(rules.banker_draws_when_player_stood)}).")
    else:
        why = f"The banker has {total} and the players' third card is worth {third_value}: the table says {verb}."
    return Action(kind, kind.value, True, why)


# A punter's or a captain's free choice: the same two actions every time.
PUNTER_CHOICE = (Action(ActionKind.DRAW, "Carte (draw)"), Action(ActionKind.STAND, "Non (stand)"))
CAPTAIN_CHOICE = (Action(ActionKind.DRAW, "Draw"), Action(ActionKind.STAND, "Stand"))
BANKER_OPTIONAL_CELL = (
    Action(ActionKind.DRAW, "Draw", reason="An optional cell: the banker chooses."),
    Action(ActionKind.STAND, "Stand", reason="An optional cell: the banker chooses."),
)
BANQUE_BANKER_CHOICE = (
    Action(ActionKind.DRAW, "Draw", reason="The Banque banker chooses freely."),
    Action(ActionKind.STAND, "Stand", reason="The Banque banker chooses freely."),
)
CONTINUE = Action(ActionKind.CONTINUE_BANK, ActionKind.CONTINUE_BANK.value)
PASS = Action(ActionKind.PASS_BANK, ActionKind.PASS_BANK.value)
RETIRE = Action(ActionKind.RETIRE, ActionKind.RETIRE.value)
RETIRE_FORCED = Action(
    ActionKind.RETIRE, ActionKind.RETIRE.value, True, "The bank is empty, so the banker must retire.",
)
DECLINE_BANK = Action(ActionKind.DECLINE_BANK, ActionKind.DECLINE_BANK.value)
DECLINE_BANCO = Action(ActionKind.DECLINE_BANCO, ActionKind.DECLINE_BANCO.value)
NO_BET = Action(ActionKind.NO_BET, ActionKind.NO_BET.value)
