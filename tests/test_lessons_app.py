"""The lessons app without a browser: selector, lazily built and kept pages, errors, guide scripts."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from baccarat_lessons.engine.money import CHIP

from baccarat_lessons.content import variant_page
from baccarat_lessons.engine.bets import BetSpot
from baccarat_lessons.engine.errors import SettingsError
from baccarat_lessons.engine.variants import VARIANTS
from baccarat_lessons.widgets.app import LessonsApp, lessons_app
from baccarat_lessons.widgets.app.guide_round import guide_events

sys.path.insert(0, str(Path(__file__).resolve().parent / "widgets"))  # the page's messages, shared with those tests
from browser_messages import play_round, said  # noqa: E402


def dom_classes(widget):
    yield from widget._dom_classes
    for child in getattr(widget, "children", ()):
        yield from dom_classes(child)


def test_selector_offers_the_five_variants_by_name():
    app = LessonsApp()
    assert app.selector.options == tuple((variant.name, key) for key, variant in VARIANTS.items())
    assert "bl-variant-selector" in app.selector._dom_classes and "bl-app" in app.widget._dom_classes


def result_text(record) -> str:
    """The sentence of a finished coup's result ("Banker wins, 3 to 2.")."""
    return next(event.text for event in record.events if event.kind == "CoupResult")


def test_pages_are_built_on_first_visit_and_kept():
    app = LessonsApp(seed=3)
    punto_banco = app.pages["punto-banco"]
    table = punto_banco.table
    play_round(table, BetSpot.PLAYER, 10)
    balance = table.table.balance
    assert said(table).startswith(result_text(table.table.history[-1]))
    assert balance != 100 * CHIP or table.table.history[-1].outcome.value == "Tie"

    app.selector.value = "mini-baccarat"
    assert list(app.pages) == ["punto-banco", "mini-baccarat"]
    assert punto_banco.widget.layout.display == "none" and app.pages["mini-baccarat"].widget.layout.display is None
    app.selector.value = "punto-banco"
    assert app.pages["punto-banco"] is punto_banco and table.table.balance == balance
    assert [page.widget in app.widget.children for page in app.pages.values()] == [True, True]


def test_every_page_has_its_class_guide_rules_and_history():
    app = LessonsApp()
    for key in VARIANTS:
        app.selector.value = key
        page = app.pages[key]
        classes = set(dom_classes(page.widget))
        assert f"bl-page-{key}" in classes and "bl-guide" in classes
        texts = " ".join(child.value for child in page.widget.children if hasattr(child, "value"))
        titles = re.findall(r'class="bl-section-title"[^>]*>([^<]+)<', texts)
        assert titles == [
            "Play", "Illustrated guide", "Complete rules", "Origin and history", "Variants", "Bibliography",
        ]
        # The in-page navigation links each section, and each link lands on a section of this page.
        links = re.findall(r'<nav class="bl-page-nav".*?</nav>', texts)[0]
        targets = re.findall(r'href="#([^"]+)"', links)
        ids = re.findall(r'class="bl-section-title" id="([^"]+)"', texts)
        assert targets == ids and len(ids) == 6 and all(key in anchor for anchor in ids)
        assert variant_page(key).name in texts
        assert "bl-table" in classes


def test_two_tables_of_one_app_deal_different_shoes():
    app = LessonsApp(seed=5)
    app.selector.value = "mini-baccarat"
    first = [card.label for card in app.pages["punto-banco"].table.table.shoe.remaining_cards[:12]]
    second = [card.label for card in app.pages["mini-baccarat"].table.table.shoe.remaining_cards[:12]]
    assert first != second


def test_a_page_that_cannot_be_built_is_reported_and_the_shown_page_stays(monkeypatch):
    app = LessonsApp()

    def broken(variant, seed=None, defer=False):
        raise SettingsError(f"{variant.name} cannot be shown.")

    monkeypatch.setattr(lessons_app, "VariantPageView", broken)
    app.selector.value = "chemin-de-fer"
    assert "Chemin de Fer cannot be shown." in app.guard.message.value
    assert list(app.pages) == ["punto-banco"] and app.pages["punto-banco"].widget.layout.display is None

    def buggy(variant, seed=None, defer=False):
        raise RuntimeError("boom")

    monkeypatch.setattr(lessons_app, "VariantPageView", buggy)
    app.selector.value = "banque-ouverte"
    assert "RuntimeError" in app.guard.error_log.value and "boom" not in app.guard.error_log.value and app.guard.error_log.layout.display is None


def texts_of(key):
    return [event.text for event in guide_events(variant_page(key))]


def test_chemin_de_fer_guide_plays_both_scripted_choices():
    texts = texts_of("chemin-de-fer")
    assert "Bot 1 says carte (draw)." in texts
    assert any(text.startswith("You draw for the bank") for text in texts)
    assert "Banker wins, 5 to 4." in texts


def test_banque_ouverte_guide_shows_the_natural_then_settles_it_when_the_bank_turns_over():
    # Since 420c063 a tableau natural is settled against the banker's first two cards only when
    # they are turned over, after the banker's choice (settling at once told every seat its total).
    texts = texts_of("banque-ouverte")
    shown = next(i for i, text in enumerate(texts) if text.startswith("Right tableau has a natural 8"))
    left_draws, banker_stands, settled = (
        texts.index("Bot 3 draws for the left tableau."), texts.index("You stand for the bank."),
        texts.index("Right tableau wins, 8 to 6."),
    )
    assert shown < left_draws < banker_stands < settled
    assert "Banker beats the left tableau, 6 to 5." in texts


def test_banque_limitee_guide_has_three_choices_and_two_results():
    texts = texts_of("banque-limitee")
    assert "You stand for the right tableau." in texts
    assert any(text.startswith("Bot 3 draws for the left tableau") for text in texts)
    assert "The house draws for the bank." in texts
    assert "Banker beats the right tableau, 7 to 5." in texts and "Left tableau wins, 9 to 7." in texts


def test_fixed_rule_variants_have_no_scripted_coup():
    with pytest.raises(SettingsError):
        guide_events(variant_page("punto-banco"))


def test_installs_without_the_repository_get_the_same_thin_notebook(tmp_path):
    import json

    from baccarat_lessons.app import app_notebook, written_notebook

    repository = json.loads(app_notebook().read_text())
    written = json.loads(written_notebook(tmp_path).read_text())
    assert [cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
            for cell in repository["cells"]] == [cell["source"] for cell in written["cells"]]
    assert repository["cells"][0]["outputs"] == [] and "widgets" not in repository["metadata"]


def test_serve_refuses_a_busy_port_and_a_bad_one(capsys):
    import socket

    from baccarat_lessons.app import serve

    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        busy = listener.getsockname()[1]
        assert serve(port=busy, open_browser=False) == 1
    assert f"port {busy} on 127.0.0.1 is already in use" in capsys.readouterr().err
    assert serve(port=70000, open_browser=False) == 2
    assert "between 1 and 65535" in capsys.readouterr().err
