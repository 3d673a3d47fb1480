"""How a live Punto Banco or Mini Baccarat table is presented: the layout's words, records and page.

The house banks and the cards follow the fixed rules, so the user only puts chips on the layout's
spots and deals; a coup is dealt at once and shown to the page in one reveal. This presenter gives
:class:`~baccarat_lessons.widgets.table.LiveTable` what differs at a layout: the presentation
(:func:`.presentation.layout_presentation`), the records beside the table
(:class:`.records.LayoutRecords`), the sentences after each click and each round, and the spots a
message may name.

>>> from baccarat_lessons.engine.driver import Driver
>>> from baccarat_lessons.engine.money import CHIP
>>> driver = Driver("punto-banco", seed=3)
>>> presenter = PuntoBancoPresenter(driver.variant)
>>> presenter.sides[:3], presenter.greeting(driver.table)
(('Player', 'Banker', 'Tie'), 'Choose a chip, click a bet spot to place it, then press Deal.')
>>> _ = driver.act("BET", 10 * CHIP, "Banker")
>>> presenter.after_action(driver.table, "BET")
'10 on Banker. On the table: 10.'
"""

from __future__ import annotations

from ...engine.bets import BetSpot
from ...engine.errors import DecisionError
from ...engine.money import show_chips
from ...engine.punto_banco import PuntoBancoTable
from ...engine.shoe import Shoe
from ..bankroll import bankroll_html
from ..drawing_table import DrawingTableView
from ..history_text import history_html, round_summary, this_shoe
from ..odds_panel import odds_box
from ..roads import roads_html
from ..session_stats import session_stats, stats_html
from ..settings_fields import table_fields
from ..stylesheets import FRAME_CSS
from ..surface.scene import reveal_json, settled_bet
from ..table_words import NO_HINT, coup_message, results_text
from .presentation import layout_presentation

GREETING = "Choose a chip, click a bet spot to place it, then press Deal."


