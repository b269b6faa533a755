"""components.yaml: every component the rules name is listed, and each component rule fires
on content that breaks it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from tests.support.shipped import CONTENT, RULES, assert_finding, copy_content, line_of, toolkit
from toolkit.model.formulas import FormulaError, evaluate


def components(game: str) -> dict[str, dict]:
    data = yaml.safe_load((CONTENT / game / "components.yaml").read_text(encoding="utf-8"))
    return {c["id"]: c for c in data["components"]}


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def test_worldspanner_lists_every_row_of_the_rulebooks_component_table() -> None:
    text = (RULES / "worldspanner-factions-rulebook.md").read_text(encoding="utf-8")
    table = text.split("Component\tSet 1\tSet 2\n", 1)[1].split("\n\n", 1)[0]
    rows = {
        slug(name): int(a) + int(b)
        for name, a, b in (line.split("\t") for line in table.splitlines())
    }
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
        (
            "forty-factions-base-rules.md",
            r"a counter can be placed to show the current Phase",
            "phase-counter",
        ),
        (
            "forty-factions-base-rules.md",
            r"a counter is placed to track the current Game Turn",
            "game-turn-counter",
        ),
        ("forty-factions-base-rules.md", r"A set of Pawns in different colours", "player-pawn"),
        ("forty-factions-base-rules.md", r"played with a Tarot deck", "tarot-deck"),
        ("forty-factions-base-rules.md", r"The Overlord \(or \"Pasha\"", "overlord-marker"),
        ("forty-factions-sacred-circles.txt", r"the DM rolls d12", "d12"),
        (
            "forty-factions-sacred-circles.txt",
            r"place a chit representing the Totem Animal",
            "totem-chit",
        ),
        ("forty-factions-sacred-circles.txt", r"into a cup", "chit-cup"),
        ("forty-factions-doorways-to-dreams.txt", r"the DM rolls d100", "d100"),
        ("forty-factions-doorways-to-dreams.txt", r"\(1d4\)VP", "d4"),
        (
            "forty-factions-doorways-to-dreams.txt",
            r"A Pawn of the appropriate colour is used to "
            r"track the Level of Madness",
            "madness-pawn",
        ),
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
}


@pytest.mark.parametrize("game", sorted(NAMED))
def test_every_component_the_rules_name_is_listed(game: str) -> None:
    listed = components(game)
    for file, phrase, cid in NAMED[game]:
        text = " ".join((RULES / file).read_text(encoding="utf-8").split())
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


# Each component rule is broken in the rules' case tables: tests/check/test_rules.py (FF-COMP-*),
# tests/check/test_worldspanner_rules.py (WS-COMP-*) and tests/kit/test_god_emperor.py (GE-COMP-*).


@pytest.mark.parametrize(
    "code", ["FF-COMP-PLACE", "GE-COMP-DECK", "WS-COMP-LIST", "GE-COMP-FORMULA", "WS-COMP-COUNT"]
)
def test_component_rules_explain(code: str) -> None:
    proc = toolkit("check", "--explain", code)
    assert proc.returncode == 0 and code in proc.stdout, proc.stdout + proc.stderr


def test_ws_hero_deck_deals_the_usual_game(tmp_path: Path) -> None:
    """Two teams of 8 heroes and 6 more each to discard (p. 3): 28 heroes; one fewer fails."""
    content = copy_content(tmp_path)
    heroes = sorted((content / "worldspanner" / "heroes").glob("*.yaml"))
    assert len(heroes) == 28
    heroes[0].unlink()
    target = content / "worldspanner" / "components.yaml"
    assert_finding(content, target, line_of(target, "{id: hero-card"), "WS-COMP-DECK")


def test_totem_chits_cover_the_strongest_spirit_guides_neutral_totems(tmp_path: Path) -> None:
    """SC3.2.7.5: the Strongest Spirit Guide gains a chit per Neutral Totem on top of those
    placed (SC3.2.7.3). Play the fullest Gathering for each Totem (its Factions and those
    with influence over any Totem Activated, a second Totem speaking if need be): the kit
    has a chit for every one, and a count of 6 an animal is reported."""
    from tests.check.test_procedures_ff import ix
    from toolkit.games.forty_factions.components import items

    g = ix().gathering
    assert g is not None
    listed = [{t.faction, *t.influence, *([t.rival.faction] if t.rival else [])} for t in g.totems]
    printed = {i.label: i.figures["need"] for i in items(ix())["totem-animals"]}
    for k, t in enumerate(g.totems):
        active = listed[k] | set(g.influence_any)
        speaking = {j for j, fs in enumerate(listed) if fs & active}
        if speaking == {k}:  # SC3.2.7.2: a contest needs a second Totem
            speaking.add((k + 1) % len(g.totems))
        chits = len(active) + len(g.totems) - len(speaking)
        assert chits > 6
        assert printed[t.animal] >= chits, (t.animal, printed[t.animal], chits)
    content = copy_content(tmp_path)
    comp = content / "forty-factions" / "components.yaml"
    text = comp.read_text(encoding="utf-8")
    comp.write_text(text.replace("    count: need\n", "    count: 6\n", 1), encoding="utf-8")
    proc = toolkit("check", "--content", str(content), "--game", "forty-factions")
    assert proc.returncode == 1
    line = line_of(comp, "count: 6")
    hit = [r for r in proc.stdout.splitlines() if f"components.yaml:{line}:" in r]
    assert hit and "error[FF-COMP-COUNT]" in hit[0] and "SC3.2.7.5" in hit[0], proc.stdout
