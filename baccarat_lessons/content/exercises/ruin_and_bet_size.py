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
        worked=(
            "All 100 on one coup: ties push and are replayed, so the chance is Player's share of decided coups, "
            "0.4462 / 0.9048 ≈ 49.3%.",
            "One chip at a time: the gambler's-ruin formula with r = q/p ≈ 1.0277 gives (1 − r¹⁰⁰) / (1 − r²⁰⁰) ≈ 6.1%.",
            "Each coup costs the bettor a little on average; a hundred-odd coups add up, one coup does not. Bold play wins.",
        ),
    ),
    NumberExercise(
        key="ratio",
        prompt="Player wins a decided coup with p = 0.4932. What is q/p, to three decimals?",
        answer="1.028", tolerance="0.001",
        explanation="q = 1 − 0.4932 = 0.5068 and 0.5068 / 0.4932 ≈ 1.028. Raised to the 100th power it is "
                    "about 15: that is why the one-chip chance is so small.",
        worked=(
            "q = 1 − p = 1 − 0.4932 = 0.5068.",
            "q / p = 0.5068 / 0.4932 = 1.02758…, so 1.028 to three decimals.",
            "r¹⁰⁰ = 1.02758¹⁰⁰ ≈ 15.2: a small excess per coup grows large over a hundred steps.",
        ),
    ),
    NumberExercise(
        key="timid-player",
        prompt="Doubling 100 chips one chip at a time on Player: the chance, in percent, to the nearest whole?",
        answer="6.12", tolerance="0.6", unit="%",
        explanation="(1 − r¹⁰⁰) / (1 − r²⁰⁰) with r = q/p ≈ 1.0277 gives 6.1%. A fair coin would give 50%.",
        worked=(
            "h(x) = (1 − rˣ) / (1 − r²⁰⁰) with r = q/p ≈ 1.0277 (exact 8-deck p = 0.49318) and x = 100.",
            "r¹⁰⁰ ≈ 15.33, so r²⁰⁰ = (r¹⁰⁰)² ≈ 235.1.",
            "h(100) = (1 − 15.33) / (1 − 235.1) = −14.33 / −234.1 ≈ 0.0612: 6% to the nearest whole percent.",
            "Equivalently h(100) = 1 / (1 + r¹⁰⁰) ≈ 1 / 16.33. With r = 1 (a fair coin) it would be 100 / 200 = 50%.",
        ),
    ),
    ChoiceExercise(
        key="martingale-bust",
        prompt="Martingale on Banker: 100 chips, base 1, table maximum 100, a 200-coup session. Chance of going broke?",
        choices=("About 4%", "About 40%", "About 96%"),
        correct="About 40%",
        explanation="Exactly 40.4%: a run of seven losses (0.4932⁷ ≈ 0.7% each time a run starts, ties aside) empties "
                    "the bankroll, and 200 coups give many runs a start. The many small wins do not make up for those "
                    "busts: on average the session still loses.",
        worked=(
            "Stakes after losses: 1, 2, 4, 8, 16, 32 — six losses cost 63 chips, leaving about 37.",
            "The seventh stake is cut to what is left; losing it too leaves nothing: a bust.",
            "Banker loses a decided coup with chance 0.4932, so seven in a row has chance 0.4932⁷ ≈ 0.0071.",
            "Over 200 coups there are dozens of fresh starts; carrying the exact distribution coup by coup "
            "(balance and next stake) gives a bust chance of 40.4%.",
        ),
    ),
    NumberExercise(
        key="kelly-stake",
        prompt="A coup favours you by 0.1%; the bet's variance is 0.9. Bankroll 1,000 chips: Kelly stake, in chips, to two decimal places?",
        answer="1.11", tolerance="0.01",
        explanation="Kelly fraction = edge ÷ variance = 0.001 / 0.9 ≈ 0.0011; times 1,000 chips ≈ 1.1 chips.",
        worked=(
            "Kelly fraction = advantage / variance = 0.001 / 0.9 = 0.00111.",
            "Stake = 0.00111 × 1,000 chips = 1.11 chips.",
        ),
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
        worked=(
            "Kelly stakes about edge ÷ variance of one chip's result, as a share of the bankroll: the stake is "
            "proportional to the edge.",
            "The expected gain is stake × edge: proportional to edge².",
            "At a 0.1% edge: 1.11 chips × 0.001 ≈ 0.0011 chips, about a thousandth of a chip on that coup.",
            "Coups at such small edges earn almost nothing even together; the few thousandths of a chip per shoe "
            "come almost all from the rare larger edges, above all Player's one coup at +1.5%.",
        ),
    ),
)
