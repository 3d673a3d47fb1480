"""Exact odds for any shoe, fast simulation, game theory.

The two reports the command line prints are importable from here:

>>> from baccarat_lessons.analysis import odds_report, simulate_report
>>> odds_report(decks=8)["outcomes"]["tie"] == 475627426473216 / 4998398275503360
True
>>> sorted(simulate_report(rounds=1000, seed=1))
['banker', 'player', 'rounds', 'rounds_per_second', 'seconds', 'tie']
"""

from .reports import odds_report
from .simulate import simulate_report

__all__ = ["odds_report", "simulate_report"]
