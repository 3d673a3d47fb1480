"""The browser edition's page (site/page.html): its foot says where the lessons are, in words a visitor
with no Python and no clone can act on (issue 30, point 4), and nothing in it can end its scripts."""

from __future__ import annotations

import json
import re

from baccarat_lessons.site.build import README, footer_html, page_html

PARTS = {"intro": "<h1>Baccarat lessons</h1>", "selector": "", "pages": ""}
FILES = {"STYLE": "style-0.css", "SURFACE": "surface-0.js", "PAGE": "page-0.js"}


def test_without_a_lessons_address_the_foot_links_the_install_instructions_and_names_no_command():
    foot = footer_html("")
    assert foot == ('The lessons are in the server edition, for a computer with Python: '
                    f'<a href="{README}">how to install it</a>.')
    for command in ("baccarat-lessons", "pip", ".venv", "lab", "Binder"):
        assert command not in foot


def test_with_a_lessons_address_the_foot_links_it():
    page = page_html("Baccarat", {}, PARTS, FILES, "https://example.org/v2/gh/o/r/HEAD?urlpath=lab")
    assert ('<footer id="lessons">The lessons are in the server edition: '
            '<a href="https://example.org/v2/gh/o/r/HEAD?urlpath=lab">open the lessons</a>.</footer>') in page
    assert "{{" not in page


def test_a_string_in_the_config_cannot_end_its_script_element():
    page = page_html("A <b>title</b>", {"first": {"text": "</script><script>alert(1)</script>"}}, PARTS, FILES, "")
    config = re.search(r'<script id="site-config" type="application/json">(.*?)</script>', page, re.S).group(1)
    assert json.loads(config) == {"first": {"text": "</script><script>alert(1)</script>"}}
    assert "<title>A &lt;b&gt;title&lt;/b&gt;</title>" in page
