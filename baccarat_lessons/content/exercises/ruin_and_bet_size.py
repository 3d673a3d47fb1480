"""Exercises of lesson 12 (ruin and bet size): the gambler's ruin, bold play, the Martingale, the Kelly fraction."""

from . import ChoiceExercise, NumberExercise

EXERCISES = (
    ChoiceExercise(
        key="predict-bold",
        prompt="You have 100 chips and want 200, betting on Player. Which gives the better chance?",
        choices=("One chip at a time", "All 100 on one coup", "It makes no difference"),
        correct="All 100 on one coup",
        explanation="One coup: 49.3%. One chip at a time: 6.1%. In a game that favours the house, every extra "
                    "coup is another chance for the edge to work; bold play gives it the fewest.",
    ),
    NumberExercise(
        key="ratio",
        prompt="Player wins a decided coup with p = 0.4932. What is q/p, to three decimals?",
        answer="1.028", tolerance="0.001",
        explanation="q = 1 − 0.4932 = 0.5068 and 0.5068 / 0.4932 ≈ 1.028. Raised to the 100th power it is "
                    "about 15: that is why the one-chip chance is so small.",
    ),
    NumberExercise(
        key="timid-player",
        prompt="Doubling 100 chips one chip at a time on Player: the chance, in percent, to the nearest whole?",
        answer="6.12", tolerance="0.6", unit="%",
        explanation="(1 − r¹⁰⁰) / (1 − r²⁰⁰) with r = q/p ≈ 1.0277 gives 6.1%. A fair coin would give 50%.",
    ),
    ChoiceExercise(
        key="martingale-bust",
        prompt="Martingale on Banker: 100 chips, base 1, table maximum 100, a 200-coup session. Chance of going broke?",
        choices=("About 4%", "About 40%", "About 96%"),
        correct="About 40%",
        explanation="Exactly 40.4%: seven losses in a row (0.45⁷ ≈ 0.4% per start) come often enough in 200 coups. "
                    "The many small wins do not make up for those busts: on average the session still loses.",
    ),
    NumberExercise(
        key="kelly-stake",
        prompt="A coup favours you by 0.1%; the bet's variance is 0.9. Bankroll 1,000 chips: Kelly stake, in chips?",
        answer="1.11", tolerance="0.05",
        explanation="Kelly fraction = edge ÷ variance = 0.001 / 0.9 ≈ 0.0011; times 1,000 chips ≈ 1.1 chips.",
    ),
    ChoiceExercise(
        key="kelly-earns",
        prompt="Why does Kelly betting on the favourable coups found by counting earn almost nothing?",
        choices=("The coups are rare and their edge tiny, so the stakes and the gain are tiny",
                 "Kelly betting is too bold for Baccarat", "The house edge returns on the next coup"),
        correct="The coups are rare and their edge tiny, so the stakes and the gain are tiny",
        explanation="Stake ∝ edge and gain ∝ stake × edge, so the gain goes with edge²: a 0.1% edge earns about "
                    "a thousandth of a chip on its coup (1.1 chips × 0.001), and such coups come a handful of times "
                    "in forty shoes.",
    ),
)
