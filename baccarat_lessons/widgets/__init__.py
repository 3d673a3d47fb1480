"""ipywidgets views of the engine: tables, cards, roads, odds, illustrated guides.

Views are functions of engine state; no game truth lives here. Reusable parts
for other tables: :class:`PlayingCardSVG` / :func:`card_svg`, :class:`FeltView`,
:class:`TableSurface` (one anywidget that draws a whole table), :class:`DrawingTableView`,
:class:`RoadsView`, :class:`HandHistoryView`, :class:`ActionGuard`.

In a notebook, display ``.widget``:

>>> table = LiveTable("mini-baccarat", seed=1)
>>> table.variant.name, [chip["value"] for chip in table.surface.presentation["chips"]]
('Mini Baccarat', [1, 2, 5, 10])
>>> guide = IllustratedGuide.from_cards("2S AC 2H 2D 7C 9D", title="Banker draws on 3 against a 7")
>>> guide.step_count
9
"""

from .card_svg import PlayingCardSVG, card_label, card_svg
from .drawing_table import DrawingTableView
from .felt import FeltView
from .guard import ActionGuard
from .guide import IllustratedGuide
from .history_view import HandHistoryView
from .roads import RoadsView, bead_plate_svg, big_road_svg
from .steps import Step, steps_from_events
from .styles import TABLE_CSS, style_widget
from .surface import TableSurface
from .table import LiveTable

__all__ = [
    "ActionGuard", "DrawingTableView", "FeltView", "HandHistoryView", "IllustratedGuide",
    "LiveTable", "PlayingCardSVG", "RoadsView", "Step", "TABLE_CSS", "TableSurface", "bead_plate_svg",
    "big_road_svg", "card_label", "card_svg", "steps_from_events", "style_widget",
]
