"""The lessons app: a variant selector and, per variant, table, guide, rules and history.

``notebooks/app.ipynb`` displays ``LessonsApp().widget``; ``baccarat-lessons app`` serves
that notebook with Voilà. The widgets are imported on first use: :mod:`.links` also runs in the
browser edition's worker, which has no ipywidgets.
"""

from importlib import import_module

_HOMES = {"LessonsApp": ".lessons_app", "VariantPageView": ".variant_page"}
__all__ = sorted(_HOMES)


def __getattr__(name: str):
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(_HOMES[name], __name__), name)
