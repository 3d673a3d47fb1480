"""The seat-banked tables in the app, in headless Chromium: one full coup as the user in each
role the table allows, then the money checked as a student would check it.

Shoes are random here, so the checks read the page: the settlement sentences and the
commission in the coup's log, the user's balance and bank, and every seat's chips. The
user's chips must move by exactly the settlement shown, and the seats, the bank, the
house and the commission must still add up to the 600 chips the six seats started with.
"""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from baccarat_lessons.engine.variants import VARIANTS
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

NUMBER = r"(-?[\d,]+(?:\.\d+)?)"
SETTLED = re.compile(
    rf"(Your|[A-Z][\w ]*?'s) bet of {NUMBER}(?: chips?)? "
    rf"(goes to the bank|loses|is returned|is paid {NUMBER}(?: chips?)? by the bank|wins {NUMBER})"
)
COMMISSION = re.compile(rf"Commission: [\d.]+% of the banker's gain of {NUMBER}…? is {NUMBER}")
COUP_MS = 30_000


def snap(screenshot, table, name: str) -> None:
    """Voilà scrolls inside its page and paints only what is in view: make the window as tall
    as the table before taking its picture."""
    height = table.evaluate("element => Math.ceil(element.getBoundingClientRect().height)")
    table.page.set_viewport_size({"width": 1280, "height": min(max(height + 400, 1000), 4000)})
    table.scroll_into_view_if_needed()
    screenshot(table, name)


def amount(text: str) -> Decimal:
    return Decimal(text.replace(",", ""))


def settlements(log: str) -> list[tuple[bool, Decimal]]:
    """(is it yours, net for the bettor) for every settled bet in the coup's log."""
    nets = []
    for who, stake, verdict, paid, won in SETTLED.findall(log):
        if verdict in ("goes to the bank", "loses"):
            net = -amount(stake)
        elif verdict == "is returned":
            net = Decimal(0)
        else:
            net = amount(paid or won)
        nets.append((who == "Your", net))
    return nets


CUT = Decimal("0.01")  # an amount shown cut short ("29.88…") is at most this far off


def stat(table, name: str) -> Decimal | None:
    found = table.locator(f".bl-balance .bl-stat-{name}")
    if not found.count():
        return None
    return amount(re.search(NUMBER + r"…?\s*$", found.inner_text().strip()).group(1))


def close(shown: Decimal, expected: Decimal, text: str) -> bool:
    """Equal, or within a cent per amount the page showed cut short."""
    return abs(shown - expected) <= CUT * (text.count("…") + 1) if "…" in text else shown == expected


def open_table(app_page, key):
    app_page.locator(".bl-variant-selector button", has_text=VARIANTS[key].name).click()
    table = app_page.locator(f".bl-page-{key} .bl-table")
    table.wait_for(state="visible")
    table.locator(".bl-speed select").select_option(label="Instant")  # reveal each coup at once in tests
    return table


def turn(table) -> int:
    return int(table.locator(".bl-balance .bl-status").get_attribute("data-turn"))


def click(table, selector: str) -> None:
    """Click a control and wait until the table has redrawn after it."""
    before = turn(table)
    table.locator(selector).first.click()
    table.page.wait_for_function(
        "([root, n]) => { const s = document.querySelector(root + ' .bl-balance .bl-status');"
        " return s && Number(s.dataset.turn) > n; }",
        arg=[f".bl-page-{_key(table)} .bl-table", before], timeout=COUP_MS,
    )


def _key(table) -> str:
    classes = table.get_attribute("class")
    return re.search(r"bl-table-(chemin-de-fer|banque-ouverte|banque-limitee)", classes).group(1)


def play_coup(table, prefer: list[str], amount_value: int | None = None) -> None:
    """Take the user's decisions (the first enabled of ``prefer``, else any enabled one) until
    the coup is fully revealed."""
    for _ in range(10):
        if table.locator(".bl-round-done").count():
            return
        table.locator(".bl-decision:not([disabled])").first.wait_for(state="visible")
        if amount_value is not None and table.locator(".bl-amount input").is_visible():
            table.locator(".bl-amount input").fill(str(amount_value))
        enabled = [f".bl-decision-{name}:not([disabled])" for name in prefer] + [".bl-decision:not([disabled])"]
        choice = next(selector for selector in enabled if table.locator(selector).count())
        click(table, choice)
    raise AssertionError("the coup did not finish after ten decisions")


