"""Exercises of the lesson notebook ``*_game_theory.ipynb``, asked there with ``ask("game_theory", key)``."""

from . import ChoiceExercise

EXERCISES = (
    ChoiceExercise(
        'dominant',
        "In the table model, why is the punter's choice on 5 settled without any mixing?",
        choices=('Drawing on 5 is better whatever the banker does', 'The banker always stands', 'Standing on 5 is always better'),
        correct='Drawing on 5 is better whatever the banker does',
        explanation='Every entry of the draw row beats the stand row: a dominant strategy needs no guessing.',
    ),
    ChoiceExercise(
        'always-stand',
        'In the classic game, what happens if the punter always stands on 5?',
        choices=('Nothing changes', 'The banker can adjust and the punter does worse than with 9/11', 'The punter gains an edge'),
        correct='The banker can adjust and the punter does worse than with 9/11',
        explanation='The curve is lower at p = 0 than at 9/11: a predictable punter can be exploited.',
    ),
    ChoiceExercise(
        'banque-knows',
        "What does the Banque banker know that a Chemin de Fer banker's table ignores?",
        choices=("The tableaux's first two cards", 'The stakes on each side', 'The next card in the shoe'),
        correct='The stakes on each side',
        explanation="Neither banker sees the other hands' first two cards; the Banque banker weighs each side by its stake.",
    ),
)
