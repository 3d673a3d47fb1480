"""The bankroll plot: the balance after every round, drawn as one SVG line chart.

Drawn by hand rather than with matplotlib: it is a single polyline, costs no
import time in a Voilà kernel, and redraws in microseconds after each coup.
Amounts are hundredths of a chip, exact in every title; only pixel positions are floats.

>>> svg = bankroll_svg(10000, [10500, 9500, 10450])   # hundredths of a chip
>>> svg.count("<circle"), "Balance after each round" in svg
(3, True)
>>> bankroll_svg(10000, [10000] * 800).count("<circle")   # 800 dots would merge into a line
0
"""

from __future__ import annotations

from typing import Sequence


from ..engine.money import CHIP, show_chips

WIDTH, HEIGHT = 360, 160
LEFT, RIGHT, TOP, BOTTOM = 46, 10, 12, 26
DOT_SPACING = 5  # pixels between rounds below which the dots are left out (their diameter)


def _nice_ticks(low: float, high: float, count: int = 4) -> list[float]:
    span = max(high - low, 1e-9)
    raw = span / count
    magnitude = 10 ** len(str(int(raw))) / 10 if raw >= 1 else 1
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    first = (low // step) * step
    ticks, value = [], first
    while value <= high + 1e-9:
        if value >= low - 1e-9:
            ticks.append(value)
        value += step
    return ticks


def bankroll_svg(starting: int, balances: Sequence[int]) -> str:
    """Balance line from the starting chips through each round's closing balance (hundredths)."""
    points = [starting, *balances]
    low = min(min(points), 0) / CHIP
    high = max(points) / CHIP or 1.0
    high = high + (high - low) * 0.05
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    rounds = max(len(points) - 1, 1)

    def x(i: int) -> float:
        return LEFT + plot_w * i / rounds

    def y(v: float) -> float:
        return TOP + plot_h * (1 - (v - low) / (high - low or 1))

    grid = []
    for tick in _nice_ticks(low, high):
        grid.append(
            f'<line class="bl-plot-grid" x1="{LEFT}" y1="{y(tick):.1f}" x2="{WIDTH - RIGHT}" y2="{y(tick):.1f}"/>'
            f'<text class="bl-plot-tick" x="{LEFT - 4}" y="{y(tick) + 4:.1f}" text-anchor="end">{tick:g}</text>'
        )
    start_y = y(starting / CHIP)
    line = " ".join(f"{x(i):.1f},{y(v / CHIP):.1f}" for i, v in enumerate(points))
    # A dot (its title the round's balance) per round while the dots stand apart; past that they
    # merge into a thick line, and drawing 800 of them was a fifth of what a click at hand 800
    # cost more than one at hand 1 (issue 34).
    dots = "".join(
        f'<circle cx="{x(i):.1f}" cy="{y(v / CHIP):.1f}" r="2.5"><title>After round {i}: '
        f"{show_chips(v)}</title></circle>"
        for i, v in enumerate(points) if i > 0
    ) if plot_w / rounds >= DOT_SPACING else ""
    label = (
        f"Balance after each round: started at {show_chips(starting)}, "
        f"now {show_chips(points[-1])} after {len(points) - 1} rounds"
    )
    return (
        f'<svg class="bl-bankroll-plot" role="img" aria-label="{label}" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" xmlns="http://www.w3.org/2000/svg"><title>{label}</title>'
        + "".join(grid)
        + f'<line class="bl-plot-start" x1="{LEFT}" y1="{start_y:.1f}" x2="{WIDTH - RIGHT}" y2="{start_y:.1f}"/>'
        + f'<polyline class="bl-plot-line" points="{line}"/>{dots}'
        + f'<text class="bl-plot-axis" x="{LEFT + plot_w / 2:.0f}" y="{HEIGHT - 6}" text-anchor="middle">'
        f"round (0 to {len(points) - 1})</text></svg>"
    )


def bankroll_html(starting: int, balances: Sequence[int]) -> str:
    """The plot of the balances (hundredths of a chip) after each round from ``starting``, with its note."""
    return ('<div class="bl-bankroll-box"><h4>Bankroll</h4>' + bankroll_svg(starting, balances)
            + '<p class="bl-note">The dashed line is the starting balance.</p></div>')


class BankrollView:
    """The plot in one HTML widget (class ``bl-bankroll``)."""

    def __init__(self):
        from .shared_models import html  # the widget only: this module's HTML is also drawn without one

        self.widget = html()
        self.widget.add_class("bl-bankroll")

    def update(self, starting: int, balances: Sequence[int]) -> None:
        """Draw the balances (hundredths of a chip) after each round from ``starting``."""
        self.widget.value = bankroll_html(starting, balances)
