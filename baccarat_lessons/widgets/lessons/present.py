"""How every lesson shows a result: formatted numbers, HTML tables, sentences, a progress bar.

A lesson cell ends with one of these objects instead of a ``print`` or a bare value, so
a student (in JupyterLab, in Voilà, on a projector) reads a table or a sentence, never
a Python repr. Each object renders as HTML (with the lessons' one stylesheet, so it is
styled wherever it is displayed) and has a plain-text form for nbval and terminals.

>>> percent(Fraction(1, 8)), chips(Fraction(3, 4)), exact(Fraction(9, 11)), power_of_ten(1.88e-5)
('12.50%', '0.75', '9/11', '1.9 × 10⁻⁵')
>>> print(repr(Table(["card", "counts"], [["K", "0"], ["9", "9"]])))
card  counts
K     0
9     9
>>> "text-align: left" in Table(["a"], [["1"]])._repr_html_()
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from html import escape
from importlib.resources import files
from numbers import Real

from IPython.display import HTML, display

from ...engine.cards import parse_cards

MINUS = "\u2212"  # a true minus sign: a hyphen looks like a dash on a projector
SUPERSCRIPTS = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")

# The lessons' one stylesheet (lessons.css beside this module). Sizes are in px and never below 14 px: the text must be
# readable from the back of a classroom. Tables are left-aligned, including Markdown
# tables, which JupyterLab would otherwise right-align.
LESSON_CSS = files(__package__).joinpath("lessons.css").read_text(encoding="utf-8")


# The part a displayed result needs: small, since checked cells store it with their output.
RESULT_CSS = "".join(line + "\n" for line in LESSON_CSS.splitlines()
                     if line.startswith((".bl-result", ".bl-table", ".bl-note", ".bl-progress", ".jp-")))


def style_tag() -> str:
    """The results' part of the stylesheet as a ``<style>`` element, carried by every result."""
    return f"<style>{RESULT_CSS}</style>"


# -- numbers -------------------------------------------------------------------------------
def _signed(text: str, value, signed: bool) -> str:
    text = text.replace("-", MINUS)
    return f"+{text}" if signed and value > 0 else text


def number(value: Real, digits: int = 2, signed: bool = False) -> str:
    """A number with thousands separators and ``digits`` decimals.

    >>> number(1234.567), number(-0.5, 1), number(3, 0, signed=True)
    ('1,234.57', '−0.5', '+3')
    """
    return _signed(f"{float(value):,.{digits}f}", value, signed)


def count(value: int) -> str:
    """A whole count with thousands separators: ``count(4998398275503360)``.

    >>> count(4998398275503360)
    '4,998,398,275,503,360'
    """
    return f"{int(value):,}"


def percent(value: Real, digits: int = 2, signed: bool = False) -> str:
    """A share or a rate per chip as a percentage.

    >>> percent(0.010579, 4), percent(-0.0125, signed=True)
    ('1.0579%', '−1.25%')
    """
    return _signed(f"{100 * float(value):.{digits}f}%", value, signed)


def cards(text: str) -> str:
    """Cards written as the tables write them, from a card string.

    >>> cards("2S 3H 10D")
    '2♠ 3♥ 10♦'
    """
    return " ".join(card.label for card in parse_cards(text))


def exact(value: Fraction | int) -> str:
    """An exact fraction as ``p/q`` (a whole number as itself), with a true minus sign.

    >>> exact(Fraction(-5, 4)), exact(Fraction(4, 1))
    ('−5/4', '4')
    """
    value = Fraction(value)
    text = str(value.numerator) if value.denominator == 1 else f"{value.numerator:,}/{value.denominator:,}"
    return text.replace("-", MINUS)


def chips(value: Fraction | int | float, signed: bool = False) -> str:
    """A chip amount shown exactly: whole chips as such, hundredths with two decimals.

    An exact amount keeps every decimal it has (1/8 is 0.125), or is shown as a fraction
    if its decimals never end; a float (a simulated average) gets two decimals.

    >>> chips(Fraction(247, 20)), chips(40), chips(Fraction(1, 8)), chips(Fraction(1, 3)), chips(-2.5, signed=True)
    ('12.35', '40', '0.125', '1/3', '−2.50')
    """
    if isinstance(value, float):
        return number(value, 2, signed)
    value = Fraction(value)
    if value.denominator == 1:
        return _signed(f"{value.numerator:,}", value, signed)
    for digits in range(2, 7):  # a terminating decimal is shown with all its digits
        if 10**digits % value.denominator == 0:
            return number(value, digits, signed)
    return _signed(exact(value), value, signed)