def check_chips_add_up(table) -> None:
    """Every seat's chips, the bank, the house's result and the commission make the 600 chips of
    the start. An amount shown cut short ("0.12…", a 1.25% commission) may be up to 0.01 off."""
    shown = [re.search(NUMBER + "(…?)", text) for text in table.locator(".bl-seat-chips").all_inner_texts()]
    assert len(shown) == 6, shown
    bank_text = table.locator(".bl-bank").inner_text()
    shown += [re.search(rf"commission taken(?: so far)?: {NUMBER}(…?)", bank_text),
              re.search(rf"Bank: {NUMBER}(…?) chips", bank_text),
              re.search(rf"Its result so far: \+?{NUMBER}(…?)", bank_text)]
    found = [match for match in shown if match]
    total = sum(amount(match.group(1)) for match in found)
    slack = Decimal("0.01") * sum(1 for match in found if match.group(2))
    assert abs(total - 600) <= slack, f"chips shown add up to {total}: {bank_text!r}"


def check_punter_settlement(table) -> list[tuple[bool, Decimal]]:
    """You bet: your chips moved by exactly your settlement."""
    log = table.locator(".bl-reveal").inner_text()
    nets = settlements(log)
    yours = [net for is_yours, net in nets if is_yours]
    assert yours, f"no settlement of yours in {log!r}"
    wealth = stat(table, "balance") + (stat(table, "bank") or 0)
    assert close(wealth, 100 + sum(yours), log + table.locator(".bl-balance").inner_text()), log
    check_chips_add_up(table)
    return nets


def check_banker_settlement(table) -> None:
    """You banked: the bank gained what the bettors lost, less the commission shown."""
    log = table.locator(".bl-reveal").inner_text()
    nets = settlements(log)
    assert nets and not any(is_yours for is_yours, _ in nets), log
    found = COMMISSION.search(log)
    commission = amount(found.group(2)) if found else 0
    wealth = stat(table, "balance") + (stat(table, "bank") or 0)
    expected = 100 - sum(net for _, net in nets) - commission
    assert close(wealth, expected, log + table.locator(".bl-balance").inner_text()), log
    check_chips_add_up(table)


def test_chemin_de_fer_as_banker(app_page, screenshot):
    table = open_table(app_page, "chemin-de-fer")
    assert table.locator(".bl-seat").count() == 6 and table.locator(".bl-seat-you").count() == 1
    expect(table.locator(".bl-decision-open-bank")).to_be_enabled()
    play_coup(table, ["open-bank", "draw", "stand"], amount_value=20)
    check_banker_settlement(table)
    assert table.locator(".bls-card").count() >= 4
    if re.search(r"You give up the bank", table.locator(".bl-reveal").inner_text()):  # the players won: it moves on
        expect(table.locator(".bl-bank")).to_contain_text("offered to Bot 1")
    else:
        expect(table.locator(".bl-seat-you")).to_contain_text("Banker")
        expect(table.locator(".bl-decision-continue-bank")).to_be_enabled()
    snap(screenshot, table, "seated-chemin-de-fer-banker")


def test_the_chip_marked_is_the_amount_in_the_box_and_the_shoe_is_labelled(app_page):
    """At the bank offer the box says 20 and no chip is worth 20: no chip is marked chosen. A chip
    clicked puts its value in the box and is marked; typing another chip's value moves the mark."""
    table = open_table(app_page, "chemin-de-fer")
    chips = table.locator(".bls-decision .bl-chip")
    box = table.locator(".bl-amount input")
    assert box.input_value() == "20" and chips.count() == 5
    expect(table.locator(".bls-decision .bl-chip-selected")).to_have_count(0)
    table.locator(".bls-decision .bl-chip-10").click()
    expect(box).to_have_value("10")
    expect(table.locator(".bls-decision .bl-chip-selected")).to_have_attribute("data-focus", "chip-10")
    box.fill("25")
    expect(table.locator(".bls-decision .bl-chip-selected")).to_have_attribute("data-focus", "chip-25")
    assert table.locator(".bls-decision .bl-chip-25").get_attribute("aria-pressed") == "true"
    # The dark box in the felt's corner says what it is, and how many cards are left in it.
    shoe = table.locator(".bls-shoe")
    assert shoe.inner_text().split() == ["Shoe", str(6 * 52)], shoe.inner_text()
    assert shoe.get_attribute("title") == f"The shoe: {6 * 52} cards left"


def test_chemin_de_fer_as_punter_by_banco(app_page, screenshot):
    table = open_table(app_page, "chemin-de-fer")
    click(table, ".bl-decision-decline-bank")
    expect(table.locator(".bl-decision-banco")).to_be_enabled()  # banco is offered first when a bot banks
    click(table, ".bl-decision-banco")
    if not table.locator(".bl-round-done").count():  # no natural: your carte or non
        expect(table.locator(".bls-card-peek")).to_have_count(2)  # you see your own two cards
        expect(table.locator(".bl-seat-you")).to_contain_text("Punter")
        snap(screenshot, table, "seated-chemin-de-fer-punter-deciding")
    play_coup(table, ["stand", "draw"])
    check_punter_settlement(table)
    snap(screenshot, table, "seated-chemin-de-fer-punter")


