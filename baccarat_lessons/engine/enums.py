"""The base of the game's enumerations (hands, outcomes, ranks, actions, phases…).

Members of an Enum are singletons, so hashing one by identity is exact. Python's
Enum hashes a member by its name in Python code instead; the tables look hands,
actions and decisions up in dicts and sets several hundred times a coup, and
``benchmarks/bench_tables.py`` measured the identity hash at 15-20% more bot-only
coups per second (see benchmarks/README.md).

>>> class Colour(GameEnum):
...     RED = "red"
>>> {Colour.RED: 1}[Colour.RED], Colour("red") is Colour.RED
(1, True)
"""

import enum


class GameEnum(enum.Enum):
    __hash__ = object.__hash__
