"""Each Forty Factions rule, broken in a copy of the shipped content.

Every case edits the copy as a contributor might, runs `toolkit check` in a
fresh process and asserts the exit code, the rule code and the file:line of
the finding (the line a pull-request annotation lands on).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.support.shipped import assert_finding, copy_content, edit, line_after, toolkit

GAME = "forty-factions/game.yaml"
COMP = "forty-factions/components.yaml"


def _file(content: Path, rel: str) -> Path:
    if rel.startswith("f:"):
        (hit,) = (content / "forty-factions" / "factions").glob(f"{int(rel[2:]):03d}-*.yaml")
        return hit
    if rel.startswith("p:"):
        (hit,) = (content / "forty-factions" / "plots").glob(f"{int(rel[2:]):03d}-*.yaml")
        return hit
    return content / rel


@dataclass
class Case:
    code: str
    edits: list[tuple[str, str, str]]  # (file, old, new)
    at: tuple[str, str | None, str]  # (file, anchor, needle) of the expected finding
    extra: Callable[[Path], None] | None = None


def _swap(a: str, b: str) -> Callable[[Path], None]:
    """Swap the contents of two files (each keeps its name)."""

    def run(content: Path) -> None:
        first, second = _file(content, a), _file(content, b)
        text = first.read_bytes()
        first.write_bytes(second.read_bytes())
        second.write_bytes(text)

    return run


def _drop_lines(rel: str, first: str, count: int) -> Callable[[Path], None]:
    def run(content: Path) -> None:
        path = _file(content, rel)
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
        i = next(n for n, ln in enumerate(lines) if first in ln)
        path.write_text("".join(lines[:i] + lines[i + count :]), encoding="utf-8")

    return run


CASES = {
    "base council one seat short": Case(
        "FF-COUNCIL-SEATS",
        [("f:47", "  council: 1\n", "")],
        (GAME, "id: mercantile", "seats: 9"),
    ),
    "expansion faction adds a seat": Case(
        "FF-COUNCIL-SEATS",
        [("f:57", "politics: militant\n", "politics: militant\nseats: {council: 1}\n")],
        ("f:57", None, "seats: {council: 1}"),
    ),
    "anarchists take a seat": Case(
        "FF-COUNCIL-PARTY-FACTION",
        [("f:14", "politics: militant\n", "politics: militant\nseats: {council: 1}\n")],
        ("f:14", None, "seats: {council: 1}"),
    ),
    "reform party changes party": Case(
        "FF-COUNCIL-PARTY-FACTION",
        [("f:28", "politics: liberal", "politics: conservative")],
        ("f:28", None, "politics:"),
    ),
    "seat holder with gathering politics": Case(
        "FF-COUNCIL-POLITICS",
        [("f:54", "politics: independent", "politics: pacific")],
        ("f:54", None, "council: 1"),
    ),
    "conclave seat for the city watch": Case(
        "FF-CONCLAVE",
        [("f:31", "  council: 1\n", "  council: 1\n  conclave: 1\n")],
        ("f:31", None, "conclave: 1"),
    ),
    "three locations": Case(
        "FF-LOCATIONS",
        [
            (
                "f:19",
                "locations:\n",
                "locations:\n  - {name: Annex, area: old-town}\n"
                "  - {name: Annex 2, area: old-town}\n",
            )
        ],
        ("f:19", "locations:", "- {name: Annex,"),
    ),
    "expansion circle not marked": Case(
        "FF-LOCATION-EXPANSION",
        [("f:52", "    expansion: SC\n", "")],
        ("f:52", None, "- name: Misty Circles"),
    ),
    "location moved between areas": Case(
        "FF-AREA-COUNT",
        [("f:1", "area: upper-west-side", "area: old-town")],
        (GAME, "id: old-town", "locations: 15"),
    ),
    "printed total without its erratum": Case(
        "FF-AREA-TOTAL",
        [(GAME, "area_totals: {locations: 77", "area_totals: {locations: 76")],
        (GAME, None, "area_totals:"),
        _drop_lines(GAME, "- field: area_totals.locations", 6),
    ),
    "one-sided enmity": Case(
        "FF-ENEMY-SYMMETRY",
        [("f:69", "enemies: [68]", "enemies: [68, 2]")],
        ("f:69", None, "enemies:"),
    ),
    "category enmity unanswered": Case(
        "FF-ENEMY-SYMMETRY",
        [("f:18", "enemies: [31, 88]", "enemies: [88]")],
        ("f:31", None, "thieves-guilds"),
    ),
    "own enemy": Case(
        "FF-ENEMY-SELF",
        [("f:18", "enemies: [31, 88]", "enemies: [18, 31, 88]")],
        ("f:18", None, "enemies:"),
    ),
    "liberals drop their enmity": Case(
        "FF-PARTY-ENEMIES",
        [(GAME, "    enemies: [conservative]\n", "")],
        # told at the Liberals, whose enmity the rules state (10.3.6); the Conservatives'
        # correct `enemies` is a note under it
        (GAME, None, "- id: liberal"),
    ),
    "map picture outside the assets folder": Case(
        "FF-MAP-ART",
        [
            (
                GAME,
                "vp_track: {min: -10, max: 40}",
                "vp_track: {min: -10, max: 40}\nmap_art:\n  image: assets/nowhere.png\n"
                "  spaces: {}",
            )
        ],
        (GAME, "map_art:", "image: assets/nowhere.png"),
    ),
    "enemy listed twice": Case(
        "FF-ENEMY-DUPLICATE",
        [("f:18", "enemies: [31, 88]", "enemies: [31, 88, 31]")],
        ("f:18", None, "enemies:"),
    ),
    "a plot file missing": Case(
        "FF-DECK-MISSING",
        [],
        (GAME, None, "{expansions: [FgF], first: 45, last: 66}"),
        lambda content: _file(content, "p:66").unlink(),
    ),
    "two factions numbered 1": Case(
        "FF-DECK-NUMBER",
        [("f:2", "number: 2", "number: 1")],
        ("f:2", None, "number:"),
    ),
    "tarot card used twice": Case(
        "FF-DECK-TAROT",
        [("f:3", "tarot: Knight of Swords", "tarot: Queen of Swords")],
        ("f:3", None, "tarot:"),
    ),
    "suit out of order": Case(
        "FF-DECK-SUIT",
        [
            ("f:5", "tarot: Ten of Swords", "tarot: Nine of Swords"),
            ("f:6", "tarot: Nine of Swords", "tarot: Ten of Swords"),
        ],
        ("f:6", None, "tarot:"),
    ),
    "numeral as the rules print it": Case(
        "FF-DECK-NUMERAL",
        [("p:9", "tarot: VIIII The Hermit", "tarot: VIII The Hermit")],
        ("p:9", None, "tarot:"),
        _drop_lines("p:9", "errata:", 99),
    ),
    "plot out of arcana order": Case(
        "FF-DECK-ARCANA",
        [("p:3", "tarot: III The Empress", "tarot: IIII The Emperor")],
        ("p:3", None, "tarot:"),
    ),
    "alleyman card used twice": Case(
        "FF-DECK-ALLEYMAN",
        [("f:2", "alleyman: Lightning in a Bottle (b4)", "alleyman: The King of Swords (b3)")],
        ("f:2", None, "alleyman:"),
    ),
    "faction outside its expansion's numbers": Case(
        "FF-DECK-RANGE",
        [("f:57", "expansion: 50F", "expansion: SC")],
        ("f:57", None, "number:"),
    ),
    "FgF numbered from Promo's 100": Case(
        "FF-DECK-OVERLAP",
        [(GAME, "{expansions: [FgF], first: 101,", "{expansions: [FgF], first: 100,")],
        (GAME, None, "{expansions: [FgF], first: 100,"),
    ),
    "a grasslands circle moved to the desert": Case(
        "FF-SC-CIRCLES",
        [("f:84", "area: forest-grasslands", "area: forest-great-desert")],
        ("forty-factions/boards/sacred-circles.yaml", "forest-grasslands", "sacred_circles: 13"),
    ),
    "shared circle with the wrong tribe": Case(
        "FF-SC-SHARED",
        [("f:107", "shared_with: 73", "shared_with: 74")],
        ("f:107", None, "shared_with:"),
    ),
    "a tribe holding two totems": Case(
        "FF-SC-TOTEMS",
        [
            (
                "forty-factions/boards/gathering.yaml",
                "{animal: Rat, faction: 74",
                "{animal: Rat, faction: 75",
            )
        ],
        ("forty-factions/boards/gathering.yaml", "animal: Lizard", "faction: 75"),
    ),
    "short influence list": Case(
        "FF-SC-INFLUENCE",
        [
            (
                "forty-factions/boards/gathering.yaml",
                "influence: [40, 18, 46]",
                "influence: [40, 18]",
            )
        ],
        ("forty-factions/boards/gathering.yaml", None, "influence: [40, 18]"),
    ),
    "a hall with eleven mirrors": Case(
        "FF-DD-MIRRORS",
        [
            (
                "forty-factions/boards/hall-of-mirrors.yaml",
                "  - {number: 12, side: light, otherworld: The Coyote's Dream, circles: [83]}\n",
                "",
            )
        ],
        ("forty-factions/boards/hall-of-mirrors.yaml", None, "side: light, name: Hall of Mirrors"),
    ),
    "circle for a faction without that otherworld": Case(
        "FF-DD-CIRCLE",
        [("forty-factions/boards/hall-of-mirrors.yaml", "circles: [85]", "circles: [1]")],
        ("forty-factions/boards/hall-of-mirrors.yaml", None, "circles: [1]"),
    ),
    "otherworld no mirror reaches": Case(
        "FF-DD-OTHERWORLD",
        [
            (
                "f:19",
                "locations:\n",
                "otherworlds: [{name: Odds Beyond, domain: domain-dreams}]\nlocations:\n",
            )
        ],
        ("f:19", None, "otherworlds:"),
    ),
    "congress circle without a seat": Case(
        "FF-DD-CONGRESS",
        [("forty-factions/boards/congress.yaml", "circles: [20,", "circles: [1, 20,")],
        ("forty-factions/boards/congress.yaml", None, "circles:"),
    ),
    "madness to nine": Case(
        "FF-DD-MADNESS",
        [("forty-factions/boards/madness.yaml", "max_level: 10", "max_level: 9")],
        ("forty-factions/boards/madness.yaml", None, "max_level:"),
    ),
    "the other print of YHWRC on its mirror": Case(
        "FF-NAME-SPELLING",
        [
            (
                "forty-factions/boards/hall-of-mirrors.yaml",
                "otherworld: Realm of YHWRC",
                "otherworld: Realm of YHWHRC",
            )
        ],
        ("forty-factions/boards/hall-of-mirrors.yaml", None, "Realm of YHWHRC"),
    ),
    "the name printed two ways, no erratum": Case(
        "FF-NAME-SPELLING",
        [
            (
                "f:86",
                "  - field: name\n    printed: Temple of YHWHRC\n",
                "  - field: tarot\n    printed: Queen of Pentacles (misprint)\n",
            )
        ],
        ("f:86", None, "name: Temple of YHWRC"),
    ),
    "YHWRC spreads despair": Case(
        "FF-DD-MADNESS",
        [("f:86", "madness: N", "madness: E")],
        ("f:86", None, "madness: E"),
    ),
    "madness scored by a fifth temple swapped": Case(
        "FF-DD-MADNESS",
        [
            (
                "forty-factions/boards/madness.yaml",
                "scoring_factions: [86, 92,",
                "scoring_factions: [85, 92,",
            )
        ],
        ("forty-factions/boards/madness.yaml", None, "scoring_factions:"),
    ),
    "the conservatives take green pawns too": Case(
        "FF-PAWN-COLOUR",
        [(GAME, "factions: [28, 52]", "factions: [42, 52]")],
        (GAME, None, "factions: [42, 52]"),
    ),
    "two parties share a colour": Case(
        "FF-PAWN-COLOUR",
        [(GAME, '    colour: "#2e7d32"\n', '    colour: "#c49000"\n')],
        (GAME, "id: conservative", 'colour: "#c49000"'),
    ),
    "an Alleyman's numeral that is not its card's": Case(
        "FF-DECK-ALLEYMAN-NUMERAL",
        [("p:17", "alleyman: XVII The Star", "alleyman: XVI The Star")],
        ("p:17", None, "alleyman:"),
    ),
    "the Lesser Circle of Quthar moved to the Grasslands": Case(
        "FF-SC-LESSER",
        [("f:11", "    area: forest-great-desert\n", "    area: forest-grasslands\n")],
        ("f:11", "- name: Quthar", "area: forest-grasslands"),
    ),
    "a Lesser Circle given to another faction": Case(
        "FF-SC-LESSER",
        [
            (
                "forty-factions/boards/sacred-circles.yaml",
                "lesser_holders: [38, 37, 11]",
                "lesser_holders: [38, 37, 12]",
            )
        ],
        ("forty-factions/boards/sacred-circles.yaml", None, "lesser_holders:"),
    ),
    "a Fifty Factions location in a Domain": Case(
        "FF-LOCATION-DOMAIN",
        [
            (
                "f:57",
                "  - {name: High Temple of SURGAT, area: old-town}\n",
                "  - {name: High Temple of SURGAT, area: old-town}\n"
                "  - {name: Clockwork Dream, area: domain-dreams}\n",
            )
        ],
        ("f:57", None, "area: domain-dreams"),
    ),
    "a Fifty Factions circle in a Forest, unmarked": Case(
        "FF-LOCATION-EXPANSION",
        [
            (
                "f:57",
                "  - {name: High Temple of SURGAT, area: old-town}\n",
                "  - {name: High Temple of SURGAT, area: old-town}\n"
                "  - {name: Circle of Clocks, area: other-circles, circle: sacred}\n",
            )
        ],
        ("f:57", None, "Circle of Clocks"),
    ),
    "plot 26 relabelled from SC to DD": Case(
        "FF-DECK-EXPANSION",
        [("p:26", "expansion: SC", "expansion: DD")],
        ("p:26", None, "expansion: DD"),
    ),
    "a rules passage without its source": Case(
        "FF-RULES-PASSAGE",
        [("p:30", '    source: "SC3.2.10"\n', "")],
        ("p:30", "rules:", "- text:"),
    ),
    "forty-one seats in game.yaml": Case(
        "FF-CANON",
        [(GAME, "seats: 40", "seats: 41")],
        (GAME, None, "seats: 41"),
    ),
    "unknown faction": Case(
        "FF-REF-FACTION",
        [
            (
                "forty-factions/boards/gathering.yaml",
                "influence_any: [13, 54]",
                "influence_any: [13, 540]",
            )
        ],
        ("forty-factions/boards/gathering.yaml", None, "influence_any:"),
    ),
    "unknown gathering plot": Case(
        "FF-REF-PLOT",
        [("forty-factions/boards/gathering.yaml", "plot: 30", "plot: 300")],
        ("forty-factions/boards/gathering.yaml", None, "plot: 300"),
    ),
    "unknown area": Case(
        "FF-REF-AREA",
        [("f:1", "area: upper-west-side", "area: upper-west-sid")],
        ("f:1", None, "upper-west-sid"),
    ),
    "unknown party": Case(
        "FF-REF-PARTY",
        [("f:19", "politics: liberal", "politics: whig")],
        ("f:19", None, "politics:"),
    ),
    "unknown category": Case(
        "FF-REF-CATEGORY",
        [("f:19", "category: guilds", "category: gilds")],
        ("f:19", None, "category:"),
    ),
    "unknown expansion": Case(
        "FF-REF-EXPANSION",
        [("p:23", "expansion: 50F", "expansion: 60F")],
        ("p:23", None, "expansion:"),
    ),
    "two files' contents swapped": Case(
        "FF-FILE-NAME",
        [],
        ("f:1", None, "number:"),
        extra=_swap("f:1", "f:2"),
    ),
    "a board place without its component": Case(
        "FF-COMP-PLACE",
        [(COMP, "  - id: overlord-marker\n", "  - id: chairman-token\n")],
        (COMP, None, "  - {id: main-board"),
    ),
    "a component's id misspelt": Case(
        "FF-COMP-PLACE",
        [(COMP, "  - id: overlord-marker\n", "  - id: overlord-markr\n")],
        (COMP, None, "  - id: overlord-markr"),  # at the misspelt entry, not the list
    ),
    "too few totem chits": Case(
        "FF-COMP-COUNT",
        [(COMP, "    count: need\n", "    count: 1  # broken\n")],
        (COMP, None, "# broken"),
    ),
    "count of an unknown figure": Case(
        "FF-COMP-FORMULA",
        [(COMP, "count: pawns_per_colour", "count: pawns_per_color")],
        (COMP, None, "count: pawns_per_color"),
    ),
    "a deal the base Factions deck cannot hold": Case(
        "FF-COMP-DECK",
        [(GAME, "{players: 6, or_more: true, cards: 2}", "{players: 6, or_more: true, cards: 9}")],
        (GAME, None, "{players: 6, or_more: true, cards: 9}"),
    ),
    "a deal that leaves too few cards to draw": Case(
        "FF-COMP-DECK",
        [(GAME, "{players: 6, or_more: true, cards: 2}", "{players: 6, or_more: true, cards: 6}")],
        (GAME, None, "  draw: {cards: 2"),
    ),
    "a die the rules name is missing": Case(
        "FF-COMP-LIST",
        [(COMP, "  - {id: d100,", "  - {id: percentile,")],
        (COMP, None, "  - {id: main-board"),
    ),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(CASES))
def test_rule_is_enforced(name: str, tmp_path: Path) -> None:
    case = CASES[name]
    content = copy_content(tmp_path)
    for rel, old, new in case.edits:
        edit(_file(content, rel), old, new)
    if case.extra is not None:
        case.extra(content)
    rel, anchor, needle = case.at
    target = _file(content, rel)
    want_line = line_after(target, anchor, needle)
    assert_finding(content, target, want_line, case.code, 1)


def test_explain_prints_rule_source_and_example() -> None:
    proc = toolkit("check", "--explain", "FF-COUNCIL-SEATS")
    assert proc.returncode == 0
    assert "10.1.3" in proc.stdout and "Example:" in proc.stdout
    assert toolkit("check", "--explain", "FF-NOPE").returncode == 2


def test_every_rule_code_has_a_case_or_is_core() -> None:
    from toolkit.games.forty_factions.rules import RULES

    covered = {c.code for c in CASES.values()}
    untested = set(RULES) - covered
    assert not untested, f"rules without a breaking case: {sorted(untested)}"


def test_influence_lists_of_three_or_four_are_accepted(tmp_path: Path) -> None:
    """SC3.2.5.2: the Influence Table lists 3 or 4 factions a Totem Animal."""
    content = copy_content(tmp_path)
    gathering = content / "forty-factions" / "boards" / "gathering.yaml"
    edit(gathering, "influence: [40, 18, 46]", "influence: [40, 18, 46, 44]")
    proc = toolkit("check", "--content", str(content), "--game", "forty-factions")
    assert proc.returncode == 0 and "FF-SC-INFLUENCE" not in proc.stdout, proc.stdout
    edit(gathering, "influence: [40, 18, 46, 44]", "influence: [40, 18, 46, 44, 45]")
    proc = toolkit("check", "--content", str(content), "--game", "forty-factions")
    assert proc.returncode == 1 and "lists 5 factions" in proc.stdout
    assert "3 or 4" in proc.stdout
    explain = " ".join(toolkit("check", "--explain", "FF-SC-INFLUENCE").stdout.split())
    assert "Lists of 3 and of 4 are both accepted" in explain and "placeholders" in explain


def test_party_factions_need_not_name_each_other(tmp_path: Path) -> None:
    """10.3.6 makes the Parties Enemies for Coalitions only: the Reform and Conservative
    Party cards need not be each other's Enemies on their sheets."""
    content = copy_content(tmp_path)
    edit(_file(content, "f:28"), "enemies: [42]\n", "")
    edit(
        _file(content, "f:28"),
        "placeholders: [locations.0, enemies]",
        "placeholders: [locations.0]",
    )
    edit(_file(content, "f:42"), "enemies: [14, 28]", "enemies: [14]")
    proc = toolkit("check", "--content", str(content), "--game", "forty-factions")
    assert proc.returncode == 0, proc.stdout
    assert "FF-PARTY-ENEMIES" not in proc.stdout
