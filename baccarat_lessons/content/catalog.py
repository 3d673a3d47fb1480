"""Short facts about each variant page: names, tagline, category, guide script.

The guide card strings are in deal order. Punto Banco and Mini Baccarat:
Player, Banker, Player, Banker, then any third cards (Player's first). Chemin de
Fer: punter, banker, punter, banker, then the punter's third card, then the
banker's. Banque: right, left, banker, right, left, banker, then third cards in
the order right, left, banker. For the fixed-rule variants ``guide_notes`` has one
caption per event of the coup that the engine deals from those cards.

>>> CATALOG["punto-banco"]["guide_cards"]
'2S AC 2H 2D 8C'
"""

from __future__ import annotations

CATALOG: dict[str, dict] = {
    "punto-banco": {
        "name": "Punto Banco",
        "tagline": "Back Player, Banker or Tie, then watch a fixed table decide every card.",
        "category": "Comparing · Casino banking",
        "also_known_as": ["Baccarat", "Baccara", "American baccarat"],
        "countries": ["France", "Cuba", "United States"],
        "guide_cards": "2S AC 2H 2D 8C",
        "guide_title": "One card decides Banker's draw",
        "guide_notes": [
            "Player's first card is a 2.",
            "Banker's first card is an ace, which counts 1.",
            "Player's second card is a 2: 2 + 2 makes 4, not a natural.",
            "Banker's second card is a 2: 1 + 2 makes 3, not a natural, so the drawing rules apply.",
            "Player has 4, inside the 0–5 range, so Player must take a third card.",
            "Player's third card is an 8: 4 + 8 = 12, which counts as 2.",
            "Banker has 3. Row 3 of the table says draw against anything except an 8, so Banker stands.",
            "Banker wins, 3 to 2: Banker bets are paid 0.95:1 and Player bets lose. Had the third card been a 7, "
            "Player would end on 1 and Banker, on 3, would have to draw.",
        ],
    },
    "mini-baccarat": {
        "name": "Mini Baccarat",
        "tagline": "Punto Banco's rules at a small, fast, dealer-run table with low stakes.",
        "category": "Comparing · Casino banking",
        "also_known_as": ["Mini-Baccarat", "Mini Punto Banco"],
        "countries": ["United States"],
        "guide_cards": "10S 3H 7D 2C 4D",
        "guide_title": "Player stands, Banker draws",
        "guide_notes": [
            "Player's first card is a 10, which counts 0.",
            "Banker's first card is a 3.",
            "Player's second card is a 7: 0 + 7 makes 7.",
            "Banker's second card is a 2: 3 + 2 makes 5. Neither hand has a natural.",
            "Player has 7, so Player stands: a hand draws only on 0–5.",
            "Player took no third card, so Banker goes by its own total alone: on 5 it draws.",
            "Banker's third card is a 4: 5 + 4 makes 9.",
            "Banker wins, 9 to 7. The dealer pays the Banker bets at 0.95:1 and collects the rest.",
        ],
    },
}
