"""The site's pages from their templates: the app's page (``page.html``) and a lesson's (``lesson.html``),
each with the one head they share (``head.html``).

>>> script_json({"text": "</script>"})
'{"text":"<\\\\/script>"}'
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent


def script_json(value) -> str:
    """``value`` as JSON inside a script element: "</" is escaped so no string can end the element."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).replace("</", "<\\/")


def filled(template: str, values: dict[str, str]) -> str:
    """A page from ``template`` (a file beside this one) with its head (``head.html``: the page's title,
    stylesheet, preloads, config and ``SCRIPT``) and every ``{{NAME}}`` filled from ``values``."""
    page = (HERE / template).read_text(encoding="utf-8").replace("{{HEAD}}", (HERE / "head.html").read_text(encoding="utf-8"))
    for name, value in values.items():
        page = page.replace("{{" + name + "}}", value)
    return page
