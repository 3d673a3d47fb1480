"""The playable Punto Banco and Mini Baccarat tables.

The table builds its widgets once and routes every change to :meth:`update`,
which redraws them from the engine's :class:`Session`. Every callback goes
through one :class:`ActionGuard`: the engine's refusals become a sentence in the
message area, anything unexpected a visible error report.

>>> from baccarat_lessons.engine.shoe import Shoe
>>> table = PuntoBancoTable(shoe=Shoe.stacked("2S AC 2H 2D 8C"))
>>> table.chip_buttons[10].click()
>>> table.spot_buttons[BetSpot.BANKER].click()
>>> table.deal_button.click()
>>> "Balance: 109.50" in table.balance.value, "bl-round-done" in table.reveal.log.value
(True, True)
"""

from __future__ import annotations

import ipywidgets as widgets

from ..engine.bets import BetSpot
from ..engine.money import format_chips
from ..engine.session import RoundRecord, Session
from ..engine.settings import TableSettings
from ..engine.shoe import Shoe
from ..engine.variants import MINI_BACCARAT, Variant, variant_named
from .bankroll import BankrollView
from .bet_spots import BetLayout
from .card_svg import PlayingCardSVG
from .chips import ChipSelector
from .drawing_table import DrawingTableView
from .felt import FeltView
from .guard import ActionGuard
from .history_download import HistoryDownloads
from .history_view import HandHistoryView
from .odds_panel import OddsPanel
from .reveal import RoundReveal
from .roads import RoadsView
from .session_stats import SessionStatsView
from .settings_panel import SettingsPanel
from .sound import RoundChime
from .status import status_html
from .stepper import step_delay
from .steps import Step
from .styles import style_widget
from .timer import SessionTimer

MINI_CARD_SCALE = 0.75


def _button(description: str, css: str, tooltip: str, style: str = "") -> widgets.Button:
    button = widgets.Button(description=description, tooltip=tooltip, button_style=style,
                            layout=widgets.Layout(width="auto", min_width="7em"))
    button.add_class(css)
    return button


def _panel(*children: widgets.Widget, css: str = "", flex: str = "1 1 320px") -> widgets.VBox:
    box = widgets.VBox(list(children), layout=widgets.Layout(flex=flex, min_width="0"))
    box.add_class("bl-panel")
    if css:
        box.add_class(css)
    return box


