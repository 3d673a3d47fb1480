"""The seat-banked illustrated guides: the page's scripted coup on the table engine, stepped
forward and back, with a note before each choice saying what the deciding seat saw."""

import re
from dataclasses import replace

from baccarat_lessons.engine.money import CHIP

import pytest

from baccarat_lessons.analysis.banque_banker import BankerView, exact_values
from baccarat_lessons.content import variant_page
from baccarat_lessons.engine.seated import DecisionKind
from baccarat_lessons.engine.seated.events import HandChoice
from baccarat_lessons.widgets.app import VariantPageView
from baccarat_lessons.widgets.app.guide_round import guide_events
from baccarat_lessons.widgets.seated.guide import GuideNote, SeatedGuide, _full_shoe_unseen

SEATED = ["chemin-de-fer", "banque-ouverte", "banque-limitee"]


@pytest.mark.parametrize("key", SEATED)
def test_the_guide_is_the_engines_coup_with_a_note_before_every_choice(key):
    page = variant_page(key)
    guide = SeatedGuide(page)
    events = [step.event for step in guide.steps]
    # The same coup: the same events, field for field (a face-up third card only loses its total in words).
    assert [vars(e) for e in events if not isinstance(e, GuideNote)] == [vars(e) for e in guide_events(page)]
    # Every face-up card here lands on two face-down ones: no sentence may give the hidden total away.
    assert not [e.text for e in events if getattr(e, "face_up", False) and "(total" in e.text]
    for index, event in enumerate(events):
        if isinstance(event, HandChoice) and event.seat >= -1:
            assert isinstance(events[index - 1], GuideNote), f"no note before {event.text!r}"


@pytest.mark.parametrize("key", SEATED)
def test_stepping_forward_and_back_shows_the_deciders_cards_at_each_note(key):
    guide = SeatedGuide(variant_page(key))
    first = guide.step_html.value
    notes = [step.index for step in guide.steps if isinstance(step.event, GuideNote) and step.event.hand]
    assert notes, "the guide explains no choice"
    for _ in range(notes[0]):
        guide.next_button.click()
    assert guide.step_index == notes[0]
    note = guide.current.event
    assert note.text in guide.step_html.value.replace("&#x27;", "'")
    held = re.search(r": ([^,]+), total (\d)", note.text)
    assert held, note.text
    assert "bl-card-peek" in guide.felt.value and "holder&#x27;s total " + held.group(2) in guide.felt.value
    guide.back_button.click()
    # One step back, before the note: the cards are face down again unless a choice is being made there.
    assert ("bl-card-peek" in guide.felt.value) == (notes[0] - 1 in guide.felt_view.step_peeks)
    for _ in range(notes[0] + 3):
        guide.back_button.click()
    assert guide.step_index == 0 and guide.step_html.value == first and guide.back_button.disabled


def test_banque_limitee_guide_ends_with_one_tableau_beaten_and_the_other_winning():
    guide = SeatedGuide(variant_page("banque-limitee"))
    guide.go_to(guide.step_count - 1)
    felt = guide.felt.value
    assert "Right tableau" in felt and "Loses to the bank" in felt and "Left tableau wins" in felt
    assert "Commission: 2%" in guide.log.value
    assert guide.next_button.disabled


def test_the_banque_banker_note_states_the_exact_values_of_drawing_and_standing():
    page = variant_page("banque-ouverte")
    checked = []

    def check(table, decision):
        if decision.kind is DecisionKind.BANQUE_BANKER_DRAW:
            window = table.window(decision.seat)
            view = replace(BankerView.of_window(window), unseen=_full_shoe_unseen(window))
            draw, stand = exact_values(view)  # the exact-fraction path, not the float one the note uses
            checked.append((float(draw) / CHIP, float(stand) / CHIP))  # hundredths, shown in chips

    guide_events(page, on_decision=check)
    note = next(s.text for s in SeatedGuide(page).steps if isinstance(s.event, GuideNote) and "Banque banker" in s.text)
    (draw, stand), = checked
    assert f"drawing is worth {draw:+.2f}" in note and f"standing {stand:+.2f}" in note
    assert note.endswith(f"the better choice is to {'draw' if draw > stand else 'stand'}.")


@pytest.mark.parametrize("key", SEATED)
def test_the_app_page_plays_the_table_and_shows_no_coming_notice(key):
    from baccarat_lessons.engine.variants import VARIANTS

    page = VariantPageView(VARIANTS[key], seed=3)
    html = " ".join(getattr(child, "value", "") for child in page.widget.children)
    assert "bl-coming" not in html
    assert page.table.widget in page.widget.children and page.guide.widget in page.widget.children
    assert f"bl-table-{key}" in page.table.widget._dom_classes
    assert any(not b.disabled for b in page.table.bar.shown_buttons()), "nothing for you to do on arrival"
