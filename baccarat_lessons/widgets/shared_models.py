"""Layouts and styles shared by the widgets of a kernel that never change their own (issue 20).

Every ipywidget opens a Layout model and most kinds a style model of their own, even when both hold
only defaults: two more models for the kernel to create and serialise and for Voilà to relay to the
page. The app's widgets that never change their layout or style take one shared model per set of
values instead: the app page's models went from 195 to 103, and in the app benchmark the page's
kernel from 0.21 to 0.17 s of CPU and the server from 0.39 to 0.32 s (benchmarks/README.md, issue 20).

A widget whose layout or style changes later (a box shown and hidden, say) must keep its own: a
change to a shared model would reach every widget that holds it.

>>> shared_layout(width="100%") is shared_layout(width="100%")
True
>>> html("<b>hi</b>", width="100%").layout is html("", width="100%").layout
True
>>> shared_layout(width="100%") is shared_layout()
False
"""

from __future__ import annotations

import ipywidgets as widgets


# The shared models made so far, by their kind and values: what tests check was never changed.
SHARED: dict[tuple[type, tuple[tuple[str, str], ...]], widgets.Widget] = {}


def _shared(kind: type[widgets.Widget], values: dict[str, str]) -> widgets.Widget:
    key = (kind, tuple(sorted(values.items())))
    if key not in SHARED:
        SHARED[key] = kind(**values)
    return SHARED[key]


def shared_layout(**values: str) -> widgets.Layout:
    """The kernel's one Layout with these values (never change it: see the module's docstring)."""
    return _shared(widgets.Layout, values)


def shared_style(widget_kind: type[widgets.Widget], **values: str) -> widgets.Widget:
    """The kernel's one style model for widgets of ``widget_kind`` with these values.

    >>> type(shared_style(widgets.Dropdown, description_width="9em")).__name__
    'DescriptionStyle'
    """
    style_kind = widget_kind.class_traits()["style"].klass  # HTMLStyle for HTML, ButtonStyle for Button, ...
    return _shared(style_kind, values)


def html(value: str = "", **layout: str) -> widgets.HTML:
    """An HTML widget with a shared layout of ``layout``'s values and the shared HTML style."""
    return widgets.HTML(value, layout=shared_layout(**layout), style=shared_style(widgets.HTML))


def vbox(children, **layout: str) -> widgets.VBox:
    """A VBox with a shared layout (not for a box that is shown and hidden)."""
    return widgets.VBox(list(children), layout=shared_layout(**layout))


def hbox(children, **layout: str) -> widgets.HBox:
    """An HBox with a shared layout."""
    return widgets.HBox(list(children), layout=shared_layout(**layout))


def button(description: str, **traits) -> widgets.Button:
    """A Button with the shared layout and button style; ``traits`` as for ``widgets.Button``."""
    return widgets.Button(description=description, layout=shared_layout(),
                          style=shared_style(widgets.Button), **traits)
