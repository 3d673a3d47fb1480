"""Short facts about each variant page: tagline, category, guide script (its name is its record's).

The guide card strings are in deal order. Punto Banco and Mini Baccarat:
Player, Banker, Player, Banker, then any third cards (Player's first). Chemin de
Fer: punter, banker, punter, banker, then the punter's third card, then the
banker's. Banque: right, left, banker, right, left, banker, then third cards in
the order right, left, banker. ``sources`` are the keys of the works the page
relies on (:data:`.sources.SOURCES`). For the fixed-rule variants ``guide_notes`` has one
caption per event of the coup that the engine deals from those cards. ``table_about`` is the line
under the live table's title; ``guide_stakes`` (seat-banked variants) are the whole chips the
guide's scripted coup is played with: the user's bank, the user's stake and each bot's stake.
The texts are Jinja2 templates like the pages (:mod:`.rendering`): a figure of the table is read from
the variant record (``{{ variant|banker_pays }}``), so an entry copied for another variant of the same
kind states that variant's figures. ``pages`` (optional) names the variant whose ``pages/<key>.rules.html`` and ``.history.html`` this
one is written with (by default its own): a variant of a kind already written may share another's,
which state its own record's facts (the templates read them from the record).

>>> CATALOG["chemin-de-fer"]["guide_choices"], CATALOG["chemin-de-fer"]["guide_stakes"]["bank"]
({'punter': True, 'banker': True}, 10)
"""

from __future__ import annotations