def _row(*children: widgets.Widget) -> widgets.HBox:
    return widgets.HBox(list(children), layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"))


class PuntoBancoTable:
    """A Punto Banco or Mini Baccarat table; display ``table.widget``.

    ``shoe`` deals a given shoe (a stacked one for lessons and tests) until the
    next new session.
    """

    def __init__(self, variant: str | Variant = "punto-banco", settings: TableSettings | None = None,
                 seed=None, shoe: Shoe | None = None):
        self.variant = variant if isinstance(variant, Variant) else variant_named(variant)
        self.is_mini = self.variant.key == MINI_BACCARAT.key
        if settings is None:
            settings = TableSettings(decks=self.variant.decks, starting_chips=self.variant.starting_chips,
                                     deal_speed="fast" if self.is_mini else "normal")
        self.session = Session(self.variant, settings, seed=seed, shoe=shoe)
        self.guard = ActionGuard()
        wrap = self.guard.wrap
        self._round: RoundRecord | None = None  # the round being revealed

        self.balance = widgets.HTML()
        self.balance.add_class("bl-balance")
        self.chips = ChipSelector(self.variant.stakes, wrap=wrap, on_change=lambda value: self.update())
        self.chip_buttons = self.chips.buttons
        self.bet_layout = BetLayout(on_bet=self.place_bet, wrap=wrap)
        self.spot_buttons = self.bet_layout.buttons
        self.deal_button = _button("Deal", "bl-deal", "Deal the round with the bets on the table.", "success")
        self.clear_button = _button("Clear", "bl-clear", "Take your chips back from the layout.")
        self.undo_button = _button("Undo chip", "bl-undo", "Take back the last chip you placed.")
        self.rebet_button = _button("Rebet", "bl-rebet", "Place the last round's bets again.")
        self.new_session_button = _button("New session", "bl-new-session",
                                          "Start again with the starting chips and a fresh shoe.", "warning")
        self.skip_button = _button("Show all", "bl-skip", "Show the rest of this round at once.")
        self.deal_button.on_click(wrap(lambda _b: self.deal()))
        self.clear_button.on_click(wrap(lambda _b: self.clear()))
        self.undo_button.on_click(wrap(lambda _b: self.undo_chip()))
        self.rebet_button.on_click(wrap(lambda _b: self.rebet()))
        self.new_session_button.on_click(wrap(lambda _b: self.new_session()))
        self.skip_button.on_click(wrap(lambda _b: self.reveal.finish()))

        scale = MINI_CARD_SCALE if self.is_mini else 1.0
        self.reveal = RoundReveal(FeltView(PlayingCardSVG(scale)), DrawingTableView(self.variant.drawing),
                                  wrap=wrap, on_step=self._on_step, on_done=self._on_round_done)
        self.roads = RoadsView()
        self.history_view = HandHistoryView()
        self.downloads = HistoryDownloads(self.variant.key)
        self.stats_view = SessionStatsView()
        self.bankroll = BankrollView()
        self.odds = OddsPanel()
        self.timer = SessionTimer(wrap=wrap)
        self.chime = RoundChime()
        self.settings_view = SettingsPanel(self.session, self.guard, on_applied=self._settings_applied)
        self.settings_panel = self.settings_view.widget
        self.widget = self._layout()
        self._refresh_records()
        self.update()
        self.guard.say("Choose a chip, click a bet spot to place it, then press Deal.")

    # -- layout ---------------------------------------------------------------------
    def _layout(self) -> widgets.VBox:
        what = ("A smaller table with lower stakes; the dealer runs every step and the deal is quicker."
                if self.is_mini else "Bet on Player, Banker or Tie; the cards then follow the drawing rules.")
        title = widgets.HTML(
            f'<div class="bl-title">{self.variant.name} table</div>'
            f'<p class="bl-note">{what} Virtual practice chips only: no money, no prizes.</p>'
        )
        # Tab order follows a round: clear or repeat the bets, deal, skip ahead; New session last.
        actions = widgets.HBox([self.undo_button, self.clear_button, self.rebet_button, self.deal_button,
                                self.skip_button, self.new_session_button],
                               layout=widgets.Layout(flex_flow="row wrap"))
        actions.add_class("bl-actions")
        play = _panel(self.reveal.felt, self.chips.widget, self.bet_layout.widget, actions,
                      css="bl-play", flex="1 1 100%")
        round_box = _row(_panel(self.reveal.log, css="bl-reveal-panel"),
                         _panel(self.reveal.drawing, css="bl-drawing-panel", flex="0 1 auto"))
        records = _row(_panel(self.roads.widget, flex="2 1 420px"), _panel(self.stats_view.widget, flex="1 1 300px"),
                       _panel(self.odds.widget),
                       _panel(self.bankroll.widget, flex="0 1 380px"))
        lower = _row(_panel(self.history_view.widget, self.downloads.widget, flex="2 1 420px"),
                     _panel(self.settings_panel, flex="1 1 320px"))
        root = widgets.VBox([style_widget(), _row(title, self.timer.widget), self.balance, self.guard.message,
                             self.guard.error_log, play, round_box, records, lower, self.chime.widget])
        root.add_class("bl-table")
        if self.is_mini:
            root.add_class("bl-table-mini")
        return root

    # -- the one update ------------------------------------------------------------------
    @property
    def is_revealing(self) -> bool:
        return self.reveal.is_playing

    def shown_balance(self):
        """The balance as far as the reveal has got (the engine's balance once it ends)."""
        if self._round is None or self.reveal.current is None:
            return self.session.balance
        revealed = self.reveal.current.settlements
        return self._round.balance_before + sum((s.net for s in revealed), 0)

    def update(self) -> None:
        """Redraw every control from the session (and the reveal in progress)."""
        session, locked = self.session, self.is_revealing
        self.balance.value = status_html(session, self.shown_balance(), self._round if locked else None)
        chip = self.chips.selected
        playable = [v for v in self.chip_buttons if self._chip_can_be_placed(v)]
        if chip not in playable and playable:
            # The chosen chip no longer fits (balance or limit): offer the largest that does.
            smaller = [v for v in playable if v < chip]
            self.chips.select(max(smaller) if smaller else min(playable))
            return  # select() calls update() again
        for value, button in self.chip_buttons.items():
            button.disabled = locked or value not in playable
        self.bet_layout.update(session, self.chips.selected, locked=locked)
        self._enable(self.deal_button, locked, session.can_deal(), "Deal the round with the bets on the table.")
        self._enable(self.clear_button, locked, None if session.bets else "There are no chips on the layout.",
                     "Take your chips back from the layout.")
        self._enable(self.rebet_button, locked, session.can_rebet(), "Place the last round's bets again.")
        self._enable(self.undo_button, locked, session.can_undo_chip(), "Take back the last chip you placed.")
        self.skip_button.disabled = not locked
        self.settings_view.set_enabled(not locked)
        if session.settings.reduced_motion:
            self.widget.add_class("bl-reduced-motion")
        else:
            self.widget.remove_class("bl-reduced-motion")

    def _chip_can_be_placed(self, value: int) -> bool:
        return any(self.session.can_place_bet(spot, value) is None for spot in self.session.spots)

    @staticmethod
    def _enable(button: widgets.Button, locked: bool, reason: str | None, tooltip: str) -> None:
        button.disabled = locked or reason is not None
        button.tooltip = reason or tooltip
        if button.description == "Deal":  # a green Deal that cannot be pressed looked pressable
            button.button_style = "" if button.disabled else "success"

    def _refresh_records(self) -> None:
        history = self.session.history
        self.roads.update([record.outcome for record in history])
        self.history_view.update(history)
        self.downloads.update(history)
        self.stats_view.update(self.session)
        self.bankroll.update(self.session.settings.starting_chips, [r.balance_after for r in history])
        self.odds.update(self.session)
        self.timer.set_visible(self.session.settings.show_timer)
        self.chime.enabled = self.session.settings.sound

    # -- actions (each is also a callback, through the guard) ---------------------------------
    def place_bet(self, spot: BetSpot | str) -> None:
        """Add the selected chip to ``spot``."""
        self.reveal.finish()
        self.session.place_bet(spot, self.chips.selected)
        spot = spot if isinstance(spot, BetSpot) else BetSpot.from_key(spot)
        self.guard.say(f"{self.chips.selected} on {spot.value}. On the table: {self.session.total_staked}.")
        self.update()

    def undo_chip(self) -> None:
        self.session.undo_chip()
        self.update()
        self.guard.say(f"Last chip taken back. On the table: {self.session.total_staked}.")

    def clear(self) -> None:
        self.session.clear_bets()
        self.guard.say("Your chips are back in front of you.")
        self.update()
        self._keep_focus()

    def rebet(self) -> None:
        self.session.rebet()
        bets = ", ".join(f"{amount} on {spot.value}" for spot, amount in self.session.bets.items())
        self.guard.say(f"Same bets as last round: {bets}.")
        self.update()
        self.deal_button.focus()  # Rebet is now disabled; Deal is the next step

    def deal(self) -> RoundRecord:
        """Deal a round and start revealing it."""
        self.reveal.finish()
        record = self.session.deal()
        self._round = record
        self.guard.clear()
        settings = self.session.settings
        delay = step_delay(settings.deal_speed, settings.reduced_motion)
        self.reveal.show_round(record.events, delay, label=f"Round {record.number}", number=record.number)
        if self.is_revealing:
            self.update()  # lock the layout until the reveal ends
        return record

    def stage(self, cards: str, seed: int = 0) -> None:
        """A new session whose next deal is ``cards`` (in deal order), the rest of the shoe shuffled
        after them (``seed``): every student who opens the same staged link sees the same coup."""
        settings = self.session.settings
        shoe = Shoe.staged(cards, settings.decks, seed)  # refuses a card string the shoe cannot hold
        self.reveal.reset()
        self._round = None
        self.session = Session(self.variant, settings, shoe=shoe)
        self.settings_view.session = self.session
        self._refresh_records()
        self.update()
        self.guard.say(f"Staged coup: the next deal is {cards}. Place a bet and press Deal.", "done")

    def new_session(self) -> None:
        self.reveal.reset()
        self._round = None
        self.session.new_session()
        self.timer.restart()
        self._refresh_records()
        self.guard.say(
            f"New session: {format_chips(self.session.balance)} practice chips and a freshly shuffled shoe.", "done"
        )
        self.update()

    # -- reveal and settings callbacks ------------------------------------------------------------
    def _on_step(self, step: Step) -> None:
        self.balance.value = status_html(self.session, self.shown_balance(), self._round)

    def _on_round_done(self) -> None:
        record = self._round
        self._refresh_records()
        self.update()
        if record is None:
            return
        net = record.net
        outcome = record.coup.result.text
        if net > 0:
            self.guard.say(f"{outcome} You are up {format_chips(net)} on this round.", "done")
        elif net < 0:
            self.guard.say(f"{outcome} You are down {format_chips(-net)} on this round.", "info")
        else:
            self.guard.say(f"{outcome} Your stakes came back.", "info")
        self.chime.play(won=net > 0)
        reason = self.session.over_reason()
        if reason:
            self.guard.say(f"{outcome} {reason}", "refused")
        self._keep_focus()

    def _keep_focus(self) -> None:
        """A button disabled by its own action loses keyboard focus; hand it to the next
        sensible control rather than letting the browser drop it on the page."""
        candidates = [self.rebet_button, *self.spot_buttons.values(), self.new_session_button]
        target = next((button for button in candidates if not button.disabled), None)
        if target is not None:
            target.focus()

    def _settings_applied(self, restarted: bool) -> None:
        if restarted:
            self.reveal.reset()
            self._round = None
            self.timer.restart()
        self._refresh_records()
        self.update()
