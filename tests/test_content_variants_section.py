"""The Variants section: a comparison read from the variant records, on every page."""

from __future__ import annotations

import dataclasses
import re
from fractions import Fraction
from html import unescape

import pytest

from baccarat_lessons.content import variant_page
from baccarat_lessons.content import page as page_module
from baccarat_lessons.content.comparison import BANK_HOLDERS, difference_sentence
from baccarat_lessons.engine.variants import VARIANTS, Banking


def values_in_list(text: str) -> list[int]:
    return [int(token) for token in re.findall(r"\d+", text)]


def table_rows(html: str) -> list[list[str]]:
    """The rows of the one comparison table (generated markup: no nested tables)."""
    tables = re.findall(r'<table class="variant-comparison" data-comparison="variants">(.*?)</table>', html)
    assert len(tables) == 1
    return [
        [unescape(cell) for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row)]
        for row in re.findall(r"<tr>(.*?)</tr>", tables[0])
    ]


def differences(html: str) -> dict[str, str]:
    """{other variant key: its sentence} from a Variants section."""
    return {key: unescape(text) for key, text in re.findall(r'<li data-variant="([\w-]+)">(.*?)</li>', html)}


def comparison(html: str) -> dict[str, dict[str, str]]:
    """{row label: {variant name: cell}} from the comparison table."""
    rows = table_rows(html)
    names = [name.removesuffix(" (this page)") for name in rows[0][1:]]
    return {row[0]: dict(zip(names, row[1:])) for row in rows[1:]}


@pytest.mark.parametrize("key", VARIANTS)
def test_every_page_compares_its_game_with_the_other_four(key):
    html = variant_page(key).variants_html
    assert set(differences(html)) == set(VARIANTS) - {key}
    table = comparison(html)
    assert all(list(row) == [v.name for v in VARIANTS.values()] for row in table.values())
    assert f"{VARIANTS[key].name} (this page)" in html


@pytest.mark.parametrize("key", VARIANTS)
def test_the_table_reads_the_records(key):
    table = comparison(variant_page(key).variants_html)
    for variant in VARIANTS.values():
        assert table["Decks"][variant.name] == str(variant.decks)
        assert values_in_list(table["Chip values"][variant.name]) == list(variant.stakes)
        assert table["Bank held by"][variant.name] == BANK_HOLDERS[variant.banking]
        shown_rate = Fraction(re.match(r"[\d.]+", table["Commission"][variant.name]).group()) / 100
        assert shown_rate == variant.commission
        if variant.max_bet is None:
            assert "no table maximum" in table["One bet"][variant.name]
        else:
            assert values_in_list(table["One bet"][variant.name]) == [variant.min_bet, variant.max_bet]
        assert ("tableaux" in table["Hands facing the banker"][variant.name]) == (variant.tableau_count == 2)
        assert ("no choices" in table["Who chooses"][variant.name]) == variant.has_fixed_rules


def test_mini_and_punto_banco_differ_only_in_their_stakes():
    assert differences(variant_page("punto-banco").variants_html)["mini-baccarat"] == \
        "Mini Baccarat: bets of 1 to 100 and chips of 1 to 10."


def test_the_two_banque_pages_name_what_separates_them():
    assert differences(variant_page("banque-ouverte").variants_html)["banque-limitee"] == \
        "Banque limitée: the house banks, 3 decks and 2% commission (more in the table)."


@pytest.mark.parametrize("key", VARIANTS)
def test_each_line_is_short_and_in_plain_words(key):
    # Issue 30, point 9: the lines were machine-built sentences of up to 450 characters ("(here: …)",
    # "Unchanged: …"); the table above the list holds every value.
    for other, line in differences(variant_page(key).variants_html).items():
        assert line.startswith(f"{VARIANTS[other].name}: ") and line.endswith(".")
        assert len(line) <= 140, line
        assert "(here:" not in line and "Unchanged" not in line and ";" not in line


def test_changing_a_record_changes_the_text(monkeypatch):
    changed = dataclasses.replace(
        VARIANTS["mini-baccarat"], decks=6, commission=Fraction(4, 100), banking=Banking.ROTATING,
    )
    monkeypatch.setattr(page_module, "VARIANTS", {**VARIANTS, "mini-baccarat": changed})
    html = variant_page("punto-banco").variants_html
    assert differences(html)["mini-baccarat"] == \
        "Mini Baccarat: a player banks in turn, 6 decks and 4% commission (more in the table)."
    assert comparison(html)["Decks"]["Mini Baccarat"] == "6"
    # The same records, seen from Mini Baccarat's own page.
    assert differences(variant_page("mini-baccarat").variants_html)["punto-banco"] == \
        "Punto Banco: the house banks, 8 decks and 5% commission (more in the table)."


def test_identical_records_are_said_to_be_identical():
    twin = dataclasses.replace(VARIANTS["punto-banco"], key="twin", name="Twin")
    assert difference_sentence(VARIANTS["punto-banco"], twin) == "Twin: played the same way."


def test_every_kind_of_bank_has_words():
    assert set(BANK_HOLDERS) == set(Banking)
