"""Exercises of the lesson notebook ``*_banque_limitee.ipynb``, asked there with ``ask("banque_limitee", key)``."""

from . import ChoiceExercise, NumberExercise

EXERCISES = (
    NumberExercise(
        'commission-2',
        'The casino banker wins 25 on the right and 25 on the left. What is the commission at 2%?',
        answer='1',
        explanation='Net gain 50; 2% of 50 is 1 chip.',
    ),
    ChoiceExercise(
        'not-true',
        'Which of these is NOT true of Banque limitée on this site?',
        choices=('The banker never rotates', 'The shoe has three decks', 'The banker must follow a drawing table', 'Wagers are 5 to 25 chips'),
        correct='The banker must follow a drawing table',
        explanation='In both Banque forms the banker chooses freely; only the punters have guidance (draw 0–4, stand 6–7).',
    ),
)
