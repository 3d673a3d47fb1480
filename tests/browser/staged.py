"""Seeded games in Chromium: a page opened at a teacher's staged link, and a note of every click on it.

A staged link fixes the whole game, not only its first coup: the app deals the link's cards, shuffles
the rest of the shoe from seed 0 and seeds the bots from 0 (``LiveTable.stage``), so the same link and
the same clicks reach the same states in every run. A failure names the link, the seed and the clicks
that reproduce it (``Played.where``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .conftest import PAGE_READY_MS, sized_page

STAGE_SEED = 0  # what LessonsApp.open_link passes to LiveTable.stage: a link's shoe and bots start from it


@dataclass
class Played:
    """The staged link a page opened and the buttons pressed on it since, in order."""

    url: str
    clicks: list[str] = field(default_factory=list)

    def where(self, what: str) -> str:
        """``what`` and how to get there again: the link, the seed and the clicks so far."""
        clicks = " → ".join(self.clicks) or "none"
        return (f"{what} (step {len(self.clicks)}; reproduce: open {self.url} (stage seed {STAGE_SEED}), "
                f"then press {clicks})")


def open_staged(browser, app_url: str, query: str, width: int = 1280, height: int = 1000):
    """A new context and page at ``width``×``height`` opened at ``app_url?query``, returned once the staged
    coup is on the table. Returns (context, page, played)."""
    context, page = sized_page(browser, width, height)
    played = Played(f"{app_url}?{query}")
    page.goto(played.url)
    variant = dict(part.split("=", 1) for part in query.split("&"))["variant"]
    page.locator(f".bl-page-{variant} .bl-table .bls").wait_for(state="visible", timeout=PAGE_READY_MS)
    page.locator(".bl-app-message", has_text="staged a coup").wait_for(timeout=PAGE_READY_MS)
    # The page sends its address once it has drawn its first table, so the staged coup may still be on
    # its way ("Dealing…", then a redraw that replaces the buttons): wait until it has been shown.
    page.wait_for_function("(selector) => { const said = document.querySelector(selector); "
                           "return said !== null && said.textContent.includes('Staged coup'); }",
                           arg=f".bl-page-{variant} .bl-table .bl-message", timeout=PAGE_READY_MS)
    return context, page, played
