"""Every handout printed to A4 PDF in Chromium: produced, non-trivial, nothing cut off, nothing fetched, and
every teacher version with a worked solution for each exercise its lesson asks."""

import re
from pathlib import Path

import pytest

from baccarat_lessons.cli import main
from baccarat_lessons.content.exercises import all_exercises
from baccarat_lessons.content.teacher_kit.page import CONTENT_WIDTH_MM

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
MM = 96 / 25.4  # CSS pixels per millimetre
# What overflows the content box: an element whose right edge passes it, or a page wider than it.
OVERFLOW = """(width) => {
  const wide = [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > width + 0.5)
    .map(e => e.tagName + '.' + e.className + ': ' + (e.textContent || '').slice(0, 60));
  return {wide, scroll: document.documentElement.scrollWidth};
}"""


@pytest.fixture(scope="module")
def handouts(tmp_path_factory):
    out = tmp_path_factory.mktemp("handouts")
    assert main(["handouts", "--out", str(out), "--notebooks", str(NOTEBOOKS)]) == 0
    return sorted(out.glob("[0-9][0-9]-*-*.html"))


def test_every_handout_prints_to_a4_with_nothing_cut_off(browser, handouts, tmp_path):
    width = int(CONTENT_WIDTH_MM * MM)
    context = browser.new_context(viewport={"width": width, "height": 1000})
    requested: list[str] = []

    def only_the_file(route):
        if route.request.url.startswith("file://"):
            return route.continue_()
        requested.append(route.request.url)
        return route.abort()

    context.route("**/*", only_the_file)
    page = context.new_page()
    solved = 0
    try:
        assert len(handouts) == 32
        for path in handouts:
            page.goto(path.as_uri())
            page.emulate_media(media="print")
            seen = page.evaluate(OVERFLOW, width)
            assert not seen["wide"], f"{path.name}: past the A4 content width: {seen['wide'][:5]}"
            assert seen["scroll"] <= width, f"{path.name}: the page scrolls sideways ({seen['scroll']} > {width})"
            pdf = page.pdf(format="A4", print_background=True)
            assert pdf.startswith(b"%PDF") and len(pdf) > 5_000, path.name
            if path.name.endswith("-teacher.html"):
                # Counted from the notebook itself, not from the generator: one per ask("lesson", "key") cell.
                notebook = next(NOTEBOOKS.glob(f"{path.name[:2]}_*.ipynb")).read_text(encoding="utf-8")
                asked = len(re.findall(r'ask\(\\"[a-z_]+\\", \\"[a-z0-9-]+\\"\)', notebook))
                worked = page.locator("ol.worked").count()
                assert worked == asked, f"{path.name}: {worked} worked solutions printed for {asked} exercises"
                assert all(page.locator("ol.worked").nth(i).is_visible() for i in range(worked)), path.name
                solved += worked
    finally:
        context.close()
    assert solved == sum(len(exercises) for exercises in all_exercises().values()), "every exercise solved once"
    assert requested == [], f"the handouts asked for something off the file: {requested}"
