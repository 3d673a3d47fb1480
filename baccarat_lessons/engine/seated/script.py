"""Scripted coups: a seat-banked table set up from a card string and the user's role.

``scripted_table(variant, cards, role)`` deals from the stacked ``cards`` and takes
the coup's opening moves for everyone — who banks, banco, the stakes — with stated
amounts, so the table waits at the coup's first draw-or-stand decision (or has
settled a natural) with the user (seat 0) as:

- ``"banker"`` (Chemin de Fer, Banque ouverte): you open the bank with ``bank`` chips;
- ``"punter"`` (Chemin de Fer): Bot 1 banks ``bank``, you call banco;
- ``"captain"`` (Banque): you stake ``stake`` on the right tableau, which you captain
  (at Banque ouverte Bot 1 banks ``bank``);
- ``"bettor"``: you stake ``stake`` against the bank while a bot holds the hand (at
  Chemin de Fer a bot places the largest bet; at Banque you back the left tableau).

Bots stake ``bot_stake`` each, in seat order, on their own side, until the bank is
covered. ``play_choices(table, choices)`` then draws or stands for the seats named in
``choices`` (``"punter"``, ``"banker"``, ``"right"``, ``"left"``: True draws), as far as
the choices go. A guide, a test or a teacher can reach any situation this way — the
banker's optional 3-against-9 cell, a tableau natural, a bank passing.

>>> table = scripted_table("chemin-de-fer", "2S KH 3D 3S 9H", "banker", bank=10)
>>> table.pending.seat, table.pending.kind.name, table.view(0).hand("Banker").total
(1, 'PUNTER_DRAW', 3)
>>> play_choices(table, {"punter": True})
>>> table.pending.kind.name, [action.label for action in table.legal_actions()]   # 3 against a 9: optional
('BANKER_DRAW', ['Draw', 'Stand'])
"""

from __future__ import annotations

import random
from typing import Callable

from ..errors import SettingsError
from ..events import Hand
from ..money import CHIP
from ..shoe import Shoe
from ..tables import new_table
from ..variants import SEAT_BANKED, Variant
from .decisions import ActionKind, Decision, DecisionKind
from .roles import Role
from .table import SeatedTable

def roles_of(variant: Variant) -> tuple[str, ...]:
    """The roles the user can take at ``variant``'s table, read from its record.

    >>> from baccarat_lessons.engine.variants import BANQUE_LIMITEE, CHEMIN_DE_FER
    >>> roles_of(CHEMIN_DE_FER), roles_of(BANQUE_LIMITEE)
    (('banker', 'punter', 'bettor'), ('captain', 'bettor'))
    """
    roles: tuple[str, ...] = () if variant.house_banks else ("banker",)
    roles += ("punter",) if len(variant.player_hands) == 1 else ("captain",)
    return roles + ("bettor",)
DRAW_DECISIONS = (DecisionKind.PUNTER_DRAW, DecisionKind.BANKER_DRAW, DecisionKind.CAPTAIN_DRAW,
                  DecisionKind.BANQUE_BANKER_DRAW)


def scripted_table(variant: Variant | str, cards: str, role: str, bank: int = 20, stake: int = 10,
                   bot_stake: int = 5, go_on: bool = False, seed: int | random.Random | None = None) -> SeatedTable:
    """A table of ``variant`` (a record or its key) dealing ``cards``, set up for the user's ``role``
    (amounts in whole chips); see the module docstring. ``go_on``: the cards sit on top of a full
    shuffled shoe (seeded by ``seed``), so play can go on after the staged coup."""
    record = SEAT_BANKED.get(variant) if isinstance(variant, str) else variant
    if record is None:
        raise SettingsError(f"Scripted coups are for {', '.join(SEAT_BANKED)}; not '{variant}'.")
    if role not in roles_of(record):
        raise SettingsError(f"At {record.name} you can be {', '.join(roles_of(record))}; not '{role}'.")
    shoe = Shoe.staged(cards, record.decks, seed) if go_on else Shoe.stacked(cards, decks=record.decks)
    table = new_table(record, shoe=shoe)
    assert isinstance(table, SeatedTable), "a seat-banked variant's table"
    while table.pending is not None and table.pending.kind not in DRAW_DECISIONS and not table.history:
        _opening_move(table, role, bank * CHIP, stake * CHIP, bot_stake * CHIP)
    if table.pending is None and not table.history:
        raise SettingsError(f"The script could not start a coup: {table.over_reason()}")
    if not table.history:
        held = [seat.roles for seat in table.view(0).seats[:1]][0]
        wanted = {"banker": Role.BANKER, "punter": Role.PUNTER, "captain": Role.RIGHT_CAPTAIN, "bettor": Role.BETTOR}[role]
        if wanted not in held:
            raise SettingsError(f"With these stakes you would not be the {role}; change the bank or the stakes.")
    return table


def _opening_move(table: SeatedTable, role: str, bank: int, stake: int, bot_stake: int) -> None:
    decision = table.pending
    assert decision is not None, "the script moves while the table waits for a decision"
    user = decision.seat == 0
    if decision.kind is DecisionKind.OFFER_BANK:
        if user and role != "banker":
            return table.decline_bank()
        most = decision.actions[0].max_amount
        assert most is not None, "a bank has its most"
        return table.open_bank(min(bank, most))
    if decision.kind is DecisionKind.BANCO:
        return table.banco() if role == "punter" else table.decline_banco()
    if decision.kind is DecisionKind.KEEP_BANK:
        return table.continue_bank()
    if decision.kind is DecisionKind.BET:
        side = _side(table, decision.seat, role)
        bet = decision.action_for(ActionKind.BET, side)
        assert bet is not None and bet.max_amount is not None, "a bettor may back its side, up to a most"
        wanted = stake if user else bot_stake
        return table.bet(min(wanted, bet.max_amount), side)
    raise AssertionError(f"no opening move for {decision.kind}")


def _side(table: SeatedTable, seat: int, role: str) -> Hand | None:
    """The tableau a seat backs (Banque): the user's by role, a bot's by its side of the table."""
    hands = table.variant.player_hands
    if len(hands) == 1:
        return None
    if seat == 0:
        return Hand.LEFT if role == "bettor" else Hand.RIGHT
    return next(side for side, seats in table.variant.side_seats.items() if seat in seats)


def play_choices(table: SeatedTable, choices: dict[str, bool],
                 before: Callable[[SeatedTable, Decision], object] | None = None) -> None:
    """Draw or stand for each seat named in ``choices`` (forced choices are taken as the rules
    force them, except yours when ``choices`` does not name you), until a decision the choices
    do not cover or the coup is over.
    ``before(table, decision)``, if given, is called before each choice is taken."""
    coups = table.coups_played
    while table.pending is not None and table.coups_played == coups:
        decision = table.pending
        if decision.kind not in DRAW_DECISIONS:
            return
        if before is not None:
            before(table, decision)
        chooser = _chooser(decision)
        if decision.is_forced and (chooser in choices or decision.seat != 0):
            table.act(decision.actions[0].kind)  # the rules decide; your own forced moment waits for you
            continue
        if chooser not in choices:
            return
        table.act(ActionKind.DRAW if choices[chooser] else ActionKind.STAND)


def _chooser(decision: Decision) -> str:
    if decision.kind is DecisionKind.PUNTER_DRAW:
        return "punter"
    if decision.kind is DecisionKind.CAPTAIN_DRAW:
        return "right" if decision.hand is Hand.RIGHT else "left"
    return "banker"
