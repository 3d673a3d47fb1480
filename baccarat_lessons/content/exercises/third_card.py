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
    ),
    NumberExercise(
        key="bayes-nine",
        prompt="Player drew and shows a 9 (8 decks). The chance its final total is 9, in percent, nearest whole?",
        answer="23.75", tolerance="0.6", unit="%",
        explanation="P(total 9 | third card 9) = P(two-card 0 and a 9) / P(drew and a 9) ≈ 23.7%, from the table "
                    "of the lesson. Not 1/6 ≈ 17%: the two-card totals are not equally likely.",
    ),
    NumberExercise(
        key="stand-six",
        prompt="Banker has 6 and Player stood. Banker's expected result if it stands (+1 win, 0 tie, −1 loss)?",
        answer="-0.50", tolerance="0.01",
        explanation="Player stood on 6 or 7, about equally often: a tie or a loss. Standing scores about −0.50; "
                    "drawing scores −0.42, better.",
    ),
    ChoiceExercise(
        key="largest-departure",
        prompt="With 8 decks, where does Punto Banco's fixed table give up the most against the best reply?",
        choices=("Banker 6, Player stood", "Banker 3, Player's third card an 8", "Banker 5, Player's third card a 4"),
        correct="Banker 6, Player stood",
        explanation="Drawing would be better by 0.079 there, in 1.8% of coups. Banker 3 against an 8 and 5 against "
                    "a 4 are close calls but the table picks the better side with 8 decks.",
    ),
    ChoiceExercise(
        key="house-indifferent",
        prompt="Why does the house keep a table that is not always the Banker hand's best reply?",
        choices=("The payouts are set for the fixed rules, so the house's edge is known on every bet",
                 "Drawing on 6 is against the law", "The house plays the Banker hand and wants to lose"),
        correct="The payouts are set for the fixed rules, so the house's edge is known on every bet",
        explanation="Nobody plays the Banker hand at Punto Banco: both bets ride on fixed rules, and the commission "
                    "is set so that each loses on average. Changing the rule would only move the edges.",
    ),
)
