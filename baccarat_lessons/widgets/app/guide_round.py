"""The sample coup of a seat-banked variant's illustrated guide, played on the real table engine.

A Punto Banco guide needs only its cards; at Chemin de Fer and Banque people decide,
so the guide script also says what each seat chooses (``guide_choices`` of the page:
``True`` draws). The coup is played on a stacked shoe by the same table the game
uses, with stated stakes:

- Chemin de Fer: you open a bank of 10 and the first bot covers it;
- Banque ouverte: you bank 20; bots stake 5 each until the bank is covered;
- Banque limitée: you stake 10 on the right tableau, which you captain; bots stake 5 each.

At Banque a captain stakes on its own tableau; the other bots take even seats
to the right and odd seats to the left.

>>> from baccarat_lessons.content import variant_page
>>> events = guide_events(variant_page("chemin-de-fer"))
>>> [event.text for event in events][:2]
['Coup 1: You bank 10 chips.', 'Bets are closed: the whole bank of 10 is covered.']
>>> events[-1].text
"Commission: 5% of the banker's gain of 10 is 0.50 chips."
"""

from __future__ import annotations

from ...engine.errors import SettingsError
from ...engine.events import Event, Hand
from ...engine.seated import ActionKind, CheminDeFerTable, DecisionKind
from ...engine.seated.banque import BanqueLimiteeTable, BanqueOuverteTable
from ...engine.shoe import Shoe

TABLES = {"chemin-de-fer": CheminDeFerTable, "banque-ouverte": BanqueOuverteTable, "banque-limitee": BanqueLimiteeTable}
HAND_ORDERS = {
    "chemin-de-fer": (Hand.PLAYER, Hand.BANKER),
    "banque-ouverte": (Hand.RIGHT, Hand.BANKER, Hand.LEFT),
    "banque-limitee": (Hand.RIGHT, Hand.BANKER, Hand.LEFT),
}
USER_BANK = {"chemin-de-fer": 10, "banque-ouverte": 20}
USER_STAKE = 10
BOT_STAKE = 5
# Who is choosing, by the kind of decision (captains are named by their tableau).
CHOOSER = {DecisionKind.PUNTER_DRAW: "punter", DecisionKind.BANKER_DRAW: "banker",
           DecisionKind.BANQUE_BANKER_DRAW: "banker", DecisionKind.CAPTAIN_DRAW: None}
# Seat bookkeeping that says nothing about the cards; left out so the guide stays about the coup.
LEFT_OUT = {"BankOpened", "BetPlaced", "BetSkipped"}


def guide_events(page, on_decision=None) -> list[Event]:
    """The events of the page's scripted coup, from the coup's start to its settlement.

    ``on_decision(table, decision)``, if given, is called before each decision is taken
    (the seat-banked guides use it to explain what the deciding seat saw and could do)."""
    if page.key not in TABLES:
        raise SettingsError(f"{page.name} has fixed drawing rules; its guide is dealt from its cards alone.")
    table = TABLES[page.key](shoe=Shoe.stacked(page.guide_cards))
    while not table.history:
        decision = table.pending
        if decision is None:
            raise SettingsError(f"The {page.name} guide script ended before its coup did: {table.over_reason()}")
        if on_decision is not None:
            on_decision(table, decision)
        if decision.kind is DecisionKind.OFFER_BANK:
            table.open_bank(USER_BANK[page.key])
        elif decision.kind is DecisionKind.BANCO:
            table.decline_banco()
        elif decision.kind is DecisionKind.BET:
            bet = decision.action_for(ActionKind.BET)
            if bet.side is None:  # Chemin de Fer: one hand against the bank
                table.bet(bet.max_amount)
            else:
                wanted = USER_STAKE if decision.seat == 0 else BOT_STAKE
                side = _side_of(table, decision.seat)
                table.bet(min(wanted, decision.action_for(ActionKind.BET, side).max_amount), side)
        elif decision.is_forced:
            table.act(decision.actions[0].kind)
        else:
            chooser = CHOOSER[decision.kind] or ("right" if decision.hand is Hand.RIGHT else "left")
            table.act(ActionKind.DRAW if page.guide_choices[chooser] else ActionKind.STAND)
    return [event for event in table.last_coup.events if event.kind not in LEFT_OUT]


def _side_of(table, seat: int) -> Hand:
    for side, captain in table.captains.items():
        if captain == seat:
            return side
    return Hand.RIGHT if seat % 2 == 0 else Hand.LEFT
