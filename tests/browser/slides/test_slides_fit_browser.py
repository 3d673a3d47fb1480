"""Live widgets and the rules that fit their slides, on a projector (the teacher's path, continued from
test_slides_browser.py; the JupyterLab and the lessons' copies are this folder's conftest.py's).

A house-banked lesson and each seat-banked layout (02, 04, 05 and 06) are presented at 1920 x 1080 (02
and 04 again at 1280 x 720): JupyterLab shows no news prompt over the lesson, and on every slide with all
its fragments shown, the live table's bet spots and Deal (or the decision's buttons and the controls), the
guide's Restart / Back / Next, every hand on the felt and every part of the complete rules are inside the
slide, which does not scroll. At a seat-banked table it then plays on, decision by decision through
several coups, and measures the slide again after each (at 1920 x 1080; the smaller size checks the
slides as they open).
"""

from __future__ import annotations

import pytest

from .conftest import FITTED, SMALL_PROJECTOR, Lab, _lesson_run_in_lab, _projector, each_step, open_slides

pytestmark = pytest.mark.browser


MEASURE_FIT = """() => {
  const slide = document.querySelector('.reveal .slides > section.present > section.present');
  const box = slide.getBoundingClientRect();
  const shown = node => node.getBoundingClientRect().height > 0 && !node.closest('.fragment:not(.visible)');
  const parts = selector => [...slide.querySelectorAll(selector)].filter(shown).map(node => {
    const r = node.getBoundingClientRect();
    return {what: selector, text: node.textContent.trim().slice(0, 30),
            inside: r.top >= box.top - 1 && r.bottom <= box.bottom + 1 && r.left >= box.left - 1 && r.right <= box.right + 1};
  });
  const first = slide.parentElement.querySelector(':scope > section');
  return {
    id: slide.id, scrolls: slide.scrollHeight > slide.clientHeight + 1, height: slide.scrollHeight,
    table: !!slide.querySelector('.bl-table .bls'), guide: !!slide.querySelector('.bl-guide'),
    rules: /^The complete rules/.test((first.querySelector('h2') || {}).textContent || ''),
    spots: parts('.bl-table .bls-spot'), deal: parts('.bl-table .bl-deal'),
    decision: parts('.bl-table .bls-decision button, .bl-table .bls-controls button'),
    guideButtons: parts('.bl-guide .bl-guide-restart, .bl-guide .bl-guide-back, .bl-guide .bl-guide-next'),
    hands: parts('.bl-table .bls-hand'), handsDrawn: slide.querySelectorAll('.bl-table .bls-hand').length,
  };
}"""
NEWS_PROMPT = "official Jupyter news"
# A 1280 x 720 projector shows the same 1280 x 720 slides unscaled (only the window's media queries
# differ): checked again there for the house-banked lesson and the first seat-banked one, as they open.
# The Banque lessons are played through at 1920 x 1080 only: each pass costs a deck stepped through again,
# and the test run is kept under twelve minutes.
SMALL_CHECKED = FITTED[:2]


def _fit_of_every_slide(slides, name: str, screenshot, play: bool = False) -> dict[str, dict]:
    """Space from the first slide to the last; each subslide's fit with all its fragments shown, by id.
    A table's, a guide's and the rules' slides are pictured (named with the window's size)."""
    size = "{width}x{height}".format(**slides.viewport_size)
    seen: dict[str, dict] = {}
    for _ in each_step(slides):
        fit = slides.evaluate(MEASURE_FIT)
        seen[fit["id"]] = fit
        if fit["table"] or fit["guide"] or fit["rules"]:
            screenshot(slides, f"slides_fit_{name}_{fit['id']}_{size}")
        if play and fit["table"] and fit["decision"] and not fit["spots"]:
            fit["played"] = _play_on(slides, f"{name}_{size}", screenshot)
            # The deck's keys again, not the table's last button (Space would press it): as a teacher
            # clicks the slide's margin before going on.
            slides.evaluate("() => document.activeElement && document.activeElement.blur()")
            slides.locator(".reveal").focus()
    return seen


TAKE_ACTION = ".reveal section.present > section.present .bl-table .bls-decision button.bls-action:enabled"
SHOW_ALL = """() => [...document.querySelectorAll('.reveal section.present > section.present .bl-table .bls-controls button')]
  .filter(button => !button.disabled && button.textContent.trim() === 'Show all').forEach(button => button.click())"""
CONTROL = ".reveal section.present > section.present .bl-table .bls-controls button:enabled"


