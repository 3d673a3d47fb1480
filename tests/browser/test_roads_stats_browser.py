"""The Punto Banco table's roads, statistics and history downloads in headless Chromium."""

from __future__ import annotations

import csv
import json
import io
import re

import pytest
from playwright.sync_api import expect

from .test_app_browser import table_of

pytestmark = pytest.mark.browser
ROUNDS = 6


def deal_rounds(table, count: int) -> None:
    for number in range(1, count + 1):
        table.locator(".bl-chip", has_text=re.compile(r"^\s*5\s*$")).first.click()
        table.locator(".bl-spot-banker" if number % 2 else ".bl-spot-player").first.click()
        table.locator(".bl-deal").first.click()
        # Show all, if the coup is still being revealed: checked and pressed in the page in one step (a check
        # from here, then a click, raced the reveal's end: the button was disabled by the time of the click).
        table.locator(".bl-skip").first.evaluate("(button) => { if (!button.disabled) button.click(); }")
        expect(table.locator('.bl-session-stats [data-stat="hands"]')).to_have_text(str(number), timeout=30_000)


def test_roads_statistics_and_downloads_after_a_few_rounds(app_page, screenshot):
    table = table_of(app_page)
    deal_rounds(table, ROUNDS)
    roads = table.locator(".bl-roads")
    assert roads.locator("svg.bl-road").count() == 5
    assert roads.locator("svg.bl-bead-plate .bl-bead").count() == ROUNDS
    for name in ("Big eye boy", "Small road", "Cockroach pig"):
        label = roads.locator(f'svg.bl-derived-road[aria-label^="{name}:"]')
        assert label.count() == 1
    assert "predict nothing" in roads.inner_text()
    stats = table.locator(".bl-session-stats")
    wins = stats.locator('[data-stat="wins"]').inner_text()
    assert sum(int(n) for n in re.findall(r"\d+", wins)) == ROUNDS
    assert re.fullmatch(r"(about )?-\d+\.\d\d", stats.locator('[data-stat="expected"]').inner_text().strip())

    with app_page.expect_download() as download_info:
        table.locator(".bl-history-downloads button", has_text="Download CSV").click()
    download = download_info.value
    assert download.suggested_filename == "punto-banco-history.csv"
    rows = list(csv.DictReader(io.StringIO(open(download.path(), encoding="utf-8").read())))
    assert [row["round"] for row in rows] == [str(n) for n in range(1, ROUNDS + 1)]
    with app_page.expect_download() as download_info:
        table.locator(".bl-history-downloads button", has_text="Download JSON").click()
    download = download_info.value
    assert download.suggested_filename == "punto-banco-history.json"
    rounds = json.loads(open(download.path(), encoding="utf-8").read())
    assert [entry["round"] for entry in rounds] == list(range(1, ROUNDS + 1))
    assert app_page.blocked_urls == [], "the page asked a server other than 127.0.0.1"

    # Voilà scrolls inside the page: scroll each part into view and take what the window shows.
    roads.first.scroll_into_view_if_needed()
    screenshot(app_page, "07-roads-and-stats")
    app_page.set_viewport_size({"width": 390, "height": 844})
    width = app_page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390 + 1, f"the page scrolls sideways at 390 px: {width} px wide"
    for part, name in ((".bl-roads", "07-roads-390px"), (".bl-session-stats", "07-stats-390px"),
                       (".bl-history-downloads", "07-downloads-390px")):
        table.locator(part).first.scroll_into_view_if_needed()
        screenshot(app_page, name)
        box = table.locator(part).first.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390 + 1, f"{part} is wider than 390 px: {box}"
