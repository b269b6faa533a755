"""The output folder is the toolkit's only where its manifest says so (issue 18): `--out`
never destroys a user's files (case 8), and a damaged manifest is rebuilt around, never a
traceback (case 9)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.support.shipped import CONTENT, ROOT, copy_rules, designers, toolkit
from toolkit.core.resources import TEMPLATES

WS = "worldspanner"


@pytest.fixture(scope="module")
def ws_kit(shipped_kit: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Worldspanner kit built from the shipped content, on its own in a project: the
    run's shipped kit's, confirmed up to date by a build of that game alone."""
    root = tmp_path_factory.mktemp("ws")
    shutil.copytree(shipped_kit / "content", root / "content")
    copy_rules(root)
    shutil.copytree(shipped_kit / "build" / WS, root / "build" / WS)
    proc = toolkit("build", "--content", "content", "--game", WS, "--out", "build", cwd=root)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert " 0 built" in proc.stdout, proc.stdout
    return root


def _project(ws_kit: Path, dest: Path) -> Path:
    shutil.copytree(ws_kit, dest, symlinks=True)
    return dest


def _build(root: Path, *args: str) -> tuple[int, str, str]:
    proc = toolkit("build", "--content", "content", "--game", WS, "--out", "build", *args, cwd=root)
    return proc.returncode, proc.stdout, proc.stderr


def _manifest(root: Path) -> dict[str, object]:
    return json.loads((root / "build" / WS / "kit" / "manifest.json").read_text())


# ----------------------------------------------------------------- case 8: --out safety


def _listing(folder: Path) -> list[tuple[str, int]]:
    return sorted((str(p), p.lstat().st_mtime_ns) for p in folder.rglob("*"))


