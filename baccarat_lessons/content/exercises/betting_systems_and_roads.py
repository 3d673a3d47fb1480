"""Exercises of the lesson notebook ``*_betting_systems_and_roads.ipynb``, asked there with ``ask("betting_systems_and_roads", key)``."""

from . import ChoiceExercise

EXERCISES = (
    ChoiceExercise(
        'next-coup',
        'Looking at the road above, which side is more likely to win the next decided coup?',
        choices=('The side on the current streak', 'The other side: it is due', 'Banker, slightly — about 50.7%, whatever the road shows'),
        correct='Banker, slightly — about 50.7%, whatever the road shows',
        explanation='The cards do not remember the road. Of decided coups Banker wins about 50.68% from a fresh shoe, and the cards left move that a little, in a way the road cannot show.',
        worked=(
            'A decided coup is one that does not tie: Banker 45.86% + Player 44.62% = 90.48% of coups.',
            "Banker's share of decided coups: 0.458597 / 0.904844 ≈ 50.68% (chances to six places).",
            'The road records results, not the cards left; the streak table shows the next coup moving by no more than noise.',
        ),
    ),
    ChoiceExercise(
        'martingale',
        'A Martingale player ends ahead more often than a flat bettor. Why does the system still lose on average?',
        choices=("It doesn't: it wins on average", 'The sessions that go broke lose more than the winning sessions gain', 'Because the casino changes the cards'),
        correct='The sessions that go broke lose more than the winning sessions gain',
        explanation='Each doubling bet still has the Banker edge, so the session loses on average 1.06% of all the chips it stakes — '
                    'and doubling after losses stakes more chips than flat betting. The system only rearranges the results '
                    'into small wins in most sessions and a lost bankroll in about two sessions in five (lesson 12 counts it exactly).',
        worked=(
            'Every chip on Banker loses 1.06% on average, whatever stake it is part of.',
            'So a session expects to lose 1.06% × (total chips staked); doubling after losses raises that total.',
            'A win after k losses pays 0.95 × 2ᵏ against 2ᵏ − 1 lost, so most runs end a little ahead (1 − 0.05 × 2ᵏ chips); '
            'but a run of six or seven losses takes the stake past the bankroll or the table maximum, and most of the bankroll goes.',
            'Small wins in most sessions and a lost bankroll in about two in five average to a loss: the system reshapes the spread, not the edge of any bet.',
        ),
    ),
    ChoiceExercise(
        'warm-machine',
        "'My winning ratio went up later in the session.' Which explanation fits the evidence?",
        choices=('The machine warmed up', 'Chance: short stretches of results vary a lot', 'The player learned to read the machine'),
        correct='Chance: short stretches of results vary a lot',
        explanation="Early or late, a coup's chances differ only through the cards left, by far less than chance swings. The 'read the machine' system above only bets on "
                    "Banker or Player, so each chip it stakes loses 1.06% or 1.24% on average, as under flat betting: "
                    "its result per chip sits, within noise, on the expectation of the bets it placed.",
        worked=(
            'The shoe has no memory of how the evening went: a late coup differs from an early one only through the cards left, by far less than chance swings.',
            'Over a few dozen coups the share of wins swings by several percent by chance alone.',
            "The 'read the machine' system stakes on Banker or Player, and each chip keeps that bet's edge "
            '(1.06% or 1.24%); its measured result per chip matches that expectation within two standard errors.',
        ),
    ),
)
