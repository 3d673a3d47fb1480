"""Exercises of the lesson notebook ``*_betting_systems_and_roads.ipynb``, asked there with ``ask("betting_systems_and_roads", key)``."""

from . import ChoiceExercise

EXERCISES = (
    ChoiceExercise(
        'next-coup',
        'Looking at the road above, which side is more likely to win the next decided coup?',
        choices=('The side on the current streak', 'The other side: it is due', 'Banker, slightly — the same 50.7% as always, whatever the road shows'),
        correct='Banker, slightly — the same 50.7% as always, whatever the road shows',
        explanation='The cards do not remember the road. Of decided coups Banker wins about 50.68% from a fresh shoe, and the road changes that by a hair at most.',
    ),
    ChoiceExercise(
        'martingale',
        'A Martingale player ends ahead more often than a flat bettor. Why does the system still lose on average?',
        choices=("It doesn't: it wins on average", 'Rare sessions lose far more than the many small wins gain', 'Because the casino changes the cards'),
        correct='Rare sessions lose far more than the many small wins gain',
        explanation='Each doubling bet still has the Banker edge; the system only rearranges results into many small wins and a few large losses.',
    ),
    ChoiceExercise(
        'warm-machine',
        "'My winning ratio went up later in the session.' Which explanation fits the evidence?",
        choices=('The machine warmed up', 'Chance: short stretches of results vary a lot', 'The player learned to read the machine'),
        correct='Chance: short stretches of results vary a lot',
        explanation="Every coup has the same chances; the 'read the machine' system above loses per chip exactly like flat betting.",
    ),
)
