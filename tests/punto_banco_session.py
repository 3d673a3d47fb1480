"""Punto Banco tables for the session tests (tests/test_session*.py): stacked coups, clicks in hundredths,
and the check that a refused action changes nothing."""

from __future__ import annotations

import pytest

from baccarat_lessons.engine.money import CHIP
from baccarat_lessons.engine.punto_banco import PuntoBancoTable
from baccarat_lessons.engine.seated.decisions import ActionKind
from baccarat_lessons.engine.settings import TableSettings
from baccarat_lessons.engine.shoe import Shoe
from baccarat_lessons.engine.variants import PUNTO_BANCO

BET, UNDO, CLEAR, REBET, DEAL = (ActionKind.BET, ActionKind.UNDO, ActionKind.CLEAR, ActionKind.REBET,
                                 ActionKind.DEAL)

PLAYER_COUP = "9S KS KH KD"  # Player natural 9 against 0: four cards
BANKER_COUP = "KS 9S KH KD"  # Banker natural 9 against 0
TIE_COUP = "9S 5C KH 4C"  # 9 to 9
WORKED_EXAMPLE = "2S AC 2H 2D 8C"  # Banker 3 to 2


def stacked_table(coups, variant=PUNTO_BANCO, **settings):
    table = TableSettings(**settings) if settings else None
    return PuntoBancoTable(variant, settings=table, shoe=Shoe.stacked(" ".join(coups)))


def bet(table, spot, chips):
    table.act(BET, chips * CHIP, spot)


def deal(table):
    table.act(DEAL)
    return table.last_coup


def state(table):
    """Everything an action could change."""
    return (table.snapshot(), dict(table.bets), len(table.history), id(table.shoe), table.shoe.remaining_count)


def refuse(table, action, error, message=None):
    """The action raises ``error`` with a one-line sentence and changes nothing."""
    before = state(table)
    with pytest.raises(error) as caught:
        action()
    text = str(caught.value)
    assert text and "\n" not in text and text[0].isupper() and text.endswith(".")
    if message is not None:
        assert text == message
    assert state(table) == before
    return text


def settled(record) -> dict[str, int]:
    """Each spot's hundredths returned (stake included) by the coup."""
    return {event.spot: event.returned for event in record.events if event.kind == "BetSettled"}
