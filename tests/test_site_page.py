"""The browser edition's own page (site/index.html): its foot says where the lessons are, in words a
visitor with no Python and no clone can act on (issue 30, point 4)."""

from __future__ import annotations

from baccarat_lessons.site.build import README, _loading_page, footer_html


def test_without_a_lessons_address_the_foot_links_the_install_instructions_and_names_no_command():
    foot = footer_html("")
    assert foot == ('The lessons are in the server edition, for a computer with Python: '
                    f'<a href="{README}">how to install it</a>.')
    for command in ("baccarat-lessons", "pip", ".venv", "lab", "Binder"):
        assert command not in foot


def test_with_a_lessons_address_the_foot_links_it(tmp_path):
    _loading_page(tmp_path, ["print(1)"], ".bls-host", "https://example.org/v2/gh/o/r/HEAD?urlpath=lab", "Baccarat")
    page = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert ('<p id="lessons">The lessons are in the server edition: '
            '<a href="https://example.org/v2/gh/o/r/HEAD?urlpath=lab">open the lessons</a>.</p>') in page
    assert "{{" not in page