def test_banque_ouverte_as_banker(app_page, screenshot):
    table = open_table(app_page, "banque-ouverte")
    play_coup(table, ["open-bank", "stand", "draw"], amount_value=20)
    check_banker_settlement(table)
    expect(table.locator(".bl-decision-retire")).to_have_count(1)  # between coups you may retire
    snap(screenshot, table, "seated-banque-ouverte-banker")


def test_banque_ouverte_as_right_captain(app_page, screenshot):
    table = open_table(app_page, "banque-ouverte")
    click(table, ".bl-decision-decline-bank")
    if table.locator(".bl-round-done").count():  # a natural ended the coup without your choice
        assert "You take the cards of the right tableau" in table.locator(".bl-reveal").inner_text()
    else:
        expect(table.locator(".bl-seat-you")).to_contain_text("Right captain")
    play_coup(table, ["bet-right", "stand", "draw"], amount_value=5)
    log = table.locator(".bl-reveal").inner_text()
    nets = settlements(log)
    assert nets, log
    if any(is_yours for is_yours, _ in nets):
        check_punter_settlement(table)
    else:  # the bots covered the whole bank before your turn to bet: your chips did not move
        assert stat(table, "balance") == 100
        check_chips_add_up(table)
    assert "Bot 1" in table.locator(".bl-bank").inner_text() or re.search(r"Bot 1 gives up the bank", log)
    snap(screenshot, table, "seated-banque-ouverte-captain")


def test_banque_limitee_as_right_captain(app_page, screenshot):
    table = open_table(app_page, "banque-limitee")
    expect(table.locator(".bl-seat-you")).to_contain_text("Right captain")
    play_coup(table, ["bet-right", "stand", "draw"], amount_value=10)
    nets = check_punter_settlement(table)
    assert [net for is_yours, net in nets if is_yours][0] in (-10, 0, 10)
    if re.search(r"The house (draws|stands)", table.locator(".bl-reveal").inner_text()):
        expect(table.locator(".bl-bot-log")).to_contain_text("The house (coup 1): ")  # with its reason
    snap(screenshot, table, "seated-banque-limitee-captain")


def test_banque_limitee_as_bettor_on_the_left(app_page, screenshot):
    table = open_table(app_page, "banque-limitee")
    table.locator(".bl-amount input").fill("40")
    before = turn(table)
    table.locator(".bl-decision-bet-left").click()
    # A refused bet shows the engine's sentence and changes nothing: no redraw follows.
    expect(table.locator(".bl-message")).to_contain_text("at most 25 chips: the table limit is 5 to 25")
    assert stat(table, "balance") == 100 and turn(table) == before
    assert table.locator(".bl-decision-bet-left").is_enabled()
    play_coup(table, ["bet-left", "stand", "draw"], amount_value=25)
    nets = check_punter_settlement(table)
    assert [net for is_yours, net in nets if is_yours][0] in (-25, 0, 25)
    snap(screenshot, table, "seated-banque-limitee-bettor")


def test_banque_ouverte_guide_explains_the_bankers_free_choice(app_page, screenshot):
    app_page.locator(".bl-variant-selector button", has_text=VARIANTS["banque-ouverte"].name).click()
    guide = app_page.locator(".bl-page-banque-ouverte .bl-guide")
    step = guide.locator(".bl-guide-step")
    expect(step).to_contain_text("Step 1 of")
    for number in range(2, 22):
        guide.locator(".bl-guide-next").click()
        expect(step).to_contain_text(f"Step {number} of")
        if "chooses freely" in step.inner_text():
            break
    expect(step).to_contain_text("drawing is worth")
    expect(guide.locator(".bls-card-peek")).to_have_count(2)  # the banker's own cards, as the banker sees them
    snap(screenshot, guide, "seated-banque-ouverte-guide-banker-choice")
    guide.locator(".bl-guide-back").click()
    expect(step).to_contain_text(f"Step {number - 1} of")
    expect(step).not_to_contain_text("drawing is worth")


def test_the_default_speed_reveals_the_coup_step_by_step(app_page, screenshot):
    app_page.locator(".bl-variant-selector button", has_text=VARIANTS["banque-limitee"].name).click()
    table = app_page.locator(".bl-page-banque-limitee .bl-table")
    table.wait_for(state="visible")
    assert table.locator(".bl-speed select").input_value() != "", "a deal speed is chosen"
    table.locator(".bl-amount input").fill("5")
    table.locator(".bl-decision-bet-right").click()
    # The kernel's timers reveal one step after another; the decisions wait until the end.
    expect(table.locator(".bl-reveal li")).not_to_have_count(0)
    for _ in range(6):
        table.locator(".bl-round-done, .bl-decision:not([disabled])").first.wait_for(timeout=COUP_MS)
        # Once the first coup is over (the page may already offer the next one's bet), stop.
        if table.locator(".bl-round-done").count() or "Coups played: 0" not in table.locator(".bl-status").inner_text():
            break
        table.locator(".bl-decision-stand:not([disabled]), .bl-decision:not([disabled])").first.click()
        table.page.wait_for_timeout(300)
    # At Normal, every table's default, a coup of some thirty events takes about six seconds to reveal.
    expect(table.locator(".bl-round-done")).to_have_count(1, timeout=COUP_MS)
    check_punter_settlement(table)


