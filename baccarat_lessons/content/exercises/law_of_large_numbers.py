"""Exercises of the lesson notebook ``*_law_of_large_numbers.ipynb``, asked there with ``ask("law_of_large_numbers", key)``."""

from . import ChoiceExercise, NumberExercise

EXERCISES = (
    NumberExercise(
        'expected-loss',
        'Betting 1 chip on Banker for 10,000 rounds, what loss do you expect, to the nearest chip?',
        answer='106',
        tolerance='1',
        explanation='10,000 × 1.0579% = 105.79, which is 106 to the nearest chip.',
        worked=(
            'Total staked: 10,000 rounds × 1 chip = 10,000 chips.',
            "Banker's edge with 8 decks: 1.0579% per chip staked.",
            'Expected loss: 10,000 × 0.010579 = 105.79, so 106 chips to the nearest chip.',
        ),
    ),
    ChoiceExercise(
        'ann-ahead',
        "Ann bet 1 chip on Banker every round for 200 rounds and finished 15 chips ahead. What does that tell you about the Banker bet's edge?",
        choices=('It favours the bettor', 'Almost nothing: one short session swings far more than the edge', 'That Ann has found a good strategy'),
        correct='Almost nothing: one short session swings far more than the edge',
        explanation='After 200 rounds the expected loss is about 2 chips and the typical swing about 13. Finishing at least 15 ahead happens in about one session in ten (9.6%, counted exactly).',
        worked=(
            'Expected result of 200 one-chip Banker bets: 200 × (−1.0579%) ≈ −2.1 chips.',
            'Typical swing: 0.9274 × √200 ≈ 0.9274 × 14.14 ≈ 13.1 chips.',
            '+15 is (15 + 2.1) / 13.1 ≈ 1.3 SDs above the mean; the bell curve puts about 9.6% of sessions there, '
            'and the exact count of the 200-round distribution gives 9.6% too.',
            'One honest session in ten does as well as Ann: her result says almost nothing about the edge.',
        ),
    ),
    ChoiceExercise(
        'swing-growth',
        'If you play four times as many rounds, the expected loss is multiplied by 4. The typical swing is multiplied by…',
        choices=('4', '2', '16'),
        correct='2',
        explanation='The spread grows like the square root of the number of rounds: √4 = 2. That is why the loss wins in the long run.',
        worked=(
            'Variances of independent rounds add: n rounds have variance n·σ², so an SD of σ√n.',
            'Four times the rounds: σ√(4n) = 2·σ√n. The swing doubles while the expected loss quadruples.',
        ),
    ),
)
