"""Claims of lesson 02 (Punto Banco): what the commission does to the Banker bet."""

from __future__ import annotations

from . import Claim
from .exact_odds import eight_decks

CLAIMS = (
    Claim("commission-cancels",
          "Banker still costs less: {banker:.2%} per chip against Player's {player:.2%} with eight decks. Banker "
          "wins more coups than Player; the commission more than cancels those extra wins, but leaves Banker the "
          "cheaper bet.",
          eight_decks, lambda f: f["banker_wins"] > f["player_wins"] and 0 < f["banker"] < f["player"],
          why="Banker to win more coups, lose on average after commission, and still cost less than Player"),
)
