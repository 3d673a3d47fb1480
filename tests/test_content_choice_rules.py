"""The punter's and captains' rule, and the bots' coin on 5, as the pages state them.

The sentences are generated from the engine's data (``hand_choice_rules`` on the
variant's DrawingRules, ``bots.DRAW_ON_FIVE``); these tests read the rendered pages
and check they say exactly that, and follow when the data changes.
"""

from __future__ import annotations

import dataclasses
import re
from fractions import Fraction
from html import unescape

import pytest

from baccarat_lessons.content import page as page_module
from baccarat_lessons.content import variant_page
from baccarat_lessons.engine import bots
from baccarat_lessons.engine.drawing import CHEMIN_DE_FER
from baccarat_lessons.engine.seated.decisions import hand_choice_rules
from baccarat_lessons.engine.variants import SEAT_BANKED, VARIANTS

# Who chooses for a hand against a seated bank: the punter of the one players' hand, or a tableau's captain.
ROLE = {key: "punter" if len(variant.player_hands) == 1 else "captain" for key, variant in SEAT_BANKED.items()}


def text_of(html: str) -> str:
    """The visible text of an HTML fragment, one space between words."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def rule_items(html: str, role: str) -> list[str]:
    """The sentences of the generated rule list for ``role`` in a page."""
    lists = re.findall(rf'<ul class="choice-rule" data-rule="{role}">(.*?)</ul>', html)
    assert len(lists) == 1, f"expected one {role} rule list, found {len(lists)}"
    return [unescape(item) for item in re.findall(r"<li>(.*?)</li>", lists[0])]


@pytest.mark.parametrize("key", ROLE)
def test_the_page_states_the_engines_rule_sentence_for_sentence(key):
    role = ROLE[key]
    expected = hand_choice_rules(VARIANTS[key].drawing, f"A {role}")
    assert rule_items(variant_page(key).rules_html, role) == list(expected)


@pytest.mark.parametrize("key", ROLE)
def test_the_page_states_the_bots_coin_on_five(key):
    text = text_of(variant_page(key).rules_html)
    chance = str(bots.DRAW_ON_FIVE)  # a Fraction: '1/2'
    assert (
        f"The bot {ROLE[key]}s follow the guidance; on 5 each tosses its own seeded coin "
        f"and draws with probability {chance}."
    ) in text


@pytest.mark.parametrize("key", ["banque-ouverte", "banque-limitee"])
def test_the_wrong_captain_statements_are_gone(key):
    text = text_of(variant_page(key).rules_html).lower()
    assert "any total from 0 to 7" not in text
    assert "a fixed rule of their own on 5" not in text
    assert "the guidance is advice" not in text
    # A captain may not stand on 0: the page says so.
    assert "a captain must draw on 0." in text


def test_the_chemin_de_fer_page_no_longer_types_the_rule_by_hand():
    text = text_of(variant_page("chemin-de-fer").rules_html)
    assert "may choose on any other total from 1 to 7" not in text
    assert "A punter who plays alone chooses freely on 1 to 7." in text


def test_the_page_text_follows_a_change_of_the_drawing_rules(monkeypatch):
    # A different guidance: choose on 4 or 5, draw only on 0-3.
    changed = dataclasses.replace(
        CHEMIN_DE_FER, player_optional_on=frozenset({4, 5}), player_draws_on=frozenset(range(4)),
    )
    records = {key: dataclasses.replace(variant, drawing=changed) if key in ROLE else variant
               for key, variant in VARIANTS.items()}
    # page.py caches only the files it reads; the generated parts are rebuilt from the records
    # each call, so replacing the records is enough (no cache_clear needed, and none is done).
    monkeypatch.setattr(page_module, "VARIANTS", records)
    for key, role in ROLE.items():
        items = rule_items(variant_page(key).rules_html, role)
        assert items == list(hand_choice_rules(changed, f"A {role}"))
        binding = f"A {role} who plays for other bettors too follows the guidance, so has a real choice only on 4 or 5."
        assert binding in items
    assert "only on 5" not in text_of(variant_page("banque-limitee").rules_html)


def test_the_page_text_follows_a_change_of_the_bots_chance(monkeypatch):
    monkeypatch.setattr(bots, "DRAW_ON_FIVE", Fraction(1, 3))
    text = text_of(variant_page("banque-ouverte").rules_html)
    assert "draws with probability 1/3." in text
    assert "probability 1/2" not in text


def test_a_page_asking_for_an_unknown_fragment_or_fact_is_refused():
    from jinja2 import TemplateError

    from baccarat_lessons.content.rendering import render_text

    with pytest.raises(TemplateError, match="No filter named 'nonsense'"):
        render_text("{{ variant|nonsense }}", VARIANTS["chemin-de-fer"])
    with pytest.raises(TemplateError, match="has no attribute 'dekcs'"):
        render_text("{{ variant.dekcs }}", VARIANTS["chemin-de-fer"])


def test_what_a_record_holds_reaches_the_page_as_text_not_markup():
    from baccarat_lessons.content.rendering import render_page

    odd = dataclasses.replace(VARIANTS["banque-limitee"], key='x"><script>', name="<b>Banque</b> & co")
    html = render_page("banque-limitee.rules.html", odd)
    assert "<script>" not in html and "<b>Banque" not in html
    assert "&lt;b&gt;Banque&lt;/b&gt; &amp; co is the two-tableau game" in html
