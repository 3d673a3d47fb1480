"""The written content of the variant pages: rules, history, illustrated-guide scripts, myths.

Texts are data: HTML fragments in ``pages/`` and short records in
:mod:`.catalog`. The tests parse the drawing tables back out of the HTML and
compare them with :mod:`baccarat_lessons.engine.drawing`, so the words cannot
drift from the rules the engine plays.

>>> variant_page("punto-banco").guide_cards
'2S AC 2H 2D 8C'
"""

from .myths import Myth, myths
from .page import VariantPage, variant_page

__all__ = ["Myth", "VariantPage", "myths", "variant_page"]
