"""The table surface's module and stylesheet, inline or written as files for the app's server to serve."""

from __future__ import annotations

import re

from baccarat_lessons import SURFACE_SERVED_VARIABLE
from baccarat_lessons.app import voila_environment
from baccarat_lessons.widgets.surface.served import (
    MODULE_TEXT, STYLE_TEXT, loader, served_names, surface_code, write_served,
)


def test_the_files_are_written_under_names_of_their_text_once(tmp_path):
    module, style = served_names()
    assert re.fullmatch(r"surface-[0-9a-f]{12}\.js", module) and re.fullmatch(r"surface-[0-9a-f]{12}\.css", style)
    assert write_served(tmp_path) is True
    assert (tmp_path / module).read_text(encoding="utf-8") == MODULE_TEXT
    assert (tmp_path / style).read_text(encoding="utf-8") == STYLE_TEXT
    written = {path.name: path.stat().st_mtime_ns for path in tmp_path.iterdir()}
    assert write_served(tmp_path) is True  # already there: nothing is written again
    assert {path.name: path.stat().st_mtime_ns for path in tmp_path.iterdir()} == written
    (tmp_path / module).write_text("// half a file", encoding="utf-8")  # a file that is not the module is replaced
    assert write_served(tmp_path) is True and (tmp_path / module).read_text(encoding="utf-8") == MODULE_TEXT
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted([module, style])  # no partial file is left
    (tmp_path / "surface-000000000000.js").write_text("// an earlier version's", encoding="utf-8")
    assert write_served(tmp_path) is True
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted([module, style])  # and no earlier version's


def test_a_file_in_the_way_of_the_folder_leaves_the_code_inline(tmp_path):
    """A folder that cannot be made (its place is taken by a file; a read-only install refuses the same way)."""
    (tmp_path / "static").write_text("not a folder", encoding="utf-8")
    assert write_served(tmp_path / "static") is False


def test_the_kernels_carry_the_loader_only_where_the_server_serves_the_files():
    assert surface_code({}) == (MODULE_TEXT, STYLE_TEXT)
    assert surface_code({SURFACE_SERVED_VARIABLE: "0"}) == (MODULE_TEXT, STYLE_TEXT)
    module, style = surface_code({SURFACE_SERVED_VARIABLE: "1"})
    assert style == "" and module == loader(*served_names())
    # The loader names both files, under Voilà's static route, and draws with the served module's render.
    assert all(f'"{name}?v=1"' in module for name in served_names())
    assert "static/" in module and "kept.render(context)" in module and "globalThis[KEPT]" in module
    assert len(module) < 2_000 < len(MODULE_TEXT) + len(STYLE_TEXT)


def test_the_app_server_tells_its_kernels_only_when_the_files_were_written(monkeypatch):
    monkeypatch.setenv(SURFACE_SERVED_VARIABLE, "1")  # an environment that says so already is not believed
    assert SURFACE_SERVED_VARIABLE not in voila_environment()
    assert voila_environment(surface_served=True)[SURFACE_SERVED_VARIABLE] == "1"
