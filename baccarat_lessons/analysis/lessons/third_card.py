"""Where the Banker drawing table comes from: conditional expectation, cell by cell: lesson 13 (the third card).

When the Banker hand decides, it knows its own two-card total and the one card Player's
hand showed: the value of Player's third card, or that Player stood. Each such *cell*
gathers many deals. Over every deal that reaches a cell (no natural, Player following
Punto Banco's fixed rule), this module computes the Banker hand's exact expected result
if it draws and if it stands — a win +1, a tie 0, a loss −1, no commission — by
enumerating ordered deals without replacement from a full shoe of ``decks`` decks.

The best reply in each cell is whichever is larger. Punto Banco's fixed table agrees with
it almost everywhere; :func:`departures` lists where it does not and by how much.

>>> values = banker_choice_values(decks=8)
>>> cell = values[(3, 8)]             # Banker has 3, Player's third card is an 8
>>> cell.stand > cell.draw, PUNTO_BANCO.banker_cell(3, 8).value
(True, 'stand')
>>> len(values)
88
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from ...engine.drawing import PUNTO_BANCO, Cell
from ..composition import Composition
from ..exact import falling
from ..reports import decks_text

BANKER_TOTALS = range(8)  # 8 and 9 are naturals: the coup is over before any choice
THIRD_CARDS = (None, *range(10))  # None: Player stood


def _sign(difference: int) -> int:
    return (difference > 0) - (difference < 0)


@dataclass(frozen=True)
class ChoiceValue:
    """One cell: the Banker hand's exact expected result if it draws and if it stands."""

    draw: Fraction
    stand: Fraction
    chance: Fraction  # the chance that a coup off a full shoe reaches this cell
    player_totals: dict[int, Fraction]  # Player's final total, given the cell

    @property
    def best(self) -> Cell:
        """The better choice for the Banker hand (OPTIONAL when the two are exactly equal)."""
        if self.draw == self.stand:
            return Cell.OPTIONAL
        return Cell.DRAW if self.draw > self.stand else Cell.STAND

    @property
    def gain(self) -> Fraction:
        """How much the better choice is worth over the other, per coup reaching the cell."""
        return abs(self.draw - self.stand)


class _Tally:
    """Sums over the deals of one cell, as whole numbers (weights are counts of ordered deals)."""

    def __init__(self):
        self.reach = 0
        self.by_player_total = [0] * 10
        self.draw_sum = 0


@lru_cache(maxsize=None)
def banker_choice_values(decks: int = 8) -> dict[tuple[int, int | None], ChoiceValue]:
    """Every cell (Banker's two-card total, Player's third-card value or None) and its values.

    Player draws by Punto Banco's rule (:data:`~baccarat_lessons.engine.drawing.PUNTO_BANCO`);
    then both of Banker's choices are scored on the same deals. Works for any deck count
    from 1 (about a second per deck count).

    >>> one = banker_choice_values(decks=1)
    >>> one[(6, None)].best.value, one[(7, None)].best.value   # Punto Banco stands on both
    ('draw', 'stand')
    """
    counts = Composition.full(decks).by_value()
    cards = sum(counts)
    tallies = {(total, third): _Tally() for total in BANKER_TOTALS for third in THIRD_CARDS}

    def take(value: int) -> int:
        ways = counts[value]
        counts[value] -= 1
        return ways

    for p1 in range(10):
        w1 = take(p1)
        for b1 in range(10):
            w2 = w1 * take(b1)
            for p2 in range(10):
                w3 = w2 * take(p2)
                for b2 in range(10):
                    w4 = w3 * take(b2)
                    if w4:
                        _deal_rest(counts, (p1 + p2) % 10, (b1 + b2) % 10, w4, tallies, take)
                    counts[b2] += 1
                counts[p2] += 1
            counts[b1] += 1
        counts[p1] += 1

    values = {}
    for (total, third), tally in tallies.items():
        dealt = 4 if third is None else 5
        stand = sum(w * _sign(total - f) for f, w in enumerate(tally.by_player_total))
        values[(total, third)] = ChoiceValue(
            draw=Fraction(tally.draw_sum, tally.reach * (cards - dealt)),
            stand=Fraction(stand, tally.reach),
            chance=Fraction(tally.reach, falling(cards, dealt)),
            player_totals={f: Fraction(w, tally.reach) for f, w in enumerate(tally.by_player_total) if w},
        )
    return values


