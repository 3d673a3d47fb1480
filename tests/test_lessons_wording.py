"""The lessons' sentences are the project's own: none repeats a run of words from the seeds.

The seed documents (``/work/shared/seeds`` or ``$BACCARAT_SEEDS``) are the facts'
source; the lessons must say those facts in their own words. Eight words in a row,
ignoring case and punctuation, is far longer than any shared stock phrase.
"""

import os
import re
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
SEEDS = Path(os.environ.get("BACCARAT_SEEDS", "/work/shared/seeds"))
RUN = 8


def words(text: str) -> list[str]:
    return re.findall(r"[a-zà-ÿ0-9]+", text.lower())


def runs(text: str, length: int = RUN) -> set[tuple[str, ...]]:
    """Every run of ``length`` consecutive words.

    >>> sorted(runs("One two, three!", length=2))
    [('one', 'two'), ('two', 'three')]
    """
    found = words(text)
    return {tuple(found[i:i + length]) for i in range(len(found) - length + 1)}


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed documents are not on this machine")
@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_lesson_text_repeats_no_run_of_eight_words_from_the_seeds(path):
    seed_runs = set().union(*(runs(seed.read_text(encoding="utf-8")) for seed in SEEDS.glob("*.txt")))
    notebook = nbformat.read(path, as_version=4)
    shared = []
    for cell in notebook.cells:
        shared += [" ".join(run) for run in runs(cell.source) & seed_runs]
    assert not shared, shared
