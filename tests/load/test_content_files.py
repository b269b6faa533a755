"""No content file skipped in silence (issue 18, case 4): every file or folder under
`content/<game>/` that is not read is reported, with why; one that looks like content
(`lazar.YAML`, `lazar.yaml.txt`, `.lazar.yaml`, a linked folder) is an error."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.support.hostile import outside_folder, outside_reads, run_recorded
from tests.support.shipped import copy_content, shown, toolkit

WS = "worldspanner"


def _check(content: Path) -> tuple[int, list[dict[str, object]], str]:
    proc = toolkit("check", "--content", str(content), "--game", WS, "--format", "json")
    return proc.returncode, json.loads(proc.stdout), proc.stderr


def _at(records: list[dict[str, object]], path: Path) -> list[dict[str, object]]:
    return [r for r in records if r["path"] == shown(path)]


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("lazar.YAML", "the extension is written `.YAML`"),
        ("lazar.Yaml", "the extension is written `.Yaml`"),
        ("lazar.yaml.txt", "`.txt` after `.yaml`"),
        ("lazar.yml", "the extension is written `.yml`"),
        (".lazar.yaml", "hidden file"),
    ],
)
def test_a_content_file_under_another_name_is_an_error(tmp_path: Path, name: str, why: str) -> None:
    content = copy_content(tmp_path)
    heroes = content / WS / "heroes"
    (heroes / "lazar.yaml").rename(heroes / name)
    code, records, _ = _check(content)
    assert code == 1, records
    (hit,) = _at(records, heroes / name)
    assert hit["code"] == "CONTENT-UNKNOWN-FILE" and hit["severity"] == "error"
    assert why in str(hit["message"]) and "rename it to lazar.yaml" in str(hit["message"])


def test_a_linked_folder_that_leads_out_is_an_error_and_not_read(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    outside = outside_folder(tmp_path)
    quests = content / WS / "quests"
    for f in quests.iterdir():
        f.rename(outside / f.name)
    quests.rmdir()
    quests.symlink_to(outside)
    proc, opened = run_recorded(
        tmp_path, "check", "--content", str(content), "--game", WS, "--format", "json"
    )
    assert proc.returncode == 1
    (hit,) = _at(json.loads(proc.stdout), quests)
    assert hit["code"] == "CONTENT-OUTSIDE" and "not read" in str(hit["message"])
    assert outside_reads(opened, content, content.parent / "rules", tmp_path / "tmp") == []


def test_a_linked_folder_inside_the_game_is_read_once(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    heroes = content / WS / "heroes"
    (heroes / "more").symlink_to(heroes)  # a loop: heroes/more/more/... must end
    code, records, _ = _check(content)
    assert code == 1
    (hit,) = _at(records, heroes / "more")
    assert hit["code"] == "CONTENT-LINK" and "heroes" in str(hit["message"])


def test_a_file_that_is_not_content_is_a_warning(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    notes = content / WS / "heroes" / "README.md"
    notes.write_text("notes\n")
    backup = content / WS / "heroes" / "lazar.yaml~"
    backup.write_text("name: old\n")
    (content / WS / ".cache").mkdir()
    code, records, _ = _check(content)
    assert code == 0, records  # warnings only: check passes, but says what it did not read
    for path in (notes, backup, content / WS / ".cache"):
        (hit,) = _at(records, path)
        assert hit["code"] == "CONTENT-SKIPPED" and hit["severity"] == "warning"
        assert "not read" in str(hit["message"])
    proc = toolkit("check", "--content", str(content), "--game", WS, "--strict")
    assert proc.returncode == 1


def test_a_fifo_is_refused_without_opening_it(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    fifo = content / WS / "heroes" / "pipe.yaml"
    os.mkfifo(fifo)
    code, records, _ = _check(content)  # a FIFO opened for reading would hang here
    assert code == 1
    (hit,) = _at(records, fifo)
    assert hit["code"] == "CONTENT-NOT-FILE"


def test_a_folder_that_cannot_be_listed_is_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """(Permissions cannot stop root, who runs these tests in CI: the listing fails here by
    hand, as `chmod 000` makes it fail for anyone else.)"""
    from toolkit.commands import api

    content = copy_content(tmp_path)
    quests = content / WS / "quests"
    real = os.scandir

    def scandir(path: object = ".") -> object:
        # (os.scandir also takes an open folder's descriptor: a library cleaning up may)
        if not isinstance(path, int) and os.fspath(path) == str(quests):  # type: ignore[arg-type]
            raise PermissionError(13, "Permission denied")
        return real(path)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "scandir", scandir)
    report = api.check(content, WS)
    hits = [d for d in report.diagnostics if d.loc.path.endswith("worldspanner/quests")]
    assert report.failed and [d.code for d in hits] == ["CONTENT-IO"]
    assert "Permission denied" in hits[0].message


def test_shipped_content_has_nothing_unread() -> None:
    proc = toolkit("check", "--format", "json")
    records = json.loads(proc.stdout)
    assert not [r for r in records if str(r["code"]).startswith("CONTENT-")]