def _deal_rest(counts, player, banker, weight, tallies, take) -> None:
    """Add the deals that follow one four-card start to the tally of the cell they reach."""
    if player >= 8 or banker >= 8:
        return  # a natural: no third card, no choice
    if not PUNTO_BANCO.player_draws(player):
        _score(counts, tallies[(banker, None)], banker, player, weight)
        return
    for p3 in range(10):
        w5 = weight * take(p3)
        if w5:
            _score(counts, tallies[(banker, p3)], banker, (player + p3) % 10, w5)
        counts[p3] += 1


def _score(counts, tally: _Tally, banker: int, player_final: int, weight: int) -> None:
    """Standing scores the totals as they are; drawing averages over the cards still left."""
    tally.reach += weight
    tally.by_player_total[player_final] += weight
    tally.draw_sum += weight * sum(
        counts[b3] * _sign((banker + b3) % 10 - player_final) for b3 in range(10)
    )


@dataclass(frozen=True)
class Departure:
    """A cell where Punto Banco's fixed table is not the Banker hand's best reply."""

    banker_total: int
    third_card: int | None
    fixed: Cell
    value: ChoiceValue

    @property
    def cost_per_coup(self) -> Fraction:
        """What the fixed rule costs the Banker hand per coup dealt: chance of the cell × gain."""
        return self.value.chance * self.value.gain


def departures(decks: int = 8) -> list[Departure]:
    """The cells where the fixed table does something other than the better choice.

    >>> [(d.banker_total, d.third_card, d.fixed.value) for d in departures(8)]
    [(4, 1, 'stand'), (6, None, 'stand')]
    """
    found = []
    for (total, third), value in banker_choice_values(decks).items():
        fixed = PUNTO_BANCO.banker_cell(total, third)
        if value.best is not Cell.OPTIONAL and value.best is not fixed:
            found.append(Departure(total, third, fixed, value))
    return found


def player_totals_given_third(decks: int = 8) -> dict[int, dict[int, Fraction]]:
    """Given that Player drew and showed a third card of each value, the chance of each
    final Player total (Bayes: the third card narrows down the two hidden ones).

    >>> given_nine = player_totals_given_third(8)[9]
    >>> max(given_nine, key=given_nine.get), sorted(given_nine) == list(range(10))
    (9, False)
    """
    values = banker_choice_values(decks)
    totals = {}
    for third in range(10):
        weights = {}
        for banker in BANKER_TOTALS:
            cell = values[(banker, third)]
            for final, chance in cell.player_totals.items():
                weights[final] = weights.get(final, 0) + cell.chance * chance
        whole = sum(weights.values())
        totals[third] = {final: w / whole for final, w in sorted(weights.items())}
    return totals


def plot_cell_values(ax, decks: int = 8):
    """A heat map of draw − stand for every cell, with Punto Banco's choice written in it."""
    values = banker_choice_values(decks)
    grid = [[float(values[(t, v)].draw - values[(t, v)].stand) for v in THIRD_CARDS] for t in BANKER_TOTALS]
    largest = max(abs(x) for row in grid for x in row)
    image = ax.imshow(grid, cmap="RdBu", vmin=-largest, vmax=largest, aspect="auto")
    for t in BANKER_TOTALS:
        for i, v in enumerate(THIRD_CARDS):
            fixed = PUNTO_BANCO.banker_cell(t, v)
            marked = values[(t, v)].best not in (fixed, Cell.OPTIONAL)
            ax.text(i, t, ("D" if fixed is Cell.DRAW else "S") + ("!" if marked else ""), ha="center",
                    va="center", fontsize=11, fontweight="bold" if marked else "normal")
    ax.set_xticks(range(len(THIRD_CARDS)), ["stood"] + [str(v) for v in range(10)])
    ax.set_yticks(list(BANKER_TOTALS))
    ax.set_xlabel("Player's third card (or Player stood)")
    ax.set_ylabel("Banker's two-card total")
    ax.set_title(f"Drawing minus standing, {decks_text(decks)} (blue: draw is better; D/S: Punto Banco; !: not the best)")
    ax.figure.colorbar(image, ax=ax, label="expected result, draw − stand")
    return ax
