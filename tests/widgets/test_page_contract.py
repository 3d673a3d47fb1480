"""The page contract: what Python sends the table surface as its ``presentation`` is what the page
reads, and nothing else.

The contract is the records of ``widgets/presentation/`` (a :class:`Presentation` and its parts);
:func:`presentation_schema` says their JSON as a JSON Schema. Here:

- every presentation the five tables send while seeded sessions are played, and every step of each
  illustrated guide, validates against that schema (no key missing, none extra, every value typed);
- the page's JavaScript (the files ``SURFACE_FILES`` joins) reads only keys the schema has, and reads
  every key it has. The page reads the presentation as ``presentation.<key>`` (also
  ``state.presentation.<key>`` and ``get("presentation").<key>``) and each part of it through one name:
  the part's record name in lowerCamelCase (``Spot`` → ``spot``, ``HandStake`` → ``handStake``), a name
  that holds nothing else in those files (felt.js's header says so too). That convention is what makes
  the page's reads decidable by reading its text; a read through another name is not checked.
"""

from __future__ import annotations

import random
import re

import jsonschema
import pytest

from baccarat_lessons.content import variant_page
from baccarat_lessons.engine.money import CHIP
from baccarat_lessons.engine.variants import VARIANTS
from baccarat_lessons.widgets.guide import IllustratedGuide
from baccarat_lessons.widgets.presentation import presentation_schema
from baccarat_lessons.widgets.seat_banked_guide import SeatedGuide
from baccarat_lessons.widgets.surface.served import HERE, SURFACE_FILES
from baccarat_lessons.widgets.table import LiveTable

SCHEMA = presentation_schema()
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
MESSAGES = 60  # per table: a few coups each, about a second
PRESENTATION = "presentation"
KEY = r"\.([A-Za-z_$][\w$]*)"
NOT_A_MEMBER = r"(?<![\w$])(?:(?<=\.\.\.)|(?<!\.))"  # `name`, `...name`; not `other.name`


def invalid(presentation: dict) -> list[str]:
    """What in ``presentation`` the schema refuses, one line for each error (none: it is valid)."""
    return [f"{'/'.join(map(str, error.absolute_path)) or '(top)'}: {error.message}"
            for error in VALIDATOR.iter_errors(presentation)]


# -- the schema ------------------------------------------------------------------------------------
def test_the_schema_is_strict_everywhere():
    Draft = jsonschema.Draft202012Validator
    Draft.check_schema(SCHEMA)
    objects = [SCHEMA, *SCHEMA["$defs"].values()]
    for record in objects:
        assert record["additionalProperties"] is False and record["required"] == list(record["properties"])
    assert list(SCHEMA["properties"]["layout"]["enum"]) == ["punto-banco", "seated", "guide"]


