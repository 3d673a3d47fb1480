"""The kernel's way into a class (classroom/client.py): a real class server on 127.0.0.1, a table joining it,
reporting each coup once, keeping a report while the server is down, every refusal said in its sentence,
and a coup the teacher staged opened once per staging."""

from __future__ import annotations

import asyncio
import http.server
import threading

import pytest
from running_class import RunningClass, free_port, wait_for

from baccarat_lessons.classroom import client as client_module
from baccarat_lessons.classroom.client import ClassClient, class_address, class_query
from baccarat_lessons.classroom.server import MAX_BODY_BYTES
from baccarat_lessons.engine.driver import Driver
from baccarat_lessons.engine.money import CHIP


@pytest.fixture
def running():
    server = RunningClass().start()
    yield server
    server.stop()


class Heard:
    """What a client said, and the seeds its tables were started with."""

    def __init__(self):
        self.said: list[tuple[str, str]] = []
        self.seeds: list[int] = []

    def say(self, text: str, tone: str) -> None:
        self.said.append((text, tone))

    def last(self) -> str:
        return self.said[-1][0] if self.said else ""

    def says(self, text: str, seconds: float = 10.0) -> None:
        wait_for(lambda: text in self.last(), seconds, f"the client saying {text!r} (it said {self.said[-3:]})")


def joined(running, heard, name="Ann", variant="punto-banco", **kwargs) -> tuple[ClassClient, Driver]:
    client = ClassClient(running.address, name, heard.say, **kwargs)
    client.join(variant, heard.seeds.append)
    heard.says(f"In class {running.code} (127.0.0.1:{running.port}) as {name}: 0 coups counted.")
    return client, Driver(variant, seed=heard.seeds[-1])


def coup(driver: Driver, side: str = "Banker") -> dict:
    driver.act("BET", 10 * CHIP, side)
    driver.act("DEAL")
    return driver.record()


def test_a_table_joins_and_each_coup_it_reports_is_counted_once(running):
    heard = Heard()
    client, driver = joined(running, heard)
    try:
        assert heard.seeds == running.seeds() and heard.said[-1][1] == "done"
        client.report("punto-banco", coup(driver))
        heard.says("as Ann: 1 coup counted.")
        client.report("punto-banco", coup(driver, "Player"))
        heard.says("as Ann: 2 coups counted.")
        client.report("punto-banco", driver.record())  # the newest record again: nothing new, nothing counted twice
        heard.says("The class did not count a report: The report holds no coup the class has not counted already.")
        net = (driver.table.seats[0].balance - 100 * CHIP)
        assert [(s["name"], s["variant"], s["coups"], s["net"]) for s in running.students()] == [("Ann", "punto-banco", 2, net)]
        client.join("punto-banco", heard.seeds.append)  # joined already: nothing more
        client.join("mini-baccarat", heard.seeds.append)  # another table: a ticket of its own
        wait_for(lambda: len(heard.seeds) == 2)
        assert [s["variant"] for s in running.students()] == ["punto-banco", "mini-baccarat"]
    finally:
        client.close()


def test_reports_made_while_the_server_is_down_are_kept_and_the_newest_sent_when_it_is_back(running, monkeypatch):
    monkeypatch.setattr(client_module, "RETRY_SECONDS", 0.2)
    heard = Heard()
    client, driver = joined(running, heard)
    try:
        client.report("punto-banco", coup(driver))
        heard.says("1 coup counted.")
        running.stop()
        client.report("punto-banco", coup(driver))
        heard.says("The class server is out of reach; 1 coups counted so far, the rest are kept and sent when it answers.")
        client.report("punto-banco", coup(driver))  # a newer record replaces the one kept
        running.start()
        heard.says("as Ann: 3 coups counted.")
        assert running.students()[0]["coups"] == 3 and running.ledger.pool(running.code)["refused"] == 0
    finally:
        client.close()


def test_each_refusal_is_said_in_its_sentence_and_the_table_plays_on(running):
    heard = Heard()
    nowhere = ClassClient(running.address.replace(running.code, "ABCDEF" if running.code != "ABCDEF" else "FEDCBA"),
                          "Ann", heard.say)
    nowhere.join("punto-banco", heard.seeds.append)
    heard.says("This table could not join the class: There is no class with that code; check the address the "
               "teacher gave. It plays on its own.")
    assert heard.seeds == [] and not nowhere.has_joined("punto-banco")
    nowhere.close()
    unreachable = ClassClient(f"http://127.0.0.1:{free_port()}/class/{running.code}", "Ann", heard.say)
    unreachable.join("punto-banco", heard.seeds.append)
    heard.says("This table could not join the class: The class server could not be reached. It plays on its own.")
    unreachable.close()

    client, driver = joined(running, heard, name="Bea")
    try:
        client.report("punto-banco", coup(Driver("punto-banco", seed=driver.seeds[0] + 1)))
        heard.says("The class did not count a report: The session was not dealt from the shoe the class gave this "
                   "table, so it was not counted.")
        client.report("punto-banco", {"padding": "x" * MAX_BODY_BYTES})  # the server drops the connection
        heard.says("The class did not take a report: The class server's answer could not be read.")
        token, client._tickets["punto-banco"].token = client._tickets["punto-banco"].token, "forged"
        client.report("punto-banco", coup(driver))
        heard.says("The class did not take a report: This table has not joined the class (or its ticket is not the "
                   "class's).")
        client._tickets["punto-banco"].token = token
        client.report("punto-banco", driver.record())  # the table's own session is still counted
        heard.says("as Bea: 1 coup counted.")
    finally:
        client.close()


