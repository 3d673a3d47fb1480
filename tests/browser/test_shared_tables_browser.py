"""A class's shared tables in Chromium (issue 33): students at one table on the class server, each on a page
of their own, and the teacher's projector watching it.

- three students and the projector at one Chemin de Fer table, at a phone's, a tablet's and a laptop's size:
  the bank passes from one student to another, a student calls banco and another bets, every page following
  each decision;
- Banque ouverte with students as the captains of opposite tableaux, each drawing or standing for their own;
- the clock and the door: a decision nobody takes is played by the table's guidance, a reloaded page takes
  its seat back, a student away longer than the hold is replaced by a bot, and one more finds no seat;
- the class server killed mid-coup and started again on its database: the pages come back to their seats,
  the coup goes on from where it was, and the teacher's results count its coups;
- what each page is told of itself: a finished coup's sentence speaks of the page's own chips (none on the
  projector's), and the name form shows only on a page without a seat.

The shoe is the server's (a random seed): each test reads whose turn it is from the pages and takes that
seat's decision by the table's buttons. Every frame each page's socket receives is read for a card its seat
may not see (shared_tables.hidden_card_leaks); a failure prints the table's id, the decisions clicked and
what each page was told.
"""

from __future__ import annotations

import re
from contextlib import contextmanager

import pytest
from playwright.sync_api import expect

from baccarat_lessons.engine.money import show_chips

from .shared_tables import SETTLE_MS, ClassServer, TablePage, settled, sit_down, story, wait_until

pytestmark = pytest.mark.browser

PHONE, TABLET, LAPTOP = (390, 844), (768, 1024), (1366, 768)
HAND_DECISIONS = ("PUNTER_DRAW", "BANKER_DRAW", "CAPTAIN_DRAW", "BANQUE_BANKER_DRAW")
AMOUNT_KINDS = ("OPEN_BANK", "BET")  # the actions whose amount is typed in the box (banco's is the bank's)