# -- what Python sends -------------------------------------------------------------------------------
def next_message(table: LiveTable, rng: random.Random) -> dict:
    """A click the page as drawn offers now (or REVEALED while a coup is on its way)."""
    surface = table.surface
    view, presentation = surface.view, surface.presentation
    message = {"turn": surface.redraws}
    controls = {control["kind"] for control in presentation["controls"] if control["enabled"]}
    if table.is_revealing:
        return {**message, "kind": "REVEALED"}
    if view.get("over_reason"):
        return {**message, "kind": "NEW_SESSION"}
    if presentation["layout"] == "seated":
        actions = (view.get("turn") or {}).get("actions") or []
        if "HINT" in controls and rng.random() < 0.5:
            return {**message, "kind": "HINT"}
        if not actions:
            return {**message, "kind": "NEXT" if "NEXT" in controls else "NEW_SESSION"}
        action = rng.choice(actions)
        amount = None
        if action["kind"] in presentation["amount_kinds"]:
            low, high = action["min_amount"], action["max_amount"]
            amount = -(-low // CHIP) if -(-low // CHIP) * CHIP <= high else high / CHIP
        return {**message, "kind": action["kind"], "side": action["side"], "amount": amount}
    if "DEAL" in controls and rng.random() < 0.6:
        return {**message, "kind": "DEAL"}
    bets = [(int(value), spot["side"]) for spot in presentation["spots"]
            for value, reason in spot["reasons"].items() if not reason]
    if not bets:
        return {**message, "kind": "NEW_SESSION"}
    value, side = rng.choice(bets)
    return {**message, "kind": "BET", "amount": value, "side": side}


@pytest.mark.parametrize("key", list(VARIANTS))
def test_every_presentation_a_table_sends_is_the_schemas(key):
    table = LiveTable(key, seed=7)
    if VARIANTS[key].has_fixed_rules:  # a layout's settings show a timer: seconds, not None
        table.records.settings_view.controls["show_timer"].value = True
    rng = random.Random(key)
    sent = [table.surface.presentation]
    for _ in range(MESSAGES):
        table.surface.handle(next_message(table, rng))
        sent.append(table.surface.presentation)
    assert table.guard.error_log.layout.display == "none", table.guard.error_log.value  # no bug on the way
    assert table.table.coups_played >= 2, "the session played too few coups to show the page's states"
    for index, shown in enumerate(sent):
        assert not invalid(shown), f"{key}, presentation {index}: " + "; ".join(invalid(shown))


GUIDES = {
    "punto-banco": lambda: IllustratedGuide.from_cards("2S AC 2H 2D 8C", "punto-banco"),
    "mini-baccarat": lambda: IllustratedGuide.from_cards("2S AC 2H 2D 7C 9D", "mini-baccarat"),
    **{key: (lambda key=key: SeatedGuide(variant_page(key))) for key in ("chemin-de-fer", "banque-ouverte",
                                                                          "banque-limitee")},
}


@pytest.mark.parametrize("key", list(GUIDES))
def test_every_step_of_a_guide_sends_the_schemas_presentation(key):
    guide = GUIDES[key]()
    for index in range(guide.step_count):
        guide.go_to(index)
        shown = guide.felt.presentation
        assert shown["layout"] == "guide" and shown["variant"] == key
        assert not invalid(shown), f"{key} guide, step {index}: " + "; ".join(invalid(shown))


# -- what the page reads -----------------------------------------------------------------------------
def lower_camel(name: str) -> str:
    return name[0].lower() + name[1:]


def bindings() -> dict[str, tuple[str, dict]]:
    """Each name the page reads a part of the presentation through: (its record's name, its schema)."""
    named = {PRESENTATION: ("Presentation", SCHEMA)}
    named.update({lower_camel(name): (name, record) for name, record in SCHEMA["$defs"].items()})
    return named


def read_pattern(name: str) -> re.Pattern:
    """``name.<key>`` (``...name.<key>`` too), not ``other.name.<key>``; the presentation also as
    ``state.presentation`` and ``get("presentation")``."""
    if name == PRESENTATION:
        return re.compile(NOT_A_MEMBER + r'(?:(?:state\.)?presentation|get\("presentation"\))' + KEY)
    return re.compile(NOT_A_MEMBER + re.escape(name) + KEY)


def code(text: str) -> str:
    """A JS file without its comments (a line's own, and one after code: `  // …`)."""
    return re.sub(r"(?m)(^\s*|\s)//.*$", "", text)


def page_reads() -> dict[tuple[str, str], list[str]]:
    """(name, key) → the files that read ``name.key``, over the files the page's module is made of."""
    reads: dict[tuple[str, str], list[str]] = {}
    for file in SURFACE_FILES:
        text = code((HERE / file).read_text(encoding="utf-8"))
        for name in bindings():
            for key in read_pattern(name).findall(text):
                reads.setdefault((name, key), []).append(file)
    return reads


def test_the_page_reads_only_what_python_sends():
    named = bindings()
    unknown = [f"{file} reads {name}.{key}, a key the {named[name][0]} does not send"
               for (name, key), files in page_reads().items() for file in sorted(set(files))
               if key not in named[name][1]["properties"]]
    assert not unknown, "\n".join(unknown)


def test_the_page_reads_everything_python_sends():
    reads = page_reads()
    unread = [f"{record}.{key} is sent, but none of {', '.join(SURFACE_FILES)} reads {name}.{key}: "
              "the page should use it, or Python stop sending it"
              for name, (record, schema) in bindings().items() for key in schema["properties"]
              if (name, key) not in reads]
    assert not unread, "\n".join(unread)


def test_the_contract_check_sees_a_stray_read():
    """The scanner itself: a read of a key nothing sends is found, with its name and key."""
    text = code('const x = state.presentation.projector; // presentation.ignored\n'
                'for (const spot of presentation.spots) h("b", { text: spot.odds, title: other.spot.key }, ...spot.names);')
    assert read_pattern(PRESENTATION).findall(text) == ["projector", "spots"]
    assert read_pattern("spot").findall(text) == ["odds", "names"]
