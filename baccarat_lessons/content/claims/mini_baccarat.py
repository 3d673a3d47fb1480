"""Claims of lesson 03 (Mini Baccarat): the same edges as Punto Banco."""

from __future__ import annotations

from . import Claim
from .exact_odds import eight_decks

CLAIMS = (
    Claim("edges",
          "With eight decks Banker costs about {banker:.2%} of each stake, Player about {player:.2%}.",
          eight_decks, lambda f: 0 < f["banker"] < f["player"], why="both edges positive, Banker's the smaller"),
)
