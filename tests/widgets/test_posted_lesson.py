"""A lesson's live parts in the browser edition's Python (widgets/posted_parts.py, posted_lesson.py): every
exercise of the course answered right and wrong in the page, the explorers and the drill as their widgets
answer, and every untrusted answer refused with a sentence that changes nothing."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from fractions import Fraction

import pytest

from baccarat_lessons.content.exercises import ChoiceExercise, all_exercises
from baccarat_lessons.engine.drawing import CHEMIN_DE_FER, PUNTO_BANCO, Cell
from baccarat_lessons.widgets.lessons import DrawingExplorer, OddsExplorer, TotalsDrill
from baccarat_lessons.widgets.posted_lesson import PostedLesson
from baccarat_lessons.widgets.posted_parts import MAX_FIELD_CHARACTERS

# What the worker does not have (as test_posted_app.py): Pyodide with this project's wheel alone.
ABSENT = ("ipywidgets", "anywidget", "traitlets", "IPython", "ipykernel", "comm", "jinja2", "markupsafe", "numpy")

EVERY_EXERCISE = [(lesson, exercise) for lesson, exercises in all_exercises().items() for exercise in exercises]


def lesson_and_sent(seed=1):
    sent: list[dict] = []
    return PostedLesson(sent.append, seed=seed), sent


def answer_of(exercise) -> tuple[object, object]:
    """A right answer and a wrong one, worked out from the exercise's record (never typed here)."""
    if isinstance(exercise, ChoiceExercise):
        right = exercise.choices.index(exercise.correct)
        return right, (right + 1) % len(exercise.choices)
    wrong = exercise.exact_answer + Fraction(exercise.tolerance) + 1
    return exercise.answer, str(float(wrong))


@pytest.mark.parametrize("lesson,exercise", EVERY_EXERCISE, ids=[f"{lesson}-{e.key}" for lesson, e in EVERY_EXERCISE])
def test_every_exercise_is_checked_in_the_page_right_and_wrong(lesson, exercise):
    app, sent = lesson_and_sent()
    app.receive({"kind": "OPEN", "part": "p0", "recipe": {"part": "question", "lesson": lesson, "key": exercise.key}})
    right, wrong = answer_of(exercise)
    app.receive({"kind": "PART", "part": "p0", "action": "check", "fields": {"answer": wrong}})
    assert sent[-2]["part"] == "p0" and sent[-2]["slots"]["feedback"].count("Not quite.") == 1
    # An answer the lesson read goes on to the page, for the class it may have joined (lesson.js).
    assert sent[-1] == {"kind": "class-answer", "part": "p0", "exercise": f"{lesson}/{exercise.key}", "answer": wrong}
    app.receive({"kind": "PART", "part": "p0", "action": "check", "fields": {"answer": right}})
    assert "<strong>Right.</strong>" in sent[-2]["slots"]["feedback"] and sent[-1]["answer"] == right


@pytest.mark.parametrize("variant,rules", [(None, PUNTO_BANCO), ("chemin-de-fer", CHEMIN_DE_FER)])
def test_the_explorer_in_the_page_says_what_the_widget_says(variant, rules):
    widget = DrawingExplorer(variant or PUNTO_BANCO)
    app, sent = lesson_and_sent()
    app.receive({"kind": "OPEN", "part": "p3", "recipe": {"part": "drawing-explorer", "variant": variant}})
    thirds = [value for _, value in widget.third_card.options]
    for total in range(8):
        for at, third in enumerate(thirds):
            widget.banker_total.value, widget.third_card.value = total, third
            app.receive({"kind": "PART", "part": "p3", "action": "change", "fields": {"banker_total": total, "third_card": at}})
            assert sent[-1]["slots"] == {"verdict": widget.sentence.value, "table": widget.table.value}
            verdict = {Cell.DRAW: "Draws.", Cell.STAND: "Stands.", Cell.OPTIONAL: "Chooses."}
            assert verdict[rules.banker_cell(total, None if third < 0 else third)] in sent[-1]["slots"]["verdict"]


