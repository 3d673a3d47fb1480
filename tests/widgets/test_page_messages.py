"""One way for the page to talk: the page sends its address and its kept session as a message of
the table surface, and every message reads the same whichever kernel runs it — a browser's null
is None here, whether it arrived as None (a server) or as ``pyodide.ffi.jsnull`` (Pyodide). In the
browser edition the record is kept plain, and still replayed through the checked actions."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

from baccarat_lessons.engine.money import CHIP
from baccarat_lessons.engine.seated.decisions import ActionKind
from baccarat_lessons.engine.session_record import RECORD_VERSION, fingerprint
from baccarat_lessons.widgets.app import LessonsApp
from baccarat_lessons.widgets.surface import sealing
from baccarat_lessons.widgets.surface.messages import MessageError, plain
from baccarat_lessons.widgets.surface.saving import PlainRecords
from baccarat_lessons.widgets.table import LiveTable

from test_saved_sessions import KEYS, engine_of, play  # the same legal clicks as the sealed records get

JS_NULL = type("JsNull", (), {"__repr__": lambda self: "jsnull"})()  # stands for pyodide.ffi.jsnull


@pytest.fixture(autouse=True)
def own_key(tmp_path, monkeypatch):
    monkeypatch.setenv(sealing.KEY_FILE_VARIABLE, str(tmp_path / "session.key"))


def plain_table(key, seed):
    return LiveTable(key, seed=seed, keeping=PlainRecords())


def page(table, query="", kept=None):
    table.surface.handle({"kind": "PAGE", "query": query, "kept": kept})


# -- a browser's null ---------------------------------------------------------------------------------
def test_plain_turns_the_browser_null_into_none_at_any_depth_and_leaves_the_rest():
    content = {"kind": "X", "amount": JS_NULL, "kept": {"seeds": [1, JS_NULL], "deep": [[JS_NULL]]}, "n": 0}
    assert plain(content, null=JS_NULL) == {"kind": "X", "amount": None, "kept": {"seeds": [1, None], "deep": [[None]]},
                                            "n": 0}
    assert plain(content) is content  # a server's kernel: null is None already


def test_a_message_nested_deeper_than_python_recurses_is_refused_with_a_sentence():
    deep: list = []
    for _ in range(sys.getrecursionlimit() + 100):
        deep = [deep]
    with pytest.raises(MessageError, match="did not understand"):
        plain({"kind": "PAGE", "kept": deep}, null=JS_NULL)


def test_decline_the_bank_with_nulls_as_pyodide_sends_them():
    """The click that Pyodide's jsnull once broke: "Decline the bank" sends amount and side null."""
    view = LiveTable("chemin-de-fer", seed=3)
    view.surface.null = JS_NULL
    assert view.table.pending.seat == 0 and view.table.pending.kind.name == "OFFER_BANK"
    view.surface.handle({"kind": "DECLINE_BANK", "amount": JS_NULL, "side": JS_NULL, "turn": view.surface.turn})
    assert view.guard.error_log.layout.display == "none"
    assert view.surface.message.get("tone") != "refused"
    assert view.table.pending is None or view.table.pending.kind.name != "OFFER_BANK" or view.table.pending.seat != 0


def test_a_null_kept_session_from_pyodide_resumes_nothing_and_says_nothing():
    table = LiveTable("punto-banco", seed=4)
    table.surface.null = JS_NULL
    greeting = table.surface.message
    table.surface.handle({"kind": "PAGE", "query": "", "kept": JS_NULL})
    assert table.surface.message == greeting and table.guard.error_log.layout.display == "none"
    assert greeting["tone"] == "info"


# -- the page's address --------------------------------------------------------------------------------
def test_the_first_table_drawn_sends_the_address_and_the_app_opens_its_staged_link_once():
    app = LessonsApp(seed=5)
    first = app.pages["punto-banco"].table
    page(first, "?variant=chemin-de-fer&shoe=2S+KH+3D+3S+9H&role=banker")
    assert app.selector.value == "chemin-de-fer"
    staged = app.pages["chemin-de-fer"].table
    before = fingerprint(staged.table)
    assert staged.resumable is False and app.guard.message.value.count("staged a coup") == 1
    # The staged page draws its table and sends the same address: nothing is staged again.
    page(staged, "?variant=chemin-de-fer&shoe=2S+KH+3D+3S+9H&role=banker")
    assert fingerprint(staged.table) == before


