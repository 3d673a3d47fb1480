"""Write each claim's sentence into the lessons, between its markers.

    python -m baccarat_lessons.content.claims.fill notebooks/*.ipynb

rewrites every ``<!-- claim lesson/key -->…<!-- /claim -->`` span of the notebooks' markdown
with the claim's sentence computed now, and says which notebooks changed. The tests run
:func:`stale_spans` and fail on any span whose words differ from the claim's.

>>> span = "Before. <!-- claim demo/k -->old words<!-- /claim --> After."
>>> [(match.group("lesson"), match.group("key"), match.group("said")) for match in SPAN.finditer(span)]
[('demo', 'k', 'old words')]
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from . import find_claim

SPAN = re.compile(r"<!-- claim (?P<lesson>[\w-]+)/(?P<key>[\w-]+) -->(?P<said>.*?)<!-- /claim -->", re.S)


def filled(markdown: str) -> str:
    """``markdown`` with every claim span holding its claim's sentence now."""

    def sentence(match: re.Match) -> str:
        claim = find_claim(match.group("lesson"), match.group("key"))
        return f"<!-- claim {match.group('lesson')}/{match.group('key')} -->{claim.sentence()}<!-- /claim -->"

    return SPAN.sub(sentence, markdown)


def spans(markdown: str) -> list[tuple[str, str, str]]:
    """Each claim span of ``markdown`` as ``(lesson, key, the words it holds)``."""
    return [(m.group("lesson"), m.group("key"), m.group("said")) for m in SPAN.finditer(markdown)]


def stale_spans(markdown: str) -> list[str]:
    """A sentence for each span whose words are not its claim's sentence now."""
    stale = []
    for lesson, key, said in spans(markdown):
        now = find_claim(lesson, key).sentence()
        if said != now:
            stale.append(f"{lesson}/{key} says “{said}” but its figures now say “{now}”")
    return stale


def _source(cell) -> str:
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


def fill_notebook(path: Path) -> bool:
    """Rewrite the claim spans of one notebook; whether anything changed."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    changed = False
    for cell in notebook["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        source = _source(cell)
        new = filled(source)
        if new != source:
            cell["source"] = new.splitlines(keepends=True)
            changed = True
    if changed:
        path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return changed


def main(paths: list[str]) -> int:
    for name in paths:
        if fill_notebook(Path(name)):
            print(f"filled {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
