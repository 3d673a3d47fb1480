"""Best play for both sides of Chemin de Fer's choices, exactly.

The punter's strategy is ``p``, its chance of drawing on its free total (5
under the Chemin de Fer rules; see :func:`.coup_chances.free_total`). The banker's is a
*plan*: a chance of drawing in each cell (fixed at 0 or 1 where the rules
decide). The banker pays ``commission`` on its winnings, so a banker win is
worth ``1 - commission`` to it and ``-1`` to the punter: with a commission the
game is not zero-sum, and best play means an equilibrium — each side's
strategy is a best reply to the other's, for its own payoff. Without
commission that is the minimax solution of von Neumann.

Finding it: the banker's payoff is a sum over cells, so its best reply is
cell by cell, and the gain from drawing in a cell is linear in ``p``. On each
stretch of ``p`` between the points where some cell's gain is zero, the best
reply is one pure plan and the punter's gain from drawing on its free total is constant, so
an equilibrium with ``p`` inside ``(0, 1)`` can only sit on such a point, with
the banker mixing in the cell that turns there so that the punter is
indifferent. The search tries ``p = 0``, ``p = 1`` and every such point.

>>> from fractions import Fraction
>>> from .coup_chances import CELLS, coup_chances
>>> game = ChoiceGame(coup_chances(None), {cell: None for cell in CELLS}, Fraction(0))
>>> found = game.equilibria()[0]
>>> found.punter_draw_chance
Fraction(9, 11)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Mapping

from .coup_chances import (
    BANKER_WINS, CELLS, DRAW, FREE_DRAWS, FREE_STANDS, KINDS, PUNTER_WINS, STAND, CoupChances,
)

Cell = tuple[int, "int | None"]
Plan = dict[Cell, Fraction]  # the banker's chance of drawing in every cell


@dataclass(frozen=True)
class Equilibrium:
    """One pair of best replies and what each side expects per chip.

    ``punter_draw_chance``: the punter's chance of drawing on its free total.
    """

    punter_draw_chance: Fraction
    banker_plan: Plan
    punter_value: Fraction
    banker_value: Fraction


def _kind_weights(p: Fraction) -> tuple[Fraction, Fraction, Fraction]:
    """How much each kind of punter hand counts when it draws on its free total with chance p."""
    return (Fraction(1), p, 1 - p)


class ChoiceGame:
    """Payoffs of every branch for both sides, and the strategy calculus on them.

    ``rules``: each cell's fixed draw chance (0 or 1) or ``None`` where the
    banker chooses.
    """

    def __init__(self, chances: CoupChances, rules: Mapping[Cell, int | None], commission: Fraction):
        self.free_cells = tuple(cell for cell in CELLS if rules[cell] is None)
        self.fixed = {cell: Fraction(rules[cell]) for cell in CELLS if rules[cell] is not None}
        scale = Fraction(1, chances.denominator)
        win, loss = chances.natural[PUNTER_WINS], chances.natural[BANKER_WINS]
        self.natural = (scale * (win - loss), scale * ((1 - commission) * loss - win))
        # payoff[side][kind][cell][action], side 0 the punter, 1 the banker.
        self.payoff = [[{}, {}, {}], [{}, {}, {}]]
        for kind in KINDS:
            for index, cell in enumerate(CELLS):
                for action in (STAND, DRAW):
                    win, loss = (int(x) for x in chances.branches[kind, index, action, :2])
                    self.payoff[0][kind].setdefault(cell, {})[action] = scale * (win - loss)
                    self.payoff[1][kind].setdefault(cell, {})[action] = scale * ((1 - commission) * loss - win)

    def full_plan(self, choices: Mapping[Cell, Fraction]) -> Plan:
        """The banker's chances in every cell: the rules' where fixed, ``choices`` elsewhere."""
        return {cell: self.fixed[cell] if cell in self.fixed else Fraction(choices[cell]) for cell in CELLS}

    def value(self, side: int, p: Fraction, plan: Plan) -> Fraction:
        """Expected payoff per chip to the punter (side 0) or the banker (side 1)."""
        total = self.natural[side]
        for kind, weight in zip(KINDS, _kind_weights(p)):
            if weight:
                table = self.payoff[side][kind]
                total += weight * sum(
                    plan[c] * table[c][DRAW] + (1 - plan[c]) * table[c][STAND] for c in CELLS
                )
        return total

    def banker_gain(self, cell: Cell, p: Fraction) -> Fraction:
        """What drawing rather than standing in ``cell`` adds to the banker's payoff."""
        return sum(
            weight * (self.payoff[1][kind][cell][DRAW] - self.payoff[1][kind][cell][STAND])
            for kind, weight in zip(KINDS, _kind_weights(p))
        )

    def punter_gain_per_cell(self, cell: Cell) -> tuple[Fraction, Fraction]:
        """The part of the punter's gain from drawing on its free total that comes from ``cell``,
        when the banker stands there and when it draws there."""
        table = self.payoff[0]
        return tuple(table[FREE_DRAWS][cell][a] - table[FREE_STANDS][cell][a] for a in (STAND, DRAW))

    def punter_gain(self, plan: Plan) -> Fraction:
        """What drawing on its free total rather than standing adds to the punter's payoff."""
        total = Fraction(0)
        for cell in CELLS:
            stand, draw = self.punter_gain_per_cell(cell)
            total += plan[cell] * draw + (1 - plan[cell]) * stand
        return total

    def banker_best_reply(self, p: Fraction) -> tuple[dict[Cell, Fraction], list[Cell]]:
        """Pure best reply in every free cell, and the cells where the banker is indifferent
        (set to stand in the reply)."""
        choices, indifferent = {}, []
        for cell in self.free_cells:
            gain = self.banker_gain(cell, p)
            choices[cell] = Fraction(1 if gain > 0 else 0)
            if gain == 0:
                indifferent.append(cell)
        return choices, indifferent

    def punter_value_against_best_reply(self, p: Fraction) -> Fraction:
        """The punter's value when it draws on its free total with chance ``p`` and the banker
        answers with its best reply (without commission: what ``p`` guarantees)."""
        choices, _ = self.banker_best_reply(p)
        return self.value(0, p, self.full_plan(choices))

    def turning_points(self) -> list[Fraction]:
        """0, 1 and every p strictly between where some free cell's gain is zero."""
        points = {Fraction(0), Fraction(1)}
        for cell in self.free_cells:
            at_zero, at_one = self.banker_gain(cell, Fraction(0)), self.banker_gain(cell, Fraction(1))
            if at_zero != at_one:
                root = at_zero / (at_zero - at_one)
                if 0 < root < 1:
                    points.add(root)
        return sorted(points)

    def equilibria(self) -> list[Equilibrium]:
        """Every equilibrium with ``p`` at a turning point, in order of ``p``.

        At least one exists (Nash). In the indifferent cells the banker takes the
        pure action that favours it most in the punter's eyes at ``p = 0`` or 1,
        and mixes in at most one cell inside ``(0, 1)``.
        """
        found = []
        for p in self.turning_points():
            choices, indifferent = self.banker_best_reply(p)
            gain = self.punter_gain(self.full_plan(choices))
            # Each indifferent cell moves the punter's gain by `shift` when it draws.
            shifts = {c: draw - stand for c in indifferent for stand, draw in [self.punter_gain_per_cell(c)]}
            lowest = gain + sum(min(0, s) for s in shifts.values())
            highest = gain + sum(max(0, s) for s in shifts.values())
            for cell, shift in shifts.items():  # start from the plan that makes drawing worst
                if shift < 0:
                    choices[cell] = Fraction(1)
            if p == 0 and lowest <= 0 or p == 1 and highest >= 0:
                if p == 1:
                    for cell, shift in shifts.items():
                        choices[cell] = Fraction(1 if shift > 0 else 0)
                found.append(self._equilibrium(p, choices))
            elif 0 < p < 1 and lowest <= 0 <= highest:
                level = lowest
                for cell, shift in shifts.items():
                    if level == 0:
                        break
                    step = abs(shift)
                    if step == 0:
                        continue
                    moved = min(Fraction(1), -level / step)
                    choices[cell] = 1 - moved if shift < 0 else moved
                    level += moved * step
                assert level == 0
                found.append(self._equilibrium(p, choices))
        assert found, "a finite game always has an equilibrium"
        return found

    def _equilibrium(self, p: Fraction, choices: dict[Cell, Fraction]) -> Equilibrium:
        plan = self.full_plan(choices)
        return Equilibrium(p, plan, self.value(0, p, plan), self.value(1, p, plan))
