"""The teacher's page and the class's shared tables: the page carries the "Tables for the class" form, and the
round trip its script makes works on the class server with its tables (open, listed, closed, no longer
listed; a refusal is one sentence shown beside the form)."""

from __future__ import annotations

import json
from html.parser import HTMLParser

from tornado.testing import AsyncHTTPTestCase

from baccarat_lessons.class_tables import make_class_app
from baccarat_lessons.classroom.ledger import ClassLedger
from baccarat_lessons.classroom.server import make_app


class Elements(HTMLParser):
    """A page's elements by id (their attributes), and the options of each select."""

    def __init__(self, page: str):
        super().__init__()
        self.by_id: dict[str, dict] = {}
        self.options: dict[str, list[tuple[str, str]]] = {}
        self._select = self._option = None
        self.feed(page)

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if "id" in attributes:
            self.by_id[attributes["id"]] = {"tag": tag, **attributes}
        if tag == "select":
            self._select = attributes.get("id")
            self.options[self._select] = []
        elif tag == "option" and self._select:
            self._option = attributes.get("value")

    def handle_data(self, data):
        if self._option is not None:
            self.options[self._select].append((self._option, data.strip()))
            self._option = None

    def handle_endtag(self, tag):
        if tag == "select":
            self._select = None


class TeacherTablesTest(AsyncHTTPTestCase):
    def get_app(self):
        self.ledger = ClassLedger(":memory:")
        self.code, self.key = self.ledger.open_class("Statistics 11B")
        return make_class_app(self.ledger)

    def call(self, path: str, body=None):
        response = self.fetch(f"/class/{self.code}/{path}", method="GET" if body is None else "POST",
                              body=None if body is None else json.dumps(body), raise_error=False)
        return response.code, json.loads(response.body) if response.body else None

    def listed(self) -> list[dict]:
        status, answer = self.call(f"teacher/tables.json?key={self.key}")
        assert status == 200
        return answer["tables"]

    def test_the_teacher_page_carries_the_tables_form(self):
        response = self.fetch(f"/class/{self.code}/teacher?key={self.key}")
        page = Elements(response.body.decode())
        section = page.by_id["tables-section"]
        assert section["tag"] == "section" and section["aria-labelledby"] == "tables-title"
        assert page.by_id["table-form"]["tag"] == "form"
        assert page.options["table-variant"] == [
            ("chemin-de-fer", "Chemin de Fer"), ("banque-ouverte", "Banque ouverte"), ("banque-limitee", "Banque limitée")]
        students, seconds = page.by_id["table-students"], page.by_id["table-seconds"]
        assert (students["type"], students["min"], students["max"], students["value"]) == ("number", "2", "6", "3")
        assert (seconds["type"], seconds["min"], seconds["max"], seconds["value"]) == ("number", "10", "600", "30")
        assert page.by_id["open-table"] == {"tag": "button", "type": "submit", "id": "open-table"}
        assert {"tables-said", "tables-list"} <= page.by_id.keys()
        script = self.fetch("/teacher.js").body.decode()
        for address in ('"tables.json"', '"tables"', '"tables/close"'):
            assert address in script  # the addresses the page posts to and polls, as the server answers them

    def test_a_table_is_opened_listed_closed_and_no_longer_listed(self):
        assert self.listed() == []
        status, opened = self.call(f"teacher/tables?key={self.key}",
                                   {"variant": "chemin-de-fer", "students": 3, "seconds": 30})
        assert status == 200
        table = opened["table"]
        assert opened["link"] == f"table/{table['id']}"  # the page builds the same address from the listed id
        assert (table["variant"], table["name"], table["seconds"], table["coups"]) == (
            "chemin-de-fer", "Chemin de Fer", 30, 0)
        assert [seat["state"] for seat in table["seats"]] == ["free"] * 3 + ["bot"] * 3
        assert table["over"] is None
        assert self.listed() == [table]
        for address in (opened["link"], opened["link"] + "?watch"):  # the student's link and the projector's
            page = self.fetch(f"/class/{self.code}/{address}")
            assert page.code == 200 and "Chemin de Fer with your class" in page.body.decode()

        status, closed = self.call(f"teacher/tables/close?key={self.key}", {"id": table["id"]})
        assert (status, closed) == (200, {"closed": table["id"]})
        assert self.listed() == []

    def test_a_refusal_is_a_sentence_for_the_page_to_show_and_opens_nothing(self):
        for students in (7, 1, "3", None, 3.5):
            status, refused = self.call(f"teacher/tables?key={self.key}",
                                        {"variant": "chemin-de-fer", "students": students, "seconds": 30})
            assert (status, refused) == (
                400, {"said": "A Chemin de Fer table seats 2 to 6 students (bots fill the rest)."}), students
        status, refused = self.call(f"teacher/tables?key={self.key}",
                                    {"variant": "banque-ouverte", "students": 3, "seconds": None})
        assert (status, refused) == (400, {"said": "Give each decision between 10 and 600 seconds."})
        status, refused = self.call(f"teacher/tables?key={self.key}",
                                    {"variant": "punto-banco", "students": 3, "seconds": 30})
        assert status == 400 and refused["said"].startswith("A class's table plays Chemin de Fer")
        assert self.listed() == []
        # Without the teacher's key, nothing is listed or opened.
        assert self.call("teacher/tables.json")[0] == 403
        assert self.call("teacher/tables", {"variant": "chemin-de-fer", "students": 3})[0] == 403


class WithoutTablesTest(AsyncHTTPTestCase):
    """The classroom's own application has no shared tables: tables.json is not found (the page then hides
    its "Tables for the class")."""

    def get_app(self):
        ledger = ClassLedger(":memory:")
        self.code, self.key = ledger.open_class("Statistics 11B")
        return make_app(ledger)

    def test_the_tables_address_is_not_found(self):
        assert self.fetch(f"/class/{self.code}/teacher/tables.json?key={self.key}", raise_error=False).code == 404
