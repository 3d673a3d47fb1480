"""Game theory of Chemin de Fer: the punter's free choice against the banker's choices.

Two models, both solved exactly (fractions) for an infinite deck or an
n-deck shoe dealt without replacement, under a variant's drawing rules
(``rules``: a :class:`~baccarat_lessons.engine.drawing.DrawingRules`, by default
the Chemin de Fer variant record's, read at each call):

* ``"table"`` — the rules' drawing table (SPEC §4). The punter follows the
  guidance (Chemin de Fer: draws on 0-4, stands on 6-7) and chooses only on
  its one free total (5); the banker follows the drawing table and chooses
  only in its optional cells (Chemin de Fer: 3 against a third card 9, 5
  against a third card 4). A 2 × 4 game under those rules.
* ``"classic"`` — Kemeny and Snell's game: the punter still chooses only on
  its free total, but the banker may draw or stand in every cell (its total
  0-7 against "punter stood" or the third card's value 0-9), a 2 × 2**88 game.

In both, naturals end the coup, and each side decides on its total only —
never on which cards make it — as the drawing table is written. With a
commission ``c`` the banker keeps ``1 - c`` of each chip it wins, the game is
no longer zero-sum, and "optimal" means an equilibrium: each side's strategy
is a best reply to the other's, for its own payoff (see
:mod:`.game_theory.equilibrium`). ``value`` is per chip staked by the punter.

>>> solution = solve(model="classic", decks=0)
>>> solution.punter_draw_on_5, round(float(solution.value), 6)
(Fraction(9, 11), -0.012799)
>>> solution.banker[(6, None)]
Fraction(859, 2288)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from itertools import product

from ..engine.drawing import Cell as TableCell
from ..engine.drawing import DrawingRules
from ..engine.errors import SettingsError
from ..engine.shoe import MAX_DECKS
from .composition import Composition
from .game_theory.coup_chances import CELLS, STOOD, chemin_de_fer_rules, coup_chances, free_total
from .game_theory.equilibrium import ChoiceGame, Equilibrium

MODELS = ("table", "classic")
MAX_TABLE_CHOICE_CELLS = 6  # the table model lists all 2**n banker plans as columns


def table_choice_cells(rules: DrawingRules) -> tuple[tuple[int, int | None], ...]:
    """The banker cells the drawing table leaves optional, in :data:`CELLS` order.

    >>> table_choice_cells(chemin_de_fer_rules())
    ((3, 9), (5, 4))
    """
    return tuple(cell for cell in CELLS if rules.banker_cell(*cell) is TableCell.OPTIONAL)


TABLE_CHOICE_CELLS = table_choice_cells(chemin_de_fer_rules())  # the Chemin de Fer table's: (3, 9) and (5, 4)


def punter_rows(total: int) -> tuple[str, str]:
    """The punter's two rows of the table model's payoff matrix, for its free total."""
    return (f"draw on {total}", f"stand on {total}")


PUNTER_ROWS = punter_rows(free_total(chemin_de_fer_rules()))  # the Chemin de Fer record's: "draw on 5", "stand on 5"


def cell_label(cell: tuple[int, int | None]) -> str:
    """A banker cell in words: ``"5 vs 4"`` (banker 5, punter's third card 4) or ``"6 vs stood"``."""
    total, third = cell
    return f"{total} vs {'stood' if third is STOOD else third}"


def _plan_label(cells, choices: tuple[int, ...]) -> str:
    if not cells:
        return "the table decides every cell"
    return ", ".join(
        f"{'draw' if draws else 'stand'} on {cell_label(cell)}" for cell, draws in zip(cells, choices)
    )


@dataclass(frozen=True)
class Solution:
    """Best play of one model and what it is worth.

    ``punter_draw_chance``: the punter's chance of drawing on its free total
    ``free_total`` (5 under the Chemin de Fer rules). ``banker``: the banker's
    chance of drawing in each cell it chooses (the table's optional cells, or
    all 88 in the classic model). ``payoff_matrix`` (table model only): value
    per chip to the punter for each punter row and banker column,
    ``banker_payoff_matrix`` the banker's (after commission).
    ``banker_columns``: the chance of each column implied by ``banker``.
    """

    model: str
    decks: int
    commission: Fraction
    punter_draw_chance: Fraction
    value: Fraction
    banker_value: Fraction
    banker: dict[tuple[int, int | None], Fraction]
    free_total: int
    rules: DrawingRules = field(repr=False)
    column_labels: tuple[str, ...] = ()
    payoff_matrix: tuple[tuple[Fraction, ...], ...] = ()
    banker_payoff_matrix: tuple[tuple[Fraction, ...], ...] = ()
    banker_columns: tuple[Fraction, ...] = ()
    equilibrium_count: int = 1

    @property
    def punter_draw_on_5(self) -> Fraction:
        """The punter's chance of drawing on its free total: on 5 under the Chemin de
        Fer rules (the name is kept for the lessons and code that read it)."""
        return self.punter_draw_chance

    @property
    def punter_draw_on_5_float(self) -> float:
        return float(self.punter_draw_chance)


def _check(model: str, decks: int, commission, rules: DrawingRules | None) -> tuple[Fraction, DrawingRules]:
    if model not in MODELS:
        raise SettingsError(f"The Chemin de Fer model is 'table' or 'classic'; '{model}' is not one of them.")
    if isinstance(decks, bool) or not isinstance(decks, int) or not 0 <= decks <= MAX_DECKS:
        raise SettingsError(f"Decks must be a whole number from 0 (an infinite deck) to {MAX_DECKS}; {decks!r} is not.")
    try:
        rate = Fraction(str(commission)) if isinstance(commission, float) else Fraction(commission)
    except (TypeError, ValueError):
        raise SettingsError(f"The commission must be a number such as 0.05; {commission!r} is not.") from None
    if not 0 <= rate < Fraction(1, 2):
        raise SettingsError(f"The commission must be at least 0 and below 0.5 (50%); {commission} is not.")
    rules = chemin_de_fer_rules() if rules is None else rules
    if not isinstance(rules, DrawingRules):
        raise SettingsError(f"The rules must be a variant's drawing rules (its .drawing); {rules!r} is not.")
    free_total(rules)
    optional_count = len(table_choice_cells(rules))
    if model == "table" and optional_count > MAX_TABLE_CHOICE_CELLS:
        raise SettingsError(
            f"The table model lists every plan of the banker, and {optional_count} optional cells make "
            f"2**{optional_count} of them; use at most {MAX_TABLE_CHOICE_CELLS}, or the classic model."
        )
    return rate, rules


@lru_cache(maxsize=32)
def _choice_game(model: str, decks: int, commission: Fraction, rules: DrawingRules) -> ChoiceGame:
    counts = None if decks == 0 else tuple(Composition.full(decks).by_value())
    if model == "classic":
        banker_rules = {cell: None for cell in CELLS}
    else:
        fixed = {TableCell.DRAW: 1, TableCell.STAND: 0, TableCell.OPTIONAL: None}
        banker_rules = {cell: fixed[rules.banker_cell(*cell)] for cell in CELLS}
    return ChoiceGame(coup_chances(counts, rules), banker_rules, commission)


def choice_game(model: str, decks: int, commission: Fraction, rules: DrawingRules | None = None) -> ChoiceGame:
    """The payoffs of one model for an infinite deck (``decks=0``) or an n-deck shoe,
    under ``rules`` (default: the Chemin de Fer variant record's, read now).

    Cached per setting, the rules included.
    """
    return _choice_game(model, decks, commission, chemin_de_fer_rules() if rules is None else rules)


choice_game.cache_clear = _choice_game.cache_clear  # as if it were the lru_cache itself (the benchmark clears it)


def _table_matrices(game: ChoiceGame):
    columns = tuple(product((1, 0), repeat=len(game.free_cells)))
    punter, banker = [], []
    for p in (Fraction(1), Fraction(0)):
        plans = [game.full_plan(dict(zip(game.free_cells, map(Fraction, column)))) for column in columns]
        punter.append(tuple(game.value(0, p, plan) for plan in plans))
        banker.append(tuple(game.value(1, p, plan) for plan in plans))
    return columns, tuple(punter), tuple(banker)


def _column_chances(cells, columns, plan) -> tuple[Fraction, ...]:
    chances = []
    for column in columns:
        chance = Fraction(1)
        for cell, draws in zip(cells, column):
            chance *= plan[cell] if draws else 1 - plan[cell]
        chances.append(chance)
    return tuple(chances)


def _pick(found: list[Equilibrium]) -> Equilibrium:
    # Without commission every equilibrium is worth the same; with one, the rare
    # case of several is reported by count, and the best for the punter is shown.
    return max(found, key=lambda e: (e.punter_value, e.punter_draw_chance))


def solve(model: str = "table", decks: int = 6, commission=0, rules: DrawingRules | None = None) -> Solution:
    """Solve one model exactly. ``decks=0`` is an infinite deck; ``commission`` a
    number in [0, 0.5), floats read as written (0.05 is 1/20); ``rules`` a
    variant's drawing rules (default: Chemin de Fer's), with one free total
    for the punter.

    >>> solution = solve("table", decks=6)
    >>> [str(cell) for cell in solution.banker], len(solution.payoff_matrix[0]), solution.free_total
    (['(3, 9)', '(5, 4)'], 4, 5)
    """
    rate, rules = _check(model, decks, commission, rules)
    game = choice_game(model, decks, rate, rules)
    found = game.equilibria()
    best = _pick(found)
    chosen = {cell: best.banker_plan[cell] for cell in game.free_cells}
    extra = {}
    if model == "table":
        columns, punter_matrix, banker_matrix = _table_matrices(game)
        extra = dict(
            column_labels=tuple(_plan_label(game.free_cells, c) for c in columns),
            payoff_matrix=punter_matrix,
            banker_payoff_matrix=banker_matrix,
            banker_columns=_column_chances(game.free_cells, columns, best.banker_plan),
        )
    return Solution(
        model=model, decks=decks, commission=rate, punter_draw_chance=best.punter_draw_chance,
        value=best.punter_value, banker_value=best.banker_value, banker=chosen,
        free_total=free_total(rules), rules=rules, equilibrium_count=len(found), **extra,
    )


def punter_value_curve(model: str = "classic", decks: int = 0, commission=0, steps: int = 20,
                       rules: DrawingRules | None = None):
    """The punter's value for ``p`` = 0, 1/steps, ..., 1 (its chance of drawing on
    its free total) when the banker answers with its best reply: piecewise
    linear in ``p``; without commission its peak is the solution's value (for a
    lesson's plot).

    >>> curve = punter_value_curve("classic", decks=0, steps=11)
    >>> max(curve, key=lambda point: point[1])[0]
    Fraction(9, 11)
    """
    rate, rules = _check(model, decks, commission, rules)
    game = choice_game(model, decks, rate, rules)
    points = [Fraction(i, steps) for i in range(steps + 1)]
    return [(p, game.punter_value_against_best_reply(p)) for p in points]


def _totals_text(totals) -> str:
    """Totals in short: ``[0, 1, 2, 3, 4, 7]`` is ``"0-4, 7"``."""
    runs = []
    for total in sorted(totals):
        if runs and total == runs[-1][1] + 1:
            runs[-1][1] = total
        else:
            runs.append([total, total])
    return ", ".join(str(low) if low == high else f"{low}-{high}" for low, high in runs)


def assumptions(rules: DrawingRules) -> tuple[str, ...]:
    """What the solver takes for granted, in words, under ``rules``."""
    free = free_total(rules)
    draws = rules.player_draws_on - {free}
    stands = set(range(8)) - draws - {free}
    guidance = [f"{verb} on {_totals_text(totals)}" for verb, totals in (("draws", draws), ("stands", stands)) if totals]
    return (
        f"The punter follows the guidance ({', '.join(guidance)}) and chooses only on {free}.",
        "Each side decides on its total alone, not on the cards that make it.",
        "A natural on either side ends the coup.",
        "With a commission the game is not zero-sum: best play is an equilibrium, each side best-replying for its own payoff.",
    )


ASSUMPTIONS = assumptions(chemin_de_fer_rules())


def _decision(chance: Fraction) -> str:
    return "draw" if chance == 1 else "stand" if chance == 0 else "mix"


def _exact(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def solve_report(model: str = "table", decks: int = 6, commission=0, rules: DrawingRules | None = None) -> dict:
    """:func:`solve` as a plain dict: exactly what the CLI prints with ``--json``.

    Numbers are floats, with ``"p/q"`` strings beside the key figures.
    ``punter_draw_on_5`` is the chance of drawing on the free total
    ``punter_free_total`` (5 at Chemin de Fer; the key keeps its name for the
    readers of the JSON).

    >>> report = solve_report("classic", decks=0)
    >>> report["punter_draw_on_5"], report["punter_draw_on_5_exact"], report["banker"]["6 vs stood"]["decision"]
    (0.8181818181818182, '9/11', 'mix')
    """
    solution = solve(model, decks, commission, rules)
    report = {
        "game": "chemin-de-fer",
        "rules": solution.rules.name,
        "model": model,
        "decks": decks,
        "commission": float(solution.commission),
        "punter_free_total": solution.free_total,
        "punter_draw_on_5": float(solution.punter_draw_chance),
        "punter_draw_on_5_exact": _exact(solution.punter_draw_chance),
        "value": float(solution.value),
        "value_exact": _exact(solution.value),
        "banker_value": float(solution.banker_value),
        "banker": {
            cell_label(cell): {"decision": _decision(chance), "draw_probability": float(chance)}
            for cell, chance in solution.banker.items()
        },
        "equilibrium_count": solution.equilibrium_count,
        "assumptions": list(assumptions(solution.rules)),
    }
    if model == "table":
        rows = punter_rows(solution.free_total)
        report["payoff_matrix"] = {
            "columns": list(solution.column_labels),
            "rows": {row: [float(x) for x in values] for row, values in zip(rows, solution.payoff_matrix)},
            "banker_rows": {
                row: [float(x) for x in values] for row, values in zip(rows, solution.banker_payoff_matrix)
            },
        }
    return report


def _chance_text(chance: float) -> str:
    return f"{100 * chance:.2f}%"


def _grid(banker: dict) -> list[str]:
    """The classic model's 88 cells as a grid: D draw, S stand, a percentage where mixed."""
    lines = ["Banker's play (D draw, S stand, % chance of drawing where mixed):",
             "total  stood " + " ".join(f"{v:>5}" for v in range(10))]
    for total in range(8):
        marks = []
        for third in (STOOD, *range(10)):
            entry = banker[cell_label((total, third))]
            mark = {"draw": "D", "stand": "S"}.get(entry["decision"]) or _chance_text(entry["draw_probability"])
            marks.append(f"{mark:>5}")
        lines.append(f"{total:>5}  " + " ".join(marks))
    lines.append("(columns: punter stood, or the value of the punter's third card)")
    return lines


def format_solve(report: dict) -> str:
    """A readable text version of :func:`solve_report`.

    >>> print(format_solve(solve_report("table", decks=0)).splitlines()[0])
    Chemin de Fer, table model, infinite deck, no commission
    """
    shoe = "infinite deck" if report["decks"] == 0 else f"{report['decks']}-deck shoe"
    commission = f"{100 * report['commission']:g}% commission" if report["commission"] else "no commission"
    lines = [f"Chemin de Fer, {report['model']} model, {shoe}, {commission}", ""]
    lines.append(
        f"Punter draws on {report['punter_free_total']} with probability {report['punter_draw_on_5']:.6f}"
        f" ({report['punter_draw_on_5_exact']})"
    )
    lines.append(f"Value per chip to the punter: {report['value']:+.6f}")
    lines.append(f"Value per chip to the banker: {report['banker_value']:+.6f}"
                 + (" (after commission)" if report["commission"] else ""))
    if report["equilibrium_count"] > 1:
        lines.append(f"({report['equilibrium_count']} equilibria; the best for the punter is shown)")
    lines.append("")
    if report["model"] == "table":
        lines.append("Banker's optional cells:")
        for label, entry in report["banker"].items():
            shown = entry["decision"] if entry["decision"] != "mix" else f"draw {_chance_text(entry['draw_probability'])}"
            lines.append(f"  {label}: {shown}")
        lines += ["", "Value per chip to the punter, by banker column:"]
        matrix = report["payoff_matrix"]
        for index, label in enumerate(matrix["columns"]):
            lines.append(f"  {chr(65 + index)}: {label}")
        lines.append(f"{'':<12}" + "".join(f"{chr(65 + i):>11}" for i in range(len(matrix["columns"]))))
        for row, values in matrix["rows"].items():
            lines.append(f"{row:<12}" + "".join(f"{x:>+11.6f}" for x in values))
    else:
        lines += _grid(report["banker"])
    lines += ["", "Assumptions:"] + [f"  - {text}" for text in report["assumptions"]]
    return "\n".join(lines)
