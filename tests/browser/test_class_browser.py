"""The classroom in Chromium (issue 32): `baccarat-lessons class` and its students.

- a student's browser-edition page joining by link, the teacher's page pooling the coups within a second, and
  a class server killed (SIGKILL) and started again on its database mid-class, losing no counted coup while
  the pages carry on;
- five students at once, four on the app's server (Voilà: the kernel joins and reports) and one in the
  browser edition, pooled on the teacher's page and in results.json coup for coup;
- the "Join a class" form of each edition, and a coup the teacher stages opening at a joined table;
- class answers end to end: the teacher puts an exercise on the students' screens; students answer it in the
  browser edition's lesson pages (one joined by the lesson's own link, one by the class its tab joined on the
  tables' page); the answers arrive as bars, nothing marked right until the teacher shows the answer, and an
  answer the lesson cannot read is refused in the page and never sent.

These tests share one file because each needs the built site: one worker waits for its build.
"""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from urllib.parse import urlencode

import pytest
from playwright.sync_api import expect

from baccarat_lessons.content.exercises import find
from baccarat_lessons.widgets.app.joined_class import ADDRESS_PROBLEM, NAME_PROBLEM

from .conftest import PAGE_READY_MS, SITE_READY_MS, _free_port, _wait_for_port, watched_context
from .test_app_browser import balance, check_round_settled, play_round, table_of
from .test_site_browser import open_site, python_ready, watch_console

pytestmark = pytest.mark.browser


def start_class(db, port, log_path) -> subprocess.Popen:
    with open(log_path, "ab") as log:
        server = subprocess.Popen([sys.executable, "-m", "baccarat_lessons.cli", "class", "--db", str(db), "--port", str(port)],
                                  stdout=log, stderr=subprocess.STDOUT)
    _wait_for_port(port, server, log_path)
    return server


def addresses(log_path) -> tuple[str, str]:
    text = log_path.read_text()
    return re.findall(r"Students join with: (\S+)", text)[-1], re.findall(r"(http://\S+/teacher\?key=\S+)", text)[-1]


class OwnClass:
    """A class server of one test's own, on a database in ``folder``: its addresses, and killed (SIGKILL),
    started again on the same database and port, or stopped."""

    def __init__(self, folder):
        self.db, self.port, self.log_path = folder / "class.sqlite", _free_port(), folder / "class.log"
        self.server = start_class(self.db, self.port, self.log_path)
        self.join, self.teacher = addresses(self.log_path)

    def kill(self) -> None:
        self.server.send_signal(signal.SIGKILL)
        self.server.wait()

    def start_again(self) -> None:
        self.server = start_class(self.db, self.port, self.log_path)

    def stop(self) -> None:
        self.server.send_signal(signal.SIGTERM)
        self.server.wait(timeout=30)


@contextmanager
def own_class(browser, folder):
    """A class server of the test's own and a watched browser context, both closed at the end."""
    running, context = OwnClass(folder), watched_context(browser)
    try:
        yield running, context
    finally:
        context.close()
        running.stop()


def results(teacher: str) -> dict:
    with urllib.request.urlopen(teacher.replace("/teacher?", "/teacher/results.json?"), timeout=10) as answer:
        return json.loads(answer.read())


