"""The lessons app: a variant selector and, per variant, table, guide, rules and history.

``notebooks/app.ipynb`` displays ``LessonsApp().widget``; ``baccarat-lessons app`` serves
that notebook with Voilà.
"""

from .lessons_app import LessonsApp
from .variant_page import VariantPageView

__all__ = ["LessonsApp", "VariantPageView"]
