"""Fragments of page text written by Python from the rules data, not typed into the HTML.

The page templates (:mod:`.rendering`) use each as a filter on the page's variant record:
``{{ variant|choice_rule("punter") }}``, ``{{ variant|banker_win_returns(10) }}``. A rule
the engine enforces (who may choose on which total, how a bot decides on 5, what a
Banker win pays after the commission) is then said in words read from the same data,
so the page cannot state a different rule.

>>> from baccarat_lessons.engine.variants import CHEMIN_DE_FER
>>> print(choice_rule_html(CHEMIN_DE_FER, "punter"))
<ul class="choice-rule" data-rule="punter"><li>A punter must draw on 0.</li><li>The guidance: draw on 0 to 4, stand on 6 or 7, and choose on 5.</li><li>A punter who plays for other bettors too follows the guidance, so has a real choice only on 5.</li><li>A punter who plays alone chooses freely on 1 to 7.</li></ul>
>>> bot_coin_sentence("punter")
'The bot punters follow the guidance; on 5 each tosses its own seeded coin and draws with probability 1/2.'
>>> from baccarat_lessons.engine.variants import PUNTO_BANCO
>>> banker_pays(PUNTO_BANCO), banker_win_returns(PUNTO_BANCO, 10)
('0.95:1', '19.50 chips')
"""

from __future__ import annotations

from html import escape
from typing import Callable

from ..engine import bots
from ..engine.bets import pays_label
from ..engine.drawing import CHEMIN_DE_FER
from ..engine.money import CHIP, commission_on, show_chips
from ..engine.seated.decisions import totals_words, hand_choice_rules
from ..engine.variants import Variant
from .comparison import percent

def choice_rule_html(variant: Variant, role: str) -> str:
    """The rule of a ``role`` ("punter" or "captain") as a list, one sentence of
    ``hand_choice_rules`` per item."""
    items = "".join(f"<li>{escape(s)}</li>" for s in hand_choice_rules(variant.drawing, f"A {role}"))
    return f'<ul class="choice-rule" data-rule="{role}">{items}</ul>'


def _chance(probability) -> str:
    """A probability as the page writes it: a Fraction as '1/2', a float as it is."""
    if hasattr(probability, "denominator") and probability.denominator != 1:
        return f"{probability.numerator}/{probability.denominator}"
    return f"{probability:g}" if isinstance(probability, float) else str(probability)


def bot_coin_sentence(role: str, rules=CHEMIN_DE_FER) -> str:
    """How the bots decide where the guidance of ``rules`` leaves a punter or captain a choice
    (``bots.RuleBot.hand_draw`` reads the same totals; the chance is ``bots.DRAW_ON_FIVE``)."""
    # Read at call time, so the page follows a change of the constant (and a test can patch it).
    free = totals_words(rules.player_optional_on)
    return (
        f"The bot {role}s follow the guidance; on {free} each tosses its own seeded coin "
        f"and draws with probability {_chance(bots.DRAW_ON_FIVE)}."
    )


def bot_coin_html(variant: Variant, role: str) -> str:
    """:func:`bot_coin_sentence` for the variant's drawing rules, as a paragraph."""
    return f'<p data-rule="bots">{escape(bot_coin_sentence(role, variant.drawing))}</p>'


def exact_text(value) -> str:
    """An exact amount of chips with every decimal it has and none it lacks (it has at most four here).

    >>> from fractions import Fraction
    >>> exact_text(Fraction(27, 40)), exact_text(Fraction(13, 80)), exact_text(Fraction(1, 2))
    ('0.675', '0.1625', '0.50')
    """
    text = f"{float(value):.4f}".rstrip("0")
    return text + "0" * (2 - len(text.split(".")[1]))


def commission_rounding_html(variant: Variant) -> str:
    """How the table rounds its commission (``engine.money.commission_on``), with a worked example
    at this variant's rate where the rounding shows."""
    rate = variant.commission
    gain = next(g for g in (1300, 1350, 1355, 1333, 1001) if (g * rate).denominator != 1)
    exact = gain * rate / CHIP
    return (f'<p data-rule="commission-rounding">Chips are counted to the hundredth. A commission that does not '
            f"come out in whole hundredths is rounded down, so the house never takes more than its "
            f"{float(100 * rate):g}%: on a gain of {show_chips(gain)} chips it is {exact_text(exact)}, "
            f"taken as {show_chips(commission_on(gain, rate))}.</p>")


def commission_rate(variant: Variant) -> str:
    """The variant's commission as a page writes it: '5%'."""
    return percent(variant.commission)


def banker_pays(variant: Variant) -> str:
    """What a winning Banker bet pays after the commission, as the layout prints it: '0.95:1'."""
    return pays_label(variant.banker_payout)


def banker_profit(variant: Variant) -> str:
    """A winning Banker bet's profit per chip staked after the commission: '0.95'."""
    return f"{float(variant.banker_payout):g}"


def banker_win_returns(variant: Variant, stake: int) -> str:
    """What a winning Banker bet of ``stake`` whole chips returns, stake included: '19.50 chips'."""
    returned = int(stake) * CHIP * (1 + variant.banker_payout)
    assert returned.denominator == 1, "a whole-chip Banker win is paid in whole hundredths"
    return f"{show_chips(int(returned))} chips"


def commission_on_gain(variant: Variant, gain: int) -> str:
    """The commission the table takes on a gain of ``gain`` whole chips, as the balance shows it: '0.30'."""
    return show_chips(commission_on(gain * CHIP, variant.commission))


def after_commission(variant: Variant, gain: int) -> str:
    """What is left of a gain of ``gain`` whole chips once the commission is taken: '14.70'."""
    return show_chips(gain * CHIP - commission_on(gain * CHIP, variant.commission))


def number_word(count: int) -> str:
    """A small count in words, as the pages write it: 5 -> 'five' (a larger one stays in digits).

    >>> number_word(3), number_word(12)
    ('three', '12')
    """
    words = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
    return words[count] if 0 <= count < len(words) else str(count)


def chips_list(stakes: tuple[int, ...], last: str = "or") -> str:
    """Chip values in a sentence: (5, 10, 25) -> '5, 10 or 25'."""
    values = [str(stake) for stake in stakes]
    return values[0] if len(values) == 1 else f"{', '.join(values[:-1])} {last} {values[-1]}"


# The pages' filters (``{{ variant|banker_pays }}``, ``{{ variant|banker_win_returns(10) }}``), each
# taking the page's variant record first. HTML ones write escaped markup of their own; the page's
# templates escape what the text ones return.
HTML_FRAGMENTS: dict[str, Callable[..., str]] = {
    "choice_rule": choice_rule_html,
    "bot_coin": bot_coin_html,
    "commission_rounding": commission_rounding_html,
}
TEXT_FRAGMENTS: dict[str, Callable[..., str]] = {
    "commission_rate": commission_rate,
    "banker_pays": banker_pays,
    "banker_profit": banker_profit,
    "banker_win_returns": banker_win_returns,
    "commission_on": commission_on_gain,
    "after_commission": after_commission,
    "number_word": number_word,
    "chips_list": chips_list,
}
