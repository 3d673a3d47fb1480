"""Issue 29's list, pinned where the student reads it: the wrong sentence is gone and the right
fact, computed here, is what the lesson says. The claims themselves are tested in test_claims.py."""

from __future__ import annotations

import re

import nbformat
import pytest
from lesson_text import LESSONS, NOTEBOOKS, html_text, markdown_of, stem_of

from baccarat_lessons.analysis.lessons.counting import shoe_edges
from baccarat_lessons.analysis.lessons.spread import bet_spread
from baccarat_lessons.content import myths
from baccarat_lessons.content.sources import HISTORY_LESSON_SOURCES, SOURCES, bibliography_html
from baccarat_lessons.widgets.lessons.results_ruin import kelly_table


def test_lesson_08_no_longer_says_a_million_coups_tell_banker_from_player():
    text = markdown_of("spread")
    assert "enough to tell Banker (" not in text
    assert "a hundred times more coups" not in text
    assert "only in the third decimal" not in text
    assert "seven to ten times" not in text


def test_lesson_12_says_bigger_is_better_for_player_only_and_kelly_is_per_chip():
    text = markdown_of("ruin_and_bet_size")
    assert "The bigger the stake, the fewer coups" not in text
    assert "variance of the bankroll" not in text and "variance of one chip's result" in text
    assert "The stakes are a few chips" not in text


def test_the_kelly_table_shows_the_tie_the_bet_that_turns_furthest():
    table = kelly_table(shoe_edges(decks=8, shoe_count=40, seed=2026))
    bets = [row[0] for row in table.rows]
    assert bets == ["Banker", "Player", "Tie"]
    tie = table.rows[2]
    assert int(tie[1]) > 0, "the Tie turns favourable in these shoes, so its row must show coups"
    assert "variance of the bankroll" not in table.note


def test_the_read_the_machine_myth_says_the_net_strays_further_and_only_the_average_settles():
    answer = next(myth.answer for myth in myths() if "read the machine" in myth.claim)
    assert "closer your result tends to the expected loss" not in answer
    assert "average result per chip" in answer
    assert f"{bet_spread('banker').sd:.2f} √n" in answer, "the SD per chip must be Banker's, computed"


def test_lesson_15_shows_the_bibliography_of_every_work_its_text_names():
    text = markdown_of("history_and_legends")
    named = {key for key, source in SOURCES.items() if any(name in text for name in source.cited_as)}
    assert named <= set(HISTORY_LESSON_SOURCES), f"named in lesson 15 without an entry: {named - set(HISTORY_LESSON_SOURCES)}"
    shown = html_text(bibliography_html(HISTORY_LESSON_SOURCES))
    assert "Van-Tenac" in shown and "Fleming" in shown and "1847" in shown
    assert "bibliography_html(HISTORY_LESSON_SOURCES)" in open(
        re.sub(r"$", "", str(__import__("lesson_text").lesson("history_and_legends"))), encoding="utf-8").read()


def test_lesson_10_gives_no_betting_advice():
    text = markdown_of("betting_systems_and_roads")
    assert "honest advice" not in text and "expect to lose" not in text


def test_the_settings_page_compares_side_bets_with_what_they_really_exceed():
    from baccarat_lessons.analysis.composition import Composition
    from baccarat_lessons.analysis.exact import exact_odds
    from baccarat_lessons.analysis.reports import REPORT_SPOTS
    from baccarat_lessons.content import variant_page
    from baccarat_lessons.engine.bets import BetSpot

    text = html_text(variant_page("punto-banco").rules_html)
    assert "costs more on average than the three main bets" not in text
    assert "Every side bet costs more on average than a bet on Player or Banker;" in text
    for decks in (6, 8):
        bets = exact_odds(Composition.full(decks)).bets
        sides = [bets[spot].house_edge for spot in REPORT_SPOTS[3:]]
        assert min(sides) > max(bets[BetSpot.PLAYER].house_edge, bets[BetSpot.BANKER].house_edge), decks
        # Not "more than the three main bets": at 8:1 the Tie costs more than every side bet at 8 decks,
        # and Perfect Pair more than the Tie at 6, so the page compares with Player and Banker only.
        assert (bets[BetSpot.TIE].house_edge > max(sides)) == (decks == 8), decks


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_every_lesson_has_what_to_remember_a_lesson_plan_and_speaker_notes(path):
    cells = nbformat.read(path, as_version=4).cells
    sources = [cell.source for cell in cells]
    assert any(source.startswith("## What to remember") for source in sources), f"{path.name}: no 'What to remember' slide"
    notes = [cell.source for cell in cells if cell.metadata.get("slideshow", {}).get("slide_type") == "notes"]
    assert any(f"<!-- fill lesson-plan {stem_of(path)} -->" in note for note in notes), f"{path.name}: no lesson plan in the notes"
    spoken = [note for note in notes if "fill lesson-plan" not in note]
    assert len(spoken) >= 2, f"{path.name}: {len(spoken)} speaker note(s) besides the plan"


def test_the_school_note_is_in_the_readme_and_the_start_page_in_the_same_words():
    from baccarat_lessons.content.teacher_kit.school_note import SCHOOL_NOTE

    readme = re.sub(r"^\s*>\s?", "", (NOTEBOOKS.parent / "README.md").read_text(encoding="utf-8"), flags=re.M)
    assert SCHOOL_NOTE in " ".join(readme.split()), "README.md must carry the school note word for word"
    assert "<!-- fill school-note start_here -->" in markdown_of("start_here")


@pytest.mark.parametrize("path", LESSONS[1:], ids=lambda p: p.name)
def test_every_lesson_opens_with_three_to_five_goals_a_student_can_be_asked_to_do(path):
    from baccarat_lessons.content.teacher_kit.lessons import read_lesson

    goals = [re.sub(r"<!--.*?-->", "", goal) for goal in read_lesson(path).goals]  # a claim's markers unseen
    assert 3 <= len(goals) <= 5, f"{path.name}: {len(goals)} learning goals"
    # Each goal finishes "after this lesson you can …" with something to do: it starts with a verb, not a noun.
    assert all(goal.split()[0].isalpha() and goal.split()[0].islower() for goal in goals), goals
