"""The package's CSS lives in .css files beside the modules that read them (the app's, the lessons', the
table's and the printed pages'), and ships in the wheel the browser edition installs, so a stylesheet is
edited, linted and diffed as CSS."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

from baccarat_lessons.content.answer_key import STYLE as KEY_STYLE
from baccarat_lessons.content.teacher_kit.page import CONTENT_WIDTH_MM, STYLE as KIT_STYLE
from baccarat_lessons.site.build import checkout_root
from baccarat_lessons.site.python_files import project_wheel
from baccarat_lessons.widgets.content_view import APP_CSS
from baccarat_lessons.widgets.lessons.present import LESSON_CSS, RESULT_CSS
from baccarat_lessons.widgets.surface.served import STATIC_FOLDER

PACKAGE = Path(__file__).resolve().parents[1] / "baccarat_lessons"
# A rule written out in a Python string: a selector, a brace, a property and its value.
RULE_IN_PYTHON = re.compile(r"""^\s*(?:[.#@][\w-]|body\b)[^'"\n{}]*\{+\s*[a-z-]+\s*:\s*[^;\n]+;""", re.M)


def test_no_module_holds_a_stylesheet_in_a_string():
    holding = [str(path.relative_to(PACKAGE)) for path in PACKAGE.rglob("*.py")
               if RULE_IN_PYTHON.search(path.read_text(encoding="utf-8"))]
    assert holding == []


def test_the_printed_pages_read_their_css_files():
    assert f"max-width: {CONTENT_WIDTH_MM}mm" in KIT_STYLE and "@page { size: auto; margin: 20mm; }" in KIT_STYLE
    assert "ol.exercises > li" in KEY_STYLE and "@media print" in KEY_STYLE


def test_the_app_and_lessons_read_their_css_files():
    assert APP_CSS.startswith("<style>") and APP_CSS.endswith("</style>")
    assert ".bl-app .bl-variant-selector" in APP_CSS and "@media (max-width: 600px)" in APP_CSS
    assert (PACKAGE / "widgets" / "app.css").read_text(encoding="utf-8") in APP_CSS
    assert LESSON_CSS == (PACKAGE / "widgets" / "lessons" / "lessons.css").read_text(encoding="utf-8")
    assert ".bl-feedback-right" in LESSON_CSS and ".bl-table th" in RESULT_CSS and ".bl-feedback" not in RESULT_CSS


def test_every_css_file_is_in_the_wheel_the_browser_edition_installs(tmp_path):
    """Every stylesheet written in the package is shipped; the copies the app's launcher makes for its
    server (widgets/surface/served.py, named by their content) are made again wherever it runs, and
    are not."""
    wheel = project_wheel(checkout_root(), tmp_path / "wheel")
    shipped = {name for name in zipfile.ZipFile(wheel).namelist() if name.endswith(".css")}
    sources = [path for path in PACKAGE.rglob("*.css") if STATIC_FOLDER not in path.parents]
    written = {str(path.relative_to(PACKAGE.parent)) for path in sources}
    assert written and written <= shipped
    assert not any(name.startswith(str(STATIC_FOLDER.relative_to(PACKAGE.parent))) for name in shipped)
