"""Write each claim's sentence, and each text generated from the teacher's kit, into the lessons.

    python -m baccarat_lessons.content.claims.fill notebooks/*.ipynb

rewrites every ``<!-- claim lesson/key -->…<!-- /claim -->`` span of the notebooks' markdown
with the claim's sentence computed now, and every ``<!-- fill name lesson -->…<!-- /fill -->``
block with the text :data:`FILLERS` writes for that lesson (its lesson plan, its length), and
says which notebooks changed. The tests run :func:`stale_spans` and fail on any span whose
words differ from what they should say now, so nothing filled here is ever typed twice.

>>> span = "Before. <!-- claim demo/k -->old words<!-- /claim --> After."
>>> [(match.group("lesson"), match.group("key"), match.group("said")) for match in SPAN.finditer(span)]
[('demo', 'k', 'old words')]
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from ..teacher_kit.plans import length_text, plan_markdown
from ..teacher_kit.quizzes import units_text
from ..teacher_kit.school_note import SCHOOL_NOTE
from . import find_claim

SPAN = re.compile(r"<!-- claim (?P<lesson>[\w-]+)/(?P<key>[\w-]+) -->(?P<said>.*?)<!-- /claim -->", re.S)
BLOCK = re.compile(r"<!-- fill (?P<name>[\w-]+) (?P<lesson>[\w-]+) -->(?P<said>.*?)<!-- /fill -->", re.S)
FILLERS = {
    # A plan is a block of its own lines, so it is written with a blank line on each side.
    "lesson-plan": lambda lesson: f"\n{plan_markdown(lesson)}\n",
    "length": length_text,
    "school-note": lambda lesson: SCHOOL_NOTE,
    "units": lambda lesson: units_text(),
}


def _fill_text(name: str, lesson: str) -> str:
    if name not in FILLERS:
        raise LookupError(f"A lesson asks for an unknown fill '{name}'.")
    return FILLERS[name](lesson)


def filled(markdown: str) -> str:
    """``markdown`` with every claim span holding its claim's sentence now."""

    def sentence(match: re.Match) -> str:
        claim = find_claim(match.group("lesson"), match.group("key"))
        return f"<!-- claim {match.group('lesson')}/{match.group('key')} -->{claim.sentence()}<!-- /claim -->"

    def block(match: re.Match) -> str:
        name, lesson = match.group("name"), match.group("lesson")
        return f"<!-- fill {name} {lesson} -->{_fill_text(name, lesson)}<!-- /fill -->"

    return BLOCK.sub(block, SPAN.sub(sentence, markdown))


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
    for match in BLOCK.finditer(markdown):
        name, lesson = match.group("name"), match.group("lesson")
        if match.group("said") != _fill_text(name, lesson):
            stale.append(f"the {name} of {lesson} is not what the teacher's kit writes now")
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
