"""Exercises of the lesson notebook ``*_punto_banco.ipynb``, asked there with ``ask("punto_banco", key)``."""

from . import ChoiceExercise, NumberExercise

EXERCISES = (
    NumberExercise(
        'banker-return',
        'You bet 40 chips on Banker and Banker wins. How many chips come back to you, stake included?',
        answer='78',
        explanation='Profit 40 × 0.95 = 38, plus the 40 staked: 78.',
    ),
    NumberExercise(
        'tie-return',
        'You bet 5 chips on Tie at 8:1 and the hands tie. How many chips come back?',
        answer='45',
        explanation='8 × 5 = 40 profit, plus the stake: 45.',
    ),
    ChoiceExercise(
        'tie-push',
        'You bet 10 on Player and the coup ties 6–6. What happens to your bet?',
        choices=('It loses', 'It is returned', 'It wins 1:1'),
        correct='It is returned',
        explanation='A tie is a push for Player and Banker bets: the stake comes back, no more, no less.',
    ),
    ChoiceExercise(
        'presentation-setting',
        'Which setting changes neither the chances of any result nor any payout?',
        choices=('Tie pays 9:1', 'Banker-7 settlement', 'Deal speed', 'Number of decks'),
        correct='Deal speed',
        explanation='Deal speed, sound, timer and reduced motion are presentation only. The tie payout and banker-7 change payouts; the number of decks changes the chances slightly (lesson 07).',
    ),
)
