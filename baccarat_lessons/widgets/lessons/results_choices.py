"""Results shown in lesson 14 (the choices as a game) as tables and sentences.

>>> from baccarat_lessons.analysis.chemin_de_fer_solver import solve
>>> print(repr(banker_cells_table(solve(model="table", decks=6))))
banker's cell                    chance the banker draws
banker 3, punter's third card 9  1
banker 5, punter's third card 4  1
"""

from __future__ import annotations

from statistics import stdev

from dataclasses import replace

from ...analysis.chemin_de_fer_solver import PUNTER_ROWS
from ...analysis.lessons.banque_choices import SEEN, banker_choice
from ...content.comparison import percent as rate
from .present import Table, cards, exact, number, percent, say


def _cell(total: int, third: int | None) -> str:
    if third is None:
        return f"banker {total}, punter stood"
    return f"banker {total}, punter's third card {third}"


def _chance(value) -> str:
    """An exact chance: 0 and 1 as such, a mix as a fraction with its percentage."""
    return exact(value) if value in (0, 1) else f"{exact(value)} ({percent(value, 1)})"


def payoff_table(solution) -> Table:
    """The table model's payoff matrix: the punter's exact value per chip, as a percentage."""
    columns = ["punter", *(f"{'ABCD'[i]}: {label}" for i, label in enumerate(solution.column_labels))]
    rows = [[name, *(percent(value, 3, signed=True) for value in row)]
            for name, row in zip(PUNTER_ROWS, solution.payoff_matrix)]
    best = max(range(len(rows)), key=lambda i: min(solution.payoff_matrix[i]))
    return Table(columns, rows, highlight=(best,),
                 caption="Punter's expected result per chip, for each plan of each side (6 decks)")


def banker_cells_table(solution) -> Table:
    """The banker's chance of drawing in each cell it chooses (exact)."""
    return Table(["banker's cell", "chance the banker draws"],
                 [[_cell(*cell), _chance(chance)] for cell, chance in sorted(solution.banker.items(),
                                                                           key=lambda item: (item[0][0], item[0][1] is None, item[0][1] or 0))])


def solution_sentence(solution) -> object:
    """The punter's best chance of drawing on 5 and the value of the game, exactly."""
    sentence = say(f"Best play for the punter: draw on 5 with probability {_chance(solution.punter_draw_on_5)}. "
                   f"The game is worth {percent(solution.value, 4, signed=True)} per chip to the punter.")
    return replace(sentence, exact=(f"Value of the game to the punter: {exact(solution.value)} per chip",))


def mixed_cells_table(solution) -> Table:
    """The classic solution's cells where the banker mixes (neither always draws nor always stands)."""
    mixed = [(cell, chance) for cell, chance in solution.banker.items() if chance not in (0, 1)]
    return Table(["banker's cell", "chance the banker draws"], [[_cell(*cell), _chance(c)] for cell, c in mixed])


def equal_stakes_table(grid: dict[int, str]) -> Table:
    """The Banque banker's best play with equal stakes: D draws, S stands, for each total and what
    both tableaux showed."""
    columns = ["banker total", "stood", *(str(v) for v in range(10))]
    return Table(columns, [[str(total), *row] for total, row in grid.items()],
                 caption="Both tableaux stood, or both drew a third card of the value heading the column",
                 note="D: draw; S: stand. The banker holds a ten and a card of its total; "
                      "its own cards and the third cards are out of the unseen cards.")


def stake_choice_table(banker_cards: str, right, left, cases=((50, 5), (5, 50))) -> Table:
    """Draw and stand values for the same cards with the big stake on one side, then the other."""
    rows = []
    for right_stake, left_stake in cases:
        choice = banker_choice(banker_cards, right=right, left=left, right_stake=right_stake,
                               left_stake=left_stake, exact=True)
        rows.append([f"{right_stake} chips", f"{left_stake} chips", f"{number(choice.draw_value, 1, signed=True)} chips",
                     f"{number(choice.stand_value, 1, signed=True)} chips", choice.decision])
    seen = {None: "stood", **{v: f"drew a {v}" for v in SEEN if v is not None}}
    return Table(["stake on the right", "stake on the left", "banker's expected net if it draws", "if it stands",
                  "better choice"], rows,
                 caption=f"Banker holds {cards(banker_cards)}; right tableau {seen[right]}, left tableau {seen[left]}")


def bank_runs_table(runs) -> Table:
    """Who holds the bank and how it did, per chip bet against it, with standard errors."""
    names = {"exact": "exact expected-value banker", "table": "banker following the Chemin de Fer table"}
    rows = [[names[run.banker], f"{run.coups:,}", f"{len(run.bank_per_chip)}",
             f"{percent(run.bank_per_chip_mean, 2, signed=True)} ± {percent(run.bank_per_chip_error, 2)}",
             f"{percent(run.bets_per_chip_mean, 2, signed=True)} ± {percent(run.bets_per_chip_error, 2)}"]
            for run in runs]
    return Table(["banker", "coups", "independent batches", "banker's net per chip bet against it",
                  "punters' net per chip staked"], rows,
                 note="± one standard error, from the spread of the independent batches. "
                      "The banker's figure is after the 1.25% commission.")


def bank_runs_sentence(runs) -> object:
    """What the runs show about the banker, said with the size of the chance variation."""
    sentences = []
    for run in runs:
        ratio = run.bank_per_chip_mean / run.bank_per_chip_error
        who = "The exact banker" if run.banker == "exact" else "The table-following banker"
        if run.is_banker_clearly_ahead:
            verdict = "ahead, by more than two standard errors: more than chance alone would give"
        elif run.bank_per_chip_mean > 0:
            verdict = "ahead, but by less than two standard errors: chance alone could give that"
        else:
            verdict = "behind: the commission costs it more than its choices win"
        distance = f"{ratio:.1f}".replace("-", "\u2212")
        swing = percent(stdev(run.bank_per_chip), 1)
        sentences.append(f"{who} finished {verdict} ({distance} standard errors from zero). From one batch "
                         f"of {run.coups // len(run.bank_per_chip):,} coups to the next, its result per chip "
                         f"varied by {swing} (the standard deviation of the batches).")
    return say(*sentences)


def commission_cases_table(cases) -> Table:
    """The table model without commission and with the house's: each side's value per chip and
    the banker's best play in its two optional cells."""
    def play(case, cell):
        chance = case.banker_cells[cell]
        return "draw" if chance == 1 else "stand" if chance == 0 else _chance(chance)

    rows = [["none" if case.commission == 0 else rate(case.commission),
             percent(case.punter_value, 2, signed=True), percent(case.banker_value, 2, signed=True),
             play(case, (3, 9)), play(case, (5, 4))] for case in cases]
    return Table(["commission on the banker's wins", "punter, per chip staked", "banker, per chip covered",
                  "banker 3 against 9", "banker 5 against 4"], rows,
                 note="Exact values for this table's rules and six decks, the punter drawing on 5.")
