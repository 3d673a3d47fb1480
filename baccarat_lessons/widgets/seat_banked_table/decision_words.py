"""The words around the user's decision at a seat-banked table, from the user's seat view.

``situation`` says in a sentence or two what the user knows when deciding; ``TOOLTIPS``
say what each action does. The table surface shows them beside the buttons it draws
from ``view.turn.actions`` (the legal actions, with the engine's labels and reasons).

>>> from baccarat_lessons.engine.money import CHIP
>>> from baccarat_lessons.engine.seated import CheminDeFerTable
>>> table = CheminDeFerTable(seed=3)
>>> situation(table.view(0))
'Put 1 to 100 chips in the bank; bets against you may add up to that much.'
"""

from __future__ import annotations

from ...engine.events import Hand
from ...engine.money import chips_phrase, chips_range, show_chips
from ...engine.seated import DecisionKind
from ...engine.seated.decisions import totals_words
from ...engine.variants import VARIANTS
from ..presentation import Refusal

TOOLTIPS = {
    "OPEN_BANK": "Put the chips in the box into the bank and hold it.",
    "DECLINE_BANK": "Let the next seat have the bank.",
    "CONTINUE_BANK": "Keep the bank: all of it is at stake next coup.",
    "PASS_BANK": "Give the bank up; what is in it returns to your chips.",
    "RETIRE": "Give the bank up; what is in it returns to your chips.",
    "BANCO": "Stake as much as the whole bank, alone against it.",
    "DECLINE_BANCO": "Do not call banco; bets go round the table.",
    "BET": "Bet the chips in the box against the bank.",
    "NO_BET": "Sit this coup out.",
    "DRAW": "Take a third card, face up.",
    "STAND": "Take no more cards.",
}
DEFAULT_AMOUNT = {"OPEN_BANK": 20, "BET": 10}  # chips in the amount box when a decision opens


# The choice a forced draw or stand takes away, shown refused beside it (label as the engine words it).
REFUSED = {"Carte (draw)": ("STAND", "Non (stand)"), "Non (stand)": ("DRAW", "Carte (draw)"),
           "Draw": ("STAND", "Stand"), "Stand": ("DRAW", "Draw"),
           "Retire from the bank": ("CONTINUE_BANK", "Continue (stake the whole bank)")}


def refused_choices(view) -> list[Refusal]:
    """Where the rules leave the user one choice, the other one, refused with the rules' reason.

    >>> from types import SimpleNamespace as NS
    >>> view = NS(turn=NS(actions=[NS(label="Draw", forced=True, reason="The table says draw.")]))
    >>> refused_choices(view)
    [Refusal(kind='STAND', label='Stand', reason='Not allowed here: The table says draw.')]
    """
    turn = view.turn
    if turn is None or len(turn.actions) != 1 or not turn.actions[0].forced or turn.actions[0].label not in REFUSED:
        return []
    only = turn.actions[0]
    kind, label = REFUSED[only.label]
    return [Refusal(kind, label, f"Not allowed here: {only.reason}")]


def decision_notes(view, refused: list[Refusal]) -> list[str]:
    """The sentences under the decision's buttons. Where the rules force the choice, one sentence names
    the ``refused`` choice and gives the rule once; otherwise each action's reason, once.

    >>> from types import SimpleNamespace as NS
    >>> view = NS(turn=NS(actions=[NS(label="Draw", forced=True, reason="The table says draw.")]))
    >>> decision_notes(view, refused_choices(view))
    ['Stand is not allowed here: The table says draw.']
    >>> decision_notes(NS(turn=NS(actions=[NS(label="Bet", forced=True, reason="Only bets remain.")])), [])
    ['Only one choice here: Only bets remain.']
    """
    turn = view.turn
    actions = turn.actions if turn is not None else ()
    if len(actions) == 1 and actions[0].forced:
        labels = " or ".join(choice.label for choice in refused)
        return [f"{labels} is not allowed here: {actions[0].reason}" if labels
                else f"Only one choice here: {actions[0].reason}"]
    notes = list(dict.fromkeys(action.reason for action in actions if action.reason))
    return notes + ([guidance_note(view)] if actions and DecisionKind[turn.kind] in FREE_HAND_CHOICES else [])


# A punter or captain whose draw is free: the engine offers both actions as equals.
FREE_HAND_CHOICES = (DecisionKind.PUNTER_DRAW, DecisionKind.CAPTAIN_DRAW)


