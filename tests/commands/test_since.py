"""`toolkit check --since REV`: the one explicit baseline a message may compare with; and a
report that depends on the content alone, never on what the user cache saw before
(toolkit/commands/baseline.py, DESIGN.md "Pure results")."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path, PurePosixPath

import pytest

from tests.support.shipped import CONTENT, copy_rules, edit, faction_file, toolkit
from toolkit.commands.baseline import for_game, read_baseline
from toolkit.core.errors import ToolkitError

FF = "forty-factions"


def _git(where: Path, *args: str) -> str:
    proc = subprocess.run(
        [
            "git",
            "-c",
            "user.name=t",
            "-c",
            "user.email=t@example.org",
            "-c",
            "commit.gpgsign=false",
            *args,
        ],
        cwd=where,
        check=True,
        capture_output=True,
        text=True,
        timeout=60,
    )
    return proc.stdout


def _repo(root: Path) -> None:
    """`root` made a git repository holding everything under it, committed."""
    _git(root, "init", "-q")
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "shipped")


def _env(cache: Path | None, **more: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "TOOLKIT_NO_CACHE"}
    if cache is None:
        env["TOOLKIT_NO_CACHE"] = "1"
    else:
        env["XDG_CACHE_HOME"] = str(cache)
    return {**env, **more}


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A project holding a copy of the Forty Factions content, as one git commit."""
    root = tmp_path / "project"
    shutil.copytree(CONTENT / FF, root / "content" / FF)
    copy_rules(root)
    (root / "README.md").write_text("a designer's project\n")
    _repo(root)
    return root


def test_the_baseline_is_the_changed_content_files_as_rev_holds_them(project: Path) -> None:
    content = project / "content"
    navy = faction_file(content, 2)
    shipped = navy.read_bytes()
    edit(navy, "name: Navy", "name: Navvy")
    (content / FF / "notes.txt").write_text("not content")
    faction_file(content, 18).unlink()  # removed: nothing to compare with
    new = content / FF / "factions" / "099-new.yaml"
    new.write_text("number: 99\n")
    _git(project, "add", str(new))  # added since: nothing to compare with either
    (project / "README.md").write_text("outside the content folder\n")
    base = read_baseline(content, "HEAD")
    rel = PurePosixPath(FF, "factions", navy.name)
    assert base == {rel: shipped}
    assert for_game(base, FF) == {PurePosixPath("factions", navy.name): shipped}
    assert for_game(base, "worldspanner") == {}
    assert for_game(None, FF) is None
    assert read_baseline(content / FF, "HEAD") == {rel.relative_to(FF): shipped}


@pytest.mark.parametrize("rev", ["", "-x", "--output=evil", "HEAD\nHEAD", "x" * 300])
def test_a_revision_git_could_take_for_an_option_is_refused(project: Path, rev: str) -> None:
    with pytest.raises(ToolkitError, match="not a git revision"):
        read_baseline(project / "content", rev)


def _said(proc: subprocess.CompletedProcess[str]) -> str:
    """The one `Error:` line of a command that failed for its usage (exit 2)."""
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert proc.stdout == "" and "Traceback" not in proc.stderr, proc.stderr
    (line,) = proc.stderr.strip().splitlines()
    assert line.startswith("Error: "), line
    return line


def test_an_unknown_revision_or_a_folder_outside_git_is_one_error_line(
    project: Path, tmp_path: Path
) -> None:
    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return toolkit(*args, cwd=project, env=_env(None))

    line = _said(run("check", "--since", "no-such-branch"))
    assert "git does not know the revision 'no-such-branch'" in line
    evil = tmp_path / "evil"
    line = _said(run("check", f"--since=--output={evil}"))
    assert "is not a git revision" in line and not evil.exists()
    alone = tmp_path / "alone"
    shutil.copytree(CONTENT / "worldspanner", alone / "content" / "worldspanner")
    copy_rules(alone)
    env = _env(None, GIT_CEILING_DIRECTORIES=str(tmp_path))
    line = _said(toolkit("check", "--since", "HEAD", cwd=alone, env=env))
    assert "needs the content folder in a git repository" in line
    missing = _said(run("check", "--content", "nowhere", "--since", "HEAD"))
    assert missing == _said(run("check", "--content", "nowhere"))


def test_check_since_help_says_what_it_compares() -> None:
    proc = toolkit("check", "--help")
    assert proc.returncode == 0
    assert "--since REV" in proc.stdout and "git revision" in proc.stdout


Mutation = Callable[[Path], None]


def _seat(number: int, old: str, new: str) -> Mutation:
    return lambda content: edit(faction_file(content, number), old, new)


def _text(number: int, n: int) -> Mutation:
    def apply(content: Path) -> None:
        edit(faction_file(content, number), "\nname:", f"\n# edit {n}, no seat moved\nname:")

    return apply


# edits one after another, as a designer makes them: seats moved, moved back, moved
# elsewhere, files edited again since; and the faction a check --since HEAD names for each
EDITS: list[tuple[str, Mutation, str | None]] = [
    (
        "46 moved to the Conservatives",
        _seat(46, "politics: liberal", "politics: conservative"),
        "(46) changed:",
    ),
    ("46 edited again", _text(46, 1), "(46) changed:"),
    ("46 edited once more", _text(46, 2), "(46) changed:"),
    ("46 moved back", _seat(46, "politics: conservative", "politics: liberal"), None),
    (
        "3 moved to the Liberals",
        _seat(3, "politics: militant", "politics: liberal"),
        "Army (3) changed:",
    ),
    ("47 lost its seat", _seat(47, "  council: 1\n", ""), None),
    ("3 moved back", _seat(3, "politics: liberal", "politics: militant"), None),
]


@pytest.mark.slow
def test_a_report_is_the_same_with_a_warm_cache_after_earlier_edits_and_with_none(
    project: Path, tmp_path: Path
) -> None:
    """After each edit, the report (text and JSON, byte for byte) from a cache that saw every
    earlier edit, and a check --since HEAD run in that cache just before, is the report
    with TOOLKIT_NO_CACHE=1."""
    cache = tmp_path / "cache"
    content = project / "content"

    def check(cache_dir: Path | None, *args: str) -> tuple[int, str, str]:
        proc = toolkit("check", "--game", FF, *args, cwd=project, env=_env(cache_dir))
        return proc.returncode, proc.stdout, proc.stderr

    assert check(cache)[0] == 0  # the designer's last check: clean, kept
    for what, apply, named in EDITS:
        apply(content)
        since = check(cache, "--since", "HEAD")  # a baseline: never kept for a plain check
        if named is not None:
            assert named in since[1], f"{what}: --since HEAD names no file\n{since[1]}"
        for fmt in ("text", "json"):
            warm = check(cache, "--format", fmt)
            cold = check(None, "--format", fmt)
            assert warm == cold, f"{what} ({fmt}): the warm cache's report differs"
            assert "changed:" not in warm[1], what
    kept = [p.name for p in (cache / "toolkit").iterdir()]
    assert any(n.startswith("content-") for n in kept), kept
