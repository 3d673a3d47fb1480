"""A plain exact enumeration of Punto Banco, written as a reference for the fast one.

Pure Python and deliberately straightforward: nested loops over the value of
each card dealt, weighted by how many such cards the shoe still holds, and the
drawing rules read cell by cell from the rules data (``PUNTO_BANCO``). A coup
that ends after four or five cards is counted once for every way the unused
cards could follow, so every count is a number of ordered six-card sequences,
the same unit :func:`baccarat_lessons.analysis.exact.exact_odds` counts in.

Pair bets need ranks and suits, not values: they are counted by loops over the
rank (or exact card) that forms each hand's pair.

Run it on its own to print the odds of a full 8-deck shoe::

    .venv/bin/python benchmarks/reference_enumeration.py
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from baccarat_lessons.analysis.composition import Composition
from baccarat_lessons.engine.drawing import PUNTO_BANCO, Cell, DrawingRules


def falling(n: int, k: int) -> int:
    """n (n-1) ... (n-k+1)."""
    result = 1
    for i in range(k):
        result *= n - i
    return result


@dataclass(frozen=True)
class ReferenceOdds:
    """Six-card sequence counts per outcome and win/push chances per bet key."""

    sequence_count: int
    outcome_counts: dict[str, int]
    win: dict[str, Fraction]
    push: dict[str, Fraction]


def winner(player_total: int, banker_total: int) -> str:
    if player_total > banker_total:
        return "player"
    if banker_total > player_total:
        return "banker"
    return "tie"


def enumerate_coups(by_value: list[int], rules: DrawingRules = PUNTO_BANCO) -> dict[tuple[str, int, bool], int]:
    """Counts of six-card sequences by (winner, cards dealt, Banker won with a three-card 7)."""
    player_draws = [total in rules.player_draws_on for total in range(10)]
    banker_draws_alone = [rules.banker_cell(total, None) is Cell.DRAW for total in range(10)]
    banker_draws_after = [[rules.banker_cell(total, value) is Cell.DRAW for value in range(10)] for total in range(10)]
    counts = list(by_value)
    cards = sum(counts)
    # A coup over after k cards stands for every ordering of 6 - k further cards.
    after = {k: falling(cards - k, 6 - k) for k in (4, 5, 6)}
    tally: dict[tuple[str, int, bool], int] = {}

    def record(player_total: int, banker_total: int, dealt: int, banker_third: bool, ways: int) -> None:
        result = winner(player_total, banker_total)
        seven = result == "banker" and banker_third and banker_total == 7
        key = (result, dealt, seven)
        tally[key] = tally.get(key, 0) + ways * after[dealt]

    def take(value: int, ways: int) -> int:
        """Deal a card of this value: the ways multiply by how many there were."""
        ways *= counts[value]
        counts[value] -= 1
        return ways

    for c0 in range(10):
        if not counts[c0]:
            continue
        w0 = take(c0, 1)
        for c1 in range(10):
            if not counts[c1]:
                continue
            w1 = take(c1, w0)
            for c2 in range(10):
                if not counts[c2]:
                    continue
                w2 = take(c2, w1)
                for c3 in range(10):
                    if not counts[c3]:
                        continue
                    w3 = take(c3, w2)
                    player, banker = (c0 + c2) % 10, (c1 + c3) % 10
                    if player >= 8 or banker >= 8:
                        record(player, banker, 4, False, w3)
                    elif player_draws[player]:
                        for c4 in range(10):
                            if not counts[c4]:
                                continue
                            w4 = take(c4, w3)
                            player_final = (player + c4) % 10
                            if banker_draws_after[banker][c4]:
                                for c5 in range(10):
                                    if counts[c5]:
                                        record(player_final, (banker + c5) % 10, 6, True, w4 * counts[c5])
                            else:
                                record(player_final, banker, 5, False, w4)
                            counts[c4] += 1
                    elif banker_draws_alone[banker]:
                        for c4 in range(10):
                            if counts[c4]:
                                record(player, (banker + c4) % 10, 5, True, w3 * counts[c4])
                    else:
                        record(player, banker, 4, False, w3)
                    counts[c3] += 1
                counts[c2] += 1
            counts[c1] += 1
        counts[c0] += 1
    return tally


def pair_chances(class_counts: list[int], cards: int) -> tuple[Fraction, Fraction]:
    """Chance that Player's first two cards share a class (rank, or exact card), and
    that Player's and Banker's both do, by looping over the class of each pair."""
    four = falling(cards, 4)
    player_pair = 0
    both = 0
    for first in range(len(class_counts)):
        ways_player = falling(class_counts[first], 2)
        if not ways_player:
            continue
        player_pair += ways_player * falling(cards - 2, 2)
        for second in range(len(class_counts)):
            left = class_counts[second] - (2 if second == first else 0)
            both += ways_player * falling(left, 2) if left >= 2 else 0
    return Fraction(player_pair, four), Fraction(both, four)


def reference_odds(composition: Composition, banker_pays: str = "commission") -> ReferenceOdds:
    """Win and push chances of every Punto Banco bet for this composition.

    ``banker_pays`` is ``"commission"`` (a Banker win pays 0.95:1) or ``"banker7"``
    (a Banker win with a three-card 7 pushes). The chances do not depend on what
    Tie pays.
    """
    cards = composition.card_count
    sequences = falling(cards, 6)
    tally = enumerate_coups(composition.by_value())
    assert sum(tally.values()) == sequences

    def share(test) -> Fraction:
        return Fraction(sum(count for key, count in tally.items() if test(*key)), sequences)

    outcome_counts = {name: sum(c for (who, _, _), c in tally.items() if who == name) for name in ("banker", "player", "tie")}
    tie = share(lambda who, dealt, seven: who == "tie")
    rank_one, rank_both = pair_chances(composition.by_rank(), cards)
    card_one, card_both = pair_chances(list(composition.counts), cards)
    win = {
        "player": share(lambda who, dealt, seven: who == "player"),
        "banker": share(lambda who, dealt, seven: who == "banker"),
        "tie": tie,
        "big": share(lambda who, dealt, seven: dealt >= 5),
        "small": share(lambda who, dealt, seven: dealt == 4),
        "player_pair": rank_one,
        "banker_pair": rank_one,  # Banker's two cards are dealt from the same shoe: same chance
        "either_pair": 2 * rank_one - rank_both,
        "perfect_pair": 2 * card_one - card_both,
    }
    push = {key: Fraction(0) for key in win}
    push["player"] = push["banker"] = tie
    if banker_pays == "banker7":
        seven = share(lambda who, dealt, seven: seven)
        win["banker"] -= seven
        push["banker"] += seven
    return ReferenceOdds(sequences, outcome_counts, win, push)


if __name__ == "__main__":
    odds = reference_odds(Composition.full(8))
    print("Full 8-deck shoe, tie 8:1, 5% commission")
    for key, chance in odds.win.items():
        print(f"{key:<14} wins {float(chance):.6f}   pushes {float(odds.push[key]):.6f}")
