"""Cards, roads, the odds panel, the drawing table, settings refusals and the DOM contract."""

import re
from fractions import Fraction

import ipywidgets as widgets
import pytest
from browser_messages import bet, deal, enabled, play_round, revealed, said, send, spot_sides, status

from baccarat_lessons.analysis.composition import Composition
from baccarat_lessons.analysis.exact import exact_odds
from baccarat_lessons.engine.bets import BankerPays, BetSpot
from baccarat_lessons.engine.cards import full_deck, parse_cards
from baccarat_lessons.engine.events import Outcome
from baccarat_lessons.engine.money import CHIP
from baccarat_lessons.engine.shoe import Shoe
from baccarat_lessons.widgets import LiveTable, card_svg
from baccarat_lessons.widgets.roads import bead_plate_svg, big_road_cells, big_road_svg


def test_every_card_has_its_name_colour_and_title():
    for card in full_deck():
        svg = card_svg(card)
        rank = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}.get(card.rank.value, card.rank.value)
        name = f"{rank} of {card.suit.name.lower()}"
        assert f'aria-label="{name}"' in svg and f"<title>{name}</title>" in svg
        assert ("bl-card-red" in svg) == (card.suit.value in "HD")
        assert svg.startswith('<svg class="bl-card ')
    back = card_svg(full_deck()[0], face_up=False)
    assert "spades" not in back and ">A<" not in back and 'aria-label="face-down card"' in back


def test_a_sideways_card_is_wider_than_tall():
    card = parse_cards("8H")[0]
    upright = re.search(r'width="(\d+)" height="(\d+)"', card_svg(card)).groups()
    sideways = re.search(r'width="(\d+)" height="(\d+)"', card_svg(card, sideways=True)).groups()
    assert int(upright[0]) < int(upright[1]) and sideways == upright[::-1]


def test_the_felt_turns_only_third_cards_sideways():
    table = LiveTable("punto-banco", shoe=Shoe.stacked("2S AC 2H 2D 8C"))
    bet(table, BetSpot.BANKER, 5)
    deal(table)
    dealt = [event for event in table.surface.reveal["events"] if event["kind"] == "CardDealt"]
    assert [(event["hand"], event["cards"][0]["label"]) for event in dealt] == [
        ("Player", "2♠"), ("Banker", "A♣"), ("Player", "2♥"), ("Banker", "2♦"), ("Player", "8♣")]
    # The page lays a hand's third card (index 2) sideways: only the Player's 8 of clubs has one.
    hands = {hand["hand"]: [card["label"] for card in hand["cards"]] for hand in table.surface.view["hands"]}
    assert hands == {"Player": ["2♠", "2♥", "8♣"], "Banker": ["A♣", "2♦"]}
    script = table.surface._esm  # the module the page runs
    assert "index === 2" in script and "turned sideways" in script


def test_bead_plate_has_one_lettered_bead_per_round_in_order():
    outcomes = [Outcome.BANKER, Outcome.TIE, Outcome.PLAYER, Outcome.PLAYER, Outcome.BANKER] * 3
    svg = bead_plate_svg(outcomes)
    letters = re.findall(r'<g class="bl-bead bl-road-(\w)">.*?<text[^>]*>(\w)</text>', svg)
    assert [letter for _, letter in letters] == ["BTPPB"[i % 5] for i in range(15)]
    assert all(css == letter.lower() for css, letter in letters)


def test_big_road_columns_ties_and_dragon_tail():
    B, P, T = Outcome.BANKER, Outcome.PLAYER, Outcome.TIE
    cells = big_road_cells([T, B] + [P] * 8 + [T, T, B])
    assert cells[0] == (0, 0, "B", 1)  # a tie before the first win is counted on it
    assert [(c, r) for c, r, *_ in cells[1:9]] == [(1, r) for r in range(6)] + [(2, 5), (3, 5)]
    assert cells[8][3] == 2 and cells[9][:3] == (2, 0, "B")
    svg = big_road_svg([T, B] + [P] * 8 + [T, T, B])
    assert svg.count('class="bl-big-road-mark ') == 10 and svg.count("bl-road-tie-slash") == 2


