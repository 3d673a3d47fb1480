"""Seat-banked tables: Chemin de Fer, Banque ouverte and Banque limitée.

Six seats: seat 0 is the user, seats 1-5 are bots (100 chips each). A table is a
state machine that always waits for exactly one pending decision, or is over:

>>> from baccarat_lessons.engine.seated import CheminDeFerTable
>>> table = CheminDeFerTable(seed=3)
>>> decision = table.pending                   # None once the table is over
>>> decision.seat, decision.kind.value
(0, 'take the bank, and with how many chips')
>>> [action.label for action in table.legal_actions()]
['Take the bank', 'Decline the bank']
>>> table.legal_actions()[0].max_amount      # hundredths of a chip: 100 chips
10000

How a UI drives it
------------------
- ``table.pending``: a :class:`Decision` — ``seat`` (``HOUSE`` = -1 for the casino
  bank), ``kind`` (a :class:`DecisionKind`), ``hand`` (for draw decisions) and
  ``actions``: the legal :class:`Action` objects, each with ``kind``, ``label``,
  ``side`` (Banque bets), ``min_amount``/``max_amount`` (bank or bet: any whole
  number between them, or exactly the maximum), and ``forced``/``reason`` when the
  rules leave only that action (``decision.is_forced``).
- Amounts are ints counting hundredths of a chip (``money.CHIP`` = 100): ``open_bank(20 * CHIP)``.
- Ask first: ``can_open_bank(amount)``, ``can_bet(amount, side)``, ``can_draw()``…
  or ``can(kind, amount, side, seat)`` — the reason it is refused, or ``None``.
- Act: ``open_bank``, ``decline_bank``, ``continue_bank``, ``pass_bank``, ``retire``,
  ``banco``, ``decline_banco``, ``bet``, ``no_bet``, ``draw``, ``stand``, or
  ``act(kind, amount, side, seat)``. Pass ``seat=0`` from the UI so nobody can act
  for a bot. An illegal action raises :class:`~baccarat_lessons.engine.errors.PhaseError`
  (wrong moment), ``DecisionError`` (not allowed now) or ``BetError`` (amount) with
  the same sentence, and changes nothing.
- What a seat may know: ``table.view(seat)`` (see :mod:`.view`) — draw the screen from
  it and nothing else; ``view(None)`` is an onlooker's. Bots decide from
  ``table.window(seat)`` (see :mod:`.window`), the same information read live.
- Bots: ``baccarat_lessons.engine.bots.play_bots(table, bots)`` answers every
  decision until seat 0 must act, and returns each bot's choice with its ``reason``.
- State (the whole truth, for tests and simulations): ``phase`` (:class:`Phase`),
  ``seats`` (``balance``), ``banker``, ``bank``, ``stakes``, ``captains`` (Banque),
  ``hands``, ``commission_total``, ``house_result``, ``chips_in_play()`` (never changes).
- Log: ``events`` (this coup so far) and ``history`` of :class:`CoupRecord`
  (``last_coup``); every event has ``.text``. ``snapshot()`` compares states.
"""

from .chemin_de_fer import CheminDeFerTable
from .decisions import HOUSE, Action, ActionKind, Decision, DecisionKind, Phase
from .seats import Seat
from ..records import CoupRecord, Stake
from .table import SeatedTable
from .banque import BanqueLimiteeTable, BanqueOuverteTable, BanqueTable  # noqa: E402  (after the base)
from .window import SeatWindow  # noqa: E402

__all__ = [
    "HOUSE", "Action", "ActionKind", "BanqueLimiteeTable", "BanqueOuverteTable", "BanqueTable", "CheminDeFerTable",
    "CoupRecord", "Decision", "DecisionKind", "Phase", "Seat", "SeatWindow", "SeatedTable", "Stake",
]
