"""The classroom (issue 32, under way): a class's coups pooled, counted only as the engine replays them.

:mod:`.ledger` is the class server's memory, on the standard library's SQLite.
"""