def test_a_bad_address_says_why_over_the_normal_table():
    app = LessonsApp(seed=6)
    page(app.pages["punto-banco"].table, "?variant=blackjack")
    assert "There is no variant &#x27;blackjack&#x27;" in app.guard.message.value
    assert app.selector.value == "punto-banco"


def test_an_address_that_is_not_text_is_refused_and_changes_nothing():
    table = LiveTable("punto-banco", seed=7)
    for query in (12, ["?variant=mini-baccarat"], "x" * 5000):
        page(table, query)
        assert table.surface.message["tone"] == "refused" and "address" in table.surface.message["text"]
    assert table.table.coups_played == 0


def test_a_staged_link_comes_before_the_kept_session_of_the_same_table():
    table = LiveTable("chemin-de-fer", seed=8)
    play(table, 12)
    kept = json.loads(json.dumps(table.surface.saved))
    app = LessonsApp(variant="chemin-de-fer", seed=9)
    opened = app.pages["chemin-de-fer"].table
    page(opened, "?variant=chemin-de-fer&shoe=2S+KH+3D+3S+9H&role=banker", kept)
    assert opened.table.coups_played == 0 and opened.resumable is False  # the class's coup, not the kept one


# -- the browser edition keeps its record plain ----------------------------------------------------------
@pytest.mark.parametrize("key", KEYS)
def test_a_plain_record_resumes_exactly_through_the_checked_actions(key):
    table = plain_table(key, seed=11)
    play(table, 30)
    kept = json.loads(json.dumps(table.surface.saved))
    assert kept["seeds"] == table.driver.seeds and "tag" not in kept  # plain: the student's own kernel
    # Record version 4: the driver's record, one vocabulary for every variant, amounts in hundredths.
    assert kept["version"] == RECORD_VERSION == 4 and kept == table.driver.record()
    assert {kind for kind, _, _ in kept["actions"]} <= {*ActionKind.__members__, "NEXT"}
    if table.variant.has_fixed_rules:  # each click put the table's smallest chip on a spot
        assert {amount for kind, amount, _ in kept["actions"] if kind == "BET"} == {table.variant.stakes[0] * CHIP}
    again = plain_table(key, seed=12)
    page(again, kept=kept)
    assert fingerprint(engine_of(again)) == fingerprint(engine_of(table))
    assert again.surface.message["text"].startswith("Resumed: ")
    third = plain_table(key, seed=13)  # the resumed session's own record (its reshuffle included)
    page(third, kept=json.loads(json.dumps(again.surface.saved)))
    assert fingerprint(engine_of(third)) == fingerprint(engine_of(again))


@pytest.mark.parametrize("key", ["punto-banco", "banque-ouverte"])
def test_an_edited_plain_record_gives_a_fresh_session_and_one_sentence(key):
    table = plain_table(key, seed=21)
    play(table, 20)
    kept = json.loads(json.dumps(table.surface.saved))
    edits = {
        "one action less": {**kept, "actions": kept["actions"][:-1]},
        "fingerprint": {**kept, "fingerprint": "0" * 64},
        "another seed": {**kept, "seeds": [kept["seeds"][0] + 1]},
        "seed as text": {**kept, "seeds": [str(kept["seeds"][0])]},
        "seed too large": {**kept, "seeds": [2**64]},
        "no seeds": {**kept, "seeds": []},
        "older release": {**kept, "version": 2},
        "the release before": {**kept, "version": RECORD_VERSION - 1},
        "sealed by a server": sealing.seal({k: v for k, v in kept.items() if k != "version"}, b"k" * 32),
    }
    for what, record in edits.items():
        again = plain_table(key, seed=22)
        page(again, kept=record)
        view = engine_of(again).view(0)
        assert view.coups_played == 0 and view.seats[0].balance == 100 * 100, what
        assert again.surface.message["tone"] == "refused", what
        assert again.surface.message["text"].endswith("a fresh session starts instead."), what
        assert again.guard.error_log.layout.display == "none", what


def test_the_resumed_message_tells_the_replayed_session_not_what_the_record_says():
    table = plain_table("punto-banco", seed=23)
    play(table, 6)
    kept = json.loads(json.dumps(table.surface.saved))
    again = plain_table("punto-banco", seed=24)
    page(again, kept={**kept, "summary": "6 hands, balance 1,000,000"})
    assert again.surface.message["text"] == f"Resumed: {table.driver.record()['summary']}. Press New session to start over."


def test_a_server_refuses_a_plain_record_it_did_not_seal():
    table = plain_table("mini-baccarat", seed=31)
    play(table, 5)
    server = LiveTable("mini-baccarat", seed=32)  # sealed: the server's default
    page(server, kept=json.loads(json.dumps(table.surface.saved)))
    assert server.table.coups_played == 0 and "cannot be trusted" in server.surface.message["text"]