def test_the_drill_and_the_odds_explorer_in_the_page_deal_and_count_as_their_widgets():
    widget = TotalsDrill(seed=5)
    app, sent = lesson_and_sent()
    app.receive({"kind": "OPEN", "part": "p1", "recipe": {"part": "totals-drill", "seed": 5}})
    part = app.forms["p1"]
    assert part.round.cards == widget.cards  # the same seed deals the same hands
    app.receive({"kind": "PART", "part": "p1", "action": "check", "fields": {"answer": str(widget.total)}})
    assert "Right." in sent[-1]["slots"]["feedback"] and "1 right out of 1" in sent[-1]["slots"]["score"]
    app.receive({"kind": "PART", "part": "p1", "action": "next", "fields": {}})
    widget.next_button.click()
    assert part.round.cards == widget.cards and sent[-1]["clear"] == ["answer"]
    odds = OddsExplorer(decks=6)
    odds.removed.value = "9 9 K"
    app.receive({"kind": "OPEN", "part": "p2", "recipe": {"part": "odds-explorer", "decks": 8, "removed": "", "show_removed": True}})
    app.receive({"kind": "PART", "part": "p2", "action": "change",
                 "fields": {"decks": 5, "tie_pays": 0, "banker_pays": 0, "removed": "9 9 K"}})
    assert sent[-1]["slots"] == {"summary": odds.summary.value, "table": odds.table.value}


@pytest.mark.parametrize("message,said", [
    ({"kind": "PART", "part": "p0", "action": "check", "fields": {"answer": "x" * (MAX_FIELD_CHARACTERS + 1)}},
     f"That text is not one the box takes (at most {MAX_FIELD_CHARACTERS} characters); nothing was changed."),
    ({"kind": "PART", "part": "p0", "action": "check", "fields": {"answer": ["5"]}},
     f"That text is not one the box takes (at most {MAX_FIELD_CHARACTERS} characters); nothing was changed."),
    ({"kind": "PART", "part": "p0", "action": "stage", "fields": {}}, "This exercise did not understand that answer; nothing was changed."),
    ({"kind": "PART", "part": "p0", "action": "check", "fields": "5"}, "This exercise did not understand that answer; nothing was changed."),
    ({"kind": "PART", "part": "p0", "action": "check", "fields": {"answer": "1,2,3"}},
     "'1,2,3' mixes commas in a way that could mean two numbers; write thousands as 1,000 or 1000 and decimals with a point, such as 0.95."),
])
def test_an_answer_the_form_cannot_send_is_refused_and_changes_nothing(message, said):
    app, sent = lesson_and_sent()
    app.receive({"kind": "OPEN", "part": "p0", "recipe": {"part": "question", "lesson": "spread", "key": "sd-banker"}})
    app.receive(message)
    assert sent[-1] == {"kind": "said", "text": said, "tone": "refused", "part": "p0"}
    assert not any(m["kind"] == "slots" for m in sent) and app.forms["p0"].exercise.key == "sd-banker"


@pytest.mark.parametrize("text,said", [
    ('{"kind": "OPEN", "part": "p0", "recipe": {"part": "question", "lesson": "spread", "key": "nope"}}',
     "This page asked for an exercise the lessons do not have."),
    ('{"kind": "OPEN", "part": "p0", "recipe": {"part": "shell", "command": "rm"}}', "This page asked for an exercise the lessons do not have."),
    ('{"kind": "OPEN", "part": "p0", "recipe": {"part": "table", "variant": "punto-banco", "seed": "2026"}}',
     "This page asked for a table the lessons do not have."),
    ('{"kind": "OPEN", "part": "p0", "recipe": {"part": "staged-coup", "variant": "punto-banco", "cards": "2S", "role": "banker", "choices": {}, "seed": 0}}',
     "This page asked for a table the lessons do not have."),
    ('{"kind": "OPEN", "part": "no such part!", "recipe": {}}', "The app did not understand that message; nothing was changed."),
    ('{"kind": "PART", "part": "p9", "action": "check", "fields": {}}', "The app did not understand that message; nothing was changed."),
    ("[1, 2]", "The app did not understand that message; nothing was changed."),
])
def test_a_page_message_the_lesson_cannot_take_is_refused_with_a_sentence(text, said):
    app, sent = lesson_and_sent()
    app.receive_text(text)
    assert sent == [{"kind": "lesson-message", "text": said, "tone": "refused"}]
    assert app.forms == {} and app.tables == {}


