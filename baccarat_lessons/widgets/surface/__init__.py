"""The table surface (one anywidget per table) and the messages it sends."""

from .messages import Message, MessageError, read_message
from .widget import TableSurface

__all__ = ["Message", "MessageError", "TableSurface", "read_message"]
