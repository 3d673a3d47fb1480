"""The sixteen lessons as pages of the browser edition (issue 31, build item 4), in Chromium.

Every lesson page opens with nothing fetched from anywhere but 127.0.0.1, shows its charts, and its
live parts come alive in the page's Python: each table plays, each explorer answers, an exercise is
answered right and wrong, a round is staged, a guide steps. One browser context visits them all, as a
student going through the course would: the first page keeps Python's snapshot, the others start from it.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from baccarat_lessons.content.exercises import ChoiceExercise, find

from .conftest import SITE_READY_MS, watched_context
from .test_app_browser import check_round_settled, play_round
from .test_site_browser import python_ready, watch_console

pytestmark = pytest.mark.browser

LESSONS = ("00_start_here", "01_counting_to_nine", "02_punto_banco", "03_mini_baccarat", "04_chemin_de_fer",
           "05_banque_ouverte", "06_banque_limitee", "07_exact_odds", "08_spread", "09_law_of_large_numbers",
           "10_betting_systems_and_roads", "11_card_counting", "12_ruin_and_bet_size", "13_third_card",
           "14_game_theory", "15_history_and_legends")


@pytest.fixture(scope="module")
def lesson_context(browser):
    context = watched_context(browser)
    yield context
    assert context.blocked == [], f"a lesson page asked a server other than 127.0.0.1: {context.blocked}"
    context.close()


def open_lesson(context, site_url, name):
    page = context.new_page()
    watch_console(page)
    page.set_default_timeout(30_000)
    page.goto(f"{site_url}{name}.html")
    python_ready(page)
    return page


def test_the_index_lists_every_lesson_and_each_page_exists(site_dir):
    index = (site_dir / "index.html").read_text()
    links = re.findall(r'<li><a href="([0-9]{2}_[a-z_]+\.html)">', index)
    assert tuple(link[:-5] for link in links) == LESSONS
    assert all((site_dir / link).is_file() for link in links)


@pytest.mark.parametrize("name", LESSONS)
def test_every_lesson_page_opens_shows_its_charts_and_its_parts_come_alive(lesson_context, site_url, name, screenshot):
    page = open_lesson(lesson_context, site_url, name)
    try:
        assert page.locator(".bl-cell").count() > 5 and page.locator(".bl-cell pre.jp-InputArea, .jp-CodeCell").count() == 0
        for chart in page.locator(".bl-chart img").all():
            chart.scroll_into_view_if_needed()
            assert chart.evaluate("(img) => img.complete && img.naturalWidth > 100"), f"{name}: a chart did not load"
        # Each table plays in the page's Python: its state is Python's (data-live), and a coup settles.
        for table in page.locator(".bl-part-table").all():
            expect(table).to_have_attribute("data-live", "true", timeout=SITE_READY_MS)
        # Each form answers: a question says right or wrong, an explorer redraws, the drill checks.
        for form in page.locator("form.bl-part-drawing-explorer").all():
            form.locator("select[name=banker_total]").select_option("6")
            form.locator("select[name=third_card]").select_option(label="7")
            expect(form.locator("[data-slot=verdict]")).to_contain_text("Draws.")
        # A lab that needs numpy is shown as it ran at build time, with its results, and says so.
        for shown in page.locator(".bl-part-shown").all():
            expect(shown).to_contain_text("result per chip staked")
            expect(shown).to_contain_text("numpy, which the Python in this page does not have")
        screenshot(page, f"site-lesson-{name}")
        assert page.console_errors == [], f"{name}: {page.console_errors}"
    finally:
        page.close()


def test_an_exercise_answered_wrong_then_right_and_a_bad_answer_refused(lesson_context, site_url):
    page = open_lesson(lesson_context, site_url, "01_counting_to_nine")
    exercise = find("counting_to_nine", "three-card-total")
    form = page.locator("form.bl-part-question", has_text=exercise.prompt)
    box, check = form.locator("input[name=answer]"), form.locator("button[value=check]")
    box.fill("7")
    check.click()
    expect(form.locator("[data-slot=feedback]")).to_contain_text("Not quite.")
    box.fill("seven")
    check.click()
    expect(form.locator("[data-slot=said]")).to_contain_text("'seven' is not a number")
    expect(form.locator("[data-slot=feedback]")).to_contain_text("Not quite.")  # the refusal changed nothing
    box.fill(exercise.answer)
    check.click()
    expect(form.locator("[data-slot=feedback]")).to_contain_text(f"Right. {exercise.explanation}")
    choice = find("exact_odds", "lowest-edge")
    assert isinstance(choice, ChoiceExercise)
    odds = open_lesson(lesson_context, site_url, "07_exact_odds")
    form = odds.locator("form.bl-part-question", has_text=choice.prompt)
    form.locator("button[value=check]").click()
    expect(form.locator("[data-slot=said]")).to_contain_text("Choose one of the answers first.")
    wrong = next(words for words in choice.choices if words != choice.correct)
    form.get_by_label(wrong, exact=True).check()
    form.locator("button[value=check]").click()
    expect(form.locator("[data-slot=feedback]")).to_contain_text("Not quite.")
    form.get_by_label(choice.correct, exact=True).check()
    form.locator("button[value=check]").click()
    expect(form.locator("[data-slot=feedback]")).to_contain_text("Right.")
    assert page.console_errors == [] and odds.console_errors == []
    page.close()
    odds.close()


def test_a_lesson_table_plays_a_round_and_the_odds_explorer_takes_cards_out(browser, lesson_context, site_url):
    # A context of its own: in the shared one, lesson 02's table kept a session on its first visit and
    # resumes it on this one, a redraw that a click made just before it would answer too late (ignored
    # by design, surface/state.py); here the table starts fresh.
    fresh = watched_context(browser)
    page = open_lesson(fresh, site_url, "02_punto_banco")
    table = page.locator(".bl-part-table .bl-table").first
    expect(page.locator(".bl-part-table").first).to_have_attribute("data-live", "true", timeout=SITE_READY_MS)
    before = play_round(table, "10", "banker")
    check_round_settled(table, before)
    odds = open_lesson(lesson_context, site_url, "07_exact_odds")
    explorer = odds.locator("form.bl-part-odds-explorer")
    box = explorer.locator("input[name=removed]")
    box.fill("5 5 5 5")
    box.dispatch_event("change")
    expect(explorer.locator("[data-slot=summary]")).to_contain_text("412 cards in the shoe")
    box.fill("5 Z")
    box.dispatch_event("change")
    expect(explorer.locator("[data-slot=said]")).to_contain_text("not a card rank")
    expect(explorer.locator("[data-slot=summary]")).to_contain_text("412 cards in the shoe")
    assert page.console_errors == [] and odds.console_errors == [] and fresh.blocked == []
    fresh.close()
    odds.close()


def test_the_drill_a_staged_round_and_a_staged_coup_in_the_page(lesson_context, site_url, screenshot):
    page = open_lesson(lesson_context, site_url, "01_counting_to_nine")
    drill = page.locator("form.bl-part-totals-drill")
    drill.locator("input[name=answer]").fill("3")
    drill.locator("button[value=check]").click()
    expect(drill.locator("[data-slot=score]")).to_contain_text("out of 1.")
    drill.locator("button[value=next]").click()
    expect(drill.locator("input[name=answer]")).to_have_value("")
    start = open_lesson(lesson_context, site_url, "00_start_here")
    staged = start.locator("form.bl-part-staged-round")
    staged.locator("input[name=cards]").fill("2S AC 2H 2D 7C 5H")
    staged.locator("button[value=stage]").click()
    guide = staged.locator("[data-slot=guide] .bl-guide")
    expect(guide.locator(".bl-guide-title")).to_have_text("Banker has 3 and Player's third card is a 7: Banker draws. Banker wins, 8 to 1.")
    guide.locator(".bl-guide-end").click()
    expect(guide.locator(".bl-guide-count")).to_have_text("Step 9 of 9")
    coup = start.locator(".bl-part-table", has=start.locator(".bl-staged-heading"))
    expect(coup).to_have_attribute("data-live", "true", timeout=SITE_READY_MS)
    expect(coup.locator(".bls-action", has_text="Draw")).to_be_visible()
    screenshot(start, "site-lesson-staged")
    assert page.console_errors == [] and start.console_errors == []
    page.close()
    start.close()


@pytest.mark.parametrize("width,height", [(390, 844), (768, 1024), (1366, 768)])
def test_a_lesson_presents_as_slides_on_every_screen(lesson_context, site_url, width, height, screenshot):
    page = open_lesson(lesson_context, site_url, "02_punto_banco")
    page.set_viewport_size({"width": width, "height": height})
    page.locator(".bl-present-toggle").click()
    counter = page.locator(".bl-slide-count")
    first = counter.inner_text()
    assert first.startswith("1 / ")
    shown = page.locator(".bl-cell.bl-on-slide")
    assert 0 < shown.count() < page.locator(".bl-cell").count()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Shift+Space")
    assert counter.inner_text() != first and shown.count() > 0
    assert page.evaluate("document.documentElement.scrollWidth") <= width + 1, "the slide scrolls sideways"
    screenshot(page, f"site-lesson-slides-{width}")
    page.keyboard.press("Home")
    assert counter.inner_text() == first
    # T shows the teacher's notes of the slide shown (the lessons' words say so), T again hides them.
    notes = page.locator(".bl-cell[data-slide=notes].bl-on-slide")
    page.keyboard.press("t")
    for _ in range(12):
        if notes.count():
            break
        page.keyboard.press("ArrowRight")
    assert notes.count() > 0 and notes.first.is_visible()
    page.keyboard.press("t")
    assert notes.count() == 0
    page.keyboard.press("Escape")
    assert page.locator(".bl-cell:visible").count() == page.locator(".bl-cell").count()
    page.close()
