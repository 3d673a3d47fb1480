"""The written content of the variant pages: complete, clean HTML, faithful to the rules.

The drawing tables are parsed back out of the HTML and compared with the engine's
rules data, the guide card strings are dealt by the engine, and every seed
sentence is checked to be absent, so the words cannot drift from the game or
from the project's own voice.
"""

from __future__ import annotations

import dataclasses
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from baccarat_lessons.content import myths, variant_page
from baccarat_lessons.content.catalog import CATALOG
from baccarat_lessons.content.sources import SOURCES
from baccarat_lessons.engine.cards import hand_total, is_natural, parse_cards
from baccarat_lessons.engine.coup import deal_coup
from baccarat_lessons.engine.drawing import CHEMIN_DE_FER, PUNTO_BANCO, Cell
from baccarat_lessons.engine.errors import SettingsError
from baccarat_lessons.engine.events import Outcome
from baccarat_lessons.engine.shoe import Shoe
from baccarat_lessons.engine.variants import VARIANTS

SEEDS = Path("/work/shared/seeds")
VOID_TAGS = {"br", "hr", "wbr"}
ALLOWED_TAGS = {
    "h3", "h4", "p", "ul", "ol", "li", "table", "thead", "tbody", "tr", "th", "td",
    "strong", "em", "cite", "abbr", "code", "dl", "dt", "dd", "br", "span", "section",
}
FORBIDDEN_PHRASES = (
    "bonus", "deposit", "free spins", "win money", "real money", "cash out",
    "casino site", "casinobonusesindex", "http", "www.", ".com",
)


