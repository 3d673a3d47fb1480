"""Exercises of the lesson notebook ``*_banque_ouverte.ipynb``, asked there with ``ask("banque_ouverte", key)``."""

from . import ChoiceExercise, NumberExercise

EXERCISES = (
    NumberExercise(
        'net-commission',
        'The banker wins 80 chips on the right and loses 16 on the left. What is the commission at 1.25%?',
        answer='0.8',
        explanation='Net gain 80 − 16 = 64; 1.25% of 64 is 0.8 chips.',
    ),
    ChoiceExercise(
        'banker-natural',
        'The banker has a natural 9, the right tableau a natural 8, the left tableau 5. What happens?',
        choices=('The left captain may still draw', "Both tableaux are settled at once: the banker's natural beats both", 'Only the right tableau is settled'),
        correct="Both tableaux are settled at once: the banker's natural beats both",
        explanation="A banker natural ends the coup on both sides. The right tableau's 8 loses to 9; the left's 5 loses too.",
    ),
)
