"""The user's decision, as buttons built from the engine's pending decision.

Only a decision that is the user's (seat 0) gets buttons, one per legal action
(class ``bl-decision bl-decision-<action>``, e.g. ``bl-decision-draw``,
``bl-decision-bet-right``). Where the rules force the choice, the forced action
is the only enabled button and the other is shown disabled, with the engine's
reason beside it. Every click goes to the table's ``act``, so the engine checks
it: a refused action (a typed amount that is too large, a disabled button
clicked from code) only shows the engine's sentence. It draws from the user's
seat view (``table.view(0)``) and nothing else.

>>> from baccarat_lessons.engine.money import CHIP
>>> from baccarat_lessons.engine.seated import CheminDeFerTable
>>> from baccarat_lessons.engine.shoe import Shoe
>>> table = CheminDeFerTable(shoe=Shoe.stacked("2S 2H 10D 5C 7H"))
>>> bar = DecisionBar((1, 5, 10, 25), on_action=lambda kind, side, amount: None)
>>> bar.update(table.view(0), locked=False)
>>> [(b.description, b.disabled) for b in bar.shown_buttons()]
[('Take the bank', False), ('Decline the bank', False)]
>>> table.open_bank(10 * CHIP); table.bet(10 * CHIP)
>>> table.pending.seat, bar.update(table.view(0), locked=False), bar.shown_buttons()
(1, None, [])
"""

from __future__ import annotations

from html import escape
from typing import Callable

import ipywidgets as widgets

from ...engine.events import Hand
from ...engine.money import CHIP, hundredths, show_chips
from ...engine.seated import ActionKind, DecisionKind
from ...engine.seated.checks import ACTIONS_OF
from ..chips import ChipSelector

DRAW_LABELS = {
    DecisionKind.PUNTER_DRAW: {ActionKind.DRAW: "Carte (draw)", ActionKind.STAND: "Non (stand)"},
}
DEFAULT_LABELS = {kind: kind.value for kind in ActionKind} | {ActionKind.DRAW: "Draw", ActionKind.STAND: "Stand"}
TOOLTIPS = {
    ActionKind.OPEN_BANK: "Put the chips in the box into the bank and hold it.",
    ActionKind.DECLINE_BANK: "Let the next seat have the bank.",
    ActionKind.CONTINUE_BANK: "Keep the bank: all of it is at stake next coup.",
    ActionKind.PASS_BANK: "Give the bank up; what is in it returns to your chips.",
    ActionKind.RETIRE: "Give the bank up; what is in it returns to your chips.",
    ActionKind.BANCO: "Stake as much as the whole bank, alone against it.",
    ActionKind.DECLINE_BANCO: "Do not call banco; bets go round the table.",
    ActionKind.BET: "Bet the chips in the box against the bank.",
    ActionKind.NO_BET: "Sit this coup out.",
    ActionKind.DRAW: "Take a third card, face up.",
    ActionKind.STAND: "Take no more cards.",
}
DEFAULT_AMOUNT = {ActionKind.OPEN_BANK: 20, ActionKind.BET: 10}


def action_key(kind: ActionKind, side: Hand | None = None) -> str:
    """The CSS name of an action: ``draw``, ``open-bank``, ``bet-right``…"""
    key = kind.name.lower().replace("_", "-")
    return f"{key}-{side.name.lower()}" if side is not None else key


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
        return text
    action = turn.actions[0] if turn.actions else None
    banker = view.seats[view.banker].name if view.banker is not None and view.banker >= 0 else "The house"
    if kind is DecisionKind.OFFER_BANK:
        return (f"Put {show_chips(action.min_amount)} to {show_chips(action.max_amount)} chips in the bank; "
                "bets against you may add up to that much.")
    if kind is DecisionKind.KEEP_BANK:
        return f"Your bank holds {show_chips(view.bank)} chips."
    if kind is DecisionKind.BANCO:
        return f"{banker} banks {show_chips(view.bank)} chips. Banco stakes that much, alone."
    if kind is DecisionKind.BET:
        low, high = show_chips(action.min_amount), show_chips(action.max_amount)
        if view.banker is not None and view.banker >= 0:
            return f"{banker} banks {show_chips(view.bank)}; you may bet {low} to {high} chips."
        return f"The house banks; you may bet {low} to {high} chips."
    return ""


def view_staked_on(view, hand_name: str) -> int:
    """The chips staked on one hand this coup, from the view's stakes."""
    return sum(stake.amount for stake in view.stakes if stake.hand == hand_name)


