"""components.yaml: every component the rules name is listed, and each component rule fires
on content that breaks it."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
import yaml
from shipped import CONTENT, ROOT, assert_finding, copy_content, edit, line_of, toolkit

from toolkit.components import FormulaError, evaluate

RULES_DIR = Path(os.environ.get("TOOLKIT_RULES_DIR", ROOT.parent / "shared" / "rules"))
needs_rules = pytest.mark.skipif(not (RULES_DIR / "worldspanner-factions-rulebook.md").exists(),
                                 reason=f"rules texts not found in {RULES_DIR}")  # fmt: skip


def components(game: str) -> dict[str, dict]:
    data = yaml.safe_load((CONTENT / game / "components.yaml").read_text(encoding="utf-8"))
    return {c["id"]: c for c in data["components"]}


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


@needs_rules
def test_worldspanner_lists_every_row_of_the_rulebooks_component_table() -> None:
    text = (RULES_DIR / "worldspanner-factions-rulebook.md").read_text(encoding="utf-8")
    table = text.split("Component\tSet 1\tSet 2\n", 1)[1].split("\n\n", 1)[0]
    rows = {slug(name): int(a) + int(b)
            for name, a, b in (line.split("\t") for line in table.splitlines())}  # fmt: skip
    assert len(rows) == 28
    listed = components("worldspanner")
    assert set(rows) <= set(listed), sorted(set(rows) - set(listed))
    for cid, total in rows.items():  # a printed piece reaches the table's count
        c = listed[cid]
        if c.get("piece") and not c.get("each") and c["supply"] == "print":
            assert isinstance(c["count"], int) and c["count"] >= total, (cid, c["count"], total)


# (where the rules name it, a phrase of the rules text, the component that stands for it)
NAMED = {
    "forty-factions": [
        ("forty-factions-base-rules.md", r"a counter can be placed to show the current Phase",
         "phase-counter"),
        ("forty-factions-base-rules.md", r"a counter is placed to track the current Game Turn",
         "game-turn-counter"),
        ("forty-factions-base-rules.md", r"A set of Pawns in different colours", "player-pawn"),
        ("forty-factions-base-rules.md", r"played with a Tarot deck", "tarot-deck"),
        ("forty-factions-base-rules.md", r"The Overlord \(or \"Pasha\"", "overlord-marker"),
        ("forty-factions-sacred-circles.txt", r"the DM rolls d12", "d12"),
        ("forty-factions-sacred-circles.txt", r"place a chit representing the Totem Animal",
         "totem-chit"),
        ("forty-factions-sacred-circles.txt", r"into a cup", "chit-cup"),
        ("forty-factions-doorways-to-dreams.txt", r"the DM rolls d100", "d100"),
        ("forty-factions-doorways-to-dreams.txt", r"\(1d4\)VP", "d4"),
        ("forty-factions-doorways-to-dreams.txt", r"A Pawn of the appropriate colour is used to "
         r"track the Level of Madness", "madness-pawn"),
    ],
    "god-emperor": [
        ("god-emperor-megagame-rules.txt", r"gold poker chips", "power-chip"),
        ("god-emperor-megagame-rules.txt", r"name badge and status strip", "badge"),
        ("god-emperor-megagame-rules.txt", r"Every House starts with 3 units", "unit"),
        ("god-emperor-megagame-rules.txt", r"place a flag from your House", "house-flag"),
        ("god-emperor-megagame-rules.txt", r"Rumors\. These are tokens", "rumor-token"),
        ("god-emperor-megagame-rules.txt", r"physical Court marker", "court-marker"),
        ("god-emperor-megagame-rules.txt", r"guarded by four Immortals", "immortal"),
        ("god-emperor-megagame-rules.txt", r"Each neutral castle has one unit", "neutral-garrison"),
        ("god-emperor-megagame-rules.txt", r"hostage token of the House's color", "hostage-token"),
        ("god-emperor-megagame-rules.txt", r"Road markers", "road-marker"),
        ("god-emperor-megagame-rules.txt", r"two tunnel markers", "tunnel-marker"),
        ("god-emperor-megagame-rules.txt", r"a pistol with a single bullet", "duel-pistol"),
        ("god-emperor-megagame-rules.txt", r"posted on the Law Board", "law-board"),
        ("god-emperor-megagame-rules.txt", r"the Scheme deck", "scheme-card"),
        ("god-emperor-megagame-rules.txt", r"House’s minion deck", "minion-card"),
        ("god-emperor-megagame-rules.txt", r"House playmat", "playmat"),
        ("god-emperor-megagame-rules.txt", r"War Orders form", "war-orders"),
    ],
}  # fmt: skip


@needs_rules
@pytest.mark.parametrize("game", sorted(NAMED))
def test_every_component_the_rules_name_is_listed(game: str) -> None:
    listed = components(game)
    for file, phrase, cid in NAMED[game]:
        text = " ".join((RULES_DIR / file).read_text(encoding="utf-8").split())
        assert re.search(phrase, text), f"{file} no longer says {phrase!r}"
        assert cid in listed, f"{file} names {phrase!r}; components.yaml has no `{cid}`"


@pytest.mark.parametrize("game", ["forty-factions", "worldspanner", "god-emperor"])
def test_each_component_says_print_or_bring_with_a_source(game: str) -> None:
    for cid, c in components(game).items():
        assert c["supply"] in ("print", "bring") and c["source"], cid
        if c.get("implied"):
            assert c.get("note"), f"{cid} is implied and says not why"


def test_formulas_are_arithmetic_of_figures_only() -> None:
    assert evaluate("houses * 2 + max(1, cast / 9)", {"houses": 9, "cast": 45}) == 23
    for bad in ("__import__('os')", "houses ** 2", "open", "cast.real", "[1][0]"):
        with pytest.raises(FormulaError):
            evaluate(bad, {"houses": 9, "cast": 45})


# ------------------------------------------------------------------ each rule, broken

FF_C = "forty-factions/components.yaml"
GE_C = "god-emperor/components.yaml"


def test_ff_comp_place_a_board_place_without_its_component(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    target = content / FF_C
    edit(target, "  - id: overlord-marker\n", "  - id: chairman-token\n")
    assert_finding(content, target, line_of(target, "  - {id: main-board"), "FF-COMP-PLACE")


def test_ff_comp_count_too_few_totem_chits(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    target = content / FF_C
    edit(target, "    count: need\n", "    count: 1  # broken\n")
    assert_finding(content, target, line_of(target, "# broken"), "FF-COMP-COUNT")


def test_ff_comp_list_a_die_the_rules_name_is_missing(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    target = content / FF_C
    edit(target, "  - {id: d100,", "  - {id: percentile,")
    assert_finding(content, target, line_of(target, "  - {id: main-board"), "FF-COMP-LIST")


def test_ge_comp_formula_unknown_figure(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    target = content / GE_C
    edit(target, "count: neutral_castles * 2", "count: neutral_forts * 2")
    assert_finding(content, target, line_of(target, "neutral_forts"), "GE-COMP-FORMULA")


def test_ge_comp_deck_one_copy_of_each_favor(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    target = content / "god-emperor" / "favors.yaml"
    edit(target, "copies: 6}", "copies: 1}", count=10)
    assert_finding(content, target, line_of(target, "- {id: rat-king"), "GE-COMP-DECK")


def test_ge_comp_deck_one_scheme_deck_for_three_tables(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    target = content / "god-emperor" / "underground.yaml"
    edit(target, "scheme_decks: 3", "scheme_decks: 1")
    assert_finding(content, target, line_of(target, "scheme_decks: 1"), "GE-COMP-DECK")


def test_ws_comp_deck_treasure_below_the_table(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    target = content / "worldspanner" / "treasure" / "elite.yaml"
    edit(target, "copies: 9}", "copies: 2}")
    assert_finding(content, target, line_of(target, "  - {name:"), "WS-COMP-DECK")


def test_ws_comp_count_fewer_wound_markers_than_the_table(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    target = content / "worldspanner" / "components.yaml"
    edit(target, "    count: 50\n", "    count: 30  # broken\n")
    assert_finding(content, target, line_of(target, "# broken"), "WS-COMP-COUNT")


@pytest.mark.parametrize("code", ["FF-COMP-PLACE", "GE-COMP-DECK", "WS-COMP-LIST",
                                  "GE-COMP-FORMULA", "WS-COMP-COUNT"])  # fmt: skip
def test_component_rules_explain(code: str) -> None:
    proc = toolkit("check", "--explain", code)
    assert proc.returncode == 0 and code in proc.stdout, proc.stdout + proc.stderr
