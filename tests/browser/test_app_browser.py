"""The app in headless Chromium: variants, a dealt round, the guide, settings, keyboard play.

Every round here is dealt from a random shoe, so the checks read what the page
says (cards drawn, rule sentences, settlements) and check that the balance moved
by exactly the sum of the settlements shown.
"""

from __future__ import annotations

import re

import pytest

from baccarat_lessons.engine.variants import VARIANTS
from playwright.sync_api import expect
from .reading import balance_in, format_amount, settlement_nets, tab_to

pytestmark = pytest.mark.browser

VARIANT_NAMES = {key: variant.name for key, variant in VARIANTS.items()}  # the selector's, from the records
ROUND_MS = 30_000


def table_of(page, key="punto-banco"):
    return page.locator(f".bl-page-{key} .bl-table")


def balance(table):
    return balance_in(table.locator(".bl-balance").inner_text())


def play_round(table, chip: str, spot: str):
    """Click a chip, a spot and Deal; wait until the round is fully revealed."""
    before = balance(table)
    table.locator(".bl-chip", has_text=re.compile(rf"^\s*{chip}\s*$")).first.click()
    table.locator(f".bl-spot-{spot}").first.click()
    table.locator(".bl-deal").first.click()
    table.locator(".bl-round-done").first.wait_for(state="attached", timeout=ROUND_MS)
    return before


def check_round_settled(table, before):
    """The round shows its cards and rules, and the balance moved by the settlements shown."""
    cards = table.locator(".bls-card").count()
    assert 4 <= cards <= 6, f"a round shows 4 to 6 cards, not {cards}"
    revealed = table.locator(".bl-reveal").inner_text()
    assert re.search(r"(Player|Banker) (gets|draws|stands)", revealed), revealed
    assert re.search(r"(wins, \d to \d|Tie at \d)", revealed), revealed
    nets = settlement_nets(revealed)
    assert nets, f"no settlement sentence in {revealed!r}"
    # The balance line is its own widget; its update may land just after the last step.
    expect(table.locator(".bl-balance")).to_contain_text(
        re.compile(rf"Balance: {re.escape(format_amount(before + sum(nets)))}(?![\d.,])")
    )
    assert balance(table) - before == sum(nets)


def test_app_opens_with_five_variants_and_the_punto_banco_page(app_page, screenshot):
    selector = app_page.locator(".bl-app .bl-variant-selector")
    buttons = selector.locator("button")
    assert [text.strip() for text in buttons.all_inner_texts()] == list(VARIANT_NAMES.values())
    page = app_page.locator(".bl-page-punto-banco")
    assert page.locator("h2").first.inner_text().strip() == "Punto Banco"
    assert "Balance: 100" in table_of(app_page).locator(".bl-balance").inner_text()
    assert page.locator(".bl-guide").is_visible()
    assert app_page.blocked_urls == [], "the page asked a server other than 127.0.0.1"
    screenshot(app_page, "01-app-opened")


def test_a_dealt_round_shows_cards_rules_and_settles_the_balance(app_page, screenshot):
    table = table_of(app_page)
    assert table.locator(".bl-deal").first.is_disabled(), "Deal is offered before any bet"
    before = play_round(table, "10", "player")
    check_round_settled(table, before)
    screenshot(table, "02-round-dealt")


def test_a_bet_the_chips_cannot_cover_is_offered_no_more_and_says_why(app_page):
    table = table_of(app_page)
    table.locator(".bl-chip", has_text=re.compile(r"^\s*50\s*$")).first.click()
    spot = table.locator(".bl-spot-player").first
    expect(spot).to_be_enabled()
    # A chip at a time, as a student places them, each seen on the table before the next: a second click
    # sent before the first is answered repeats it (a double-click) and places one chip, by design.
    spot.click()
    expect(table.locator(".bl-balance")).to_contain_text("On the table: 50")
    spot.click()
    expect(table.locator(".bl-balance")).to_contain_text("On the table: 100")
    # The engine's refusal, as the button's reason: the spot cannot take a third 50.
    expect(spot).to_be_disabled()
    assert "more than you have" in spot.get_attribute("title")
    expect(table.locator(".bl-deal").first).to_be_enabled()