def _settled_staged_coup(browser, app_url, shoe: str, width: int, height: int):
    """A new context and page at ``width`` x ``height`` on a staged Banque limitée coup of ``shoe`` (you as
    a bettor), once its payouts are on the felt: (context, page, table); the caller closes the context."""
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(f"{app_url}?variant=banque-limitee&shoe={shoe}&role=bettor")
    table = page.locator(".bl-page-banque-limitee .bl-table")
    table.locator(".bls-settle-paid").first.wait_for(state="attached", timeout=60_000)
    return context, page, table


def test_a_payout_sits_after_its_own_bettors_stake_and_is_marked_plus(browser, app_url, screenshot):
    """A staged Banque limitée coup whose right tableau wins on a natural: each bettor's group reads
    name, stake, then its payout marked "+" (not a stake beside the next bettor's name)."""
    context, page, table = _settled_staged_coup(browser, app_url, "4S+4H+2C+4D+3H+KS+5C+5D", 1366, 900)
    try:
        groups = table.locator(".bls-hand-stake.bls-settle-won")
        assert groups.count() >= 1
        for index in range(groups.count()):
            group = groups.nth(index)
            parts = group.evaluate("node => [...node.children].map(child => child.className.split(' ')[0])")
            assert parts == ["bls-stake-who", "bls-stack", "bls-stack"], parts  # name, stake, payout
            paid = group.locator(".bls-settle-paid .bls-stack-amount")
            assert paid.evaluate("node => getComputedStyle(node, '::before').content") == '"+"'
        screenshot(table, "seated-banque-limitee-payouts-paired")
    finally:
        context.close()


PAYOUT_ROOMS = """table => [...table.querySelectorAll('.bls-hand-stake.bls-settle-won')].flatMap(group => {
  const paid = group.querySelector('.bls-settle-paid');
  if (!paid || getComputedStyle(paid).display === 'none') return [];
  const room = parseFloat(group.style.getPropertyValue('--paid-w')), width = paid.getBoundingClientRect().width;
  return Math.abs(room - width) > 1 ? [`${group.dataset.who}: room ${room} px for a payout ${width.toFixed(1)} px wide`] : [];
})"""
PAYOUT_OVERLAPS = """table => [...table.querySelectorAll('.bls-hand-stake.bls-settle-won')].flatMap(group => {
  const paid = group.querySelector('.bls-settle-paid');
  if (!paid || getComputedStyle(paid).display === 'none') return [];
  const p = paid.getBoundingClientRect();
  return [...group.parentElement.children].filter(other => other !== group).flatMap(other => {
    const o = other.getBoundingClientRect();
    const overlap = Math.min(p.right, o.right) - Math.max(p.left, o.left) > 1 && Math.min(p.bottom, o.bottom) - Math.max(p.top, o.top) > 1;
    return overlap ? [`${paid.textContent} over ${other.textContent}`] : [];
  });
})"""
SETTLED_CHIPS_AT_REST = """table => [...table.querySelectorAll('.bls-settle-chip')].every(
  chip => chip.getAnimations().every(animation => animation.playState === 'finished'))"""


def test_payouts_keep_their_room_when_the_window_is_widened(browser, app_url, screenshot):
    """A staged Banque limitée coup both tableaux win (the right on a natural; the left, where you and
    three bots bet side by side, 7 to the bank's 6), opened at a phone's width, where another bettor's
    payout is not drawn (so it was given no room), then widened to a laptop's window as the chips settle: each payout is measured again,
    its room as wide as it, and it lies over no other bettor's stake or name."""
    context, page, table = _settled_staged_coup(browser, app_url, "4S+4H+2C+4D+3H+KS+4C+5D", 390, 664)
    try:
        page.set_viewport_size({"width": 1366, "height": 657})
        page.wait_for_function(SETTLED_CHIPS_AT_REST, arg=table.element_handle(), timeout=10_000)
        shown = table.locator(".bls-settle-paid").evaluate_all(
            "nodes => nodes.filter(node => getComputedStyle(node).display !== 'none').length")
        assert shown >= 5, "at a laptop's width every winning bettor's payout is drawn"
        assert table.evaluate(PAYOUT_ROOMS) == []
        assert table.evaluate(PAYOUT_OVERLAPS) == []
        screenshot(table, "seated-banque-limitee-payouts-after-widening")
    finally:
        context.close()
