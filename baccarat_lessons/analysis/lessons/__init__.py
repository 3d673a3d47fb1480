"""Analysis behind the lesson notebooks: bankroll paths, betting systems, card counting.

Each module answers one question a lesson asks, using the engine's rules and the
exact odds, so that a notebook cell can stay one or two lines long.
"""
