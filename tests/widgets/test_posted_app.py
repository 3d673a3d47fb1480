"""The browser edition's Python (widgets/posted_app.py) as its worker runs it: JSON text in and out,
with nothing but the standard library and this package importable."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

from baccarat_lessons.engine.variants import VARIANTS
from baccarat_lessons.widgets.posted_app import PostedApp
from baccarat_lessons.widgets.posted_page import MAX_MESSAGE_CHARACTERS

# What the worker does not have: the page's Python is Pyodide with this project's wheel alone.
ABSENT = ("ipywidgets", "anywidget", "traitlets", "IPython", "ipykernel", "comm", "jinja2", "markupsafe", "numpy")


def test_the_worker_app_plays_every_table_with_only_the_standard_library():
    script = textwrap.dedent(f"""
        import json, sys
        for name in {ABSENT!r}:
            sys.modules[name] = None  # an import of any of them fails, as in the worker
        from baccarat_lessons.widgets.posted_app import PostedApp
        sent = []
        app = PostedApp.speaking_json(sent.append, seed=7)
        for key in {list(VARIANTS)!r}:
            app.receive_text(json.dumps({{"kind": "OPEN", "variant": key}}))
            table = app.tables[key]
            for _ in range(40):  # the user's first offered action, or the bots' turn, until a coup is shown
                if table.table.coups_played and not table.is_revealing:
                    break
                turn = table.surface.view.get("turn") or {{}}
                if table.is_revealing:
                    message = {{"kind": "REVEALED"}}
                elif table.variant.has_fixed_rules:
                    message = {{"kind": "DEAL"}} if table.table.view(0).stakes else {{"kind": "BET", "amount": 10, "side": "Banker"}}
                elif turn.get("seat") == 0 and turn.get("actions"):
                    first = turn["actions"][0]
                    low = first.get("min_amount")
                    message = {{"kind": first["kind"], "side": first.get("side"), "amount": None if low is None else low / 100}}
                else:
                    message = {{"kind": "NEXT"}}
                message["turn"] = table.surface.turn
                app.receive_text(json.dumps({{"kind": "MODEL", "variant": key, "content": message}}))
            print(key, table.table.coups_played)
        print("imported", sorted(name for name in {ABSENT!r} if sys.modules.get(name) is not None))
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.split("\n")
    assert lines[-2] == "imported []"
    assert [line.split()[0] for line in lines[:-2]] == list(VARIANTS)
    assert all(int(line.split()[1]) >= 1 for line in lines[:-2]), done.stdout  # each played a coup


@pytest.fixture
def app_and_sent():
    sent: list[dict] = []
    app = PostedApp.speaking_json(lambda text: sent.append(json.loads(text)), seed=3)
    return app, sent


def play_a_round(app, key: str, side: str):
    """Open ``key``'s table and play one round of 10 on ``side`` by messages; returns the table."""
    app.receive_text(json.dumps({"kind": "OPEN", "variant": key}))
    table = app.tables[key]
    for content in ({"kind": "BET", "amount": 10, "side": side}, {"kind": "DEAL"}, {"kind": "REVEALED"}):
        app.receive_text(json.dumps({"kind": "MODEL", "variant": key, "content": {**content, "turn": table.surface.turn}}))
    return table


def test_a_round_by_messages_settles_and_posts_its_history(app_and_sent):
    app, sent = app_and_sent
    table = play_a_round(app, "punto-banco", "Banker")
    record = table.table.last_coup
    assert record is not None and record.balances[0] != 100 * 100
    panels = [m for m in sent if m["kind"] == "records"][-1]["panels"]
    # The widgets' records, as HTML: roads, statistics, exact odds, bankroll, drawing table, history.
    assert [panel.split('"')[1] for panel in panels] == ["bl-roads-box", "bl-stats-box", "bl-odds-box", "bl-bankroll-box",
                                                        "bl-drawing", "bl-history-box"]
    assert "Round 1:" in panels[-1] and 'data-stat="hands">1<' in panels[1]
    state = {}
    for message in sent:
        if message["kind"] == "state":
            state.update(message["changes"])
    assert state == json.loads(json.dumps(table.surface.state()))  # the page, applying every change, holds the table's state


@pytest.mark.parametrize("text, said", [
    ("{", "The app did not understand that message; nothing was changed."),
    ('["OPEN"]', "The app did not understand that message; nothing was changed."),
    ('{"kind": "OPEN", "variant": "blackjack"}', "There is no game called “blackjack” here; nothing was changed."),
    ('{"kind": "FLY", "variant": "punto-banco"}', "The app did not understand that message; nothing was changed."),
    ('{"kind": "MODEL", "variant": "punto-banco", "content": {"kind": "DEAL"}}',
     "The app did not understand that message; nothing was changed."),  # no table of that game is open
    (" " * (MAX_MESSAGE_CHARACTERS + 1), "That message is too long for the app; nothing was changed."),
    ("[" * 100_000, "The app did not understand that message; nothing was changed."),
])
def test_a_bad_message_is_refused_with_a_sentence_and_changes_nothing(app_and_sent, text, said):
    app, sent = app_and_sent
    app.receive_text(text)
    assert sent[-1] == {"kind": "app-message", "text": said, "tone": "refused"}
    assert app.tables == {}


