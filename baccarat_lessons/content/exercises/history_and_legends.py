"""Exercises of the lesson notebook ``*_history_and_legends.ipynb``, asked there with ``ask("history_and_legends", key)``."""

from . import ChoiceExercise

EXERCISES = (
    ChoiceExercise(
        'documents',
        'Which statement is supported by the documents?',
        choices=('Baccarat was invented in 15th-century Italy', "'Baccara' means zero in Italian", 'The earliest known descriptions of Baccarat are French, from the 19th century'),
        correct='The earliest known descriptions of Baccarat are French, from the 19th century',
        explanation="The oldest known printed description is from 1847, in France. The Italian origin and the 'zero' etymology have no early source.",
        worked=(
            'Ask of each statement: which dated document supports it?',
            'The oldest known printed description of Baccarat appeared in France in 1847.',
            "No early source supports the Italian origin or the 'zero' etymology: they are repeated legends.",
        ),
    ),
    ChoiceExercise(
        'practise-claim',
        "A guide says: 'practise, and find techniques that improve your budget.' Which part could be true?",
        choices=('Practice improves your chances of winning Punto Banco', 'Choosing Banker over Tie lowers the cost of playing', 'A technique exists that gives the bettor an edge at Punto Banco'),
        correct='Choosing Banker over Tie lowers the cost of playing',
        explanation='Practice cannot change fixed rules; the only real choice is the bet, and Banker (1.06%) costs far less than Tie (14.36%).',
        worked=(
            'At Punto Banco the rules play every card; a bettor chooses only the bet and the stake.',
            'So practice changes nothing, and no technique turns the edge (lessons 10–12).',
            'The choice of bet does matter: Banker costs 1.06% per chip, Tie 14.36%, so choosing Banker lowers the cost.',
        ),
    ),
)
