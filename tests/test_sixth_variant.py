"""A sixth variant of each kind, from data alone (tests/sixth_variants.py), played everywhere a variant is.

For a house-banked layout at a 4% commission, a Chemin de Fer of eight decks and a Banque limitée of 10 to
50 chips, each a record and a catalog entry registered at run time, nothing else written: the engine plays
seeded coups with the chips conserved, the presentation labels and pays the 4% Banker win, the rules pages
state each record's facts, the CLI runs them, the app offers them, and every suite parametrised over the
registry passes for them (run once more with ``BACCARAT_LESSONS_VARIANTS=sixth_variants``). The browser
plays one in tests/browser/test_sixth_variant_browser.py. What each place should show is worked out here
from the record, not copied from what the code prints.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from baccarat_lessons.cli import main
from baccarat_lessons.content import variant_page
from baccarat_lessons.engine.bets import BetSpot
from baccarat_lessons.engine.driver import Driver
from baccarat_lessons.engine.money import CHIP
from baccarat_lessons.engine.tables import table_class
from baccarat_lessons.engine.variants import VARIANTS

from sixth_variants import SHARES, SIXTH, add_all, remove_all

TESTS = Path(__file__).resolve().parent
LAYOUT = SIXTH["layout"]
# The suites parametrised over the registry, run again with the sixth variants in it. The pinned
# playthroughs are files of the shipped variants (a shipped sixth one writes its own: README).
SUITES = ("test_one_table_api.py", "test_table_api.py", "test_replay.py", "test_illegal_actions.py",
          "test_information_sets.py", "test_seat_views.py", "test_table_sim.py", "test_playthroughs.py",
          "test_content.py", "test_content_bibliography.py", "test_content_rules_parts.py",
          "test_content_variants_section.py", "widgets/test_presenters.py", "widgets/test_page_messages.py",
          "widgets/test_hidden_totals_widgets.py")
SUITE_SECONDS = 600


@pytest.fixture(autouse=True, scope="module")
def sixth_variants_registered():
    """The three in the registry for this file's tests only (the other files' variants are the five)."""
    add_all()
    yield
    remove_all()


def text_of(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_each_sixth_variant_is_registered_as_a_variant_of_its_kind():
    for variant in SIXTH.values():
        assert VARIANTS[variant.key] is variant
        assert table_class(variant) is table_class(VARIANTS[SHARES[variant.key]])


@pytest.mark.parametrize("kind", SIXTH)
def test_the_engine_plays_seeded_coups_with_the_chips_conserved(kind):
    variant = SIXTH[kind]
    driver = Driver(variant.key, seed=3)
    total = driver.table.chips_in_play()
    assert total == variant.starting_chips * CHIP * variant.seat_count
    assert driver.table.shoe.remaining_count <= variant.decks * 52
    for _ in range(400):
        decision = driver.table.pending
        if decision is None or driver.table.coups_played >= 5:
            break
        if decision.seat != 0:
            driver.act("NEXT")
            continue
        action = decision.actions[0]
        amount = None
        if action.kind.takes_amount:  # a layout takes any chip of its record; a seated action its range
            amount = variant.stakes[0] * CHIP if action.min_amount is None else action.min_amount
        if variant.has_fixed_rules and driver.table.stakes:
            driver.act("DEAL")
        else:
            driver.act(action.kind.name, amount, None if action.side is None else action.side.value)
        assert driver.table.chips_in_play() == total
    assert driver.table.coups_played >= 5
    again = Driver.replayed(driver.record())
    assert again.fingerprint() == driver.fingerprint()


def banker_win_seed() -> int:
    """The first seed whose first coup at the 4% layout is a Banker win."""
    for seed in range(100):
        driver = Driver(LAYOUT.key, seed=seed)
        driver.act("BET", 5 * CHIP, "Banker")
        driver.act("DEAL")
        if driver.table.last_coup.outcome.value == "Banker":
            return seed
    raise AssertionError("no Banker win in 100 shoes")


def test_the_four_percent_layout_labels_and_pays_a_banker_win_at_four_percent():
    from baccarat_lessons.widgets.table import LiveTable

    assert LAYOUT.commission == Fraction(4, 100) and 100 in LAYOUT.stakes
    live = LiveTable(LAYOUT.key, seed=banker_win_seed())
    pays = {spot["side"]: spot["pays"] for spot in live.surface.presentation["spots"]}
    assert pays["Banker"] == "0.96:1" and pays["Player"] == "1:1"
    live.act("BET", 100 * CHIP, "Banker")
    live.act("DEAL")
    coup = live.driver.table.last_coup
    assert coup.stakes[0].hand is BetSpot.BANKER and coup.outcome.value == "Banker"
    assert coup.net_of(0) == 96 * CHIP and coup.commission == 4 * CHIP
    assert live.driver.table.chips_in_play() == LAYOUT.starting_chips * CHIP
    said = [event.text for event in coup.events if type(event).__name__ == "BetSettled"]
    assert said == ["Banker bet of 100 wins 96 (you get 196 back): Banker won; it pays 0.96:1 after the 4% commission."]


@pytest.mark.parametrize("kind", SIXTH)
def test_the_rules_page_states_the_records_facts(kind):
    variant = SIXTH[kind]
    page = variant_page(variant.key)
    assert page.name == variant.name
    text = text_of(page.rules_html)
    assert f"Decks in the shoe {variant.decks} " in text
    assert f"Chip values {', '.join(map(str, variant.stakes))} " in text
    assert f"Starting chips {variant.starting_chips} " in text
    rate = f"{variant.commission * 100}%"
    assert re.search(rf"Commission {re.escape(rate)}( |$)", text, flags=re.I)
    if variant.max_bet is not None:
        assert f"Most chips on one bet {variant.max_bet} " in text


def test_the_four_percent_pages_say_four_percent_and_nothing_of_five():
    page = variant_page(LAYOUT.key)
    text = text_of(page.rules_html)
    assert "Banker commission 4%" in text and "Banker 0.96:1 (1:1 less a 4% commission) 19.60 chips" in text
    assert "Six ordinary 52-card decks" in text and "chips of 5, 10, 25 or 100" in text
    assert "5%" not in text and "0.95" not in text
    assert "Banker bets are paid 0.96:1" in page.guide_notes[-1]


def test_the_banque_page_works_its_example_at_the_records_rate():
    text = text_of(variant_page(SIXTH["two tableaux"].key).rules_html)
    assert "Banque limitée, 10 to 50 is the two-tableau game" in text
    assert "Each wager is between 10 and 50 chips." in text
    # 15 chips ahead at 3%: 0.45 of commission, 14.55 kept.
    assert "so the commission is 0.45 and the bank's gain on the coup is 14.55." in text


def test_the_cli_prices_the_layout_and_plays_the_seated_tables(capsys):
    assert main(["odds", "--variant", LAYOUT.key, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["variant"] == LAYOUT.name and report["decks"] == LAYOUT.decks
    assert report["bets"]["banker"]["pays"] == pytest.approx(0.96)
    for kind in ("one hand", "two tableaux"):
        key = SIXTH[kind].key
        assert main(["tables", key, "--coups", "30", "--seed", "1", "--banker", "table", "--json"]) == 0
        report = json.loads(capsys.readouterr().out)
        assert report["variant"] == key and report["coups"] == 30


def test_the_app_offers_every_variant_of_the_registry():
    from baccarat_lessons.widgets.app import LessonsApp

    app = LessonsApp(variant=SIXTH["one hand"].key, seed=1)
    assert [value for _, value in app.selector.options] == list(VARIANTS)
    assert "Eight games of the Baccarat family" in app.widget.children[0].value


def test_every_suite_parametrised_over_the_registry_passes_for_the_sixth_variants():
    keys = " or ".join(variant.key for variant in SIXTH.values())
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0", "-p", "no:randomly",
         "-k", f"({keys}) and not pinned_file", *SUITES],
        cwd=TESTS, capture_output=True, text=True, timeout=SUITE_SECONDS,
        env={**os.environ, "BACCARAT_LESSONS_VARIANTS": "with_sixth_variants"})
    summary = run.stdout.strip().splitlines()[-1] if run.stdout.strip() else run.stderr[-2000:]
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    passed = int(re.search(r"(\d+) passed", summary).group(1))
    assert passed >= 60, summary  # every parametrised test of every suite, for each of the three