def guidance_note(view) -> str:
    """What the table's guidance says on the user's total, when the rules leave the draw free: a free
    choice is not a coin toss, and the guidance is where a new punter starts."""
    rules = VARIANTS[view.variant].drawing
    total = view.hand(view.turn.hand).total
    if total in rules.player_optional_on:
        return f"The guidance leaves {total} to you: draw or stand."
    draws = set(rules.player_draws_on)
    stands = set(range(8)) - draws - set(rules.player_optional_on)
    advice = "draw" if total in draws else "stand"
    return (f"The guidance on {total} is to {advice} (draw on {totals_words(draws)}, stand on {totals_words(stands)}); "
            "you play for yourself alone, so the choice is yours.")


def _cards(cards) -> str:
    return " ".join(card.label for card in cards)


def situation(view) -> str:
    """What the user knows when deciding, in one or two sentences, from the user's seat view."""
    turn = view.turn
    kind = DecisionKind[turn.kind]
    if kind in (DecisionKind.PUNTER_DRAW, DecisionKind.CAPTAIN_DRAW, DecisionKind.BANKER_DRAW,
                DecisionKind.BANQUE_BANKER_DRAW):
        own = view.hand(turn.hand or Hand.BANKER.value)
        text = f"Your cards: {_cards(own.cards)}, total {own.total}."
        others = [hand for hand in view.hands if hand.hand != Hand.BANKER.value] if own.hand == Hand.BANKER.value else []
        for other in others:
            if other.result is not None:
                text += f" The {other.hand.lower()} is settled (it had a natural)."
                continue
            name = "players" if other.hand == Hand.PLAYER.value else other.hand.lower()
            if len(other.cards) == 3:
                third = other.cards[2]
                text += f" The {name} drew the {third.label} (worth {third.value})."
            else:
                text += f" The {name} stood."
            if other.hand != Hand.PLAYER.value:
                text += f" Staked on it: {show_chips(view_staked_on(view, other.hand))}."
        if kind is DecisionKind.CAPTAIN_DRAW:
            text += captain_note(view, own.hand)
        return text
    action = turn.actions[0] if turn.actions else None
    banker = view.seats[view.banker].name if view.banker is not None and view.banker >= 0 else "The house"
    if kind is DecisionKind.OFFER_BANK:
        return (f"Put {chips_range(action.min_amount, action.max_amount)} in the bank; "
                "bets against you may add up to that much.")
    if kind is DecisionKind.KEEP_BANK:
        return f"Your bank holds {chips_phrase(view.bank)}."
    if kind is DecisionKind.BANCO:
        return f"{banker} banks {chips_phrase(view.bank)}. Banco stakes that much, alone."
    if kind is DecisionKind.BET:
        amounts = chips_range(action.min_amount, action.max_amount)
        if view.banker is not None and view.banker >= 0:
            return f"{banker} banks {chips_phrase(view.bank)}; you may bet {amounts}."
        return f"The house banks; you may bet {amounts}."
    return ""


def captain_note(view, hand_name: str) -> str:
    """Why a captain with no chips on the tableau still plays its cards, and for whom (SPEC §5, §6:
    a captain keeps the cards until the side loses a coup; one playing for others follows the guidance).

    >>> from types import SimpleNamespace as NS
    >>> stakes = (NS(seat=0, amount=500, hand="Left tableau"), NS(seat=3, amount=1000, hand="Right tableau"))
    >>> captain_note(NS(viewer=0, stakes=stakes), "Right tableau")[:63]
    ' You hold the right tableau as its captain: a captain keeps the'
    >>> captain_note(NS(viewer=0, stakes=stakes[1:] + (NS(seat=0, amount=500, hand="Right tableau"),)), "Right tableau")
    ''
    """
    mine = [stake for stake in view.stakes if stake.seat == view.viewer]
    if any(stake.hand == hand_name for stake in mine):
        return ""
    side = hand_name.split()[0].lower()
    note = (f" You hold the {side} tableau as its captain: a captain keeps the cards, bet or no bet, "
            "until the side loses a coup, then they pass to the next player on that side.")
    if mine:
        note += f" Your own bet is on the {mine[0].hand.split()[0].lower()}; this side's result does not touch it."
    if view_staked_on(view, hand_name):
        return note + " You play for the others who bet on this side, so you follow the guidance (free only on 5)."
    return note + " Nobody bet on this side, yet its cards are still played: by you."


def view_staked_on(view, hand_name: str) -> int:
    """The chips staked on one hand this coup, from the view's stakes."""
    return sum(stake.amount for stake in view.stakes if stake.hand == hand_name)
