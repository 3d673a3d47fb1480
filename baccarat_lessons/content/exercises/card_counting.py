"""Exercises of the lesson notebook ``*_card_counting.ipynb``, asked there with ``ask("card_counting", key)``."""

from . import ChoiceExercise

EXERCISES = (
    ChoiceExercise(
        'best-card-out',
        'Which card, taken out of the shoe, helps a Banker bettor the most?',
        choices=('An ace', 'A 4', 'A 6', 'A 9'),
        correct='A 4',
        explanation="Removing a 4 lowers Banker's house edge more than any other card (see the table). Removing a 6 hurts Banker most.",
    ),
    ChoiceExercise(
        'why-counting',
        'Why can card counting change the odds when betting systems cannot?',
        choices=('Because counters bet more', 'Because the cards left in the shoe determine the chances; past results do not', 'Because the casino allows it'),
        correct='Because the cards left in the shoe determine the chances; past results do not',
        explanation='A result is a consequence of cards; the cards that are gone change what can come next.',
    ),
    ChoiceExercise(
        'worth-it',
        'Is counting cards at Baccarat worth the effort for a Banker or Player bettor?',
        choices=('Yes: it gives a steady edge', 'No: favourable coups are rare, late and worth a fraction of a percent', 'Only with one deck'),
        correct='No: favourable coups are rare, late and worth a fraction of a percent',
        explanation='The simulation above: well under one favourable coup per shoe, tiny advantages, and a tiny gain per shoe even for a perfect counter.',
    ),
)