def _play_on(slides, name: str, screenshot, decisions: int = 10) -> list[dict]:
    """At a seat-banked table, play on from the slide: take each decision's first action (take the bank,
    draw, continue, banco…) or the next coup, revealing the cards at once, and measure the slide after each.
    A busy coup (six hands of stakes, the bank's banner, your decision) is what used to run off the slide."""
    fits = []
    for step in range(decisions):
        for _ in range(60):  # until the kernel has answered and the coup waits on you (or on Next coup)
            # The cards at once, not one by one. Clicked in the page, in one step: the button turns itself off
            # when the reveal ends, so a click that first looked and then waited could wait forever.
            slides.evaluate(SHOW_ALL)
            slides.wait_for_timeout(500)  # polling, not a time limit on the page
            if slides.locator(TAKE_ACTION).count() or slides.locator(CONTROL, has_text="Next coup").count():
                break
        fit = slides.evaluate(MEASURE_FIT)
        fits.append(fit)
        screenshot(slides, f"slides_fit_{name}_coup-step-{step}")
        action = slides.locator(TAKE_ACTION)
        if action.count():
            action.first.click()
            continue
        following = slides.locator(CONTROL, has_text="Next coup")
        if not following.count():
            break
        following.first.click()
    return fits


def _present(context, where: Lab, lesson: str, screenshot, play: bool = False) -> dict[str, dict]:
    """The lesson's slideshow in a new page of ``context``, stepped through: the fit of every subslide."""
    slides = open_slides(context, where, lesson)
    slides.locator(".reveal").focus()
    return _fit_of_every_slide(slides, lesson[3:-6], screenshot, play)


@pytest.mark.parametrize("lesson", FITTED, ids=lambda name: name[3:-6])
def test_live_widgets_and_the_rules_fit_their_slides_on_a_projector(browser, lessons_in_lab, screenshot, lesson):
    context = _projector(browser)
    name = lesson[3:-6]
    try:
        lab = _lesson_run_in_lab(context, lessons_in_lab, lesson, screenshot)
        # The launcher's settings answer JupyterLab's news question: no prompt over the lesson.
        toasts = lab.locator(".jp-Notification-Toast, .Toastify__toast", has_text=NEWS_PROMPT)
        assert toasts.count() == 0 and NEWS_PROMPT not in lab.locator("body").inner_text()
        screenshot(lab, f"slides_fit_{name}_lab")

        fits = _present(context, lessons_in_lab, lesson, screenshot, play=True)  # played on at one size
        small_fits = None
        if lesson in SMALL_CHECKED:
            small = _projector(browser, SMALL_PROJECTOR)
            try:
                small_fits = _present(small, lessons_in_lab, lesson, screenshot)
            finally:
                small.close()
    finally:
        context.close()

    _assert_widgets_and_rules_fit(lesson, fits, played=True)
    if small_fits is not None:
        assert sorted(small_fits) == sorted(fits)
        _assert_widgets_and_rules_fit(lesson, small_fits)


def _assert_widgets_and_rules_fit(lesson: str, fits: dict[str, dict], played: bool = False) -> None:
    tables = [fit for fit in fits.values() if fit["table"]]
    guides = [fit for fit in fits.values() if fit["guide"]]
    rules = [fit for fit in fits.values() if fit["rules"]]
    assert len(tables) == 1 and len(guides) == 1, sorted(fits)
    assert len(rules) >= 2, f"the complete rules should be several slides: {sorted(fits)}"
    for fit in [*tables, *(step for table in tables for step in table.get("played", []))]:
        # Every hand drawn is shown and on the slide (reveal.js once hid a hand it took for a slide).
        assert fit["handsDrawn"] >= 2 and len(fit["hands"]) == fit["handsDrawn"], (fit["id"], fit["hands"])
        assert all(part["inside"] for part in fit["hands"]), (fit["id"], fit["hands"])
    for fit in tables:
        controls = fit["spots"] + fit["deal"] if fit["spots"] else fit["decision"]
        assert controls, f"{fit['id']}: no bet spot, Deal or decision on the Play slide"
        assert all(part["inside"] for part in controls), (fit["id"], [p for p in controls if not p["inside"]])
    for fit in guides:
        assert len(fit["guideButtons"]) == 3, fit["guideButtons"]
        assert all(part["inside"] for part in fit["guideButtons"]), (fit["id"], fit["guideButtons"])
    for fit in [*tables, *guides, *rules]:
        assert not fit["scrolls"], f"{fit['id']} is {fit['height']} px tall: it scrolls"
    for table in tables:
        steps = table.get("played", [])
        if played and not table["spots"]:  # a seat-banked table: a coup in full must fit too, decision by decision
            assert len(steps) >= 6, f"{lesson}: only {len(steps)} steps of play measured"
        for step, fit in enumerate(steps):
            assert fit["decision"], f"{lesson}, step {step}: no decision or control on the slide"
            assert all(part["inside"] for part in fit["decision"]), (lesson, step, [p for p in fit["decision"] if not p["inside"]])
            assert not fit["scrolls"], f"{lesson}, step {step} of play: the slide is {fit['height']} px tall"
    print(f"{lesson}: Play {[t['height'] for t in tables]}, guide {[g['height'] for g in guides]}, "
          f"rules {[r['height'] for r in rules]} (slide px, 720 fit)")
