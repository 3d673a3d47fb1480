"""The lessons' presentation: readable sizes, left-aligned tables, exact and rounded numbers."""

import re
from fractions import Fraction

from baccarat_lessons.widgets.lessons import present
from baccarat_lessons.widgets.lessons.styles import lesson_style


def test_no_text_in_the_lesson_stylesheet_is_smaller_than_14_px():
    sizes = re.findall(r"font-size:\s*([0-9.]+)(px|em|rem|%)", present.LESSON_CSS)
    assert sizes, "the stylesheet sets its sizes"
    assert all(unit == "px" and float(value) >= 14 for value, unit in sizes), sizes


def test_tables_and_markdown_tables_are_left_aligned():
    css = present.LESSON_CSS
    assert re.search(r"\.bl-table th, \.bl-table td \{[^}]*text-align: left", css)
    assert re.search(r"\.jp-RenderedHTMLCommon th, \.jp-RenderedHTMLCommon td \{[^}]*text-align: left", css)
    html = present.Table(["bet", "edge"], [["Banker", "1.06%"]])._repr_html_().split("</style>")[1]
    assert "right" not in html and html.count('style="text-align: left"') == 4
    assert present.LESSON_CSS in lesson_style().value  # the widgets carry the same one stylesheet


def test_table_escapes_cells_and_reads_as_plain_text():
    table = present.Table(["cards", "total"], [["<b>K</b>", "0"]], caption="Totals", note="Tens count 0.")
    assert "<b>K</b>" not in table._repr_html_() and "&lt;b&gt;K&lt;/b&gt;" in table._repr_html_()
    assert repr(table).splitlines() == ["Totals", "cards     total", "<b>K</b>  0", "Tens count 0."]


def test_chip_amounts_are_exact_and_rates_are_rounded_with_their_unit():
    assert present.chips(Fraction(76)) == "76"
    assert present.chips(Fraction(3, 4)) == "0.75"
    assert present.chips(Fraction(1, 80)) == "0.0125"
    assert present.chips(Fraction(2, 3)) == "2/3"
    assert present.percent(Fraction(-5, 400), signed=True) == "\u22121.25%"
    assert present.exact(Fraction(9, 11)) == "9/11"
    assert present.power_of_ten(0.0000188) == "1.9 × 10⁻⁵"
    assert present.in_words(1, "coup") == "exactly one coup"


def test_progress_bar_updates_its_own_display():
    updates = []

    class Handle:
        def update(self, view):
            updates.append((repr(view), view._repr_html_()))

    bar = present.Progress("Dealing", shown=False)
    bar._handle = Handle()
    bar(1, 4)
    bar(4, 4)
    assert updates[0][0] == "Dealing: 1 of 4 done (25%)" and 'width: 25.0%' in updates[0][1]
    assert updates[1][0] == "Dealing: finished (4 of 4)"