def test_switching_variants_keeps_each_table(app_page, screenshot):
    table = table_of(app_page)
    before = play_round(table, "5", "banker")
    after_punto_banco = balance(table)
    assert after_punto_banco != before or "returned" in table.locator(".bl-reveal").inner_text()
    selector = app_page.locator(".bl-variant-selector")
    for key, name in VARIANT_NAMES.items():
        selector.locator("button", has_text=name).click()
        page = app_page.locator(f".bl-page-{key}")
        page.wait_for(state="visible")
        assert page.locator("h2").first.inner_text().strip() == name
        for other in VARIANT_NAMES.keys() - {key}:
            assert not app_page.locator(f".bl-page-{other}").is_visible()
        if key == "mini-baccarat":
            mini = table_of(app_page, key)
            check_round_settled(mini, play_round(mini, "2", "tie"))
    selector.locator("button", has_text="Punto Banco").click()
    assert balance(table_of(app_page)) == after_punto_banco


@pytest.mark.parametrize("key", ["chemin-de-fer", "banque-ouverte", "banque-limitee"])
def test_seat_banked_pages_have_play_guide_rules_and_history(app_page, screenshot, key):
    app_page.locator(".bl-variant-selector button", has_text=VARIANT_NAMES[key]).click()
    page = app_page.locator(f".bl-page-{key}")
    page.wait_for(state="visible")
    titles = [title.strip() for title in page.locator(".bl-section-title").all_inner_texts()]
    assert titles == ["Play", "Illustrated guide", "Complete rules", "Origin and history", "Variants", "Bibliography"]
    assert page.locator(".bl-table").first.is_visible(), "the Play section has no table"
    guide = page.locator(".bl-guide")
    step = guide.locator(".bl-guide-step")
    expect(step).to_contain_text("Step 1 of")
    for number in range(2, 12):
        guide.locator(".bl-guide-next").click()
        expect(step).to_contain_text(f"Step {number} of")
    assert guide.locator(".bls-card").count() >= 4, "the dealt cards are not on the guide's felt"
    guide.scroll_into_view_if_needed()
    screenshot(guide, f"03-{key}-guide-step-11")


def test_the_guide_steps_forward_and_back(app_page, screenshot):
    guide = app_page.locator(".bl-page-punto-banco .bl-guide")
    step = guide.locator(".bl-guide-step")
    expect(step).to_contain_text("Step 1 of")
    expect(guide.locator(".bl-guide-back")).to_be_disabled()
    first = step.text_content()
    guide.locator(".bl-guide-next").click()
    expect(step).to_contain_text("Step 2 of")
    second = step.text_content()
    sentence = lambda text: re.sub(r"^\s*Step \d+ of \d+", "", text).strip()  # noqa: E731
    assert sentence(second) and sentence(second) != sentence(first), "the step's sentence did not change"
    guide.locator(".bl-guide-next").click()
    expect(step).to_contain_text("Step 3 of")
    assert guide.locator(".bls-card").count() >= 3
    screenshot(guide, "04-guide-step-3")
    guide.locator(".bl-guide-back").click()
    expect(step).to_have_text(second)
    guide.locator(".bl-guide-back").click()
    expect(step).to_have_text(first)


def test_tie_pays_setting_changes_the_tie_spot(app_page, screenshot):
    table = table_of(app_page)
    tie = table.locator(".bl-spot-tie").first
    assert "8:1" in tie.inner_text()
    table.locator(".bl-settings").get_by_label("Tie pays").select_option(label="9:1")
    expect(tie).to_contain_text("9:1")
    assert "8:1" not in tie.inner_text()
    # The exact-odds panel prices the Tie at the new payout too.
    expect(table.locator(".bl-odds")).to_contain_text("9:1")
    screenshot(table, "05-tie-pays-9")


def test_one_round_by_keyboard_only(app_page, screenshot):
    table = table_of(app_page)
    before = balance(table)
    tab_to(app_page, ".bl-page-punto-banco .bl-chip")
    app_page.keyboard.press("Enter")
    tab_to(app_page, ".bl-page-punto-banco .bl-spot-banker")
    app_page.keyboard.press("Space")
    tab_to(app_page, ".bl-page-punto-banco .bl-deal")
    app_page.keyboard.press("Enter")
    table.locator(".bl-round-done").first.wait_for(state="attached", timeout=ROUND_MS)
    check_round_settled(table, before)
    screenshot(app_page, "06-keyboard-round")
