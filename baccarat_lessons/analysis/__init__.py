"""Exact odds for any shoe, fast simulation, game theory.

The two reports the command line prints are importable from here:

>>> from baccarat_lessons.analysis import odds_report, simulate_report
>>> odds_report(decks=8)["outcomes"]["tie"] == 475627426473216 / 4998398275503360
True
>>> sorted(simulate_report(rounds=1000, seed=1))
['banker', 'player', 'rounds', 'rounds_per_second', 'seconds', 'tie']

The tables import parts of this package (the exact odds, the Banque banker) and need no
numpy; the simulator does, so it is imported only when ``simulate_report`` is asked for.
"""

from importlib import import_module

from .reports import odds_report

__all__ = ["odds_report", "simulate_report"]


def __getattr__(name: str):
    # PEP 562: importing the package must not build the simulator (numpy) for the tables.
    if name == "simulate_report":
        return import_module(".simulate", __name__).simulate_report
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
