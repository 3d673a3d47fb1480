"""Widgets of the seat-banked variants: Chemin de Fer, Banque ouverte, Banque limitée.

:class:`SeatedTableView` is the playable table (six seats, the bank, the user's
decisions as buttons, bots with their reasons); it reuses the Punto Banco
components (cards, chips, reveal, drawing table, history, action guard).

>>> view = SeatedTableView("banque-limitee", seed=2, deal_speed="instant")
>>> view.table.pending.seat, sorted(b.description for b in view.bar.shown_buttons())
(0, ['Bet on the left', 'Bet on the right', 'No bet'])
"""

from .table import SeatedTableView

__all__ = ["SeatedTableView"]
