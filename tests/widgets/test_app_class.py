"""The app in a class without a browser (widgets/app/joined_class.py): a real class server on 127.0.0.1, the
page's first message carrying ``?class=&name=``, the Join form's messages, a coup staged by the teacher;
and the browser edition's Python taking the page's class messages (posted_app.py).

Each app test runs inside an event loop, as a kernel does: the client hands its news to the loop. The seed
and the token a table was given must never reach the page: every widget's state and every message a
widget sent is searched for them."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

import ipywidgets
import pytest
from browser_messages import play_round, said, send

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests/: the class server helper
from running_class import RunningClass  # noqa: E402

from baccarat_lessons.classroom import client as client_module  # noqa: E402
from baccarat_lessons.engine.bets import BetSpot  # noqa: E402
from baccarat_lessons.engine.events import Hand  # noqa: E402
from baccarat_lessons.engine.money import CHIP, show_chips  # noqa: E402
from baccarat_lessons.widgets.app import LessonsApp  # noqa: E402
from baccarat_lessons.widgets.app.joined_class import ADDRESS_PROBLEM, NAME_PROBLEM  # noqa: E402
from baccarat_lessons.widgets.posted_app import PostedApp  # noqa: E402
from baccarat_lessons.widgets.table_play import class_session_text  # noqa: E402


@pytest.fixture
def running():
    server = RunningClass().start()
    yield server
    server.stop()


@pytest.fixture
def sent(monkeypatch) -> list[str]:
    """Every message any widget sends toward a page from now on (opened states, updates, custom messages)."""
    messages: list[str] = []
    comm_class = type(ipywidgets.HTML().comm)
    original = comm_class.publish_msg

    def publish(self, msg_type, data=None, metadata=None, buffers=None, **keys):
        messages.append(json.dumps(data, default=str))
        return original(self, msg_type, data=data, metadata=metadata, buffers=buffers, **keys)

    monkeypatch.setattr(comm_class, "publish_msg", publish)
    return messages


def in_a_kernel(test) -> None:
    asyncio.run(asyncio.wait_for(test(), 60))


async def until(condition, what: str, seconds: float = 15.0) -> None:
    for _ in range(int(seconds / 0.02)):
        if condition():
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"{what} did not happen within {seconds} s")


def status(app) -> str:
    return app.classroom.bar.status.get("text", "")


def opened_page(app, query: str) -> None:
    """The page's first message, as surface.js sends it once the table is drawn."""
    app.pages[app.selector.value].table.surface.handle({"kind": "PAGE", "query": query, "kept": None, "variant": None})


def nothing_secret_reached_the_page(running, sent: list[str]) -> None:
    secrets = [str(ticket.seed) for ticket in running.tickets] + [ticket.token for ticket in running.tickets]
    assert secrets
    states = [json.dumps(widget.get_state(), default=str) for widget in list(ipywidgets.widgets.widget._instances.values())]
    for secret in secrets:
        assert not any(secret in state for state in states), "a widget's state holds a class's seed or token"
        assert not any(secret in message for message in sent), "a message to the page held a class's seed or token"


def test_a_link_joins_each_table_opened_from_the_kernel_and_no_seed_reaches_the_page(running, sent):
    async def test():
        app = LessonsApp(seed=3)
        opened_page(app, f"?class={running.address}&name=Ann")
        where = f"In class {running.code} (127.0.0.1:{running.port}) as Ann"
        await until(lambda: status(app) == f"{where}: 0 coups counted.", "the Punto Banco table joining")
        punto = app.pages["punto-banco"].table
        assert punto.in_class and punto.driver.seeds == [running.tickets[0].seed]
        assert said(punto).endswith(class_session_text("hand"))
        play_round(punto, BetSpot.BANKER, 10)
        await until(lambda: status(app) == f"{where}: 1 coup counted.", "the coup counted")
        app.selector.value = "mini-baccarat"  # another table opened: it joins with a ticket of its own
        await until(lambda: len(running.tickets) == 2 and app.pages["mini-baccarat"].table.in_class, "Mini joining")
        mini = app.pages["mini-baccarat"].table
        for side in (BetSpot.PLAYER, BetSpot.BANKER):
            play_round(mini, side, 10)
        await until(lambda: status(app) == f"{where}: 2 coups counted.", "Mini's coups counted")
        pooled = [(s["name"], s["variant"], s["coups"], s["net"]) for s in running.students()]
        assert pooled == [("Ann", "punto-banco", 1, punto.table.balance - 100 * CHIP),
                          ("Ann", "mini-baccarat", 2, mini.table.balance - 100 * CHIP)]
        nothing_secret_reached_the_page(running, sent)
        app.classroom.client.close()

    in_a_kernel(test)


