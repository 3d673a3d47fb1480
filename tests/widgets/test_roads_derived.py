"""The derived roads as drawn beside the bead plate and big road on the Punto Banco table."""

import re

from browser_messages import play_round

from baccarat_lessons.analysis.roads import big_eye_boy, cockroach_pig, small_road
from baccarat_lessons.engine.bets import BetSpot
from baccarat_lessons.engine.events import Outcome
from baccarat_lessons.engine.shoe import Shoe
from baccarat_lessons.widgets import LiveTable
from baccarat_lessons.widgets.roads import RoadsView, derived_road_svg

B, P, T = Outcome.BANKER, Outcome.PLAYER, Outcome.TIE
# Big road columns BB | P | BBB | PP | B: the sequence worked by hand in tests/test_roads.py.
WORKED = [B, B, P, B, B, B, P, P, B]


def _marks(svg: str) -> list[str]:
    return re.findall(r'<g class="bl-derived-mark bl-mark-(red|blue)">', svg)


def test_each_derived_road_is_one_svg_with_its_marks_in_order():
    for name, road in (("Big eye boy", big_eye_boy), ("Small road", small_road), ("Cockroach pig", cockroach_pig)):
        svg = derived_road_svg(name, WORKED)
        assert svg.count("<svg") == 1
        assert _marks(svg) == [mark.value for mark in road(WORKED)]


def test_red_and_blue_differ_in_shape_not_only_in_colour():
    svg = derived_road_svg("Big eye boy", WORKED)
    for colour, shape in re.findall(r'bl-mark-(red|blue)"><title>[^<]*</title><(\w+)', svg):
        assert shape == {"red": "circle", "blue": "path"}[colour]
    assert "<title>Red: repeats the earlier shape</title>" in svg
    assert "<title>Blue: differs from the earlier shape</title>" in svg


def test_each_road_has_a_text_alternative_listing_every_mark():
    svg = derived_road_svg("Small road", WORKED)
    label = "Small road: 5 marks, 1 red, 4 blue. In order: red, blue, blue, blue, blue."
    assert f'aria-label="{label}"' in svg and f"<title>{label}</title>" in svg
    assert 'aria-label="Cockroach pig: no marks yet."' in derived_road_svg("Cockroach pig", [B, P])


def test_ties_leave_the_derived_roads_unchanged():
    with_ties = [T, B, B, T, P, B, B, T, T, B, P, P, B, T]
    for name in ("Big eye boy", "Small road", "Cockroach pig"):
        assert _marks(derived_road_svg(name, with_ties)) == _marks(derived_road_svg(name, WORKED))


def test_the_roads_view_shows_five_roads_and_says_they_predict_nothing():
    view = RoadsView()
    view.update(WORKED)
    html = view.widget.value
    assert html.count("<svg class=\"bl-road ") == 5
    for name in ("Bead plate", "Big road", "Big eye boy", "Small road", "Cockroach pig"):
        assert f"<h5>{name}</h5>" in html
    assert "The roads record the past and predict nothing." in html
    assert "red ring" in html and "blue cross" in html  # the legend names the shapes too


def test_the_table_draws_the_derived_roads_after_each_round():
    # Banker, Banker, Player, Banker: with the second column a single win, the big eye boy's
    # first mark comes with the fourth coup (columns of 2 and 1 differ: blue).
    rounds = [
        "2S 9H 2C 9D",      # Player 4, Banker 8 (natural): Banker
        "2H 9C 2D 9S",      # Banker
        "9H 2S 9C 2H",      # Player 8 natural: Player
        "2C 9D 2S 9H",      # Banker
    ]
    table = LiveTable("punto-banco", shoe=Shoe.stacked(" ".join(rounds)))
    seen = []
    for _ in rounds:
        play_round(table, BetSpot.TIE, 5)
        seen.append(_marks(re.search(r'<svg class="bl-road bl-derived-road bl-big-eye-boy.*?</svg>',
                                     table.records.roads.widget.value).group(0)))
    assert [o.value for o in (r.outcome for r in table.table.history)] == ["Banker", "Banker", "Player", "Banker"]
    assert seen == [[], [], [], ["blue"]]
