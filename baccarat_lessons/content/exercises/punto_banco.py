"""Exercises of the lesson notebook ``*_punto_banco.ipynb``, asked there with ``ask("punto_banco", key)``."""

from . import ChoiceExercise, NumberExercise

EXERCISES = (
    NumberExercise(
        'banker-return',
        'You bet 40 chips on Banker and Banker wins. How many chips come back to you, stake included?',
        answer='78',
        explanation='Profit 40 × 0.95 = 38, plus the 40 staked: 78.',
        worked=(
            'Banker pays 0.95:1: the profit is 0.95 of the stake (1:1 less a 5% commission).',
            'Profit: 40 × 0.95 = 38 chips (40 less 5% of 40, which is 2).',
            'The stake comes back too: 40 + 38 = 78 chips.',
        ),
    ),
    NumberExercise(
        'tie-return',
        'You bet 5 chips on Tie at 8:1 and the hands tie. How many chips come back?',
        answer='45',
        explanation='8 × 5 = 40 profit, plus the stake: 45.',
        worked=(
            '8:1 is profit per chip staked: 8 × 5 = 40 chips of profit.',
            'The stake comes back with it: 40 + 5 = 45 chips.',
        ),
    ),
    ChoiceExercise(
        'tie-push',
        'You bet 10 on Player and the coup ties 6–6. What happens to your bet?',
        choices=('It loses', 'It is returned', 'It wins 1:1'),
        correct='It is returned',
        explanation='A tie is a push for Player and Banker bets: the stake comes back, no more, no less.',
        worked=(
            'A Player bet wins only if Player finishes closer to nine than Banker.',
            'On a tie neither hand is closer, so Player and Banker bets push: the 10 chips come back, net 0.',
        ),
    ),
    ChoiceExercise(
        'presentation-setting',
        'Which setting changes neither the chances of any result nor any payout?',
        choices=('Tie pays 9:1', 'Banker-7 settlement', 'Deal speed', 'Number of decks'),
        correct='Deal speed',
        explanation='Deal speed, sound, timer and reduced motion are presentation only. The tie payout and banker-7 change payouts; the number of decks changes the chances slightly (lesson 07).',
        worked=(
            'Tie pays 9:1 changes a payout: 9 chips of profit per chip instead of 8.',
            'Banker-7 changes a payout: Banker wins pay 1:1, but a win with a three-card 7 only pushes.',
            'The number of decks changes the chances a little: each card drawn changes the rest by a different share.',
            'Deal speed only changes how fast the cards appear on screen: the answer.',
        ),
    ),
)
