"""The parts a :class:`~.shape.Presentation` is made of: one frozen record for each thing the page
draws more than one of (a hand's label, a button, a chip, a bet spot, a seat panel, a stake, a refused
choice) and the card words. Each field is what the page reads under that name (the page contract:
``tests/widgets/test_page_contract.py``).

>>> control("DEAL", "Deal", "bl-deal", "Place a bet first.", "Deal the round.").tooltip
'Place a bet first.'
>>> Layout("seated") is Layout.SEATED
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum


class Layout(Enum):
    """How the felt is laid out; the value is the page's class name (``bls-<value>``)."""

    PUNTO_BANCO = "punto-banco"  # a house-banked layout: bet spots under the hands
    SEATED = "seated"  # a seat-banked table: seats round the felt, stakes on the hands, a decision
    GUIDE = "guide"  # an illustrated guide's felt: the hands alone, stepped through by its own buttons


@dataclass(frozen=True)
class HandLabel:
    """A hand on the felt: its name in the view, its key (class names), label and caption."""

    name: str
    key: str
    label: str
    caption: str = ""
    wins: str = ""  # the badge on a winning hand: "Players win", "Banker wins"
    yours: bool = False  # the user holds these cards


@dataclass(frozen=True)
class Control:
    """One button below the table; ``tooltip`` says why it cannot be pressed when it is disabled."""

    kind: str
    label: str
    css: str
    enabled: bool
    tooltip: str
    primary: bool = False


def control(kind: str, label: str, css: str, refused: str | None, tooltip: str, primary: bool = False) -> Control:
    """A button that ``refused`` (a sentence, or None) keeps from being pressed."""
    return Control(kind, label, css, refused is None, refused or tooltip, primary)


@dataclass(frozen=True)
class Chip:
    """A chip the user may take in hand: its value in chips, and why not when it is disabled."""

    value: int
    enabled: bool
    tooltip: str


@dataclass(frozen=True)
class Spot:
    """A bet spot of a house-banked layout: the side it bets on, its payout, and for each chip value
    (its digits, as the page keys it) why that chip may not go on it now ("" where it may)."""

    side: str
    key: str
    label: str
    pays: str
    reasons: Mapping[str, str]


@dataclass(frozen=True)
class Seat:
    """One seat's panel round a seat-banked table."""

    index: int
    name: str
    you: bool
    banker: bool
    to_act: bool
    side: str  # Banque: "left side" or "right side" of the table; "" elsewhere
    role: str
    chips: str
    stake: str  # this coup's stakes, or (none yet) what its stakes did last coup
    reason: str  # what its bot said last in the coup on the felt
    stake_is_last_coup: bool


@dataclass(frozen=True)
class HandStake:
    """A stake on a hand of a seat-banked table, drawn on the felt beside the bettor's name."""

    hand: str
    amount: int  # hundredths of a chip
    who: str


@dataclass(frozen=True)
class Refusal:
    """A choice the rules take away (a forced draw's Stand), shown disabled with the rule's reason."""

    kind: str
    label: str
    reason: str


@dataclass(frozen=True)
class Words:
    """How a card is said: each rank's name ("A": "ace") and each suit's ("S": "spades")."""

    ranks: Mapping[str, str]
    suits: Mapping[str, str]
