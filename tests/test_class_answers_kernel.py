"""A kernel's answers reach the class (classroom/answering.py): a lesson's exercise, checked in JupyterLab or
Voilà, sends each answer it could read to the class server the kernel joined, by a cell or by a hub's
environment, and says where it went; a server out of reach or a bad setting is said in one sentence."""

from __future__ import annotations

import time
from html import unescape


from baccarat_lessons.classroom import answering
from baccarat_lessons.classroom.answering import CLASS_VARIABLE, NAME_VARIABLE, join_class, leave_class
from baccarat_lessons.content.exercises import find
from baccarat_lessons.widgets.lessons.exercise import question_for


def answered(question, given, heard: bool = True) -> None:
    """Type or choose ``given`` and press Check, then wait (at most ten seconds) for the class line to speak,
    unless it is ``heard`` to say nothing."""
    if hasattr(question, "answer_box"):
        question.answer_box.value = given
    else:
        question.choices.value = given
    question.check_button.click()
    deadline = time.monotonic() + 10
    while heard and not question.class_line.value and time.monotonic() < deadline:
        time.sleep(0.02)


def exercise_question(lesson: str, key: str):
    question = question_for(find(lesson, key))
    question.exercise_id = f"{lesson}/{key}"
    return question


def test_a_joined_kernel_sends_each_answer_it_could_read_and_says_so(live_class):
    ledger, code, address = live_class
    assert join_class(address, " Ann ") == (f"Your answers to the lessons' exercises now go to class {code} as Ann, "
                                            "as well as being checked here.")
    ledger.ask(code, "counting_to_nine/three-card-total")
    question = exercise_question("counting_to_nine", "three-card-total")
    answered(question, "seven", heard=False)  # not read: refused on the spot, and not sent
    assert question.class_line.value == "" and ledger.pool(code)["answers"]["answered"] == 0
    answered(question, find("counting_to_nine", "three-card-total").answer)
    assert f"Sent to class {code}." in question.class_line.value
    assert ledger.pool(code)["answers"]["answered"] == 1
    exercise = find("exact_odds", "lowest-edge")
    choice = exercise_question("exact_odds", "lowest-edge")
    ledger.ask(code, "exact_odds/lowest-edge")
    answered(choice, exercise.correct)
    assert ledger.pool(code)["answers"]["given"] == [{"answer": exercise.correct, "count": 1}]


def test_a_hub_s_environment_joins_and_a_bad_setting_or_a_silent_server_is_said(live_class, monkeypatch):
    ledger, code, address = live_class
    leave_class()
    monkeypatch.setenv(CLASS_VARIABLE, address)
    monkeypatch.setenv(NAME_VARIABLE, "Ben")
    ledger.ask(code, "counting_to_nine/three-card-total")
    question = exercise_question("counting_to_nine", "three-card-total")
    answered(question, "3")
    assert "Sent to class" in question.class_line.value and ledger.pool(code)["answers"]["answered"] == 1
    leave_class()
    monkeypatch.setenv(CLASS_VARIABLE, "http://example.invalid/not-a-class")
    question = exercise_question("counting_to_nine", "three-card-total")
    answered(question, "3")
    assert f"This server's {CLASS_VARIABLE} and {NAME_VARIABLE} do not name a class" in unescape(question.class_line.value)
    leave_class()
    monkeypatch.delenv(CLASS_VARIABLE)
    join_class(address.replace(address.split(":")[2].split("/")[0], "9"), "Cy")  # port 9 (discard): nobody answers
    question = exercise_question("counting_to_nine", "three-card-total")
    answered(question, "3")
    assert "out of reach" in question.class_line.value


def test_a_question_outside_the_lessons_sends_nothing(live_class):
    ledger, code, address = live_class
    join_class(address, "Ann")
    question = question_for(find("counting_to_nine", "three-card-total"))  # no exercise_id: not ask()
    question.answer_box.value = "1"
    question.check_button.click()
    assert question.class_line.value == "" and not answering.joined_class().token
