"""Every variant page on a phone and a tablet: nothing runs past the right edge of the screen (a wide
table may scroll inside its own box), and no text is smaller than 13 px."""

from __future__ import annotations

import pytest

from baccarat_lessons.engine.variants import VARIANTS

pytestmark = pytest.mark.browser

# Text blocks past the right edge that no scrolling box holds, and HTML text under 13 px.
MEASURE = """(root) => {
  const width = document.documentElement.clientWidth;
  const scrolls = (el) => { for (let up = el.parentElement; up && up !== root; up = up.parentElement) {
      const o = getComputedStyle(up).overflowX; if (o === "auto" || o === "scroll") return true; } return false; };
  const past = [], small = [];
  for (const el of root.querySelectorAll("*")) {
    if (el.children.length || !el.textContent.trim() || el instanceof SVGElement) continue;
    const box = el.getBoundingClientRect();
    if (!box.width) continue;
    if (box.right > width + 1 && !scrolls(el)) past.push(el.tagName + " " + el.textContent.trim().slice(0, 30));
    if (parseFloat(getComputedStyle(el).fontSize) < 13) small.push(el.tagName + " " + el.textContent.trim().slice(0, 30));
  }
  return {past, small, pageWidth: document.documentElement.scrollWidth - width};
}"""


@pytest.mark.parametrize("size", [(390, 844), (768, 1024)], ids=["phone", "tablet"])
def test_every_page_fits_the_screen_and_reads_at_13px(app_page, size):
    app_page.set_viewport_size({"width": size[0], "height": size[1]})
    for key, name in ((key, variant.name) for key, variant in VARIANTS.items()):
        app_page.locator(".bl-variant-selector button", has_text=name).click()
        page = app_page.locator(f".bl-page-{key}")
        page.locator(".bl-table").first.wait_for(state="visible")
        found = page.evaluate(MEASURE)
        assert found["pageWidth"] <= 0, (key, found["pageWidth"])
        assert found["past"] == [], (key, found["past"][:5])
        assert found["small"] == [], (key, found["small"][:5])
