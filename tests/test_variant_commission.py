"""A house-banked variant record at another commission: everything that states or uses the
commission reads it from the record (issue 30).

The records here are built from data alone (``dataclasses.replace`` on Punto Banco's and Mini
Baccarat's), are never added to the registry, and every table and widget is made from them
directly. What each place should show is worked out here from the record's rate and the exact
outcome probabilities, not copied from what the code prints.
"""

import dataclasses
import re
from fractions import Fraction

import pytest

from baccarat_lessons.analysis.composition import Composition
from baccarat_lessons.analysis.exact import exact_odds
from baccarat_lessons.content import page as page_module
from baccarat_lessons.content import variant_page
from baccarat_lessons.engine.bets import BetSpot
from baccarat_lessons.engine.driver import Driver
from baccarat_lessons.engine.money import CHIP
from baccarat_lessons.engine.seated.decisions import ActionKind
from baccarat_lessons.engine.tables import new_table
from baccarat_lessons.engine.variants import PUNTO_BANCO, VARIANTS
from baccarat_lessons.widgets.odds_panel import OddsPanel
from baccarat_lessons.widgets.punto_banco_table.presentation import layout_presentation
from baccarat_lessons.widgets.session_stats import SessionStatsView
from baccarat_lessons.widgets.settings_panel import SettingsPanel

FOUR_PERCENT = Fraction(4, 100)
# Every house-banked layout of the registry, its record at 4% (read from the record, not a table of our own).
AT_FOUR = {key: dataclasses.replace(variant, key=f"{key}-4", name=f"{variant.name} at 4%", commission=FOUR_PERCENT)
           for key, variant in VARIANTS.items() if variant.house_banks and variant.has_fixed_rules}
BANKER_WINS_FIRST = 4  # the first coup of a shoe shuffled with this seed is a Banker win (checked below)
STAKE = 100  # chips on Banker: all of the starting 100, in the table's largest chips


def rate_text(commission: Fraction) -> str:
    return f"{commission * 100}%"  # whole percents here: Fraction(4) prints as 4


def banker_label(commission: Fraction) -> str:
    return f"{float(1 - commission):.2f}:1"  # a Banker win nets 1:1 less the commission


def banker_edge(commission: Fraction, decks: int = 8) -> Fraction:
    """The Banker bet's house edge worked out from the exact outcome probabilities of a full shoe:
    it loses a chip when Player wins and nets ``1 - commission`` when Banker wins; a tie pushes."""
    chance = exact_odds(Composition.full(decks)).outcomes
    return chance["player"] - chance["banker"] * (1 - commission)


def banker_table(record, seed=BANKER_WINS_FIRST):
    """A seeded table of ``record`` with all 100 starting chips on Banker, not yet dealt."""
    table = new_table(record, seed=seed)
    chip = max(record.stakes)
    for _ in range(STAKE // chip):
        table.act(ActionKind.BET, chip * CHIP, BetSpot.BANKER)
    assert table.bets == {BetSpot.BANKER: STAKE * CHIP}
    return table


def text_of(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


@pytest.mark.parametrize("key", AT_FOUR)
def test_the_banker_spot_prints_the_records_payout(key):
    record = AT_FOUR[key]
    assert banker_label(record.commission) == "0.96:1"
    shown = layout_presentation(new_table(record, seed=1))
    pays = {spot.side: spot.pays for spot in shown.spots}
    assert pays == {"Player": "1:1", "Banker": banker_label(record.commission), "Tie": "8:1"}


@pytest.mark.parametrize("key", AT_FOUR)
def test_a_seeded_table_of_the_record_settles_a_banker_win_at_its_commission(key):
    record = AT_FOUR[key]
    table = banker_table(record)
    table.act(ActionKind.DEAL)
    coup = table.last_coup
    assert coup.outcome.value == "Banker"
    won = STAKE * CHIP * (1 - record.commission)
    assert won == 96 * CHIP
    assert coup.net_of(0) == won and table.balance == STAKE * CHIP + won
    assert coup.commission == table.commission_total == STAKE * CHIP * record.commission == 4 * CHIP
    assert table.chips_in_play() == record.starting_chips * CHIP
    settled = [event for event in coup.events if type(event).__name__ == "BetSettled"]
    assert [event.text for event in settled] == [
        "Banker bet of 100 wins 96 (you get 196 back): Banker won; it pays 0.96:1 after the 4% commission."]


def test_exact_odds_take_the_records_commission():
    record = AT_FOUR["punto-banco"]
    banker = exact_odds(Composition.full(8), commission=record.commission).bets[BetSpot.BANKER]
    assert banker.pays == 1 - record.commission
    assert banker.house_edge == banker_edge(record.commission)
    assert round(float(banker.house_edge), 5) == 0.00599  # 0.60% at 4%, as published for 8 decks
    assert banker.house_edge != banker_edge(PUNTO_BANCO.commission)


@pytest.mark.parametrize("key", AT_FOUR)
def test_the_odds_panel_shows_the_banker_edge_at_the_records_commission(key):
    record = AT_FOUR[key]
    panel = OddsPanel()
    panel.update(new_table(record, seed=1))  # a fresh shoe: the full 8 decks
    assert panel.odds.card_count == record.decks * 52
    edge = banker_edge(record.commission, record.decks)
    assert panel.odds.bets[BetSpot.BANKER].house_edge == edge
    assert edge < banker_edge(PUNTO_BANCO.commission, record.decks)
    row = re.search(r'<tr data-spot="banker">(.*?)</tr>', panel.widget.value).group(1)
    assert f"<td>{banker_label(record.commission)}</td>" in row
    assert f'data-exact="{edge.numerator}/{edge.denominator}">{100 * float(edge):.3f}%<' in row


@pytest.mark.parametrize("key", AT_FOUR)
def test_the_session_statistics_expect_the_records_payout(key):
    record = AT_FOUR[key]
    table = banker_table(record)
    table.act(ActionKind.DEAL)
    view = SessionStatsView()
    view.update(table)
    assert view.stats.expected_net == -banker_edge(record.commission, record.decks) * STAKE * CHIP


@pytest.mark.parametrize("key", AT_FOUR)
def test_the_settings_panel_names_the_records_commission(key):
    record = AT_FOUR[key]
    panel = SettingsPanel(Driver(record, seed=1))
    label = panel.controls["banker_pays"].options[0][0]
    assert label == f"{banker_label(record.commission)} ({rate_text(record.commission)} commission)"


@pytest.mark.parametrize("key, example_stake", [("punto-banco", 10), ("mini-baccarat", 2)])
def test_the_rules_page_states_the_records_commission(key, example_stake, monkeypatch):
    record = AT_FOUR[key]
    # The page of this key, built from the 4% record instead of the registry's (for this test only).
    monkeypatch.setattr(page_module, "VARIANTS", {**VARIANTS, key: record})
    text = text_of(variant_page(key).rules_html)
    rate, pays = rate_text(record.commission), banker_label(record.commission)
    returned = example_stake * (1 + 1 - record.commission)
    assert f"Banker commission {rate}" in text
    assert re.search(rf"Banker {re.escape(pays)} \([^)]*\b{rate} commission[^)]*\) {float(returned):.2f} chips", text)
    assert f"{rate} commission, or Banker-7 {rate} commission" in text
    assert f"{rate} commission (the classic method): every winning Banker bet earns {float(1 - record.commission):g} " in text
    assert "5%" not in text and "0.95" not in text
