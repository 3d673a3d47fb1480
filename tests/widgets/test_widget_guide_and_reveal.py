"""The illustrated guide (forward and back), and a round's reveal: sent once by the kernel, paced
by the page, finished when the page says it has shown it (REVEALED)."""

import pytest

from baccarat_lessons.engine.bets import BetSpot
from baccarat_lessons.engine.errors import CardError, SettingsError, ShoeError
from baccarat_lessons.engine.shoe import Shoe
from baccarat_lessons.widgets import IllustratedGuide, LiveTable

WORKED_EXAMPLE = "2S AC 2H 2D 8C"


def felt_cards(guide):
    """The cards the guide's felt (a table surface) shows: one per card dealt so far."""
    return [card["label"] for event in guide.felt.reveal["events"] if event["kind"] == "CardDealt"
            for card in event["cards"]]


def test_guide_steps_forward_and_back_and_stops_at_both_ends():
    guide = IllustratedGuide.from_cards(WORKED_EXAMPLE, title="Why Banker stands on 3")
    assert "bl-guide" in guide.widget._dom_classes and "Why Banker stands on 3" in guide.widget.children[1].value
    assert guide.step_count == 8  # five cards, two rules, the result
    assert guide.step_index == 0 and guide.back_button.disabled and not guide.next_button.disabled
    guide.back_button.click()
    assert guide.step_index == 0
    sentences = [guide.current.text]
    while not guide.next_button.disabled:
        guide.next_button.click()
        sentences.append(guide.current.text)
    assert guide.step_index == guide.step_count - 1
    assert sentences[4] == "Player has 4: Player draws on 0 to 5."
    assert sentences[6] == "Banker has 3 and Player's third card is an 8: Banker stands."
    assert sentences[7] == "Banker wins, 3 to 2."
    guide.next_button.click()
    assert guide.step_index == guide.step_count - 1
    forward = guide.felt.reveal["id"]
    guide.back_button.click()
    guide.back_button.click()
    assert guide.step_index == 5 and felt_cards(guide) == ["2♠", "A♣", "2♥", "2♦", "8♣"]
    # A step back is drawn at once (a new reveal that starts at its end); a step forward deals its card.
    back = guide.felt.reveal
    assert back["id"] != forward and back["start"] == len(back["events"]) == 6
    guide.next_button.click()
    assert guide.felt.reveal["id"] == back["id"] and len(guide.felt.reveal["events"]) == 7
    guide.back_button.click()
    assert "Step 6 of 8" in guide.step_html.value and "bl-guide-step" in guide.step_html._dom_classes
    assert guide.log.value.count("<li") == 6 and "Player has 4: Player draws on 0 to 5." in guide.log.value


def test_guide_shows_cards_so_far_and_the_rule_cell():
    guide = IllustratedGuide.from_cards("2S AC 2H 2D 7C 9D")
    guide.go_to(1)
    assert felt_cards(guide) == ["2♠", "A♣"]
    guide.go_to(6)  # Banker's rule: 3 against a third card of 7 draws
    assert guide.current.text == "Banker has 3 and Player's third card is a 7: Banker draws."
    assert 'bl-cell-active" data-total="3" data-third="7"' in guide.drawing.value


def test_guide_refuses_card_strings_that_do_not_make_one_round():
    with pytest.raises(CardError, match="remove the extra cards"):
        IllustratedGuide.from_cards(WORKED_EXAMPLE + " KD")
    with pytest.raises(ShoeError, match="ran out"):
        IllustratedGuide.from_cards("2S AC 2H")  # the stacked string runs out
    with pytest.raises(SettingsError):
        IllustratedGuide.from_cards(WORKED_EXAMPLE, variant="chemin-de-fer")


def test_a_natural_guide_uses_no_drawing_cell():
    guide = IllustratedGuide.from_cards("9S 5C KH 2C", variant="mini-baccarat")
    guide.go_to(guide.step_count - 1)
    assert guide.current.text == "Player wins, 9 to 7."
    assert "bl-cell-active" not in guide.drawing.value.split('class="bl-drawing-table"')[1].split("</table>")[0]
    assert "bl-table-mini" in guide.felt._dom_classes  # Mini's smaller cards
    assert [e["outcome"] for e in guide.felt.reveal["events"] if e["kind"] == "CoupResult"] == ["Player"]


def _send(table, kind, **extra):
    """One click in the page: the message surface.js sends, through the guarded surface."""
    table.surface.handle({"kind": kind, "turn": table.surface.turn, **extra})


def test_reduced_motion_tells_the_page_to_show_each_round_at_once():
    table = LiveTable("punto-banco", shoe=Shoe.stacked(WORKED_EXAMPLE))
    controls = table.records.settings_view.controls
    controls["reduced_motion"].value = True
    assert table.surface.presentation["reduced_motion"] is True
    assert "bl-reduced-motion" in table.widget._dom_classes
    _send(table, "BET", amount=10, side=BetSpot.PLAYER.value)
    _send(table, "DEAL")
    # The whole round goes to the page in one message; the page (not the kernel) paces it.
    reveal = table.surface.reveal
    assert reveal["done"] and len(reveal["events"]) == 9  # 8 coup events and one settlement
    assert table.is_revealing and controls["reduced_motion"].disabled
    assert table.surface.message == {}  # the result is said once the page has shown it
    _send(table, "REVEALED")
    assert not table.is_revealing and not controls["reduced_motion"].disabled
    assert table.surface.message["text"] == "Banker wins, 3 to 2. You are down 10 on this round."
    assert table.surface.presentation["status"][0] == ["balance", "Balance: 90"]


def test_a_seat_banked_guide_highlights_the_banker_choice_cell():
    from baccarat_lessons.content import variant_page
    from baccarat_lessons.engine.events import Hand
    from baccarat_lessons.engine.seated.events import HandChoice
    from baccarat_lessons.widgets.app.guide_round import guide_events

    events = guide_events(variant_page("chemin-de-fer"))
    guide = IllustratedGuide(events, "chemin-de-fer", "A coup", names={Hand.PLAYER: "Punter"})
    banker_choices = [s for s in guide.steps if isinstance(s.event, HandChoice) and s.event.hand is Hand.BANKER]
    assert banker_choices, "the scripted coup has a banker decision"
    step = banker_choices[0]
    guide.go_to(step.index)
    banker = [s.card for s in step.cards_of(Hand.BANKER)[:2]]
    third = step.cards_of(Hand.PLAYER)[2].card.value
    total = sum(card.value for card in banker) % 10
    assert f'bl-cell-active" data-total="{total}" data-third="{third}"' in guide.drawing.value
    assert [hand["label"] for hand in guide.felt.presentation["hands"]] == ["Punter", "Banker"]
