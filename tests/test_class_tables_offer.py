"""A joined app offers the class's shared tables (issue 33): the class server lists its open tables with their
free student seats (``GET tables``), and the class line of either edition links to each table's page with the
student's name. The two editions make the same links (tests/data/table_links.json, run by Node for class.js)."""

from __future__ import annotations

import json
import urllib.request

import pytest
from running_class import RunningClass, wait_for

from baccarat_lessons.class_tables import make_class_app
from baccarat_lessons.classroom import client as client_module
from baccarat_lessons.classroom.client import ClassClient, table_links

CASES = json.loads((__import__("pathlib").Path(__file__).parent / "data" / "table_links.json").read_text())["cases"]


@pytest.mark.parametrize("case", CASES, ids=range(len(CASES)))
def test_the_kernel_makes_the_links_the_browser_edition_makes(case):
    assert table_links(case["address"], case["name"], case["answer"]) == case["links"]


@pytest.fixture
def running():
    server = RunningClass(make=make_class_app).start()
    yield server
    server.stop()


def call(address: str, body=None) -> dict:
    request = urllib.request.Request(address, data=None if body is None else json.dumps(body).encode(),
                                     method="GET" if body is None else "POST")
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def test_a_joined_kernel_is_offered_each_table_with_a_free_seat_and_its_link_opens_the_table(running, monkeypatch):
    monkeypatch.setattr(client_module, "TABLES_SECONDS", 0.2)  # asked again at once, not every 5 s
    teacher = f"{running.address}/teacher/tables?key={running.key}"
    table = call(teacher, {"variant": "banque-ouverte", "students": 2, "seconds": 30})["table"]
    offered: list[list] = []
    client = ClassClient(running.address, "Ann Lee", lambda text, tone: None, hand_over=lambda action: action(),
                         on_tables=offered.append)
    try:
        links = wait_for(lambda: offered and offered[-1], 10, "the class's tables offered")
        assert links == [{"text": "Banque ouverte: 2 seats free",
                          "link": f"{running.address}/table/{table['id']}?name=Ann%20Lee"}]
        with urllib.request.urlopen(links[0]["link"], timeout=10) as page:
            assert "Banque ouverte with your class" in page.read().decode()
        assert call(f"{running.address}/tables") == {"tables": [{"id": table["id"], "variant": "banque-ouverte",
                                                                 "name": "Banque ouverte", "free": 2}]}
        # A closed table is offered no more.
        call(f"{running.address}/teacher/tables/close?key={running.key}", {"id": table["id"]})
        wait_for(lambda: offered[-1] == [], 10, "the closed table withdrawn")
    finally:
        client.close()


def test_a_class_server_without_shared_tables_is_not_asked_again():
    server = RunningClass().start()  # the class server alone: no GET tables
    offered: list = []
    client = ClassClient(server.address, "Ann", lambda text, tone: None, hand_over=lambda action: action(),
                         on_tables=offered.append)
    try:
        wait_for(lambda: client._tables_at == float("inf"), 10, "the client giving up on tables")
        assert offered == []
    finally:
        client.close()
        server.stop()


def test_the_server_editions_class_line_carries_the_links_to_its_page():
    from baccarat_lessons.widgets.app.joined_class import JoinedClass  # noqa: PLC0415 - ipywidgets, the server edition's
    from baccarat_lessons.widgets.guard import ActionGuard  # noqa: PLC0415

    placed = []
    joined = JoinedClass(ActionGuard(), shown=lambda: ("chemin-de-fer", None), place=placed.append)
    links = CASES[0]["links"]
    joined.tables_open(links)
    assert placed == [joined.bar] and joined.bar.tables == links
    assert "tables" in joined.bar.get_state()