def test_the_browser_edition_keeps_records_plain_and_never_imports_the_sealing():
    """A kernel that says it is Pyodide (sys.platform "emscripten", a stand-in pyodide.ffi): the app
    keeps its records plain, a message's nulls arrive as jsnull and read as None, and neither the
    sealing module nor numpy is imported."""
    code = textwrap.dedent("""
        import json, sys, types
        sys.platform = "emscripten"
        ffi = types.ModuleType("pyodide.ffi")
        ffi.jsnull = type("JsNull", (), {})()
        sys.modules["pyodide"], sys.modules["pyodide.ffi"] = types.ModuleType("pyodide"), ffi
        from baccarat_lessons.widgets.app import LessonsApp
        app = LessonsApp(variant="chemin-de-fer", seed=3)
        view = app.pages["chemin-de-fer"].table
        surface = view.surface
        surface.handle({"kind": "PAGE", "query": ffi.jsnull, "kept": ffi.jsnull})
        surface.handle({"kind": "DECLINE_BANK", "amount": ffi.jsnull, "side": ffi.jsnull, "turn": surface.turn})
        print(json.dumps({
            "keeping": type(view.keeping).__name__, "refused": surface.message.get("tone") == "refused",
            "errors": view.guard.error_log.layout.display != "none", "seeds": "seeds" in surface.saved,
            "sealing": "baccarat_lessons.widgets.surface.sealing" in sys.modules, "numpy": "numpy" in sys.modules,
        }))
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"keeping": "PlainRecords", "refused": False, "errors": False, "seeds": True,
                                       "sealing": False, "numpy": False}


@pytest.mark.parametrize("key", ["punto-banco", "chemin-de-fer"])
def test_a_fresh_sessions_plain_record_holds_only_numbers_a_page_keeps_exactly(key):
    """The browser edition's record goes through the page's JSON: every seed, the root and each
    resume's reshuffle, is a whole number JavaScript holds exactly (below 2**53), or the page
    would get a BigInt it cannot store and a reload would lose the session."""
    table = plain_table(key, seed=None)
    play(table, 5)
    again = plain_table(key, seed=None)
    page(again, kept=json.loads(json.dumps(table.surface.saved)))
    assert again.surface.message["text"].startswith("Resumed: ")
    seeds = again.surface.saved["seeds"]
    assert len(seeds) == 2 and all(0 <= seed < 2**53 for seed in seeds)


@pytest.mark.parametrize("key", KEYS)
def test_every_record_sent_to_the_page_holds_the_actions_taken_so_far(key):
    """What the page stores is what was sent when ``saved`` changed: after each move the record
    sent must replay to the table as it stands (a record sharing the live log once lost the Deal)."""
    table = plain_table(key, seed=21)
    sent = []
    table.surface.observe(lambda change: sent.append(json.loads(change["new"])), names="saved_text")
    play(table, 6)
    assert sent and sent[-1]["actions"] == table.driver.log
    again = plain_table(key, seed=22)
    page(again, kept=sent[-1])
    assert again.surface.message["text"].startswith("Resumed: ")
    assert fingerprint(engine_of(again)) == fingerprint(engine_of(table))


def test_a_click_made_while_the_kernel_answers_revealed_is_not_dropped():
    """The page says REVEALED when a coup has been shown; the kernel's answer is a redraw that answers
    no click, so a click the user made meanwhile (New session as the coup ends) still counts."""
    from baccarat_lessons.widgets.table import LiveTable

    table = LiveTable("punto-banco", seed=5)
    table.surface.handle({"kind": "BET", "amount": 10, "side": "Banker", "turn": table.surface.turn})
    table.surface.handle({"kind": "DEAL", "turn": table.surface.turn})
    clicked_on = table.surface.turn  # the user sees the finished round and clicks New session…
    table.surface.handle({"kind": "REVEALED", "turn": clicked_on})  # …while the page's REVEALED is answered
    assert table.surface.turn != clicked_on and table.table.coups_played == 1
    table.surface.handle({"kind": "NEW_SESSION", "turn": clicked_on})
    assert table.table.coups_played == 0, table.surface.message
    redraws = table.surface.redraws
    table.surface.handle({"kind": "NEW_SESSION", "turn": clicked_on})  # its double-click: answered already
    assert table.surface.redraws == redraws, "a repeat of an answered click was acted on"