def amount_for(action: dict, chips: int) -> int:
    """``chips``, within the amounts ``action`` allows (hundredths in the view, chips in the box)."""
    return max(action["min_amount"] // 100, min(chips, action["max_amount"] // 100))


def check_no_leaks(pages) -> None:
    leaks = [leak for page in pages for leak in page.leaks]
    assert not leaks, "a page was sent a card its seat may not see:\n" + "\n".join(leaks)


def check_clean_play(pages) -> None:
    """No card leaked to any page, and no page was refused a click, logged an error or asked for anything off
    this machine."""
    check_no_leaks(pages)
    for page in pages:
        assert page.refusals == [], (page.label, page.refusals)
        assert page.console_errors == [], (page.label, page.console_errors)
        assert page.context.blocked == [], (page.label, page.context.blocked)


def check_everyone_follows(pages, actor, reveals_before: dict, coups_before: int) -> None:
    """After ``actor``'s decision every page shows the same moment of play; while the coup goes on, each
    shows the decision's sentence (``You …`` on the actor's page, its name on the others') in its coup's log."""
    settled(pages)
    for page in pages:
        expect(page.surface.locator(".bl-stat-coup")).to_have_text(f"Coups played: {page.view['coups_played']}")
    if actor.view["coups_played"] != coups_before:
        return  # the decision finished the coup: the pages reveal it, then the next one's log

    def told_alike() -> bool:
        reveal = actor.reveal
        return all(page.reveal.get("id") == reveal.get("id") and page.reveal.get("done") is False
                   and len(page.reveal["events"]) == len(reveal["events"]) for page in pages)

    wait_until(pages, told_alike, "every page told the coup's events alike", SETTLE_MS)
    old, new = reveals_before[actor.label], actor.reveal
    start = len(old.get("events", [])) if old.get("id") == new["id"] and old.get("done") is False else 0
    index = next((at for at, event in enumerate(new["events"]) if at >= start and event["text"].startswith("You ")), None)
    assert index is not None, f"{actor.label}'s page was not told its own decision: {new['events'][start:]}"
    for page in pages:
        sentence = page.reveal["events"][index]["text"]
        assert sentence.startswith("You " if page is actor else f"{actor.name} "), (page.label, sentence)
        expect(page.surface.locator(".bl-reveal")).to_contain_text(sentence)


def play(pages, choose, done, decisions: list[str], at_rest=None, most_coups: int = 10) -> None:
    """Take each student's decisions on their page, by ``choose(page, actions)`` → (kind, side, chips), until
    ``done()``; ``at_rest(actor)`` is called each time the table waits for a student."""
    students = {page.seat: page for page in pages if page.name is not None}
    while not done():
        settled(pages)
        turn = pages[0].turn
        assert turn is not None, f"the table stopped: {pages[0].view.get('over_reason')}"
        assert pages[0].view["coups_played"] < most_coups, f"{most_coups} coups played and still not done"
        actor = students[turn["seat"]]
        if at_rest is not None:
            at_rest(actor)
        kind, side, chips = choose(actor, actor.turn["actions"])
        decisions.append(f"{actor.label} (seat {actor.seat}), coup {actor.view['coup_number']}, {turn['kind']}: "
                         f"{kind}{' ' + side if side else ''}{f' {chips} chips' if chips is not None else ''}")
        reveals = {page.label: page.reveal for page in pages}
        coups = actor.view["coups_played"]
        actor.decide(kind, side, chips)
        check_everyone_follows(pages, actor, reveals, coups)
        check_no_leaks(pages)
        for page in pages:
            if page.name is None:
                check_projector(page)


def check_seat_names(pages, names: dict[int, str]) -> None:
    """Each page names every seat: "You" at its own, the students' names at theirs, bots at the rest (at
    Banque, with its side: "Dee · left side")."""
    for page in pages:
        for seat in range(6):
            shown = "You" if seat == page.seat else names.get(seat, f"Bot {seat + 1}")
            expect(page.seat_panel(seat).locator(".bls-seat-name")).to_have_text(re.compile(rf"^{shown}( · \w+ side)?$"))


def check_felt_cards(page) -> None:
    """The felt shows this seat's own face-down cards marked as only its own, and the others' as backs."""
    cards = [card for hand in page.view["hands"] for card in hand["cards"]]
    backs = sum(card["rank"] is None for card in cards)
    peeks = sum(card["rank"] is not None and not card["face_up"] for card in cards)
    expect(page.surface.locator(".bls-felt .bls-card-down")).to_have_count(backs)
    expect(page.surface.locator(".bls-felt .bls-card-peek")).to_have_count(peeks)


def check_projector(projector) -> None:
    """The projector's page decides nothing and shows no face-down card."""
    surface = projector.surface
    expect(surface.locator(".bl-decision")).to_have_count(0)
    expect(surface.locator(".bls-seat-you")).to_have_count(0)
    expect(surface.locator(".bls-card-peek")).to_have_count(0)
    assert "Your turn" not in surface.inner_text() and "Your decision" not in surface.inner_text()


def picture(screenshot, page, game: str) -> None:
    """A screenshot of what the page's window shows, its table at the top: shared-<game>-<name>-<size>.png."""
    page.surface.evaluate("host => host.scrollIntoView()")
    width, height = page.size
    screenshot(page.page, f"shared-{game}-{page.label.lower()}-{width}x{height}")


@contextmanager
def shared_table(tmp_path, variant: str, students: int, seconds: int, hold_seconds: float | None = None):
    """A class server of the test's own with one table opened: (server, table, pages, decisions), the pages and the
    decisions for the test to fill; at the end, pass or fail, the table's story is printed (what reproduces a
    failure) and the pages and the server are closed."""
    server = ClassServer(tmp_path, hold_seconds=hold_seconds)
    table = server.open_table(variant, students=students, seconds=seconds)
    pages: list[TablePage] = []
    decisions: list[str] = []
    try:
        yield server, table, pages, decisions
    finally:
        print(story(table, server, pages, decisions))
        close_all(pages, server)


def close_all(pages, server) -> None:
    for page in pages:
        page.close()
    server.stop()


# -- 1. three students and the projector at Chemin de Fer ---------------------------------------------------
class CheminDeFerGoals:
    """What the students steer the table to: a student banks, later another; one calls banco, another bets."""

    def __init__(self):
        self.bankers: list[int] = []
        self.banco: set[int] = set()
        self.bettors: set[int] = set()
        self.pictured = False

    def choose(self, page, actions):
        legal = {action["kind"]: action for action in actions}
        if "OPEN_BANK" in legal:
            self.bankers.append(page.seat)
            return "OPEN_BANK", None, amount_for(legal["OPEN_BANK"], 10)
        if "PASS_BANK" in legal:  # the bank moves on to the next seat: another student
            return "PASS_BANK", None, None
        if "BANCO" in legal:
            if not self.banco:
                self.banco.add(page.seat)
                return "BANCO", None, None
            return "DECLINE_BANCO", None, None
        if "BET" in legal:
            self.bettors.add(page.seat)
            return "BET", None, amount_for(legal["BET"], 5)
        return actions[0]["kind"], actions[0]["side"], None  # carte or non, draw or stand: any legal one

    def done(self) -> bool:
        bank_passed = len(self.bankers) >= 2 and self.bankers[-1] != self.bankers[0]
        return bank_passed and bool(self.banco) and bool(self.bettors - self.banco) and self.pictured


def test_three_students_and_the_projector_share_a_chemin_de_fer_table(browser, tmp_path, screenshot):
    with shared_table(tmp_path, "chemin-de-fer", 3, 60) as (server, table, pages, decisions):
        sit_down(browser, table, pages, [("Ann", PHONE), ("Ben", TABLET), ("Cy", LAPTOP), (None, LAPTOP)])
        ann, ben, cy, projector = pages
        assert [page.seat for page in pages] == [0, 1, 2, None]
        assert [page.view["viewer"] for page in pages] == [0, 1, 2, None]
        check_seat_names(pages, {0: "Ann", 1: "Ben", 2: "Cy"})
        goals = CheminDeFerGoals()

        def at_rest(actor) -> None:
            """Once, as a student decides on cards dealt: each page's felt, clock and names, pictured."""
            if goals.pictured or actor.turn["kind"] not in HAND_DECISIONS:
                return
            for page in pages:
                countdown = page.surface.locator(".bl-countdown")
                expect(countdown).to_be_visible()
                expect(countdown).to_contain_text("Your decision: " if page is actor else f"{actor.name} decides: ")
                check_felt_cards(page)
            check_projector(projector)
            for page in pages:
                picture(screenshot, page, "cdf")
            goals.pictured = True

        play(pages, goals.choose, goals.done, decisions, at_rest)
        check_projector(projector)
        check_clean_play(pages)


# -- 2. Banque ouverte: students captain the right and the left tableau ---------------------------------
def captains(view: dict) -> dict[str, int | None]:
    """Who holds each tableau now: {"Right tableau": seat, "Left tableau": seat}."""
    return {hand: seat for hand, seat in view["holders"] if hand != "Banker"}


class BanqueGoals:
    """Ann (seat 0, the right side) and Dee (seat 3, the left) let the bank go to Ben (seat 1) and captain
    their sides; each student captain bets on their own tableau, the others bet nothing."""

    def __init__(self, captain_seats: set[int]):
        self.captain_seats = captain_seats
        self.drawn: dict[str, int] = {}  # tableau -> the student captain who drew or stood for it
        self.pictured = False

    def choose(self, page, actions):
        legal = {(action["kind"], action["side"]): action for action in actions}
        kinds = {kind for kind, _ in legal}
        if "OPEN_BANK" in kinds:
            if page.seat in self.captain_seats:
                return "DECLINE_BANK", None, None
            return "OPEN_BANK", None, amount_for(legal[("OPEN_BANK", None)], 50)
        if "CONTINUE_BANK" in kinds:
            return "CONTINUE_BANK", None, None
        if "BET" in kinds:
            mine = next((hand for hand, seat in captains(page.view).items() if seat == page.seat), None)
            if ("BET", mine) in legal:
                return "BET", mine, amount_for(legal[("BET", mine)], 5)
            return "NO_BET", None, None
        if page.turn["kind"] == "CAPTAIN_DRAW":
            self.drawn.setdefault(page.turn["hand"], page.seat)
        return actions[0]["kind"], actions[0]["side"], None

    def done(self) -> bool:
        return set(self.drawn) == {"Right tableau", "Left tableau"} and self.pictured


def test_students_captain_the_two_tableaux_of_a_banque_ouverte_table(browser, tmp_path, screenshot):
    with shared_table(tmp_path, "banque-ouverte", 4, 60) as (server, table, pages, decisions):
        # Seats are given in order of arrival: Ann and Ben on the right side (seats 0-2), Dee first on the left.
        sit_down(browser, table, pages, [("Ann", PHONE), ("Ben", LAPTOP), ("Cy", LAPTOP), ("Dee", TABLET)])
        ann, ben, cy, dee = pages
        assert [page.seat for page in pages] == [0, 1, 2, 3]
        check_seat_names(pages, {0: "Ann", 1: "Ben", 2: "Cy", 3: "Dee"})
        goals = BanqueGoals({ann.seat, dee.seat})

        def at_rest(actor) -> None:
            """Once, as a student captain decides with both tableaux captained by students: their pages."""
            held = captains(actor.view)
            students = {page.seat: page for page in pages}
            right, left = students.get(held["Right tableau"]), students.get(held["Left tableau"])
            if goals.pictured or actor.turn["kind"] != "CAPTAIN_DRAW" or right is None or left is None:
                return
            for page, tableau in ((right, "Right captain"), (left, "Left captain")):
                expect(page.surface.locator(".bls-seat-you")).to_contain_text(tableau)
                check_felt_cards(page)
                expect(page.surface.locator(".bl-countdown")).to_be_visible()
                picture(screenshot, page, "banque")
            goals.pictured = True

        play(pages, goals.choose, goals.done, decisions, at_rest, most_coups=16)
        # Whoever banks, the right side's captains are students (seats 0-2) and the left's student is Dee.
        assert goals.drawn["Right tableau"] in (ann.seat, ben.seat, cy.seat) and goals.drawn["Left tableau"] == dee.seat
        check_clean_play(pages)


# -- 3. the clock and the door ------------------------------------------------------------------------
HOLD_SECONDS = 6  # the test's server holds a dropped seat this long (the class's default is two minutes)
TIMEOUT_SECONDS = 10  # the least a decision may be given
TIMED_OUT = re.compile(r"Time ran out for (\w[\w ]*): the table played “([^”]+)” for them, by its guidance\.")
NO_SEAT = "Every student seat at this table is taken; ask the teacher for another table."


def keep_going(actor) -> tuple:
    """A decision that keeps the table moving (and its clock fresh): the first legal action, 5 chips where it
    takes an amount."""
    action = actor.turn["actions"][0]
    chips = amount_for(action, 5) if action["kind"] in AMOUNT_KINDS else None
    return action["kind"], action["side"], chips


def test_a_decision_out_of_time_a_reload_and_a_student_gone_longer_than_the_hold(browser, tmp_path):
    with shared_table(tmp_path, "chemin-de-fer", 3, TIMEOUT_SECONDS, hold_seconds=HOLD_SECONDS) as (
            server, table, pages, decisions):
        sit_down(browser, table, pages, [(name, LAPTOP) for name in ("Ann", "Ben", "Cy", None)])
        ann, ben, cy, projector = pages

        # Nobody takes Ann's decision: the clock runs down on every page, then the table plays its guidance.
        before = settled(pages)
        waiting = pages[0].turn
        assert waiting["seat"] == ann.seat, waiting
        decisions.append(f"nobody answers {waiting['kind']} (Ann, seat {ann.seat})")
        expect(ann.surface.locator(".bl-countdown")).to_contain_text(re.compile(r"Your decision: \d+ s left"))
        expect(ben.surface.locator(".bl-countdown")).to_contain_text(re.compile(r"Ann decides: \d+ s left"))
        for page in pages:
            expect(page.surface.locator(".bl-message")).to_contain_text("Time ran out for Ann: the table played",
                                                                         timeout=(TIMEOUT_SECONDS + 4) * 1000)
        assert settled(pages) != before, "the table did not move on after Ann's time ran out"
        played = TIMED_OUT.search(projector.said[-1] if projector.said else "")
        assert played and played.group(1) == "Ann", projector.said[-3:]

        # Ben reloads his page within the hold: its tab's ticket takes his seat back.
        seat = ben.seat
        ben.page.reload()
        ben.wait_seated()
        assert [seated["seat"] for seated in ben.seatings] == [seat, seat]
        assert ben.seatings[0]["ticket"] == ben.seatings[1]["ticket"]
        expect(ben.page.locator("#table-status")).to_have_text(re.compile(r"^You sit at the table as Ben\."))
        check_seat_names(pages, {0: "Ann", 1: "Ben", 2: "Cy"})

        # Cy's page goes away for longer than the hold: a bot takes her seat and every page is told so.
        # (A decision taken just before keeps the clock from running out while she is away.)
        settled(pages)
        actor = next(page for page in pages if page.seat == pages[0].turn["seat"])
        kind, side, chips = keep_going(actor)
        decisions.append(f"{actor.label} (seat {actor.seat}): {kind} {side or ''} {chips or ''}")
        actor.decide(kind, side, chips)
        cy_seat = cy.seat
        cy.page.goto("about:blank")  # her socket closes; the tab keeps her ticket
        decisions.append(f"Cy (seat {cy_seat}) leaves the page")
        left = f"Cy left the table: Bot {cy_seat + 1} plays that seat from now on."
        others = [ann, ben, projector]
        for page in others:
            expect(page.surface.locator(".bl-message")).to_contain_text(left, timeout=(HOLD_SECONDS + 4) * 1000)
        check_seat_names(others, {0: "Ann", 1: "Ben"})

        # Back after the hold, with her tab's old ticket: she sits at the free student seat, her old one.
        cy.page.goto(table.student_link("Cy"))
        cy.wait_seated()
        assert cy.seat == cy_seat and cy.seatings[-1]["ticket"] != cy.seatings[0]["ticket"]
        for page in others:
            expect(page.surface.locator(".bl-message")).to_contain_text("Cy sits down at the table.")
        check_seat_names(pages, {0: "Ann", 1: "Ben", 2: "Cy"})

        # Every student seat is taken: one more student is refused, and may give another name or wait.
        dee = TablePage(browser, table, "Dee", PHONE)
        pages.append(dee)
        expect(dee.page.locator("#table-status")).to_have_text(NO_SEAT)
        expect(dee.page.locator(".bl-sit-form")).to_be_visible()
        assert dee.seatings == [] and dee.view is None
        check_no_leaks(pages)
        for page in pages:
            assert page.context.blocked == [], (page.label, page.context.blocked)


# -- 4. the class server killed mid-coup ----------------------------------------------------------------
def restart_choice(page, actions):
    """Ann banks and keeps the bank, Ben calls banco: every coup is played out between the two of them."""
    legal = {action["kind"]: action for action in actions}
    for kind in ("OPEN_BANK", "CONTINUE_BANK", "BANCO", "BET"):
        if kind in legal:
            chips = amount_for(legal[kind], 10) if kind in AMOUNT_KINDS else None
            return kind, None, chips
    return actions[0]["kind"], actions[0]["side"], None


def test_the_class_server_killed_mid_coup_resumes_the_table(browser, tmp_path, screenshot):
    with shared_table(tmp_path, "chemin-de-fer", 2, 60) as (server, table, pages, decisions):
        sit_down(browser, table, pages, [(name, LAPTOP) for name in ("Ann", "Ben", None)])
        ann, ben, projector = pages

        # Play until the table waits for a student's carte or non (or the banker's draw): a bet is down and
        # the cards are dealt, nothing settled.
        play(pages, restart_choice, lambda: pages[0].turn["kind"] in HAND_DECISIONS, decisions)
        before = settled(pages)
        coup = ann.view["coup_number"]
        cards = {page.label: page.own_cards() for page in (ann, ben)}
        assert ann.view["stakes"] and any(cards.values()), (ann.view["stakes"], cards)
        seats = {page.label: page.seat for page in pages}

        server.kill()
        decisions.append(f"the server is killed at coup {coup}, waiting for {pages[0].turn}")
        for page in pages:
            expect(page.page.locator("#table-status")).to_contain_text("The connection to the class server was lost")
        server.start()
        for page in (ann, ben):
            expect(page.page.locator("#table-status")).to_contain_text(f"as {page.name}.", timeout=20_000)
            assert len(page.seatings) == 2 and page.seatings[-1]["seat"] == seats[page.label], page.seatings
        wait_until(pages, lambda: all(page.view and page.view["viewer"] == seats[page.label] for page in pages),
                   "every page redrawn after the restart", 20_000)
        assert settled(pages) == before, "the table did not resume where it was"
        assert {page.label: page.own_cards() for page in (ann, ben)} == cards
        for page in (ann, ben):
            check_felt_cards(page)
        expect(projector.page.locator("#table-status")).to_contain_text("Watching the table")
        picture(screenshot, ann, "restarted")

        # The coup is played to its end after the restart, and counted for both students.
        play(pages, restart_choice, lambda: pages[0].view["coups_played"] >= coup, decisions)
        played = settled(pages)[0]
        pooled = server.results()
        counted = {student["name"]: (student["variant"], student["coups"]) for student in pooled["per_student"]}
        assert counted == {"Ann": ("chemin-de-fer", played), "Ben": ("chemin-de-fer", played)}, pooled
        check_no_leaks(pages)


# -- what each page is told of itself --------------------------------------------------------------------
COUP_SENTENCE = re.compile(r"You are (?:up|down) [\d,.]+ on this coup\.|Your chips are unchanged\.")


def own_result(net: int) -> str:
    """The end of a finished coup's sentence for a seat whose chips moved by ``net`` (hundredths)."""
    if net > 0:
        return f"You are up {show_chips(net)} on this coup."
    if net < 0:
        return f"You are down {show_chips(-net)} on this coup."
    return "Your chips are unchanged."


def test_each_page_is_told_its_own_result_of_a_coup(browser, tmp_path):
    """A finished coup's sentence speaks of the page's own seat: Ann's chips on Ann's page, Ben's on Ben's,
    and none on the projector's, which holds no seat."""
    with shared_table(tmp_path, "chemin-de-fer", 2, 60) as (server, table, pages, decisions):
        sit_down(browser, table, pages, [(name, LAPTOP) for name in ("Ann", "Ben", None)])
        ann, ben, projector = pages
        play(pages, restart_choice, lambda: pages[0].view["coups_played"] >= 1, decisions)
        settled(pages)

        def told(page) -> list[str]:
            return [text for text, after in zip(page.said, page.said_after) if after == 1 and COUP_SENTENCE.search(text)]

        wait_until(pages, lambda: all(told(page) for page in (ann, ben)), "the coup's sentence on the students' pages", SETTLE_MS)
        wrong = {}
        for page in (ann, ben):
            expected = own_result(page.worth_after[1] - page.worth_after[0])
            if not told(page)[0].endswith(expected):
                wrong[page.label] = f"told {told(page)[0]!r}; its own chips say {expected!r}"
        if told(projector):
            wrong["projector"] = f"told {told(projector)[0]!r}, though it holds no seat"
        assert not wrong, f"pages told another seat's result: {wrong}"


def test_the_sit_form_is_hidden_once_seated_and_on_the_projector(browser, tmp_path):
    """The name form shows only while a page has no seat: not on a seated student's page, nor on the projector's."""
    with shared_table(tmp_path, "chemin-de-fer", 2, 60) as (server, table, pages, decisions):
        pages.append(TablePage(browser, table, "Ann", PHONE))
        pages.append(TablePage(browser, table, None, LAPTOP))
        for page in pages:
            page.wait_seated()
        shown = {page.label: page.page.locator(".bl-sit-form").evaluate(
            "form => `hidden=${form.hidden}, display: ${getComputedStyle(form).display}`") for page in pages}
        for page in pages:
            assert page.page.locator(".bl-sit-form").is_hidden(), f"the sit form shows on a seated page: {shown}"
