"""`toolkit coverage`: what is left to write, per game and file, agreeing with `check`."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.support.shipped import copy_content, edit, faction_file, toolkit

GAMES = ("forty-factions", "worldspanner", "god-emperor")


def _check_placeholders(*args: str) -> int:
    proc = toolkit("check", *args)
    return int(re.search(r"(\d+) values? (?:is|are) still placeholders", proc.stdout)[1])


def _coverage(*args: str) -> list[dict]:
    proc = toolkit("coverage", "--format", "json", *args)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_text_totals_match_check() -> None:
    proc = toolkit("coverage")
    assert proc.returncode == 0, proc.stderr
    last = proc.stdout.strip().splitlines()[-1]
    assert last == f"{_check_placeholders()} values are still placeholders"
    for game in GAMES:
        assert re.search(rf"^{game}: \d+ files; \d+ placeholders", proc.stdout, re.M)


@pytest.mark.parametrize("game", GAMES)
def test_json_totals_match_check_per_game(game: str) -> None:
    (data,) = _coverage("--game", game)
    assert data["game"] == game
    files = data["files"]
    assert data["totals"]["placeholders"] == _check_placeholders("--game", game)
    assert data["totals"]["placeholders"] == sum(len(f["placeholders"]) for f in files)
    assert data["totals"]["files"] == len(files)
    # most left to write first
    lefts = [f["left"] for f in files]
    assert lefts == sorted(lefts, reverse=True)


def test_a_card_lists_its_placeholders_empty_fields_and_rules_text() -> None:
    (data,) = _coverage("--game", "forty-factions")
    (reform,) = [f for f in data["files"] if f["file"].endswith("028-reform-party.yaml")]
    assert reform["name"] == "28 Reform Party"
    assert sorted(reform["placeholders"]) == ["enemies", "locations.0"]
    assert "seats.council" in reform["rules"] and "rules.0" in reform["rules"]
    assert "timeframe" in reform["empty"] and "background" in reform["empty"]
    assert reform["unsourced"] == []
    assert data["totals"]["unsourced"] == 0  # every Forty Factions value is accounted for


def test_a_new_placeholder_and_an_unsourced_value_show(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    before = _coverage("--content", str(content), "--game", "forty-factions")[0]["totals"]
    zakel = faction_file(content, 1)
    edit(zakel, "placeholders: [", "placeholders: [alignment, ")
    edit(zakel, "politics: militant\n", "politics: militant\nalignment: Lawful Good\n")
    edit(zakel, "expansion: base\n", "expansion: base\ntimeframe: Since the Founding.\n")
    (data,) = _coverage("--content", str(content), "--game", "forty-factions")
    after = data["totals"]
    assert after["placeholders"] == before["placeholders"] + 1
    assert after["unsourced"] == before["unsourced"] + 1
    (z,) = [f for f in data["files"] if f["file"].endswith("001-temple-of-zakel.yaml")]
    assert "alignment" in z["placeholders"] and z["unsourced"] == ["timeframe"]
    assert "timeframe" not in z["empty"] and "alignment" not in z["empty"]
    assert after["placeholders"] == _check_placeholders(
        "--content", str(content), "--game", "forty-factions"
    )


def test_a_file_that_does_not_load_is_reported_not_counted(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    edit(faction_file(content, 1), "number: 1\n", "number: one\n")
    proc = toolkit("coverage", "--content", str(content), "--game", "forty-factions")
    assert proc.returncode == 1
    assert "SCHEMA-TYPE" in proc.stderr and "did not load" in proc.stdout


def test_missing_content_folder_is_a_usage_error(tmp_path: Path) -> None:
    proc = toolkit("coverage", "--content", str(tmp_path / "nope"))
    assert proc.returncode == 2


def test_help_explains_the_command() -> None:
    proc = toolkit("coverage", "--help")
    assert proc.returncode == 0 and "placeholders" in proc.stdout and "--format" in proc.stdout
