"""Hidden totals never reach the page: twins compared on the synced state of every widget.

At each seat-banked table, a game is played by clicks on a shoe fixed by its seed (the user
takes one of the actions offered, chosen by a seeded coin, as the page would send it). At each of the user's decisions
while another hand is face down, a twin table is dealt from the same shoe with one of that
hand's face-down cards exchanged for a card of another value, so its total differs, and sent
the same clicks. Where the twin's coup went the same way in public (the user's engine view is
equal), the synced state of every widget under the table — the surface's view, presentation,
reveal and message, the records beside it, the bots' log — must be equal too: nothing the page
receives depends on a total the user cannot know. The browser edition's worker table
(:class:`PostedTable`) is sent the same clicks beside each widget table, and every message it posted
to its page so far is compared the same way. The issue's Banque natural coup is checked the same way,
staged, as right captain and as bettor.
"""

from __future__ import annotations

import json
import random

import pytest

from baccarat_lessons.engine.events import Hand
from baccarat_lessons.engine.seated.script import roles_of
from baccarat_lessons.engine.shoe import Shoe
from baccarat_lessons.engine.variants import SEAT_BANKED
from baccarat_lessons.widgets.posted_table import PostedTable
from baccarat_lessons.widgets.table import LiveTable

from information_twins import LOW_SHOE, deal_position, seeded_order
from seated_messages import actions, box_amount, play_until_your_turn, takes_amount
from seated_messages import send as send_message

DECISIONS = 80  # the user's decisions per game: bets and bank offers, and the draws this test is about
SEED = 3
SEEDS = (3, 4)
ROLES = ("banker", "punter", "captain of the right")  # the roles in which you decide while a hand is hidden


def widget_states(widget) -> list:
    """The synced state of ``widget`` and every widget under it, in tree order, with model ids
    (which differ between any two tables) and the shipped module and CSS left out."""
    states, stack = [], [widget]
    while stack:
        current = stack.pop(0)
        state = current.get_state()
        for key in ("_esm", "_css", "layout", "style", "children"):
            state.pop(key, None)
        states.append((type(current).__name__, json.dumps(unsealed(state), sort_keys=True, default=repr,
                                                          ensure_ascii=False)))
        stack.extend(getattr(current, "children", ()))
    return states


SEALING = ("nonce", "sealed", "tag")  # a kept record's seal: a fresh nonce each time, under the server's secret


def unsealed(value):
    """``value`` with every kept session record's seal set aside: it differs between any two
    records by design (a fresh nonce), and the page cannot open it (the secret stays on the server)."""
    if isinstance(value, dict):
        return {key: "(sealed)" if key in SEALING else unsealed(item) for key, item in value.items()}
    if isinstance(value, list):
        return [unsealed(item) for item in value]
    if isinstance(value, str) and value.startswith("{"):
        try:
            return unsealed(json.loads(value))
        except ValueError:
            return value
    return value


class Clicks:
    """A table driven by clicks, every message kept so a twin can be sent the same ones."""

    def __init__(self, variant, cards, seed=SEED, sent=()):
        record = SEAT_BANKED[variant]
        self.live = LiveTable(record, seed=seed, shoe=Shoe.stacked(list(cards), decks=record.decks))
        self.posts: list = []  # what the browser edition's table posted to its page
        self.posted = PostedTable(record, post=self.posts.append, seed=seed,
                                  shoe=Shoe.stacked(list(cards), decks=record.decks))
        self.sent: list = []
        self.told = None  # the reveal the page has said REVEALED for
        for message in sent:
            self.send(*message)

    def send(self, kind, amount=None, side=None):
        self.sent.append((kind, amount, side))
        send_message(self.live, kind, amount, side)
        send_message(self.posted, kind, amount, side)

    def to_your_turn(self) -> bool:
        live = self.live
        for _ in range(60):
            reveal = live.surface.reveal
            if reveal.get("done") and reveal.get("id") != self.told:
                self.told = reveal.get("id")  # the page says it once it has shown the coup to its end
                self.send("REVEALED")
            if actions(live):
                return True
            if not any(c["kind"] == "NEXT" and c["enabled"] for c in live.surface.presentation["controls"]):
                return False
            self.send("NEXT")
        return False

    def some_action(self, rng: random.Random):
        """One of the actions offered, chosen by a seeded coin (the twin is sent the same click)."""
        drawn = rng.choice(actions(self.live))
        amount = box_amount(self.live) if takes_amount(self.live, drawn) else None
        self.send(drawn["kind"], amount, drawn["side"])


def twin_cards(clicks: Clicks, cards: list, rng: random.Random):
    """The shoe with one face-down card of a hand hidden from you exchanged for one of another value
    further down, and which hand it changes; None when no hand is hidden."""
    table = clicks.live.table
    hidden = [(hand, index) for hand, held in table.hands.items() if not table.can_see(0, hand)
              for index in range(min(2, len(held)))]
    if not hidden:
        return None
    hand, index = rng.choice(hidden)
    start = table.shoe.dealt_count - sum(len(held) for held in table.hands.values())
    here = start + deal_position(table.variant.key, hand, index)
    later = [at for at in range(table.shoe.dealt_count, len(cards)) if cards[at].value != cards[here].value]
    assert later, (table.shoe.dealt_count, len(cards), table.shoe.is_stacked)
    at = rng.choice(later)
    swapped = list(cards)
    swapped[here], swapped[at] = swapped[at], swapped[here]
    return hand, swapped