def test_the_table_roads_follow_the_rounds():
    table = LiveTable("punto-banco", seed=11)
    bet(table, BetSpot.PLAYER, 5)
    for _ in range(8):
        if enabled(table, "REBET"):
            send(table, "REBET")
        deal(table)
        revealed(table)
    outcomes = [record.outcome for record in table.table.history]
    roads = table.records.roads.widget.value
    assert roads.count('class="bl-bead ') == 8
    beads = re.findall(r'<g class="bl-bead bl-road-\w"><title>Round \d+: (\w+)</title>', roads)
    assert beads == [o.value for o in outcomes]
    assert roads.count('class="bl-big-road-mark ') == sum(o is not Outcome.TIE for o in outcomes)


def _shown_odds(html: str) -> dict[str, list[Fraction]]:
    rows = re.findall(r'<tr data-spot="(\w+)">(.*?)</tr>', html)
    return {key: [Fraction(x) for x in re.findall(r'data-exact="([\d/-]+)"', row)] for key, row in rows}


def test_the_odds_panel_shows_exact_odds_of_the_cards_left():
    table = LiveTable("punto-banco", seed=5)
    table.records.settings_view.controls["extra_side_bets"].value = True
    table.records.settings_view.controls["tie_pays"].value = 9
    bet(table, BetSpot.TIE, 5)
    for _ in range(3):
        deal(table)
        revealed(table)
        engine, odds = table.table, table.records.odds.widget.value
        expected = exact_odds(Composition.of_shoe(engine.shoe), 9, BankerPays.COMMISSION)
        shown = _shown_odds(odds)
        assert list(shown) == [spot.key for spot in engine.spots]
        for spot in engine.spots:
            bet_odds = expected.bets[spot]
            assert shown[spot.key] == [bet_odds.win, bet_odds.push, bet_odds.house_edge]
        assert f"{engine.shoe.remaining_count} cards left" in odds
        send(table, "REBET")


def test_the_odds_panel_waits_for_the_page_to_show_the_round():
    table = LiveTable("punto-banco", seed=5)
    before = table.records.odds.widget.value
    bet(table, BetSpot.TIE, 5)
    deal(table)
    assert table.records.odds.widget.value == before  # the cards of the round are not yet on the page
    revealed(table)
    assert f"{table.table.shoe.remaining_count} cards left" in table.records.odds.widget.value


def test_a_refused_setting_shows_the_sentence_and_keeps_the_setting():
    table = LiveTable("punto-banco", seed=1)
    bet(table, BetSpot.PLAYER, 5)
    table.records.settings_view.controls["decks"].value = 6
    assert table.table.settings.decks == 8 and table.records.settings_view.controls["decks"].value == 8
    assert "Take your chips back (Clear) before changing the settings." in table.guard.message.value
    assert "Take your chips back (Clear) before changing the settings." in said(table)  # on the table too
    assert table.table.bets == {BetSpot.PLAYER: 5 * CHIP} and table.driver.log == [["BET", 500, "Player"]]


def test_a_deck_change_starts_a_new_session():
    table = LiveTable("punto-banco", seed=1)
    play_round(table, BetSpot.PLAYER, 5)
    table.records.settings_view.controls["decks"].value = 6
    assert table.table.settings.decks == 8, "a hand was played: the change asks first"
    table.records.settings_view.confirm_button.click()
    assert table.table.settings.decks == 6 and table.table.history == [] and table.driver.log == []
    assert table.table.shoe.remaining_count == 6 * 52 and "new session" in table.guard.message.value
    assert status(table)["shoe"] == "Cards in shoe: 312" and table.surface.reveal["events"] == []


