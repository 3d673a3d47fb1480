"""The unit quizzes: for each of the four units, a diagnostic quiz (before) and a summative quiz (after).

A diagnostic quiz checks what the unit builds on and brings out the misconceptions students bring with
them; a summative quiz checks what the unit taught. Every question carries its key: the answer and a
one-line reason. Numeric answers are computed here, exactly, from the package's own odds and rules.

>>> [unit.title for unit in UNITS]
['The games', 'Chance and spread', 'Systems, counting and ruin', 'Choices and evidence']
>>> quiz(1, "summative").questions[2].answer
'39'
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import Decimal, localcontext
from fractions import Fraction
from functools import lru_cache

from ...analysis.composition import Composition
from ...analysis.exact import exact_odds
from ...engine.bets import BetSpot
from ..answer_key import decimal_text

KINDS = ("diagnostic", "summative")


@dataclass(frozen=True)
class Unit:
    number: int
    title: str
    lessons: tuple[str, ...]  # the lessons' stems, in reading order


UNITS = (
    Unit(1, "The games", ("start_here", "counting_to_nine", "punto_banco", "mini_baccarat", "chemin_de_fer",
                          "banque_ouverte", "banque_limitee")),
    Unit(2, "Chance and spread", ("exact_odds", "spread", "law_of_large_numbers")),
    Unit(3, "Systems, counting and ruin", ("betting_systems_and_roads", "card_counting", "ruin_and_bet_size")),
    Unit(4, "Choices and evidence", ("third_card", "game_theory", "history_and_legends")),
)


def units_text() -> str:
    """The four units as the start page names them, from :data:`UNITS` (the quizzes' own grouping).

    >>> units_text().split("; ")[1]
    'unit 2, chance and spread (lessons 07–09)'
    """
    return "; ".join(f"unit {unit.number}, {unit.title[0].lower()}{unit.title[1:]} (lessons "
                     f"{_number(unit.lessons[0])}–{_number(unit.lessons[-1])})" for unit in UNITS)


def _number(stem: str) -> str:
    """A lesson's number: the units list every lesson in reading order, from 00 (a test holds them to the files)."""
    return f"{[lesson for unit in UNITS for lesson in unit.lessons].index(stem):02d}"


@dataclass(frozen=True)
class QuizQuestion:
    """A question, its choices (none for a number), and its key: the answer and a one-line reason."""

    prompt: str
    answer: str
    reason: str
    choices: tuple[str, ...] = ()

    def __post_init__(self):
        if self.choices and self.answer not in self.choices:
            raise ValueError(f"quiz question {self.prompt!r}: the answer is not one of its choices")


@dataclass(frozen=True)
class Quiz:
    unit: Unit
    kind: str
    questions: tuple[QuizQuestion, ...]

    @property
    def title(self) -> str:
        when = "before" if self.kind == "diagnostic" else "after"
        return f"Unit {self.unit.number} · {self.unit.title}: {self.kind} quiz ({when} the unit)"


def rounded(value: Fraction, places: int) -> str:
    """``value`` rounded half away from zero to ``places`` decimals, as text with a typographic minus.

    >>> rounded(Fraction(-1, 8), 2), rounded(Fraction(2, 3), 0), rounded(Fraction(-1, 2), 2)
    ('−0.13', '1', '−0.50')
    """
    whole = math.floor(abs(value) * 10**places + Fraction(1, 2))
    digits = str(whole).rjust(places + 1, "0")
    text = f"{digits[:-places]}.{digits[-places:]}" if places else digits
    return f"−{text}" if value < 0 and whole else text


def square_root(value: Fraction) -> Fraction:
    """√value to 30 significant digits (enough for any rounding a quiz asks)."""
    with localcontext() as context:
        context.prec = 30
        return Fraction((Decimal(value.numerator) / Decimal(value.denominator)).sqrt())


def _choice(prompt: str, choices: tuple[str, ...], answer: str, reason: str) -> QuizQuestion:
    return QuizQuestion(prompt, answer, reason, choices)


@lru_cache(maxsize=None)
def quizzes() -> tuple[Quiz, ...]:
    """All eight quizzes, unit by unit, the diagnostic first."""
    from ...analysis.lessons.ruin import decided_win_chance
    from ...analysis.lessons.third_card import banker_choice_values, departures, player_totals_given_third

    bets = exact_odds(Composition.full(8)).bets
    banker, tie = bets[BetSpot.BANKER], bets[BetSpot.TIE]
    banker_variance = banker.win * banker.pays**2 + banker.lose - banker.expected_net**2
    banker_loses_decided = 1 - decided_win_chance("banker")
    stand_on_six = banker_choice_values(8)[(6, None)].stand
    nine_after_nine = player_totals_given_third(8)[9][9]
    one, two, three, four = UNITS
    return (
        Quiz(one, "diagnostic", (
            QuizQuestion("Add 7 + 8 + 9 and keep only the last digit. What is left?", str((7 + 8 + 9) % 10),
                         "7 + 8 + 9 = 24, whose last digit is 4."),
            QuizQuestion("What is 5% of 40 chips?", decimal_text(Fraction(5, 100) * 40),
                         "5% is 5/100, and 40 × 5/100 = 2."),
            _choice("A fair coin has landed heads five times in a row. The next toss is…",
                    ("more likely tails", "more likely heads", "equally likely heads or tails"),
                    "equally likely heads or tails", "A coin has no memory: the gambler's fallacy expects it to 'even out'."),
            QuizQuestion("A bet pays 8 to 1. You stake 5 chips and win. How many chips come back, stake included?",
                         str(8 * 5 + 5), "8 to 1 is profit per chip: 40 profit plus the 5 staked."),
            _choice("Over many games against a casino, who comes out ahead on average?",
                    ("a player with a good system", "the house", "whoever is luckiest"), "the house",
                    "Every casino bet is priced to lose a little per chip on average; no system changes that."),
        )),
        Quiz(one, "summative", (
            QuizQuestion("What is the Baccarat total of 6♠ 9♥?", str((6 + 9) % 10), "6 + 9 = 15; keep the last digit, 5."),
            _choice("Player draws an 8. Banker has 3. What does Banker do at Punto Banco?", ("Draw", "Stand"), "Stand",
                    "On 3 Banker draws against every third card except an 8."),
            QuizQuestion("You bet 20 chips on Banker and Banker wins. How many chips come back, stake included?",
                         decimal_text(20 + 20 * Fraction(19, 20)), "Profit 20 × 0.95 = 19, plus the 20 staked: 39."),
            QuizQuestion("A Banque ouverte banker wins 40 on the right and loses 30 on the left. The commission at "
                         "1.25%, in chips, as the table charges it?",
                         decimal_text(Fraction(math.floor((40 - 30) * Fraction(125, 10_000) * 100), 100)),
                         "Net gain 10; 1.25% of 10 is 0.125, rounded down to the hundredth: 0.12."),
            _choice("At Chemin de Fer, which cells of the banker's table are the banker's choice?",
                    ("3 against 9 and 5 against 4", "6 against 6 and 6 against 7", "every cell on 5"),
                    "3 against 9 and 5 against 4", "The Chemin de Fer table leaves exactly those two cells to the banker."),
            _choice("Player has a two-card 8, Banker a two-card 7. What happens?",
                    ("Banker draws", "Player wins at once", "It is a tie"), "Player wins at once",
                    "Player's 8 is a natural: nobody draws, and 8 beats 7."),
        )),
        Quiz(two, "diagnostic", (
            QuizQuestion("A bet wins 2 chips with chance 1/4 and loses 1 chip otherwise. Its average result per bet?",
                         rounded(Fraction(1, 4) * 2 - Fraction(3, 4), 2),
                         "2 × 1/4 − 1 × 3/4 = −1/4: a loss of a quarter of a chip per bet."),
            _choice("Banker and Player: two sides, so…",
                    ("each wins half the time", "Banker wins a little more often, and ties happen too",
                     "Player wins a little more often"),
                    "Banker wins a little more often, and ties happen too",
                    "Banker wins 45.86% of coups, Player 44.62%, and 9.52% tie (8 decks)."),
            QuizQuestion("What is √400?", str(math.isqrt(400)), "20 × 20 = 400."),
            _choice("The longer you play a bet with a house edge, the closer your total loss gets to…",
                    ("zero", "the edge times the chips staked, and that total keeps growing", "your first night's result"),
                    "the edge times the chips staked, and that total keeps growing",
                    "The average per chip settles near the edge; the total loss grows with the chips staked."),
            _choice("Which is a rate per chip staked, not what happens tonight?",
                    ("the house edge", "tonight's result", "the biggest win"), "the house edge",
                    "The edge is an average over very many coups; one night swings far more."),
        )),
        Quiz(two, "summative", (
            QuizQuestion("Banker's house edge with 8 decks, in percent, to two decimals?",
                         rounded(banker.house_edge * 100, 2), "0.95 × 45.8597% − 44.6247% = −1.0580% per chip (with the chances to four decimals)."),
            QuizQuestion("The Tie bet's house edge at 8:1 with 8 decks, in percent, to two decimals?",
                         rounded(tie.house_edge * 100, 2), "8 × 9.5156% − 90.4844% = −14.3596% per chip (with the chances to four decimals)."),
            QuizQuestion("You stake 500 chips in total on Banker. Expected loss, in chips, to two decimals?",
                         rounded(banker.house_edge * 500, 2), "Edge × total staked: 1.0579% × 500 = 5.29."),
            QuizQuestion("The SD of one Banker bet is 0.9274. The SD of the net of 400 one-chip Banker bets, "
                         "to two decimals?", rounded(square_root(banker_variance) * 20, 2),
                         "Variances add: SD = 0.9274 × √400 = 0.9274 × 20 = 18.55 chips."),
            _choice("Play four times as many rounds: the typical swing of the total is multiplied by…",
                    ("4", "2", "16"), "2", "The SD grows like √n, and √4 = 2."),
            _choice("A simulation of a million Banker bets gives its edge within about…",
                    ("±0.018%", "±0.18%", "±1.8%"), "±0.18%",
                    "95% interval: 1.96 × 0.9274 / √1,000,000 = ±0.18%."),
        )),
        Quiz(three, "diagnostic", (
            _choice("After six Banker wins in a row, the next decided coup is…",
                    ("more likely Player: it is due", "more likely Banker: it is hot", "Banker about 50.7%, whatever the streak"),
                    "Banker about 50.7%, whatever the streak", "Results do not change the cards; streaks predict nothing."),
            QuizQuestion("Doubling from 1 chip, you lose six times in a row: 1, 2, 4, 8, 16, 32. Chips lost in all?",
                         str(sum(2**k for k in range(6))), "1 + 2 + 4 + 8 + 16 + 32 = 63."),
            QuizQuestion("The chance of losing three fair coin tosses in a row, as a decimal?",
                         decimal_text(Fraction(1, 2) ** 3), "(1/2)³ = 1/8 = 0.125."),
            _choice("A system wins a little in most sessions. Does it beat the house edge?",
                    ("Yes", "No: rare large losses outweigh the many small wins"),
                    "No: rare large losses outweigh the many small wins",
                    "Every chip it stakes keeps the bet's edge; the system reshapes the results, not the average."),
            _choice("Which of these can change the chances of the next coup?",
                    ("the results so far", "the cards left in the shoe", "how long you have played"),
                    "the cards left in the shoe", "Only the cards left decide the next coup."),
        )),
        Quiz(three, "summative", (
            QuizQuestion("Banker loses a decided coup with chance 1 − 0.5068. The chance of seven such losses in a "
                         "row, in percent, to two decimals?", rounded(banker_loses_decided**7 * 100, 2),
                         "0.4932⁷ ≈ 0.0071: the run that busts a Martingale of 100 chips."),
            QuizQuestion("A coup favours you by 0.5%; the bet's variance is 1. Kelly stake on 2,000 chips?",
                         decimal_text(Fraction(5, 1000) / 1 * 2000), "Kelly fraction = 0.005 / 1; times 2,000 = 10 chips."),
            QuizQuestion("A bet wins a decided coup with p = 0.49. What is q/p, to three decimals?",
                         rounded(Fraction(51, 100) / Fraction(49, 100), 3), "q = 0.51, and 0.51 / 0.49 = 1.0408…"),
            QuizQuestion("A fair coin, one chip a toss, from 30 chips until 100 or 0: the chance of reaching 100, "
                         "in percent?", decimal_text(Fraction(30, 100) * 100),
                         "In a fair game the chance is start ÷ goal: 30 / 100."),
            _choice("100 chips, goal 200, a game that favours the house: which play has the better chance?",
                    ("one chip at a time", "everything at once"), "everything at once",
                    "Bold play gives the edge the fewest coups to work on."),
            _choice("Which card, taken out of an 8-deck shoe, helps a Banker bettor most?",
                    ("an ace", "a 4", "a 6", "a 9"), "a 4", "Removing a 4 lowers Banker's edge most; a 6 raises it most."),
        )),
        Quiz(four, "diagnostic", (
            QuizQuestion("Two dice: the first shows a 6. The chance the sum is 12, as a fraction?",
                         decimal_text(Fraction(1, 6)), "Given the first 6, the sum is 12 only if the second is a 6: 1/6."),
            _choice("Which two-card Baccarat total is the commonest?", ("0", "5", "9", "they are all equally common"),
                    "0", "Sixteen of every 52 cards count 0, so a two-card 0 comes up most often."),
            QuizQuestion("A game wins 1 chip with chance 0.6 and loses 1 with chance 0.4. Its expected value?",
                         decimal_text(Fraction(6, 10) - Fraction(4, 10)), "0.6 × 1 − 0.4 × 1 = 0.2."),
            _choice("A story repeated on many websites is…",
                    ("well supported", "as good as its earliest source"), "as good as its earliest source",
                    "Copies of one claim are one source."),
            _choice("A strategy that is better than the alternative whatever the opponent does is called…",
                    ("dominant", "mixed", "lucky"), "dominant", "That is the definition of a dominant strategy."),
        )),
        Quiz(four, "summative", (
            QuizQuestion("Player drew a 9 (8 decks). The chance its final total is 9, in percent, nearest whole?",
                         rounded(nine_after_nine * 100, 0), "Bayes: the final 9 comes from the commonest two-card 0: 23.75%."),
            QuizQuestion("Banker has 6 and Player stood. Banker's expected result if it stands (+1, 0, −1), "
                         "to two decimals?", rounded(stand_on_six, 2),
                         "Player has 6 (tie) or 7 (loss) about equally often: about −0.50."),
            QuizQuestion("In how many cells of Punto Banco's 8-deck drawing table is the rule not the Banker hand's "
                         "best reply?", str(len(departures(8))), "Comparing drawing and standing in every cell: two cells."),
            _choice("In the classic Chemin de Fer game, how often does the punter draw on 5?",
                    ("always", "never", "with probability 9/11"), "with probability 9/11",
                    "Mixing at 9/11 keeps the banker from exploiting the punter."),
            _choice("The oldest known printed description of Baccarat is…",
                    ("Italian, 15th century", "French, 1847", "Cuban, 1950s"), "French, 1847",
                    "The documents begin in France in the 19th century."),
            _choice("Why does the house keep a drawing table that is not always the best reply?",
                    ("It sets the commission for the rules as written", "It is required by law", "It plays the Banker hand"),
                    "It sets the commission for the rules as written", "Both bets lose on average whatever the table says."),
        )),
    )


def quiz(unit: int, kind: str) -> Quiz:
    """The ``kind`` ("diagnostic" or "summative") quiz of unit ``unit`` (1–4)."""
    return next(q for q in quizzes() if q.unit.number == unit and q.kind == kind)
