"""`toolkit check --fix` (issue 17): mechanical fixes written round trip with ruamel.yaml,
every untouched byte kept, idempotent; `--diff` shows them and writes nothing."""

from __future__ import annotations

from pathlib import Path

from tests.support.shipped import copy_content, edit, faction_file, shown, toolkit


def _check(content: Path, *args: str):  # type: ignore[no-untyped-def]
    return toolkit("check", "--content", str(content), "--game", "forty-factions", *args)


def _broken(tmp_path: Path) -> tuple[Path, dict[Path, bytes]]:
    content = copy_content(tmp_path)
    shipped = {faction_file(content, n): faction_file(content, n).read_bytes() for n in (2, 5, 18)}
    edit(faction_file(content, 18), "enemies: [31, 88]", "enemies: [31, 88, 5]")
    navy = faction_file(content, 2)
    edit(navy, "placeholders: [politics, ", "placeholders: [politics, nickname, ")
    return content, shipped


def test_fix_writes_the_other_side_and_drops_a_stale_placeholder_keeping_every_byte(
    tmp_path: Path,
) -> None:
    content, shipped = _broken(tmp_path)
    navy, mercs, thieves = (faction_file(content, n) for n in (2, 5, 18))
    broken_thieves = thieves.read_bytes()
    assert _check(content).returncode == 1
    proc = _check(content, "--fix")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert f"fixed {shown(mercs)}" in proc.stderr and f"fixed {shown(navy)}" in proc.stderr
    # the Navy's file is as shipped again; the Mercenaries' gains one line after `category`
    assert navy.read_bytes() == shipped[navy]
    lines = shipped[mercs].decode().splitlines(keepends=True)
    at = next(i for i, ln in enumerate(lines) if ln.startswith("category:")) + 1
    assert mercs.read_bytes().decode() == "".join([*lines[:at], "enemies: [18]\n", *lines[at:]])
    assert thieves.read_bytes() == broken_thieves  # the file named the enemy: untouched
    # idempotent: nothing left to fix, nothing written
    before = {p: p.read_bytes() for p in (navy, mercs, thieves)}
    again = _check(content, "--fix")
    assert again.returncode == 0 and "fixed" not in again.stderr
    assert {p: p.read_bytes() for p in before} == before


def test_diff_shows_the_fixes_and_writes_nothing(tmp_path: Path) -> None:
    content, _ = _broken(tmp_path)
    files = {p: p.read_bytes() for p in (content / "forty-factions").rglob("*.yaml")}
    proc = _check(content, "--fix", "--diff")
    assert proc.returncode == 1
    assert "+enemies: [18]" in proc.stdout and "-placeholders: [politics, nickname," in proc.stdout
    assert {p: p.read_bytes() for p in files} == files
    # file names as a patch tool reads them: an absolute path as it is (not `a//tmp/...`),
    # a path under the working folder with git's a/ and b/
    mercs = faction_file(content, 5)
    assert f"--- a/{shown(mercs)}\n+++ b/{shown(mercs)}\n" in proc.stdout
    here = toolkit(
        "check", "--content", "content", "--game", "forty-factions", "--fix", "--diff", cwd=tmp_path
    )
    rel = mercs.relative_to(tmp_path)
    assert f"--- a/{rel}\n+++ b/{rel}\n" in here.stdout


def test_a_crlf_file_is_fixed_keeping_its_line_endings(tmp_path: Path) -> None:
    content, _ = _broken(tmp_path)
    mercs = faction_file(content, 5)
    mercs.write_bytes(mercs.read_bytes().replace(b"\n", b"\r\n"))
    before = mercs.read_bytes()
    proc = _check(content, "--fix")
    assert f"fixed {shown(mercs)}" in proc.stderr
    after = mercs.read_bytes()
    assert b"\n" not in after.replace(b"\r\n", b"")  # every line still ends in CRLF
    old, new = before.split(b"\r\n"), after.split(b"\r\n")
    assert [line for line in new if line not in old] == [b"enemies: [18]"]
    assert [line for line in new if line != b"enemies: [18]"] == old  # the rest, byte for byte


def test_a_fix_on_a_line_ruamel_would_rewrite_is_left_to_the_designer(tmp_path: Path) -> None:
    content, _ = _broken(tmp_path)
    mercs = faction_file(content, 5)
    # enemies written as a hand-wrapped flow list, which ruamel.yaml writes on one line
    edit(mercs, "category: guilds\n", "category: guilds\nenemies: [99,\n  100]\n")
    edit(faction_file(content, 99), "enemies: [", "enemies: [5, ")
    edit(faction_file(content, 100), "enemies: [", "enemies: [5, ")
    before = mercs.read_bytes()
    proc = _check(content, "--fix")
    assert f"not fixed {shown(mercs)}" in proc.stderr and "edit it by hand" in proc.stderr
    assert mercs.read_bytes() == before
    assert proc.returncode == 1 and "FF-ENEMY-SYMMETRY" in proc.stdout


