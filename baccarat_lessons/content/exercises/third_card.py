"""Exercises of lesson 13 (the third card): conditional probability, Bayes, and where the drawing table comes from."""

from . import ChoiceExercise, NumberExercise

EXERCISES = (
    ChoiceExercise(
        key="predict-nine",
        prompt="Player drew and shows a 9. Which final Player total is the likeliest?",
        choices=("9", "4", "All six possible totals are equally likely"),
        correct="9",
        explanation="Player drew on two-card totals 0–5; adding 9 gives 9, 0, 1, 2, 3 or 4. A two-card 0 is the "
                    "commonest (tens and pictures count 0), so 9 has about 24% against about 15% for each other.",
        worked=(
            "Player drew, so its two-card total was 0–5; adding 9 makes 9, 0, 1, 2, 3 or 4.",
            "A final 9 comes from a two-card 0. Sixteen cards in 52 count 0, so a two-card 0 is the commonest total.",
            "So the final 9 is likeliest: about 24%, against about 15% for each of the others.",
        ),
    ),
    NumberExercise(
        key="bayes-nine",
        prompt="Player drew and shows a 9 (8 decks). The chance its final total is 9, in percent, nearest whole?",
        answer="23.75", tolerance="0.6", unit="%",
        explanation="P(total 9 | third card 9) = P(two-card 0 and a 9) / P(drew and a 9) ≈ 23.7%, from the table "
                    "of the lesson. Not 1/6 ≈ 17%: the two-card totals are not equally likely.",
        worked=(
            "Bayes: P(final 9 | third card 9) = P(two-card 0 and a third card 9) / P(Player drew and showed a 9).",
            "The denominator sums the same kind of term over the two-card totals 0–5.",
            "Counted exactly over every deal of 8 decks: 23.75%, against about 15.2% for each other total.",
            "To the nearest whole: 24%. Not 1/6 ≈ 17%: the six totals are not equally likely.",
        ),
    ),
    NumberExercise(
        key="stand-six",
        prompt="Banker has 6 and Player stood. Banker's expected result if it stands (+1 win, 0 tie, −1 loss)?",
        answer="-0.50", tolerance="0.01",
        explanation="Player stood on 6 or 7, about equally often: a tie or a loss. Standing scores about −0.50; "
                    "drawing scores −0.42, better.",
        worked=(
            "Player stood, so Player has 6 or 7: 6 with chance 0.498, 7 with chance 0.502 (8 decks, exactly counted).",
            "Standing on 6: against 6 a tie (0), against 7 a loss (−1).",
            "Expected result: 0.498 × 0 + 0.502 × (−1) = −0.502, so −0.50.",
            "Drawing averages −0.423 over the cards left: better by 0.079.",
        ),
    ),
    ChoiceExercise(
        key="largest-departure",
        prompt="With 8 decks, where does Punto Banco's fixed table give up the most against the best reply?",
        choices=("Banker 6, Player stood", "Banker 3, Player's third card an 8", "Banker 5, Player's third card a 4"),
        correct="Banker 6, Player stood",
        explanation="Drawing would be better by 0.079 there, in 1.8% of coups. Banker 3 against an 8 and 5 against "
                    "a 4 are close calls but the table picks the better side with 8 decks.",
        worked=(
            "In each cell compare the expected result of drawing with that of standing.",
            "Banker 6, Player stood: drawing −0.423 against standing −0.502, better by 0.079; the table says stand.",
            "That cell is reached in 1.79% of coups, so the table gives up 0.079 × 1.79% ≈ 0.14% of a result per coup.",
            "In the cells 3 against 8 and 5 against 4 the table's choice is the better one with 8 decks.",
        ),
    ),
    ChoiceExercise(
        key="house-indifferent",
        prompt="Why does the house keep a table that is not always the Banker hand's best reply?",
        choices=("The payouts are set for the fixed rules, so the house's edge is known on every bet",
                 "Drawing on 6 is against the law", "The house plays the Banker hand and wants to lose"),
        correct="The payouts are set for the fixed rules, so the house's edge is known on every bet",
        explanation="Nobody plays the Banker hand at Punto Banco: both bets ride on fixed rules, and the commission "
                    "is set so that each loses on average. Changing the rule would only move the edges.",
        worked=(
            "At Punto Banco nobody plays the Banker hand; bettors back Banker or Player.",
            "The house sets the payouts and the commission once, for the rules as written, so both bets lose on average.",
            "A better Banker rule would shift a little of the edge from the Banker bet to the Player bet; the house still wins.",
        ),
    ),
)
