"""The "Variants" section of a page: how its game differs from the other four.

Every word about a difference is read from the variant records
(``engine.variants.VARIANTS``), so the comparison follows the tables the app
plays: a table with one row per :class:`Aspect` and one column per variant, then
one short line per other variant with the few differences that tell it apart
(the table above it holds the rest).

>>> from baccarat_lessons.engine.variants import VARIANTS
>>> print(difference_sentence(VARIANTS["mini-baccarat"], VARIANTS["punto-banco"]))
Punto Banco: bets of 5 to 500 and chips of 5 to 50.
>>> print(difference_sentence(VARIANTS["punto-banco"], VARIANTS["chemin-de-fer"]))
Chemin de Fer: a player banks in turn, players choose some draws and 6 seats (more in the table).
>>> '<td class="this-variant">3</td>' in variants_html(VARIANTS["banque-limitee"], VARIANTS)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Callable, Mapping

from ..engine.drawing import Cell
from ..engine.money import show_percent as percent  # noqa: F401  (read from here by the content and lessons)
from ..engine.variants import Banking, Variant

BANK_HOLDERS = {
    Banking.HOUSE: "the house, every coup",
    Banking.ROTATING: "a player, passed on after a players' win",
    Banking.PLAYER_UNTIL_RETIRED: "a player, until that player retires",
}


def words_list(items) -> str:
    """'5, 10 and 25' from (5, 10, 25).

    >>> words_list((1, 2)), words_list(["a"])
    ('1 and 2', 'a')
    """
    items = [str(item) for item in items]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" and {items[-1]}"


def bank_holder(variant: Variant) -> str:
    return BANK_HOLDERS[variant.banking]


def hands(variant: Variant) -> str:
    return "2 tableaux" if variant.tableau_count == 2 else f"{variant.tableau_count} hand"


def seats(variant: Variant) -> str:
    bots = variant.seat_count - 1
    return "you alone" if bots == 0 else f"you and {bots} bot{'s' if bots > 1 else ''}"


def bet_limits(variant: Variant) -> str:
    chips = "chip" if variant.min_bet == 1 else "chips"
    if variant.max_bet is None:
        return f"at least {variant.min_bet} {chips}, with no table maximum"
    return f"{variant.min_bet} to {variant.max_bet} chips"


def choices(variant: Variant) -> str:
    """Who chooses whether a hand draws, and where."""
    if variant.has_fixed_rules:
        return "no choices: a fixed table decides every draw"
    rules = variant.drawing
    free_totals = words_list(sorted(rules.player_optional_on))
    if variant.tableau_count == 2:
        # The two-tableau banker has no drawing table at all (SPEC §5): every draw is a choice.
        return f"choices for the captains, free on {free_totals}, and for the banker on every draw"
    optional_cells = sum(row.count(Cell.OPTIONAL) for row in rules.banker_table)
    return (
        f"choices for the punter, free on {free_totals}, and for the banker "
        f"in {optional_cells} optional cell{'s' if optional_cells != 1 else ''}"
    )


def commission(variant: Variant) -> str:
    if variant.tableau_count == 2:
        basis = "the banker's net gain over both tableaux"
    elif variant.banking is Banking.HOUSE:
        basis = "winning Banker bets"
    else:
        basis = "the bank's winnings"
    return f"{percent(variant.commission)} of {basis}"


# The same differences in a few words each (no comma, no "and": a line joins them), for the list under the table.
BANKS_IN_WORDS = {
    Banking.HOUSE: "the house banks",
    Banking.ROTATING: "a player banks in turn",
    Banking.PLAYER_UNTIL_RETIRED: "a player banks until retiring",
}


def choices_in_words(variant: Variant) -> str:
    if variant.has_fixed_rules:
        return "no choices"
    # Against two tableaux the banker has no drawing table (SPEC §5): every draw of the bank is chosen.
    return "the banker chooses every draw" if variant.tableau_count == 2 else "players choose some draws"


def bets_in_words(variant: Variant) -> str:
    if variant.max_bet is None:
        return f"bets from {variant.min_bet} without a maximum"
    return f"bets of {variant.min_bet} to {variant.max_bet}"


@dataclass(frozen=True)
class Aspect:
    """One way two variants can differ: a row of the table, and a few words for the list under it."""

    label: str  # row heading
    value: Callable[[Variant], str]  # the cell
    in_words: Callable[[Variant], str]  # a few words for a line of the list


ASPECTS: tuple[Aspect, ...] = (
    Aspect("Bank held by", bank_holder, lambda variant: BANKS_IN_WORDS[variant.banking]),
    Aspect("Hands facing the banker", hands,
           lambda variant: "two tableaux against the bank" if variant.tableau_count == 2 else "one hand against the bank"),
    Aspect("Seats", seats, lambda variant: "a table for one" if variant.seat_count == 1 else f"{variant.seat_count} seats"),
    Aspect("Decks", lambda variant: str(variant.decks), lambda variant: f"{variant.decks} decks"),
    Aspect("Chip values", lambda variant: words_list(variant.stakes),
           lambda variant: f"chips of {min(variant.stakes)} to {max(variant.stakes)}"),
    Aspect("One bet", bet_limits, bets_in_words),
    Aspect("Who chooses", choices, choices_in_words),
    Aspect("Commission", commission, lambda variant: f"{percent(variant.commission)} commission"),
)
# A line names the differences that tell two games apart most, in this order, and at most SAID_COUNT of them.
SAID_FIRST = ("Bank held by", "Hands facing the banker", "Who chooses", "Seats", "Decks", "Commission", "One bet",
              "Chip values")
SAID_COUNT = 3


def difference_sentence(here: Variant, other: Variant) -> str:
    """A short line: ``other``'s name and the few differences from ``here`` that tell it apart most."""
    by_label = {aspect.label: aspect for aspect in ASPECTS}
    changed = [by_label[label] for label in SAID_FIRST if by_label[label].value(other) != by_label[label].value(here)]
    if not changed:
        return f"{other.name}: played the same way."
    said = [aspect.in_words(other) for aspect in changed[:SAID_COUNT]]
    more = " (more in the table)" if len(changed) > SAID_COUNT else ""
    return f"{other.name}: {words_list(said)}{more}."


