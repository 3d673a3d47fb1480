"""Cards, roads, the odds panel, the drawing table, settings refusals and the DOM contract."""

import re
from fractions import Fraction

import ipywidgets as widgets
import pytest

from baccarat_lessons.analysis.composition import Composition
from baccarat_lessons.analysis.exact import exact_odds
from baccarat_lessons.engine.bets import BankerPays, BetSpot
from baccarat_lessons.engine.cards import full_deck, parse_cards
from baccarat_lessons.engine.events import Outcome
from baccarat_lessons.engine.shoe import Shoe
from baccarat_lessons.widgets import PuntoBancoTable, card_svg
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
    table = PuntoBancoTable(shoe=Shoe.stacked("2S AC 2H 2D 8C"))
    table.spot_buttons[BetSpot.BANKER].click()
    table.deal_button.click()
    felt = table.reveal.felt.value
    assert felt.count('<svg class="bl-card ') == 5
    assert felt.count("bl-card-sideways") == 1
    assert 'aria-label="8 of clubs, turned sideways"' in felt


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
    table = PuntoBancoTable(seed=11)
    table.spot_buttons[BetSpot.PLAYER].click()
    for _ in range(8):
        if table.rebet_button.disabled is False:
            table.rebet_button.click()
        table.deal_button.click()
    outcomes = [record.outcome for record in table.session.history]
    roads = table.roads.widget.value
    assert roads.count('class="bl-bead ') == 8
    beads = re.findall(r'<g class="bl-bead bl-road-\w"><title>Round \d+: (\w+)</title>', roads)
    assert beads == [o.value for o in outcomes]
    assert roads.count('class="bl-big-road-mark ') == sum(o is not Outcome.TIE for o in outcomes)


def _shown_odds(html: str) -> dict[str, list[Fraction]]:
    rows = re.findall(r'<tr data-spot="(\w+)">(.*?)</tr>', html)
    return {key: [Fraction(x) for x in re.findall(r'data-exact="([\d/-]+)"', row)] for key, row in rows}


def test_the_odds_panel_shows_exact_odds_of_the_cards_left():
    table = PuntoBancoTable(seed=5)
    table.settings_view.controls["extra_side_bets"].value = True
    table.settings_view.controls["tie_pays"].value = 9
    table.chip_buttons[5].click()
    table.spot_buttons[BetSpot.TIE].click()
    for _ in range(3):
        table.deal_button.click()
        table.rebet_button.click()
        session = table.session
        expected = exact_odds(Composition.of_shoe(session.shoe), 9, BankerPays.COMMISSION)
        shown = _shown_odds(table.odds.widget.value)
        assert list(shown) == [spot.key for spot in session.spots]
        for spot in session.spots:
            bet = expected.bets[spot]
            assert shown[spot.key] == [bet.win, bet.push, bet.house_edge]
        assert f"{session.shoe.remaining_count} cards left" in table.odds.widget.value


def test_a_refused_setting_shows_the_sentence_and_keeps_the_setting():
    table = PuntoBancoTable(seed=1)
    table.spot_buttons[BetSpot.PLAYER].click()
    table.settings_view.controls["decks"].value = 6
    assert table.session.settings.decks == 8 and table.settings_view.controls["decks"].value == 8
    assert "Take your chips back (Clear) before changing the settings." in table.guard.message.value
    assert table.session.bets == {BetSpot.PLAYER: 5}


def test_a_deck_change_starts_a_new_session():
    table = PuntoBancoTable(seed=1)
    table.spot_buttons[BetSpot.PLAYER].click()
    table.deal_button.click()
    table.settings_view.controls["decks"].value = 6
    assert table.session.settings.decks == 8, "a hand was played: the change asks first"
    table.settings_view.confirm_button.click()
    assert table.session.settings.decks == 6 and table.session.history == []
    assert table.session.shoe.remaining_count == 6 * 52 and "new session" in table.guard.message.value


def test_the_drawing_table_highlights_the_cell_the_banker_used():
    table = PuntoBancoTable(shoe=Shoe.stacked("2S AC 2H 2D 7C 9D"))  # Player draws a 7: Banker on 3 draws
    table.spot_buttons[BetSpot.PLAYER].click()
    table.deal_button.click()
    html = table.reveal.drawing.value
    banker_table = html[html.index('class="bl-drawing-table"'):]
    active = re.findall(r'class="bl-cell bl-cell-(\w+) bl-cell-active" data-total="(\d)" data-third="(\w+)"', banker_table)
    assert active == [("draw", "3", "7")]


def _tree(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _tree(child)


def test_the_dom_contract_classes_are_present():
    table = PuntoBancoTable(seed=2)
    classes = {css for w in _tree(table.widget) for css in w._dom_classes}
    for css in ("bl-table", "bl-chip", "bl-spot", "bl-spot-banker", "bl-deal", "bl-clear", "bl-rebet",
                "bl-new-session", "bl-balance", "bl-message", "bl-reveal", "bl-settings", "bl-odds", "bl-roads"):
        assert css in classes, css
    labels = {w.description for w in _tree(table.settings_panel) if isinstance(w, widgets.ValueWidget)}
    assert {"Tie pays", "Decks", "Starting chips", "Session length"} <= labels
    assert [b.description for b in table.chip_buttons.values()] == ["5", "10", "25", "50"]
    assert all(b.description.startswith(s.value) for s, b in table.spot_buttons.items())
    styles = [w for w in _tree(table.widget) if isinstance(w, widgets.HTML) and w.value.startswith("<style>")]
    assert len(styles) == 1 and "http" not in styles[0].value.replace("http://www.w3.org", "")
    assert not any(isinstance(w, widgets.Output) for w in _tree(table.widget))


@pytest.mark.parametrize("variant", ["chemin-de-fer", "banque-limitee"])
def test_seat_banked_variants_are_not_punto_banco_tables(variant):
    from baccarat_lessons.engine.errors import SettingsError

    with pytest.raises(SettingsError):
        PuntoBancoTable(variant)


def test_every_settings_control_shows_the_setting_in_force():
    table = PuntoBancoTable(seed=1)
    controls = table.settings_view.controls
    for name, control in controls.items():
        if isinstance(control, widgets.Dropdown):
            assert control.index is not None, f"{name} shows no selection"
    assert controls["hands_limit"].label == "Unlimited"
    controls["hands_limit"].value = 20
    assert table.session.settings.hands_limit == 20 and "Hands: 0 of 20" in table.balance.value
    controls["hands_limit"].index = 0
    assert table.session.settings.hands_limit is None and controls["hands_limit"].label == "Unlimited"
