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
        worked=(
            "Banker's results are +0.95, 0 or −1: all within about a chip of its mean, −0.0106.",
            "Tie's are +8 (9.52% of coups) or −1 (90.48%): the +8 lies far from its mean, −0.1436.",
            "Tie's variance: 0.095156 × 8² + 0.904844 × 1² − 0.143596² ≈ 6.974, so its SD is √6.974 ≈ 2.64.",
            "Banker's SD is 0.93 (next exercise): Tie swings almost three times as much.",
        ),
    ),
    NumberExercise(
        key="sd-banker",
        prompt="One chip on Banker, 8 decks: what is the standard deviation of its net result, to two decimals?",
        answer="0.93", tolerance="0.01",
        explanation="Variance = 0.95² × 0.4586 + 1² × 0.4462 − (−0.0106)² ≈ 0.860; its square root is 0.93. "
                    "(0.86 is the variance, not the SD; 1.06% is the edge.)",
        worked=(
            "Outcomes: +0.95 with chance 0.4586, 0 with 0.0952, −1 with 0.4462.",
            "Mean μ = 0.95 × 0.458597 − 0.446247 = −0.010580 (with chances to six places).",
            "Variance σ² = 0.95² × 0.4586 + 1² × 0.4462 − μ² = 0.4139 + 0.4462 − 0.0001 ≈ 0.8600.",
            "SD σ = √0.8600 ≈ 0.9274, so 0.93 to two decimals.",
        ),
    ),
    NumberExercise(
        key="session-sd",
        prompt="100 one-chip bets on Player (SD 0.95 per bet): what is the SD of the session's net, in chips?",
        answer="9.5", tolerance="0.2",
        explanation="Variances add: 100 × 0.95² = 90.25, and √90.25 = 9.5. The SD grows like √n, "
                    "not like n (that would give 95).",
        worked=(
            "The bets are independent, so their variances add: one bet has variance 0.95² = 0.9025.",
            "100 bets: 100 × 0.9025 = 90.25.",
            "SD = √90.25 = 9.5 chips, that is 0.95 × √100. (With the unrounded SD 0.9512: 100 × 0.9512² ≈ 90.5, SD ≈ 9.51.)",
            "Not 100 × 0.95 = 95: SDs do not add, variances do.",
        ),
    ),
    NumberExercise(
        key="standard-error",
        prompt="A simulation of 1,000,000 Banker bets estimates the result per chip. Its standard error, "
               "in percent, to three decimal places?",
        answer="0.093", tolerance="0.0005", unit="%",
        explanation="σ / √n = 0.927 / 1,000 ≈ 0.00093 = 0.093%: a 95% interval is about ±0.18%, wide enough to hold "
                    "the exact −1.06% but not narrow enough to rule out Player's −1.24%: its half-width, 0.1818%, "
                    "is a shade larger than the gap of 0.1772% between −1.0579% and −1.2351%.",
        worked=(
            "The standard error of an average of n bets is σ / √n.",
            "σ = 0.9274 for Banker and √1,000,000 = 1,000, so 0.9274 / 1,000 = 0.000927 per chip.",
            "In percent: 0.0927%, which is 0.093 to three decimal places.",
            "A 95% interval is ±1.96 × 0.0927% = ±0.1818%.",
            "The gap between Banker (−1.0579%) and Player (−1.2351%) is 0.1772%, less than 0.1818%: "
            "an interval around Banker's simulated edge can still hold Player's.",
        ),
    ),
    ChoiceExercise(
        key="rounds-to-show",
        prompt="About how many Banker bets until the expected loss is larger than two standard deviations?",
        choices=("300", "3,000", "30,000", "300,000"),
        correct="30,000",
        explanation="n > 4σ²/μ² = 4 × 0.8600 / 0.010579² ≈ 30,700: hundreds of hours of play. Before that, "
                    "chance can still hide the edge.",
        worked=(
            "After n bets the expected loss is n·|μ| and the SD σ√n.",
            "n·|μ| > 2σ√n exactly when √n > 2σ / |μ|, that is n > 4σ² / μ².",
            "4 × 0.860019 / 0.010579² = 3.44008 / 0.000111915 ≈ 30,738 bets.",
            "Of the choices, about 30,000.",
        ),
    ),
    NumberExercise(
        key="hour-loss",
        prompt="At an assumed 160 coups an hour, 10 chips on Banker every coup: expected loss per hour, in chips?",
        answer="16.93", tolerance="0.5",
        explanation="160 × 10 × 1.0579% ≈ 16.9 chips. The SD of the hour is 10 × 0.93 × √160 ≈ 117 chips, "
                    "so a single hour says very little about the edge.",
        worked=(
            "Chips staked in the hour: 160 × 10 = 1,600.",
            "Expected loss = 1,600 × 1.0579% = 16.93 chips.",
            "SD of the hour: 10 × 0.9274 × √160 = 10 × 0.9274 × 12.65 ≈ 117 chips, about seven times the loss.",
        ),
    ),
)
