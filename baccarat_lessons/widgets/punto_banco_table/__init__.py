"""The presenter of a live Punto Banco or Mini Baccarat table, with what it presents: the layout's
presentation (spots, chips, buttons), its status line, the records beside the table (roads,
statistics, odds, bankroll, history, settings) and its words. The live table is the one
:class:`~baccarat_lessons.widgets.table.LiveTable` of every variant, which takes this presenter
for a variant with fixed drawing rules (:func:`~baccarat_lessons.widgets.presenters.presenter_for`).

>>> from baccarat_lessons.widgets.table import LiveTable
>>> table = LiveTable("mini-baccarat", seed=2)
>>> type(table.presenter).__name__, [spot["side"] for spot in table.surface.presentation["spots"]]
('PuntoBancoPresenter', ['Player', 'Banker', 'Tie'])
"""

from .presenter import PuntoBancoPresenter

__all__ = ["PuntoBancoPresenter"]