def test_a_student_joins_by_link_and_the_teacher_sees_every_coup_through_a_restart(browser, site_url, tmp_path, screenshot):
    with own_class(browser, tmp_path) as (running, context):
        join, teacher = running.join, running.teacher
        page = context.new_page()
        watch_console(page)
        page.set_default_timeout(30_000)
        page.goto(f"{site_url}?class={join}&name=Ann")
        python_ready(page)
        status = page.locator("#class-status")
        expect(status).to_contain_text("as Ann: 0 coups counted.", timeout=SITE_READY_MS)
        table = table_of(page)
        # The line is written as the seed goes to Python: a click before the class's session is drawn would
        # answer an older redraw (ignored by design).
        expect(table.locator(".bl-message").first).to_contain_text("The class dealt this shoe")
        start = balance(table)
        for spot in ("banker", "player"):
            check_round_settled(table, play_round(table, "10", spot))
        expect(status).to_contain_text("2 coups counted.")
        watching = context.new_page()
        watching.goto(teacher)
        expect(watching.locator("#coups")).to_have_text("2")
        expect(watching.locator("#students-table")).to_contain_text("Ann")
        pooled = results(teacher)
        assert pooled["coups"] == 2 and pooled["refused"] == 0
        assert [{key: student[key] for key in ("name", "variant", "coups", "net")} for student in pooled["per_student"]] == [
            {"name": "Ann", "variant": "punto-banco", "coups": 2, "net": float(balance(table) - start)}]
        assert pooled["banker"] + pooled["player"] + pooled["tie"] == 2
        # The class server dies mid-class; a coup played meanwhile is kept by the page and sent once it is back.
        running.kill()
        check_round_settled(table, play_round(table, "10", "banker"))
        expect(status).to_contain_text("out of reach")
        running.start_again()
        assert addresses(running.log_path) == (join, teacher)  # the same class, its key kept beside its database
        expect(status).to_contain_text("3 coups counted.", timeout=15_000)
        expect(watching.locator("#coups")).to_have_text("3", timeout=10_000)
        pooled = results(teacher)
        assert pooled["coups"] == 3 and pooled["per_student"][0]["net"] == float(balance(table) - start)
        screenshot(watching, "class-teacher-page")
        # The reports refused while the server was down are the browser's only console lines (a refused
        # connection is always logged); nothing else went wrong.
        assert [line for line in page.console_errors if "ERR_CONNECTION_REFUSED" not in line] == []
        assert context.blocked == []


# -- five students, the two editions, the Join forms --------------------------------------------------------
ROUND_MS = 30_000
RESULT = re.compile(r"\b(Player|Banker) wins, \d to \d|\bTie at \d")


@pytest.fixture(scope="module")
def class_server(chromium_path, tmp_path_factory):
    """One class for the tests below: its join address and the teacher's address."""
    running = OwnClass(tmp_path_factory.mktemp("class"))
    try:
        yield running.join, running.teacher
    finally:
        running.stop()


def counted(count: int) -> str:
    return f"{count} coup{'' if count == 1 else 's'} counted."


