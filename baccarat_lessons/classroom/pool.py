"""A class's pool as the teacher's page draws it: the ledger's rows gathered into counts, series and answers.

Everything here reads what :mod:`.ledger` stored; nothing is taken from a report itself. Amounts are in
hundredths of a chip, as the engine keeps them.
"""

from __future__ import annotations

from math import sqrt

from ..content.exercises import ChoiceExercise, find
from ..engine.variants import VARIANTS
from .errors import ClassError
from .storage import Storage

MAX_SERIES_POINTS = 200  # the running frequencies drawn: enough for a smooth line on a projector


def _fixed_rules() -> tuple[str, ...]:
    return tuple(key for key, variant in VARIANTS.items() if variant.has_fixed_rules)


class CountedOrder:
    """A class's Punto Banco and Mini outcomes in the order counted, kept between polls of the teacher's page:
    each poll reads only the coups counted since the last one (by the index on when each was counted).

    Reading all of them at every poll took 130 ms at 90,000 coups, a second's poll each second, on the server's
    one thread (benchmarks/bench_class.py). The list is checked against the students' own counts, which cost
    nothing to read: a coup another server counted with an earlier clock (several servers sharing one database)
    would be missing, and a mismatch reads the whole list again."""

    def __init__(self) -> None:
        self.outcomes: list[str] = []
        self.last: tuple[float, int, int] | None = None

    def read(self, db: Storage, code: str) -> list[str]:
        fixed = _fixed_rules()
        marks = ", ".join("?" * len(fixed))
        chosen = ("SELECT coups.outcome, coups.at, coups.student, coups.number FROM coups JOIN students "
                  f"ON students.id = coups.student WHERE students.class = ? AND students.variant IN ({marks})")
        (total,) = db.one(f"SELECT COALESCE(SUM(counted), 0) FROM students WHERE class = ? AND variant IN ({marks})",
                          (code, *fixed))
        order = " ORDER BY coups.at, coups.student, coups.number"
        if self.last is None:
            rows = db.rows(chosen + order, (code, *fixed))
        else:
            rows = db.rows(chosen + " AND (coups.at > ? OR (coups.at = ? AND (coups.student > ? OR "
                           "(coups.student = ? AND coups.number > ?))))" + order,
                           (code, *fixed, self.last[0], self.last[0], self.last[1], self.last[1], self.last[2]))
        self.outcomes += [row[0] for row in rows]
        if rows:
            self.last = tuple(rows[-1][1:])  # type: ignore[assignment]
        if len(self.outcomes) != total:  # a coup counted out of order by another server: read them all again
            self.outcomes, self.last = [], None
            return self.read(db, code) if total else []
        return self.outcomes


def pool_of(db: Storage, code: str, order: CountedOrder | None = None) -> dict:
    """The class's counted coups and answers (``order``: the class's outcomes as read at the last poll):

    - ``students`` (tables joined), ``coups`` (every game's), ``banker``, ``player`` and ``tie`` (the coups of
      Punto Banco and Mini, which share their rules and shoe) and ``refused`` as counts; ``refusals`` by sentence;
    - ``per_student``: one entry per table (``name``, ``variant``, ``coups``, ``net``, and at Punto Banco and
      Mini ``expected`` and ``sd``: the mean and spread of its net that its own bets predict);
    - ``running``: ``[coups, banker, player, tie]`` counted so far, at up to 200 points in the order counted;
    - ``seat_banked``: per seat-banked game, its coups, results, and the students' nets holding the bank and punting;
    - ``answers``: the exercise the teacher asked and the class's answers to it;
    - ``stage``: the coup staged for everyone.
    """
    if db.one("SELECT 1 FROM classes WHERE code = ?", (code,)) is None:
        raise ClassError("There is no class with that code; check the address the teacher gave.")
    outcomes = (order or CountedOrder()).read(db, code)
    students = [_student_entry(*row) for row in db.rows(
        "SELECT name, variant, counted, net, expected, variance FROM students WHERE class = ? AND variant <> '' "
        "ORDER BY id", (code,))]
    refusals = dict(db.rows("SELECT reason, COUNT(*) FROM refusals WHERE class = ? GROUP BY reason ORDER BY reason",
                            (code,)))
    running = running_counts(outcomes)
    banker, player, tie = running[-1][1:] if running else (0, 0, 0)
    return {"students": len(students), "coups": sum(student["coups"] for student in students),
            "banker": banker, "player": player, "tie": tie,
            "refused": sum(refusals.values()), "refusals": refusals, "per_student": students,
            "running": running, "seat_banked": _seat_banked(db, code),
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
    points, counts, start = [], [0, 0, 0], 0
    step = max(1, -(-len(outcomes) // MAX_SERIES_POINTS))
    for end in [*range(step, len(outcomes), step), len(outcomes)] if outcomes else []:
        chunk = outcomes[start:end]  # list.count over each stretch: a Python loop over 90,000 coups took 20 ms
        counts = [count + chunk.count(name) for count, name in zip(counts, ("Banker", "Player", "Tie"))]
        points.append([end, *counts])
        start = end
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