def test_fix_puts_the_court_schedule_back_in_month_order_keeping_every_byte(
    tmp_path: Path,
) -> None:
    """God Emperor's schedule is one sitting a month, in order (GE-SCHEDULE-MONTH): two
    months swapped are reported with the fix offered, and `--fix` sorts the schedule, the
    file as shipped again, byte for byte; a second `--fix` finds nothing to do."""
    content = copy_content(tmp_path)
    game = content / "god-emperor" / "game.yaml"
    shipped = game.read_bytes()
    lines = shipped.decode().splitlines(keepends=True)
    third = next(i for i, ln in enumerate(lines) if ln.startswith("  - {month: 3,"))
    fifth = next(i for i, ln in enumerate(lines) if ln.startswith("  - {month: 5,"))
    lines[third], lines[fifth] = lines[fifth], lines[third]
    game.write_text("".join(lines))
    check = ["check", "--content", str(content), "--game", "god-emperor"]
    found = toolkit(*check)
    assert found.returncode == 1
    assert f"{shown(game)}:{third + 1}:" in found.stdout and "GE-SCHEDULE-MONTH" in found.stdout
    assert "`toolkit check --fix` puts the schedule in month order" in found.stdout
    fixed = toolkit(*check, "--fix")
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr
    assert "sorted the schedule by month" in fixed.stderr
    assert game.read_bytes() == shipped
    again = toolkit(*check, "--fix")
    assert again.returncode == 0 and "sorted" not in again.stderr


def test_fix_keeps_each_files_mode_and_refuses_a_file_with_hard_links(tmp_path: Path) -> None:
    """Case 45: a fixed file keeps its mode (0600, 0444: never 0644); a file to fix with a
    second hard link is refused (its other name may lie outside the project: the content
    finder never reads it, CONTENT-OUTSIDE at its path, exit 1), and it is not written, so
    the link stays one file."""
    import os

    content, _ = _broken(tmp_path / "modes")
    navy, mercs = faction_file(content, 2), faction_file(content, 5)
    os.chmod(navy, 0o600)
    os.chmod(mercs, 0o444)
    proc = _check(content, "--fix")
    assert proc.returncode == 0 and f"fixed {shown(mercs)}" in proc.stderr, (
        proc.stdout + proc.stderr
    )
    assert (os.stat(navy).st_mode & 0o777, os.stat(mercs).st_mode & 0o777) == (0o600, 0o444)
    content, _ = _broken(tmp_path / "linked")
    mercs = faction_file(content, 5)
    os.link(mercs, tmp_path / "mercs-elsewhere.yaml")
    before = mercs.read_bytes()
    refused = _check(content, "--fix")
    assert refused.returncode == 1, refused.stdout + refused.stderr
    assert refused.stdout.startswith(
        f"{shown(mercs)}:1:1: error[CONTENT-OUTSIDE]: a hard link (one file under 2 names"
    ), refused.stdout
    assert f"fixed {shown(mercs)}" not in refused.stderr
    assert mercs.read_bytes() == before
    assert os.stat(mercs).st_ino == os.stat(tmp_path / "mercs-elsewhere.yaml").st_ino


def test_fix_stopped_by_a_file_it_cannot_write_fixes_nothing(tmp_path: Path) -> None:
    """Case 44: of the two files `--fix` changes, the second cannot be written (`chattr
    +i`): one line naming it (exit 2), and the first is not fixed either."""
    import pytest

    from tests.edit.test_rename import _immutable

    content, _ = _broken(tmp_path)
    navy, mercs = faction_file(content, 2), faction_file(content, 5)
    files = {p: p.read_bytes() for p in (content / "forty-factions").rglob("*.yaml")}
    last = max(navy, mercs)  # the files are written in the order of their paths
    if not _immutable(last, True):
        pytest.skip("chattr +i is not possible here")
    try:
        proc = _check(content, "--fix")
    finally:
        _immutable(last, False)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    (line,) = proc.stderr.splitlines()
    assert line.startswith(
        f"Error: cannot write {shown(last)}: Operation not permitted; the "
        "edit was undone: every file is as it was; "
    )
    assert "chattr -i" in line and "--out" not in line
    assert {p: p.read_bytes() for p in files} == files
