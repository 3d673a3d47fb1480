"""Exercises of the lesson notebook ``*_game_theory.ipynb``, asked there with ``ask("game_theory", key)``."""

from . import ChoiceExercise

EXERCISES = (
    ChoiceExercise(
        'dominant',
        "In the table model, why is the punter's choice on 5 settled without any mixing?",
        choices=('Drawing on 5 is better whatever the banker does', 'The banker always stands', 'Standing on 5 is always better'),
        correct='Drawing on 5 is better whatever the banker does',
        explanation='Every entry of the draw row beats the stand row: a dominant strategy needs no guessing.',
        worked=(
            "Read the payoff table column by column: each column is one plan of the banker's.",
            "In every column the punter's value in the draw-on-5 row is higher than in the stand row.",
            'A choice that is better against every reply dominates: the punter draws, and there is nothing to guess.',
        ),
    ),
    ChoiceExercise(
        'always-stand',
        'In the classic game, what happens if the punter always stands on 5?',
        choices=('Nothing changes', 'The banker can adjust and the punter does worse than with 9/11', 'The punter gains an edge'),
        correct='The banker can adjust and the punter does worse than with 9/11',
        explanation='The curve is lower at p = 0 than at 9/11: a predictable punter can be exploited.',
        worked=(
            "The curve gives the punter's value when the banker answers each drawing probability p with its best reply.",
            'It peaks at p = 9/11; always standing is p = 0, where the curve is lower.',
            'Knowing the punter stands on 5, the banker changes its plan to exploit that: the punter does worse.',
        ),
    ),
    ChoiceExercise(
        'banque-knows',
        "What does the Banque banker know that a Chemin de Fer banker's table ignores?",
        choices=("The tableaux's first two cards", 'The stakes on each side', 'The next card in the shoe'),
        correct='The stakes on each side',
        explanation="Neither banker sees the other hands' first two cards; the Banque banker weighs each side by its stake.",
        worked=(
            "Neither banker sees the other hands' first two cards, and nobody sees the next card.",
            "The Banque banker sees how much is staked on each tableau and may play to beat the side with more at stake.",
            "The Chemin de Fer table depends only on the banker's total and the punter's third card, never on the stakes.",
        ),
    ),
)
