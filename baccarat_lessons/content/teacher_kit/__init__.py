"""The teacher's kit: lesson plans, worked solutions, predict-first answers, unit quizzes and printable handouts.

Everything is built from the data the lessons already use: the exercise records of
``content/exercises`` and the notebooks' own text (learning goals, key ideas, ``ask`` cells), so a
prompt or an answer is never typed twice. ``baccarat-lessons handouts --out DIR`` writes the pages.
"""

from .handouts import write_handouts
from .plans import plan_markdown

__all__ = ["plan_markdown", "write_handouts"]
