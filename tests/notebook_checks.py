"""A pytest plugin: each lesson runs once, under nbval, and what its cells showed is checked then.

nbval executes every lesson (``--nbval-lax`` over ``notebooks/``) and keeps each cell's
outputs on the cell's test item (``IPyNbCell.test_outputs``, a public attribute). After
a lesson's last cell this plugin adds one more item, *what the student sees*, that reads
those outputs: no Python repr, no error, no raw writing (``chip(s)``, a hyphen for a
minus, ``7S``), and the facts the errata pinned (:data:`lesson_text.OUTPUT_FACTS`). No
lesson is executed a second time for it. Widget texts are checked without a kernel, by
``test_lessons_outputs.py``.
"""

from __future__ import annotations

import pytest
from nbval.plugin import IPyNbCell

from lesson_text import NOTEBOOKS, OUTPUT_FACTS, problems_in, stem_of, visible_text


class WhatTheStudentSees(pytest.Item):
    """The visible text of every output of one executed lesson, checked after its last cell."""

    def __init__(self, *, cells, **kwargs):
        super().__init__(**kwargs)
        self.cells = cells

    def runtest(self):
        not_run = [cell.name for cell in self.cells if cell.test_outputs is None and not cell.options["skip"]]
        if not_run:
            pytest.skip(f"not every cell of the lesson ran in this session ({', '.join(not_run[:3])}…)")
        texts = [text for cell in self.cells for output in (cell.test_outputs or []) for text in visible_text(output)]
        problems = problems_in(texts)
        shown = "\n".join(texts)
        must, must_not = OUTPUT_FACTS.get(stem_of(self.path), ((), ()))
        problems += [f"does not show {fact!r}" for fact in must if fact not in shown]
        problems += [f"still shows {wrong!r}" for wrong in must_not if wrong in shown]
        assert not problems, f"{self.path.name}:\n" + "\n".join(problems)

    def reportinfo(self):
        return self.path, None, f"{self.path.name}::what the student sees"


def _is_lesson(path) -> bool:
    return path.parent == NOTEBOOKS and path.name[:2].isdigit()


def pytest_collection_modifyitems(session, config, items):
    last_cells: dict = {}
    for index, item in enumerate(items):
        if isinstance(item, IPyNbCell) and _is_lesson(item.parent.path):
            last_cells.setdefault(item.parent, []).append(index)
    # Insert from the end so earlier indices stay valid.
    for notebook, indices in sorted(last_cells.items(), key=lambda pair: -pair[1][-1]):
        cells = [items[index] for index in indices]
        items.insert(indices[-1] + 1, WhatTheStudentSees.from_parent(notebook, name="what the student sees",
                                                                      cells=cells))
