"""Staged links and staged coups: a teacher's link or lesson cell opens the same coup for the class."""

import json
import re

import pytest
from browser_messages import bet, deal, revealed, said, told

from baccarat_lessons.engine.errors import SettingsError
from baccarat_lessons.engine.events import Hand
from baccarat_lessons.engine.money import CHIP
from baccarat_lessons.widgets.app import LessonsApp
from baccarat_lessons.engine.staged_links import parse_link
from baccarat_lessons.widgets.lessons import StagedCoup


def text(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html).replace("&#x27;", "'")


LINKS = {
    "punto-banco": "variant=punto-banco&shoe=2S+AC+2H+2D+7C+5H",
    "mini-baccarat": "variant=mini-baccarat&shoe=KS+9H+8D+10C",
    "chemin-de-fer": "variant=chemin-de-fer&shoe=2S+KH+3D+3S+9H&role=banker&choices=punter:draw",
    "banque-ouverte": "variant=banque-ouverte&shoe=4S+4H+2C+2D+3H+KS+5C+5D&role=captain",
    "banque-limitee": "variant=banque-limitee&shoe=4S+4H+2C+2D+3H+KS+5C+5D&role=bettor",
}


@pytest.mark.parametrize("key", list(LINKS))
def test_a_staged_link_opens_that_coup_for_each_variant(key):
    app = LessonsApp(seed=5)
    app.open_link(LINKS[key])
    assert app.selector.value == key and "staged a coup" in app.guard.message.value
    table = app.pages[key].table
    if key in ("punto-banco", "mini-baccarat"):
        bet(table, "Banker", table.variant.stakes[0])
        deal(table)
        record = table.table.history[-1]
        player, banker = record.hands[Hand.PLAYER], record.hands[Hand.BANKER]
        dealt = [e["cards"][0]["label"] for e in table.surface.reveal["events"] if e["kind"] == "CardDealt"]
        assert dealt[:4] == [c.label for c in player[:1] + banker[:1] + player[1:2] + banker[1:2]]
        revealed(table)
        assert said(table).startswith(next(e.text for e in record.events if e.kind == "CoupResult"))
        assert [c.label for c in player][:2] == [c for c in ("2♠ 2♥" if key == "punto-banco" else "K♠ 8♦").split()]
    else:
        view = table.table.view(0)
        roles = view.seats[0].roles
        assert {"chemin-de-fer": "banker", "banque-ouverte": "captain of the right",
                "banque-limitee": "bettor"}[key] in roles
    if hasattr(table, "table"):
        assert table.table.chips_in_play() == (100 if table.variant.has_fixed_rules else 600) * CHIP


def test_the_chemin_de_fer_link_stops_at_the_bankers_optional_cell():
    app = LessonsApp(seed=5)
    app.open_link(LINKS["chemin-de-fer"])
    table = app.pages["chemin-de-fer"].table
    turn = table.surface.view["turn"]
    assert [a["label"] for a in turn["actions"]] == ["Draw", "Stand"] and turn["kind"] == "BANKER_DRAW"
    assert all("An optional cell" in a["reason"] for a in turn["actions"])
    assert any(text.startswith("Player gets the 9♥ face up") for text in told(table))
    assert "The players drew the 9♥" in table.surface.presentation["situation"]
    # The players' first two cards stay face down on your screen: the page never receives them.
    player = next(hand for hand in table.surface.view["hands"] if hand["hand"] == "Player")
    assert [card["label"] for card in player["cards"]] == ["face-down card", "face-down card", "9♥"]
    synced = json.dumps([table.surface.view, table.surface.presentation, table.surface.reveal,
                         table.surface.message], ensure_ascii=False)
    assert "2♠" not in synced and "3♦" not in synced and '"rank": "2", "suit": "S"' not in synced


def test_two_students_opening_one_link_see_one_situation():
    first, second = LessonsApp(seed=1), LessonsApp(seed=2)
    for app in (first, second):
        app.open_link(LINKS["banque-ouverte"])
    views = [app.pages["banque-ouverte"].table.table.view(0) for app in (first, second)]
    assert views[0] == views[1]


