"""Every sentence a lesson says about a computed quantity is true, and is what the lesson shows.

The claims (``content/claims``) carry their own figures and the condition that makes their words
true. These tests check each condition; that every notebook's claim spans hold exactly the
sentence the figures give now (a number typed over, or a figure that moved, fails with both
sentences); and, as a control, that a claim made false fails with its sentence.
"""

from __future__ import annotations

import dataclasses
from functools import partial

import nbformat
import pytest
from lesson_text import LESSONS, stem_of

from baccarat_lessons.content.claims import ClaimFalse, all_claims, find_claim
from baccarat_lessons.content.claims import spread as spread_claims
from baccarat_lessons.content.claims.fill import filled, spans, stale_spans

CLAIMS = [(lesson, claim) for lesson, claims in all_claims().items() for claim in claims]


def markdown_cells(path):
    return [cell.source for cell in nbformat.read(path, as_version=4).cells if cell.cell_type == "markdown"]


@pytest.mark.parametrize(("lesson", "claim"), CLAIMS, ids=[f"{lesson}/{claim.key}" for lesson, claim in CLAIMS])
def test_claim_holds(lesson, claim):
    claim.check(lesson)


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_every_claim_span_says_what_its_figures_say_now(path):
    stale = [line for source in markdown_cells(path) for line in stale_spans(source)]
    assert not stale, "\n".join(stale) + "\nRun: python -m baccarat_lessons.content.claims.fill notebooks/*.ipynb"


def test_every_claim_is_said_in_the_lesson_it_belongs_to():
    said = {(lesson, key) for path in LESSONS for source in markdown_cells(path)
            for lesson, key, _ in spans(source) if lesson == stem_of(path)}
    unsaid = [f"{lesson}/{claim.key}" for lesson, claim in CLAIMS if (lesson, claim.key) not in said]
    assert not unsaid, f"claims no lesson says: {unsaid}"


def test_a_claim_made_false_fails_with_its_sentence():
    # The control: a million coups only just fail to separate Banker from Player. Three times the
    # rounds shrink the interval under the gap, and the sentence must then fail, quoted.
    claim = find_claim("spread", "interval-width")
    wider = dataclasses.replace(claim, figures=partial(spread_claims.interval, 3_000_000))
    with pytest.raises(ClaimFalse) as failure:
        wider.check("spread")
    assert "only just fail to tell the two bets apart" in str(failure.value)
    assert "wider than the gap" in str(failure.value)


def test_a_changed_threshold_fails_the_claim_that_rested_on_it():
    claim = find_claim("spread", "hour-spread")
    stricter = dataclasses.replace(claim, holds=lambda f: min(f["mini"], f["big"]) > 20)
    with pytest.raises(ClaimFalse, match="a single evening proves nothing"):
        stricter.check("spread")


def test_a_typed_over_number_is_found():
    source = "<!-- claim spread/remember-shows -->Banker's edge needs about 3,000 coups.<!-- /claim -->"
    assert stale_spans(source) and "3,000" in stale_spans(source)[0]
    assert "31,000" in filled(source)
