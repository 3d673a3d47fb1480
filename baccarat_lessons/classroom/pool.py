"""A class's pool as the teacher's page draws it: the ledger's rows gathered into counts, series and answers.

Everything here reads what :mod:`.ledger` stored; nothing is taken from a report itself. Amounts are in
hundredths of a chip, as the engine keeps them.
"""

from __future__ import annotations

from math import sqrt

from ..content.exercises import ChoiceExercise, find
from ..engine.variants import VARIANTS
from .storage import Storage

MAX_SERIES_POINTS = 200  # the running frequencies drawn: enough for a smooth line on a projector


def _fixed_rules() -> tuple[str, ...]:
    return tuple(key for key, variant in VARIANTS.items() if variant.has_fixed_rules)


def pool_of(db: Storage, code: str) -> dict:
    """The class's counted coups and answers:

    - ``students`` (tables joined), ``coups`` (every game's), ``banker``, ``player`` and ``tie`` (the coups of
      Punto Banco and Mini, which share their rules and shoe) and ``refused`` as counts; ``refusals`` by sentence;
    - ``per_student``: one entry per table (``name``, ``variant``, ``coups``, ``net``, and at Punto Banco and
      Mini ``expected`` and ``sd``: the mean and spread of its net that its own bets predict);
    - ``running``: ``[coups, banker, player, tie]`` counted so far, at up to 200 points in the order counted;
    - ``seat_banked``: per seat-banked game, its coups, results, and the students' nets holding the bank and punting;
    - ``answers``: the exercise the teacher asked and the class's answers to it;
    - ``stage``: the coup staged for everyone.
    """
    fixed = _fixed_rules()
    marks = ", ".join("?" * len(fixed))
    outcomes = [row[0] for row in db.rows(
        "SELECT outcome FROM coups JOIN students ON students.id = coups.student "
        f"WHERE students.class = ? AND students.variant IN ({marks}) ORDER BY coups.at, coups.student, coups.number",
        (code, *fixed))]
    coups = db.one("SELECT COUNT(*) FROM coups JOIN students ON students.id = coups.student "
                   "WHERE students.class = ?", (code,))[0]
    students = [_student_entry(*row) for row in db.rows(
        "SELECT name, variant, counted, net, expected, variance FROM students WHERE class = ? AND variant <> '' "
        "ORDER BY id", (code,))]
    refusals = dict(db.rows("SELECT reason, COUNT(*) FROM refusals WHERE class = ? GROUP BY reason ORDER BY reason",
                            (code,)))
    return {"students": len(students), "coups": coups, "banker": outcomes.count("Banker"),
            "player": outcomes.count("Player"), "tie": outcomes.count("Tie"),
            "refused": sum(refusals.values()), "refusals": refusals, "per_student": students,
            "running": running_counts(outcomes), "seat_banked": _seat_banked(db, code),
            "answers": _answers(db, code), "stage": _stage(db, code)}


def _student_entry(name: str, variant: str, counted: int, net: int, expected: float, variance: float) -> dict:
    entry = {"name": name, "variant": variant, "coups": counted, "net": net}
    if VARIANTS[variant].has_fixed_rules:
        entry.update(expected=expected, sd=sqrt(variance))
    return entry


def running_counts(outcomes: list[str]) -> list[list[int]]:
    """``[coups, banker, player, tie]`` after each of up to 200 evenly spaced coups, the last always included.

    >>> running_counts(["Banker", "Player", "Banker", "Tie"])
    [[1, 1, 0, 0], [2, 1, 1, 0], [3, 2, 1, 0], [4, 2, 1, 1]]
    """
    points, counts = [], {"Banker": 0, "Player": 0, "Tie": 0}
    step = max(1, -(-len(outcomes) // MAX_SERIES_POINTS))
    for index, outcome in enumerate(outcomes, start=1):
        counts[outcome] += 1
        if index % step == 0 or index == len(outcomes):
            points.append([index, counts["Banker"], counts["Player"], counts["Tie"]])
    return points


def _seat_banked(db: Storage, code: str) -> dict:
    """Per seat-banked game played: coups, each result, and the students' coups and nets as bank and as punter."""
    games: dict[str, dict] = {}
    for variant, outcome, banked, coups, net in db.rows(
            "SELECT students.variant, coups.outcome, coups.banked, COUNT(*), SUM(coups.net) FROM coups "
            "JOIN students ON students.id = coups.student WHERE students.class = ? AND coups.banked IS NOT NULL "
            "GROUP BY students.variant, coups.outcome, coups.banked "
            "ORDER BY students.variant, coups.outcome, coups.banked", (code,)):
        game = games.setdefault(variant, {"coups": 0, "banker": 0, "player": 0, "tie": 0,
                                          "as_bank": {"coups": 0, "net": 0}, "as_punter": {"coups": 0, "net": 0}})
        game["coups"] += coups
        game[outcome.lower()] += coups
        role = game["as_bank" if banked else "as_punter"]
        role["coups"] += coups
        role["net"] += net
    return games


def _answers(db: Storage, code: str) -> dict:
    """The exercise asked and the class's answers to it: each answer given, how many gave it, and (once the
    teacher shows it) which is right."""
    asked, revealed = db.one("SELECT asked, revealed FROM classes WHERE code = ?", (code,))
    if asked is None:
        return {"exercise": None}
    exercise = find(*asked.split("/"))
    given = db.rows(
        "SELECT answer, is_right, COUNT(*) FROM answers JOIN students ON students.id = answers.student "
        "WHERE students.class = ? AND answers.exercise = ? GROUP BY answer, is_right ORDER BY COUNT(*) DESC, answer",
        (code, asked))
    right = exercise.correct if isinstance(exercise, ChoiceExercise) else exercise.answer
    return {"exercise": asked, "prompt": exercise.prompt, "revealed": bool(revealed),
            "answered": sum(count for _, _, count in given),
            "given": [{"answer": answer, "count": count, **({"right": bool(is_right)} if revealed else {})}
                      for answer, is_right, count in given],
            **({"right_answer": right} if revealed else {})}


def _stage(db: Storage, code: str) -> dict:
    stage_id, link = db.one("SELECT stage_id, stage_link FROM classes WHERE code = ?", (code,))
    return {"id": stage_id, "link": link}
