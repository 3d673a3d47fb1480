"""The package's CSS lives in .css files beside the modules that read them, and ships in its wheel
(the one the browser edition installs), so a stylesheet is edited, linted and diffed as CSS."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

from baccarat_lessons.site.build import checkout_root
from baccarat_lessons.site.wheels import project_wheel
from baccarat_lessons.widgets.content_view import APP_CSS
from baccarat_lessons.widgets.lessons.present import LESSON_CSS, RESULT_CSS

PACKAGE = Path(__file__).resolve().parents[1] / "baccarat_lessons"
# A rule written out in a Python string: a selector, a brace, a property and its value.
RULE_IN_PYTHON = re.compile(r"""^\s*(?:[.#@][\w-]|body\b)[^'"\n{}]*\{+\s*[a-z-]+\s*:\s*[^;\n]+;""", re.M)
# The printed pages (teacher's kit, answer key) are still written in their modules: one HTML file each.
STILL_IN_PYTHON = {"content/teacher_kit/page.py", "content/answer_key.py"}


def test_no_widget_module_holds_a_stylesheet_in_a_string():
    holding = [str(path.relative_to(PACKAGE)) for path in PACKAGE.rglob("*.py")
               if RULE_IN_PYTHON.search(path.read_text(encoding="utf-8"))]
    assert sorted(set(holding) - STILL_IN_PYTHON) == []


def test_the_app_and_lessons_read_their_css_files():
    assert APP_CSS.startswith("<style>") and APP_CSS.endswith("</style>")
    assert ".bl-app .bl-variant-selector" in APP_CSS and "@media (max-width: 600px)" in APP_CSS
    assert (PACKAGE / "widgets" / "app.css").read_text(encoding="utf-8") in APP_CSS
    assert LESSON_CSS == (PACKAGE / "widgets" / "lessons" / "lessons.css").read_text(encoding="utf-8")
    assert ".bl-feedback-right" in LESSON_CSS and ".bl-table th" in RESULT_CSS and ".bl-feedback" not in RESULT_CSS


def test_every_css_file_is_in_the_wheel_the_browser_edition_installs(tmp_path):
    wheel = project_wheel(checkout_root(), tmp_path / "wheel")
    shipped = {name for name in zipfile.ZipFile(wheel).namelist() if name.endswith(".css")}
    written = {str(path.relative_to(PACKAGE.parent)) for path in PACKAGE.rglob("*.css")}
    assert written and written <= shipped
