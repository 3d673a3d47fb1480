"""Exercises of the lesson notebook ``*_chemin_de_fer.ipynb``, asked there with ``ask("chemin_de_fer", key)``."""

from . import ChoiceExercise, NumberExercise

EXERCISES = (
    ChoiceExercise(
        'optional-cell',
        "The banker has 5 and the punter's third card is a 4. What must the banker do?",
        choices=('Draw', 'Stand', "Either: it is the banker's choice"),
        correct="Either: it is the banker's choice",
        explanation='5 against 4 is one of the two optional cells; the other is 3 against 9.',
        worked=(
            "Find the cell: banker's total 5, row; punter's third card 4, column.",
            'At Chemin de Fer that cell is marked C: the banker may draw or stand.',
            'The two optional cells are 5 against 4 and 3 against 9; everywhere else the table decides.',
        ),
    ),
    ChoiceExercise(
        'uncovered-bank',
        'The bank holds 100 chips. Players have bet 60 in total and the banker wins. What happens to the 40 uncovered chips?',
        choices=('The banker loses them', 'They stay in the bank: nobody bet against them', 'They go to the casino'),
        correct='They stay in the bank: nobody bet against them',
        explanation='Only the covered part of the bank is at stake in a coup.',
        worked=(
            'The players cover 60 of the 100 chips in the bank, so 60 is at stake.',
            'The banker wins those 60 (less commission); the other 40 were never bet against.',
            'They stay in the bank, which now holds 100 + 60 less the commission.',
        ),
    ),
    NumberExercise(
        'banker-gain',
        'The banker wins a coup against 80 chips of bets. With a 5% commission, how many chips does the banker gain?',
        answer='76',
        explanation='80 won, less 5% of 80 (4 chips): 76.',
        worked=(
            'The banker wins the 80 chips bet against the bank.',
            'Commission: 5% of 80 = 0.05 × 80 = 4 chips.',
            'Gain: 80 − 4 = 76 chips.',
        ),
    ),
)
