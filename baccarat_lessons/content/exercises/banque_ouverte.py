"""Exercises of the lesson notebook ``*_banque_ouverte.ipynb``, asked there with ``ask("banque_ouverte", key)``."""

from . import ChoiceExercise, NumberExercise

EXERCISES = (
    NumberExercise(
        'net-commission',
        'The banker wins 80 chips on the right and loses 16 on the left. What is the commission at 1.25%?',
        answer='0.8',
        explanation='Net gain 80 − 16 = 64; 1.25% of 64 is 0.8 chips.',
        worked=(
            'The commission is on the net gain over both tableaux: 80 − 16 = 64 chips.',
            '1.25% of 64 = 0.0125 × 64 = 0.8 chips (64 ÷ 80 = 0.8: 1.25% is one eightieth).',
            'It is a whole number of hundredths, so no rounding down is needed: 0.80.',
        ),
    ),
    ChoiceExercise(
        'banker-natural',
        'The banker has a natural 9, the right tableau a natural 8, the left tableau 5. What happens?',
        choices=('The left captain may still draw', "Both tableaux are settled at once: the banker's natural beats both", 'Only the right tableau is settled'),
        correct="Both tableaux are settled at once: the banker's natural beats both",
        explanation="A banker natural ends the coup on both sides. The right tableau's 8 loses to 9; the left's 5 loses too.",
        worked=(
            "The banker's 9 is a natural, and a banker natural ends the coup on both sides: nobody draws.",
            'Right: 8 against 9, the banker wins. Left: 5 against 9, the banker wins.',
            'The banker wins both sides and pays commission on that net gain.',
        ),
    ),
)
