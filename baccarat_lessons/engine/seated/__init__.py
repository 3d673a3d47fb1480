"""Seat-banked tables: Chemin de Fer, Banque ouverte and Banque limitée.

A table is a state machine that always waits for one pending decision:

>>> from baccarat_lessons.engine.seated import CheminDeFerTable
>>> table = CheminDeFerTable(seed=3)
>>> decision = table.pending
>>> decision.seat, decision.kind.value
(0, 'take the bank, and with how many chips')
>>> [action.label for action in table.legal_actions()]
['Take the bank', 'Decline the bank']

Act with the named methods (``open_bank``, ``banco``, ``bet``, ``draw``, ``stand``,
``continue_bank``, ``pass_bank``, ``retire``…) or ``act(kind, amount, side)``;
ask first with ``can_…``/``can(kind, …)``. Bots answer the decisions of seats
1-5: see :mod:`baccarat_lessons.engine.bots`.
"""

from .chemin_de_fer import CheminDeFerTable
from .decisions import HOUSE, Action, ActionKind, Decision, DecisionKind, Phase
from .rules import BANQUE_LIMITEE_TABLE, BANQUE_OUVERTE_TABLE, CHEMIN_DE_FER_TABLE, TABLE_RULES, TableRules
from .seats import Seat
from .table import CoupRecord, SeatedTable, Stake

__all__ = [
    "HOUSE", "Action", "ActionKind", "BANQUE_LIMITEE_TABLE", "BANQUE_OUVERTE_TABLE", "CHEMIN_DE_FER_TABLE",
    "CheminDeFerTable", "CoupRecord", "Decision", "DecisionKind", "Phase", "Seat", "SeatedTable", "Stake",
    "TABLE_RULES", "TableRules",
]
