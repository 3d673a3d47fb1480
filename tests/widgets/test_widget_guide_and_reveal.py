"""The illustrated guide (forward and back) and the timed reveal under a running asyncio loop."""

import asyncio

import pytest

from baccarat_lessons.engine.bets import BetSpot
from baccarat_lessons.engine.errors import CardError, SettingsError, ShoeError
from baccarat_lessons.engine.shoe import Shoe
from baccarat_lessons.widgets import IllustratedGuide, PuntoBancoTable
from baccarat_lessons.widgets import stepper

WORKED_EXAMPLE = "2S AC 2H 2D 8C"


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
    guide.back_button.click()
    guide.back_button.click()
    assert guide.step_index == 5 and guide.felt.value.count('<svg class="bl-card ') == 5
    assert "Step 6 of 8" in guide.step_html.value and "bl-guide-step" in guide.step_html._dom_classes
    assert guide.log.value.count("<li") == 6 and "Player has 4: Player draws on 0 to 5." in guide.log.value


def test_guide_shows_cards_so_far_and_the_rule_cell():
    guide = IllustratedGuide.from_cards("2S AC 2H 2D 7C 9D")
    guide.go_to(1)
    assert guide.felt.value.count('<svg class="bl-card ') == 2
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
    assert 'width="45"' in guide.felt.value


def _play_in_loop(table, coroutine_body):
    async def main():
        return await coroutine_body(table)

    return asyncio.run(main())


def test_timed_reveal_does_not_block_and_ends_with_the_engine_balance(monkeypatch):
    monkeypatch.setitem(stepper.DEAL_SPEED_SECONDS, "normal", 0.01)
    table = PuntoBancoTable(shoe=Shoe.stacked(WORKED_EXAMPLE))
    table.chip_buttons[10].click()
    table.spot_buttons[BetSpot.BANKER].click()

    async def body(table):
        table.deal_button.click()  # returns at once: the reveal runs on the loop
        seen = {"playing": table.is_revealing, "deal": table.deal_button.disabled,
                "skip": table.skip_button.disabled, "balance": "Balance: 100<" in table.balance.value,
                "done": "bl-round-done" in table.reveal.log.value}
        for _ in range(200):
            if not table.is_revealing:
                break
            await asyncio.sleep(0.01)
        return seen

    seen = _play_in_loop(table, body)
    assert seen == {"playing": True, "deal": True, "skip": False, "balance": True, "done": False}
    assert not table.is_revealing and "bl-round-done" in table.reveal.log.value
    assert "Balance: 109.50<" in table.balance.value
    assert table.reveal.log.value.count("<li") == 9  # 8 coup events and one settlement


def test_show_all_finishes_the_reveal_at_once(monkeypatch):
    monkeypatch.setitem(stepper.DEAL_SPEED_SECONDS, "normal", 5.0)
    table = PuntoBancoTable(shoe=Shoe.stacked(WORKED_EXAMPLE))
    table.spot_buttons[BetSpot.PLAYER].click()

    async def body(table):
        table.deal_button.click()
        assert table.is_revealing and table.reveal.log.value.count("<li") == 1
        table.skip_button.click()
        return table.is_revealing

    assert _play_in_loop(table, body) is False
    assert "bl-round-done" in table.reveal.log.value and "Balance: 95<" in table.balance.value


def test_reduced_motion_reveals_everything_at_once_even_with_a_loop():
    table = PuntoBancoTable(shoe=Shoe.stacked(WORKED_EXAMPLE))
    table.settings_view.controls["reduced_motion"].value = True
    table.spot_buttons[BetSpot.PLAYER].click()

    async def body(table):
        table.deal_button.click()
        return table.is_revealing

    assert _play_in_loop(table, body) is False
    assert "bl-reduced-motion" in table.widget._dom_classes


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
    assert "Punter" in guide.felt.value
