"""Folders nested thousands deep (issue 31): anyone can commit one, in `content/` or in
`build/`. The walks keep their own stacks, so `check`, `build` and `audit` end as they
should, with one line and no traceback: a content folder deeper than the finder reads is an
error at that folder; an output folder's depth is walked."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.support.shipped import copy_content, toolkit

DEPTH = 1100  # past Python's recursion limit (1000)


def _nest(top: Path) -> list[Path]:
    """`top/d/d/.../d`, DEPTH folders deep; every folder made, outermost first."""
    made, at = [], top
    for _ in range(DEPTH):
        at = at / "d"
        at.mkdir()
        made.append(at)
    return made


def _unnest(made: list[Path]) -> None:
    """Remove the folders innermost first (rmtree would recurse as deep as they go)."""
    for folder in reversed(made):
        folder.rmdir()


@pytest.fixture
def content(tmp_path: Path) -> Path:
    return copy_content(tmp_path)


def test_content_nested_too_deep_is_one_error_at_its_folder(content: Path) -> None:
    made = _nest(content / "worldspanner")
    try:
        check = toolkit("check", "--content", str(content), "--game", "worldspanner")
    finally:
        _unnest(made)
    assert check.returncode == 1, check.stdout + check.stderr
    assert "Traceback" not in check.stderr
    (line,) = [ln for ln in check.stdout.splitlines() if "CONTENT-IO" in ln]
    assert "nested more than 32 deep" in line, line
    assert line.startswith("content/worldspanner/" + "d/" * 31 + "d:") or (
        ("/worldspanner/" + "d/" * 31 + "d:") in line
    ), line


def test_an_audit_walks_an_output_folder_of_any_depth(tmp_path: Path) -> None:
    folder = tmp_path / "out"
    folder.mkdir()
    made = _nest(folder)
    try:
        audit = toolkit("audit", str(folder))
    finally:
        _unnest(made)
    assert audit.returncode == 0, audit.stdout + audit.stderr
    assert "Traceback" not in audit.stderr and "0 outputs audited" in audit.stdout


@pytest.mark.slow
def test_a_build_walks_a_committed_output_folder_of_any_depth(
    content: Path, shipped_kit: Path
) -> None:
    """A pull request commits `build/worldspanner/preview/d/d/...` (the gallery's pictures
    are looked for there, and the out folder is searched for links): the build ends as
    usual and leaves that folder be."""
    out = content.parent / "build"
    shutil.copytree(shipped_kit / "build" / "worldspanner", out / "worldspanner")
    made = _nest(out / "worldspanner" / "preview")
    try:
        args = ("build", "--content", str(content), "--game", "worldspanner", "--out", str(out))
        built = toolkit(*args)
        kept = os.path.isdir(made[-1])
    finally:
        _unnest(made)
    assert built.returncode == 0, built.stdout + built.stderr
    assert "Traceback" not in built.stderr and kept
