"""Widgets of the seat-banked variants: Chemin de Fer, Banque ouverte, Banque limitée — their
illustrated guide, history, seat panels and decision words. Their live table is the one
:class:`~baccarat_lessons.widgets.table.LiveTable` of every variant.

>>> from baccarat_lessons.widgets.table import LiveTable
>>> view = LiveTable("banque-limitee", seed=2)
>>> view.table.pending.seat, sorted(a["label"] for a in view.surface.view["turn"]["actions"])
(0, ['Bet on the left', 'Bet on the right', 'No bet'])
"""
