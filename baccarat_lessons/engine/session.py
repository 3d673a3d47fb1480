"""A Punto Banco or Mini Baccarat practice session: balance, bets, rounds, history.

Every action has a ``can_…`` check that returns the reason it is refused (or
``None``), and the action itself, which raises a typed error with that sentence
and changes nothing.

>>> session = Session(seed=7)
>>> session.place_bet("banker", 10)
>>> session.can_place_bet("tie", 100)
'At Punto Banco the chips are 5, 10, 25, 50; there is no 100 chip.'
>>> record = session.deal()
>>> record.outcome.value, format_chips(session.balance)
('Banker', '109.50')
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .bets import BetSpot, settle_bet
from .coup import Coup, deal_coup
from .errors import BetError, PhaseError, SettingsError
from .events import BetSettled, Event
from .money import format_chips
from .session_view import session_view
from .settings import PRESENTATION_SETTINGS, TableSettings
from .randomness import make_generator
from .shoe import Shoe
from .variants import PUNTO_BANCO

def _chips(amount) -> str:
    """'1 chip', '4.75 chips': an amount with the right noun."""
    return f"{format_chips(amount)} chip" if amount == 1 else f"{format_chips(amount)} chips"


# Settings that need a fresh shoe or a fresh bankroll: changing them starts a new session.
SESSION_SETTINGS = ("decks", "starting_chips", "hands_limit", "procedure")


@dataclass(frozen=True)
class RoundRecord:
    """One dealt round, as the history and the roads show it."""

    number: int
    events: tuple[Event, ...]
    player_cards: tuple
    banker_cards: tuple
    bets: tuple[tuple[BetSpot, int], ...]
    settlements: tuple[BetSettled, ...]
    balance_before: Fraction
    balance_after: Fraction
    coup: Coup

    @property
    def outcome(self):
        return self.coup.outcome

    @property
    def net(self) -> Fraction:
        return self.balance_after - self.balance_before

    @property
    def staked(self) -> int:
        return sum(amount for _, amount in self.bets)


class Session:
    """One player's practice session at a Punto Banco or Mini Baccarat table."""

    def __init__(
        self,
        variant=None,
        settings: TableSettings | None = None,
        seed=None,
        shoe: Shoe | None = None,
    ):
        if variant is None:
            variant = PUNTO_BANCO
        if not variant.has_fixed_rules:
            raise SettingsError(f"{variant.name} is played at a seat-banked table, not a Punto Banco session.")
        self.variant = variant
        self.settings = settings or TableSettings(decks=variant.decks, starting_chips=variant.starting_chips)
        # One generator for the whole session: a new session deals a new shoe, and
        # the same seed still replays the same sequence of sessions.
        self._rng = make_generator(seed)
        self._given_shoe = shoe
        self._start()

    def _start(self) -> None:
        self.shoe = self._given_shoe or Shoe(self.settings.decks, seed=self._rng, procedure=self.settings.procedure)
        self.balance = Fraction(self.settings.starting_chips)
        self.bets: dict[BetSpot, int] = {}
        self.chips_placed: list[tuple[BetSpot, int]] = []  # in the order they went down, for Undo
        self.last_bets: dict[BetSpot, int] = {}
        self.history: list[RoundRecord] = []

    # -- reading the state ------------------------------------------------------
    def view(self, seat: int | None = 0):
        """What the user sees (everything is public here), shaped like a seat-banked table's
        ``view(seat)``: see :mod:`baccarat_lessons.engine.session_view`."""
        return session_view(self, seat)

    @property
    def total_staked(self) -> int:
        return sum(self.bets.values())

    @property
    def hands_played(self) -> int:
        return len(self.history)

    @property
    def table_limits(self) -> tuple[int, int | None]:
        return self.variant.min_bet, self.variant.max_bet

    @property
    def spots(self) -> tuple[BetSpot, ...]:
        return self.settings.spots

    def over_reason(self) -> str | None:
        """Why this session cannot go on, or ``None`` while it can."""
        limit = self.settings.hands_limit
        if limit is not None and self.hands_played >= limit:
            return f"This practice session has reached its {limit}-hand limit. Start a new session to play on."
        if self.balance < self.variant.min_bet and not self.bets:
            return (
                f"You have {_chips(self.balance)}, less than the smallest bet of "
                f"{self.variant.min_bet}. Start a new session to play on."
            )
        return None

    @property
    def is_over(self) -> bool:
        return self.over_reason() is not None

    # -- betting ------------------------------------------------------------------
    def can_place_bet(self, spot: BetSpot | str, amount: int) -> str | None:
        """The reason a bet of ``amount`` chips on ``spot`` is refused, or ``None``."""
        try:
            spot = self._spot(spot)
        except BetError as error:
            return str(error)
        reason = self.over_reason()
        if reason:
            return reason
        if isinstance(amount, bool) or not isinstance(amount, int):
            return f"A bet is a whole number of chips; {amount!r} is not."
        if amount not in self.variant.stakes:
            chips = ", ".join(str(c) for c in self.variant.stakes)
            return f"At {self.variant.name} the chips are {chips}; there is no {amount} chip."
        if self.total_staked + amount > self.balance:
            return (
                f"You have {_chips(self.balance)} and {self.total_staked} already on the table; "
                f"another {amount} is more than you have."
            )
        new_total = self.bets.get(spot, 0) + amount
        maximum = self.variant.max_bet
        if maximum is not None and new_total > maximum:
            return (
                f"{spot.value} would hold {new_total} chips; the table maximum for one bet is {maximum}."
            )
        return None

    def place_bet(self, spot: BetSpot | str, amount: int) -> None:
        """Add a chip of ``amount`` to ``spot``."""
        reason = self.can_place_bet(spot, amount)
        if reason:
            raise BetError(reason)
        spot = self._spot(spot)
        self.bets[spot] = self.bets.get(spot, 0) + amount
        self.chips_placed.append((spot, amount))

    def can_undo_chip(self) -> str | None:
        return None if self.chips_placed else "There is no chip of yours on the layout to take back."

    def undo_chip(self) -> None:
        """Take back the last chip placed (a rebet's bets count as placed together, spot by spot)."""
        reason = self.can_undo_chip()
        if reason:
            raise BetError(reason)
        spot, amount = self.chips_placed.pop()
        left = self.bets[spot] - amount
        if left:
            self.bets[spot] = left
        else:
            del self.bets[spot]

    def clear_bets(self) -> None:
        """Take every chip back from the layout."""
        self.bets = {}
        self.chips_placed = []

    def can_rebet(self) -> str | None:
        if not self.last_bets:
            return "There is no previous bet to repeat yet."
        if self.bets:
            return "Clear the table first: Rebet repeats the last round's bets on an empty layout."
        reason = self.over_reason()
        if reason:
            return reason
        missing = [spot.value for spot in self.last_bets if spot not in self.spots]
        if missing:
            return f"The last bets included {missing[0]}, which the current settings do not offer."
        needed = sum(self.last_bets.values())
        if needed > self.balance:
            return f"Repeating the last bets needs {_chips(needed)}; you have {format_chips(self.balance)}."
        return None

    def rebet(self) -> None:
        """Place the previous round's bets again."""
        reason = self.can_rebet()
        if reason:
            raise BetError(reason)
        self.bets = dict(self.last_bets)
        self.chips_placed = list(self.bets.items())

    # -- dealing ------------------------------------------------------------------
    def can_deal(self) -> str | None:
        reason = self.over_reason()
        if reason:
            return reason
        if not self.bets:
            return "Place a bet first: a round is not dealt without one."
        return None

    def deal(self) -> RoundRecord:
        """Deal one round, settle every bet, and return its record."""
        reason = self.can_deal()
        if reason:
            raise PhaseError(reason)
        events: list[Event] = list(self.shoe.prepare_coup())
        coup = deal_coup(self.shoe, self.variant.drawing)
        events += coup.events
        balance_before = self.balance
        settlements = []
        for spot, stake in self.bets.items():
            result = settle_bet(spot, stake, coup.facts, self.settings.banker_pays, self.settings.tie_pays,
                                self.variant.commission)
            settlements.append(BetSettled(spot.value, stake, result.returned, result.reason))
        self.balance += sum((s.returned - s.stake for s in settlements), Fraction(0))
        events += settlements
        record = RoundRecord(
            number=self.hands_played + 1,
            events=tuple(events),
            player_cards=tuple(coup.player_cards),
            banker_cards=tuple(coup.banker_cards),
            bets=tuple(self.bets.items()),
            settlements=tuple(settlements),
            balance_before=balance_before,
            balance_after=self.balance,
            coup=coup,
        )
        self.history.append(record)
        self.last_bets, self.bets, self.chips_placed = self.bets, {}, []
        return record

    # -- session --------------------------------------------------------------------
    def new_session(self) -> None:
        """Start again: starting chips, an empty history and a fresh shoe."""
        self._given_shoe = None
        self._start()

    def change_settings(self, **changes) -> bool:
        """Apply settings; returns True when the change started a new session.

        Payout settings apply from the next round. Deck count, starting chips,
        session length and shoe procedure need a new session and start one.
        Presentation settings may change at any time, even with chips down.
        """
        if self.bets and not set(changes) <= PRESENTATION_SETTINGS:
            raise PhaseError("Take your chips back (Clear) before changing the settings.")
        settings = self.settings.changed(**changes)
        restart = any(getattr(settings, name) != getattr(self.settings, name) for name in SESSION_SETTINGS)
        self.settings = settings
        if restart:
            self.new_session()
        else:
            self.last_bets = {s: a for s, a in self.last_bets.items() if s in self.spots}
        return restart

    def _spot(self, spot: BetSpot | str) -> BetSpot:
        if not isinstance(spot, BetSpot):
            spot = BetSpot.from_key(str(spot))
        if spot not in self.spots:
            raise BetError(f"The {spot.value} bet is switched off in the settings.")
        return spot