def test_the_drawing_table_highlights_the_cell_the_banker_used():
    table = LiveTable("punto-banco", shoe=Shoe.stacked("2S AC 2H 2D 7C 9D"))  # Player draws a 7: Banker on 3 draws
    bet(table, BetSpot.PLAYER, 5)
    deal(table)
    assert "bl-cell-active" not in table.records.drawing.value  # the page is still revealing the round
    revealed(table)
    html = table.records.drawing.value
    banker_table = html[html.index('class="bl-drawing-table"'):]
    active = re.findall(r'class="bl-cell bl-cell-(\w+) bl-cell-active" data-total="(\d)" data-third="(\w+)"', banker_table)
    assert active == [("draw", "3", "7")]


def _tree(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _tree(child)


def test_the_dom_contract_classes_are_present():
    table = LiveTable("punto-banco", seed=2)
    classes = {css for w in _tree(table.widget) for css in w._dom_classes}
    for css in ("bl-table", "bl-play", "bl-settings", "bl-odds", "bl-roads"):
        assert css in classes, css
    assert table.surface in list(_tree(table.widget))
    # The table itself is drawn by the surface: its controls carry the contract's classes ...
    assert [c["css"] for c in table.surface.presentation["controls"]] == [
        "bl-undo", "bl-clear", "bl-rebet", "bl-deal", "bl-new-session"]
    # ... and the page's script draws the rest of them.
    script = table.surface._esm  # the module the page runs
    for css in ("bl-chip", "bl-spot", "bl-spot-${spot.key}", "bl-balance", "bl-message", "bl-reveal",
                "bl-round-done", "bl-skip", "bl-speed"):
        assert css in script, css
    assert [s["key"] for s in table.surface.presentation["spots"]] == ["player", "banker", "tie"]
    labels = {w.description for w in _tree(table.records.settings_view.widget) if isinstance(w, widgets.ValueWidget)}
    assert {"Tie pays", "Decks", "Starting chips", "Session length"} <= labels
    assert [c["value"] for c in table.surface.presentation["chips"]] == [5, 10, 25, 50]
    assert all(s["label"] == s["side"] for s in table.surface.presentation["spots"])
    assert spot_sides(table) == ["Player", "Banker", "Tie"]
    styles = [w for w in _tree(table.widget) if isinstance(w, widgets.HTML) and w.value.startswith("<style>")]
    # The frame's styles come with the title (the first screen), the rest with the records.
    assert len(styles) == 2 and not any("http" in style.value.replace("http://www.w3.org", "") for style in styles)
    assert "http" not in script.replace("http://www.w3.org", "")  # nothing is loaded from elsewhere
    assert not any(isinstance(w, widgets.Output) for w in _tree(table.widget))


@pytest.mark.parametrize("variant", ["chemin-de-fer", "banque-limitee"])
def test_seat_banked_variants_are_not_punto_banco_tables(variant):
    from baccarat_lessons.engine.errors import SettingsError
    from baccarat_lessons.engine.punto_banco import PuntoBancoTable
    from baccarat_lessons.engine.variants import variant_named
    from baccarat_lessons.widgets.seat_banked_table.records import SeatedRecords

    with pytest.raises(SettingsError):
        PuntoBancoTable(variant_named(variant))
    # The one widget seats such a variant at its seat-banked table: no layout, no Punto Banco records.
    table = LiveTable(variant, seed=1)
    assert not table.variant.has_fixed_rules and not isinstance(table.table, PuntoBancoTable)
    assert isinstance(table.records, SeatedRecords) and table.surface.presentation["spots"] == []


def test_every_settings_control_shows_the_setting_in_force():
    table = LiveTable("punto-banco", seed=1)
    controls = table.records.settings_view.controls
    for name, control in controls.items():
        if isinstance(control, widgets.Dropdown):
            assert control.index is not None, f"{name} shows no selection"
    assert controls["hands_limit"].label == "Unlimited"
    controls["hands_limit"].value = 20
    assert table.table.settings.hands_limit == 20 and status(table)["hands"] == "Hands: 0 of 20"
    controls["hands_limit"].index = 0
    assert table.table.settings.hands_limit is None and controls["hands_limit"].label == "Unlimited"
