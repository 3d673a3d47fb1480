"""The classroom in Chromium (issue 32, under way): `baccarat-lessons class`, a student's browser-edition
page joining it by link, the teacher's page pooling the coups within a second, and a class server killed
(SIGKILL) and started again on its database mid-class, losing no counted coup while the pages carry on."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import urllib.request

import pytest
from playwright.sync_api import expect

from .conftest import SITE_READY_MS, _free_port, _wait_for_port, watched_context
from .test_app_browser import balance, check_round_settled, play_round, table_of
from .test_site_browser import python_ready, watch_console

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


def results(teacher: str) -> dict:
    with urllib.request.urlopen(teacher.replace("/teacher?", "/teacher/results.json?"), timeout=10) as answer:
        return json.loads(answer.read())


def test_a_student_joins_by_link_and_the_teacher_sees_every_coup_through_a_restart(browser, site_url, tmp_path, screenshot):
    db, port, log_path = tmp_path / "class.sqlite", _free_port(), tmp_path / "class.log"
    server = start_class(db, port, log_path)
    context = watched_context(browser)
    try:
        join, teacher = addresses(log_path)
        page = context.new_page()
        watch_console(page)
        page.set_default_timeout(30_000)
        page.goto(f"{site_url}?class={join}&name=Ann")
        python_ready(page)
        status = page.locator("#class-status")
        expect(status).to_contain_text("as Ann: 0 coups counted.", timeout=SITE_READY_MS)
        table = table_of(page)
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
        assert pooled["per_student"] == [{"name": "Ann", "variant": "punto-banco", "coups": 2, "net": float(balance(table) - start)}]
        assert pooled["banker"] + pooled["player"] + pooled["tie"] == 2
        # The class server dies mid-class; a coup played meanwhile is kept by the page and sent once it is back.
        server.send_signal(signal.SIGKILL)
        server.wait()
        check_round_settled(table, play_round(table, "10", "banker"))
        expect(status).to_contain_text("out of reach")
        server = start_class(db, port, log_path)
        assert addresses(log_path) == (join, teacher)  # the same class, its key kept beside its database
        expect(status).to_contain_text("3 coups counted.", timeout=15_000)
        expect(watching.locator("#coups")).to_have_text("3", timeout=10_000)
        pooled = results(teacher)
        assert pooled["coups"] == 3 and pooled["per_student"][0]["net"] == float(balance(table) - start)
        screenshot(watching, "class-teacher-page")
        # The reports refused while the server was down are the browser's only console lines (a refused
        # connection is always logged); nothing else went wrong.
        assert [line for line in page.console_errors if "ERR_CONNECTION_REFUSED" not in line] == []
        assert context.blocked == []
    finally:
        context.close()
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