CATALOG: dict[str, dict] = {
    "punto-banco": {
        "table_about": "Bet on Player, Banker or Tie; the cards then follow the drawing rules.",
        "tagline": "Back Player, Banker or Tie, then watch a fixed table decide every card.",
        "category": "Comparing · Casino banking",
        "also_known_as": ["Baccarat", "Baccara", "American baccarat"],
        "countries": ["France", "Cuba", "United States"],
        "sources": ("van-tenac-1847", "duckett-1867", "depaulis", "kemeny-snell-1957", "baccarat-guide"),
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
            "Banker wins, 3 to 2: Banker bets are paid {{ variant|banker_pays }} and Player bets lose. Had the third card been a 7, "
            "Player would end on 1 and Banker, on 3, would have to draw.",
        ],
    },
    "mini-baccarat": {
        "table_about": "A smaller table with lower stakes; the dealer runs every step, so rounds come quickly.",
        "tagline": "Punto Banco's rules at a small, fast, dealer-run table with low stakes.",
        "category": "Comparing · Casino banking",
        "also_known_as": ["Mini-Baccarat", "Mini Punto Banco"],
        "countries": ["United States"],
        "sources": ("maryland-mini-baccarat",),
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
            "Banker wins, 9 to 7. The dealer pays the Banker bets at {{ variant|banker_pays }} and collects the rest.",
        ],
    },
    "chemin-de-fer": {
        "table_about": ("The bank travels round {{ variant.seat_count|number_word }} seats. Bet against it, call banco, say carte or non; as "
                        "banker, follow the table and decide its two optional cells."),
        "guide_stakes": {"bank": 10, "stake": 10, "bot_stake": 10},
        "tagline": "A players' bank that travels round the table, with real choices on the third card.",
        "category": "Comparing · Player banking",
        "also_known_as": ["Baccarat Chemin de Fer", "Chemmy", "Shimmy"],
        "countries": ["France", "Italy"],
        "sources": (
            "van-tenac-1847", "quinola-1883", "fleming-1953", "dr-no-1962", "thunderball-1965", "kemeny-snell-1957",
            "baccarat-guide",
        ),
        "guide_cards": "2C KH 3D 3S 9H 2S",
        "guide_title": "Two decisions in one coup",
        "guide_choices": {"punter": True, "banker": True},
        "guide_notes": [
            "The punter's first card, face down: a 2.",
            "The banker's first card, face down: a King, which counts 0.",
            "The punter's second card is a 3: the players' hand holds 5, not a natural.",
            "The banker's second card is a 3: the banker holds 3, not a natural.",
            "On 5 the punter has a free choice. In this guide the punter says carte.",
            "The banker has no natural, so the requested card is dealt face up: a 9. The players now hold 4, "
            "but the banker sees only the 9.",
            "Banker on 3 against a third card of 9 is an optional cell. In this guide the banker chooses to draw.",
            "The banker's third card is a 2: the banker now holds 5.",
            "Both hands are turned up: banker 5, players 4. The bank collects the stakes, less {{ variant|commission_rate }} commission "
            "on those winnings, and the banker may keep the bank.",
        ],
    },
    "banque-ouverte": {
        "table_about": ("One seat banks against two tableaux and draws or stands freely. You bank first and may "
                        "retire between coups; then you captain the right tableau."),
        "guide_stakes": {"bank": 20, "stake": 10, "bot_stake": 5},
        "tagline": "One player banks against two tableaux and chooses freely whether to draw.",
        "category": "Comparing · Player banking",
        "also_known_as": ["Baccarat Banque", "Baccarat à deux tableaux", "Banque", "À tout va"],
        "countries": ["France", "Monaco"],
        "sources": ("van-tenac-1847", "quinola-1883", "scarne-1961", "baccarat-guide"),
        "guide_cards": "4H 3C 10D 4S 2H 6C 10S",
        "guide_title": "A natural on one side, a choice on the other",
        "guide_choices": {"left": True, "banker": False},
        "guide_notes": [
            "The right tableau's first card: a 4.",
            "The left tableau's first card: a 3.",
            "The banker's first card: a 10, which counts 0.",
            "The right tableau's second card is a 4: the right hand holds 8, a natural.",
            "The left tableau's second card is a 2: the left hand holds 5.",
            "The banker's second card is a 6: the banker holds 6, no natural.",
            "The right captain shows the natural. It will be judged against the banker's first two cards, "
            "which stay face down: its stakes are settled when the banker's cards are turned over.",
            "On 5 the left captain may draw or stand. In this guide the left captain draws, face up: a 10, "
            "so the left hand still holds 5.",
            "The banker sees a third card worth 0 and the stakes on the left, but not the left's first two cards. "
            "In this guide the banker stands on 6.",
            "The banker's cards are turned over: 6. Right 8 against them beats 6, so every stake on the right "
            "is paid at even money; left 5 against 6 loses, so the stakes on the left go to the bank. The {{ variant|commission_rate }} "
            "commission applies only if the bank is ahead over both tableaux together.",
        ],
    },
    "banque-limitee": {
        "table_about": ("The house banks every coup against two tableaux, {{ variant.min_bet }} to {{ variant.max_bet }} chips per wager. You captain "
                        "the right tableau while it wins; bet on either side or sit out."),
        "guide_stakes": {"bank": 0, "stake": 10, "bot_stake": 5},
        "tagline": "The two-tableau game against a permanent casino banker, with table limits.",
        "category": "Comparing · Casino banking",
        "also_known_as": ["Baccarat Banque limitée", "Baccarat à deux tableaux"],
        "countries": ["France", "Monaco"],
        "sources": ("van-tenac-1847", "baccarat-guide"),
        "guide_cards": "2S AC 7H 3H 2D 7D 6S 3C",
        "guide_title": "Three choices, two results",
        "guide_choices": {"right": False, "left": True, "banker": True},
        "guide_notes": [
            "The right tableau's first card: a 2.",
            "The left tableau's first card: an ace, which counts 1.",
            "The banker's first card: a 7.",
            "The right tableau's second card is a 3: the right hand holds 5.",
            "The left tableau's second card is a 2: the left hand holds 3.",
            "The banker's second card is a 7: 7 + 7 = 14, so the banker holds 4. Nobody has a natural.",
            "You captain the right tableau. On 5 you may draw or stand; in this guide you stand.",
            "The left captain holds 3 and follows the guidance: a third card, face up, a 6. The left hand now holds 9.",
            "The casino banker holds 4 and sees that the right stood and the left drew a 6. In this guide the "
            "banker draws.",
            "The banker's third card is a 3: the banker now holds 7.",
            "Right 5 against banker 7: the right tableau loses. Left 9 against banker 7: the left tableau wins. "
            "If the bank is ahead over both sides, {{ variant|commission_rate }} of that gain is taken as commission.",
        ],
    },
}
