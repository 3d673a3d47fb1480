"""Exercises of the lesson notebook ``*_counting_to_nine.ipynb``, asked there with ``ask("counting_to_nine", key)``."""

from . import ChoiceExercise, NumberExercise

EXERCISES = (
    ChoiceExercise(
        'two-naturals',
        'Player holds K♠ 8♥. Banker holds 4♦ 4♣. What happens next?',
        choices=('Banker draws, because the tie has to be broken', 'Nobody draws: both hands are naturals and the coup is a tie', 'Player draws, because a king is worth 10'),
        correct='Nobody draws: both hands are naturals and the coup is a tie',
        explanation='The king counts 0, so Player has 8; Banker has 4 + 4 = 8. Two naturals of 8: both stand and the coup ties.',
        worked=(
            'Player: K♠ counts 0 and 8♥ counts 8, so 0 + 8 = 8.',
            'Banker: 4♦ + 4♣ = 8.',
            'A two-card 8 or 9 is a natural, and when either hand has a natural nobody draws.',
            'Compare at once: 8 against 8 is a tie. No rule ever draws to break a tie.',
        ),
    ),
    NumberExercise(
        'three-card-total',
        'What is the total of 9♣ 7♦ 5♥?',
        answer='1',
        explanation='9 + 7 + 5 = 21; keep the last digit: 1.',
        worked=(
            'Add the card values: 9 + 7 + 5 = 21.',
            'Drop the tens digit: 21 counts as 1.',
            '(Or as you go: 9 + 7 = 16 → 6; 6 + 5 = 11 → 1.)',
        ),
    ),
    ChoiceExercise(
        'banker-5-against-4',
        'Player has 5 and draws a 4. Banker has 5. What does Banker do?',
        choices=('Draw', 'Stand'),
        correct='Draw',
        explanation="On 5, Banker draws when Player's third card is worth 4, 5, 6 or 7. A 4 is in that range.",
        worked=(
            'Player drew, so Banker looks at its own total (5) and at the value of Player\'s third card (4).',
            'Row 5 of the drawing table: draw against a third card of 4, 5, 6 or 7; stand against 0–3, 8, 9.',
            '4 is in 4–7, so Banker draws. (Player\'s new total, 5 + 4 = 9, plays no part in the rule.)',
        ),
    ),
    ChoiceExercise(
        'banker-6-player-stood',
        'Player stands on 6. Banker has 6. What does Banker do?',
        choices=('Draw', 'Stand'),
        correct='Stand',
        explanation="When Player stands, Banker follows Player's rule: draw on 0–5, stand on 6–7.",
        worked=(
            'Player stood, so there is no third card to look at.',
            "Then Banker uses Player's rule: draw on 0–5, stand on 6 or 7.",
            'Banker has 6: it stands, and the coup is a 6–6 tie.',
        ),
    ),
    ChoiceExercise(
        'banker-4-against-queen',
        'Player draws a queen. Banker has 4. What does Banker do?',
        choices=('Draw', 'Stand'),
        correct='Stand',
        explanation='A queen is worth 0. On 4, Banker draws only against a third card worth 2 to 7.',
        worked=(
            "Player's third card is a queen, worth 0.",
            'Row 4 of the drawing table: draw against a third card of 2–7; stand against 0, 1, 8, 9.',
            '0 is not in 2–7, so Banker stands.',
        ),
    ),
    NumberExercise(
        'natural-totals',
        'How many different two-card totals count as a natural?',
        answer='2',
        explanation='Two: 8 and 9. Two card values add up to at most 18 (9 + 9), so the sums that make a natural are 8, 9 and 18.',
        worked=(
            'A natural is a two-card total of 8 or 9.',
            'Two card values run from 0 + 0 to 9 + 9 = 18, so the sums ending in 8 or 9 are 8, 9 and 18.',
            '18 counts as 8, so the totals are still only 8 and 9: two different totals.',
        ),
    ),
)
