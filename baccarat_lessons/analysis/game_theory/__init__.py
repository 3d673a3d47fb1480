"""Game theory of the choices in Chemin de Fer: exact chances, then equilibria.

:mod:`.coup_chances` turns a shoe into exact chances of every coup, split by
the choices still open; :mod:`.equilibrium` finds each side's best play.
The public entry point is :mod:`baccarat_lessons.analysis.chemin_de_fer_solver`.
"""
