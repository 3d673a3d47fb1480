"""History texts: who described which game, and the figures they quote from the analysis."""

from __future__ import annotations

import re
from fractions import Fraction
from html import unescape

from baccarat_lessons.analysis.chemin_de_fer_solver import solve
from baccarat_lessons.content import variant_page
from baccarat_lessons.engine.drawing import PUNTO_BANCO, Cell


def sentences(html: str) -> list[str]:
    text = " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())
    return re.split(r"(?<=[.!?])\s+(?=[A-Z])", text)


def test_banque_limitee_history_opens_with_a_subject_and_its_verb():
    first_paragraph = re.search(r"<p>(.*?)</p>", variant_page("banque-limitee").history_html).group(1)
    first = sentences(first_paragraph)[0]
    assert first.startswith("Banque limitée takes "), first


def test_the_1847_description_is_credited_to_the_player_banked_game():
    """Van-Tenac (1847) describes the two-tableau game with a player banker, not the casino form."""
    about_1847 = [s for s in sentences(variant_page("banque-limitee").history_html) if "1847" in s]
    assert about_1847, "the page no longer mentions the 1847 description"
    for sentence in about_1847:
        assert "Van-Tenac" in sentence and "a player held the bank" in sentence, sentence
        assert "Banque limitée" not in sentence, sentence
    assert "Banque limitée, described" not in variant_page("banque-limitee").history_html


def test_kemeny_and_snell_figures_are_the_solvers():
    """The history pages quote the classic solution; the solver of the game-theory lesson
    computes it (infinite deck, banker free in every cell)."""
    solution = solve(model="classic", decks=0)
    five = Fraction(solution.punter_draw_on_5)
    assert f"draw on 5 with probability {five.numerator}/{five.denominator}" in " ".join(
        sentences(variant_page("chemin-de-fer").history_html)
    )
    differing = [
        cell for cell, draws in solution.banker.items()
        if draws != (1 if PUNTO_BANCO.banker_cell(*cell) is Cell.DRAW else 0)
    ]
    assert differing == [(6, None)]  # "on 6 when the other hand stood"
    text = " ".join(sentences(variant_page("punto-banco").history_html))
    assert f"in each of its {len(solution.banker)} situations" in text
    assert "agrees with the Punto Banco table in all but one of them: on 6 when the other hand stood" in text
