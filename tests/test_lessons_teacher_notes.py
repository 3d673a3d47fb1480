"""What the course gives a teacher: a misconceptions note in every lesson, and the curriculum map."""

import re
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
CONCEPTS = ("Expectation", "Variance", "Conditional probability", "Law of large numbers", "Central limit theorem",
            "Gambler's ruin", "Game theory", "Evidence in history")


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_every_lesson_has_speaker_notes_on_common_misconceptions(path):
    notes = [cell for cell in nbformat.read(path, as_version=4).cells
             if "For the teacher: common misconceptions" in cell.source]
    assert len(notes) == 1
    assert notes[0].metadata["slideshow"]["slide_type"] == "notes"  # left off the slides
    assert notes[0].source.count("\n* ") >= 1


def test_the_curriculum_map_names_each_concept_with_lessons_that_exist():
    readme = (NOTEBOOKS / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Curriculum map", 1)[1].split("\n## ", 1)[0]
    numbers = {path.name[:2] for path in LESSONS}
    for concept in CONCEPTS:
        row = next(line for line in section.splitlines() if line.startswith(f"| {concept}"))
        taught_in = row.split("|")[2].strip()
        assert taught_in in numbers, concept
        assert set(re.findall(r"\b\d\d\b", row)) <= numbers, row
