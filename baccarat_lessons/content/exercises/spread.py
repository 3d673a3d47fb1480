"""Exercises of lesson 08 (spread): variance, the central limit theorem, standard error, rounds until the edge shows."""

from . import ChoiceExercise, NumberExercise

EXERCISES = (
    ChoiceExercise(
        key="predict-tie",
        prompt="Before the table: which bet's result swings more from coup to coup, per chip staked?",
        choices=("Banker", "Tie", "They swing the same: both lose about a chip when they lose"),
        correct="Tie",
        explanation="Tie loses a chip 90% of the time and wins 8 chips the rest: results far from the mean, "
                    "so its SD is about 2.64 against Banker's 0.93.",
    ),
    NumberExercise(
        key="sd-banker",
        prompt="One chip on Banker, 8 decks: what is the standard deviation of its net result, to two decimals?",
        answer="0.93", tolerance="0.01",
        explanation="Variance = 0.95² × 0.4586 + 1² × 0.4462 − (−0.0106)² ≈ 0.860; its square root is 0.93. "
                    "(0.86 is the variance, not the SD; 1.06% is the edge.)",
    ),
    NumberExercise(
        key="session-sd",
        prompt="100 one-chip bets on Player (SD 0.95 per bet): what is the SD of the session's net, in chips?",
        answer="9.5", tolerance="0.2",
        explanation="Variances add: 100 × 0.95² ≈ 90.5, and √90.5 ≈ 9.5. The SD grows like √n, "
                    "not like n (that would give 95).",
    ),
    NumberExercise(
        key="standard-error",
        prompt="A simulation of 1,000,000 Banker bets estimates the result per chip. Its standard error, in percent?",
        answer="0.093", tolerance="0.003", unit="%",
        explanation="σ / √n = 0.927 / 1,000 ≈ 0.00093 = 0.093%: a 95% interval is about ±0.18%, "
                    "wide enough to hold the exact −1.06% and narrow enough to rule out Player's −1.24%.",
    ),
    ChoiceExercise(
        key="rounds-to-show",
        prompt="About how many Banker bets until the expected loss is larger than two standard deviations?",
        choices=("300", "3,000", "30,000", "300,000"),
        correct="30,000",
        explanation="n > 4σ²/μ² = 4 × 0.86 / 0.0106² ≈ 30,700: hundreds of hours of play. Before that, "
                    "chance can still hide the edge.",
    ),
    NumberExercise(
        key="hour-loss",
        prompt="At an assumed 160 coups an hour, 10 chips on Banker every coup: expected loss per hour, in chips?",
        answer="16.93", tolerance="0.5",
        explanation="160 × 10 × 1.0579% ≈ 16.9 chips. The SD of the hour is 10 × 0.93 × √160 ≈ 117 chips, "
                    "so a single hour says very little about the edge.",
    ),
)
