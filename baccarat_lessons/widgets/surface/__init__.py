"""The table surface (one anywidget per table), its state without a widget, and the messages it sends.

``TableSurface`` (the anywidget) is imported on first use: :mod:`.state` and :mod:`.messages` also run
in the browser edition's worker, which has no ipywidgets.
"""

from .messages import Message, MessageError, read_message

__all__ = ["Message", "MessageError", "TableSurface", "read_message"]


def __getattr__(name: str):
    if name == "TableSurface":
        from .widget import TableSurface

        return TableSurface
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
