"""End-to-end: the `toolkit` command on the shipped content and on broken copies."""

from __future__ import annotations

import json
import re
from pathlib import Path

import yaml

from tests.support.shipped import (
    CONTENT,
    DIAG,
    FF,
    ROOT,
    copy_content,
    edit,
    faction_file,
    line_of,
    toolkit,
)

SUMMARY = re.compile(
    r"^(?P<files>\d+) files checked, (?P<errors>\d+) errors?, (?P<warnings>\d+) warnings?"
    r"(, (?P<waived>\d+) waived)?; (?P<ph>\d+) values? (are|is) still placeholders$"
)


def _placeholders_in(folder: Path) -> int:
    total = 0
    for f in folder.rglob("*.yaml"):
        total += len(yaml.safe_load(f.read_text(encoding="utf-8")).get("placeholders", []))
    return total


def test_check_passes_on_shipped_content() -> None:
    proc = toolkit("check")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    last = proc.stdout.strip().splitlines()[-1]
    m = SUMMARY.match(last)
    assert m, last
    assert int(m["errors"]) == 0
    assert int(m["files"]) == len(list(CONTENT.rglob("*.yaml")))
    # The count a designer reads is the number of placeholder entries in the files.
    assert int(m["ph"]) == _placeholders_in(CONTENT) > _placeholders_in(FF) > 0
    assert "Traceback" not in proc.stderr


def test_json_format_is_an_array_with_summary_on_stderr(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    f = faction_file(content, 18)
    edit(f, "enemies: [31, 88]", "enemies: [31, 88, 888]")
    proc = toolkit("check", "--content", str(content), "--format", "json")
    assert proc.returncode == 1
    records = json.loads(proc.stdout)
    failing = [r for r in records if r["waived"] is None]
    assert [r["code"] for r in failing] == ["FF-REF-FACTION"]
    rec = failing[0]
    assert rec["line"] == line_of(f, "enemies:")
    assert rec["column"] == len("enemies: [31, 88, ") + 1
    assert rec["path"].endswith("factions/018-thieves-guild-of-tehmor.yaml")
    assert SUMMARY.match(proc.stderr.strip().splitlines()[-1])


def test_github_format_annotates_the_right_line(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    f = faction_file(content, 31)
    edit(f, "area: ", "area: old-twn", 1)
    edit(f, "area: old-twn", "area: old-twn-", 1)  # make it clearly not a real area id
    proc = toolkit("check", "--content", str(content), "--format", "github")
    assert proc.returncode == 1
    line = next(ln for ln in proc.stdout.splitlines() if ln.startswith("::error"))
    assert f"line={line_of(f, 'old-twn')}" in line
    assert "title=FF-REF-AREA" in line
    assert "031-city-watch.yaml" in line


def test_many_errors_in_many_files_are_all_reported_sorted(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    broken = [faction_file(content, n) for n in (3, 40, 77)]
    edit(broken[0], "politics: ", "politcs: ")  # typo'd key
    edit(broken[1], "number: 40", "number: forty")  # wrong type
    edit(broken[2], "tarot: ", "tarot: [")  # syntax error
    proc = toolkit("check", "--content", str(content))
    assert proc.returncode == 1
    lines = proc.stdout.splitlines()
    diags = [DIAG.match(ln) for ln in lines if "(waived: " not in ln]  # waived: not errors
    found = [(m["path"], int(m["line"]), m["code"]) for m in diags if m]
    paths = [p for p, _, _ in found]
    assert paths == sorted(paths)
    codes = {c for _, _, c in found}
    assert {"SCHEMA-UNKNOWN-KEY", "SCHEMA-MISSING", "SCHEMA-TYPE", "YAML-SYNTAX"} <= codes
    assert any("did you mean `politics`" in ln for ln in proc.stdout.splitlines())
    (note,) = [ln for ln in proc.stdout.splitlines() if "rule(s) wait until" in ln]
    failed = sorted({p for p, _, c in found if c.startswith(("SCHEMA-", "YAML-"))})
    assert len(failed) == 3 and f"wait until {', '.join(failed)} load and validate:" in note
    summary = SUMMARY.match(proc.stdout.strip().splitlines()[-1])
    assert summary and int(summary["errors"]) == len(found)


def test_missing_folder_is_a_usage_error_without_traceback(tmp_path: Path) -> None:
    proc = toolkit("check", "--content", str(tmp_path / "nowhere"))
    assert proc.returncode == 2
    assert "content folder not found" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_unknown_game_is_a_usage_error() -> None:
    proc = toolkit("check", "--game", "chess")
    assert proc.returncode == 2
    assert "no content for game 'chess'" in proc.stderr


def test_content_folder_without_pack_is_reported(tmp_path: Path) -> None:
    (tmp_path / "content" / "chess").mkdir(parents=True)
    proc = toolkit("check", "--content", str(tmp_path / "content"))
    assert proc.returncode == 1
    assert "CONTENT-UNKNOWN-GAME" in proc.stdout


def test_stray_yaml_file_is_reported(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    (content / "forty-factions" / "factions" / "notes").mkdir()
    (content / "forty-factions" / "factions" / "notes" / "todo.yaml").write_text("a: 1\n")
    proc = toolkit("check", "--content", str(content))
    assert proc.returncode == 1
    assert "CONTENT-UNKNOWN-FILE" in proc.stdout


def test_missing_game_file_is_reported(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    (content / "forty-factions" / "game.yaml").unlink()
    proc = toolkit("check", "--content", str(content))
    assert proc.returncode == 1
    assert "error[CONTENT-MISSING]: missing game.yaml" in proc.stdout


def test_symlink_out_of_the_content_folder_is_not_read(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    secret = tmp_path / "secret.yaml"
    secret.write_text("number: 1\n")
    link = content / "forty-factions" / "plots" / "099-link.yaml"
    link.symlink_to(secret)
    proc = toolkit("check", "--content", str(content))
    assert proc.returncode == 1
    assert "CONTENT-OUTSIDE" in proc.stdout


def test_help_and_module_entry_point() -> None:
    proc = toolkit("--help")
    assert proc.returncode == 0
    for word in ("check", "schema"):
        assert word in proc.stdout
    proc = toolkit("check", "--help")
    assert "--format" in proc.stdout and "--strict" in proc.stdout
    assert (ROOT / "toolkit" / "__main__.py").exists()
