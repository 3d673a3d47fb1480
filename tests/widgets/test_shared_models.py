"""Widgets that share a layout or style model never change it (issue 20): a change would reach every
widget holding the same model. The app is played at every table, its settings and guides used."""

from __future__ import annotations

import random

import ipywidgets as widgets

from baccarat_lessons.engine.variants import VARIANTS
from baccarat_lessons.widgets.app import LessonsApp
from baccarat_lessons.widgets.shared_models import SHARED, shared_layout
from browser_messages import play_moves


def _as_made(model: widgets.Widget, values: tuple) -> bool:
    """Whether the model's state is still what a new one of its kind with ``values`` has."""
    made = type(model)(**dict(values))
    return model.get_state() == made.get_state()


def _tree(widget: widgets.Widget) -> list[widgets.Widget]:
    """The widgets of a tree, the root first, as the page is given them (children in order)."""
    found = [widget]
    for child in getattr(widget, "children", ()):
        found += _tree(child)
    return found


def test_the_pages_widgets_share_their_plain_layouts_and_styles():
    app = LessonsApp(seed=3)
    tree = _tree(app.widget)
    html_styles = {id(w.style) for w in tree if type(w) is widgets.HTML}
    assert len(html_styles) == 1  # every HTML block of the page: one style model
    own = [w for w in tree if isinstance(w, widgets.DOMWidget)]
    unshared = 2 * len(own) + sum(1 for w in own if hasattr(w, "style"))  # each widget, its layout, its style
    models = {id(w) for w in own} | {id(w.layout) for w in own} | {id(w.style) for w in own if hasattr(w, "style")}
    assert len(models) < 0.6 * unshared, (len(models), unshared)
    # The boxes shown and hidden keep layouts of their own.
    hidden = [page.widget for page in app.pages.values()] + [app.guard.error_log]
    assert all(id(w.layout) not in {id(m) for m in SHARED.values()} for w in hidden)


def test_no_shared_model_changes_while_the_app_is_used():
    rng = random.Random(5)
    app = LessonsApp(seed=7)
    for key in VARIANTS:
        app.selector.value = key
        page = app.pages[key]
        page.build_rest()
        play_moves(page.table, 25, seed=rng.randrange(1000))
        if page.guide is not None:
            for button in (page.guide.next_button, page.guide.next_button, page.guide.end_button,
                           page.guide.back_button, page.guide.restart_button):
                button.click()
    app.projector.value = True
    app.projector.value = False
    settings = app.pages["punto-banco"].table.records.settings_view
    for name in ("sound", "show_timer", "reduced_motion", "deal_speed", "tie_pays", "banker_pays", "decks"):
        control = settings.controls[name]
        options = [option[1] if isinstance(option, tuple) else option for option in getattr(control, "options", ())]
        control.value = options[-1] if options else not control.value
    settings.confirm_button.click()
    assert SHARED, "the app made no shared models"
    changed = [(kind.__name__, values) for (kind, values), model in SHARED.items() if not _as_made(model, values)]
    assert changed == []


def test_a_change_to_a_shared_layout_is_seen_by_the_check():
    layout = shared_layout(width="13.37em")
    assert _as_made(layout, (("width", "13.37em"),))
    layout.height = "2px"
    try:
        assert not _as_made(layout, (("width", "13.37em"),))
    finally:
        layout.height = None
    assert shared_layout(width="13.37em") is layout
