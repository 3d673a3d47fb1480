"""Exact odds for any shoe, fast simulation, game theory."""
