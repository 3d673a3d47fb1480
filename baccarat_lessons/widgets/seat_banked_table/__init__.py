"""The presenter of a live seat-banked table (Chemin de Fer, Banque ouverte, Banque limitée), with
what it presents: the table's presentation and the felt beside the view (``presentation``), the
seat panels, the bank and the status line (``seats``), the words around the user's decision
(``decision_words``), the records beside the table (``records``: the bots' decisions, the
``history``, the drawing table) and the stylesheet (``styles``). The live table is the one
:class:`~baccarat_lessons.widgets.table.LiveTable` of every variant, which takes this presenter
for a variant whose seats bank (:func:`~baccarat_lessons.widgets.presenters.presenter_for`).

>>> from baccarat_lessons.widgets.table import LiveTable
>>> view = LiveTable("banque-limitee", seed=2)
>>> view.table.pending.seat, sorted(a["label"] for a in view.surface.view["turn"]["actions"])
(0, ['Bet on the left', 'Bet on the right', 'No bet'])
"""

from .presenter import SeatBankedPresenter

__all__ = ["SeatBankedPresenter"]
