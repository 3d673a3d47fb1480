"""Typed errors for illegal actions.

Every error a player can cause is a :class:`BaccaratError` whose message is one
sentence a student can read on screen. Engine bugs are assertions, not these.

>>> try:
...     raise BetError("You have only 5 chips; a bet of 10 is more than that.")
... except BaccaratError as error:
...     print(error)
You have only 5 chips; a bet of 10 is more than that.
"""


class BaccaratError(ValueError):
    """Base class: an action the rules or the table do not allow."""


class CardError(BaccaratError):
    """A card token that cannot be read, or a card the shoe does not hold."""


class ShoeError(BaccaratError):
    """The shoe cannot do what was asked (too few cards, bad deck count)."""


class SettingsError(BaccaratError):
    """A table setting outside the allowed choices."""


class BetError(BaccaratError):
    """A bet that is unknown, not a legal stake, or more than the chips allow."""


class PhaseError(BaccaratError):
    """An action taken at the wrong moment of the game."""


class DecisionError(BaccaratError):
    """A decision that is not legal for this seat at this point."""


class ReplayError(BaccaratError):
    """A saved or imported session that cannot be replayed as it says."""
