"""What each seat may know (SPEC §10), tested with twins that change what is hidden.

For every seat-banked variant, bot-only games on shoes fixed by their seeds are searched: at
every draw-or-stand decision, for the onlooker, the seat that decides, the house and other seats,
the coup is dealt again with one card of a hand that reader cannot see exchanged, so that hand's
*total* differs, and played the same way (see ``information_twins``). The reader's view must be
exactly equal, its bot must decide and explain the same, the acting bot must say the same to
others for the same choice, and the view's JSON must name no card the reader may not see.

Two controls show the search would catch a leak: the rule before this test (a Banque tableau
natural settled while the banker's cards stay face down) and one planted sentence that states
the bank's total.
"""

from dataclasses import replace

import pytest

from baccarat_lessons.engine.events import Hand
from baccarat_lessons.engine.seated import BanqueTable, SeatedTable
from baccarat_lessons.engine.seated.script import play_choices, roles_of, scripted_table
from baccarat_lessons.engine.seated.view import table_view
from baccarat_lessons.engine.variants import SEAT_BANKED

from information_twins import DRAW_KINDS, search

SEEDS = range(2)
STEPS = 250  # decisions per game: about 25 coups
ROLE_NAMES = {"banker": "banker", "punter": "punter", "captain": "captain", "bettor": "bettor"}


def kinds_at(variant) -> list[str]:
    record = SEAT_BANKED[variant]
    kinds = [DRAW_KINDS[0], DRAW_KINDS[1]] if len(record.player_hands) == 1 else [DRAW_KINDS[2], DRAW_KINDS[3]]
    return [kind.name for kind in kinds]


@pytest.mark.parametrize("variant", list(SEAT_BANKED))
def test_twins_with_another_hidden_total_look_and_decide_the_same(variant):
    report = search(variant, SEEDS, STEPS)
    assert not report.differences, "\n\n".join(report.differences[:5])
    readers = [ROLE_NAMES[role] for role in roles_of(SEAT_BANKED[variant])] + ["onlooker"]
    readers += ["house"] if SEAT_BANKED[variant].house_banks else []
    for reader in readers:
        for kind in kinds_at(variant):
            count = report.checked[(variant, reader, kind)]
            # Every role, at every decision of a coup, met twins that differ in a hidden total.
            assert count >= 10, f"{variant}: only {count} twins for a {reader} at {kind} (shoe seeds {list(SEEDS)})"


def settling_naturals_at_once(play_coup):
    """The Banque rule before issue 28: a tableau natural settled at the deal, the bank face down."""
    def play(self):
        play_coup(self)
        for side in sorted(self.naturals, key=lambda hand: hand.value):
            if self.pending is not None:
                self.naturals.discard(side)
                self._settle_side(side)
    return play


def stating_the_bank(self, seat):
    """A view with one planted sentence: the bank's total, added to the last event."""
    view = table_view(self, seat)
    if Hand.BANKER not in self.hands or not view.events:
        return view
    last = view.events[-1]
    planted = replace(last, text=f"{last.text} The bank holds {self.hands[Hand.BANKER].total}.")
    return replace(view, events=view.events[:-1] + (planted,))


@pytest.mark.parametrize("variant", ["banque-ouverte", "banque-limitee"])
def test_the_twins_catch_a_natural_settled_before_the_bank_turns_over(variant, monkeypatch):
    monkeypatch.setattr(BanqueTable, "_play_coup", settling_naturals_at_once(BanqueTable._play_coup))
    report = search(variant, SEEDS, STEPS)
    found = [difference for difference in report.differences if "the view differs" in difference]
    assert found, f"{variant}: the twins did not catch the old rule"
    assert any("wins" in difference or "beats" in difference or "Tie" in difference for difference in found)


@pytest.mark.parametrize("variant", list(SEAT_BANKED))
def test_the_twins_catch_one_planted_sentence_with_the_banks_total(variant, monkeypatch):
    monkeypatch.setattr(SeatedTable, "view", stating_the_bank)
    report = search(variant, range(1), 60)
    assert any("The bank holds" in difference for difference in report.differences), variant


# The coup: right 5C QD (5), left 2H 7D (a natural 9), bank 7C 8C (5). The twin's bank
# holds 7C 6C (3) instead: everything before the bank turns over must read the same.
NATURAL = "5C 2H 7C QD 7D 8C 9S 4H 3D 2S"
TWIN = "5C 2H 7C QD 7D 6C 9S 4H 3D 2S"


@pytest.mark.parametrize("variant", ["banque-ouverte", "banque-limitee"])
@pytest.mark.parametrize("role", ["captain", "bettor"])
def test_a_tableau_natural_tells_nobody_the_banks_total(variant, role):
    tables = [scripted_table(variant, cards, role, bank=50, stake=10, bot_stake=5) for cards in (NATURAL, TWIN)]
    banker = tables[0].banker
    for table in tables:
        assert Hand.LEFT in table.naturals and table.hands[Hand.BANKER].total in (5, 3)
    steps = 0
    while all(table.coups_played == 0 for table in tables):
        for reader in (0, None) + ((banker,) if banker not in (0, None) else ()):
            if reader == banker:
                continue
            mine, twin = tables[0].view(reader), tables[1].view(reader)
            assert mine == twin, f"{variant} as {role}, step {steps}, reader {reader}: the bank's total shows"
            said = " ".join(event.text for event in mine.events)
            assert "wins" not in said and "beats" not in said and "Tie" not in said, said
            assert mine.hand("Left tableau").result is None and mine.seats[0].balance == twin.seats[0].balance
        play_choices(tables[0], {"right": False, "left": False, "banker": False})
        play_choices(tables[1], {"right": False, "left": False, "banker": False})
        steps += 1
        assert steps < 5
    record = tables[0].last_coup
    order = [event.kind for event in record.events]
    bank_turned = next(i for i, event in enumerate(record.events)
                       if event.kind == "CardsRevealed" and event.hand is Hand.BANKER)
    assert bank_turned < order.index("CoupResult") and bank_turned < order.index("SeatBetSettled")
    results = [event.text for event in record.events if event.kind == "CoupResult"]
    assert "Left tableau wins, 9 to 5." in results or any(text.startswith("Left tableau wins, 9 to 5") for text in results)
