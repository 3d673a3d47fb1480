"""The lesson notebooks as files: stored clean, presentable as slides, linked correctly.

Executing them is nbval's job (``--nbval-lax`` over ``notebooks/``); these checks keep
what nbval cannot see: no stray outputs or widget state, slide metadata on every cell,
working links, and thin code cells.
"""

import re
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
SLIDE_TYPES = {"slide", "subslide", "fragment", "skip", "-", "notes"}
CHECK = "nbval-check-output"  # a cell tag, so the code a student reads carries no test marker


def test_there_is_a_lesson_for_every_number_from_00_to_15():
    assert [path.name[:2] for path in LESSONS] == [f"{n:02d}" for n in range(16)]


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_lesson_is_stored_clean_and_presentable(path):
    notebook = nbformat.read(path, as_version=4)
    nbformat.validate(notebook)
    assert "widgets" not in notebook.metadata, "widget state must not be stored"
    assert notebook.cells[0].cell_type == "markdown" and notebook.cells[0].source.startswith("# ")
    for cell in notebook.cells:
        assert cell.metadata.get("slideshow", {}).get("slide_type") in SLIDE_TYPES, cell.source[:60]
        if cell.cell_type != "code":
            continue
        assert "NBVAL" not in cell.source, f"a test marker in the code a student reads: {cell.source[:60]}"
        if CHECK in cell.metadata.get("tags", []):
            assert cell.outputs and cell.execution_count, "a checked cell needs its expected output"
        else:
            assert not cell.outputs, f"stored output in an unchecked cell: {cell.source[:60]}"
        assert len(cell.source.splitlines()) <= 16, f"a long code cell belongs in the package: {cell.source[:60]}"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_lesson_states_learning_goals_unless_it_is_the_start_page(path):
    first = nbformat.read(path, as_version=4).cells[0].source
    assert path.name.startswith("00") or "Learning goals" in first


def test_links_between_notebooks_point_to_files_that_exist():
    for path in [*LESSONS, NOTEBOOKS / "README.md"]:
        text = path.read_text(encoding="utf-8")
        for target in re.findall(r"\]\(([^)#\s]+\.ipynb)\)", text):
            assert (NOTEBOOKS / target).exists(), f"{path.name} links to a missing {target}"


def test_readme_lists_every_lesson_in_order():
    readme = (NOTEBOOKS / "README.md").read_text(encoding="utf-8")
    positions = [readme.index(f"({path.name})") for path in LESSONS]
    assert positions == sorted(positions)
