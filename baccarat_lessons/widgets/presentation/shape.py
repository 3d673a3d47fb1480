"""The one shape of what the page draws a table with, whichever variant draws it.

A :class:`Presentation` holds the words and settings the table surface draws the user's seat
view with: the status line, the hands' labels and captions, the chips, the controls, the seats
round the felt and the bank (empty at a house-banked layout), the spots (empty at a seat-banked
table), the pending decision's words, the deal speeds. Pure functions build it (each presenter's
``presentation`` module, and the illustrated guides); ``to_json()`` is what the page receives, and
:mod:`.schema` says that shape as a JSON Schema.

>>> shown = Presentation(layout=Layout.PUNTO_BANCO, variant="mini-baccarat", suits={}, words=Words({}, {}))
>>> shown.to_json()["layout"], shown.to_json()["seats"]
('punto-banco', [])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, is_dataclass
from enum import Enum
from typing import TYPE_CHECKING, Union

from .parts import Chip, Control, HandLabel, HandStake, Layout, Refusal, Seat, Spot, Words

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

# A value as JSON has it: what ``to_json`` returns and the page receives.
Json = Union[None, bool, int, float, str, list["Json"], dict[str, "Json"]]


@dataclass(frozen=True, kw_only=True)
class Presentation:
    """Everything the page draws besides the view (see the module docstring)."""

    layout: Layout
    variant: str  # the variant's key: the page keeps the session and the last game played under it
    hands: tuple[HandLabel, ...] = ()
    suits: Mapping[str, str]  # each suit's outline, an SVG path, by its letter
    words: Words
    status: tuple[tuple[str, str], ...] = ()  # the status line's (key, text) pairs, balance first
    chips: tuple[Chip, ...] = ()
    chip: int = 1  # the chip in hand until the user takes another
    denominations: tuple[int, ...] = (1,)  # the chips a stake is drawn with
    controls: tuple[Control, ...] = ()
    speed: str = "normal"
    speeds: tuple[tuple[str, str, int], ...] = ()  # (name, label, milliseconds per event), slowest first
    reduced_motion: bool = False
    sound: bool = False
    timer: int | None = None  # seconds the session has run (None: no timer shown)
    idle: str = ""  # the log's words before a coup
    # At a class's table: the seconds left for the decision the table waits for (None: no countdown), and
    # its words with {s} where the seconds go; the page counts down from there on its own.
    countdown: int | None = None
    countdown_text: str = ""
    # A user's face-down card as its holder sees it: what a screen reader adds, the mark on the card.
    peek_words: str = ", face down: only you see it"
    peek_mark: str = "you"
    # A house-banked layout: its bet spots, each with its payout and the refusal of each chip.
    spots: tuple[Spot, ...] = ()
    # A seat-banked table: the seats round the felt, the bank, the stakes and the pending decision.
    seats: tuple[Seat, ...] = ()
    seats_above: tuple[int, ...] = ()
    seats_below: tuple[int, ...] = ()
    bank: str = ""
    bank_amount: int = 0
    stakes: tuple[HandStake, ...] = ()
    default_amounts: Mapping[str, int] = field(default_factory=dict)  # chips in the amount box, by action
    tooltips: Mapping[str, str] = field(default_factory=dict)  # what each action does, by action
    situation: str = ""
    refused: tuple[Refusal, ...] = ()
    notes: tuple[str, ...] = ()  # under the decision's buttons: why the choice is forced, or what each action means
    amount_kinds: tuple[str, ...] = ()  # the actions that take an amount
    hint: str = ""

    def to_json(self) -> dict[str, Json]:
        """Plain dicts, lists, strings and numbers, as the page receives them."""
        return _record(self)


def _record(record: DataclassInstance) -> dict[str, Json]:
    return {item.name: _plain(getattr(record, item.name)) for item in fields(record)}


def _plain(value: object) -> Json:
    if isinstance(value, Enum):
        return _plain(value.value)
    if is_dataclass(value) and not isinstance(value, type):
        return _record(value)
    if isinstance(value, Mapping):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise TypeError(f"{value!r} has no JSON form for the page")
