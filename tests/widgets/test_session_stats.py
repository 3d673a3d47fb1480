"""The session statistics panel, against a stacked-shoe session worked out by hand."""

import re
from fractions import Fraction

import pytest
from browser_messages import bet, deal, revealed, said, send

from baccarat_lessons.analysis.composition import Composition
from baccarat_lessons.analysis.exact import exact_odds
from baccarat_lessons.analysis.session_stats import largest_swing, session_stats
from baccarat_lessons.engine.bets import BetSpot
from baccarat_lessons.engine.events import Outcome
from baccarat_lessons.engine.money import CHIP
from baccarat_lessons.engine.shoe import Shoe
from baccarat_lessons.widgets import LiveTable

# Four coups, cards in deal order (Player, Banker, Player, Banker); every hand is a natural,
# so no third card is drawn.
ROUNDS = [
    # cards, bets (chips), outcome, balance after in hundredths (starting from 100 chips)
    ("2S 9H 2C 9D", [(BetSpot.BANKER, 10)], Outcome.BANKER, 10950),  # +9.50
    ("9H 2S 9C 2H", [(BetSpot.BANKER, 25)], Outcome.PLAYER, 8450),   # -25
    ("9S 9D 9C 9H", [(BetSpot.TIE, 5), (BetSpot.PLAYER, 10)], Outcome.TIE, 12450),  # 8 to 8: +40, push
    ("2D 9S 2H 9C", [(BetSpot.PLAYER, 50)], Outcome.BANKER, 7450),   # -50
]


def _play(table: LiveTable) -> None:
    for _, bets, _, _ in ROUNDS:
        for spot, stake in bets:
            bet(table, spot, stake)
        deal(table)
        revealed(table)


@pytest.fixture
def table():
    table = LiveTable("punto-banco", shoe=Shoe.stacked(" ".join(cards for cards, *_ in ROUNDS)))
    _play(table)
    return table


def test_the_stacked_session_deals_as_worked_out(table):
    history = table.table.history
    assert [r.outcome for r in history] == [outcome for _, _, outcome, _ in ROUNDS]
    assert [r.balances[0] for r in history] == [balance for *_, balance in ROUNDS]


def test_the_statistics_match_the_hand_computation(table):
    stats = table.records.stats_view.stats  # in hundredths
    assert stats.hands_played == 4
    assert stats.wins == {Outcome.PLAYER: 1, Outcome.BANKER: 2, Outcome.TIE: 1}
    assert stats.staked == (10 + 25 + 15 + 50) * CHIP
    assert stats.net == 7450 - 100 * CHIP
    # balances 100, 109.50, 84.50, 124.50, 74.50: falls of 25 (from 109.50) and 50 (from 124.50)
    assert stats.largest_swing == 50 * CHIP


def test_the_expectation_is_the_full_shoe_value_of_the_bets_placed(table):
    # 35 chips on Banker, 60 on Player, 5 on Tie, over the session.
    bets = exact_odds(Composition.full(8)).bets
    expected = 35 * bets[BetSpot.BANKER].expected_net + 60 * bets[BetSpot.PLAYER].expected_net \
        + 5 * bets[BetSpot.TIE].expected_net
    assert table.records.stats_view.stats.expected_net == expected * CHIP  # a Fraction of hundredths
    # The published eight-deck house edges: Banker 1.0579%, Player 1.2351%, Tie (8:1) 14.3596%.
    assert float(expected) == pytest.approx(-(35 * 0.010579 + 60 * 0.012351 + 5 * 0.143596), abs=1e-4)


def test_the_panel_shows_the_figures_exactly(table):
    html = table.records.stats_view.widget.value
    shown = dict(re.findall(r'data-stat="(\w+)"[^>]*>([^<]+)<', html))
    assert shown["hands"] == "4"
    assert shown["wins"] == "Player 1, Banker 2, Tie 1"
    assert shown["staked"] == "100" and shown["net"] == "-25.50" and shown["swing"] == "50"
    assert shown["expected"] == "about -1.83"  # the exact expectation is not a whole number of hundredths
    exact = dict(re.findall(r'data-stat="(\w+)" data-exact="(-?\d+/\d+)"', html))
    assert Fraction(exact["luck"]) == Fraction("-25.50") - table.records.stats_view.stats.expected_net / CHIP
    assert "full 8-deck shoe" in html and "cards already dealt are left out" in html


def test_the_panel_follows_the_payout_settings():
    plain = session_stats([], 100 * CHIP, decks=8)
    assert plain.hands_played == 0 and plain.largest_swing == 0
    table = LiveTable("punto-banco", shoe=Shoe.stacked(" ".join(cards for cards, *_ in ROUNDS)))
    table.records.settings_view.controls["tie_pays"].value = 9
    assert table.table.settings.tie_pays == 9
    _play(table)
    bets = exact_odds(Composition.full(8), tie_pays=9).bets
    assert table.records.stats_view.stats.expected_net == CHIP * (
        35 * bets[BetSpot.BANKER].expected_net + 60 * bets[BetSpot.PLAYER].expected_net
        + 5 * bets[BetSpot.TIE].expected_net
    )


def test_the_panel_waits_for_the_page_to_show_the_round():
    table = LiveTable("punto-banco", shoe=Shoe.stacked(" ".join(cards for cards, *_ in ROUNDS)))
    stats_view = table.records.stats_view
    bet(table, BetSpot.BANKER, 10)
    deal(table)
    assert "No rounds yet" in stats_view.widget.value and stats_view.stats.hands_played == 0
    revealed(table)
    assert stats_view.stats.hands_played == 1


def test_a_new_session_empties_the_panel(table):
    send(table, "NEW_SESSION")
    assert "No rounds yet" in table.records.stats_view.widget.value
    assert said(table).startswith("New session: 100 practice chips")


def test_largest_swing_is_peak_to_later_trough():
    assert largest_swing([100, 90, 130, 125]) == 10      # the rise to 130 is not a swing
    assert largest_swing([100, 150, 160, 80, 200]) == 80
    assert largest_swing([]) == 0
