"""Lesson plans: for every lesson, timed activities a teacher can follow, period by period.

A period is 50 minutes. Each activity names the notebook section (its ``## `` heading) it works
through, or none for a warm-up or an exit question; a test holds the names to the notebooks. The
learning goals are not retyped here: they stand at the top of each notebook, and the handouts read
them from there. Lessons are named by the stable part of their file name.

>>> print(plan_markdown("law_of_large_numbers").splitlines()[0])
### Lesson plan
>>> sum(activity.minutes for period in PLANS["ruin_and_bet_size"] for activity in period)
100
"""

from __future__ import annotations

from dataclasses import dataclass

PERIOD_MINUTES = 50
NUMBER_WORDS = {2: "two", 3: "three"}


@dataclass(frozen=True)
class Activity:
    """Minutes spent, the notebook section (``""`` for none), what happens, and what the teacher does or asks."""

    minutes: int
    section: str
    activity: str
    teacher: str


def _a(minutes: int, section: str, activity: str, teacher: str) -> Activity:
    return Activity(minutes, section, activity, teacher)


PLANS: dict[str, tuple[tuple[Activity, ...], ...]] = {
    "start_here": ((
        _a(5, "", "Welcome", "Say what the course is: the mathematics of a card game, with virtual practice chips only. Ask who has seen Baccarat in a film."),
        _a(10, "The lessons, in reading order", "The course map", "Walk through the table of lessons; point out the four units on the start page's 'What to remember' slide and that each lesson ends with exercises."),
        _a(10, "Three ways to use the notebooks", "Open a notebook", "Students open lesson 01, run the first cells and type an answer in an exercise box."),
        _a(12, "Staging a round from a card string", "Staged coups", "Stage the four coups of the list; before each, ask who will win and why."),
        _a(5, "Staging a seat-banked coup, or any coup from a link", "A coup where people choose", "Show the Chemin de Fer coup: the banker on 3 facing a 9 must choose."),
        _a(3, "Notes for teachers", "How the lessons run in class", "Show the slideshow keys; say that every simulation has a seed."),
        _a(3, "Where the code lives", "The package behind the notebooks", "Show one module and the command line; the numbers come from tested code."),
        _a(2, "", "Exit question", "Ask: can learning the mathematics make a bettor win? Collect answers to revisit in lesson 10."),
    ),),
    "counting_to_nine": ((
        _a(4, "", "Warm-up", "Ask what 7 + 8 is worth in a game where only the last digit counts."),
        _a(5, "What a card is worth", "Card values", "Show the values table; ask for the value of a king, an ace, a 10."),
        _a(8, "A total never passes nine", "Totals and the drill", "Work the examples aloud; students run the totals drill and keep score."),
        _a(7, "Naturals: the round can end after four cards", "Naturals", "Ask who wins a natural 8 against a natural 9; students answer the exercise."),
        _a(3, "When does Player take a third card?", "Player's rule", "State it: draw on 0–5, stand on 6–7; nobody chooses."),
        _a(10, "When does Banker take a third card?", "Banker's rule with the explorer", "Pick cells in the explorer; ask why Banker looks at Player's third card."),
        _a(4, "A worked example", "A staged coup", "Step through the 3–2 coup, then the same with a 7; ask what changed."),
        _a(7, "Exercises", "Exercises", "Students work alone, then compare with a neighbour before pressing Check."),
        _a(2, "", "Wrap-up", "Read the key ideas together and take questions."),
    ),),
    "punto_banco": ((
        _a(3, "", "Warm-up", "Ask who decides whether a hand draws at Punto Banco."),
        _a(5, "The game in one paragraph", "The game", "Read the paragraph; stress that Player and Banker are hands, not people."),
        _a(8, "The illustrated guide", "A round step by step", "Step through the guide; at each card ask which rule fired."),
        _a(5, "The complete rules", "The rules", "Skim the rules page; students find where the tie payout is written."),
        _a(8, "Payouts: what comes back", "Payouts", "Ask what a 10-chip Tie bet brings back; correct '8 come back' to 80 plus the stake."),
        _a(10, "Play", "Play at the live table", "Before each Deal, ask the class to predict the winner; then show the guide decided it, not the prediction."),
        _a(8, "Exercises", "Exercises", "Students answer the four exercises; discuss the settings question together."),
        _a(3, "", "Wrap-up", "Read the key ideas together; ask which bet they think is cheapest (lesson 07 answers)."),
    ),),
    "mini_baccarat": ((
        _a(5, "", "Warm-up", "Recall the Punto Banco payouts; ask what a 'mini' table might change."),
        _a(5, "Same cards, smaller table", "What changes and what does not", "List furniture, limits and pace against rules and payouts."),
        _a(5, "The illustrated guide", "The same round at a small table", "Step through the guide; ask for one difference from lesson 02 (there is none in the rules)."),
        _a(5, "The complete rules", "The rules", "Students compare two lines of the rules with lesson 02's."),
        _a(12, "Stakes and the cost of playing", "The cost of playing", "Work the expected-loss table; ask what changes the cost of a session: the stake and the number of coups."),
        _a(10, "Play at the Mini table", "Play", "Students play twenty coups and note chips staked and the net."),
        _a(6, "Exercises", "Exercises", "Students answer; check the expected-loss working on the board."),
        _a(2, "", "Exit question", "Ask: does a smaller table give better odds?"),
    ),),
    "chemin_de_fer": ((
        _a(4, "", "Warm-up", "Ask: who is the house if a player holds the bank?"),
        _a(6, "A player holds the bank", "The bank travels", "Explain banco and the rotating bank; the casino only takes a commission."),
        _a(7, "The illustrated guide", "A coup from the bank's seat", "Step through; point out what the bank cannot see."),
        _a(4, "The complete rules", "The rules", "Students find the two optional cells in the rules."),
        _a(7, "The banker's table, with its two choices", "The optional cells", "Explore 3 against 9 and 5 against 4 in the explorer."),
        _a(5, "The punter's choice on 5", "The punter's choice", "Take a vote: draw or stand on 5? Keep the result for lesson 14."),
        _a(10, "Play", "Play against five bots", "Students play; each reads a bot's one-line reason aloud once."),
        _a(5, "Exercises", "Exercises", "Students answer; work the commission on the board."),
        _a(2, "", "Wrap-up", "Ask why the players cannot back the banker's hand."),
    ),),
    "banque_ouverte": ((
        _a(3, "", "Warm-up", "Ask how a banker could play two hands at once."),
        _a(5, "One bank, two hands against it", "Two tableaux", "Sketch the table: right, left, banker; the deal order."),
        _a(6, "The illustrated guide", "A coup on both sides", "Step through; ask who won on each side."),
        _a(4, "The complete rules", "The rules", "Students find where a banker natural is settled."),
        _a(4, "What a captain may choose", "The captains", "Read the engine's sentences; compare with the Chemin de Fer punter."),
        _a(5, "The banker chooses freely", "A free banker", "Ask what the banker knows that the punters do not: the stakes."),
        _a(8, "The commission is on the net gain", "Commission on the net", "Work the commission table; ask for the commission when the banker wins 10 and pays 10."),
        _a(10, "Play", "Play", "Students play as captain or bettor and note each side's result."),
        _a(4, "Exercises", "Exercises", "Students answer; check the 1.25% working."),
        _a(1, "", "Wrap-up", "One sentence each: what differs from Chemin de Fer?"),
    ),),
    "banque_limitee": ((
        _a(3, "", "Warm-up", "Recall Banque ouverte's commission on the net gain."),
        _a(5, "The casino takes the bank", "A casino banker", "List what changes: the bank never rotates, three decks, limits, 2%."),
        _a(5, "The illustrated guide", "A coup", "Step through; ask who pays the commission."),
        _a(4, "The complete rules", "The rules", "Students find the wager limits in the rules."),
        _a(10, "The variants side by side", "All five variants", "For two neighbouring columns, students find the one rule that differs."),
        _a(5, "Why limits?", "Limits", "Ask why a casino banker caps stakes: to cap what one coup can cost it."),
        _a(10, "Play", "Play", "Students play and compare the 2% commission with 1.25%."),
        _a(6, "Exercises", "Exercises", "Students answer; discuss the NOT-true question."),
        _a(2, "", "Wrap-up", "Preview unit 2: the mathematics of what each bet costs."),
    ),),
    "exact_odds": ((
        _a(3, "", "Warm-up", "Ask: Player or Banker, which wins more often, and by how much?"),
        _a(8, "Six cards decide everything", "Counting every coup", "Explain why six cards settle a coup; show the published counts."),
        _a(10, "The house edge", "The house edge", "Derive w·k − l on the board for Player and Banker."),
        _a(5, "Decks, tie payout, banker-7", "Settings", "Read the decks and settings tables; ask which setting changes the Tie edge most."),
        _a(5, "Side bets", "Side bets", "Ask why a big payout can cost more; read the side-bet edges."),
        _a(7, "Explore", "The odds explorer", "Students change decks and payouts and report one change."),
        _a(10, "Exercises", "Exercises", "Students answer the four exercises; work the fair Tie payout on the board."),
        _a(2, "", "Exit question", "Ask: is the house edge what you will lose tonight?"),
    ),),
    "spread": ((
        _a(3, "", "Warm-up", "Ask: two bets with the same edge — can one be riskier?"),
        _a(12, "One chip, three outcomes", "Mean, variance, SD", "Students predict which bet swings more, then compute Banker's SD by hand."),
        _a(9, "Sums of bets: the central limit theorem", "Sums of bets", "Students predict when the bell curve fits before the plots; then the session SD exercise."),
        _a(8, "How precise is a simulation?", "Standard error", "Students predict the interval's width; compare ±0.18% with the 0.177% gap between Banker and Player."),
        _a(7, "How long until the edge shows?", "Rounds until the edge shows", "Derive n > 4σ²/μ² on the board; read the rounds table."),
        _a(5, "How long until the edge shows?", "An hour at the table", "Read the hours table; students answer the hour-loss exercise."),
        _a(4, "What to remember", "Key ideas", "Read the key ideas together; one student restates each."),
        _a(2, "", "Exit question", "Ask: does a winning evening prove the edge is not there?"),
    ),),
    "law_of_large_numbers": ((
        _a(3, "", "Warm-up", "Ask: what settles as bets pile up, the total or the average per chip?"),
        _a(10, "A thousand rounds, two hundred times", "Two hundred sessions", "Read the paths plot; point at the black line and the grey band."),
        _a(10, "Why some sessions finish ahead", "Sessions ahead", "Ask whether a session ahead shows a good method; read the exact chance of being ahead."),
        _a(10, "The law of large numbers", "The running average", "Follow the running average as it closes in on −1.06%, and where it leaves the funnel; ask what the edge means."),
        _a(4, "Your class's own coups", "The class's coups", "Run the cell with the class server's address (or show the teacher's page); ask whether the class's shares sit closer to the exact chances than one student's did."),
        _a(10, "Exercises", "Exercises", "Students answer; work Ann's session on the board (mean, SD, how many SDs)."),
        _a(3, "", "Exit question", "Ask: does the law of averages bring a losing session back to even?"),
    ),),
    "betting_systems_and_roads": ((
        _a(5, "The claims", "The claims", "Read the four claims; take a vote on which system works and keep it."),
        _a(8, "The roads", "The roads", "Show the big road; students answer the next-coup question."),
        _a(8, "Do streaks predict? Count them.", "Counting streaks", "Read the streak table; ask whether the column moves beyond noise."),
        _a(9, "The systems, played on the same coups", "Systems compared", "Read the comparison; point at each system's result per chip staked, within its ± 2 standard errors of the expectation of the bets it placed."),
        _a(6, "The Martingale's trade", "The Martingale", "Read the histogram: many small wins, rare large losses."),
        _a(6, "Try it yourself", "Systems lab", "Students pick a system and compare it with flat betting on the same coups."),
        _a(5, "Exercises", "Exercises", "Students answer the two exercises."),
        _a(3, "What to remember", "Key ideas and the vote", "Read the key ideas; return to the opening vote."),
    ),),
    "card_counting": ((
        _a(3, "", "Warm-up", "Ask: does a shoe remember the cards it has dealt? Does a roulette wheel?"),
        _a(6, "Cards leave the shoe", "A shoe has a memory", "Contrast cards with results (lesson 10)."),
        _a(12, "Effects of removal", "Effects of removal", "Students guess which cards out help Player, then read the table and the bar chart."),
        _a(8, "Try it: remove cards", "Remove cards", "Students remove eight 4s, then try to make any bet favourable."),
        _a(12, "Through real shoes", "Forty real shoes", "Read the dot plots and the table; ask how rare and how late favourable coups are."),
        _a(7, "Exercises", "Exercises", "Students answer; discuss whether counting is worth it."),
        _a(2, "", "Exit question", "Ask: why can counting change the odds when systems cannot?"),
    ),),
    "ruin_and_bet_size": (
        (
            _a(3, "", "Warm-up", "Recall the Martingale of lesson 10 and its busts."),
            _a(7, "Double or nothing", "Predict first", "Students commit to one chip at a time or all at once, then answer the exercise."),
            _a(15, "The gambler's ruin as a Markov chain", "The ruin equations", "Write h(x) = p·h(x + 1) + q·h(x − 1) on the board; students compute q/p."),
            _a(10, "The gambler's ruin as a Markov chain", "The formula", "Apply (1 − rˣ) / (1 − r²⁰⁰); students answer the timid-player exercise."),
            _a(12, "Timid play against bold play", "Timid against bold", "Read the doubling table and plot; ask why the 'just enough' stake matters for Banker."),
            _a(3, "", "Exit question", "Ask: does bold play beat the edge? (No: fewer chips staked, same loss per chip.)"),
        ),
        (
            _a(3, "", "Recap", "Recall bold against timid play with the period-1 figures."),
            _a(7, "Timid play against bold play", "Check by simulation", "Run the 20,000 bankrolls; compare with the exact chance, within two standard errors."),
            _a(15, "The Martingale, exactly", "The Martingale, exactly", "Students predict the chance of going broke; read the exact and simulated table."),
            _a(15, "Bet size when the edge turns: Kelly", "Kelly", "Introduce the stake of about edge ÷ variance of one chip's result; students compute it, then read the Kelly table of forty shoes, the Tie included."),
            _a(6, "What to remember", "Key ideas", "Read the key ideas; one student restates each."),
            _a(4, "", "Exit question", "Ask: why does Kelly betting on counted coups earn almost nothing?"),
        ),
    ),
    "third_card": (
        (
            _a(3, "", "Warm-up", "Ask what Banker can see when it decides."),
            _a(10, "What Banker knows", "What Banker knows", "List what the cards show and what the rules imply; define a cell as a condition."),
            _a(22, "Bayes: what the third card says", "Bayes", "Students predict the likeliest total after a 9, read the table, then work the Bayes exercise."),
            _a(12, "Draw or stand, cell by cell", "Cell by cell", "Read Banker's row 6; students answer the stand-six exercise."),
            _a(3, "", "Exit question", "Ask: why is a final 9 likeliest after a drawn 9?"),
        ),
        (
            _a(3, "", "Recap", "Recall the conditional expectation of standing on 6."),
            _a(10, "Draw or stand, cell by cell", "The heat map", "Read the heat map; find the cells marked !."),
            _a(15, "Deriving the drawing table", "Deriving the table", "Students answer the largest-departure exercise, then read the departures and their cost."),
            _a(10, "Deriving the drawing table", "Why the house does not care; one deck", "Discuss the house's indifference; read the one-deck departures."),
            _a(7, "What to remember", "Key ideas", "Read the key ideas together."),
            _a(5, "", "Exit question", "Ask: what changes when a person chooses instead of a rule?"),
        ),
    ),
    "game_theory": (
        (
            _a(5, "", "Warm-up", "Recall the vote on the punter's 5 from lesson 04."),
            _a(10, "Two choices, two players", "The game", "Ask: if the banker knew the punter always draws on 5, what would it do?"),
            _a(20, "The payoff table (this table's rules, 6 decks, no commission yet)", "The payoff table", "Find the dominant row; read the banker's cells and the commission cases."),
            _a(12, "The classic game: a banker free in every cell", "Mixed strategies", "Read the classic solution; explain why the punter mixes 9/11."),
            _a(3, "", "Exit question", "Ask: why can a predictable player be exploited?"),
        ),
        (
            _a(5, "", "Recap", "Recall the curve and its peak at 9/11."),
            _a(20, "The Banque banker chooses freely — and sees the stakes", "The Banque banker", "Read the equal-stakes grid and the stake table; ask how the stakes change the choice."),
            _a(10, "The Banque banker chooses freely — and sees the stakes", "Bankers compared", "Run the bank comparison (about half a minute); read the batches."),
            _a(10, "Exercises", "Exercises", "Students answer the three exercises."),
            _a(5, "", "Exit question", "Ask: does the optimal strategy win? By how much does it matter?"),
        ),
    ),
    "history_and_legends": ((
        _a(4, "", "Warm-up", "Ask where and when students think Baccarat began, and how they know."),
        _a(10, "What the documents support", "The documents", "Read the dated facts; show the history page."),
        _a(12, "Legends and claims, with what the evidence says", "Legends", "Each group picks one legend and says which dated document would prove it."),
        _a(2, "Sources", "Sources", "Show where the lesson's facts come from; each group notes one source to read."),
        _a(8, "How to weigh a claim", "Weighing a claim", "Apply the three questions to one marketing claim."),
        _a(6, "Exercises", "Exercises", "Students answer the two exercises."),
        _a(6, "The end of the course", "The end of the course", "Recap the course; remind the class the chips were practice chips and where help is found."),
        _a(2, "", "Exit question", "Ask: is a famous winner evidence of a method?"),
    ),),
}


