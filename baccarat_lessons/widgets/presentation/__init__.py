"""What the page draws a table with: one :class:`~.shape.Presentation` for every variant, built by
pure functions of the user's view and the table's settings (tested without a browser)."""

from .shape import Control, HandLabel, Presentation, control

__all__ = ["Control", "HandLabel", "Presentation", "control"]
