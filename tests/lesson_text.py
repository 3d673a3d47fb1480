"""What a student reads in a lesson, and the checks every lesson's text must pass.

Shared by the checks on the executed outputs (``tests/notebook_checks.py``, run by nbval's
own execution of each lesson), the widget texts (``test_lessons_outputs.py``) and the
errata tests. Lessons are found by the stable part of their file name (``law_of_large_numbers``),
never by their number, so renumbering the course changes nothing here.
"""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import nbformat

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
WIDGET = "application/vnd.jupyter.widget-view+json"
REPRS = {
    "a dict": re.compile(r"\{\s*'[^']*'\s*:"),
    "a list or tuple": re.compile(r"[\[(]\s*'[^']*'\s*,|^\s*[\[(]-?\d+(\.\d+)?,\s"),
    "a Fraction": re.compile(r"Fraction\("),
    "a numpy value": re.compile(r"np\.(float|int)\d*\(|array\(|dtype="),
    "an object repr": re.compile(r"<[\w.]+ object at 0x[0-9a-f]+>|<matplotlib\.|<Figure size|<Line2D|<BarContainer"),
    "an enum repr": re.compile(r"<\w+\.\w+: "),
}
RAW = {
    "a plural written chip(s)": re.compile(r"\(s\)"),
    "a hyphen for a minus sign": re.compile(r"(?<![\w\-–—])-\d"),
    "a card written as a code (7S, 2H)": re.compile(r"\b(?:[2-9]|10|[AJQK])[SHDC]\b"),
    "a rate with needless zeros (5.00%)": re.compile(r"\b\d\.00% (?:on|of)\b"),
    "a bare exact fraction of ten or more digits": re.compile(r"\d{1,3}(?:,\d{3}){3,}/\d"),
    "one of something written as many (1 decks)": re.compile(r"(?<![\d.,])1 (?:decks|chips|coups|shoes|bets|cards)\b"),
}


def lesson(stem: str) -> Path:
    """The lesson notebook whose name, after its number, is ``stem`` (``exact_odds``)."""
    found = list(NOTEBOOKS.glob(f"[0-9][0-9]_{stem}.ipynb"))
    assert len(found) == 1, f"no single lesson named *_{stem}.ipynb"
    return found[0]


def stem_of(path) -> str:
    """A lesson's stable name: the file name without its number and extension."""
    return Path(str(path)).stem.split("_", 1)[1]


def markdown_of(stem: str) -> str:
    """All the markdown a lesson shows, joined."""
    cells = nbformat.read(lesson(stem), as_version=4).cells
    return "\n".join(cell.source for cell in cells if cell.cell_type == "markdown")


def html_text(html: str) -> str:
    """What a browser shows of some HTML, a ``Show exact`` toggle's hidden part left out."""
    html = re.sub(r'<style>.*?</style>|<svg.*?</svg>|<details class="bl-exact">.*?</details>', " ", html, flags=re.S)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def visible_text(output) -> list[str]:
    """The part of one cell output a browser shows: the richest representation and every stream
    (a widget view is read from the widget itself, elsewhere)."""
    if output.output_type == "stream":
        return [output.text]
    if output.output_type == "error":
        return [f"error: {output.ename}: {output.evalue}"]
    data = output.get("data", {})
    if WIDGET in data or "image/png" in data or "image/svg+xml" in data:
        return []
    if "text/html" in data:
        return [html_text(data["text/html"])]
    return [data.get("text/plain", "")]


def repr_found(text: str) -> str | None:
    """The kind of Python repr ``text`` contains, if any.

    >>> repr_found("{'3 vs 9': '1'}"), repr_found("Banker wins 45.86% of coups.")
    ('a dict', None)
    """
    for kind, pattern in REPRS.items():
        if pattern.search(text):
            return kind
    return None


def raw_found(text: str) -> str | None:
    """The kind of raw, unexplained writing ``text`` contains, if any.

    >>> raw_found("1 chip(s) on Banker"), raw_found("average result -10.43 chips"), raw_found("−10.43 chips")
    ('a plural written chip(s)', 'a hyphen for a minus sign', None)
    >>> raw_found("Banker holds 2S 3H"), raw_found("Banker holds 2♠ 3♥, 5.00% on the banker's wins")
    ('a card written as a code (7S, 2H)', 'a rate with needless zeros (5.00%)')
    """
    for kind, pattern in RAW.items():
        if pattern.search(text):
            return kind
    return None


def problems_in(texts) -> list[str]:
    """Every repr, error or raw writing found in ``texts`` (the visible text of some outputs)."""
    problems = []
    for text in texts:
        kind = repr_found(text) or raw_found(text) or ("an error" if text.startswith("error:") else None)
        if kind:
            problems.append(f"{kind}: {text.strip()[:160]}")
    return problems


# What each executed lesson must show, and must not: (must show, must not show), read from the outputs.
OUTPUT_FACTS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "counting_to_nine": (("7♠ 8♥",), ("7S 8H",)),
    "banque_ouverte": (("the table charges", "0.125", "0.12", "rounds a commission down"), ("exact.",)),
    "banque_limitee": (("5% of winning Banker bets", "1.25% of the banker's net gain",
                        "2% of the banker's net gain"), ("5.00%", "2.00%", "on the banker's wins")),
    "exact_odds": (("45.8597%", "1.0579% of each chip staked"), ()),
    "law_of_large_numbers": (("from round 2 on", "after 38 rounds (49.8%)", "45% after 166 rounds"), ()),
    "card_counting": (("in percentage points",), ()),
    "game_theory": (("Banker holds 2♠ 3♥", "−1.06%", "5%"), ("2S 3H",)),
    "history_and_legends": (("towards balancing", "0.00006 percentage points", "0.00015", "general guide"),
                            ("not in the direction of",)),
}