def comparison_table_html(here: Variant, variants: Mapping[str, Variant]) -> str:
    """The five variants side by side, ``here``'s column marked."""
    def header(variant):
        mark = ' class="this-variant"' if variant.key == here.key else ""
        label = f"{escape(variant.name)} (this page)" if variant.key == here.key else escape(variant.name)
        return f'<th scope="col"{mark}>{label}</th>'

    head = '<tr><th scope="col">At the practice table</th>' + "".join(map(header, variants.values())) + "</tr>"
    def cell(aspect, variant):
        mark = ' class="this-variant"' if variant.key == here.key else ""
        return f"<td{mark}>{escape(aspect.value(variant))}</td>"

    rows = "".join(
        f'<tr><th scope="row">{escape(aspect.label)}</th>'
        + "".join(cell(aspect, variant) for variant in variants.values())
        + "</tr>"
        for aspect in ASPECTS
    )
    return (
        f'<table class="variant-comparison" data-comparison="variants">'
        f"<thead>{head}</thead><tbody>{rows}</tbody></table>"
    )


def variants_html(here: Variant, variants: Mapping[str, Variant]) -> str:
    """The whole section body: a short lead, the table, then one sentence per other variant."""
    others = "".join(
        f'<li data-variant="{escape(other.key)}">{escape(difference_sentence(here, other))}</li>'
        for other in variants.values() if other.key != here.key
    )
    return (
        f"<p>The suite has {len(variants)} tables. This comparison is read from the same records "
        f"the tables play by, so it changes whenever a table does.</p>"
        f"{comparison_table_html(here, variants)}"
        f"<p>Compared with {escape(here.name)}:</p>"
        f'<ul class="variant-differences">{others}</ul>'
    )