class PuntoBancoPresenter:
    """The presenter of a Punto Banco or Mini Baccarat ``variant`` (``deal_speed`` is in its settings)."""

    # The frame's few styles come with the title (every byte before the table is usable costs the
    # first page time); the rest of the stylesheet with the records.
    title_style = f"<style>{FRAME_CSS}</style>"
    root_classes: tuple[str, ...] = ()
    records_follow_play = False  # a layout's records change once the page has shown a round, not as chips go down
    seat = 0  # a layout has one seat: the user's

    def __init__(self, variant, deal_speed: str = "normal"):
        self.variant = variant
        self.sides = tuple(spot.value for spot in BetSpot)

    # -- the frame and the records ---------------------------------------------------------------
    def stylesheets(self) -> tuple:
        """Stylesheets before the title: none (the layout's come with the title and the records)."""
        return ()

    def records(self, driver, guard, on_setting):
        """The records as widgets (:class:`.records.LayoutRecords`), imported here: the rest of the
        presenter also runs in the browser edition's worker, which has no ipywidgets."""
        from .records import LayoutRecords

        return LayoutRecords(driver, guard, on_setting)

    def record_panels(self, driver, moves=()) -> tuple[str, ...]:
        """The records as HTML where there are no widgets (the browser edition), in the widgets' order:
        the roads of this shoe, the session's statistics, the exact odds of the cards left, the
        bankroll, the drawing table with the last round's cell and the hand history."""
        table = driver.table
        history = table.history
        cell = table.last_coup.cell if table.last_coup else None
        return (roads_html([record.outcome for record in this_shoe(history)]),
                stats_html(session_stats(table), table.settings.decks), odds_box(table)[1],
                bankroll_html(table.starting_total, [record.balances[0] for record in history]),
                DrawingTableView(self.variant.drawing).render(cell), history_html(history, round_summary, "rounds"))

    def setting_fields(self, driver) -> tuple:
        """The table's settings (:mod:`..settings_fields`)."""
        return table_fields(driver)

    def show_settings(self, root, driver) -> None:
        """The settings the page's frame shows: reduced motion, as a class on the table's root."""
        if driver.settings.reduced_motion:
            root.add_class("bl-reduced-motion")
        else:
            root.remove_class("bl-reduced-motion")

    def banker(self, choice: str) -> None:
        """No Banque banker sits at a layout."""
        return None

    # -- the play ----------------------------------------------------------------------------------
    def restart(self) -> None:
        """A new session: the layout keeps nothing of the last one."""

    def check(self, name: str, amount, side) -> None:
        """A bet needs a chip and a spot before the table is asked."""
        if name == "BET" and (side is None or amount is None):
            raise DecisionError("Choose a chip and a bet spot to place it on.")

    def took(self, step) -> None:
        """Nothing to keep from a step: no bot plays at a layout."""

    def after_action(self, table, name: str) -> str:
        """The sentence after a click that dealt no round: what is on the layout now."""
        staked = show_chips(table.staked)
        last = table.stakes[-1] if table.stakes else None
        said = {"BET": f"{show_chips(last.amount) if last else ''} on {last.hand.value if last else ''}. "
                       f"On the table: {staked}.",
                "UNDO": f"Last chip taken back. On the table: {staked}.",
                "CLEAR": "Your chips are back in front of you.",
                "REBET": "Same bets as last round: " + ", ".join(
                    f"{show_chips(amount)} on {spot.value}" for spot, amount in table.bets.items()) + "."}
        return said[name]

    def finished(self, table, step, reveal_id: str) -> dict:
        """The reveal of a round just dealt, with its payouts for the page to move."""
        record = step.coup
        net = record.net_of(0)
        # The tone is the user's result, which the cards in the reveal decide anyway: it tells nothing early.
        tone = ("rising" if net > 0 else "falling") if record.stakes else None
        reveal = reveal_json(reveal_id, record.events, 0, f"Round {record.number}", record.number, done=True,
                             tone=tone)
        reveal["settlement"] = [settled_bet(event.spot, event.stake, event.returned)
                                for event in record.events if event.kind == "BetSettled"]
        return reveal

    def reveal_now(self, table, session: int, start: int | None = None) -> dict:
        """Nothing to reveal between rounds: a layout's round is dealt at once."""
        return reveal_json(f"{session}-0", (), 0, "", None, done=False)

    def hint(self, table) -> None:
        raise DecisionError(NO_HINT)

    # -- the words -------------------------------------------------------------------------------
    def greeting(self, table) -> str:
        return GREETING

    def coup_message(self, record) -> tuple[str, str]:
        return coup_message(record, "round", "Your stakes came back.")

    def over_text(self, table, reason: str) -> str:
        """Why play stops, after the last round's result (the reason says to start a new session)."""
        return f"{results_text(table.last_coup)} {reason}"

    def new_session_text(self, table) -> str:
        return f"New session: {show_chips(table.seats[0].balance)} practice chips and a freshly shuffled shoe."

    # -- staged coups ------------------------------------------------------------------------------
    def staged_table(self, driver, cards: str, role, choices, seed: int) -> PuntoBancoTable:
        """A table whose next deal is ``cards``, the rest of the shoe shuffled after them (``seed``)."""
        settings = driver.settings
        shoe = Shoe.staged(cards, settings.decks, seed)  # refuses a card string the shoe cannot hold
        return PuntoBancoTable(self.variant, settings, shoe=shoe)

    def staged_text(self, cards: str, role, where: str) -> str:
        return f"Staged coup: the next deal is {cards}. Place a bet and press Deal."

    # -- the page ----------------------------------------------------------------------------------
    def presentation(self, table, view, timer: int):
        return layout_presentation(table, timer)

    def told_moves(self, table) -> list:
        """No bot's choices to tell at a layout."""
        return []
