"""The teacher's kit as data: plans that add up and follow the notebooks, predict-first answers for every
prompt, quizzes with a key, and worked solutions that recompute."""

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from baccarat_lessons.analysis.composition import Composition
from baccarat_lessons.analysis.exact import exact_odds
from baccarat_lessons.content.exercises import all_exercises, find
from baccarat_lessons.content.teacher_kit.plans import PERIOD_MINUTES, PLANS, plan_markdown
from baccarat_lessons.content.teacher_kit.predictions import PREDICT_ANSWERS
from baccarat_lessons.content.teacher_kit.quizzes import KINDS, UNITS, quizzes
from baccarat_lessons.engine.bets import BetSpot

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
TWO_PERIODS = {"ruin_and_bet_size", "third_card", "game_theory"}


def _stem(path):
    return path.stem.split("_", 1)[1]


def _markdown(path):
    """The markdown a student reads: the speaker notes (the lesson plan among them) left out."""
    return ["".join(cell["source"]) for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]
            if cell["cell_type"] == "markdown" and cell["metadata"].get("slideshow", {}).get("slide_type") != "notes"]


def test_every_lesson_has_a_plan_of_whole_periods_and_no_plan_is_for_a_missing_lesson():
    assert set(PLANS) == {_stem(path) for path in LESSONS}
    for stem, plan in PLANS.items():
        assert len(plan) == (2 if stem in TWO_PERIODS else 1), stem
        for period in plan:
            assert sum(activity.minutes for activity in period) == PERIOD_MINUTES, stem
            assert all(activity.minutes > 0 and activity.teacher.strip() for activity in period), stem


@pytest.mark.parametrize("path", LESSONS, ids=_stem)
def test_a_plan_walks_through_the_notebooks_own_sections(path):
    headings = {line[3:].strip() for source in _markdown(path) for line in source.splitlines() if line.startswith("## ")}
    planned = {activity.section for period in PLANS[_stem(path)] for activity in period} - {""}
    assert planned <= headings, planned - headings
    # "What to remember" sections are being added to the lessons one by one; every other one is planned.
    assert headings - {"What to remember"} <= planned, headings - planned


def test_the_plan_markdown_is_self_contained():
    text = plan_markdown("ruin_and_bet_size")
    assert text.startswith("### Lesson plan") and "two periods of 50 minutes" in text
    assert "#### Period 1 (50 minutes)" in text and "#### Period 2 (50 minutes)" in text
    assert "| 0–3 | 3 | Warm-up |" in text
    assert "one 50-minute period" in plan_markdown("spread") and "Period" not in plan_markdown("spread")
    with pytest.raises(LookupError, match="no lesson plan"):
        plan_markdown("poker")


@pytest.mark.parametrize("path", LESSONS, ids=_stem)
def test_every_predict_prompt_in_a_notebook_has_an_answer(path):
    answers = [answer for answer in PREDICT_ANSWERS if answer.lesson == _stem(path)]
    for source in _markdown(path):
        prompts = len(re.findall(r"\bPredict\b", source))
        answered = [answer for answer in answers if answer.fragment in source]
        assert len(answered) == prompts, f"{path.name}: a 'Predict' prompt without its answer in:\n{source[:300]}"
    cells = "\n".join(_markdown(path))
    assert all(answer.fragment in cells for answer in answers), "an answer whose prompt has gone"


def test_each_quiz_has_five_to_eight_questions_each_with_a_key():
    assert [(quiz.unit.number, quiz.kind) for quiz in quizzes()] == [(unit.number, kind) for unit in UNITS
                                                                     for kind in KINDS]
    for quiz in quizzes():
        assert 5 <= len(quiz.questions) <= 8, quiz.title
        for question in quiz.questions:
            assert question.answer.strip() and question.reason.strip(), question.prompt
            assert not question.choices or question.answer in question.choices


def test_the_units_cover_every_lesson_once_in_order():
    assert [stem for unit in UNITS for stem in unit.lessons] == [_stem(path) for path in LESSONS]


def _number(text):
    return Fraction(text.replace("−", "-"))


def test_numeric_quiz_answers_recompute():
    bets = exact_odds(Composition.full(8)).bets
    answers = [(question.prompt, question.answer) for quiz in quizzes() for question in quiz.questions]

    def by_prompt(start):
        return next(answer for prompt, answer in answers if prompt.startswith(start))

    assert _number(by_prompt("Banker's house edge with 8 deck")) == round(bets[BetSpot.BANKER].house_edge * 100, 2)
    assert _number(by_prompt("The Tie bet's house edge at 8:1")) == round(bets[BetSpot.TIE].house_edge * 100, 2)
    assert _number(by_prompt("You stake 500 chips in total on")) == round(bets[BetSpot.BANKER].house_edge * 500, 2)
    assert by_prompt("A Banque ouverte banker wins 40") == "0.12"
    assert by_prompt("A bet wins 2 chips with chance ") == "−0.25"


def test_the_corrected_exercise_texts_hold():
    standard_error = find("spread", "standard-error")
    assert "three decimal places" in standard_error.prompt
    assert [standard_error.is_right(Fraction(text)) for text in ("0.093", "0.0927", "0.1", "0.0093")] == [
        True, True, False, False]
    assert "not narrow enough to rule out" in standard_error.explanation
    half_width = Fraction(196, 100) * Fraction("0.0927")
    gap = Fraction("1.2351") - Fraction("1.0579")
    assert half_width > gap  # so the interval does not rule Player's edge out
    session = find("spread", "session-sd").explanation
    assert "100 × 0.95² = 90.25" in session and "√90.25 = 9.5" in session and Fraction("0.95") ** 2 * 100 == Fraction("90.25")
    assert "only 8 too" not in " ".join(find("counting_to_nine", "two-naturals").choices)
    assert "exactly like flat betting" not in find("betting_systems_and_roads", "warm-machine").explanation


def test_every_exercise_has_worked_steps_and_no_hyphen_minus_before_a_number():
    for exercises in all_exercises().values():
        for exercise in exercises:
            assert exercise.worked and all(step.strip() for step in exercise.worked)
            for step in exercise.worked:
                assert not re.search(r"(?:^|[\s(=])-\d", step), (exercise.key, step)
