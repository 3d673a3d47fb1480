"""The one table interface: what every table answers, whichever kind plays the variant.

A Punto Banco layout (:class:`~.punto_banco.PuntoBancoTable`, Mini Baccarat too) and a seat-banked
table (:class:`~.seated.CheminDeFerTable`, :class:`~.seated.BanqueTable`) are different machines, yet
the driver, the bots' loop, the records and the widgets reach them through the same few members:
the pending decision and its legal actions, ``can`` (why an action is refused, or ``None``) and
``act`` (the same check, then the action), what one seat may know (``view(seat)``), the finished
coups (``history``, ``last_coup``) and the chips, which never change in total (``chips_in_play()``),
the settings and how a page names a side. :class:`Table` declares them. It is a :class:`typing.Protocol`:
a table satisfies it by having the members, with no base class to inherit, and a type checker checks each
table class against it (:data:`.tables.TABLE_CLASSES`). Where only one kind has a thing, both answer:
a seat-banked table's ``settings`` is ``None`` and it refuses a change with a sentence
(:mod:`.seated.interface`). A member the driver never needs (a layout's ``spots``, a seat-banked table's
``phase``, ``hands`` and ``window(seat)``) is not part of it: code that needs one knows which kind of
table it holds.

Amounts are hundredths of a chip; a ``side`` is a layout's :class:`~.bets.BetSpot` or a seat-banked
table's :class:`~.events.Hand`, and each table refuses a side of the other kind with a sentence.

>>> from baccarat_lessons.engine.tables import new_table
>>> tables = [new_table(key, seed=1) for key in ("punto-banco", "chemin-de-fer", "banque-limitee")]
>>> all(isinstance(table, Table) for table in tables)
True
>>> [table.pending.kind.name for table in tables]
['LAYOUT', 'OFFER_BANK', 'BET']
>>> isinstance(object(), Table)
False
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, Sequence, runtime_checkable

if TYPE_CHECKING:
    from .cards import Card
    from .events import Event, Hand
    from .records import CoupRecord, Stake
    from .seated.decisions import Action, ActionKind, Decision
    from .seated.seats import Seat
    from .seated.view import TableView
    from .settings import TableSettings
    from .shoe import Shoe
    from .variants import Variant


@runtime_checkable
class Table(Protocol):
    """A table of any variant, as the driver, the bots' loop and the widgets use it (see the module)."""

    # -- what the table is and holds -------------------------------------------------------------
    @property
    def variant(self) -> Variant:
        """The variant record whose rules the table plays."""

    @property
    def shoe(self) -> Shoe:
        """The shoe the cards are dealt from."""

    @property
    def seats(self) -> Sequence[Seat]:
        """The seats, the user's (seat 0) first; each with its ``balance``."""

    @property
    def starting_total(self) -> int:
        """The seats' chips when the session began, in hundredths."""

    @property
    def stakes(self) -> Sequence[Stake]:
        """The chips bet in the coup in play, in the order they went down."""

    @property
    def staked(self) -> int:
        """The hundredths on the table now."""

    def chips_in_play(self) -> int:
        """Every chip of the session wherever it is (balances, stakes, bank, the house's result,
        commission): the same number after every action."""

    # -- where the session stands ----------------------------------------------------------------
    @property
    def pending(self) -> Decision | None:
        """The decision the table waits for (its seat, kind and legal actions), or ``None`` once over."""

    def legal_actions(self) -> tuple[Action, ...]:
        """What the pending seat may do now (empty once the table is over)."""

    def over_reason(self) -> str | None:
        """Why the session cannot go on, or ``None`` while it can."""

    @property
    def is_over(self) -> bool:
        """Whether the session cannot go on."""

    @property
    def coup_number(self) -> int:
        """The coup in play (or the last one dealt, at a layout, whose coups are dealt at once)."""

    @property
    def coups_played(self) -> int:
        """Coups finished and recorded."""

    @property
    def events(self) -> Sequence[Event]:
        """The coup in play's events so far (a layout deals a coup at once: its events are in its record)."""

    @property
    def history(self) -> Sequence[CoupRecord]:
        """The finished coups, oldest first."""

    @property
    def last_coup(self) -> CoupRecord | None:
        """The newest finished coup, or ``None`` before the first."""

    # -- checked actions -------------------------------------------------------------------------
    def can(self, kind: ActionKind, amount: int | None = None, side: Any = None,
            seat: int | None = None) -> str | None:
        """The sentence ``kind`` is refused with now (for ``seat``, if given), or ``None`` when legal."""

    def act(self, kind: ActionKind, amount: int | None = None, side: Any = None,
            seat: int | None = None) -> None:
        """Take the action, checked first: a refused one raises its sentence as a typed error and
        changes nothing."""

    def side_named(self, name: str) -> Any:
        """The side a page or a saved record names: a layout's spot ("Banker") or a hand ("Right")."""

    # -- settings (a layout's panel; a seat-banked table has none and says so) --------------------
    @property
    def settings(self) -> TableSettings | None:
        """The settings in force, or ``None`` at a table with nothing to set."""

    def can_change_settings(self, **changes: Any) -> str | None:
        """The sentence these changes are refused with now, or ``None`` when they may be made."""

    def starts_new_session(self, **changes: Any) -> bool:
        """Whether these changes need a fresh shoe or bankroll (the driver then starts a new session)."""

    def change_settings(self, **changes: Any) -> None:
        """Apply changes that keep the session; a refused one raises its sentence and changes nothing."""

    # -- what a seat may know --------------------------------------------------------------------
    def view(self, seat: int | None) -> TableView:
        """What ``seat`` may know now, as a frozen JSON-ready record (``None``: an onlooker)."""

    def name_of(self, seat: int | None) -> str:
        """A seat's name in a sentence ("You", "Bot 2", "the house")."""

    def holder_of(self, hand: Hand) -> int | None:
        """The seat that holds (and may look at) ``hand``."""

    def visible_cards(self, seat: int | None, hand: Hand) -> tuple[Card | None, ...]:
        """The cards of ``hand`` in the coup in play as ``seat`` sees them: ``None`` for a card face down to it."""

    def snapshot(self) -> tuple[object, ...]:
        """Everything that can change, as one comparable value: equal snapshots, same state."""