def test_the_join_form_says_what_is_wrong_in_one_sentence_or_starts_a_class_session_at_the_table_shown(running, sent):
    async def test():
        app = LessonsApp(seed=4)
        table = app.pages["punto-banco"].table
        play_round(table, BetSpot.PLAYER, 10)
        before = (table.driver.seeds, table.table.coups_played, table.table.balance)
        form = app.classroom.bar
        for content, sentence in (
            ({"kind": "JOIN", "address": running.address.replace("/class/", "/classes/"), "name": "Ann"}, f"{ADDRESS_PROBLEM}; nothing was changed."),
            ({"kind": "JOIN", "address": running.address + "?x=1", "name": "Ann"}, f"{ADDRESS_PROBLEM}; nothing was changed."),
            ({"kind": "JOIN", "address": running.address, "name": " \t "}, f"{NAME_PROBLEM}; nothing was changed."),
            ({"kind": "JOIN", "address": 5, "name": "Ann"}, "The app did not understand that message; nothing was changed."),
            ({"kind": "JOIN", "address": running.address, "name": "A" * 5000}, "The app did not understand that message; nothing was changed."),
        ):
            form._handle_custom_msg(content, [])
            assert (app.guard.text, app.guard.kind) == (sentence, "refused")
            assert app.classroom.client is None and (table.driver.seeds, table.table.coups_played, table.table.balance) == before
        form._handle_custom_msg({"kind": "JOIN", "address": running.address + "/", "name": "  Bea   Lee "}, [])
        assert app.guard.text == (f"Joining class {running.code} as Bea Lee: the table shown starts a fresh session dealt "
                                  "by the class.")
        assert any('"joined"' in message for message in sent)  # the form folds away
        await until(lambda: status(app).endswith("as Bea Lee: 0 coups counted."), "the form's join")
        assert table.table.coups_played == 0 and table.table.balance == 100 * CHIP and said(table).endswith(class_session_text("hand"))
        play_round(table, BetSpot.BANKER, 10)
        await until(lambda: status(app).endswith("1 coup counted."), "the coup counted")
        nothing_secret_reached_the_page(running, sent)
        app.classroom.client.close()

    in_a_kernel(test)


def test_a_bad_class_in_the_link_is_one_sentence_and_the_app_plays_on_alone():
    app = LessonsApp(seed=5)
    opened_page(app, "?class=http%3A%2F%2F127.0.0.1%2Fclass%2Fnope&name=Ann")
    assert (app.guard.text, app.guard.kind) == (f"{ADDRESS_PROBLEM}; the app plays on alone.", "refused")
    assert app.classroom.client is None and not app.pages["punto-banco"].table.in_class
    play_round(app.pages["punto-banco"].table, BetSpot.BANKER, 10)
    assert app.pages["punto-banco"].table.table.coups_played == 1


