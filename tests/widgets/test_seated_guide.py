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
from baccarat_lessons.widgets.seat_banked_guide import GuideNote, SeatedGuide, _full_shoe_unseen

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
    notes = [step.index for step in guide.steps if isinstance(step.event, GuideNote) and step.index in guide.peeks]
    assert notes, "the guide explains no choice"
    for _ in range(notes[0]):
        guide.next_button.click()
    assert guide.step_index == notes[0]
    note = guide.current.event
    assert note.text in guide.step_html.value.replace("&#x27;", "'")
    held = re.search(r"(?:cards: |bank.s )([^,:]+), total (\d)", note.text)
    assert held, note.text
    # The felt shows the chooser's face-down cards as their holder sees them, with the holder's total.
    hand = note.hand.value
    assert [label for shown, label in peeked(guide)] == held.group(1).split()
    assert {shown for shown, _label in peeked(guide)} == {hand}
    dealt = [e for e in guide.felt.reveal["events"] if e["kind"] == "CardDealt" and e["hand"] == hand]
    assert dealt[-1]["total"] == int(held.group(2))
    forward = guide.felt.reveal["id"]
    guide.back_button.click()
    # One step back, before the note: the cards are face down again unless a choice is being made there.
    assert bool(peeked(guide)) == (notes[0] - 1 in guide.peeks)
    assert guide.felt.reveal["id"] != forward, "a step back is drawn at once, not dealt"
    for _ in range(notes[0] + 3):
        guide.back_button.click()
    assert guide.step_index == 0 and guide.step_html.value == first and guide.back_button.disabled


def peeked(guide):
    """The face-down cards the guide's felt shows face up (hand, label): the holder's view at a choice."""
    return [(event["hand"], card["label"]) for event in guide.felt.reveal["events"]
            for card in event["cards"] if card["rank"] is not None and not card["face_up"]]


@pytest.mark.parametrize("key", SEATED)
def test_a_card_named_as_you_look_at_it_is_shown_as_you_see_it(key):
    """Where the sentence names your face-down card ("you look at it, the 2♠"), the felt shows that card
    as its holder sees it, not a back."""
    guide = SeatedGuide(variant_page(key))
    named = 0
    for index in range(guide.step_count):
        guide.go_to(index)
        said = re.search(r"(\w[\w' ]*?) gets card \d face down: you look at it, the (\S+?)[;.]", guide.current.text)
        if said:
            named += 1
            assert said.group(2) in [label for _hand, label in peeked(guide)], (index, guide.current.text, peeked(guide))
    assert named, f"{key}: no card of yours is dealt face down in the guide"


@pytest.mark.parametrize("key", SEATED)
def test_the_guides_felt_shows_face_down_cards_only_at_the_choice_they_inform(key):
    guide = SeatedGuide(variant_page(key))
    for index in range(guide.step_count):
        guide.go_to(index)
        shown = {hand for hand, _label in peeked(guide)}
        assert shown <= {hand.value for hand in guide.peeks.get(index, ())}, (index, guide.current.text)
        assert guide.felt.view == {} and guide.felt.presentation["seats"] == []  # a felt, not a table
    assert guide.felt.presentation["layout"] == "guide"
    assert [hand["caption"] for hand in guide.felt.presentation["hands"]] == [
        guide.captions.get(hand, "") for hand in guide.hand_order]


def test_banque_limitee_guide_ends_with_one_tableau_beaten_and_the_other_winning():
    guide = SeatedGuide(variant_page("banque-limitee"))
    guide.go_to(guide.step_count - 1)
    results = {e["hand"]: e["outcome"] for e in guide.felt.reveal["events"] if e["kind"] == "CoupResult"}
    assert results == {"Right tableau": "Banker", "Left tableau": "Player"}  # the bank beats the right only
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
    assert f"drawing is worth {draw:+.2f}".replace("-", "\u2212") in note
    assert f"standing {stand:+.2f}".replace("-", "\u2212") in note
    assert note.endswith(f"the better choice is to {'draw' if draw > stand else 'stand'}.")


@pytest.mark.parametrize("key", SEATED)
def test_the_app_page_plays_the_table_and_shows_no_coming_notice(key):
    from baccarat_lessons.engine.variants import VARIANTS

    page = VariantPageView(VARIANTS[key], seed=3)
    html = " ".join(getattr(child, "value", "") for child in page.widget.children)
    assert "bl-coming" not in html
    assert page.table.widget in page.widget.children and page.guide.widget in page.widget.children
    assert f"bl-table-{key}" in page.table.widget._dom_classes
    assert page.table.surface in _descendants(page.table.widget), "the table's surface is not on the page"
    # Your first decision is drawn at once: its buttons are the legal actions of your seat view.
    turn = page.table.surface.view["turn"]
    assert turn["seat"] == 0 and turn["actions"], "nothing for you to do on arrival"
    assert [a["kind"] for a in turn["actions"]] == [a.kind.name for a in page.table.table.pending.actions]
    assert page.table.surface.message["text"].startswith("Your turn: ")


def _descendants(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _descendants(child)