class DecisionBar:
    """Prompt, amount box with chip shortcuts, decision buttons, and the reason a choice is forced."""

    def __init__(self, stakes: tuple[int, ...], on_action: Callable, wrap: Callable | None = None):
        self._wrap = wrap or (lambda f: f)
        self._on_action = on_action
        self.prompt = widgets.HTML()
        self.prompt.add_class("bl-decision-prompt")
        self.amount = widgets.IntText(value=10, description="Chips", layout=widgets.Layout(width="11em"),
                                      style={"description_width": "3em"})
        self.amount.add_class("bl-amount")
        self.amount.observe(self._amount_typed, names="value")
        self.chips = ChipSelector(stakes, wrap=self._wrap, on_change=self._chip_chosen)
        for value, button in self.chips.buttons.items():
            button.tooltip = f"Put {value} in the chips box."
        self.amount_row = widgets.HBox([self.amount, self.chips.widget], layout=widgets.Layout(flex_flow="row wrap"))
        self.buttons: dict[str, widgets.Button] = {}
        self.button_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.button_box.add_class("bl-decisions")
        self.note = widgets.HTML()
        self.note.add_class("bl-decision-note")
        self.widget = widgets.VBox([self.prompt, self.amount_row, self.button_box, self.note])
        self.widget.add_class("bl-decision-bar")
        self._decision = None

    def _chip_chosen(self, value: int) -> None:
        self.amount.value = value

    def _amount_typed(self, change) -> None:
        """The chip shown chosen follows the amount in the box (none when it is no chip's value)."""
        self.chips.show_selected(change["new"] if change["new"] in self.chips.buttons else None)

    def show_hint(self, text: str) -> None:
        """A hint (the exact banker's view) beside the buttons it is about."""
        self.note.value += f'<div class="bl-decision-hint">{escape(text)}</div>'


    def _button(self, key: str, kind: ActionKind, side: Hand | None) -> widgets.Button:
        button = self.buttons.get(key)
        if button is None:
            button = widgets.Button(layout=widgets.Layout(width="auto", min_width="8em"))
            button.add_class("bl-decision")
            button.add_class(f"bl-decision-{key}")
            if side is not None:
                button.add_class(f"bl-decision-{action_key(kind)}")
            button.on_click(self._wrap(lambda _b, kind=kind, side=side: self._clicked(kind, side)))
            self.buttons[key] = button
        return button

    def _clicked(self, kind: ActionKind, side: Hand | None) -> None:
        amount = hundredths(self.amount.value) if kind.takes_amount else None
        self._on_action(kind, side, amount)

    def shown_buttons(self) -> list[widgets.Button]:
        return list(self.button_box.children)

    def button(self, kind: ActionKind, side: Hand | None = None) -> widgets.Button:
        """The button of an action (built on first use; it may not be shown now)."""
        return self._button(action_key(kind, side), kind, side)

    def update(self, view, locked: bool) -> None:
        """Buttons for the user's pending decision, from the user's seat view (none when it is not
        the user's turn or ``locked``)."""
        turn = view.turn
        if turn is None or not turn.actions:
            self._decision = None
            self.prompt.value = ""
            self.note.value = ""
            self.button_box.children = ()
            self.amount_row.layout.display = "none"
            self.widget.layout.display = "none"  # nothing for you to decide: no empty box
            return
        self.widget.layout.display = None
        decision_kind = DecisionKind[turn.kind]
        actions = turn.actions
        first = actions[0]
        if turn != self._decision and ActionKind[first.kind].takes_amount:
            wanted = max(DEFAULT_AMOUNT[ActionKind[first.kind]] * CHIP, first.min_amount)
            self.amount.value = min(wanted, first.max_amount) // CHIP
            if self.amount.value in self.chips.buttons:
                self.chips.select(self.amount.value)  # the chip shown chosen is the amount in the box
        self._decision = turn
        labels = DRAW_LABELS.get(decision_kind, DEFAULT_LABELS)
        shown = []
        for action in actions:
            kind, side = ActionKind[action.kind], Hand(action.side) if action.side else None
            button = self._button(action_key(kind, side), kind, side)
            button.description = action.label
            extra = ""
            if kind.takes_amount:
                low, high = show_chips(action.min_amount), show_chips(action.max_amount)
                extra = f" Any whole number from {low} to {high}."
            button.tooltip = (action.reason or TOOLTIPS[kind]) + extra
            button.disabled = locked
            button.button_style = "primary" if action.forced else ""
            shown.append(button)
        notes = []
        if len(actions) == 1 and first.forced:
            forced_kind = ActionKind[first.kind]
            for kind in ACTIONS_OF[decision_kind]:
                if kind is forced_kind or kind is ActionKind.PASS_BANK and decision_kind is DecisionKind.KEEP_BANK:
                    continue
                button = self._button(action_key(kind), kind, None)
                button.description = labels.get(kind, DEFAULT_LABELS[kind])
                button.tooltip = f"Not allowed here: {first.reason}"
                button.disabled = True
                button.button_style = ""
                shown.append(button)
            notes.append(f"Only one choice here: {first.reason}")
        else:
            notes += sorted({action.reason for action in actions if action.reason})
        self.button_box.children = tuple(shown)
        takes_amount = any(ActionKind[action.kind].takes_amount for action in actions)
        self.amount_row.layout.display = None if takes_amount else "none"
        self.amount.disabled = locked
        self.chips.set_enabled(not locked)
        self.prompt.value = (
            f'<div class="bl-your-turn"><strong>Your decision:</strong> {escape(turn.prompt)}.</div>'
            f'<div class="bl-situation">{escape(situation(view))}</div>'
        )
        self.note.value = "".join(f'<div class="bl-decision-why">{escape(note)}</div>' for note in notes)
