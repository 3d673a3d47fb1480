"""Exercise widgets for the lesson notebooks: questions that check an answer and explain,
a drawing-table explorer, a totals drill, a round staged from a card string (any seat-banked
coup with a role and choices too), and small
laboratories for the odds and the betting systems.

Every widget is a class whose ``.widget`` is shown in the notebook; its callbacks go
through :class:`~baccarat_lessons.widgets.guard.ActionGuard`, and tests drive it with
``button.click()``.
"""

from .drawing_explorer import DrawingExplorer
from .exercise import ask, question_for
from .odds_explorer import OddsExplorer
from .question import ChoiceQuestion, NumberQuestion
from .staged_coup import StagedCoup
from .staged_round import StagedRound
from .systems_lab import SystemsLab
from .totals_drill import TotalsDrill

__all__ = [
    "ChoiceQuestion", "DrawingExplorer", "NumberQuestion", "OddsExplorer", "StagedCoup", "StagedRound", "SystemsLab",
    "TotalsDrill", "ask", "question_for",
]
