"""The README's sentences on the class's shared tables, held to the numbers the code runs with."""

from __future__ import annotations

from pathlib import Path

from baccarat_lessons.class_tables.room import DEFAULT_SECONDS, HOLD_SECONDS, REVEAL_GRACE
from baccarat_lessons.engine.variants import VARIANTS

README = " ".join((Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8").split())
SHARED = [variant for variant in VARIANTS.values() if not variant.has_fixed_rules]


def test_the_readme_states_the_clock_the_hold_and_the_seats_the_code_uses():
    assert f"({DEFAULT_SECONDS} s by default)" in README
    assert f"gets {REVEAL_GRACE} s more" in README
    assert HOLD_SECONDS == 120 and "keeps its seat for two minutes" in README
    seats = {variant.seat_count for variant in SHARED}
    assert seats == {6} and "(2 to 6; bots play the rest)" in README
    assert [variant.name for variant in SHARED] == ["Chemin de Fer", "Banque ouverte", "Banque limitée"]
    assert "the game (Chemin de Fer, Banque ouverte or Banque limitée)" in README
