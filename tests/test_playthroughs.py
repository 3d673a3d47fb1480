"""What every seat is told in one scripted coup of each variant, compared with the pinned files.

A failure here means a sentence, a card shown or hidden, or a total told to some seat has changed.
If the change is meant, rewrite the files (``python tests/playthroughs.py --write``) and let the
review read the diff; if it is not, a seat is now told something it was not told before.
"""

import pytest

from baccarat_lessons.engine.variants import VARIANTS

from playthroughs import FOLDER, playthroughs

PLAYED = playthroughs()


def test_every_variant_has_a_pinned_playthrough_and_no_file_is_stale():
    assert all(any(name.startswith(key) for name in PLAYED) for key in VARIANTS)
    assert sorted(path.name for path in FOLDER.glob("*.txt")) == sorted(PLAYED)


@pytest.mark.parametrize("name", sorted(PLAYED))
def test_what_each_seat_is_told_matches_the_pinned_file(name):
    pinned = (FOLDER / name).read_text(encoding="utf-8")
    assert PLAYED[name] == pinned


@pytest.mark.parametrize("name", sorted(name for name in PLAYED if "first drawing decision" in PLAYED[name]))
def test_no_seat_is_shown_a_card_it_may_not_see_before_the_reveal(name):
    """At the first drawing decision only the hands' holders see their face-down cards: an onlooker's
    section shows no rank at all among the first two cards of any hand."""
    text = PLAYED[name]
    onlooker = text.split("## at the first drawing decision, told to an onlooker")[1].split("##")[0]
    hand_lines = [line for line in onlooker.splitlines() if line.startswith("hand ")]
    assert hand_lines
    for line in hand_lines:
        first_two = line.split(":", 1)[1].split("(")[0].split()[:2]
        assert first_two == ["??", "??"], line