def test_a_refused_move_is_said_on_its_table_and_leaves_the_balance(app_and_sent):
    app, sent = app_and_sent
    app.receive_text('{"kind": "OPEN", "variant": "chemin-de-fer"}')
    table = app.tables["chemin-de-fer"]
    before = table.table.view(0)
    app.receive_text(json.dumps({"kind": "MODEL", "variant": "chemin-de-fer",
                                 "content": {"kind": "BET", "amount": "1e9", "side": "Player", "turn": table.surface.turn}}))
    assert table.surface.message["tone"] == "refused" and table.table.view(0) == before
    assert [m for m in sent if m["kind"] == "state"][-1]["changes"]["message"] == table.surface.message


def test_a_staged_link_opens_its_game_and_the_page_is_told_to_show_it(app_and_sent):
    app, sent = app_and_sent
    app.receive_text('{"kind": "OPEN", "variant": "punto-banco"}')
    page = {"kind": "PAGE", "query": "?variant=banque-ouverte&shoe=5C+2H+7C+QD+7D+8C&role=captain", "kept": None, "variant": None}
    app.receive_text(json.dumps({"kind": "MODEL", "variant": "punto-banco", "content": page}))
    assert {"kind": "show", "variant": "banque-ouverte"} in sent
    assert sent[-1]["text"] == "This link staged a coup for the class: Banque ouverte."
    # Read once: a second page message (another table drawn) changes nothing.
    app.receive_text(json.dumps({"kind": "MODEL", "variant": "punto-banco", "content": {**page, "query": "?variant=mini-baccarat"}}))
    assert "mini-baccarat" not in app.tables


def _setting(app, name, choice, confirmed=False, variant="punto-banco"):
    app.receive_text(json.dumps({"kind": "SETTING", "variant": variant, "name": name, "choice": choice, "confirmed": confirmed}))


def _form(sent) -> dict:
    return {field["name"]: field for field in [m for m in sent if m["kind"] == "settings"][-1]["fields"]}


def test_the_settings_form_changes_a_setting_by_its_position_and_refuses_anything_else(app_and_sent):
    app, sent = app_and_sent
    app.receive_text('{"kind": "OPEN", "variant": "punto-banco"}')
    table = app.tables["punto-banco"]
    tie = _form(sent)["tie_pays"]
    assert tie["choices"][tie["chosen"]] == f"{table.driver.settings.tie_pays}:1"
    nine = tie["choices"].index("9:1")
    _setting(app, "tie_pays", nine)
    assert table.driver.settings.tie_pays == 9 and _form(sent)["tie_pays"]["chosen"] == nine
    assert table.surface.message == {"text": "Settings changed: they apply from the next round.", "tone": "done"}
    for name, choice in (("tie_pays", 99), ("tie_pays", "9"), ("tie_pays", True), ("reduced_motion", 1),
                         ("secret_edge", 0), ("tie_pays", -1)):
        _setting(app, name, choice)
        assert table.driver.settings.tie_pays == 9 and table.surface.message["tone"] == "refused", (name, choice)
    _setting(app, "reduced_motion", True)
    assert table.driver.settings.reduced_motion is True and _form(sent)["reduced_motion"]["chosen"] is True


def test_a_setting_that_starts_a_new_session_waits_for_a_yes(app_and_sent):
    app, sent = app_and_sent
    table = play_a_round(app, "mini-baccarat", "Player")
    decks = _form(sent)["decks"]
    other = next(i for i, words in enumerate(decks["choices"]) if i != decks["chosen"])
    _setting(app, "decks", other, variant="mini-baccarat")
    asked = [m for m in sent if m["kind"] == "settings-ask"][-1]
    assert asked["name"] == "decks" and "Your 1 hand and your balance of" in asked["text"]
    assert table.table.coups_played == 1  # nothing changed yet
    app.receive_text('{"kind": "SETTINGS_KEPT", "variant": "mini-baccarat"}')
    assert table.surface.message["text"] == "Settings kept: your session goes on as it was."
    _setting(app, "decks", other, confirmed=True, variant="mini-baccarat")
    assert table.table.coups_played == 0 and table.driver.settings.decks == int(decks["choices"][other])
    assert table.surface.message["text"].startswith("Settings changed: a new session starts")