def test_a_coup_the_teacher_stages_opens_at_a_joined_table_whose_class_session_waits_for_new_session(running, monkeypatch):
    monkeypatch.setattr(client_module, "STAGE_SECONDS", 0.05)

    async def test():
        app = LessonsApp(seed=6)
        opened_page(app, f"?class={running.address}&name=Cy")
        await until(lambda: status(app).endswith("as Cy: 0 coups counted."), "the join")
        table = app.pages["punto-banco"].table
        play_round(table, BetSpot.BANKER, 10)
        await until(lambda: status(app).endswith("1 coup counted."), "the first coup counted")
        balance = table.table.balance
        running.ledger.stage(running.code, "variant=punto-banco&shoe=9S+KH+2D+3C")
        await until(lambda: "The class's session waits: New session goes back to it." in said(table), "the staged coup")
        assert app.guard.text == "This link staged a coup for the class: Punto Banco."
        play_round(table, BetSpot.PLAYER, 10)  # the staged coup, dealt from its cards: not the class's
        assert [card.label for card in table.table.history[-1].hands[Hand.PLAYER]][:2] == ["9♠", "2♦"]
        await asyncio.sleep(0.3)
        assert running.students()[0]["coups"] == 1 and status(app).endswith("1 coup counted.")
        send(table, "NEW_SESSION")
        assert said(table).startswith(f"Back to the class's session: 1 hand, balance {show_chips(balance)}.")
        play_round(table, BetSpot.BANKER, 10)
        await until(lambda: status(app).endswith("2 coups counted."), "the class's session counted again")
        assert running.students()[0]["net"] == table.table.balance - 100 * CHIP
        app.classroom.client.close()

    in_a_kernel(test)


def test_the_browser_edition_s_python_plays_the_page_s_class_and_staged_coups():
    posted: list[dict] = []
    app = PostedApp(posted.append, seed=7)
    app.receive({"kind": "OPEN", "variant": "punto-banco"})
    query = "?class=http%3A%2F%2F127.0.0.1%3A9%2Fclass%2F0A1B2C&name=Ann"
    app.receive({"kind": "MODEL", "variant": "punto-banco", "content": {"kind": "PAGE", "query": query, "kept": None, "variant": None}})
    assert [m for m in posted if m["kind"] == "app-message" and m["text"]] == []  # the class is the page's to join
    app.receive({"kind": "CLASS", "variant": "punto-banco", "seed": 12345})
    table = app.tables["punto-banco"]
    assert table.in_class and table.driver.seeds == [12345] and said(table).endswith(class_session_text("hand"))
    play_round(table, BetSpot.BANKER, 10)
    records = [m for m in posted if m["kind"] == "class-record"]
    assert len(records) == 1 and records[0]["variant"] == "punto-banco" and records[0]["record"]["seeds"] == [12345]
    app.receive({"kind": "STAGE", "link": "variant=mini-baccarat&shoe=2S+3H+4D+5C"})
    assert posted[-1] == {"kind": "app-message", "text": "This link staged a coup for the class: Mini Baccarat.", "tone": "done"}
    app.receive({"kind": "STAGE", "link": 5})
    assert posted[-1]["text"] == "The app did not understand that message; nothing was changed."
    app.receive({"kind": "CLASS", "variant": "punto-banco", "seed": "12345"})
    assert said(table) == "The class's shoe could not be read; this table plays on as it was."


def test_a_seed_that_comes_while_a_staged_coup_is_on_the_table_waits_behind_it():
    posted: list[dict] = []
    app = PostedApp(posted.append, seed=8)
    app.receive({"kind": "OPEN", "variant": "punto-banco"})
    app.receive({"kind": "STAGE", "link": "variant=punto-banco&shoe=9S+KH+2D+3C"})  # the teacher's, before the seed
    app.receive({"kind": "CLASS", "variant": "punto-banco", "seed": 4321})
    table = app.tables["punto-banco"]
    assert said(table) == ("This table joined the class; its session waits behind the staged link's cards: New session "
                           "goes to it.")
    play_round(table, BetSpot.PLAYER, 10)  # the staged coup: not the class's, not reported
    assert [card.label for card in table.table.history[-1].hands[Hand.PLAYER]][:2] == ["9♠", "2♦"]
    assert not [m for m in posted if m["kind"] == "class-record"]
    send(table, "NEW_SESSION")
    assert table.driver.seeds == [4321] and said(table).startswith("Back to the class's session: 0 hands, balance 100.")
    play_round(table, BetSpot.BANKER, 10)
    records = [m["record"] for m in posted if m["kind"] == "class-record"]
    assert len(records) == 1 and records[0]["seeds"] == [4321] and len(table.table.history) == 1
