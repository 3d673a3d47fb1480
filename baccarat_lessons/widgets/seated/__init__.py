"""Widgets of the seat-banked variants: Chemin de Fer, Banque ouverte, Banque limitée.

:class:`SeatedTableView` is the playable table (six seats, the bank, the user's
decisions as buttons, bots with their reasons), drawn by the same table surface
as the Punto Banco tables from the user's seat view.

>>> view = SeatedTableView("banque-limitee", seed=2)
>>> view.table.pending.seat, sorted(a["label"] for a in view.surface.view["turn"]["actions"])
(0, ['Bet on the left', 'Bet on the right', 'No bet'])
"""

from .table import SeatedTableView

__all__ = ["SeatedTableView"]
