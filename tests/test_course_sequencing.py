"""The curriculum map says what is true: a concept is used again only after the lesson that
teaches it, and a lesson that meets it earlier says where it is taught (issue 29, point 10)."""

from __future__ import annotations

import re

import pytest
from lesson_text import LESSONS, NOTEBOOKS, markdown_of, stem_of

README = (NOTEBOOKS / "README.md").read_text(encoding="utf-8")
ROW = re.compile(r"^\| (?P<concept>[^|]+?) \| (?P<taught>\d\d) \| (?P<preview>[^|]+?) \| (?P<again>[^|]+?) \| [^|]+ \|$", re.M)
STEMS = {path.name[:2]: stem_of(path) for path in LESSONS}


def lessons_named(cell: str) -> list[str]:
    return re.findall(r"\b(\d\d)\b", cell)


def map_rows():
    rows = [match.groupdict() for match in ROW.finditer(README)]
    assert len(rows) >= 8, "the curriculum map lost its rows"
    return rows


@pytest.mark.parametrize("row", map_rows(), ids=lambda row: row["concept"])
def test_a_concept_is_used_again_only_after_it_is_taught(row):
    early = [n for n in lessons_named(row["again"]) if n <= row["taught"]]
    assert not early, (f"{row['concept']}: taught in {row['taught']} but 'used again in' {early}; "
                       "a lesson before the teaching one belongs under 'Previewed in' and must say where it is taught")


@pytest.mark.parametrize("row", [row for row in map_rows() if lessons_named(row["preview"])], ids=lambda row: row["concept"])
def test_a_lesson_that_previews_a_concept_says_where_it_is_taught(row):
    taught = row["taught"]
    for lesson in lessons_named(row["preview"]):
        assert lesson < taught, f"{row['concept']}: the preview in {lesson} comes after the teaching lesson {taught}"
        text = markdown_of(STEMS[lesson])
        pointer = re.compile(rf"{taught}_{STEMS[taught]}\.ipynb|[Ll]esson {taught}\b")
        assert pointer.search(text), f"lesson {lesson} meets '{row['concept']}' before lesson {taught} but never points to it"


def test_the_reading_order_makes_no_promise_the_map_contradicts():
    assert "stands on its own" not in README


def test_the_start_page_names_the_mathematics_the_later_lessons_use():
    start = markdown_of("start_here")
    for idea in ("variance", "√*n*", "Markov chain", "linear equations", "conditional probability"):
        assert idea in start, f"the start page does not say that a lesson uses {idea}"
