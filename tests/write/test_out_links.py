"""A committed `build/` cannot reach out of the project (issue 31, reliability case 43).

CI builds a pull request's checkout, and the pull request may commit links under the output
folder and a `kit/manifest.json` of its own. Each shape is committed to a git repository and
cloned, as CI would see it, then built three ways (a default build, `--force`, and the
first pass of `--watch`): nothing outside `--out/<game>`'s real path is written or deleted,
and the build stops with one line naming the link (exit 2).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.support.shipped import copy_rules, toolkit

WS = "worldspanner"


@pytest.fixture(scope="module")
def ws_project(shipped_kit: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A project holding the shipped content and its built Worldspanner kit."""
    root = tmp_path_factory.mktemp("ws-links") / "project"
    shutil.copytree(shipped_kit / "content", root / "content")
    copy_rules(root)
    shutil.copytree(shipped_kit / "build" / WS, root / "build" / WS)
    return root


def _victim_entry(root: Path, path: str, victim: Path) -> None:
    """List `path` in the kit's manifest as an output whose source is gone, with the
    victim's sha256: a build would prune it as no longer made."""
    manifest = root / "build" / WS / "kit" / "manifest.json"
    data = json.loads(manifest.read_text())
    entry = {**data["outputs"][0], "path": path, "sources": [f"content/{WS}/gone.yaml"]}
    entry["sha256"] = hashlib.sha256(victim.read_bytes()).hexdigest()
    data["outputs"].append(entry)
    manifest.write_text(json.dumps(data))


