"""Issue 17 §2, "nothing raw, nothing unexplained", pinned where the student reads it.

The executed outputs of every lesson also pass ``lesson_text.raw_found`` (no ``chip(s)``, no
hyphen for a minus, no ``7S``, no ``5.00%`` rate, no bare long fraction), checked by nbval's
own run; these tests pin each point at its source and in the notebooks' text.
"""

from __future__ import annotations

from fractions import Fraction

import matplotlib
import nbformat
import numpy as np
import pytest

from lesson_text import LESSONS, html_text, lesson, markdown_of, raw_found

from baccarat_lessons.analysis.composition import Composition
from baccarat_lessons.analysis.exact import exact_odds
from baccarat_lessons.analysis.lessons import house_edges
from baccarat_lessons.analysis.lessons.bankroll import summarize_paths
from baccarat_lessons.content.exercises import find
from baccarat_lessons.engine.bets import BetSpot
from baccarat_lessons.widgets.lessons import OddsExplorer, question_for
from baccarat_lessons.widgets.lessons.question import AnswerError, read_number
from baccarat_lessons.widgets.lessons.results_choices import stake_choice_table
from baccarat_lessons.widgets.lessons.results_odds import banker_edge_sentence, outcome_counts_table, removal_table
from baccarat_lessons.widgets.lessons.results_rules import totals_table

matplotlib.use("Agg")


def code_cells(stem: str):
    return [cell for cell in nbformat.read(lesson(stem), as_version=4).cells if cell.cell_type == "code"]


def test_a_stake_is_written_in_words_and_a_loss_with_a_true_minus():
    text = summarize_paths(np.array([[0, 0, 1, 1, 0]]), "banker").text
    assert "chip(s)" not in text and "1 chip on Banker" in text
    assert "average result −" in text and raw_found(text) is None


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_no_visible_slide_cell_imports_anything(path):
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type == "code" and cell.metadata["slideshow"]["slide_type"] != "skip":
            assert "import " not in cell.source, cell.source[:80]


def test_lesson_09_shows_no_internal_names():
    sources = "\n".join(cell.source for cell in code_cells("betting_systems_and_roads"))
    assert "final_net" not in sources and "results[" not in sources
    assert 'result_of(results, "Martingale")' in sources


def test_lesson_10_removal_table_is_in_percentage_points_throughout():
    table = removal_table(decks=8)
    assert "in percentage points" in table.caption
    assert not [cell for row in table.rows for cell in row[1:] if cell.endswith("%")]
    assert table.rows[4][1] == "−0.0116"  # a 4 out: Banker's edge falls most


def test_cards_are_written_as_the_tables_write_them():
    assert totals_table(["7S 8H"]).rows[0][0] == "7♠ 8♥"
    caption = stake_choice_table("2S 3H", right=None, left=0, cases=((50, 5),)).caption
    assert caption.startswith("Banker holds 2♠ 3♥") and raw_found(caption) is None


def test_lesson_07_long_fractions_wait_behind_show_exact_with_the_decimal_first():
    odds = exact_odds(Composition.full(8))
    for result in (outcome_counts_table(odds), banker_edge_sentence(odds)):
        html = result._repr_html_()
        assert '<details class="bl-exact"><summary>Show exact</summary>' in html
        assert raw_found(html_text(html)) is None  # no long fraction outside the toggle
    assert "8,954,111,587,648/19,524,993,263,685" in outcome_counts_table(odds)._repr_html_()
    assert "45.8597%" in html_text(outcome_counts_table(odds)._repr_html_())


def test_the_commission_plots_legend_sits_outside_the_axes_it_explains():
    import matplotlib.pyplot as plt  # noqa: PLC0415

    fig, ax = plt.subplots(figsize=(8, 4.2))
    house_edges.plot_commission(ax)
    fig.canvas.draw()
    legend, axes = ax.get_legend().get_window_extent(), ax.get_window_extent()
    break_even = 100 * float(house_edges.break_even_commission())
    x = ax.transData.transform((break_even, 0))[0]
    assert axes.x0 < x < axes.x1 and legend.x0 >= axes.x1  # the line is drawn, the legend beside it
    plt.close(fig)


def test_lesson_10_explorer_opens_on_an_ordinary_shoe():
    call = next(cell.source for cell in code_cells("card_counting") if "OddsExplorer(" in cell.source)
    explorer = eval(call.removesuffix(".widget"), {"OddsExplorer": OddsExplorer})
    assert explorer.composition.card_count == 416
    edges = {spot: bet.house_edge for spot, bet in explorer.odds.bets.items()}
    assert min(edges.values()) > 0 and edges[BetSpot.PERFECT_PAIR] < 1
    text = markdown_of("card_counting")
    assert "opens on an ordinary eight-deck shoe" in text and "can\nnever deal a Perfect Pair" in text
    one_deck = exact_odds(Composition.full(1)).bets[BetSpot.PERFECT_PAIR]
    assert one_deck.win == 0 and one_deck.house_edge == 1  # why one deck shows 100%


def test_lesson_02_decks_question_has_one_right_answer():
    exercise = find("punto_banco", "presentation-setting")
    assert "chances" in exercise.prompt and exercise.correct == "Deal speed"
    assert "Number of decks" in exercise.choices and "the number of decks changes the chances" in exercise.explanation


@pytest.mark.parametrize("text, value", [
    ("1,000", 1000), ("10,000", 10000), ("1,234,567.5", Fraction(2469135, 2)), ("0,95", Fraction(19, 20)),
    ("2,5", Fraction(5, 2)), ("12,34", Fraction(617, 50)), ("−3", -3), ("124", 124), ("1.25%", Fraction(5, 4)),
])
def test_the_answer_reader_reads_thousands_groups_and_decimal_commas_by_one_rule(text, value):
    assert read_number(text) == value


@pytest.mark.parametrize("text", ["1,2,3", "1,000,00", "1.000,5"])
def test_the_answer_reader_refuses_a_comma_it_would_have_to_guess(text):
    with pytest.raises(AnswerError, match="could mean two numbers"):
        read_number(text)


def test_a_student_typing_ten_thousand_with_a_comma_is_read_as_ten_thousand():
    question = question_for(find("exact_odds", "player-loss"))
    question.answer_box.value = "1,24"  # a decimal comma: 1.24, far from 124
    question.check_button.click()
    assert question.is_correct is False
    question.answer_box.value = "124"
    question.check_button.click()
    assert question.is_correct is True


def test_lesson_03_explains_the_house_edge_where_it_first_uses_it_and_lesson_00_says_so():
    text = markdown_of("mini_baccarat")
    assert "*house edge*: what a bet loses on average for every chip staked" in text.replace("\n", " ")
    start = markdown_of("start_here")
    assert "need no mathematics beyond adding" not in start and "in lesson 03, a first" in start.replace("\n", " ")
