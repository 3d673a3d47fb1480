"""Exercises of the lesson notebook ``*_banque_limitee.ipynb``, asked there with ``ask("banque_limitee", key)``."""

from . import ChoiceExercise, NumberExercise

EXERCISES = (
    NumberExercise(
        'commission-2',
        'The casino banker wins 25 on the right and 25 on the left. What is the commission at 2%?',
        answer='1',
        explanation='Net gain 50; 2% of 50 is 1 chip.',
        worked=(
            'Net gain over both tableaux: 25 + 25 = 50 chips.',
            'Commission: 2% of 50 = 0.02 × 50 = 1 chip.',
            '(At Banque ouverte\'s 1.25% it would be 0.625, charged as 0.62: rounded down.)',
        ),
    ),
    ChoiceExercise(
        'not-true',
        'Which of these is NOT true of Banque limitée on this site?',
        choices=('The banker never rotates', 'The shoe has three decks', 'The banker must follow a drawing table', 'Wagers are 5 to 25 chips'),
        correct='The banker must follow a drawing table',
        explanation='In both Banque forms the banker chooses freely; only the captains have rules and guidance (must draw on 0; draw on 1–4, stand on 6–7, choose on 5).',
        worked=(
            'True: the casino holds the bank and never gives it up, so the banker never rotates.',
            'True: the shoe has three decks, and each wager is 5 to 25 virtual chips.',
            'Not true: no table binds a Banque banker, who draws or stands freely. That is the answer.',
        ),
    ),
)
