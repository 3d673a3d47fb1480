"""Hidden cards never reach the browser: while you hold the bank at Chemin de Fer and at Banque
ouverte, no websocket frame the page receives before the cards are turned over carries the punter's
or a captain's face-down cards, in any spelling (symbol, words, card codes)."""

from __future__ import annotations

import re

import pytest

from baccarat_lessons.engine.cards import parse_cards
from baccarat_lessons.widgets.card_svg import card_label

from .conftest import OFF_MACHINE, PAGE_READY_MS

pytestmark = pytest.mark.browser


def spellings(card) -> list[str]:
    """Every way a page could name a card: 3♦, '3 of diamonds', 3D, rank and suit fields."""
    rank, suit = card.rank.value, card.suit.value
    return [card.label, card_label(card), f'"rank": "{rank}", "suit": "{suit}"', f'"rank":"{rank}","suit":"{suit}"',
            f'\\"{rank}{suit}\\"', f" {rank}{suit} "]


def seen(card, text: str) -> bool:
    """The card as the table surface receives it: its rank and suit fields."""
    return any(spelling in text for spelling in spellings(card)[2:4])


# You bank; the punter (Bot 1) holds 2♣ 3♦ face down, stands or draws, and you face your decision.
CASES = {
    "chemin-de-fer": ("variant=chemin-de-fer&shoe=2C+KH+3D+3S+9H&role=banker&choices=punter:draw", "2C 3D"),
    # Right tableau 2C 3H (5), left 4C 2D (6), your bank KH KS (0); both captains decide, then you do.
    "banque-ouverte": ("variant=banque-ouverte&shoe=2C+4C+KH+3H+2D+KS+5S+9D+8C&role=banker", "2C 3H 4C 2D"),
}


@pytest.mark.parametrize("key", list(CASES))
def test_no_frame_before_the_reveal_carries_a_face_down_card(browser, app_url, key):
    query, hidden = CASES[key]
    frames: list[str] = []
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    context.route(OFF_MACHINE, lambda route: route.abort())
    page = context.new_page()
    page.set_default_timeout(PAGE_READY_MS)

    def watch(socket):
        socket.on("framereceived", lambda payload: frames.append(
            payload if isinstance(payload, str) else payload.decode("utf-8", "replace")))

    page.on("websocket", watch)
    try:
        page.goto(f"{app_url}?{query}")
        table = page.locator(f".bl-page-{key} .bl-table")
        table.locator(".bl-decision:not([disabled])").first.wait_for(state="visible")
        # The kernel says whose turn it is once the page has shown the staged coup ("Dealing…" until then).
        table.locator(".bl-message", has_text=re.compile("your turn", re.IGNORECASE)).first.wait_for()
        assert not table.locator(".bl-round-done").count(), "still before the reveal"
        received = "\n".join(frames)
        assert len(received) > 10_000, "the page's frames were captured"
        for card in parse_cards(hidden):
            for spelling in spellings(card):
                assert spelling not in received, (card, spelling)
        # The bank's own cards are yours to see: they did arrive.
        assert seen(parse_cards("KH")[0], received)
        # Once you decide, the coup is turned over: now the same search finds the cards (it can see them).
        table.locator(".bl-decision:not([disabled])").first.click()
        table.locator(".bl-round-done").wait_for()
        after = "\n".join(frames)
        assert all(seen(card, after) for card in parse_cards(hidden))
    finally:
        page.goto("about:blank")
        context.close()
