"""The answers to the lessons' "Predict…" prompts, for the teacher.

Each answer is keyed by its lesson (the stable part of the file name) and a distinctive fragment of
the markdown cell that asks it, so a test can check that every "Predict" prompt in the notebooks
has its answer, and that no answer points at a prompt that has gone.

>>> answers_for("ruin_and_bet_size")[0].fragment
'stop at 200 or when the chips are gone'
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PredictAnswer:
    """The answer to one prompt: where it is asked, the prompt as a teacher reads it, and the answer."""

    lesson: str
    fragment: str
    prompt: str
    answer: str


PREDICT_ANSWERS = (
    PredictAnswer(
        "spread", "after how many bets does the bell curve fit",
        "After how many one-chip Player bets does the bell curve fit the exact distribution?",
        "By about 100 bets. One bet is three spikes (+1, 0, −1); ten are already hump-shaped but lumpy; at 100 the "
        "bars and the normal curve of mean 100μ and SD 0.9512 × √100 ≈ 9.5 agree, and at 1,000 they are hard to tell "
        "apart. That is the central limit theorem.",
    ),
    PredictAnswer(
        "spread", "a million simulated Banker bets — how wide is the interval",
        "A million simulated Banker bets: how wide is the 95% interval?",
        "About ±0.18%: the standard error is 0.9274 / √1,000,000 = 0.0927%, and 1.96 × 0.0927% = 0.1818%. That is a "
        "shade wider than the 0.1772% gap between Banker (−1.0579%) and Player (−1.2351%), so a million coups only "
        "just fail to tell the two bets apart.",
    ),
    PredictAnswer(
        "ruin_and_bet_size", "stop at 200 or when the chips are gone",
        "100 chips, stop at 200 or at 0: one chip per coup, or everything at once?",
        "Everything at once (bold play). On Player, one coup doubles the 100 chips with chance 49.3% (ties are "
        "replayed); one chip at a time reaches 200 with chance only 6.1%, because the edge works on every one of "
        "the many coups it takes.",
    ),
    PredictAnswer(
        "ruin_and_bet_size", "Predict the chance of going broke",
        "Martingale on Banker, 100 chips, base 1, table maximum 100, 200 coups: the chance of going broke?",
        "About 40% (40.4% exactly). About half the sessions (52.2%) finish ahead, but the average session loses "
        "about 5.5 chips: seven losses in a row, ties aside, empty the bankroll.",
    ),
)


def answers_for(lesson: str) -> tuple[PredictAnswer, ...]:
    """The answers to the prompts of ``lesson``, in the order they are listed."""
    return tuple(answer for answer in PREDICT_ANSWERS if answer.lesson == lesson)
