"""The class server's addresses (baccarat_lessons/classroom/server.py, issue 32 under way): a table joins
and reports, the public pool names nobody, the teacher's data needs the key, and every bad request is
refused with one sentence that stores nothing."""

from __future__ import annotations

import csv
import io
import json
import random

import pytest
from tornado.testing import AsyncHTTPTestCase

from baccarat_lessons.analysis.exact import coup_chances
from baccarat_lessons.content.exercises import all_exercises
from baccarat_lessons.classroom.ledger import MAX_TABLES, ClassError, ClassLedger
from baccarat_lessons.classroom.server import JOINS_PER_MINUTE, MAX_BODY_BYTES, REPORTS_PER_SECOND, make_app
from baccarat_lessons.engine.driver import Driver
from baccarat_lessons.engine.money import CHIP


class ClassServerTest(AsyncHTTPTestCase):
    def get_app(self):
        self.ledger = ClassLedger(":memory:")
        self.code, self.key = self.ledger.open_class("Statistics 11B")
        return make_app(self.ledger)

    def call(self, path, body=None, method=None):
        data = body if isinstance(body, bytes) or body is None else json.dumps(body).encode()
        response = self.fetch(path, method=method or ("POST" if data is not None else "GET"), body=data,
                              raise_error=False)
        return response.code, response

    def join(self, name="Ann", variant="punto-banco"):
        status, response = self.call(f"/class/{self.code}/join", {"name": name, "variant": variant})
        assert status == 200, response.body
        return json.loads(response.body)

    def test_a_table_joins_reports_and_is_pooled_and_only_the_teacher_sees_names(self):
        ticket = self.join("Ann")
        driver, rng = Driver("punto-banco", seed=ticket["seed"]), random.Random(1)
        for _ in range(3):
            driver.act("BET", 10 * CHIP, rng.choice(("Banker", "Player")))
            driver.act("DEAL")
            status, response = self.call(f"/class/{self.code}/report", {"token": ticket["token"], "record": driver.record()})
            assert status == 200 and json.loads(response.body) == {"counted": 1, "refused": ""}
            assert response.headers["Access-Control-Allow-Origin"] == "*"
        status, response = self.call(f"/class/{self.code}/pool")
        public = json.loads(response.body)
        assert public["coups"] == 3 and "per_student" not in public and "Ann" not in response.body.decode()
        assert self.call(f"/class/{self.code}/teacher/pool.json")[0] == 403
        assert self.call(f"/class/{self.code}/teacher/results.json?key={self.key}x")[0] == 403
        status, response = self.call(f"/class/{self.code}/teacher/results.json?key={self.key}")
        results = json.loads(response.body)
        net = (driver.table.seats[0].balance - 100 * CHIP) / 100
        assert [{key: student[key] for key in ("name", "variant", "coups", "net")} for student in results["per_student"]] == [
            {"name": "Ann", "variant": "punto-banco", "coups": 3, "net": net}]
        assert {"students", "coups", "banker", "player", "tie", "refused"} <= results.keys()
        assert results["banker"] + results["player"] + results["tie"] == 3
        status, response = self.call(f"/class/{self.code}/teacher/pool.json?key={self.key}")
        assert json.loads(response.body)["exact"] == coup_chances()
        status, response = self.call(f"/class/{self.code}/teacher?key={self.key}")
        assert status == 200 and f"Class {self.code}" in response.body.decode()
        assert "default-src 'self'" in response.headers["Content-Security-Policy"]

    def test_a_hostile_name_is_text_everywhere_and_a_formula_is_not_run_by_a_spreadsheet(self):
        self.join('=HYPERLINK("http://example.org")')
        self.join("<img src=x onerror=alert(1)>")
        status, response = self.call(f"/class/{self.code}/teacher/results.csv?key={self.key}")
        rows = list(csv.reader(io.StringIO(response.body.decode())))
        assert rows[1][0] == "'=HYPERLINK(\"http://example.org\")" and rows[2][0] == "<img src=x onerror=alert(1)>"
        page = self.call(f"/class/{self.code}/teacher?key={self.key}")[1].body.decode()
        assert "<img src=x" not in page  # names reach the page only as JSON, set as text by teacher.js

    def test_bad_requests_are_refused_with_one_sentence_and_store_nothing(self):
        report = f"/class/{self.code}/report"
        cases = [
            (f"/class/{self.code}/join", b"{not json", 400, "The class server did not understand that message; nothing was changed."),
            (f"/class/{self.code}/join", [1, 2], 400, "The class server did not understand that message; nothing was changed."),
            (f"/class/{self.code}/join", {"name": ["Ann"], "variant": "punto-banco"}, 400, "Give a display name: a few letters the class will see."),
            (f"/class/{self.code}/join", {"name": "Ann", "variant": "blackjack"}, 400, "That game is not one of the class's."),
            ("/class/ABCDEF/join", {"name": "Ann", "variant": "punto-banco"}, 400, "There is no class with that code; check the address the teacher gave."),
            (report, {"token": 5, "record": {}}, 400, "This table has not joined the class (or its ticket is not the class's)."),
            (report, {"token": "x" * 101, "record": {}}, 400, "This table has not joined the class (or its ticket is not the class's)."),
            (report, {"token": "unknown", "record": {}}, 400, "This table has not joined the class (or its ticket is not the class's)."),
            (report, b" " * (MAX_BODY_BYTES + 1), 413, "That message is too long for the class server; nothing was changed."),
        ]
        for path, body, status, said in cases:
            code, response = self.call(path, body)
            assert (code, json.loads(response.body)) == (status, {"said": said}), (path, body if not isinstance(body, bytes) else body[:20])
        assert self.ledger.pool(self.code)["students"] == 0 and self.ledger.pool(self.code)["refused"] == 0

    def test_a_table_that_reports_faster_than_coups_are_played_is_slowed(self):
        ticket = self.join()
        driver = Driver("punto-banco", seed=ticket["seed"])
        codes = [self.call(f"/class/{self.code}/report", {"token": ticket["token"], "record": driver.record()})[0]
                 for _ in range(REPORTS_PER_SECOND + 1)]
        assert codes == [200] * REPORTS_PER_SECOND + [429]
        assert self.ledger.pool(self.code)["refused"] == REPORTS_PER_SECOND  # each read report held nothing new

    def test_joins_from_one_network_are_limited_and_a_class_holds_a_bounded_number_of_tables(self):
        codes = [self.call(f"/class/{self.code}/join", {"name": f"S{n}", "variant": "mini-baccarat"})[0]
                 for n in range(JOINS_PER_MINUTE + 1)]
        assert codes == [200] * JOINS_PER_MINUTE + [429] and self.ledger.pool(self.code)["students"] == JOINS_PER_MINUTE
        for n in range(MAX_TABLES - JOINS_PER_MINUTE):
            self.ledger.join(self.code, f"T{n}", "mini-baccarat")
        with pytest.raises(ClassError, match="as many tables as it can take"):
            self.ledger.join(self.code, "One more", "mini-baccarat")

    def test_a_page_on_another_origin_may_ask_before_it_posts(self):
        response = self.fetch(f"/class/{self.code}/report", method="OPTIONS")
        assert response.code == 204 and response.headers["Access-Control-Allow-Methods"] == "POST, OPTIONS"
        assert "Access-Control-Allow-Origin" not in self.fetch(f"/class/{self.code}/teacher?key={self.key}").headers

    def test_answers_and_a_staged_coup_go_through_the_teacher_s_key_and_bad_ones_change_nothing(self):
        teacher = f"/class/{self.code}/teacher"
        answering = self.join("Ann", None)
        assert answering["seed"] is None
        # Without the key, nothing the teacher does is done.
        for action, body in (("ask", {"exercise": "counting_to_nine/three-card-total"}), ("reveal", {}),
                             ("stage", {"link": "variant=punto-banco&shoe=9S+KH+2D+3C"})):
            assert self.call(f"{teacher}/{action}?key=wrong", body)[0] == 403
            assert self.call(f"{teacher}/{action}?key={self.key}")[0] == 405  # a GET: not an action
        assert self.ledger.pool(self.code)["answers"] == {"exercise": None}
        assert self.ledger.staged(self.code) == {"id": 0, "link": None}
        status, response = self.call(f"{teacher}/ask?key={self.key}", {"exercise": "counting_to_nine/three-card-total"})
        assert status == 200 and json.loads(response.body)["pool"]["answers"]["answered"] == 0
        answer = f"/class/{self.code}/answer"
        cases = [
            ({"token": answering["token"], "exercise": "counting_to_nine/three-card-total", "answer": "seven"},
             "'seven' is not a number; type digits such as 5, 1.06 or 19/20."),
            ({"token": answering["token"], "exercise": {"lesson": 1}, "answer": "1"}, "That is not an exercise of the lessons."),
            ({"token": answering["token"], "exercise": "counting_to_nine/three-card-total", "answer": None},
             "Type a number in the box first."),
            ({"token": "nobody", "exercise": "counting_to_nine/three-card-total", "answer": "1"},
             "This table has not joined the class (or its ticket is not the class's)."),
        ]
        for body, said in cases:
            status, response = self.call(answer, body)
            assert (status, json.loads(response.body)) == (400, {"said": said}), body
        assert self.call(answer, {"token": answering["token"], "exercise": "counting_to_nine/three-card-total",
                                  "answer": "1"})[0] == 200
        assert self.ledger.pool(self.code)["answers"]["answered"] == 1
        for link, said in (({"x": 1}, "A staged coup is the part of a staged link after the ?"),
                           ("variant=punto-banco&shoe=9S+ZZ", "The link's shoe cannot be read")):
            status, response = self.call(f"{teacher}/stage?key={self.key}", {"link": link})
            assert status == 400 and said in json.loads(response.body)["said"]
        assert self.call(f"{teacher}/stage?key={self.key}", {"link": "variant=punto-banco&shoe=9S+KH+2D+3C"})[0] == 200
        status, response = self.call(f"/class/{self.code}/stage")
        assert json.loads(response.body) == {"id": 1, "link": "variant=punto-banco&shoe=9S+KH+2D+3C"}
        assert response.headers["Access-Control-Allow-Origin"] == "*"
        assert self.call(f"{teacher}/nothing?key={self.key}", {})[0] == 404

    def test_the_teacher_picks_exercises_in_the_course_s_order(self):
        status, response = self.call(f"/class/{self.code}/teacher/course.json?key={self.key}")
        exercises = json.loads(response.body)["exercises"]
        titles = list(dict.fromkeys(exercise["lesson"] for exercise in exercises))
        assert status == 200 and titles == sorted(titles) and titles[0].startswith("01 · ")
        assert sorted(exercise["id"] for exercise in exercises) == sorted(
            f"{lesson}/{exercise.key}" for lesson, listed in all_exercises().items() for exercise in listed)
        assert self.call(f"/class/{self.code}/teacher/course.json")[0] == 403
