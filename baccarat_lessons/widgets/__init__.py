"""ipywidgets views of the engine: tables, cards, roads, odds, illustrated guides.

Views are functions of engine state; no game truth lives here. Reusable parts
for other tables: :class:`PlayingCardSVG` / :func:`card_svg`, :class:`FeltView`,
:class:`TableSurface` (one anywidget that draws a whole table), :class:`DrawingTableView`,
:class:`RoadsView`, :class:`HandHistoryView`, :class:`ActionGuard`.

In a notebook, display ``.widget``:

>>> from baccarat_lessons.widgets import IllustratedGuide, LiveTable
>>> table = LiveTable("mini-baccarat", seed=1)
>>> table.variant.name, [chip["value"] for chip in table.surface.presentation["chips"]]
('Mini Baccarat', [1, 2, 5, 10])
>>> guide = IllustratedGuide.from_cards("2S AC 2H 2D 7C 9D", title="Banker draws on 3 against a 7")
>>> guide.step_count
9
"""

from importlib import import_module

# Eager, and pure: the function shares its module's name, which a lazy name would leave as the module.
from .card_svg import PlayingCardSVG, card_label, card_svg

# Where each public name lives. They are imported on first use (PEP 562), not here: the pure parts
# of this package (the table's play, the surface's state, the presenters) also run in the browser
# edition's worker, where there is no ipywidgets, and importing any submodule runs this file first.
_HOMES = {
    "DrawingTableView": ".drawing_table", "FeltView": ".felt", "ActionGuard": ".guard",
    "IllustratedGuide": ".guide", "HandHistoryView": ".history_view",
    "RoadsView": ".roads", "bead_plate_svg": ".roads", "big_road_svg": ".roads",
    "Step": ".steps", "steps_from_events": ".steps", "TABLE_CSS": ".styles", "style_widget": ".styles",
    "TableSurface": ".surface", "LiveTable": ".table",
}
__all__ = ["PlayingCardSVG", "card_label", "card_svg", *sorted(_HOMES)]


def __getattr__(name: str):
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(_HOMES[name], __name__), name)
