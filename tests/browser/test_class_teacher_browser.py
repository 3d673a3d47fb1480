"""The teacher's page of a class in Chromium (issue 32): students simulated over HTTP (seeded Punto Banco and
Mini sessions, a Chemin de Fer session, answers from lesson pages), and the page drawing what the class played
within a second: the counts and the running shares beside the exact chances, the students' standardized
results beside the bell curve, the share ahead beside lesson 09's curve, the seat-banked game, the class's
answers before and after the answer is shown, and a coup staged for everyone (a bad link refused with the
server's sentence). Screenshots at a phone's, a tablet's and a projector's size, none scrolling sideways.

The page's "Tables for the class": a shared Chemin de Fer table opened from its form (a number the server refuses
shown by its sentence), listed with its seats in words and its links, a student sitting down by that link,
and the table closed after the teacher confirms."""

from __future__ import annotations

import json
import re
import statistics
import time
import urllib.parse
import urllib.request

import pytest
from class_play import play_first_offered
from playwright.sync_api import expect

from baccarat_lessons.content.exercises import ChoiceExercise, all_exercises
from baccarat_lessons.engine.driver import Driver
from baccarat_lessons.engine.errors import BaccaratError
from baccarat_lessons.engine.events import Outcome
from baccarat_lessons.engine.staged_links import parse_link

from .test_class_browser import own_class
from .test_site_browser import watch_console

pytestmark = pytest.mark.browser

SESSIONS = [("Ann", "punto-banco", 3), ("Ben", "punto-banco", 8), ("Chloé", "punto-banco", 12),
            ("<b>Dev</b>", "punto-banco", 20), ("Eli", "punto-banco", 30), ("Fay", "mini-baccarat", 6)]
STAGED = "variant=punto-banco&shoe=9S+KH+2D+3C"
NOT_A_SHOE = "variant=punto-banco&shoe=9S+ZZ"
SIZES = [(390, 844), (768, 1024), (1366, 768)]


def post(url: str, body: dict) -> dict:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


def get(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=30) as answer:
        return json.loads(answer.read())


def play_punto_banco(join: str, name: str, variant: str, coups: int) -> Driver:
    """A student's table over HTTP: joined, ``coups`` 10-chip Banker bets dealt from the class's seed, reported."""
    ticket = post(join + "/join", {"name": name, "variant": variant})
    driver = Driver(variant, seed=ticket["seed"])
    for _ in range(coups):
        driver.act("BET", 1000, "Banker")
        driver.act("DEAL")
    assert post(join + "/report", {"token": ticket["token"], "record": driver.record()})["counted"] == coups
    if name == "Ann":  # the same report again: refused, and listed by its sentence
        assert post(join + "/report", {"token": ticket["token"], "record": driver.record()})["counted"] == 0
    return driver


def play_chemin_de_fer(join: str, coups: int) -> Driver:
    """A Chemin de Fer table over HTTP, its seat taking the first thing offered each turn (class_play.py)."""
    ticket = post(join + "/join", {"name": "Gus", "variant": "chemin-de-fer"})
    driver = play_first_offered(Driver("chemin-de-fer", seed=ticket["seed"]), coups)
    assert post(join + "/report", {"token": ticket["token"], "record": driver.record()})["counted"] == coups
    return driver


def a_choice_exercise() -> tuple[str, ChoiceExercise]:
    for lesson, exercises in all_exercises().items():
        for exercise in exercises:
            if isinstance(exercise, ChoiceExercise):
                return f"{lesson}/{exercise.key}", exercise
    raise AssertionError("the lessons have no choice exercise")


def chips(hundredths: float) -> str:
    text = f"{abs(hundredths) / 100:,.2f}"
    return "−" + text if hundredths < 0 else text


