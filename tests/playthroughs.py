"""Playthroughs: one scripted coup of each variant, told to every seat, pinned in files.

OpenSpiel keeps a played game of each of its games as a text file, so that a change in what a
player is told shows up in review as a diff of that file. This is the same for our tables: for
each variant (and each role the user can take at a seat-banked table) one coup is dealt from a
stacked shoe, and the file holds, for every seat and for an onlooker, the sentences that seat
reads and the cards it is shown (``??`` for a face-down card it may not see).

``tests/test_playthroughs.py`` compares the files with a fresh play. After a deliberate change
to what a seat is told, rewrite them and review the diff:

    python tests/playthroughs.py --write
"""

from __future__ import annotations

import sys
from pathlib import Path

from baccarat_lessons.engine.bets import BetSpot
from baccarat_lessons.engine.money import CHIP
from baccarat_lessons.engine.punto_banco import PuntoBancoTable
from baccarat_lessons.engine.seated.decisions import ActionKind
from baccarat_lessons.engine.seated.script import play_choices, roles_of, scripted_table
from baccarat_lessons.engine.seated.view import told_events
from baccarat_lessons.engine.shoe import Shoe
from baccarat_lessons.engine.variants import SEAT_BANKED, VARIANTS

FOLDER = Path(__file__).parent / "data" / "playthroughs"

# Cards chosen so each coup reaches a drawing decision: Player 2+K (2) draws, Banker 3+3 (6).
PUNTO_BANCO_CARDS = "2S 3D KH 3S 9H 4C"
SEAT_BANKED_CARDS = {
    "chemin-de-fer": "2S KH 3D 3S 9H 4C",
    "banque-ouverte": "2S 4H 3C 3D KH 3S 9H 5D 2C",
    "banque-limitee": "4S 5H 2D 3C 2H 10C 6D 7S",
}


def cards_of(key: str) -> str:
    """The stacked cards of ``key``'s playthrough: its own, or else those of the variant above of the same
    kind (as many tableaux, the same banking), so a variant added from data alone is played as its kind."""
    if key in SEAT_BANKED_CARDS:
        return SEAT_BANKED_CARDS[key]
    variant = VARIANTS[key]
    return next(cards for known, cards in SEAT_BANKED_CARDS.items()
                if (VARIANTS[known].tableau_count, VARIANTS[known].banking) == (variant.tableau_count, variant.banking))


# Every seat-banked choice in these coups: draw where a choice is free.
CHOICES = {"punter": True, "banker": True, "right": True, "left": True}


def _card(view) -> str:
    return "??" if view.rank is None else view.label


def _told_lines(events) -> list[str]:
    lines = []
    for event in events:
        shown = " ".join(_card(card) for card in event.cards)
        lines.append(f"{event.kind}: {event.text}" + (f"  [{shown}]" if shown else ""))
    return lines


def _reader_name(reader) -> str:
    return "an onlooker" if reader is None else f"seat {reader}"


def seat_banked_playthrough(key: str, role: str) -> str:
    """The text of one scripted coup at ``key``'s table with the user as ``role``: what each seat
    is told and shown at the coup's first drawing decision, then the whole coup once it is over."""
    # A bettor stakes less than the bots, so that a bot, not the user, holds the cards.
    low = max(5, VARIANTS[key].min_bet)
    stakes = {"stake": low, "bot_stake": 2 * low} if role == "bettor" else {"stake": 2 * low, "bot_stake": low}
    table = scripted_table(key, cards_of(key), role, bank=50, **stakes)
    assert not table.history, f"{key}: the cards make a natural; pick cards that reach a drawing decision"
    readers = [seat.index for seat in table.seats] + [None]
    lines = [f"# {VARIANTS[key].name}, the user as {role}, cards {cards_of(key)}", ""]
    for reader in readers:
        view = table.view(reader)
        lines.append(f"## at the first drawing decision, told to {_reader_name(reader)}")
        lines += _told_lines(view.events)
        for hand in view.hands:
            total = "?" if hand.total is None else hand.total
            lines.append(f"hand {hand.hand}: {' '.join(_card(card) for card in hand.cards)} (total {total})")
        if view.turn is not None:
            offered = ", ".join(action.label for action in view.turn.actions) or "nothing to press"
            lines.append(f"turn: {view.turn.name}: {view.turn.prompt} ({offered})")
        lines.append("")
    play_choices(table, CHOICES)
    coup = table.last_coup
    for reader in readers:
        lines.append(f"## the finished coup, told to {_reader_name(reader)}")
        lines += _told_lines(told_events(coup.events, reader, frozenset(coup.hands)))
        lines.append("")
    return "\n".join(lines)


def punto_banco_playthrough(key: str) -> str:
    """The text of one round at ``key``'s table (Punto Banco or Mini) with 10 on Banker, 5 on Tie."""
    variant = VARIANTS[key]
    table = PuntoBancoTable(variant, shoe=Shoe.stacked(PUNTO_BANCO_CARDS, decks=variant.decks))
    table.act(ActionKind.BET, 10 * CHIP, BetSpot.BANKER)
    table.act(ActionKind.BET, 5 * CHIP, BetSpot.TIE)
    table.act(ActionKind.DEAL)
    view = table.view(0)
    lines = [f"# {variant.name}, 10 on Banker and 5 on Tie, cards {PUNTO_BANCO_CARDS}", "",
             "## told to seat 0 (every card is face up at this table)"]
    lines += _told_lines(view.events)
    return "\n".join(lines + [""])


def playthroughs() -> dict[str, str]:
    """Every pinned playthrough, by file name."""
    texts = {}
    for key, variant in VARIANTS.items():
        if key in SEAT_BANKED:
            for role in roles_of(variant):
                texts[f"{key}-{role}.txt"] = seat_banked_playthrough(key, role)
        else:
            texts[f"{key}.txt"] = punto_banco_playthrough(key)
    return texts


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python tests/playthroughs.py --write")
    FOLDER.mkdir(parents=True, exist_ok=True)
    for name, text in playthroughs().items():
        (FOLDER / name).write_text(text, encoding="utf-8")
        print(f"wrote {FOLDER / name}")