def periods(stem: str) -> tuple[tuple[Activity, ...], ...]:
    """The plan of the lesson ``stem``, period by period; :class:`LookupError` with a sentence otherwise."""
    try:
        return PLANS[stem]
    except KeyError:
        raise LookupError(f"There is no lesson plan for a lesson called {stem!r}.") from None


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def length_text(stem: str) -> str:
    """How long the lesson takes, as the start page's table says it.

    >>> length_text("spread"), length_text("ruin_and_bet_size")
    ('50 min', '2 × 50 min')
    """
    count = len(periods(stem))
    return f"{PERIOD_MINUTES} min" if count == 1 else f"{count} × {PERIOD_MINUTES} min"


def plan_markdown(stem: str) -> str:
    """The plan as Markdown: a "Lesson plan" heading, the length, then a table of timed activities per period."""
    plan = periods(stem)
    count = len(plan)
    length = (f"one {PERIOD_MINUTES}-minute period" if count == 1
              else f"{NUMBER_WORDS.get(count, count)} periods of {PERIOD_MINUTES} minutes "
                   f"({count * PERIOD_MINUTES} minutes in all)")
    lines = ["### Lesson plan", "", f"**Length:** {length}. The learning goals stand at the top of the lesson.", ""]
    for number, activities in enumerate(plan, start=1):
        if count > 1:
            lines += [f"#### Period {number} ({PERIOD_MINUTES} minutes)", ""]
        lines += ["| Time | Minutes | Activity | Section | The teacher does or asks |", "|:---|---:|:---|:---|:---|"]
        start = 0
        for activity in activities:
            span = f"{start}–{start + activity.minutes}"
            lines.append(f"| {span} | {activity.minutes} | {_cell(activity.activity)} | "
                         f"{_cell(activity.section) or '—'} | {_cell(activity.teacher)} |")
            start += activity.minutes
        lines.append("")
    return "\n".join(lines)