def power_of_ten(value: float, digits: int = 1) -> str:
    """A small magnitude in scientific notation, as written on a board: ``1.9 × 10⁻⁵``.

    >>> power_of_ten(0.000116), power_of_ten(-4.4e-5)
    ('1.2 × 10⁻⁴', '−4.4 × 10⁻⁵')
    """
    mantissa, exponent = f"{float(value):.{digits}e}".split("e")
    return f"{mantissa.replace('-', MINUS)} × 10{str(int(exponent)).translate(SUPERSCRIPTS)}"


def in_words(value: int, noun: str, plural: str | None = None) -> str:
    """A count said in words for the small cases a sentence is about.

    >>> in_words(0, "coup"), in_words(1, "coup"), in_words(9, "coup")
    ('no coup', 'exactly one coup', '9 coups')
    """
    if value == 0:
        return f"no {noun}"
    if value == 1:
        return f"exactly one {noun}"
    return f"{value:,} {plural or noun + 's'}"


# -- results a student reads ---------------------------------------------------------------
def exact_toggle(lines) -> str:
    """Long exact values behind a "Show exact" toggle (an HTML ``<details>``, no script), so a
    slide shows the decimal first and the fraction on request.

    >>> exact_toggle(["Banker: 1/2"])
    '<details class="bl-exact"><summary>Show exact</summary><p>Banker: 1/2</p></details>'
    """
    if not lines:
        return ""
    body = "".join(f"<p>{escape(line)}</p>" for line in lines)
    return f'<details class="bl-exact"><summary>Show exact</summary>{body}</details>'

