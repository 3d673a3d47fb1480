"""Class answers end to end in Chromium (issue 32): the teacher puts an exercise on the students' screens from
the teacher's page; students answer it in the browser edition's lesson pages (one joined by the lesson's own
link, one by the class its tab joined on the tables' page); the answers arrive on the teacher's page as bars,
with nothing marked right until the teacher shows the answer. An answer the lesson cannot read is refused in
the page and never reaches the class."""

from __future__ import annotations

import json
import signal
import urllib.request
from urllib.parse import urlencode

import pytest
from playwright.sync_api import expect

from baccarat_lessons.content.exercises import find

from .conftest import SITE_READY_MS, _free_port, watched_context
from .test_class_browser import addresses, start_class
from .test_site_browser import python_ready, watch_console

pytestmark = pytest.mark.browser

EXERCISE = ("counting_to_nine", "three-card-total")


def pool(teacher: str) -> dict:
    with urllib.request.urlopen(teacher.replace("/teacher?", "/teacher/pool.json?"), timeout=10) as answer:
        return json.loads(answer.read())


def answer_in_lesson(page, text: str) -> None:
    exercise = find(*EXERCISE)
    form = page.locator("form.bl-part-question", has_text=exercise.prompt)
    form.locator("input[name=answer]").fill(text)
    form.locator("button[value=check]").click()


def test_students_answers_in_lesson_pages_reach_the_teacher_s_page(browser, site_url, tmp_path, screenshot):
    db, port, log_path = tmp_path / "class.sqlite", _free_port(), tmp_path / "class.log"
    server = start_class(db, port, log_path)
    context = watched_context(browser)
    try:
        join, teacher = addresses(log_path)
        code = join.rsplit("/", 1)[1]
        screen = context.new_page()
        screen.set_viewport_size({"width": 1366, "height": 768})
        screen.goto(teacher)
        screen.select_option("#exercise", "/".join(EXERCISE))
        exercise = find(*EXERCISE)
        expect(screen.locator("#answer-prompt")).to_have_text(exercise.prompt)

        # Ann follows the lesson's own link to the class.
        ann = context.new_page()
        watch_console(ann)
        ann.goto(f"{site_url}01_counting_to_nine.html?{urlencode({'class': join, 'name': 'Ann'})}")
        python_ready(ann)
        expect(ann.locator("#lesson-message")).to_have_text(
            f"Your answers to this lesson's exercises go to class {code} as Ann, as well as being checked here.")
        answer_in_lesson(ann, "seven")  # not a number: refused here, nothing sent
        form = ann.locator("form.bl-part-question", has_text=exercise.prompt)
        expect(form.locator("[data-slot=said]")).to_contain_text("'seven' is not a number")
        answer_in_lesson(ann, exercise.answer)
        expect(form.locator("[data-slot=said]")).to_have_text(f"Sent to class {code}.", timeout=SITE_READY_MS)
        expect(form.locator("[data-slot=feedback]")).to_contain_text("Right.")

        # Ben joined on the tables' page; the lesson he opens from that tab sends to the same class.
        ben = context.new_page()
        watch_console(ben)
        ben.goto(f"{site_url}?{urlencode({'class': join, 'name': 'Ben'})}")
        python_ready(ben)
        expect(ben.locator("#class-status")).to_contain_text("as Ben", timeout=SITE_READY_MS)
        ben.goto(f"{site_url}01_counting_to_nine.html")
        python_ready(ben)
        wrong = str(int(exercise.answer) + 2)
        answer_in_lesson(ben, wrong)
        ben_form = ben.locator("form.bl-part-question", has_text=exercise.prompt)
        expect(ben_form.locator("[data-slot=said]")).to_have_text(f"Sent to class {code}.", timeout=SITE_READY_MS)

        bars = screen.locator("#answer-bars li")
        expect(bars).to_have_count(2)
        expect(screen.locator("#answer-bars")).to_contain_text(exercise.answer)
        expect(screen.locator("#answer-bars")).to_contain_text(wrong)
        expect(screen.locator("#answer-bars li.right, #answer-bars li.wrong")).to_have_count(0)
        asked = pool(teacher)["answers"]
        assert asked["answered"] == 2 and sorted(entry["answer"] for entry in asked["given"]) == sorted([exercise.answer, wrong])
        screenshot(screen, "class-answers-before")
        screen.click("#reveal")
        expect(screen.locator("#answer-bars li.right")).to_contain_text(exercise.answer)
        expect(screen.locator("#answer-bars li.wrong")).to_contain_text(wrong)
        screenshot(screen, "class-answers-shown")
        screenshot(ann, "class-answers-lesson")
        assert ann.console_errors == [] and ben.console_errors == [], (ann.console_errors, ben.console_errors)
        assert context.blocked == [], f"a page asked a server other than 127.0.0.1: {context.blocked}"
    finally:
        context.close()
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
