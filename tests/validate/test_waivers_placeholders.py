"""Waivers, placeholders and errata: the game-independent checks of the check stage."""

from __future__ import annotations

import re
from pathlib import Path

from tests.support.shipped import DIAG, copy_content, edit, faction_file, line_of, toolkit


def _codes(stdout: str) -> list[tuple[str, int, str]]:
    out = []
    for ln in stdout.splitlines():
        m = DIAG.match(ln)
        if m:
            out.append((Path(m["path"]).name, int(m["line"]), m["code"]))
    return out


def _append(path: Path, text: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


def test_valid_waiver_suppresses_one_finding_and_is_still_listed(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    f = faction_file(content, 18)
    edit(f, "enemies: [31, 88]", "enemies: [31, 88, 888]")
    _append(
        f, 'waive:\n  - {rule: FF-REF-FACTION, reason: "faction 888 arrives in a fan expansion"}\n'
    )
    proc = toolkit("check", "--content", str(content))
    assert proc.returncode == 0, proc.stdout
    (line,) = [ln for ln in proc.stdout.splitlines() if "FF-REF-FACTION" in ln]
    assert "(waived: faction 888 arrives in a fan expansion)" in line
    waived = int(re.search(r"(\d+) waived", proc.stdout.splitlines()[-1])[1])
    shipped = re.search(r"(\d+) waived", toolkit("check").stdout.splitlines()[-1])
    assert waived == (int(shipped[1]) if shipped else 0) + 1


def test_waiver_without_reason_is_an_error(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    f = faction_file(content, 18)
    edit(f, "enemies: [31, 88]", "enemies: [31, 88, 888]")
    _append(f, "waive:\n  - {rule: FF-REF-FACTION}\n")
    proc = toolkit("check", "--content", str(content))
    assert proc.returncode == 1
    codes = _codes(proc.stdout)
    assert (f.name, line_of(f, "rule: FF-REF-FACTION"), "WAIVER-REASON") in codes
    # the finding itself is not waived by a waiver without a reason
    assert (f.name, line_of(f, "enemies:"), "FF-REF-FACTION") in codes


def test_blanket_unknown_and_unused_waivers_are_errors(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    f = faction_file(content, 2)
    _append(
        f,
        "waive:\n"
        '  - {rule: "*", reason: everything}\n'
        "  - {rule: FF-NO-SUCH-RULE, reason: typo}\n"
        "  - {rule: FF-REF-AREA, reason: nothing to waive here}\n",
    )
    proc = toolkit("check", "--content", str(content))
    assert proc.returncode == 1
    codes = {c for name, _, c in _codes(proc.stdout) if name == f.name}
    assert codes == {"WAIVER-BLANKET", "WAIVER-UNKNOWN-RULE", "WAIVER-UNUSED"}


def test_placeholder_path_must_name_a_value(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    f = faction_file(content, 3)
    edit(f, "placeholders: [", "placeholders: [seats.councl, ")
    proc = toolkit("check", "--content", str(content))
    assert proc.returncode == 1
    assert (f.name, line_of(f, "placeholders:"), "PLACEHOLDER-PATH") in _codes(proc.stdout)


def test_stale_erratum_is_an_error(tmp_path: Path) -> None:
    content = copy_content(tmp_path)
    f = faction_file(content, 79)
    edit(f, "alleyman: The Six of Swords (b3)", "alleyman: The Sic of Swords (b3)")
    proc = toolkit("check", "--content", str(content))
    assert proc.returncode == 1
    assert (f.name, line_of(f, "- field: alleyman"), "ERRATA-STALE") in _codes(proc.stdout)


def test_a_waiver_is_not_called_unused_while_a_file_does_not_load(tmp_path: Path) -> None:
    """Issue 31 (reliability case 52). 100-pirates.yaml waives FF-DECK-TAROT: the rules give
    it and 099-bandits.yaml the same tarot card. While game.yaml (without which no rule
    runs) or 099-bandits.yaml (the other half of the finding) does not validate, the rule
    cannot find what the waiver waives; the file is correct, and no error tells it to
    change. What the broken file has wrong is still reported, at its place."""
    pirates = faction_file(copy_content(tmp_path / "shipped"), 100).name
    for name, old, new, code in (
        (
            "game.yaml",
            "title: Anarea Forty Factions",
            "titel: Anarea Forty Factions",
            "SCHEMA-UNKNOWN-KEY",
        ),
        ("factions/099-bandits.yaml", "number: 99", 'number: "x99"', "SCHEMA-TYPE"),
    ):
        content = copy_content(tmp_path / name.replace("/", "-"))
        broken = content / "forty-factions" / name
        edit(broken, old, new)
        proc = toolkit("check", "--content", str(content), "--game", "forty-factions")
        assert proc.returncode == 1, proc.stdout + proc.stderr
        codes = _codes(proc.stdout)
        assert (broken.name, line_of(broken, new), code) in codes, proc.stdout
        assert not [c for c in codes if c[2] == "WAIVER-UNUSED"], proc.stdout
        assert pirates not in proc.stdout, proc.stdout
        assert "Traceback" not in proc.stderr
