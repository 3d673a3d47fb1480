"""A lesson presented as slides with jupyterlab-rise, with no network: the teacher's path.

JupyterLab is started as ``baccarat-lessons lab`` starts it (``baccarat_lessons.lab``:
the package's ``jupyter_data`` on ``JUPYTER_PATH``, nothing installed into the
environment by hand) on a free port of 127.0.0.1, with no token, its settings,
workspaces and runtime files in a temporary folder: one JupyterLab for the module, in which each test
has its own copy of the lessons and its own workspace.
The test does what the README tells a teacher: open the lesson, *Run → Run All
Cells*, save, then open the slideshow at ``/rise/<path of the notebook>``. It steps
to the third slide with the keyboard, checks that slide shows the lesson's own
text and a widget that answers a click (so the widgets are live, served by the
kernel the notebook ran in), and checks that every request either page made
went to 127.0.0.1.

A second test presents two lessons on a 1920 x 1080 projector, as a teacher would: Run All,
*Alt + R* (the deck must open on its first slide even though Run All leaves the last cell
selected), then the full-screen ``/rise/`` page stepped through with *Space* from the first
slide to the last. On every step it measures what is shown: text at least 28 px and headings
larger, no code input, every slide inside the screen with nothing cut off (a slide taller than
the screen scrolls inside its own box, and its last line can be scrolled into view), speaker
notes present but not on the slide. Screenshots go to ``tests/screenshots/``.

That the live widgets and the rules fit their slides is test_slides_fit_browser.py's; the JupyterLab
both files start is this folder's conftest.py's.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from ..conftest import OFF_MACHINE
from .conftest import (LESSON, LOAD_MS, LOCAL, NOTEBOOKS, POSITION, PROJECTED, _lesson_run_in_lab, _projector, each_step,
                       _run_all_and_save, open_slides)

pytestmark = pytest.mark.browser

MIN_TEXT_PX = 28


def _slide_titles(notebook: Path) -> list[str]:
    """The first line of each cell that starts a slide, in order (what the deck must show)."""
    cells = json.loads(notebook.read_text())["cells"]
    return [
        "".join(cell["source"]).splitlines()[0].lstrip("# ").strip()
        for cell in cells
        if cell["metadata"].get("slideshow", {}).get("slide_type") == "slide"
    ]


def test_a_lesson_opens_as_slides_with_live_widgets_and_no_network(browser, lessons_in_lab, screenshot):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    requested: list[str] = []
    context.on("request", lambda request: requested.append(request.url))

    def refuse(route):  # recorded above; refused so that the test never depends on a network
        route.abort()

    context.route(OFF_MACHINE, refuse)
    try:
        lab = context.new_page()
        lab.on("websocket", lambda socket: requested.append(socket.url))
        lab.set_default_timeout(LOAD_MS)
        _run_all_and_save(lab, lessons_in_lab, LESSON, screenshot)

        slides = context.new_page()
        slides.on("websocket", lambda socket: requested.append(socket.url))
        slides.set_default_timeout(LOAD_MS)
        slides.goto(lessons_in_lab.rise(LESSON))
        first = slides.locator(".reveal .slides > section.present")
        first.wait_for(state="visible")
        titles = _slide_titles(NOTEBOOKS / LESSON)
        assert titles[0].casefold() in first.inner_text().casefold()  # the theme upper-cases headings

        # Space steps through fragments too; press until reveal.js shows the third slide.
        slides.locator(".reveal").focus()
        for _ in range(12):
            if re.search(r"#/slide-2-0$", slides.url):
                break
            slides.keyboard.press("Space")
            slides.wait_for_timeout(300)  # lets reveal.js finish its transition; no assert on time
        assert re.search(r"#/slide-2-0$", slides.url), slides.url
        # The third slide itself, not "whichever slide is shown": a Space pressed too early must not
        # make the test look for the guide on the fourth.
        third = slides.locator(".reveal .slides > section").nth(2)
        assert titles[2].casefold() in third.inner_text().casefold()  # "The illustrated guide", from the notebook

        # Show the fragment (the guide widget) and prove the widget is live: Next moves the guide on. The
        # widget is drawn once the page's widget manager has the kernel's models, which on a busy machine
        # can be well after the slide is shown; it is in the slide (hidden, as a fragment) before it is
        # shown, so Space is pressed only once it is there, and only while the deck is still on slide 3.
        next_button = third.locator(".widget-button", has_text="Next").first
        try:
            next_button.wait_for(state="attached")
        except PlaywrightTimeoutError:
            screenshot(slides, "slides_debug_third")
            raise AssertionError(f"the guide was never drawn on {slides.url}: {third.inner_text()[:400]!r}") from None
        for _ in range(3):
            if next_button.is_visible():
                break
            slides.keyboard.press("Space")
            slides.wait_for_timeout(300)
            assert re.search(r"#/slide-2-", slides.url), f"Space left the third slide: {slides.url}"
        guide = third.locator(".jupyter-widgets").filter(has=slides.locator(".widget-button", has_text="Next")).first
        guide.wait_for(state="visible")
        before = guide.inner_text()
        third.locator(".widget-button", has_text="Next").first.click()
        slides.wait_for_function(
            "([node, before]) => node.innerText !== before", arg=[guide.element_handle(), before]
        )
        assert "Loading widget" not in third.inner_text()
        path = screenshot(slides, "slides_02_third_slide")
        assert path.stat().st_size > 0
    finally:
        context.close()

    off_machine = sorted({url for url in requested if not LOCAL.match(url)})
    assert requested, "no request was recorded"
    assert off_machine == [], f"the slides asked for something off this machine: {off_machine}"


# What the present slide shows, measured in the page. Sizes are as rendered on the screen: the
# computed font size times reveal.js's scale of the slide box (its transform). A heading is a
# slide's own (Markdown) heading; a widget's small headings count as text.
MEASURE_SLIDE = """() => {
  const slides = document.querySelector('.reveal .slides');
  const scale = slides.getBoundingClientRect().width / slides.offsetWidth;
  const slide = document.querySelector('.reveal .slides > section.present > section.present');
  const shown = node => {
    const style = getComputedStyle(node);
    const box = node.getBoundingClientRect();
    return style.visibility === 'visible' && style.opacity !== '0' && box.width > 0 && box.height > 0
      && !node.closest('.fragment:not(.visible)');
  };
  const texts = [];
  const walker = document.createTreeWalker(slide, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const text = walker.currentNode.textContent.trim();
    const node = walker.currentNode.parentElement;
    if (!text || node.closest('aside.notes, svg, style, script') || !shown(node)) continue;
    texts.push({text: text.slice(0, 40), px: parseFloat(getComputedStyle(node).fontSize) * scale,
                heading: !!node.closest('.jp-MarkdownCell') && !!node.closest('h1, h2, h3, h4, h5, h6')});
  }
  const inputs = [...slide.querySelectorAll(
      '.jp-CodeCell .jp-Cell-inputWrapper, .jp-InputArea-editor, .cm-editor, .jp-InputPrompt, .jp-OutputPrompt')]
    .filter(node => node.getBoundingClientRect().height > 0).length;
  const box = slide.getBoundingClientRect();
  const overflowY = getComputedStyle(slide).overflowY;
  const scrolls = slide.scrollHeight > slide.clientHeight + 1;
  // Scroll to the end: the last cell's bottom must then be inside the slide's box.
  slide.scrollTop = slide.scrollHeight;
  const cells = [...slide.querySelectorAll('.jp-Cell')].filter(cell => !cell.closest('aside.notes'));
  const last = cells.length ? cells[cells.length - 1].getBoundingClientRect() : box;
  const widest = Math.max(0, ...cells.map(cell => cell.getBoundingClientRect().right));
  const result = {
    id: slide.id, scale, texts, inputs, scrolls, overflowY,
    box: {top: box.top, left: box.left, bottom: box.bottom, right: box.right},
    lastBottom: last.bottom, widest, sideways: slide.scrollWidth > slide.clientWidth + 1,
    viewport: {width: innerWidth, height: innerHeight},
    notes: slide.querySelectorAll('aside.notes').length,
    notesShown: [...slide.querySelectorAll('aside.notes')].filter(node => node.getBoundingClientRect().height > 0).length,
  };
  slide.scrollTop = 0;
  return result;
}"""
# Where the deck is: the present subslide and how many of its fragments are shown.
def _step_through(slides, name: str, screenshot) -> dict[str, dict]:
    """Press Space from the first slide to the last; the measurements of each subslide with all
    its fragments shown (its last step), by subslide id."""
    seen: dict[str, dict] = {}
    for position in each_step(slides):
        seen[position.split(":")[0]] = slides.evaluate(MEASURE_SLIDE)
        screenshot(slides, f"slides_{name}_{position.split(':')[0]}")  # the last step of a slide stays
    return seen


@pytest.mark.parametrize("lesson", PROJECTED, ids=lambda name: name[3:-6])
def test_a_lesson_on_a_projector_is_large_fits_and_shows_no_code(browser, lessons_in_lab, screenshot, lesson):
    context = _projector(browser)
    name = lesson[3:-6]
    try:
        lab = _lesson_run_in_lab(context, lessons_in_lab, lesson, screenshot)
        # Run All leaves the last cell selected; Alt + R must still open the deck on its first slide.
        active = lab.locator(".jp-Notebook .jp-Cell.jp-mod-active")
        assert active.count() == 1
        lab.keyboard.press("Escape")
        lab.keyboard.press("Alt+r")
        preview = lab.frame_locator("iframe[src*='/rise/']")
        preview.locator(".reveal .slides > section.present > section.present").wait_for(state="visible")
        lab.wait_for_timeout(1000)  # the preview finishes laying out before the picture
        screenshot(lab, f"slides_{name}_alt_r")
        assert preview.locator(".reveal .slides > section.present > section.present").get_attribute("id") == "slide-0-0"

        slides = open_slides(context, lessons_in_lab, lesson)
        assert slides.evaluate(POSITION) == "slide-0-0:0", "the deck must open on its first slide"
        slides.locator(".reveal").focus()
        measured = _step_through(slides, name, screenshot)
    finally:
        context.close()

    subslides = [slide for slide in measured.values()]
    total = len(re.findall(r'"slide_type": "(?:slide|subslide)"', (NOTEBOOKS / lesson).read_text()))
    assert len(subslides) == total, f"stepped through {sorted(measured)}, expected {total} slides"
    body_sizes, heading_sizes = [], []
    for slide in subslides:
        where = slide["id"]
        assert slide["scale"] >= 1.4, (where, slide["scale"])  # reveal.js scaled the 1280 x 720 slide
        assert slide["inputs"] == 0, f"{where}: a code input or prompt is visible"
        assert slide["notesShown"] == 0, f"{where}: speaker notes are on the slide"
        box, viewport = slide["box"], slide["viewport"]
        assert box["top"] >= -1 and box["left"] >= -1, (where, box)
        assert box["bottom"] <= viewport["height"] + 1 and box["right"] <= viewport["width"] + 1, (where, box)
        if slide["scrolls"]:  # taller than the screen: it must scroll inside its box, to its last line
            assert slide["overflowY"] in ("auto", "scroll"), (where, slide["overflowY"])
        assert slide["lastBottom"] <= box["bottom"] + 1, f"{where}: its end cannot be reached"
        assert not slide["sideways"] and slide["widest"] <= box["right"] + 1, f"{where}: cut off on the right"
        small = [text for text in slide["texts"] if not text["heading"] and text["px"] < MIN_TEXT_PX]
        assert not small, f"{where}: text below {MIN_TEXT_PX} px: {small[:5]}"
        body_sizes += [text["px"] for text in slide["texts"] if not text["heading"]]
        heading_sizes += [text["px"] for text in slide["texts"] if text["heading"]]
    assert body_sizes and heading_sizes
    usual_body = max(set(body_sizes), key=body_sizes.count)
    assert min(heading_sizes) > usual_body, (min(heading_sizes), usual_body)
    assert sum(slide["notes"] for slide in subslides) >= 1, "the lesson has speaker notes"
    print(f"{lesson}: {len(subslides)} slides, body text {min(body_sizes):.1f}-{max(body_sizes):.1f} px "
          f"(usually {usual_body:.1f}), headings {min(heading_sizes):.1f}-{max(heading_sizes):.1f} px, "
          f"scrolling slides: {[slide['id'] for slide in subslides if slide['scrolls']]}")


# What must be inside the present slide, with all its fragments shown: a live table's bet spots and Deal
# (or your decision's buttons and the controls), a guide's Restart / Back / Next, and each part of the
# complete rules; and the slide must not scroll. Boxes are the screen's, after reveal.js's scaling.
