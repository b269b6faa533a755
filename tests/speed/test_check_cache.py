"""A cold `toolkit check` prints a game's kept result while nothing it reads has changed,
and checks again the moment anything does (toolkit/speed/check_cache.py)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import toolkit
from tests.support.hostile import code_running_pickle
from tests.support.shipped import CONTENT, ROOT, copy_rules, edit, faction_file
from toolkit.core import resources
from toolkit.speed import check_cache

# `python -m toolkit`, noting on exit which game packs the process imported
_RUN = """
import atexit, json, os, sys
def noted():
    with open(os.environ["PACKS_IMPORTED"], "w") as fh:
        json.dump(sorted({m.split(".")[2] for m in sys.modules
                          if m.startswith("toolkit.games.") and m.count(".") >= 2}), fh)
atexit.register(noted)
sys.argv = ["toolkit", *sys.argv[1:]]
from toolkit.cli import main
main()
"""


class Run:
    def __init__(self, proc: subprocess.CompletedProcess[str], packs: list[str]) -> None:
        self.code, self.out, self.err, self.packs = proc.returncode, proc.stdout, proc.stderr, packs


def _check(tmp: Path, *args: str, cache: bool = True, cwd: Path | None = None) -> Run:
    """`toolkit check --content content ARGS` in a fresh interpreter, with the cache in
    tmp/cache (or none)."""
    env = {k: v for k, v in os.environ.items() if k != "TOOLKIT_NO_CACHE"}
    env.update(
        XDG_CACHE_HOME=str(tmp / "cache"),
        PYTHONPATH=str(ROOT),
        PACKS_IMPORTED=str(tmp / "packs.json"),
    )
    if not cache:
        env["TOOLKIT_NO_CACHE"] = "1"
    proc = subprocess.run(
        [sys.executable, "-c", _RUN, "check", "--content", str(tmp / "content"), *args],
        cwd=cwd or tmp,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    return Run(proc, json.loads((tmp / "packs.json").read_text()))


@pytest.fixture
def project(tmp_path: Path) -> Path:
    shutil.copytree(CONTENT, tmp_path / "content")
    copy_rules(tmp_path)
    return tmp_path


@pytest.mark.slow
def test_an_unchanged_kit_is_printed_from_its_kept_results_without_loading_a_game(
    project: Path,
) -> None:
    first = _check(project)
    assert first.code == 0
    # every game was loaded and checked (all but one in a forked copy where there are two
    # cores, `toolkit.speed.aside`), and its validated documents kept for the next process
    kept_documents = sorted(
        p.name.split("-", 1)[1].rsplit("-", 1)[0]
        for p in (project / "cache/toolkit").glob("content-*")
    )
    assert kept_documents == ["forty-factions", "god-emperor", "worldspanner"]
    assert first.out == _check(project, cache=False).out
    again = _check(project)
    assert (again.code, again.out, again.err) == (first.code, first.out, first.err)
    assert again.packs == []  # nothing loaded, validated or checked
    files = [p for p in (project / "content").rglob("*") if p.suffix in (".yaml", ".csv")]
    assert f"{len(files)} files checked" in again.err + again.out  # every file, as kept
    as_json = _check(project, "--format", "json")
    assert as_json.packs == []
    assert json.loads(as_json.out) == json.loads(
        _check(project, "--format", "json", cache=False).out
    )
    files = sorted(p.name.split("-")[0] for p in (project / "cache/toolkit").glob("check-*"))
    assert files == ["check"] * 3  # one kept result a game folder
    for kept in (project / "cache/toolkit").glob("check-*"):
        assert oct(kept.stat().st_mode & 0o777) == "0o600"


@pytest.mark.slow
def test_an_edit_checks_its_own_game_again_and_only_it(project: Path) -> None:
    _check(project)
    navy = faction_file(project / "content", 2)
    good = navy.read_text()
    edit(navy, "seats:", "seats: {council: 99}\nold_seats:")
    broken = _check(project)
    assert broken.code == 1 and broken.packs == ["forty_factions"], broken.out + broken.err
    assert "002-navy.yaml" in broken.out
    navy.write_text(good)
    fixed = _check(project)
    assert fixed.code == 0 and fixed.packs == ["forty_factions"]
    assert fixed.out == _check(project, cache=False).out


@pytest.mark.slow
def test_a_file_added_or_removed_is_seen(project: Path) -> None:
    _check(project)
    heroes = project / "content/worldspanner/heroes"
    shutil.copy(heroes / "lazar.yaml", heroes / "lazar-again.yaml")  # the same id twice
    twice = _check(project)
    assert twice.code == 1 and twice.packs == ["worldspanner"]
    assert "lazar-again.yaml" in twice.out
    (heroes / "lazar-again.yaml").unlink()
    assert _check(project).code == 0


@pytest.mark.slow
def test_a_result_is_the_same_from_any_folder(project: Path) -> None:
    """Findings name files as the project does (`content/<game>/...`): a check from another
    folder, kept or not, prints what a check from the project prints."""
    edit(faction_file(project / "content", 2), "seats:", "seats: {council: 99}\nold_seats:")
    there = _check(project)
    inner = project / "content"
    here = _check(project, cwd=inner)
    assert here.out == there.out == _check(project, cwd=inner, cache=False).out
    assert "content/forty-factions/factions/002-navy.yaml" in here.out


def test_a_folder_holding_a_link_is_checked_every_time(project: Path) -> None:
    """The key is made of bytes it has read: a link (which the loader judges) is not
    followed to make it, so such a folder is never kept."""
    game = project / "content/worldspanner"
    (game / "heroes/alias.yaml").symlink_to(game / "heroes/lazar.yaml")
    first, second = _check(project), _check(project)
    assert second.packs == ["worldspanner"]  # checked again; the other games kept
    assert first.out == second.out


def test_the_key_follows_the_code_the_templates_and_every_byte(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("TOOLKIT_NO_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(project / "cache"))
    game = project / "content/worldspanner"
    key = check_cache.key(game)
    assert key is not None and check_cache.key(game) == key
    lazar = game / "heroes/lazar.yaml"
    lazar.write_text(lazar.read_text().replace("name: Lazar", "name: Lazor"))  # same size
    assert check_cache.key(game) != key
    edited = check_cache.key(game)
    monkeypatch.setattr(check_cache, "_templates", lambda: "a board.css changed")
    assert check_cache.key(game) not in (key, edited)
    monkeypatch.setenv("TOOLKIT_NO_CACHE", "1")
    assert check_cache.key(game) is None


def test_an_edit_to_a_template_in_the_package_is_a_new_key(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The key follows the templates the toolkit reads, those shipped in its package
    (`toolkit.core.resources`), wherever it is installed: a board.css edited (in a copy, as
    the package's own must not be written) is a new key."""
    monkeypatch.delenv("TOOLKIT_NO_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(project / "cache"))
    assert check_cache.TEMPLATES == resources.TEMPLATES
    assert resources.TEMPLATES.parent == Path(toolkit.__file__).resolve().parent
    templates = Path(shutil.copytree(resources.TEMPLATES, tmp_path / "templates"))
    monkeypatch.setattr(check_cache, "TEMPLATES", templates)
    game = project / "content/god-emperor"
    key = check_cache.key(game)
    assert key is not None and check_cache.key(game) == key
    css = templates / "god-emperor" / "board.css"
    css.write_text(css.read_text(encoding="utf-8") + "\n.x { fill: #000 }\n", encoding="utf-8")
    assert check_cache.key(game) != key


@pytest.mark.slow
def test_a_kept_result_others_may_write_is_never_loaded(project: Path) -> None:
    _check(project)
    (kept,) = (project / "cache/toolkit").glob("check-worldspanner-*.pickle")
    marker = project / "ran"
    kept.write_bytes(code_running_pickle(marker))
    kept.chmod(0o660)
    run = _check(project)
    assert run.code == 0 and "worldspanner" in run.packs and not marker.exists()
    kept.chmod(0o600)
    kept.write_bytes(b"damaged")
    assert _check(project).packs == ["worldspanner"]


def test_hostile_entries_are_never_followed_to_make_the_key(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the cache on, a game folder holding a link out of the project, a linked folder
    and a named pipe: the key is made without following or opening any of them (the pipe
    would hang a reader), and nothing outside the project (its content, the rules texts
    its game.yaml names) and the cache is read."""
    from tests.support.hostile import outside_folder, outside_reads, run_recorded

    outside = outside_folder(project)
    heroes = project / "content/worldspanner/heroes"
    (heroes / "secret.yaml").symlink_to(outside / "secret.txt")
    (heroes / "more").symlink_to(outside, target_is_directory=True)
    os.mkfifo(heroes / "pipe.yaml")
    monkeypatch.delenv("TOOLKIT_NO_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(project / "cache"))
    runs = [
        run_recorded(
            project, "check", "--content", str(project / "content"), "--game", "worldspanner"
        )
        for _ in range(2)
    ]
    for proc, opened in runs:
        assert proc.returncode == 1, proc.stdout + proc.stderr  # the loader refuses them
        assert not outside_reads(opened, project / "content", project / "rules", project / "cache")
    assert runs[0][0].stdout == runs[1][0].stdout
    assert not list((project / "cache/toolkit").glob("check-*"))  # nothing kept for it


def _wrong_result(result: check_cache.GameResult, shape: str) -> object:
    import dataclasses

    from toolkit.core.diagnostics import Loc

    d = result.diagnostics[0]
    return {
        "a count of another type": dataclasses.replace(result, files="many"),
        "findings of another type": dataclasses.replace(result, diagnostics=["error"]),
        "a finding's place of another type": dataclasses.replace(
            result, diagnostics=[dataclasses.replace(d, loc=Loc(d.loc.path, "1", 1))]
        ),
        "notes of another type": dataclasses.replace(result, notes=[3]),
    }[shape]


@pytest.mark.slow
@pytest.mark.parametrize(
    "shape",
    [
        "a count of another type",
        "findings of another type",
        "a finding's place of another type",
        "notes of another type",
    ],
)
def test_a_kept_result_of_the_wrong_shape_is_checked_again(project: Path, shape: str) -> None:
    """A kept result under the right key whose parts are not of their types is a miss:
    the game is checked again and the report is the one an empty cache gives."""
    import pickle

    edit(project / "content/worldspanner/heroes/lazar.yaml", "health: 5", "health: five")
    first = _check(project, "--game", "worldspanner")
    assert first.code == 1
    (kept,) = (project / "cache/toolkit").glob("check-worldspanner-*.pickle")
    key_, result = pickle.loads(kept.read_bytes())
    kept.write_bytes(pickle.dumps((key_, _wrong_result(result, shape))))
    again = _check(project, "--game", "worldspanner")
    assert "Traceback" not in again.err, again.err
    assert again.packs == ["worldspanner"]  # checked again
    assert (again.code, again.out, again.err) == (first.code, first.out, first.err)


@pytest.mark.parametrize("part", ["found", "notes", "checked", "line", "inputs"])
def test_a_kept_build_record_of_the_wrong_shape_is_not_told(tmp_path: Path, part: str) -> None:
    """A manifest's record of a game's build (`kept_builds.seal`) under the right key, its
    files as that build left them, whose parts are not of the types `seal` writes: the
    game is loaded and built as without a record."""
    from types import SimpleNamespace

    from toolkit.core.diagnostics import Diagnostic, Loc, Report, Severity
    from toolkit.kit.manifest import file_digest
    from toolkit.speed import kept_builds

    (tmp_path / "a.md").write_text("written\n")
    found = Report(
        diagnostics=[
            Diagnostic(Loc("content/g/x.yaml", 2, 3), Severity.WARNING, "G-X", "a finding")
        ],
        files=3,
    )
    record = kept_builds.seal("k", found)
    written = {"a.md": file_digest(tmp_path / "a.md")}
    manifest = SimpleNamespace(build=record, damaged="", entries={}, written=written)
    told = kept_builds.recall(manifest, tmp_path, "k", tmp_path)
    assert told is not None and told.found.diagnostics == found.diagnostics
    wrong = {
        "found": 5,
        "notes": 5,
        "checked": "3",
        "line": [{**record["found"][0], "line": "2"}],
        "inputs": [["rules/x.md"]],
    }[part]
    manifest.build = {**record, "found" if part == "line" else part: wrong}
    assert kept_builds.recall(manifest, tmp_path, "k", tmp_path) is None
