"""The session statistics panel: one HTML widget, redrawn after every round.

The numbers come from :func:`~baccarat_lessons.analysis.session_stats.session_stats`;
each amount also carries its exact fraction in a ``data-exact`` attribute.

>>> from baccarat_lessons.engine.driver import Driver
>>> from baccarat_lessons.engine.shoe import Shoe
>>> driver = Driver("punto-banco", shoe=Shoe.stacked("2S AC 2H 2D 8C"))
>>> _ = driver.act("BET", 1000, "Banker"); _ = driver.act("DEAL")
>>> view = SessionStatsView()
>>> view.update(driver.table)
>>> 'data-stat="net" data-exact="19/2">+9.50<' in view.widget.value
True
"""

from __future__ import annotations

from fractions import Fraction


from ..analysis.session_stats import RunningStats, SessionStats
from ..engine.events import Outcome
from ..engine.money import CHIP, format_chips


def signed_chips(amount: Fraction | int) -> str:
    """'+9.50', '-10', '0': an amount with its sign. An expectation that is not a whole number of
    hundredths is said as "about" its value to the hundredth (the exact fraction is in ``data-exact``).

    >>> signed_chips(Fraction(19, 2)), signed_chips(Fraction(-21, 200))
    ('+9.50', 'about -0.10')
    """
    amount = Fraction(amount)
    sign = "+" if amount > 0 else ""
    if (amount * 100).denominator == 1:
        return sign + format_chips(amount)
    return f"about {sign}{format_chips(Fraction(round(amount * 100), 100))}"


def _amount(key: str, hundredths: Fraction | int, signed: bool = True) -> str:
    amount = Fraction(hundredths) / CHIP
    shown = signed_chips(amount) if signed else format_chips(amount)
    return f'<td data-stat="{key}" data-exact="{amount.numerator}/{amount.denominator}">{shown}</td>'


def stats_html(stats: SessionStats, decks: int) -> str:
    """The panel's HTML for ``stats`` (the expectation being for a full shoe of ``decks`` decks)."""
    if not stats.hands_played:
        return ('<div class="bl-stats-box"><h4>Session statistics</h4>'
                "<p>No rounds yet: the figures appear after the first deal.</p></div>")
    wins = ", ".join(f"{outcome.value} {stats.wins[outcome]}" for outcome in (Outcome.PLAYER, Outcome.BANKER, Outcome.TIE))
    rows = (
        f'<tr><th scope="row">Hands played</th><td data-stat="hands">{stats.hands_played}</td></tr>'
        f'<tr><th scope="row">Wins by side</th><td data-stat="wins">{wins}</td></tr>'
        f'<tr><th scope="row">Chips staked</th>{_amount("staked", stats.staked, signed=False)}</tr>'
        f'<tr><th scope="row">Net result</th>{_amount("net", stats.net)}</tr>'
        f'<tr><th scope="row">Largest swing (peak to trough)</th>'
        f'{_amount("swing", stats.largest_swing, signed=False)}</tr>'
        f'<tr><th scope="row">Expected net of your bets</th>{_amount("expected", stats.expected_net)}</tr>'
        f'<tr><th scope="row">Net less expectation</th>{_amount("luck", stats.net - stats.expected_net)}</tr>'
    )
    return (
        '<div class="bl-stats-box"><h4>Session statistics</h4>'
        f'<table class="bl-stats-table">{rows}</table>'
        f'<p class="bl-note">The expectation adds up, bet by bet, the exact average result of each bet you '
        f"placed, for a full {decks}-deck shoe at this table's payouts; the cards already dealt are left out, "
        "which changes it very little. The difference from your net is chance. Over many rounds the result "
        "per chip staked settles near the expectation per chip: a small loss, the house edge.</p></div>"
    )


def session_stats(table) -> SessionStats:
    """The statistics of ``table``'s whole session, counted from its first coup."""
    settings = table.settings
    running = RunningStats(table.starting_total, settings.decks, settings.tie_pays, settings.banker_pays,
                           table.variant.commission)
    for record in table.history:
        running.add(record)
    return running.stats()


class SessionStatsView:
    """The statistics of a Punto Banco or Mini table's session (class ``bl-session-stats``)."""

    def __init__(self):
        from .shared_models import html  # the widget only: this module's HTML is also drawn without one

        self.widget = html()
        self.widget.add_class("bl-session-stats")
        self.stats: SessionStats | None = None
        self._running: RunningStats | None = None  # the figures so far, and the last coup they counted
        self._last = None

    def update(self, table) -> None:
        """Bring the figures up to ``table``'s history: only the coups added since the last update are
        read (another session, or changed payouts, start the count again)."""
        settings, history = table.settings, table.history
        payouts = (settings.decks, settings.tie_pays, settings.banker_pays, table.variant.commission)
        running = self._running
        if (running is None or running.payouts != payouts or running.count > len(history)
                or (running.count and history[running.count - 1] is not self._last)):
            running = self._running = RunningStats(table.starting_total, *payouts)
        for record in history[running.count:]:
            running.add(record)
        self._last = history[-1] if history else None
        self.stats = running.stats()
        self.widget.value = stats_html(self.stats, settings.decks)
