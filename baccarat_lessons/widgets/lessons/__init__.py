"""Exercise widgets for the lesson notebooks: questions that check an answer and explain,
a drawing-table explorer, a totals drill, a round staged from a card string (any seat-banked
coup with a role and choices too), and small
laboratories for the odds and the betting systems.

Every widget is a class whose ``.widget`` is shown in the notebook; its callbacks go
through :class:`~baccarat_lessons.widgets.guard.ActionGuard`, and tests drive it with
``button.click()``.

The widgets are imported on first use (PEP 562): the pure halves beside them (``answers``,
``explorer_words``, ``totals``, ``staged_story``) are imported by the browser edition's Python,
which has no ipywidgets.
"""

from importlib import import_module

_HOMES = {
    "ChoiceQuestion": "question", "NumberQuestion": "question", "DrawingExplorer": "drawing_explorer",
    "OddsExplorer": "odds_explorer", "StagedCoup": "staged_coup", "StagedRound": "staged_round",
    "SystemsLab": "systems_lab", "TotalsDrill": "totals_drill", "ask": "exercise", "question_for": "exercise",
}

__all__ = sorted(_HOMES)


def __getattr__(name: str):
    if name in _HOMES:
        return getattr(import_module(f".{_HOMES[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