def stage(teacher: str, link: str | None) -> None:
    """The teacher stages a coup for everyone (or none), as the teacher's page does."""
    request = urllib.request.Request(teacher.replace("/teacher?", "/teacher/stage?"), method="POST",
                                     data=json.dumps({"link": link}).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        assert answer.status == 200


def start_round(table, spot: str) -> None:
    """A 10-chip bet on ``spot`` and Deal, not waiting for the reveal (the students play at once)."""
    table.locator(".bl-chip", has_text=re.compile(r"^\s*10\s*$")).first.click()
    table.locator(f".bl-spot-{spot}").first.click()
    table.locator(".bl-deal").first.click()


class Student:
    """One student's page: a Voilà page of the app, or the browser edition's."""

    def __init__(self, browser, name: str, url: str, size: tuple[int, int] = (1280, 1000)):
        self.name, self.context = name, watched_context(browser)
        self.page = self.context.new_page()
        self.page.set_viewport_size({"width": size[0], "height": size[1]})
        watch_console(self.page)
        self.page.set_default_timeout(30_000)
        self.page.goto(url, wait_until="commit")
        self.rounds: list[str] = []  # each coup's result, as the page showed it

    @property
    def table(self):
        return table_of(self.page)

    @property
    def status(self):
        return self.page.locator(".bl-class-status")

    def joined(self, timeout: float) -> None:
        expect(self.status).to_contain_text(f"as {self.name}: {counted(0)}", timeout=timeout)
        # The table has started its class session (in the browser edition the line is written as the seed
        # goes to Python): a click on the table drawn before it would answer an older redraw, ignored.
        expect(self.table.locator(".bl-message").first).to_contain_text("The class dealt this shoe")
        self.start = balance(self.table)

    def finish_round(self) -> None:
        expect(self.status).to_contain_text(f"as {self.name}: {counted(len(self.rounds) + 1)}", timeout=ROUND_MS)
        self.rounds.append(RESULT.search(self.table.locator(".bl-reveal").inner_text()).group(0).split()[0])

    def close(self) -> None:
        self.page.goto("about:blank")  # Voilà shuts the page's kernel down
        self.context.close()


def test_five_students_on_both_editions_are_pooled_coup_for_coup(browser, app_url, site_url, class_server, screenshot):
    join, teacher = class_server
    started = time.monotonic()
    link = lambda base, name: f"{base}?{urlencode({'class': join, 'name': name})}"  # noqa: E731
    # Four on the app's server (two at a phone's and a laptop's size), one in the browser edition.
    students = [Student(browser, "Sam", link(app_url, "Sam"), (390, 844)),
                Student(browser, "Tess", link(app_url, "Tess"), (1366, 768)),
                Student(browser, "Uma", link(app_url, "Uma")), Student(browser, "Vic", link(app_url, "Vic")),
                Student(browser, "Wyn", link(site_url, "Wyn"))]
    plays = {"Sam": 1, "Tess": 2, "Uma": 3, "Vic": 2, "Wyn": 2}
    try:
        for student in students:
            student.joined(PAGE_READY_MS if student.name != "Wyn" else SITE_READY_MS)
        for number in range(max(plays.values())):
            playing = [student for student in students if plays[student.name] > number]
            for index, student in enumerate(playing):
                start_round(student.table, ("banker", "player")[(index + number) % 2])
            for student in playing:
                student.finish_round()
        pooled = results(teacher)
        shown = sorted((s.name, "punto-banco", len(s.rounds), float(balance(s.table) - s.start)) for s in students)
        assert sorted((s["name"], s["variant"], s["coups"], s["net"]) for s in pooled["per_student"]) == shown
        results_shown = [result for student in students for result in student.rounds]
        assert (pooled["coups"], pooled["refused"]) == (sum(plays.values()), 0)
        assert [pooled[key] for key in ("banker", "player", "tie")] == [results_shown.count(r) for r in ("Banker", "Player", "Tie")]
        watching = students[0].context.new_page()
        watching.goto(teacher)
        expect(watching.locator("#coups")).to_have_text(str(sum(plays.values())))
        for student in students:
            expect(watching.locator("#students-table")).to_contain_text(student.name)
        # A joined app page at a phone's and a laptop's size: the class line under the game buttons.
        screenshot(students[0].page, "class-joined-app-390x844")
        screenshot(students[1].page, "class-joined-app-1366x768")
        for student in students:
            assert student.context.blocked == [], student.name
            assert student.page.console_errors == [], (student.name, student.page.console_errors)
        assert time.monotonic() - started < 120, "five students took longer than two minutes"
    finally:
        for student in students:
            student.close()


def test_the_server_edition_s_join_form_and_a_staged_coup(app_page, class_server, screenshot):
    join, teacher = class_server
    app_page.locator(".bl-class-join summary").click()
    form = app_page.locator(".bl-class-form")
    form.locator("input[name=class]").fill(join.replace("/class/", "/classes/"))
    form.locator("input[name=name]").fill("Dee")
    form.locator("button").click()
    expect(app_page.locator(".bl-app-message")).to_have_text(f"{ADDRESS_PROBLEM}; nothing was changed.")
    expect(app_page.locator(".bl-class-status")).to_have_count(1)
    assert app_page.locator(".bl-class-status").inner_text() == ""
    app_page.set_viewport_size({"width": 390, "height": 844})  # the open form on a phone
    screenshot(app_page, "class-join-form-open-app-390x844")
    app_page.set_viewport_size({"width": 1280, "height": 1000})
    form.locator("input[name=class]").fill(join)
    form.locator("button").click()
    status = app_page.locator(".bl-class-status")
    expect(status).to_contain_text(f"as Dee: {counted(0)}")
    expect(form).to_be_hidden()  # joined: the form folds away
    table = table_of(app_page)
    expect(table.locator(".bl-message").first).to_contain_text("The class dealt this shoe")
    check_round_settled(table, play_round(table, "10", "banker"))
    expect(status).to_contain_text(f"as Dee: {counted(1)}")
    screenshot(app_page, "class-join-form-app")
    try:
        stage(teacher, "variant=punto-banco&shoe=9S+KH+2D+3C")  # the kernel asks every 3 s
        expect(app_page.locator(".bl-app-message")).to_have_text("This link staged a coup for the class: Punto Banco.",
                                                               timeout=15_000)
        expect(table.locator(".bl-message").first).to_contain_text("The class's session waits: New session goes back to it.")
    finally:
        stage(teacher, None)


def test_the_browser_edition_s_join_form_and_a_staged_coup(browser, site_url, class_server, screenshot):
    join, teacher = class_server
    context = watched_context(browser)
    try:
        page = open_site(context, site_url)
        page.locator(".bl-class-join summary").click()
        form = page.locator(".bl-class-form")
        form.locator("input[name=class]").fill(join)
        form.locator("button").click()
        expect(page.locator("#app-message")).to_have_text(f"{NAME_PROBLEM}; nothing was changed.")
        assert page.locator("#class-status").inner_text() == ""
        page.set_viewport_size({"width": 390, "height": 844})  # the open form on a phone
        screenshot(page, "class-join-form-open-site-390x844")
        page.set_viewport_size({"width": 1280, "height": 1000})
        form.locator("input[name=name]").fill("Eve")
        form.locator("button").click()
        expect(page.locator("#class-status")).to_contain_text(f"as Eve: {counted(0)}")
        table = table_of(page)
        expect(table.locator(".bl-message").first).to_contain_text("The class dealt this shoe")
        check_round_settled(table, play_round(table, "10", "player"))
        expect(page.locator("#class-status")).to_contain_text(f"as Eve: {counted(1)}")
        try:
            stage(teacher, "variant=punto-banco&shoe=9S+KH+2D+3C")  # the page asks every 3 s
            expect(page.locator("#app-message")).to_have_text("This link staged a coup for the class: Punto Banco.",
                                                              timeout=15_000)
        finally:
            stage(teacher, None)
        assert page.console_errors == [] and context.blocked == []
    finally:
        context.close()


# Class answers end to end: lesson pages of the browser edition send what they could read to the teacher's page.
EXERCISE = ("counting_to_nine", "three-card-total")


def teacher_pool(teacher: str) -> dict:
    with urllib.request.urlopen(teacher.replace("/teacher?", "/teacher/pool.json?"), timeout=10) as answer:
        return json.loads(answer.read())


def answer_in_lesson(page, text: str) -> None:
    exercise = find(*EXERCISE)
    form = page.locator("form.bl-part-question", has_text=exercise.prompt)
    form.locator("input[name=answer]").fill(text)
    form.locator("button[value=check]").click()


def test_students_answers_in_lesson_pages_reach_the_teacher_s_page(browser, site_url, tmp_path, screenshot):
    with own_class(browser, tmp_path) as (running, context):
        join, teacher = running.join, running.teacher
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
        asked = teacher_pool(teacher)["answers"]
        assert asked["answered"] == 2 and sorted(entry["answer"] for entry in asked["given"]) == sorted([exercise.answer, wrong])
        screenshot(screen, "class-answers-before")
        screen.click("#reveal")
        expect(screen.locator("#answer-bars li.right")).to_contain_text(exercise.answer)
        expect(screen.locator("#answer-bars li.wrong")).to_contain_text(wrong)
        screenshot(screen, "class-answers-shown")
        screenshot(ann, "class-answers-lesson")
        assert ann.console_errors == [] and ben.console_errors == [], (ann.console_errors, ben.console_errors)
        assert context.blocked == [], f"a page asked a server other than 127.0.0.1: {context.blocked}"