@pytest.mark.parametrize("text", [
    "", "   ", "http://127.0.0.1:8000/class/0a1b2c", "http://127.0.0.1:8000/class/0A1B2", "ftp://127.0.0.1/class/0A1B2C",
    "javascript:alert(1)//class/0A1B2C", "http://127.0.0.1:8000/class/0A1B2C?key=1", "http://127.0.0.1/class/0A1B2C#",
    "http://127.0.0.1:99999/class/0A1B2C", "http:///class/0A1B2C", "http://127.0.0.1/class/0A1B2C/join", None, 42,
])
def test_anything_but_a_class_s_join_address_is_refused(text):
    assert class_address(text) is None


def test_a_join_address_is_read_as_the_browser_edition_reads_it():
    assert class_address(" https://school.example:8443/class/0A1B2C/ ") == "https://school.example:8443/class/0A1B2C"
    assert class_query("?name=Ann&class=http%3A%2F%2Fh%2Fclass%2F0A1B2C&shoe=9S") == (("http://h/class/0A1B2C", "Ann"), "shoe=9S")
    assert class_query("?class=a&class=b&name=Ann")[0] == ("", "Ann")  # two addresses: not one class
    assert class_query("?name=Ann")[0] == ("", "Ann")
    assert class_query("") == (None, "")


def test_a_kernel_hears_the_news_on_its_own_thread(running):
    """In a kernel (an event loop running) the table starts, and the line is said, on the loop's thread."""
    heard = Heard()
    threads: list[int] = []

    async def main() -> None:
        def start(seed):
            threads.append(threading.get_ident())
            heard.seeds.append(seed)

        client = ClassClient(running.address, "Ann", lambda text, tone: (threads.append(threading.get_ident()),
                                                                          heard.say(text, tone)))
        client.join("punto-banco", start)
        while "0 coups counted" not in heard.last():
            await asyncio.sleep(0.02)
        client.close()

    asyncio.run(asyncio.wait_for(main(), 10))
    assert threads and set(threads) == {threading.get_ident()}


def test_a_redirect_is_not_followed():
    asked: list[str] = []

    class Redirecting(http.server.BaseHTTPRequestHandler):
        def do_POST(self):  # noqa: N802 - http.server's name
            asked.append(self.path)
            self.send_response(302)
            self.send_header("Location", "/elsewhere")
            self.send_header("Content-Length", "0")
            self.end_headers()

        do_GET = do_POST  # noqa: N815

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Redirecting)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    heard = Heard()
    client = ClassClient(f"http://127.0.0.1:{server.server_address[1]}/class/0A1B2C", "Ann", heard.say)
    try:
        client.join("punto-banco", heard.seeds.append)
        heard.says("This table could not join the class: The class server's answer could not be read. It plays on its own.")
        assert asked == ["/class/0A1B2C/join"] and heard.seeds == []
    finally:
        client.close()
        server.shutdown()
        server.server_close()


def test_a_coup_the_teacher_stages_is_opened_once_per_staging(running, monkeypatch):
    monkeypatch.setattr(client_module, "STAGE_SECONDS", 0.05)
    link = "variant=punto-banco&shoe=9S+KH+2D+3C"
    running.ledger.stage(running.code, link)
    opened: list[str] = []
    heard = Heard()
    client, _ = joined(running, heard, on_stage=opened.append)
    try:
        wait_for(lambda: opened == [link])  # staged before this table joined: it is the class's coup now
        running.ledger.stage(running.code, None)  # the teacher takes it down: nothing to open
        running.ledger.stage(running.code, "variant=mini-baccarat&shoe=2S+3H+4D+5C")
        wait_for(lambda: len(opened) == 2)
        polls = client_module.STAGE_SECONDS * 6
        threading.Event().wait(polls)  # asked again several times: each staging opened once
        assert opened == [link, "variant=mini-baccarat&shoe=2S+3H+4D+5C"]
        client.close()
        running.ledger.stage(running.code, link)
        threading.Event().wait(polls)
        assert len(opened) == 2  # a client closed opens nothing
    finally:
        client.close()