def page_twins(variant, seed: int, roles: set) -> int:
    """Play one game by clicks on the shoe of ``seed``; at each of your decisions with a hand hidden from
    you, compare the page's widgets with a twin's. Returns how many twins were compared."""
    rng = random.Random(f"page-twins-{variant}-{seed}")
    cards = seeded_order(variant, seed)
    game = Clicks(variant, cards, seed=seed)
    compared = 0
    for decision in range(DECISIONS):
        if not game.to_your_turn() or game.live.table.shoe.remaining_count < LOW_SHOE:
            break
        for _ in range(8):
            twin_of = twin_cards(game, cards, rng)
            if twin_of is None:
                break
            hand, swapped = twin_of
            twin = Clicks(variant, swapped, seed=seed, sent=game.sent)
            mine, theirs = game.live.table, twin.live.table
            if theirs.view(0) != mine.view(0):
                continue  # the exchange changed something public (a natural, a bot's forced choice)
            assert theirs.hands[hand].total != mine.hands[hand].total
            where = (f"{variant}, shoe seed {seed}, decision {decision}, after {len(game.sent)} clicks, "
                     f"{hand.value} {mine.hands[hand].total} -> {theirs.hands[hand].total}")
            for (kind, state), (_, twin_state) in zip(widget_states(game.live.widget),
                                                       widget_states(twin.live.widget), strict=True):
                assert state == twin_state, f"{where}: a {kind} differs"
            assert game.posted.table.view(0) == mine.view(0), f"{where}: the worker's table played another game"
            posts, twin_posts = (json.dumps(unsealed(clicks.posts), sort_keys=True, ensure_ascii=False)
                                 for clicks in (game, twin))
            assert posts == twin_posts, f"{where}: the worker's messages to its page differ"
            compared += 1
            roles.update(role.value for role in mine.view(0).seats[0].roles)
            break
        game.some_action(rng)
    return compared


@pytest.mark.parametrize("variant", list(SEAT_BANKED))
def test_twins_with_another_hidden_total_send_the_page_the_same(variant):
    roles: set = set()
    compared = sum(page_twins(variant, seed, roles) for seed in SEEDS)
    assert compared >= 8, f"{variant}: only {compared} twins compared (shoe seeds {SEEDS})"
    wanted = {role for role in ROLES if role.split()[0] in roles_of(SEAT_BANKED[variant])}
    assert wanted <= roles, f"{variant}: twins met you only as {sorted(roles)} (shoe seeds {SEEDS})"


# The coup: right 5C QD (5), left 2H 7D (a natural 9), bank 7C 8C (5); the twin's bank 7C 6C (3).
NATURAL = "5C+2H+7C+QD+7D+8C"
TWIN = "5C+2H+7C+QD+7D+6C"


@pytest.mark.parametrize("variant", ["banque-ouverte", "banque-limitee"])
@pytest.mark.parametrize("role", ["captain", "bettor"])
def test_a_staged_tableau_natural_sends_the_page_nothing_of_the_banks_total(variant, role):
    assert role in roles_of(SEAT_BANKED[variant])
    tables = []
    for cards in (NATURAL, TWIN):
        live = LiveTable(variant, seed=SEED)
        live.stage(cards.replace("+", " "), role, seed=SEED)
        tables.append(live)
    link = f"?variant={variant}&shoe={NATURAL}&role={role}"
    mine, twin = tables
    decided = 0
    while actions(mine) and not mine.table.coups_played:  # your decisions with the bank face down (at Banque limitée you captain the right)
        for (kind, state), (_, twin_state) in zip(widget_states(mine.widget), widget_states(twin.widget), strict=True):
            assert state == twin_state, f"{link}: a {kind} differs at your decision {decided}"
        page = json.dumps([mine.surface.view, mine.surface.presentation, mine.surface.reveal, mine.surface.message])
        assert "9 to 5" not in page and "Left tableau wins," not in page, link
        for live in tables:
            send_message(live, "STAND", None, None)
        decided += 1
    assert decided or role == "bettor", f"{link}: you never decided"
    # The coup is over: its reveal turns the bank over before any result.
    events = mine.surface.reveal["events"]
    kinds = [event["kind"] for event in events]
    bank = next(i for i, event in enumerate(events) if event["kind"] == "CardsRevealed" and event["hand"] == "Banker")
    assert bank < kinds.index("CoupResult"), f"{link}: a result before the bank turns over"
    play_until_your_turn(mine)


def test_the_page_twins_catch_one_planted_sentence_with_the_banks_total(monkeypatch):
    drawn = LiveTable._draw

    def stating_the_bank(self):
        drawn(self)
        bank = self.table.hands.get(Hand.BANKER)
        if bank is not None:
            self.surface.say(f"The bank holds {bank.total}.")

    monkeypatch.setattr(LiveTable, "_draw", stating_the_bank)
    with pytest.raises(AssertionError, match="a TableSurface differs"):
        page_twins("chemin-de-fer", SEED, set())