@dataclass(frozen=True)
class Table:
    """A table of already formatted cells, shown as a styled HTML table.

    ``highlight`` lists the indices of rows to mark (a favourable bet, a best choice);
    ``exact`` holds lines (long exact fractions) shown only behind a "Show exact" toggle.
    """

    columns: list[str]
    rows: list[list[str]]
    caption: str = ""
    note: str = ""
    highlight: tuple[int, ...] = field(default=())
    exact: tuple[str, ...] = field(default=())

    def _repr_html_(self) -> str:
        head = "".join(f'<th scope="col" style="text-align: left">{escape(str(c))}</th>' for c in self.columns)
        body = "".join(
            f'<tr class="{"bl-highlight" if index in self.highlight else ""}">'
            + "".join(f'<td style="text-align: left">{escape(str(cell))}</td>' for cell in row)
            + "</tr>"
            for index, row in enumerate(self.rows)
        )
        caption = f"<caption>{escape(self.caption)}</caption>" if self.caption else ""
        note = f'<p class="bl-note">{escape(self.note)}</p>' if self.note else ""
        return (f'{style_tag()}<div class="bl-result"><table class="bl-table">{caption}<thead><tr>{head}</tr>'
                f"</thead><tbody>{body}</tbody></table>{note}{exact_toggle(self.exact)}</div>")

    def __repr__(self) -> str:
        cells = [[str(c) for c in self.columns], *[[str(c) for c in row] for row in self.rows]]
        widths = [max(len(row[i]) for row in cells) for i in range(len(self.columns))]
        lines = ["  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip() for row in cells]
        return "\n".join(([self.caption] if self.caption else []) + lines + ([self.note] if self.note else [])
                         + (["Exact:", *self.exact] if self.exact else []))


@dataclass(frozen=True)
class Prose:
    """One or more sentences (or numbered steps) shown as text, not as code output.

    >>> Prose(["Banker wins.", "Player loses."]).__repr__()
    'Banker wins.\\nPlayer loses.'
    >>> "<ol" in Prose(["Deal.", "Compare."], numbered=True)._repr_html_()
    True
    """

    paragraphs: list[str]
    numbered: bool = False
    exact: tuple[str, ...] = ()  # shown only behind a "Show exact" toggle

    def _repr_html_(self) -> str:
        if self.numbered:
            items = "".join(f"<li>{escape(text)}</li>" for text in self.paragraphs)
            return f'{style_tag()}<div class="bl-result"><ol>{items}</ol>{exact_toggle(self.exact)}</div>'
        paragraphs = "".join(f"<p>{escape(text)}</p>" for text in self.paragraphs)
        return f'{style_tag()}<div class="bl-result">{paragraphs}{exact_toggle(self.exact)}</div>'

    def __repr__(self) -> str:
        if self.numbered:
            text = "\n".join(f"{i}. {text}" for i, text in enumerate(self.paragraphs, 1))
        else:
            text = "\n".join(self.paragraphs)
        return "\n".join([text, "Exact:", *self.exact]) if self.exact else text


def say(*paragraphs: str) -> Prose:
    """Sentences to show as the result of a cell."""
    return Prose(list(paragraphs))


def steps(texts) -> Prose:
    """Numbered steps, e.g. the events of a coup."""
    return Prose(list(texts), numbered=True)


def variant_facts(page) -> HTML:
    """The *also known as*, *documented in* and *category* lines of a variant page."""
    return HTML(
        f'{style_tag()}<div class="bl-result"><p><b>Also known as:</b> {escape(" · ".join(page.also_known_as))}<br>'
        f'<b>Documented in:</b> {escape(" · ".join(page.countries))}<br>'
        f"<b>Category:</b> {escape(page.category)}</p></div>"
    )


# -- a progress bar for the heavier labs ---------------------------------------------------
class Progress:
    """A progress bar shown through a display handle, for a lab that runs several seconds.

    It updates its own display (``update_display_data``), never an ``Output`` widget, so it
    is safe while Voilà or nbval executes the notebook. Call it as ``progress(done, total)``.

    >>> bar = Progress("Simulating", shown=False)
    >>> bar(3, 10); bar.text
    'Simulating: 3 of 10 done (30%)'
    """

    def __init__(self, label: str, shown: bool = True):
        self.label = label
        self.done, self.total = 0, 1
        self._handle = display(self._html(), display_id=True) if shown else None

    @property
    def text(self) -> str:
        if self.done >= self.total:
            return f"{self.label}: finished ({self.total:,} of {self.total:,})"
        return f"{self.label}: {self.done:,} of {self.total:,} done ({self.done / self.total:.0%})"

    def _html(self) -> "_ProgressView":
        return _ProgressView(self.text, self.done / self.total if self.total else 1.0)

    def __call__(self, done: int, total: int) -> None:
        self.done, self.total = done, total
        if self._handle is not None:
            self._handle.update(self._html())


@dataclass(frozen=True)
class _ProgressView:
    text: str
    share: float

    def _repr_html_(self) -> str:
        return (f'{style_tag()}<div class="bl-progress" role="progressbar" aria-valuenow="{100 * self.share:.0f}" '
                f'aria-valuemin="0" aria-valuemax="100"><div>{escape(self.text)}</div>'
                f'<div class="bl-progress-track"><div class="bl-progress-bar" style="width: {100 * self.share:.1f}%">'
                "</div></div></div>")

    def __repr__(self) -> str:
        return self.text


# -- charts --------------------------------------------------------------------------------
PLOT_STYLE = {
    # Matplotlib sizes are points; the notebook shows figures at 100 dpi, so 11 pt is
    # about 15 px on screen, the smallest text a projector still shows legibly.
    "font.size": 12, "axes.titlesize": 14, "axes.labelsize": 13, "xtick.labelsize": 11.5,
    "ytick.labelsize": 11.5, "legend.fontsize": 11.5, "figure.dpi": 100, "savefig.dpi": 100,
    "axes.spines.top": False, "axes.spines.right": False,
}


def use_lesson_plot_style() -> None:
    """Set matplotlib's sizes for the lessons' charts (called once, in a lesson's setup cell)."""
    import matplotlib.pyplot as plt  # noqa: PLC0415 (pyplot first, so the inline backend is set up)

    plt.rcParams.update(PLOT_STYLE)


__all__ = [
    "LESSON_CSS", "Progress", "Prose", "Table", "chips", "count", "exact", "in_words", "number", "percent",
    "power_of_ten", "say", "steps", "style_tag", "use_lesson_plot_style", "variant_facts",
]
