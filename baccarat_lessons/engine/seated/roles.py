"""A seat's public roles in a coup, as typed values: who banks, who holds the players' hand or a
tableau, who bets on a hand another seat plays.

A :class:`Role` is a string enum, so a view carries it to a page as its plain value and a test may
compare it with the words; screens name it with ``label``, never by parsing the words back.

>>> Role.captain_of(Hand.RIGHT), Role.captain_of(Hand.RIGHT).label, Role.BETTOR.label
(<Role.RIGHT_CAPTAIN: 'captain of the right'>, 'Right captain', '')
>>> Role.BANKER == "banker"
True
"""

from __future__ import annotations

import enum

from ..events import Hand


class Role(str, enum.Enum):
    BANKER = "banker"
    PUNTER = "punter"
    RIGHT_CAPTAIN = "captain of the right"
    LEFT_CAPTAIN = "captain of the left"
    BETTOR = "bettor"  # a stake on a hand another seat plays

    @property
    def label(self) -> str:
        """The role's name on a seat panel ("Right captain"); a bettor needs none."""
        return {"captain of the right": "Right captain", "captain of the left": "Left captain",
                "bettor": ""}.get(self.value, self.value.capitalize())

    @classmethod
    def captain_of(cls, side: Hand) -> "Role":
        return cls.RIGHT_CAPTAIN if side is Hand.RIGHT else cls.LEFT_CAPTAIN

    def __str__(self) -> str:
        return self.value
