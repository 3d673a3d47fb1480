"""What the page draws a table with: one :class:`~.shape.Presentation` for every variant, built by
pure functions of the user's view and the table's settings (tested without a browser), made of the
records in :mod:`.parts`; :func:`~.schema.presentation_schema` says its JSON as a JSON Schema."""

from .parts import Chip, Control, HandLabel, HandStake, Layout, Refusal, Seat, Spot, Words, control
from .schema import presentation_schema
from .shape import Presentation

__all__ = ["Chip", "Control", "HandLabel", "HandStake", "Layout", "Presentation", "Refusal", "Seat", "Spot",
           "Words", "control", "presentation_schema"]
