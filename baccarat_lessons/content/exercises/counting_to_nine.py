"""Exercises of the lesson notebook ``*_counting_to_nine.ipynb``, asked there with ``ask("counting_to_nine", key)``."""

from . import ChoiceExercise, NumberExercise

EXERCISES = (
    ChoiceExercise(
        'two-naturals',
        'Player holds K♠ 8♥. Banker holds 4♦ 4♣. What happens next?',
        choices=('Banker draws, because Banker has 8 and Player only 8 too', 'Nobody draws: both hands are naturals and the coup is a tie', 'Player draws, because a king is worth 10'),
        correct='Nobody draws: both hands are naturals and the coup is a tie',
        explanation='The king counts 0, so Player has 8; Banker has 4 + 4 = 8. Two naturals of 8: both stand and the coup ties.',
    ),
    NumberExercise(
        'three-card-total',
        'What is the total of 9♣ 7♦ 5♥?',
        answer='1',
        explanation='9 + 7 + 5 = 21; keep the last digit: 1.',
    ),
    ChoiceExercise(
        'banker-5-against-4',
        'Player has 5 and draws a 4. Banker has 5. What does Banker do?',
        choices=('Draw', 'Stand'),
        correct='Draw',
        explanation="On 5, Banker draws when Player's third card is worth 4, 5, 6 or 7. A 4 is in that range.",
    ),
    ChoiceExercise(
        'banker-6-player-stood',
        'Player stands on 6. Banker has 6. What does Banker do?',
        choices=('Draw', 'Stand'),
        correct='Stand',
        explanation="When Player stands, Banker follows Player's rule: draw on 0–5, stand on 6–7.",
    ),
    ChoiceExercise(
        'banker-4-against-queen',
        'Player draws a queen. Banker has 4. What does Banker do?',
        choices=('Draw', 'Stand'),
        correct='Stand',
        explanation='A queen is worth 0. On 4, Banker draws only against a third card worth 2 to 7.',
    ),
    NumberExercise(
        'natural-totals',
        'How many different two-card totals count as a natural?',
        answer='2',
        explanation='Two: 8 and 9. Two card values add up to at most 18 (9 + 9), so the sums that make a natural are 8, 9 and 18.',
    ),
)