@pytest.mark.parametrize(
    ("out", "says"),
    [
        ("/", "is the root folder"),
        ("~", "is your home folder"),
        ("content", "is the content folder"),
        ("content/worldspanner", "lies inside the content folder"),
        (".", "contains the content folder"),
        ("{templates}", "is the templates folder"),
        ("{templates}/common", "lies inside the templates folder"),
    ],
)
def test_out_folders_that_hold_the_users_files_are_refused(
    tmp_path: Path, out: str, says: str
) -> None:
    root = tmp_path / "project"
    shutil.copytree(CONTENT, root / "content")
    copy_rules(root)
    home = tmp_path / "home"
    home.mkdir()
    target = out.replace("~", str(home)).format(templates=TEMPLATES)
    before = _listing(tmp_path), _listing(TEMPLATES)
    env = dict(os.environ, HOME=str(home), PYTHONPATH=str(ROOT))
    args = ["build", "--content", "content", "--game", WS, "--only", "kit/*", "--out", target]
    proc = subprocess.run(
        [sys.executable, "-m", "toolkit", *args],
        cwd=root,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert says in proc.stderr and len(proc.stderr.strip().splitlines()) == 1
    assert (_listing(tmp_path), _listing(TEMPLATES)) == before  # nothing written


def test_a_folder_holding_the_users_files_is_not_overwritten_or_pruned(tmp_path: Path) -> None:
    """The issue's own: pointed at an existing folder, the gallery deleted a photo under
    preview/ and index.html and cards/backs.pdf were overwritten."""
    root = tmp_path / "p"
    shutil.copytree(CONTENT, root / "content")
    copy_rules(root)
    mine = root / "build" / WS
    (mine / "preview").mkdir(parents=True)
    (mine / "cards").mkdir()
    files = {
        mine / "preview" / "photo.png": b"my photo",
        mine / "index.html": b"<p>mine</p>",
        mine / "cards" / "backs.pdf": b"my own backs",
    }
    for path, data in files.items():
        path.write_bytes(data)
    code, _out, err = _build(root)
    assert code == 2, err
    assert "index.html" in err and "cards/backs.pdf" in err and "not overwritten" in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    for path, data in files.items():
        assert path.read_bytes() == data
    assert not (mine / "kit").exists()  # nothing was written before the refusal


def test_the_gallery_prunes_only_its_own_pictures(ws_kit: Path, tmp_path: Path) -> None:
    root = _project(ws_kit, tmp_path / "k")
    out = root / "build" / WS
    photo = out / "preview" / "cards" / "holiday.png"
    lookalike = out / "preview" / "cards" / "heroes-a4.0123456789abcdef.png"  # toolkit-like
    photo.write_bytes(b"my photo")
    lookalike.write_bytes(b"not the toolkit's")
    old_previews = {p for p in _manifest(root)["written"] if "heroes" in p}  # type: ignore[union-attr]
    hero = root / "content" / WS / "heroes" / "lazar.yaml"
    hero.write_text(hero.read_text().replace("name: Lazar", "name: Lazar the Bold"))
    designers(hero, "name")  # the rulebook names Lazar: the new name is the designer's
    code, stdout, err = _build(root)
    assert code == 0, stdout + err
    assert photo.read_bytes() == b"my photo" and lookalike.read_bytes() == b"not the toolkit's"
    written = _manifest(root)["written"]
    assert old_previews and not any((out / p).exists() for p in old_previews - set(written))
    assert all((out / p).exists() for p in written)  # type: ignore[union-attr]


def test_an_output_the_user_changed_is_kept_when_it_is_no_longer_made(
    ws_kit: Path, tmp_path: Path
) -> None:
    root = _project(ws_kit, tmp_path / "k")
    out = root / "build" / WS
    (root / "content" / WS / "challenges" / "white.yaml").unlink()
    faces = out / "cards" / "challenge-white-faces.pdf"
    faces.write_bytes(faces.read_bytes() + b"% my notes\n")
    code, stdout, err = _build(root)
    assert code == 0, stdout + err
    assert faces.exists() and f"kept build/{WS}/cards/challenge-white-faces.pdf" in stdout
    assert not (out / "cards" / "challenge-white-a4.pdf").exists()  # unchanged: removed
    assert "cards/challenge-white-faces.pdf" not in {e["path"] for e in _manifest(root)["outputs"]}  # type: ignore[index]


@pytest.mark.slow
def test_setup_sheets_are_recorded_and_never_overwrite_a_users_file(tmp_path: Path) -> None:
    root = tmp_path / "p"
    shutil.copytree(CONTENT, root / "content")
    copy_rules(root)
    args = (
        "setup",
        WS,
        "--content",
        "content",
        "--out",
        "build",
        "--design",
        "quad",
        "--seed",
        "7",
    )
    proc = toolkit(*args, cwd=root)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    manifest = _manifest(root)
    assert set(manifest["written"]) == {"setup/quad-seed-7.svg", "setup/quad-seed-7.pdf"}  # type: ignore[arg-type]
    assert toolkit(*args, cwd=root).returncode == 0  # its own files: written again
    users = root / "build" / WS / "setup" / "quad-seed-8.svg"
    users.write_text("mine")
    proc = toolkit(*args[:-1], "8", cwd=root)
    assert proc.returncode == 2 and "not overwritten" in proc.stderr
    assert users.read_text() == "mine"


# ----------------------------------------------------------------- case 9: damaged manifest


# (An entry whose path leaves the folder is no damage to build around: the build refuses it,
# `test_out_links.py`.)
@pytest.mark.slow
@pytest.mark.parametrize(
    "damage",
    [
        lambda m: {**m, "outputs": [*m["outputs"][:-1], {"path": 5}]},  # the issue's own
        lambda m: {**m, "outputs": [*m["outputs"], {**m["outputs"][0], "path": ""}]},
    ],
)
def test_a_damaged_manifest_is_rebuilt_around(
    ws_kit: Path, tmp_path: Path, damage: Callable[[dict[str, Any]], object]
) -> None:
    root = _project(ws_kit, tmp_path / "k")
    path = root / "build" / WS / "kit" / "manifest.json"
    good = json.loads(path.read_text())
    path.write_text(json.dumps(damage(good)))
    canary = tmp_path / "x"
    canary.write_text("outside")
    code, stdout, err = _build(root, "--only", "kit/*")
    assert code == 0, stdout + err
    assert "Traceback" not in err and "was damaged" in stdout
    repaired = json.loads(path.read_text())
    assert all(isinstance(e["path"], str) and ".." not in e["path"] for e in repaired["outputs"])
    assert canary.read_text() == "outside"
    code, stdout, _ = _build(root)
    assert code == 0 and "was damaged" not in stdout
    code, stdout, _ = _build(root)
    assert code == 0 and f"0 built, {len(good['outputs'])} up to date" in stdout


@pytest.mark.slow
def test_a_manifest_that_is_not_json_is_rebuilt_around(ws_kit: Path, tmp_path: Path) -> None:
    root = _project(ws_kit, tmp_path / "k")
    path = root / "build" / WS / "kit" / "manifest.json"
    path.write_bytes(b"\x00{not json")
    # nothing it described can be trusted: what is asked for is rendered again (the set-up
    # sheets, a part of the kit, to keep the test short), and the others' files stay
    code, stdout, err = _build(root, "--only", "setup/*")
    assert code == 0, stdout + err
    assert "was damaged (cannot be read" in stdout
    shipped = json.loads((ws_kit / "build" / WS / "kit" / "manifest.json").read_text())["outputs"]
    asked = [o["path"] for o in shipped if o["path"].startswith("setup/")]
    assert asked and f"{len(asked)} built" in stdout
    rebuilt = json.loads(path.read_text())["outputs"]
    assert sorted(o["path"] for o in rebuilt) == sorted(asked)
    assert all((root / "build" / WS / o["path"]).is_file() for o in shipped)


@pytest.mark.parametrize(
    ("text", "owned"),
    [
        ('{"outputs": [{"path": 5}], "written": {}}', set()),
        ('{"outputs": [{"path": 5}]}', {"index.html"}),  # from before `written`: the gallery's
        (
            '{"outputs": [{"path": "a.pdf", "key": "k", "sha256": "s", "kind": "sheet"}, 7], '
            '"written": {}}',
            {"a.pdf"},
        ),
        ('{"outputs": [], "written": {"index.html": "s", "/etc/passwd": "s"}}', {"index.html"}),
        ('{"outputs": [], "written": ["index.html"]}', set()),
        ('{"outputs": "everything"}', set()),
        ('[{"outputs": []}]', set()),
        ('{"outputs": [{"path": "a.pdf", "sha256": 7}], "written": {}}', set()),
    ],
)
def test_manifest_read_keeps_what_it_can(tmp_path: Path, text: str, owned: set[str]) -> None:
    from toolkit.kit.manifest import Manifest

    path = tmp_path / "manifest.json"
    path.write_text(text)
    m = Manifest.read(path)
    assert m.damaged
    assert {p for p in ("a.pdf", "index.html", "/etc/passwd") if m.owns(p)} == owned