def fits_the_width(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_the_teacher_page_draws_the_class_and_acts_for_it(browser, tmp_path, screenshot):
    with own_class(browser, tmp_path) as (running, context):
        join, teacher = running.join, running.teacher
        page = context.new_page()
        watch_console(page)
        page.set_default_timeout(15_000)
        page.goto(teacher)
        # An empty class: every part says there is nothing yet, and the exact chances are drawn already.
        expect(page.locator("#pool-sentence")).to_have_text(
            "No Punto Banco or Mini coup has been counted yet; the dashed lines are where the shares will head.")
        expect(page.locator("#running-chart line.exact")).to_have_count(3)
        expect(page.locator("#ahead-summary")).to_have_text("No Punto Banco or Mini student has played a coup yet.")
        expect(page.locator("#answer-prompt")).to_have_text("No exercise is on the students' screens.")
        expect(page.locator("#seat-banked-section")).to_be_hidden()

        tables = [play_punto_banco(join, name, variant, coups) for name, variant, coups in SESSIONS]
        banked = play_chemin_de_fer(join, 5)

        # 1. The counts, and the running shares beside the exact chances.
        history = [coup for table in tables for coup in table.table.history]
        expect(page.locator("#coups")).to_have_text(str(len(history) + banked.table.coups_played))
        for result, outcome in (("banker", Outcome.BANKER), ("player", Outcome.PLAYER), ("tie", Outcome.TIE)):
            expect(page.locator(f"#count-{result}")).to_have_text(str(sum(coup.outcome is outcome for coup in history)))
            expect(page.locator(f"#running-chart polyline[data-result={result}]")).to_have_count(1)
            expect(page.locator(f"#running-chart line.exact[data-result={result}]")).to_have_count(1)
        expect(page.locator("#pool-sentence")).to_contain_text("points")

        # 2. Every Punto Banco and Mini student in the histogram; the class's expected loss beside its net.
        nets = [sum(coup.net_of(0) for coup in table.table.history) for table in tables]
        expect(page.locator("#z-histogram svg")).to_have_attribute("data-students", str(len(tables)))
        counts = page.locator("#z-histogram rect.bin").evaluate_all("bins => bins.map(bin => +bin.dataset.count)")
        assert sum(counts) == len(tables)
        expect(page.locator("#z-histogram polyline.curve")).to_have_count(1)
        expect(page.locator("#class-net")).to_have_text(chips(sum(nets)))
        pooled = get(teacher.replace("/teacher?", "/teacher/results.json?"))
        expected = sum(student["expected"] for student in pooled["per_student"] if "expected" in student)
        expect(page.locator("#class-expected")).to_contain_text(chips(round(expected * 100)))
        # The bell curve's 68% is set beside the sessions of 30 coups or more only (Eli's here).
        long = [(student["net"] - student["expected"]) / student["sd"] for student in pooled["per_student"]
                if "expected" in student and student["coups"] >= 30]
        within = sum(abs(z) <= 1 for z in long)
        assert len(long) == 1
        expect(page.locator("#z-sentence")).to_contain_text(
            f"Of the 1 student with 30 coups or more, {within} {'is' if within == 1 else 'are'} within one spread of "
            "their expected result (the bell curve says about 68%)")
        expect(page.locator("#students")).to_have_text(f"{len(tables) + 1} tables")

        # 3. The share ahead, at the median number of coups, beside lesson 09's curve there.
        ahead = sum(net > 0 for net in nets)
        summary = page.locator("#ahead-summary")
        expect(summary).to_contain_text(f"{ahead} of {len(tables)} students are ahead")
        course = get(teacher.replace("/teacher?", "/teacher/course.json?"))
        median = round(statistics.median(coups for _, _, coups in SESSIONS))
        expect(summary).to_contain_text(f"a median of {median} coups; lesson 09's curve gives {100 * course['ahead'][median - 1]:.1f}%")
        expect(page.locator("#ahead-chart polyline.ahead-curve")).to_have_count(1)
        expect(page.locator("#ahead-chart circle.class-mark")).to_have_count(1)

        # 4. The Chemin de Fer table's coups, as bank and as punter.
        game = page.locator("#seat-banked table[data-variant=chemin-de-fer]")
        expect(game).to_contain_text(f"Coups{banked.table.coups_played} coups")
        as_bank = [coup for coup in banked.table.history if coup.banker == 0]
        expect(game).to_contain_text(f"Students holding the bank{len(as_bank)} coup")

        # The refused report, by its sentence; a name is text, never HTML.
        expect(page.locator("#refusals")).to_contain_text("1 × The report holds no coup the class has not counted already.")
        expect(page.locator("#students-table")).to_contain_text("<b>Dev</b>")

        # 5. Class answers: nothing of right or wrong before the answer is shown.
        exercise_id, exercise = a_choice_exercise()
        page.select_option("#exercise", exercise_id)
        expect(page.locator("#answer-prompt")).to_have_text(exercise.prompt)
        right = exercise.choices.index(exercise.correct)
        wrong = next(index for index in range(len(exercise.choices)) if index != right)
        for name, choice in (("Hana", right), ("Ivo", wrong)):
            ticket = post(join + "/join", {"name": name, "variant": None})
            assert post(join + "/answer", {"token": ticket["token"], "exercise": exercise_id, "answer": choice}) == {"taken": True}
        answered = time.monotonic()
        bars = page.locator("#answer-bars li")
        expect(bars).to_have_count(2, timeout=3_000)
        assert time.monotonic() - answered < 2.5, "the answers took more than a poll and a bit to appear"
        expect(page.locator("#answer-bars")).to_contain_text(exercise.choices[right])
        expect(page.locator("#answer-bars")).to_contain_text(exercise.choices[wrong])
        expect(page.locator("#answer-bars li[data-right], #answer-bars li.right, #answer-bars li.wrong")).to_have_count(0)
        expect(page.locator("#right-answer")).to_have_text("")
        expect(page.locator("#answers-section")).not_to_contain_text("✓")
        page.click("#reveal")
        expect(page.locator("#answer-bars li.right[data-right=true]")).to_contain_text(exercise.choices[right])
        expect(page.locator("#answer-bars li.wrong[data-right=false]")).to_contain_text(exercise.choices[wrong])
        expect(page.locator("#right-answer")).to_have_text("The answer: " + exercise.correct)
        expect(page.locator("#reveal")).to_be_disabled()

        # 6. One coup for everyone: a link staged, a bad one refused with the server's sentence.
        page.fill("#stage-link", STAGED)
        page.click("#stage")
        expect(page.locator("#stage-status")).to_have_text(f"Coup 1 staged for everyone: {STAGED}")
        assert get(join + "/stage") == {"id": 1, "link": STAGED}
        with pytest.raises(BaccaratError) as refused:
            parse_link(NOT_A_SHOE)
        page.fill("#stage-link", NOT_A_SHOE)
        page.click("#stage")
        expect(page.locator("#stage-said")).to_have_text(str(refused.value))
        assert get(join + "/stage") == {"id": 1, "link": STAGED}
        expect(page.locator("#stage-status")).to_contain_text(STAGED)

        # 7. The downloads carry the key.
        address = urllib.parse.urlsplit(teacher)
        for name in ("results.json", "results.csv"):
            expect(page.locator(f"#{name[8:]}")).to_have_attribute("href", f"{address.path}/{name}?{address.query}")

        # At a phone's, a tablet's and a projector's size nothing scrolls sideways; the charts are drawn.
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_function("(at) => +document.body.dataset.updated > at", arg=int(time.time() * 1000))
            assert fits_the_width(page), f"the teacher's page scrolls sideways at {width}×{height}"
            for chart in ("#running-chart svg", "#z-histogram svg", "#ahead-chart svg"):
                assert page.locator(chart).bounding_box()["width"] <= width
            page.evaluate("window.scrollTo(0, 0)")
            screenshot(page, f"class-teacher-{width}x{height}")
            screenshot(page.locator("body"), f"class-teacher-{width}x{height}-whole")

        page.click("#clear-stage")
        expect(page.locator("#stage-status")).to_have_text("Nothing is staged: every table deals from its own shoe.")
        expect(page.locator("#stage-said")).to_have_text("")
        assert get(join + "/stage") == {"id": 2, "link": None}
        # Chromium logs the refused stage's 400; nothing else went wrong.
        assert page.console_errors == ["Failed to load resource: the server responded with a status of 400 (Bad Request)"]
        assert context.blocked == []


TABLE_SIZES = [(1366, 768), (768, 1024), (390, 844)]


def test_the_teacher_opens_a_shared_table_and_the_page_lists_it_with_its_links(browser, tmp_path, screenshot):
    with own_class(browser, tmp_path) as (running, context):
        join, teacher = running.join, running.teacher
        page = context.new_page()
        watch_console(page)
        page.set_default_timeout(15_000)
        page.set_viewport_size({"width": 1366, "height": 768})
        page.goto(teacher)
        listing = page.locator("#tables-list")
        expect(listing).to_have_text("No table is open: open one above for the class.")

        # A number the server refuses: its sentence beside the form, and no table.
        page.fill("#table-students", "9")
        page.click("#open-table")
        expect(page.locator("#tables-said")).to_have_text(
            "A Chemin de Fer table seats 2 to 6 students (bots fill the rest).")
        page.select_option("#table-variant", "chemin-de-fer")
        page.fill("#table-students", "3")
        page.click("#open-table")
        card = listing.locator("article.shared-table")
        expect(card).to_have_count(1)
        expect(page.locator("#tables-said")).to_have_text("")
        tables_json = teacher.replace("/teacher?", "/teacher/tables.json?")
        [table] = get(tables_json)["tables"]
        assert (table["variant"], table["seconds"]) == ("chemin-de-fer", 30)

        # The card: the game and id, the seats in words, and the links as absolute addresses.
        address = f"{join}/table/{table['id']}"
        expect(card.locator("h3")).to_have_text(f"Chemin de Fer table {table['id']}")
        expect(card.locator("tbody tr")).to_have_count(6)
        expect(card.locator("tr[data-state=free] td.state")).to_have_text(["free student seat"] * 3)
        expect(card.locator("tr[data-state=bot] td.state")).to_have_text(["bot"] * 3)
        expect(card.locator(".waits")).to_have_text("Waits for a student to sit down.")
        expect(card.locator("a.student-link")).to_have_text(address)
        expect(card.locator("a.student-link")).to_have_attribute("href", address)
        projector = card.locator("a.projector")
        expect(projector).to_have_text("Show on the projector")
        expect(projector).to_have_attribute("href", address + "?watch")
        expect(projector).to_have_attribute("target", "_blank")
        card.locator("button.copy").click()
        expect(card.locator(".copied")).to_have_text(
            re.compile(r"^(Copied\.|The link is selected: press Ctrl\+C)"))

        # A student opens the link and sits down: the card says so within a poll or two.
        student = context.new_page()
        watch_console(student)
        student.goto(address + "?name=Ann")
        expect(student.locator("#table-status")).to_contain_text("You sit at the table as Ann.")
        expect(card.locator("tr[data-state=student] td")).to_have_text(["1", "Ann", "student", "100.00"])
        expect(card.locator("tr[data-state=free]")).to_have_count(2)
        expect(card.locator(".waits")).to_contain_text("Waits for ")

        section = page.locator("#tables-section")
        for width, height in TABLE_SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_function("(at) => +document.body.dataset.updated > at", arg=int(time.time() * 1000))
            assert fits_the_width(page), f"the teacher's page scrolls sideways at {width}×{height}"
            assert card.bounding_box()["width"] <= width
            section.scroll_into_view_if_needed()
            screenshot(section, f"class-teacher-tables-{width}x{height}")

        # Closing asks first; the card goes, the list is empty, and the student's page is told.
        page.once("dialog", lambda dialog: dialog.dismiss())
        card.locator("button.close").click()
        expect(card).to_have_count(1)
        assert [listed["id"] for listed in get(tables_json)["tables"]] == [table["id"]]  # nothing was closed
        page.once("dialog", lambda dialog: dialog.accept())
        card.locator("button.close").click()
        expect(card).to_have_count(0)
        expect(listing).to_have_text("No table is open: open one above for the class.")
        assert get(tables_json) == {"tables": []}
        expect(student.locator("#table-status")).to_have_text(
            "The teacher closed this table. Thank you for playing.")
        # Chromium logs the refused table's 400; nothing else went wrong.
        assert page.console_errors == ["Failed to load resource: the server responded with a status of 400 (Bad Request)"]
        assert student.console_errors == []
        assert context.blocked == []
