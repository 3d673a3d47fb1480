"""Every page has a bibliography; it lists exactly the sources the page's text names."""

from __future__ import annotations

import re
from html import unescape

import pytest

from baccarat_lessons.content import variant_page
from baccarat_lessons.engine.variants import VARIANTS
from baccarat_lessons.content.sources import SOURCES

REQUIRED = {"van-tenac-1847", "kemeny-snell-1957", "scarne-1961"}


def text_of(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def cited_text(page) -> str:
    """What the page says, without its bibliography (an entry does not cite itself)."""
    return text_of(" ".join((page.rules_html, page.history_html, page.variants_html)))


@pytest.mark.parametrize("key", VARIANTS)
def test_every_page_has_a_bibliography_of_its_listed_sources(key):
    page = variant_page(key)
    listed = re.findall(r'<li data-source="([\w-]+)">', page.bibliography_html)
    assert listed and sorted(listed) == sorted(page.sources)
    assert len(set(page.sources)) == len(page.sources), "a source listed twice"


@pytest.mark.parametrize("key", VARIANTS)
def test_each_named_source_is_listed_and_each_listed_source_is_named(key):
    page = variant_page(key)
    text = cited_text(page)
    named = {source.key for source in SOURCES.values() if any(cue in text for cue in source.cited_as)}
    assert named == set(page.sources), (
        f"named but not listed: {named - set(page.sources)}; listed but not named: {set(page.sources) - named}"
    )


@pytest.mark.parametrize("key", VARIANTS)
def test_every_cited_title_belongs_to_a_listed_source(key):
    """A work cited with <cite> must have a record: a new book in the text without a
    bibliography entry fails here, even when no cue of a known source matches it."""
    page = variant_page(key)
    titles = {unescape(t) for t in re.findall(r"<cite>(.*?)</cite>", page.rules_html + page.history_html)}
    known = {title for k in page.sources for title in (SOURCES[k].title, SOURCES[k].in_work) if title}
    assert titles <= known, titles - known


def test_the_required_sources_are_cited_somewhere():
    cited = {key for page_key in VARIANTS for key in variant_page(page_key).sources}
    assert REQUIRED <= cited
    assert cited == set(SOURCES), f"records no page relies on: {set(SOURCES) - cited}"


def test_entries_show_author_title_and_year():
    html = variant_page("chemin-de-fer").bibliography_html
    assert "Kemeny, John G., and J. Laurie Snell. “Game-theoretic solution of baccarat”." in html
    assert "<cite>The American Mathematical Monthly</cite>" in html and "1957" in html
    undated = [key for key in re.findall(r'data-source="([\w-]+)"', html) if SOURCES[key].year is None]
    assert all("not identified here" in SOURCES[key].published for key in undated), undated
    authors = [SOURCES[key].author for key in re.findall(r'data-source="([\w-]+)"', html)]
    assert authors == sorted(authors), "entries are sorted by author"
