"""The complete rules on slides: every part of a variant's rules page is shown by its lesson, in order,
and the parts together are the page (the browser test measures that each part fits its slide)."""

import json
import re
from pathlib import Path

import pytest

from baccarat_lessons.content import variant_page
from baccarat_lessons.engine.variants import VARIANTS

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LESSONS = {"punto-banco": "02", "mini-baccarat": "03", "chemin-de-fer": "04", "banque-ouverte": "05",
           "banque-limitee": "06"}


def _squeezed(html: str) -> str:
    return re.sub(r"\s+", "", html)


def _top_items(list_html: str) -> int:
    """The items of a list at its own level (a nested list's items not counted)."""
    depth = count = 0
    for tag in re.findall(r"</?(?:ol|ul)\b|<li\b", list_html):
        if tag in ("<ol", "<ul"):
            depth += 1
        elif tag in ("</ol", "</ul"):
            depth -= 1
        elif depth == 1:
            count += 1
    return count


def _words(html: str) -> str:
    """What a reader reads of some HTML: a list cut across two slides reads the same as the whole."""
    return _squeezed(re.sub(r"<[^>]+>", "", html))


@pytest.mark.parametrize("key", VARIANTS)
def test_the_parts_are_the_whole_page_in_order_each_starting_a_block(key):
    page = variant_page(key).rules_html
    parts = variant_page(key).rules_parts()
    assert len(parts) >= 2
    assert _words("".join(parts)) == _words(page)
    # A list cut in two carries its numbering on: the second half starts where the first stopped.
    for earlier, later in zip(parts, parts[1:]):
        match = re.match(r'\s*<ol[^>]*\bstart="(\d+)"', later)
        if match:
            last = earlier[earlier.rindex("<ol"):]
            opened = re.match(r'<ol[^>]*\bstart="(\d+)"', last)
            assert int(match.group(1)) == (int(opened.group(1)) if opened else 1) + _top_items(last), key
    assert all(part.lstrip().startswith("<") for part in parts)
    assert not any(re.search(r"<h[34][^>]*>[^<]*</h[34]>\s*$", part) for part in parts), "a heading ends a part"


@pytest.mark.parametrize("key", sorted(LESSONS))
def test_each_lesson_shows_every_part_of_its_rules_one_subslide_each(key):
    (path,) = NOTEBOOKS.glob(f"{LESSONS[key]}_*.ipynb")
    cells = json.loads(path.read_text())["cells"]
    shown = [(int(match.group(1)), cell["metadata"]["slideshow"]["slide_type"]) for cell in cells
             for match in [re.search(r"HTML\(rules\[(\d+)\]\)", "".join(cell["source"]))] if match]
    count = len(variant_page(key).rules_parts())
    assert [number for number, _ in shown] == list(range(count)), f"{path.name}: add or remove rules cells"
    assert [kind for _, kind in shown] == ["fragment"] + ["subslide"] * (count - 1)
