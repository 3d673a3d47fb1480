"""One Punto Banco coup: deal, apply the drawing rules, compare.

The drawing rules come from :mod:`.drawing`; every card and every rule that
fires is an event with a sentence a student can read.

>>> from baccarat_lessons.engine.shoe import Shoe
>>> coup = deal_coup(Shoe.stacked("2S AC 2H 2D 8C"))
>>> for event in coup.events:
...     if event.kind == "RuleApplied":
...         print(event.text)
Player has 4: Player draws on 0 to 5.
Banker has 3 and Player's third card is an 8: Banker stands.
>>> coup.result.text
'Banker wins, 3 to 2.'
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .bets import CoupFacts
from .cards import Card, hand_total, is_natural
from .drawing import PUNTO_BANCO, Cell, DrawingRules
from .events import CardDealt, CoupResult, Event, Hand, Outcome, RuleApplied
from .shoe import Shoe


def card_phrase(card: Card) -> str:
    """'an 8', 'a 7', 'an ace (1)', 'a king (0)': how a card's value is read aloud."""
    if card.rank.value.isdigit() and card.rank.value != "10":
        word = card.rank.value
        return f"an {word}" if word == "8" else f"a {word}"
    name = card.rank.name.lower()
    article = "an" if name[0] in "ae" else "a"
    return f"{article} {name if name != 'ten' else '10'} ({card.value})"


def compare(player_total: int, banker_total: int) -> Outcome:
    if player_total > banker_total:
        return Outcome.PLAYER
    if banker_total > player_total:
        return Outcome.BANKER
    return Outcome.TIE


def _range_words(totals: frozenset[int]) -> str:
    low, high = min(totals), max(totals)
    return f"{low} to {high}" if high > low else str(low)


def player_rule(rules: DrawingRules, total: int) -> RuleApplied:
    """The player hand's drawing rule on a non-natural total."""
    if rules.player_draws(total):
        return RuleApplied(
            Hand.PLAYER, "draw", f"Player has {total}: Player draws on {_range_words(rules.player_draws_on)}.",
            rule=f"player {total}",
        )
    return RuleApplied(Hand.PLAYER, "stand", f"Player has {total}: Player stands on 6 or 7.", rule=f"player {total}")


def banker_rule(rules: DrawingRules, total: int, player_third: Card | None) -> RuleApplied:
    """The banker's rule: the table cell for its total and Player's third card."""
    if player_third is None:
        cell = rules.banker_cell(total, None)
        verb = "draws" if cell is Cell.DRAW else "stands"
        return RuleApplied(
            Hand.BANKER, cell.value,
            f"Player stood, so Banker acts on its own total: Banker has {total} and {verb}.",
            rule=f"banker {total} / player stood",
        )
    cell = rules.banker_cell(total, player_third.value)
    assert cell is not Cell.OPTIONAL, "Punto Banco has no optional cells"
    verb = "draws" if cell is Cell.DRAW else "stands"
    return RuleApplied(
        Hand.BANKER, cell.value,
        f"Banker has {total} and Player's third card is {card_phrase(player_third)}: Banker {verb}.",
        rule=f"banker {total} / third card {player_third.value}",
    )


@dataclass
class Coup:
    """A finished coup: the cards of each hand, the events, the result."""

    player_cards: list[Card] = field(default_factory=list)
    banker_cards: list[Card] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    result: CoupResult | None = None

    @property
    def player_total(self) -> int:
        return hand_total(self.player_cards)

    @property
    def banker_total(self) -> int:
        return hand_total(self.banker_cards)

    @property
    def outcome(self) -> Outcome:
        assert self.result is not None
        return self.result.outcome

    @property
    def facts(self) -> CoupFacts:
        """What the bets are settled on."""
        player, banker = self.player_cards[:2], self.banker_cards[:2]
        return CoupFacts(
            outcome=self.outcome,
            player_total=self.player_total,
            banker_total=self.banker_total,
            banker_card_count=len(self.banker_cards),
            cards_dealt=len(self.player_cards) + len(self.banker_cards),
            player_pair=player[0].rank == player[1].rank,
            banker_pair=banker[0].rank == banker[1].rank,
            perfect_pair=player[0] == player[1] or banker[0] == banker[1],
        )


PUNTO_BANCO_DEAL = (Hand.PLAYER, Hand.BANKER, Hand.PLAYER, Hand.BANKER)


def deal_coup(shoe: Shoe, rules: DrawingRules = PUNTO_BANCO, deal_order: tuple[Hand, ...] = PUNTO_BANCO_DEAL) -> Coup:
    """Deal one coup from the shoe's current position (the procedure is the caller's); the first
    cards go out in ``deal_order`` (a variant record's)."""
    coup = Coup()

    def deal(hand: Hand) -> Card:
        card = shoe.draw()
        cards = coup.player_cards if hand is Hand.PLAYER else coup.banker_cards
        cards.append(card)
        coup.events.append(CardDealt(hand, card, len(cards), hand_total(cards)))
        coup.events.extend(shoe.take_cut_card_event())
        return card

    for hand in deal_order:
        deal(hand)

    naturals = [h for h, cards in ((Hand.PLAYER, coup.player_cards), (Hand.BANKER, coup.banker_cards)) if is_natural(cards)]
    if naturals:
        who = " and ".join(
            f"{h.value} has a natural {hand_total(coup.player_cards if h is Hand.PLAYER else coup.banker_cards)}"
            for h in naturals
        )
        coup.events.append(RuleApplied(naturals[0], "natural", f"{who}: both hands stand.", rule="natural"))
    else:
        rule = player_rule(rules, coup.player_total)
        coup.events.append(rule)
        player_third = deal(Hand.PLAYER) if rule.action == "draw" else None
        rule = banker_rule(rules, hand_total(coup.banker_cards), player_third)
        coup.events.append(rule)
        if rule.action == "draw":
            deal(Hand.BANKER)

    coup.result = CoupResult(compare(coup.player_total, coup.banker_total), coup.player_total, coup.banker_total)
    coup.events.append(coup.result)
    return coup
