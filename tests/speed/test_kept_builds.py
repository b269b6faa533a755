"""A build of every game after an edit to one (`make sheets`): the games whose inputs did not
change since their last build into that folder are told from its record, not loaded
(`toolkit.speed.kept_builds`); anything that could change what they print loads them again."""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
from pathlib import Path

import pytest

from tests.support.shipped import copy_rules, faction_file, seeded, toolkit
from toolkit.core.outputs import BuildOptions
from toolkit.speed import kept_builds

GAMES = ("forty-factions", "god-emperor", "worldspanner")


def _build(root: Path) -> str:
    proc = toolkit("build", "--content", "content", "--out", "build", cwd=root)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout


def _line(out: str, game: str) -> str:
    (line,) = [ln for ln in out.splitlines() if ln.startswith(f"{game}: ")]
    return line


@pytest.mark.slow
def test_an_unchanged_game_is_told_from_its_last_build_until_a_file_of_it_changes(
    shipped_kit: Path, tmp_path: Path
) -> None:
    shutil.copytree(shipped_kit / "content", tmp_path / "content")
    copy_rules(tmp_path)
    for game in GAMES:
        seeded(shipped_kit, tmp_path / "build", game)
    first = _build(tmp_path)  # every game loaded, found up to date, and its build recorded
    for game in GAMES:
        assert re.fullmatch(rf"{game}: 0 built, \d+ up to date in .*", _line(first, game))
    # the record's findings are what the next build tells: mark them to see where words
    # come from
    manifest = tmp_path / "build" / "worldspanner" / "kit" / "manifest.json"
    data = json.loads(manifest.read_text())
    assert data["build"]["key"] and data["build"]["found"] == []
    data["build"]["found"].append(
        {
            "path": "content/worldspanner/game.yaml",
            "line": 1,
            "column": 1,
            "severity": "warning",
            "code": "KEPT-MARK",
            "message": "told from the last build",
            "waived": None,
        }
    )
    manifest.write_text(json.dumps(data))

    faction = faction_file(tmp_path / "content", 5)  # one game edited
    faction.write_text(faction.read_text() + "alignment: Neutral, for the test\n")
    second = _build(tmp_path)
    assert re.match(r"forty-factions: [1-9]\d* built", _line(second, "forty-factions"))
    assert "warning[KEPT-MARK]: told from the last build" in second
    outputs = len(data["outputs"])
    assert _line(second, "worldspanner").startswith(f"worldspanner: 0 built, {outputs} up to")

    # a file of its kit changed since (here, damaged): the game is loaded and checked
    # again, and that file rebuilt (with the print guide, which counts every file's pages)
    sheet = tmp_path / "build" / "worldspanner" / "reference" / "dm-screen.pdf"
    sheet.write_bytes(sheet.read_bytes()[:-100])
    third = _build(tmp_path)
    assert "KEPT-MARK" not in third
    assert _line(third, "worldspanner").startswith(f"worldspanner: 2 built, {outputs - 2} up to")
    # the summary is the check's: the same files, findings and placeholders
    check = toolkit("check", "--content", "content", cwd=tmp_path)
    assert third.splitlines()[-1] == check.stdout.splitlines()[-1]


def test_the_key_holds_every_option_that_changes_a_kit_and_no_other(tmp_path: Path) -> None:
    content = tmp_path / "content"
    (content / "g").mkdir(parents=True)
    (content / "g" / "game.yaml").write_text("title: G\n")
    base = BuildOptions()

    def key(options: BuildOptions, code: str = "c") -> str | None:
        return kept_builds.game_key(content, "g", options, code)

    assert key(base) == key(dataclasses.replace(base, jobs=1))  # how many workers: the same
    others = [
        dataclasses.replace(base, paper="letter"),
        dataclasses.replace(base, final=True),
        dataclasses.replace(base, out=Path("elsewhere")),
        dataclasses.replace(base, backs="expansion"),
        dataclasses.replace(base, preset="pod"),
    ]
    assert len({key(base), *(key(o) for o in others)}) == 1 + len(others)
    assert key(base, code="other code") != key(base)
    for no in (
        dataclasses.replace(base, force=True),
        dataclasses.replace(base, only=("x",)),
        dataclasses.replace(base, draft=True),
        dataclasses.replace(base, expansions=frozenset({"SC"})),
        dataclasses.replace(base, export="mpc"),
    ):
        assert not kept_builds.eligible(no)
    assert kept_builds.eligible(base)


def test_two_copies_of_a_project_have_one_key_and_a_folder_named_otherwise_another(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The key holds the paths as the kit shows them, not where the project is."""
    for copy in ("one", "two"):
        (tmp_path / copy / "content" / "g").mkdir(parents=True)
        (tmp_path / copy / "content" / "g" / "game.yaml").write_text("title: G\n")
    keys = []
    for copy in ("one", "two"):
        monkeypatch.chdir(tmp_path / copy)
        keys.append(kept_builds.game_key(Path("content"), "g", BuildOptions(), "c"))
    assert keys[0] is not None and keys[0] == keys[1]
    # the same folder named by its whole path: the kit shows other paths
    assert kept_builds.game_key(tmp_path / "two" / "content", "g", BuildOptions(), "c") != keys[1]


def test_a_content_edit_changes_the_key(tmp_path: Path) -> None:
    content = tmp_path / "content"
    (content / "g" / "factions").mkdir(parents=True)
    f = content / "g" / "factions" / "001-a.yaml"
    f.write_text("name: A\n")
    before = kept_builds.game_key(content, "g", BuildOptions(), "c")
    f.write_text("name: B\n")
    assert kept_builds.game_key(content, "g", BuildOptions(), "c") != before
    (content / "g" / "art").mkdir()
    (content / "g" / "art" / "x.png").write_bytes(b"\x89PNG")
    assert kept_builds.game_key(content, "g", BuildOptions(), "c") not in (before, None)
