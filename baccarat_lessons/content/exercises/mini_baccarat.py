"""Exercises of the lesson notebook ``*_mini_baccarat.ipynb``, asked there with ``ask("mini_baccarat", key)``."""

from . import ChoiceExercise, NumberExercise

EXERCISES = (
    ChoiceExercise(
        'same-rules',
        "Compared with Punto Banco, Mini Baccarat's drawing rules are…",
        choices=('the same', 'simpler: Banker always draws on 0–5', 'decided by the dealer'),
        correct='the same',
        explanation='Mini Baccarat plays by exactly the same drawing table and payouts; only the table, limits and pace differ.',
        worked=(
            'Mini Baccarat is Punto Banco at a small table: one dealer, low limits, a faster pace.',
            'The drawing table, the payouts and the shoe are the same, so the rules are the same and nobody chooses.',
        ),
    ),
    NumberExercise(
        'expected-loss',
        "Betting 5 chips on Player every round, roughly how many chips do you expect to lose over 200 rounds? (Player's house edge is about 1.24%.)",
        answer='12.4',
        tolerance='0.6',
        explanation='200 rounds × 5 chips = 1,000 chips staked; 1.24% of that is about 12.4 chips. The tie pushes make no difference: the edge is already per chip staked.',
        worked=(
            'Total staked: 200 rounds × 5 chips = 1,000 chips.',
            'The house edge is the average loss per chip staked: 1.24% (1.2351% to four decimals, with 8 decks).',
            'Expected loss = edge × total staked = 0.0124 × 1,000 = 12.4 chips (12.35 with the exact edge).',
            'Ties need no correction: the edge already counts them as pushes.',
        ),
    ),
)
