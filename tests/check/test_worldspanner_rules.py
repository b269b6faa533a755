"""Each Worldspanner rule, broken in a copy of the shipped content.

Every case edits the copy as a designer might, runs `toolkit check` in a fresh
process and asserts the rule code and the file:line of the finding; errors fail
the check (exit 1), the two warnings (balance, mutual opposition) do not.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.check.test_worldspanner_map import BUILT_CODES
from tests.support.shipped import CONTENT, assert_finding, copy_rules, edit, line_after, toolkit

GAME = "game.yaml"
SANCHEZ = "heroes/private-sanchez.yaml"
COMP = "components.yaml"
WARNINGS = {"WS-BALANCE", "WS-OPPOSE-MUTUAL"}
# the first white challenge card's faces, -6 to +6
FIRST = (
    "- faces: ["
    + ", ".join(["fopp"] * 2 + ["fail"] * 2 + ["squeak"] * 2 + ["pass"] * 4 + ["amaze"] * 3)
    + "]"
)


@dataclass
class Case:
    code: str
    edits: list[tuple[str, str, str]]  # (file under content/worldspanner, old, new)
    at: tuple[str, str | None, str]  # (file, anchor, needle) of the expected finding


CASES = {
    "wound-range-changed": Case(
        "WS-CANON",
        [(GAME, "min: 0, max: 4, symbol: WND", "min: 0, max: 5, symbol: WND")],
        (GAME, None, "{id: wound, name: Wound"),
    ),
    "expert-length-changed": Case(
        "WS-CANON",
        [(GAME, "name: Expert, rounds: 12}", "name: Expert, rounds: 14}")],
        (GAME, None, "{id: expert, name: Expert"),
    ),
    "hero-unknown-faction": Case(
        "WS-REF",
        [(SANCHEZ, "faction: steel-bastion", "faction: steel-bastian")],
        (SANCHEZ, None, "faction:"),
    ),
    "unknown-bonus": Case(
        "WS-REF", [(SANCHEZ, "bonuses: [Rifle]", "bonuses: [Rifel]")], (SANCHEZ, None, "bonuses:")
    ),
    "duplicate-hero-name": Case(
        "WS-UNIQUE",
        [("heroes/lazar.yaml", "name: Lazar", "name: Private Sanchez")],
        ("heroes/private-sanchez.yaml", None, "name:"),
    ),
    "steel-bastion-opposes-dreadmark": Case(
        "WS-OPPOSE-STATED",
        [
            (
                GAME,
                "opposing: [lostlight-society, celestial-theatre]",
                "opposing: [lostlight-society, dreadmark]",
            )
        ],
        (GAME, "id: steel-bastion", "opposing:"),
    ),
    "hope-hospice-deck-moved-to-dreadmark": Case(
        "WS-QUEST-DECK",
        [("quests/hope-hospice.yaml", "faction: hope-hospice", "faction: dreadmark")],
        (GAME, None, "- id: hope-hospice"),
    ),
    "one-opposing-faction": Case(
        "WS-OPPOSE",
        [(GAME, "opposing: [watchman-keep, hope-hospice]", "opposing: [watchman-keep]")],
        (GAME, "id: dreadmark", "opposing:"),
    ),
    "opposes-itself": Case(
        "WS-OPPOSE",
        [(GAME, "opposing: [watchman-keep, hope-hospice]", "opposing: [watchman-keep, dreadmark]")],
        (GAME, "id: dreadmark", "opposing:"),
    ),
    "opposition-one-way": Case(
        "WS-OPPOSE-MUTUAL",
        [(GAME, "[watchman-keep, hope-hospice]", "[watchman-keep, green-vale]")],
        (GAME, "id: dreadmark", "opposing:"),
    ),
    "aim-eleven": Case(
        "WS-HERO-RATING", [(SANCHEZ, "aim: 9", "aim: 11")], (SANCHEZ, None, "aim: 11")
    ),
    "rating-missing": Case(
        "WS-HERO-RATING", [(SANCHEZ, "wits: 5, ", "")], (SANCHEZ, None, "ratings:")
    ),
    "health-zero": Case(
        "WS-HERO-HEALTH", [(SANCHEZ, "health: 5", "health: 0")], (SANCHEZ, None, "health:")
    ),
    "three-natures": Case(
        "WS-HERO-NATURE",
        [(SANCHEZ, "natures: [Man]", "natures: [Man, Being, Fiend]")],
        (SANCHEZ, None, "natures:"),
    ),
    "unknown-nature": Case(
        "WS-HERO-NATURE",
        [(SANCHEZ, "natures: [Man]", "natures: [Robot]")],
        (SANCHEZ, None, "natures:"),
    ),
    "exemplar-in-set-1": Case(
        "WS-HERO-SET",
        [("heroes/sister-maren.yaml", "set: 2", "set: 1")],
        ("heroes/sister-maren.yaml", None, "set:"),
    ),
    "platter-table-changed": Case(
        "WS-COMPONENTS",
        [
            (
                GAME,
                "{id: map-platter, name: Map Platter, counts: [6, 4]}",
                "{id: map-platter, name: Map Platter, counts: [7, 4]}",
            )
        ],
        (GAME, "  platters:", "- {id: platter-1"),
    ),
    "favor-tiles-short": Case(
        "WS-COMPONENTS",
        [(GAME, "Favor Tile, counts: [7, 2]", "Favor Tile, counts: [6, 2]")],
        (GAME, "factions:  #", "- id: crown-district"),
    ),
    "too-many-challenge-cards": Case(
        "WS-COMPONENTS",
        [(GAME, "White Challenge Card, counts: [36, 36]", "White Challenge Card, counts: [3, 0]")],
        ("challenges/white.yaml", None, "- faces:"),
    ),
    "quad-one-slot-short": Case(
        "WS-DESIGN",
        [(GAME, "    faction_keys: 7\n", "    faction_keys: 8\n")],
        (GAME, "  - id: quad", "- {id: A1"),
    ),
    "reinforce-stated-wrong": Case(
        "WS-DESIGN",
        [(GAME, "    reinforce: 4", "    reinforce: 3")],
        (GAME, "  - id: quad", "reinforce:"),
    ),
    "split-section-missing": Case(
        "WS-DESIGN",
        [(GAME, "    sections: 2\n", "    sections: 3\n")],
        (GAME, "id: tri-split", "sections:"),
    ),
    "quad-split-too-many-vistas": Case(
        "WS-DESIGN-FIT",
        [
            (GAME, "name: Vista Key, counts: [0, 6]", "name: Vista Key, counts: [0, 2]"),
            (GAME, "  - {id: river-run,", "  - {set: 1, id: river-run,"),
        ],
        (GAME, "id: quad-split", "vista_keys:"),
    ),
    "actions-miscounted": Case(
        "WS-STATED", [(GAME, "value: 65", "value: 64")], (GAME, None, "value: 64")
    ),
    "dealt-miscounted": Case(
        "WS-STATED",
        [(GAME, "heroes: 9, value: 15", "heroes: 9, value: 14")],
        (GAME, None, "value: 14"),
    ),
    "challenge-faces-short": Case(
        "WS-CHALLENGE",
        [("challenges/white.yaml", FIRST, FIRST.replace("[fopp, fopp,", "[fopp,"))],
        ("challenges/white.yaml", None, "- faces:"),
    ),
    "challenge-face-out-of-order": Case(
        "WS-CHALLENGE",
        [("challenges/white.yaml", FIRST, FIRST.replace("pass, pass, pass,", "pass, fail, pass,"))],
        ("challenges/white.yaml", None, "- faces:"),
    ),
    "quest-unknown-rating": Case(
        "WS-QUEST",
        [("quests/dreadmark.yaml", "rating: stealth", "rating: cunning")],
        ("quests/dreadmark.yaml", None, "rating: cunning"),
    ),
    "virtue-bonus-falls": Case(
        "WS-QUEST",
        [("quests/dreadmark.yaml", "virtue_bonus: [2, 5, 8]", "virtue_bonus: [8, 5, 2]")],
        ("quests/dreadmark.yaml", None, "virtue_bonus: [8, 5, 2]"),
    ),
    "overpowered-hero": Case(
        "WS-BALANCE",
        [(SANCHEZ, "speed: 5, strength: 5", "speed: 9, strength: 9")],
        (SANCHEZ, None, "ratings:"),
    ),
    "wits-printed-with-agility's-spade": Case(
        "WS-RATING-SYMBOL",
        [(GAME, 'symbol: WIT, glyph: ""', 'symbol: WIT, glyph: "♠"')],
        (GAME, None, "{id: wits, name: Wits"),
    ),
    "two-ratings-one-mark": Case(
        "WS-RATING-SYMBOL",
        [(GAME, "symbol: POW,", "symbol: MEL,")],
        (GAME, None, "{id: power, name: Power"),
    ),
    "weight-for-nothing": Case(
        "WS-BALANCE-MODEL",
        [(GAME, "health: 2.5}", "health: 2.5, luck: 1}")],
        (GAME, None, "luck: 1"),
    ),
    "defeat-marker-renamed": Case(
        "WS-COMP-PLACE",
        [(COMP, "  - id: defeat-marker\n", "  - id: skull-marker\n")],
        (COMP, None, "  - {id: hero-card"),
    ),
    "fewer-wound-markers-than-the-table": Case(
        "WS-COMP-COUNT",
        [(COMP, "    count: 50\n", "    count: 30  # broken\n")],
        (COMP, None, "# broken"),
    ),
    "elite-deck-below-the-table": Case(
        "WS-COMP-DECK",
        [("treasure/elite.yaml", "copies: 9}", "copies: 2}")],
        ("treasure/elite.yaml", None, "  - {name:"),
    ),
    "each-of-an-unknown-list": Case(
        "WS-COMP-FORMULA",
        [(COMP, "    each: platters\n", "    each: platter\n")],
        (COMP, None, "each: platter"),
    ),
    "a-table-row-missing": Case(
        "WS-COMP-LIST",
        [(COMP, "  - id: campaign-aid-tile\n", "  - id: campaign-tile\n")],
        (COMP, None, "  - {id: hero-card"),
    ),
    "a-map-file-for-no-piece": Case(
        "WS-MAP-COUNT",
        [("map/platter-10.yaml", "id: platter-10", "id: platter-11")],
        ("map/platter-10.yaml", None, "id: platter-11"),
    ),
    "a-space-off-the-key": Case(
        "WS-MAP-SHAPE",
        [("map/dome-1.yaml", "{q: 1, r: -2}", "{q: 3, r: -2}")],
        ("map/dome-1.yaml", None, "{q: 3, r: -2}"),
    ),
    "a-dome-key-with-three-domes": Case(
        "WS-MAP-DOMES",
        [("map/dome-1.yaml", "{q: 0, r: 2, terrain: dome}", "{q: 0, r: 2, terrain: woods}")],
        ("map/dome-1.yaml", None, "  - {q:"),
    ),
    "an-adventure-space-in-woods": Case(
        "WS-MAP-ADVENTURE",
        [
            (
                "map/crown-district.yaml",
                '{q: -2, r: 0, adventure: "Quest"}',
                '{q: -2, r: 0, terrain: woods, adventure: "Quest"}',
            )
        ],
        ("map/crown-district.yaml", None, "{q: -2, r: 0,"),
    ),
    "rough-ground-in-a-cavern": Case(
        "WS-MAP-CAVERN",
        [("map/crown-district.yaml", "{q: 0, r: 1, walls:", "{q: 0, r: 1, terrain: rough, walls:")],
        ("map/crown-district.yaml", None, "{q: 0, r: 1,"),
    ),
    "a-vista-key-without-its-circle": Case(
        "WS-MAP-VISTA",
        [("map/river-run.yaml", "{q: 0, r: 0, vista: true}", "{q: 0, r: 0}")],
        ("map/river-run.yaml", None, "  - {q:"),
    ),
    "a-cavern-walled-shut": Case(
        "WS-DEAD-END",
        [
            (
                "map/crown-district.yaml",
                "walls: [e, se, w], entrances: [sw]",
                "walls: [e, se, sw, w]",
            ),
            (
                "map/crown-district.yaml",
                "{q: -1, r: 2, entrances: [ne]}",
                "{q: -1, r: 2, walls: [ne]}",
            ),
        ],
        ("map/crown-district.yaml", None, "{q: 1, r: -1,"),
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_rule_is_enforced(name: str, tmp_path: Path) -> None:
    case = CASES[name]
    content = tmp_path / "content"
    shutil.copytree(CONTENT / "worldspanner", content / "worldspanner")
    copy_rules(content.parent)
    game = content / "worldspanner"
    for rel, old, new in case.edits:
        edit(game / rel, old, new)
    rel, anchor, needle = case.at
    target = game / rel
    want_line = line_after(target, anchor, needle)
    assert_finding(content, target, want_line, case.code, 0 if case.code in WARNINGS else 1)


def test_shipped_worldspanner_content_is_clean() -> None:
    proc = toolkit("check", "--game", "worldspanner", "--strict")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "0 errors, 0 warnings" in proc.stdout + proc.stderr


def test_every_rule_code_has_a_case() -> None:
    from toolkit.games.worldspanner.rules import RULES

    untested = set(RULES) - {c.code for c in CASES.values()} - BUILT_CODES
    assert not untested, f"rules without a breaking case: {sorted(untested)}"


def test_explain_knows_worldspanner_rules() -> None:
    proc = toolkit("check", "--explain", "WS-DESIGN")
    assert proc.returncode == 0 and "p. 4" in proc.stdout


@pytest.mark.parametrize("platters", [2, 4])
def test_a_platter_count_off_its_layout_is_a_design_error_not_a_crash(
    platters: int, tmp_path: Path
) -> None:
    """`platters:` that does not match the design's `platter_layout` cannot be laid out as
    the sample set-up: the checker names the design's platter places (WS-DESIGN), exit 1,
    and no check fails with a toolkit error."""
    content = tmp_path / "content"
    shutil.copytree(CONTENT / "worldspanner", content / "worldspanner")
    copy_rules(content.parent)
    game = content / "worldspanner" / GAME
    edit(
        game,
        "    platters: 3\n    faction_keys: 5\n",
        f"    platters: {platters}\n    faction_keys: 5\n",
    )
    proc = toolkit("check", "--content", str(content), "--game", "worldspanner")
    out = proc.stdout + proc.stderr
    assert proc.returncode == 1, out
    assert "CHECK-CRASH" not in out and "zip()" not in out, out
    line = line_after(game, "  - id: standard", "- {id: P1,")  # its platter places
    assert f"{GAME}:{line}:" in out and "error[WS-DESIGN]" in out, out
    assert f"Standard has 3 platter places for {platters} platters" in out, out
