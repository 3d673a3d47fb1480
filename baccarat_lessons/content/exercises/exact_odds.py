"""Exercises of the lesson notebook ``*_exact_odds.ipynb``, asked there with ``ask("exact_odds", key)``."""

from . import ChoiceExercise, NumberExercise

EXERCISES = (
    ChoiceExercise(
        'lowest-edge',
        'Which main bet has the lowest house edge with 8 decks and a 5% commission?',
        choices=('Player', 'Banker', 'Tie'),
        correct='Banker',
        explanation='Banker 1.06%, Player 1.24%, Tie 14.36%. Banker wins more often, and the commission does not take all of that back.',
    ),
    NumberExercise(
        'fair-tie',
        'A tie happens in about 9.52% of coups. What payout (to 1) would make the Tie bet fair? One decimal.',
        answer='9.51',
        tolerance='0.06',
        explanation='Fair means w·k = 1 − w, so k = (1 − 0.0952) / 0.0952 ≈ 9.5. At 8:1 the bet pays well short of that.',
    ),
    NumberExercise(
        'player-loss',
        'You stake 10,000 chips in total on Player over an evening. Roughly how many do you expect to lose? (whole chips)',
        answer='124',
        tolerance='2',
        explanation='1.2351% of 10,000 is 123.51, about 124 chips. The edge is per chip staked, so it multiplies the total staked.',
    ),
    ChoiceExercise(
        'perfect-pair-cost',
        'Why does a 25:1 Perfect Pair bet cost more than a 1:1 Player bet?',
        choices=('Because it wins less often', 'Because its payout is further below the fair payout for its chance', 'Because pairs are rarer in 8 decks'),
        correct='Because its payout is further below the fair payout for its chance',
        explanation='Rarity alone costs nothing if the payout is fair. The edge measures how far the payout falls short of fair.',
    ),
)