# -- helpers -------------------------------------------------------------------
class FragmentChecker(HTMLParser):
    """Records tags, checks nesting, and collects every table as rows of cell texts."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.problems: list[str] = []
        self.tags: list[tuple[str, dict]] = []
        self.tables: list[dict] = []
        self._cell: list[str] | None = None
        self.text_parts: list[str] = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        self.tags.append((tag, attributes))
        if tag not in VOID_TAGS:
            self.stack.append(tag)
        if tag == "table":
            self.tables.append({"attrs": attributes, "rows": []})
        elif tag == "tr":
            self.tables[-1]["rows"].append([])
        elif tag in ("th", "td"):
            self._cell = []

    def handle_startendtag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        if tag not in VOID_TAGS:
            self.problems.append(f"self-closing <{tag}/>")

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.problems.append(f"</{tag}> closes {self.stack[-1:] or 'nothing'}")
            return
        self.stack.pop()
        if tag in ("th", "td"):
            self.tables[-1]["rows"][-1].append(" ".join("".join(self._cell).split()))
            self._cell = None

    def handle_data(self, data):
        self.text_parts.append(data)
        if self._cell is not None:
            self._cell.append(data)


def check_fragment(html: str) -> FragmentChecker:
    checker = FragmentChecker()
    checker.feed(html)
    checker.close()
    return checker


def table_with(html: str, **attrs) -> list[list[str]]:
    """The rows (header row first) of the one table carrying these data attributes."""
    found = [
        table["rows"] for table in check_fragment(html).tables
        if all(table["attrs"].get(f"data-{name}") == value for name, value in attrs.items())
    ]
    assert len(found) == 1, f"expected one table with {attrs}, found {len(found)}"
    return found[0]


def values_in(cell: str) -> set[int]:
    """Digits and ranges named in a cell: '0–7 or 9' -> {0..7, 9}; '— (never)' -> set()."""
    values: set[int] = set()
    for low, high in re.findall(r"(\d)(?:\s*[–-]\s*(\d))?", cell):
        values |= set(range(int(low), int(high or low) + 1))
    return values


def banker_grid_from_html(rows: list[list[str]]) -> dict[tuple[int, int | None], Cell]:
    """Parse a banker drawing table into {(banker total, third value or None): cell}."""
    header = [text.lower() for text in rows[0]]
    columns = {
        "stood": next(i for i, h in enumerate(header) if "stood" in h),
        Cell.DRAW: next(i for i, h in enumerate(header) if "draws when" in h or h.startswith("draws")),
        Cell.STAND: next(i for i, h in enumerate(header) if "stands when" in h or h.startswith("stands")),
    }
    choice = [i for i, h in enumerate(header) if "choice" in h]
    if choice:
        columns[Cell.OPTIONAL] = choice[0]
    grid: dict[tuple[int, int | None], Cell] = {}
    for row in rows[1:]:
        for total in values_in(row[0]):
            stood = row[columns["stood"]].lower()
            assert stood in ("draws", "stands"), stood
            grid[(total, None)] = Cell.DRAW if stood == "draws" else Cell.STAND
            seen: set[int] = set()
            for cell in (Cell.DRAW, Cell.STAND, Cell.OPTIONAL):
                if cell not in columns:
                    continue
                named = values_in(row[columns[cell]])
                assert not named & seen, f"row {row[0]} names a value in two columns"
                seen |= named
                for value in named:
                    grid[(total, value)] = cell
            assert seen == set(range(10)), f"row {row[0]} leaves out values {set(range(10)) - seen}"
    return grid


def normalise(text: str) -> str:
    text = text.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
    return " ".join(re.sub(r"[^\w'%]+", " ", text.lower()).split())


def page_texts(page) -> list[str]:
    return [
        page.name, page.tagline, page.category, page.guide_title, *page.guide_notes,
        *page.also_known_as, *page.countries,
        *(" ".join(check_fragment(html).text_parts) for html in page_parts(page)),
    ]


def page_parts(page) -> list[str]:
    """Every HTML part of a page, the generated Variants section and bibliography included."""
    return [page.rules_html, page.history_html, page.variants_html, page.bibliography_html]


def all_content_text() -> str:
    texts = [text for key in VARIANTS for text in page_texts(variant_page(key))]
    texts += [part for myth in myths() for part in myth]
    return normalise(" \n ".join(texts))


def seed_sentences() -> list[str]:
    sentences = []
    for path in sorted(SEEDS.glob("*.txt")):
        for line in path.read_text(encoding="utf-8").splitlines():
            sentences += re.split(r"(?<=[.!?])\s+", line)
    return [normalise(s) for s in sentences if len(normalise(s).split()) >= 8]


# -- every page is complete ----------------------------------------------------
def test_every_variant_has_a_page():
    assert set(CATALOG) == set(VARIANTS)


@pytest.mark.parametrize("key", VARIANTS)
def test_page_fields_are_complete(key):
    page = variant_page(key)
    assert page.key == key
    assert page.name == VARIANTS[key].name
    for name in ("tagline", "category", "rules_html", "history_html", "variants_html", "bibliography_html",
                 "guide_cards", "guide_title"):
        assert getattr(page, name).strip(), f"{key}: {name} is empty"
    assert "\n" not in page.tagline
    assert page.category.startswith("Comparing · ")
    assert page.also_known_as and all(name.strip() for name in page.also_known_as)
    assert page.countries and all(name.strip() for name in page.countries)
    assert page.guide_notes and all(note.strip() for note in page.guide_notes)


@pytest.mark.parametrize("key", VARIANTS)
def test_rules_cover_every_section(key):
    headings = [
        "".join(check_fragment(f"<h3>{m}</h3>").text_parts)
        for m in re.findall(r"<h3>(.*?)</h3>", variant_page(key).rules_html)
    ]
    for section in ("Objective", "Equipment and setup", "Card values", "How a", "Settlement", "End of"):
        assert any(heading.startswith(section) for heading in headings), f"{key}: no '{section}' section"


def test_page_is_frozen_and_lists_are_not_shared():
    page = variant_page("punto-banco")
    with pytest.raises(dataclasses.FrozenInstanceError):
        page.name = "Something else"
    page.guide_notes.clear()
    assert variant_page("punto-banco").guide_notes


def test_unknown_key_is_a_settings_error():
    with pytest.raises(SettingsError, match="no variant page called 'blackjack'"):
        variant_page("blackjack")


# -- clean HTML ----------------------------------------------------------------
@pytest.mark.parametrize("key", VARIANTS)
@pytest.mark.parametrize("part", ["rules_html", "history_html", "variants_html", "bibliography_html"])
def test_html_is_a_clean_balanced_fragment(key, part):
    html = getattr(variant_page(key), part)
    checker = check_fragment(html)
    assert not checker.problems
    assert not checker.stack, f"unclosed tags {checker.stack}"
    unexpected = {tag for tag, _ in checker.tags} - ALLOWED_TAGS
    assert not unexpected, f"tags not allowed in a fragment: {unexpected}"
    for tag, attrs in checker.tags:
        for name, value in attrs.items():
            assert not name.startswith("on"), f"event handler {name} on <{tag}>"
            assert name in ("class", "scope", "colspan") or name.startswith("data-"), name
            assert "//" not in (value or "") and "url(" not in (value or "")
    assert "<!--" not in html
    for table in checker.tables:
        assert "<thead>" in html and table["rows"][0], "every table has a header row"


def test_no_forbidden_words_anywhere():
    text = all_content_text()
    raw = " ".join(part for k in VARIANTS for part in page_parts(variant_page(k))).lower()
    for phrase in FORBIDDEN_PHRASES:
        assert phrase not in text and phrase not in raw, f"content mentions '{phrase}'"


def test_no_seed_sentence_is_copied():
    text = all_content_text()
    sentences = seed_sentences()
    assert len(sentences) > 200, "the seeds were not read"
    copied = [s for s in sentences if s in text]
    assert not copied, copied[:3]


def test_no_long_run_of_seed_words_is_copied():
    """Closer than verbatim: no run of 8 consecutive seed words appears in the content
    (runs of bare numbers, such as a table's column headings, do not count)."""
    run = 8
    text_words = all_content_text().split()
    content_runs = {tuple(text_words[i:i + run]) for i in range(len(text_words) - run + 1)}
    titles = " | ".join(source.title.lower() for source in SOURCES.values())  # a work's title is quoted whole
    for sentence in seed_sentences():
        words = sentence.split()
        for i in range(len(words) - run + 1):
            words_run = tuple(words[i:i + run])
            if all(word.isdigit() for word in words_run) or " ".join(words_run) in titles:
                continue
            assert words_run not in content_runs, " ".join(words_run)


# -- the words match the rules the engine plays --------------------------------
@pytest.mark.parametrize("key, rules", [
    ("punto-banco", PUNTO_BANCO), ("mini-baccarat", PUNTO_BANCO), ("chemin-de-fer", CHEMIN_DE_FER),
])
def test_banker_drawing_table_in_the_text_equals_the_engine(key, rules):
    rows = table_with(variant_page(key).rules_html, drawing="banker")
    grid = banker_grid_from_html(rows)
    expected = {(total, value): rules.banker_cell(total, value) for total in range(8) for value in range(10)}
    expected |= {(total, None): rules.banker_cell(total, None) for total in range(8)}
    assert grid == expected


@pytest.mark.parametrize("key, rules", [
    ("punto-banco", PUNTO_BANCO), ("mini-baccarat", PUNTO_BANCO), ("chemin-de-fer", CHEMIN_DE_FER),
])
def test_player_drawing_table_in_the_text_equals_the_engine(key, rules):
    rows = table_with(variant_page(key).rules_html, drawing="player")
    actions = {}
    for row in rows[1:]:
        for total in values_in(row[0]):
            actions[total] = row[1].lower()
    assert set(actions) == set(range(10))
    for total in range(8):
        action = actions[total]
        if total in rules.player_forced_on and total not in rules.player_optional_on:
            assert action.startswith(("draws", "must draw")), (total, action)
        elif total in rules.player_optional_on:
            assert "choice" in action or "choose" in action, (total, action)
        elif rules.player_draws(total):
            assert "draw" in action and "stand" not in action, (total, action)
        else:
            assert "stand" in action and "draw" not in action, (total, action)
    assert all("natural" in actions[total] for total in (8, 9))


def test_optional_cells_are_named_in_the_chemin_de_fer_table():
    rows = table_with(variant_page("chemin-de-fer").rules_html, drawing="banker")
    optional = {(total, value) for (total, value), cell in banker_grid_from_html(rows).items()
                if cell is Cell.OPTIONAL}
    assert optional == {(3, 9), (5, 4)}


@pytest.mark.parametrize("key", VARIANTS)
def test_table_facts_match_the_variant_record(key):
    variant = VARIANTS[key]
    facts = {row[0]: row[1] for row in table_with(variant_page(key).rules_html, variant=key)[1:]}
    assert facts["Decks in the shoe"] == str(variant.decks)
    assert facts["Starting chips"] == str(variant.starting_chips)
    assert values_in_list(facts["Chip values"]) == list(variant.stakes)
    limit = facts["Most chips on one bet"]
    if variant.max_bet is None:
        assert "no table maximum" in limit
    else:
        assert limit == str(variant.max_bet)
    commission = variant.commission * 100
    shown = f"{commission.numerator}%" if commission.denominator == 1 else f"{float(commission):g}%"
    assert facts[next(k for k in facts if "commission" in k.lower())].startswith(shown)


def values_in_list(text: str) -> list[int]:
    return [int(token) for token in re.findall(r"\d+", text)]


# -- illustrated guides ----------------------------------------------------------
@pytest.mark.parametrize("key", VARIANTS)
def test_guide_cards_parse(key):
    cards = parse_cards(variant_page(key).guide_cards)
    assert 4 <= len(cards) <= 9


def test_punto_banco_guide_is_the_worked_example():
    page = variant_page("punto-banco")
    coup = deal_coup(Shoe.stacked(page.guide_cards))
    assert [str(c) for c in coup.player_cards] == ["2S", "2H", "8C"]
    assert [str(c) for c in coup.banker_cards] == ["AC", "2D"]
    assert (coup.outcome, coup.player_total, coup.banker_total) == (Outcome.BANKER, 2, 3)
    assert len(page.guide_notes) == len(coup.events)
    # The page's second half of the example: a 7 instead of the 8 makes Banker draw.
    changed = deal_coup(Shoe.stacked(page.guide_cards.replace("8C", "7C") + " 9S"))
    assert changed.player_total == 1 and len(changed.banker_cards) == 3


def test_mini_guide_shows_banker_drawing_after_player_stood():
    page = variant_page("mini-baccarat")
    coup = deal_coup(Shoe.stacked(page.guide_cards))
    assert len(coup.player_cards) == 2 and len(coup.banker_cards) == 3
    assert (coup.outcome, coup.player_total, coup.banker_total) == (Outcome.BANKER, 7, 9)
    assert len(page.guide_notes) == len(coup.events)


def test_chemin_de_fer_guide_shows_both_decisions():
    page = variant_page("chemin-de-fer")
    cards = parse_cards(page.guide_cards)
    punter, banker = [cards[0], cards[2]], [cards[1], cards[3]]
    assert not is_natural(punter) and not is_natural(banker)
    # The punter's total is the free-choice total, so the guide's carte is a real decision.
    assert hand_total(punter) in CHEMIN_DE_FER.player_optional_on
    assert page.guide_choices == {"punter": True, "banker": True}
    third = cards[4]
    punter.append(third)
    assert CHEMIN_DE_FER.banker_cell(hand_total(banker), third.value) is Cell.OPTIONAL
    banker.append(cards[5])
    assert len(cards) == 6, "every card of the guide string is used"
    assert (hand_total(punter), hand_total(banker)) == (4, 5)
    assert "banker 5, players 4" in page.guide_notes[-1]


def play_banque(cards, choices):
    """Deal a two-tableau coup from a guide string: right, left, banker twice, then thirds."""
    hands = {"right": [cards[0], cards[3]], "left": [cards[1], cards[4]], "banker": [cards[2], cards[5]]}
    rest = iter(cards[6:])
    naturals = {seat for seat, hand in hands.items() if is_natural(hand)}
    banker_two = hand_total(hands["banker"])
    decided = []
    if "banker" not in naturals:
        for seat in ("right", "left", "banker"):
            if seat in naturals:
                continue
            decided.append(seat)
            if choices[seat]:
                hands[seat].append(next(rest))
    assert next(rest, None) is None, "every card of the guide string is used"
    results = {}
    for seat in ("right", "left"):
        banker_total = banker_two if seat in naturals else hand_total(hands["banker"])
        results[seat] = (hand_total(hands[seat]), banker_total)
    return hands, naturals, decided, results


def test_banque_ouverte_guide_has_a_natural_and_free_choices():
    page = variant_page("banque-ouverte")
    hands, naturals, decided, results = play_banque(parse_cards(page.guide_cards), page.guide_choices)
    assert naturals == {"right"}
    assert decided == ["left", "banker"] and set(page.guide_choices) == set(decided)
    assert hand_total(hands["left"][:2]) in CHEMIN_DE_FER.player_optional_on
    assert results == {"right": (8, 6), "left": (5, 6)}


def test_banque_limitee_guide_splits_the_two_tableaux():
    page = variant_page("banque-limitee")
    hands, naturals, decided, results = play_banque(parse_cards(page.guide_cards), page.guide_choices)
    assert not naturals
    assert decided == ["right", "left", "banker"] and set(page.guide_choices) == set(decided)
    # The guide's captains: you stand on 5 (a free choice); the bot on the left follows the guidance.
    assert hand_total(hands["right"]) in CHEMIN_DE_FER.player_optional_on
    assert CHEMIN_DE_FER.player_draws(hand_total(hands["left"][:2]))
    assert results == {"right": (5, 7), "left": (9, 7)}


@pytest.mark.parametrize("key", ["banque-ouverte", "banque-limitee"])
def test_captain_guidance_matches_the_rules_data(key):
    rules = VARIANTS[key].drawing
    rows = table_with(variant_page(key).rules_html, drawing="captain")
    advice = {total: row[1] for row in rows[1:] for total in values_in(row[0])}
    assert set(advice) == set(range(10))
    for total in range(8):
        if total in rules.player_optional_on:
            assert advice[total].startswith("either"), total
        elif rules.player_draws(total):
            assert advice[total].startswith("draw"), total
        else:
            assert advice[total] == "stand", total
    assert all(advice[total].startswith("natural") for total in (8, 9))


def test_fixed_rule_pages_have_no_guide_choices():
    assert variant_page("punto-banco").guide_choices == {}
    assert variant_page("mini-baccarat").guide_choices == {}


# -- myths ---------------------------------------------------------------------
def test_myths_are_claim_and_answer_pairs():
    pairs = myths()
    assert len(pairs) >= 10
    for claim, answer in pairs:
        assert claim.strip() and answer.strip() and claim != answer
    text = " ".join(claim for claim, _ in pairs).lower()
    for legend in ("falguiere", "zero", "read the machine", "martingale"):
        assert legend in text, f"the myths list has no entry about {legend}"


def test_house_edges_quoted_in_the_myths_are_the_exact_figures():
    from baccarat_lessons.analysis.composition import Composition
    from baccarat_lessons.analysis.exact import exact_odds
    from baccarat_lessons.engine.bets import BankerPays, BetSpot

    text = " ".join(answer for _, answer in myths())

    def edge(spot, tie_pays=8):
        odds = exact_odds(Composition.full(8), tie_pays=tie_pays, banker_pays=BankerPays.COMMISSION)
        return float(odds.bets[spot].house_edge) * 100

    assert f"Banker loses about {edge(BetSpot.BANKER):.2f}%" in text
    assert f"Player about {edge(BetSpot.PLAYER):.2f}%" in text
    assert f"At 8:1 the Tie bet loses about {edge(BetSpot.TIE):.1f}%" in text
    assert f"even at 9:1 it loses about {edge(BetSpot.TIE, tie_pays=9):.1f}%" in text
    assert f"Banker Pair about {edge(BetSpot.BANKER_PAIR):.1f}%" in text
    assert f"Either Pair about {edge(BetSpot.EITHER_PAIR):.1f}%" in text
    assert f"Perfect Pair about {edge(BetSpot.PERFECT_PAIR):.1f}%" in text
    assert f"Big about {edge(BetSpot.BIG):.1f}%" in text
    assert f"Small about {edge(BetSpot.SMALL):.1f}%" in text