def _link(path: Path, target: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    elif path.exists():
        path.unlink()
    path.symlink_to(target)


# Each shape: what the pull request commits (given the project and the outside folder), and
# what the one line must name.
SHAPES: dict[str, tuple[Callable[[Path, Path], None], str]] = {
    "link at the game folder": (lambda r, o: _link(r / "build" / WS, o), f"build/{WS}"),
    "link at a kind folder": (lambda r, o: _link(r / "build" / WS / "cards", o), "cards"),
    "link at a file": (
        lambda r, o: _link(r / "build" / WS / "kit" / "PRINT.md", o / "victim.txt"),
        "PRINT.md",
    ),
    "link at --out itself": (lambda r, o: _link(r / "build", o), "link build"),
    "the issue's: ext -> outside, the manifest prunes ext/victim.txt": (
        lambda r, o: (
            (r / "build" / WS / "ext").symlink_to(o),
            _victim_entry(r, "ext/victim.txt", o / "victim.txt"),
        ),
        "ext",
    ),
    "a manifest entry with ..": (
        lambda r, o: _victim_entry(
            r, os.path.relpath(o / "victim.txt", r / "build" / WS), o / "victim.txt"
        ),
        "victim.txt",
    ),
    "a manifest entry with an absolute path": (
        lambda r, o: _victim_entry(r, str(o / "victim.txt"), o / "victim.txt"),
        "victim.txt",
    ),
}


def _listing(folder: Path) -> list[tuple[str, bytes]]:
    return sorted(
        (str(p.relative_to(folder)), p.read_bytes() if p.is_file() else b"")
        for p in folder.rglob("*")
    )


def _committed_clone(ws_project: Path, tmp_path: Path, shape: str) -> tuple[Path, Path]:
    """The project with `shape` committed to git and cloned elsewhere; and the outside
    folder the links lead to (holding a canary and a victim file)."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "victim.txt").write_text("the victim's own file\n")
    (outside / "canary").write_text("canary\n")
    src = tmp_path / "pr"
    shutil.copytree(ws_project, src, symlinks=True)
    SHAPES[shape][0](src, outside)
    git = ["git", "-c", "user.name=pr", "-c", "user.email=pr@example.invalid"]
    subprocess.run([*git, "init", "-q", str(src)], check=True)
    subprocess.run([*git, "-C", str(src), "add", "-A"], check=True)
    subprocess.run([*git, "-C", str(src), "commit", "-qm", "pr"], check=True)
    clone = tmp_path / "ci"
    subprocess.run(["git", "clone", "-q", str(src), str(clone)], check=True)
    return clone, outside


@pytest.mark.slow
@pytest.mark.parametrize("shape", list(SHAPES))
def test_a_committed_build_folder_never_reaches_out(
    ws_project: Path, tmp_path: Path, shape: str
) -> None:
    clone, outside = _committed_clone(ws_project, tmp_path, shape)
    before = _listing(outside)
    for mode in ([], ["--force"], ["--watch"]):
        proc = toolkit("build", "--game", WS, *mode, cwd=clone)
        lines = proc.stderr.strip().splitlines()
        assert proc.returncode == 2, (mode, proc.stdout, proc.stderr)
        assert len(lines) == 1 and lines[0].startswith("Error: "), (mode, proc.stderr)
        assert SHAPES[shape][1] in lines[0], lines[0]
        if "manifest entry" in shape:  # the entry it refuses, named once
            assert lines[0].count("victim.txt") == 1, lines[0]
        assert "Traceback" not in proc.stdout + proc.stderr
        assert _listing(outside) == before, mode


def test_a_link_to_the_out_folder_inside_the_project_is_taken_only_when_named(
    ws_project: Path, tmp_path: Path
) -> None:
    """`build -> kits/build` inside the project: refused as the default (a committed link
    must not choose), built when the user names it with --out."""
    root = tmp_path / "p"
    shutil.copytree(ws_project, root, symlinks=True)
    (root / "kits").mkdir()
    (root / "build").rename(root / "kits" / "build")
    (root / "build").symlink_to(Path("kits") / "build")
    proc = toolkit("build", "--game", WS, "--only", "kit/*", cwd=root)
    assert proc.returncode == 2 and "committed link" in proc.stderr, proc.stderr
    proc = toolkit("build", "--game", WS, "--only", "kit/*", "--out", "build", cwd=root)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_a_committed_build_link_is_refused_from_any_working_folder(
    ws_project: Path, tmp_path: Path
) -> None:
    """`build -> outside` committed: refused whichever folder the build starts from (a sub
    folder of the project, or one outside it naming the project's folders), as from the
    project itself; nothing written outside."""
    clone, outside = _committed_clone(ws_project, tmp_path, "link at --out itself")
    before = _listing(outside)
    (clone / "sub").mkdir()
    runs = [
        (clone / "sub", ["--content", "../content", "--out", "../build"]),
        (tmp_path, ["--content", str(clone / "content"), "--out", str(clone / "build")]),
    ]
    for cwd, args in runs:
        proc = toolkit("build", "--game", WS, "--only", "kit/*", *args, cwd=cwd)
        assert proc.returncode == 2, (cwd, args, proc.stdout, proc.stderr)
        assert proc.stderr.startswith("Error: ") and "link" in proc.stderr, proc.stderr
        assert _listing(outside) == before, (cwd, args)


def test_a_committed_schemas_link_is_never_written_through(
    ws_project: Path, tmp_path: Path
) -> None:
    """`schemas/worldspanner -> outside` committed: `toolkit schema` writes nothing there."""
    root = tmp_path / "p"
    shutil.copytree(ws_project, root, symlinks=True)
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "hero.schema.json").write_text("the user's own file")
    (root / "schemas").mkdir(exist_ok=True)
    shutil.rmtree(root / "schemas" / WS, ignore_errors=True)
    (root / "schemas" / WS).symlink_to(outside, target_is_directory=True)
    before = _listing(outside)
    proc = toolkit("schema", "--game", WS, cwd=root)
    assert proc.returncode == 2 and proc.stderr.startswith("Error: "), proc.stdout + proc.stderr
    assert "link" in proc.stderr
    assert _listing(outside) == before


def test_out_folder_paths_are_checked_at_every_write_and_delete(tmp_path: Path) -> None:
    """Below the build's own walk: the writer itself refuses a path that climbs out, an
    absolute one, and one through a link made after the walk."""
    from toolkit.write.outfolder import LinkError, OutFolder

    game_out = tmp_path / "build" / WS
    (game_out / "cards").mkdir(parents=True)
    outside = tmp_path / "outside"
    outside.mkdir()
    folder = OutFolder(game_out)
    folder.guard()
    for rel in ("../../outside/x", str(outside / "x"), "cards/../../x", ""):
        with pytest.raises(LinkError):
            folder.write_text(rel, "no")
    (game_out / "sheets").symlink_to(outside)
    with pytest.raises(LinkError, match="sheets is a link"):
        folder.write_text("sheets/factions/a.pdf", "no")
    with pytest.raises(LinkError, match="sheets is a link"):
        folder.guard()
    (outside / "victim").write_text("mine")
    (game_out / "cards" / "victim").symlink_to(outside / "victim")
    with pytest.raises(LinkError, match="victim is a link"):
        folder.remove("cards/victim")
    assert list(outside.iterdir()) == [outside / "victim"]
    assert (outside / "victim").read_text() == "mine"
    folder.write_text("cards/ok.txt", "yes")
    assert (game_out / "cards" / "ok.txt").read_text() == "yes"
