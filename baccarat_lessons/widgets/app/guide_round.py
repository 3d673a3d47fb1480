"""The sample coup of a seat-banked variant's illustrated guide, played on the real table engine.

A Punto Banco guide needs only its cards; at Chemin de Fer and Banque people decide,
so the guide script also says what each seat chooses (``guide_choices`` of the page:
``True`` draws). The coup is played on a stacked shoe by the same table the game
uses, with stated stakes:

- Chemin de Fer: you open a bank of 10 and the first bot covers it;
- Banque ouverte: you bank 20; bots stake 5 each until the bank is covered;
- Banque limitée: you stake 10 on the right tableau, which you captain; bots stake 5 each.

At Banque each bot stakes on the tableau of its own side of the table
(:func:`baccarat_lessons.engine.seated.script.scripted_table`).

>>> from baccarat_lessons.content import variant_page
>>> events = guide_events(variant_page("chemin-de-fer"))
>>> [event.text for event in events][:2]
['Coup 1: You bank 10 chips.', 'Bets are closed: the whole bank of 10 is covered.']
>>> events[-1].text
"Commission: 5% of the banker's gain of 10 is 0.50 chips."
"""

from __future__ import annotations

from ...engine.errors import SettingsError
from ...engine.events import Event
from ...engine.seated.script import play_choices, roles_of, scripted_table
from ...engine.variants import SEAT_BANKED

# Seat bookkeeping that says nothing about the cards; left out so the guide stays about the coup.
LEFT_OUT = {"BankOpened", "BetPlaced", "BetSkipped"}


def guide_events(page, on_decision=None) -> list[Event]:
    """The events of the page's scripted coup, from the coup's start to its settlement.

    ``on_decision(table, decision)``, if given, is called before each draw-or-stand decision is
    taken (the seat-banked guides use it to explain what the deciding seat saw and could do)."""
    if page.key not in SEAT_BANKED:
        raise SettingsError(f"{page.name} has fixed drawing rules; its guide is dealt from its cards alone.")
    role = roles_of(SEAT_BANKED[page.key])[0]  # you bank (Chemin de Fer, Banque ouverte) or captain the right (Banque limitée)
    stakes = page.guide_stakes  # the content catalog's: at Chemin de Fer Bot 1 covers the whole bank
    table = scripted_table(page.key, page.guide_cards, role, bank=stakes["bank"], stake=stakes["stake"],
                           bot_stake=stakes["bot_stake"])
    play_choices(table, page.guide_choices, before=on_decision)
    if not table.history:
        raise SettingsError(f"The {page.name} guide script ended before its coup did.")
    return [event for event in table.last_coup.events if event.kind not in LEFT_OUT]
