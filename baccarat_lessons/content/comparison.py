"""The "Variants" section of a page: how its game differs from the other four.

Every word about a difference is read from the variant records
(``engine.variants.VARIANTS``), so the comparison follows the tables the app
plays: a table with one row per :class:`Aspect` and one column per variant, then
one sentence per other variant naming what it changes.

>>> from baccarat_lessons.engine.variants import VARIANTS
>>> print(difference_sentence(VARIANTS["mini-baccarat"], VARIANTS["punto-banco"]))
Punto Banco has chip values of 5, 10, 25 and 50 (here: 1, 2, 5 and 10) and a bet of 5 to 500 chips (here: 1 to 100 chips). Unchanged: bank, hands, seats, decks, choices and commission.
>>> '<td class="this-variant">3</td>' in variants_html(VARIANTS["banque-limitee"], VARIANTS)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from html import escape
from typing import Callable, Mapping

from ..engine.drawing import Cell
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


def percent(rate: Fraction) -> str:
    """A commission rate as a page writes it: Fraction(1, 80) -> '1.25%'."""
    hundredths = Fraction(rate) * 100
    return f"{hundredths.numerator}%" if hundredths.denominator == 1 else f"{float(hundredths):g}%"


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


@dataclass(frozen=True)
class Aspect:
    """One way two variants can differ: a table row and a clause of the sentences."""

    label: str  # row heading
    noun: str  # for "Unchanged: bank, decks and commission."
    value: Callable[[Variant], str]  # the cell, and the "(here: ...)" of a sentence
    phrase: str  # the clause, with {} for the other variant's value


ASPECTS: tuple[Aspect, ...] = (
    Aspect("Bank held by", "bank", bank_holder, "the bank held by {}"),
    Aspect("Hands facing the banker", "hands", hands, "{} facing the banker"),
    Aspect("Seats", "seats", seats, "a table for {}"),
    Aspect("Decks", "decks", lambda variant: str(variant.decks), "{} decks"),
    Aspect("Chip values", "chip values", lambda variant: words_list(variant.stakes), "chip values of {}"),
    Aspect("One bet", "bet limits", bet_limits, "a bet of {}"),
    Aspect("Who chooses", "choices", choices, "{}"),
    Aspect("Commission", "commission", commission, "a commission of {}"),
)


def difference_sentence(here: Variant, other: Variant) -> str:
    """What ``other`` changes compared with ``here``, and what it keeps."""
    changed = [aspect for aspect in ASPECTS if aspect.value(other) != aspect.value(here)]
    same = [aspect.noun for aspect in ASPECTS if aspect not in changed]
    if not changed:
        return f"{other.name} is played exactly as {here.name} is here."
    clauses = [f"{aspect.phrase.format(aspect.value(other))} (here: {aspect.value(here)})" for aspect in changed]
    # Clauses can hold commas of their own, so a long list is split by semicolons.
    joined = " and ".join(clauses) if len(clauses) <= 2 else "; ".join(clauses[:-1]) + f"; and {clauses[-1]}"
    sentence = f"{other.name} has {joined}."
    if same:
        sentence += f" Unchanged: {words_list(same)}."
    return sentence


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
