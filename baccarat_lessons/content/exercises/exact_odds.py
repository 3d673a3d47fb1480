"""Exercises of the lesson notebook ``*_exact_odds.ipynb``, asked there with ``ask("exact_odds", key)``."""

from . import ChoiceExercise, NumberExercise

EXERCISES = (
    ChoiceExercise(
        'lowest-edge',
        'Which main bet has the lowest house edge with 8 decks and a 5% commission?',
        choices=('Player', 'Banker', 'Tie'),
        correct='Banker',
        explanation='Banker 1.06%, Player 1.24%, Tie 14.36%. Banker wins more often, and the commission does not take all of that back.',
        worked=(
            'Chances with 8 decks, to six places: Banker wins 0.458597, Player 0.446247, tie 0.095156.',
            'Player pays 1:1 and pushes on a tie: 0.446247 − 0.458597 = −0.012350, an edge of 1.24%.',
            'Banker pays 0.95:1: 0.95 × 0.458597 − 0.446247 = −0.010580, an edge of 1.06%.',
            'Tie pays 8:1: 8 × 0.095156 − 0.904844 = −0.143596, an edge of 14.36%.',
            'Lowest: Banker.',
        ),
    ),
    NumberExercise(
        'fair-tie',
        'A tie happens in about 9.52% of coups. What payout (to 1) would make the Tie bet fair? One decimal.',
        answer='9.51',
        tolerance='0.06',
        explanation='Fair means w·k = 1 − w, so k = (1 − 0.0952) / 0.0952 ≈ 9.5. At 8:1 the bet pays well short of that.',
        worked=(
            'A bet paying k to 1 that wins with chance w averages w·k − (1 − w) per chip; fair means that is 0.',
            'So w·k = 1 − w and k = (1 − w) / w.',
            'k = (1 − 0.0952) / 0.0952 = 0.9048 / 0.0952 ≈ 9.50 (9.51 with the exact w = 9.5156%).',
            'One decimal: 9.5 to 1. The casino pays 8 to 1, well short of fair.',
        ),
    ),
    NumberExercise(
        'player-loss',
        'You stake 10,000 chips in total on Player over an evening. Roughly how many do you expect to lose? (whole chips)',
        answer='124',
        tolerance='2',
        explanation='1.2351% of 10,000 is 123.51, about 124 chips. The edge is per chip staked, so it multiplies the total staked.',
        worked=(
            "Player's house edge with 8 decks: 1.2351% of every chip staked.",
            'Expected loss = edge × total staked = 0.012351 × 10,000 = 123.51 chips.',
            'To whole chips: 124.',
        ),
    ),
    ChoiceExercise(
        'perfect-pair-cost',
        'Why does a 25:1 Perfect Pair bet cost more than a 1:1 Player bet?',
        choices=('Because it wins less often', 'Because its payout is further below the fair payout for its chance', 'Because pairs are rarer in 8 decks'),
        correct='Because its payout is further below the fair payout for its chance',
        explanation='Rarity alone costs nothing if the payout is fair. The edge measures how far the payout falls short of fair.',
        worked=(
            'A bet that wins with chance w, loses with chance l and pushes otherwise is fair when it pays l / w to 1 (l = 1 − w for a bet that never pushes), however rare the win.',
            'The edge is how far the real payout falls below that fair payout, weighted by w.',
            'Perfect Pair pays 25:1, much further below its fair payout than Player\'s 1:1 is below its own, so it costs more per chip.',
        ),
    ),
)