def test_a_staged_round_in_the_page_is_the_guide_the_widget_stages():
    from baccarat_lessons.widgets.guide import IllustratedGuide
    from baccarat_lessons.widgets.lessons.staged_story import describe_round
    from baccarat_lessons.engine.coup import deal_coup
    from baccarat_lessons.engine.shoe import Shoe

    app, sent = lesson_and_sent()
    app.receive({"kind": "OPEN", "part": "p0", "recipe": {"part": "staged-round", "cards": "2S AC 2H 2D 8C", "variant": "punto-banco"}})
    app.receive({"kind": "PART", "part": "p0", "action": "stage", "fields": {"cards": "KS 9H 8D 10C 5S", "variant": 0}})
    assert sent[-1]["tone"] == "refused" and "extra" in sent[-1]["text"] and all(m["kind"] != "guide" for m in sent)
    cards = "2S AC 2H 2D 7C 5H"
    app.receive({"kind": "PART", "part": "p0", "action": "stage", "fields": {"cards": cards, "variant": 1}})
    guide = next(m for m in sent if m["kind"] == "guide")
    title = describe_round(deal_coup(Shoe.stacked(cards), PUNTO_BANCO))
    assert guide["data"] == IllustratedGuide.from_cards(cards, "mini-baccarat", title).data()
    assert guide["data"]["title"] == "Banker has 3 and Player's third card is a 7: Banker draws. Banker wins, 8 to 1."


def test_every_part_opens_in_the_workers_python_with_only_the_standard_library():
    recipes = {
        "p0": {"part": "question", "lesson": "exact_odds", "key": "fair-tie"},
        "p1": {"part": "drawing-explorer", "variant": "chemin-de-fer"},
        "p2": {"part": "totals-drill", "seed": 1},
        "p3": {"part": "odds-explorer", "decks": 8, "removed": "", "show_removed": True},
        "p4": {"part": "staged-round", "cards": "2S AC 2H 2D 8C", "variant": "punto-banco"},
        "p5": {"part": "table", "variant": "banque-ouverte", "seed": 2026},
        "p6": {"part": "staged-coup", "variant": "chemin-de-fer", "cards": "2S KH 3D 3S 9H", "role": "banker",
               "choices": {"punter": True}, "seed": 0},
    }
    script = textwrap.dedent(f"""
        import json, sys
        for name in {ABSENT!r}:
            sys.modules[name] = None  # an import of any of them fails, as in the worker
        from baccarat_lessons.widgets.posted_lesson import PostedLesson
        sent = []
        lesson = PostedLesson.speaking_json(sent.append, seed=2)
        for part, recipe in {recipes!r}.items():
            lesson.receive_text(json.dumps({{"kind": "OPEN", "part": part, "recipe": recipe}}))
        lesson.receive_text(json.dumps({{"kind": "PART", "part": "p4", "action": "stage", "fields": {{"cards": "2S AC 2H 2D 8C", "variant": 0}}}}))
        told = [json.loads(text) for text in sent]
        print(json.dumps(sorted({{m["part"] for m in told if "part" in m}})))
        print(json.dumps([m for m in told if m.get("tone") == "refused" or m["kind"] == "lesson-message"]))
        print(json.dumps(sorted(name for name in {ABSENT!r} if sys.modules.get(name) is not None)))
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    parts, refusals, imported = (json.loads(line) for line in done.stdout.split("\n")[:3])
    assert parts == ["p4", "p5", "p6"] and refusals == [] and imported == []  # the tables posted, the round staged
