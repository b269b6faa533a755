"""One root-cause error, its consequences as notes under it (issue 33, item 6).

Each case breaks a copy of the shipped content as a designer would and asserts that the
one error lands at the value that disagrees with the rules, and that the correct files it
upsets are notes under it, never errors of their own.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.support.shipped import copy_content, edit, faction_file, line_of, toolkit


def _records(content: Path, game: str) -> list[dict]:
    """Every unwaived finding of `game` but the citation checks' (RULES-*)."""
    proc = toolkit("check", "--content", str(content), "--game", game, "--format", "json")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    return [
        r
        for r in json.loads(proc.stdout)
        if r["waived"] is None and not r["code"].startswith("RULES-")
    ]


def _notes(record: dict) -> list[tuple[str, int]]:
    return [(Path(n["path"]).name if n["path"] else "", n["line"]) for n in record["notes"]]


def test_a_suit_card_moved_onto_its_neighbour_is_one_error_at_the_moved_card(
    tmp_path: Path,
) -> None:
    content = copy_content(tmp_path)
    moved, right = faction_file(content, 31), faction_file(content, 32)
    edit(moved, "tarot: Knight of Batons", "tarot: Knave of Batons")
    records = _records(content, "forty-factions")
    assert [(r["code"], Path(r["path"]).name, r["line"]) for r in records] == [
        ("FF-DECK-SUIT", moved.name, line_of(moved, "tarot:"))
    ]
    assert _notes(records[0]) == [(right.name, line_of(right, "tarot:"))]
    assert "Knave of Batons" in records[0]["notes"][0]["message"]


def test_liberals_not_naming_the_conservatives_is_one_error_at_the_liberals(
    tmp_path: Path,
) -> None:
    content = copy_content(tmp_path)
    game = content / "forty-factions" / "game.yaml"
    edit(game, "enemies: [conservative]", "enemies: [mercantile]")
    records = _records(content, "forty-factions")
    assert [(r["code"], r["line"]) for r in records] == [
        ("FF-PARTY-ENEMIES", line_of(game, "enemies: [mercantile]"))
    ]
    (record,) = records
    assert "10.3.6" in record["message"] and "Conservative" in record["message"]
    assert _notes(record)[0] == ("game.yaml", line_of(game, "enemies: [liberal]"))
