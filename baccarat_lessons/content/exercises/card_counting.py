"""Exercises of the lesson notebook ``*_card_counting.ipynb``, asked there with ``ask("card_counting", key)``."""

from . import ChoiceExercise

EXERCISES = (
    ChoiceExercise(
        'best-card-out',
        'Which card, taken out of the shoe, helps a Banker bettor the most?',
        choices=('An ace', 'A 4', 'A 6', 'A 9'),
        correct='A 4',
        explanation="Removing a 4 lowers Banker's house edge more than any other card (see the table). Removing a 6 hurts Banker most.",
        worked=(
            'Read the Banker column of the effects-of-removal table: the change in the edge when one card leaves.',
            'The most negative entry (the edge falls most) is the 4: the best card out for a Banker bettor.',
            "The 6 has the most positive entry: it raises Banker's edge most.",
        ),
    ),
    ChoiceExercise(
        'why-counting',
        'Why can card counting change the odds when betting systems cannot?',
        choices=('Because counters bet more', 'Because the cards left in the shoe determine the chances; past results do not', 'Because the casino allows it'),
        correct='Because the cards left in the shoe determine the chances; past results do not',
        explanation='A result is a consequence of cards; the cards that are gone change what can come next.',
        worked=(
            'The chances of the next coup are a function of the cards left in the shoe (lesson 07 counts them exactly).',
            'A counter tracks those cards; a betting system tracks only results, which say almost nothing about them.',
        ),
    ),
    ChoiceExercise(
        'worth-it',
        'Is counting cards at Baccarat worth the effort for a Banker or Player bettor?',
        choices=('Yes: it gives a steady edge', 'No: favourable coups are rare, late and mostly worth under one percent', 'Only with one deck'),
        correct='No: favourable coups are rare, late and mostly worth under one percent',
        explanation='The simulation above: well under one favourable coup per shoe, tiny advantages, and a tiny gain per shoe even for a perfect counter.',
        worked=(
            'One card moves the main edges by thousandths of a percentage point, so many cards must leave before either bet turns.',
            "In forty real shoes favourable coups come well under once a shoe, near the end, and all but one of "
            "Banker's and Player's are worth under one percent.",
            'Even a perfect counter betting 1 chip on them gains under a thousandth of a chip per shoe.',
        ),
    ),
)