@pytest.mark.parametrize("query, said", [
    ("variant=blackjack", "There is no variant 'blackjack'"),
    ("variant=chemin-de-fer&shoe=2S+ZZ&role=banker", "The link's shoe cannot be read"),
    ("variant=chemin-de-fer&shoe=2S+KH&role=captain", "At Chemin de Fer you can be banker, punter, bettor; not 'captain'"),
    ("variant=punto-banco&shoe=2S+KH+3D+3S&role=banker", "At Punto Banco nobody chooses"),
    ("variant=chemin-de-fer&shoe=2S+KH+3D+3S&choices=punter:maybe", "'punter:maybe' is not a choice"),
    ("variant=chemin-de-fer&role=banker", "needs a shoe"),
    ("variant=punto-banco&cheat=1", "a part the app does not know (cheat)"),
    ("variant=punto-banco&variant=mini-baccarat", "gives 'variant' 2 times"),
    ("variant=punto-banco&shoe=" + "+".join(["AS"] * 9), "holds only 8 A♠"),
    ("variant=banque-ouverte&shoe=" + "+".join(["2S"] * 61), "at most 60"),
])
def test_a_bad_link_gives_a_sentence_and_the_normal_table(query, said):
    app = LessonsApp(seed=5)
    app.open_link(query)
    assert said in text(app.guard.message.value), text(app.guard.message.value)
    assert app.guard.error_log.layout.display == "none"  # a sentence, never a traceback
    page = app.pages[app.selector.value]
    if page.table.variant.has_fixed_rules:
        assert page.table.table.balance == 100 * CHIP and page.table.table.coups_played == 0
    else:
        assert page.table.table.coups_played == 0 and page.table.table.pending.seat == 0


def test_parse_link_reads_choices_and_defaults_the_role():
    link = parse_link("?variant=banque-limitee&shoe=2S,KH,3D&choices=right:stand,left:draw")
    assert link.role == "captain" and link.choices == {"right": False, "left": True}
    assert link.cards == "2S KH 3D"
    with pytest.raises(SettingsError):
        parse_link("variant=banque-limitee&shoe=2S&role=banker")


def test_a_staged_coup_in_a_lesson_describes_its_own_moment():
    staged = StagedCoup("banque-limitee", "4S 4H 2C 2D 3H KS 5C 5D", role="captain")
    assert staged.heading.startswith("Banque limitée, you as captain:")
    assert "Your turn: draw or stand for this tableau." in staged.heading
    changed = StagedCoup("banque-limitee", "9S 4H 2C 10D 3H KS 5C 5D", role="captain")
    assert "natural 9" in changed.heading and changed.heading != staged.heading


def _page_opened(app, query="", variant=None):
    """The first table's page says what it was opened with, as surface.js sends it."""
    surface = app.pages[app.selector.value].table.surface
    surface.handle({"kind": "PAGE", "query": query, "kept": None, "variant": variant})


def test_a_reload_opens_on_the_game_played_last():
    app = LessonsApp(seed=5)
    _page_opened(app, variant="banque-ouverte")
    assert app.selector.value == "banque-ouverte"
    assert app.pages["banque-ouverte"].widget.layout.display is None
    assert app.pages["punto-banco"].widget.layout.display == "none"


def test_a_staged_link_comes_before_the_game_played_last():
    app = LessonsApp(seed=5)
    _page_opened(app, "?" + LINKS["mini-baccarat"], variant="banque-ouverte")
    assert app.selector.value == "mini-baccarat" and "staged a coup" in app.guard.message.value


@pytest.mark.parametrize("variant, said", [("blackjack", ""), ("x" * 41, "a game the app does not know")])
def test_a_game_the_app_does_not_know_leaves_the_page_as_it_opened(variant, said):
    app = LessonsApp(seed=5)
    _page_opened(app, variant=variant)
    assert app.selector.value == "punto-banco" and list(app.pages) == ["punto-banco"]
    assert said in text(app.pages["punto-banco"].table.surface.message.get("text", "")), app.pages["punto-banco"].table.surface.message


def test_a_game_chosen_after_the_first_page_opened_stays_chosen():
    """The first table's page opened with nothing to say (a fresh browser); the next table's page says the
    game played last: the first page's word was the one read, so the game just chosen stays shown."""
    app = LessonsApp(seed=5)
    _page_opened(app)  # a fresh browser: no link, no game played yet
    app.selector.value = "chemin-de-fer"
    _page_opened(app, variant="punto-banco")  # Chemin de Fer's page opens; Punto Banco was played
    assert app.selector.value == "chemin-de-fer"


@pytest.mark.parametrize("role", ["banker", "punter", "bettor"])
def test_a_staged_coup_that_ends_as_it_is_dealt_is_revealed_with_its_settlement(role):
    """The players' 4♠ 5♥, a natural 9, against the bank's 2♣ K♠: the coup is over when it is staged, and
    the page reveals all of it and settles every stake, as after a click (it showed no settlement before)."""
    app = LessonsApp(seed=5)
    app.open_link(f"variant=chemin-de-fer&shoe=4S+2C+5H+KS+9D+8C&role={role}")
    table = app.pages["chemin-de-fer"].table
    reveal, played = table.surface.reveal, table.table.last_coup
    assert played is not None and reveal["done"] and reveal["number"] == played.number == 1
    kinds = [event["kind"] for event in reveal["events"]]
    assert "CoupResult" in kinds and kinds.count("CardDealt") == sum(len(cards) for cards in played.hands.values())
    settled = reveal["settlement"]
    assert [move["amount"] for move in settled] == [stake.amount for stake in played.stakes], (role, settled)
    assert {move["result"] for move in settled} == {"won"}  # every stake was on the players' natural 9
