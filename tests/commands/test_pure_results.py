"""What `check` reports and `build` writes depend on the content alone: not on the user
cache's state or the history of edits it saw, nor on the folder the command runs from."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.support.shipped import CONTENT, copy_rules, toolkit

Mutation = tuple[str, str, Callable[[Path], None]]


def _replace(rel: str, old: str, new: str) -> Callable[[Path], None]:
    def apply(game_dir: Path) -> None:
        (path,) = sorted(game_dir.glob(rel))
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{old!r} not in {path}"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")

    return apply


def _append(rel: str, tail: str) -> Callable[[Path], None]:
    def apply(game_dir: Path) -> None:
        (path,) = sorted(game_dir.glob(rel))
        path.write_text(path.read_text(encoding="utf-8") + tail, encoding="utf-8")

    return apply


def _remove(rel: str) -> Callable[[Path], None]:
    def apply(game_dir: Path) -> None:
        (path,) = sorted(game_dir.glob(rel))
        path.unlink()

    return apply


def _copy(rel: str, name: str) -> Callable[[Path], None]:
    def apply(game_dir: Path) -> None:
        (path,) = sorted(game_dir.glob(rel))
        shutil.copyfile(path, path.with_name(name))

    return apply


FF, WS, GE = "forty-factions", "worldspanner", "god-emperor"
MUTATIONS: list[Mutation] = [
    (FF, "a Council seat removed", _replace("factions/017-*.yaml", "council: 1", "council: 0")),
    (FF, "a party changed", _replace("factions/017-*.yaml", "politics: liberal", "politics: x")),
    (FF, "a faction's file removed", _remove("factions/018-*.yaml")),
    (FF, "a faction twice", _copy("factions/017-*.yaml", "099-copy.yaml")),
    (FF, "a YAML error", _append("factions/002-*.yaml", "\n  broken: [\n")),
    (FF, "an unknown key", _append("plots/001-*.yaml", "\nbogus: 1\n")),
    (WS, "an unknown key in a hero", _append("heroes/blackbeard.yaml", "\nbogus: 1\n")),
    (WS, "a YAML error in game.yaml", _append("game.yaml", "\n: : [\n")),
    (WS, "the components removed", _remove("components.yaml")),
    (GE, "an unknown key in the cast", _append("game.yaml", "\nbogus: 1\n")),
    (GE, "a YAML error in the court", _append("court.yaml", "\n  - [\n")),
    (
        GE,
        "a cost the rules state changed",
        _replace("court.yaml", '"Tax", cost: 6', '"Tax", cost: 5'),
    ),
]


def _env(cache: Path | None) -> dict[str, str]:
    env = dict(os.environ)
    if cache is None:
        env["TOOLKIT_NO_CACHE"] = "1"
    else:
        env.pop("TOOLKIT_NO_CACHE", None)
        env["XDG_CACHE_HOME"] = str(cache)
    return env


@pytest.mark.slow
def test_a_report_is_the_same_from_any_cache_and_any_folder(tmp_path: Path) -> None:
    """Each mutation's report, byte for byte: with a cache warmed by the earlier edits of the
    same files (first loading, then kept), with no cache, and run from the project, from
    another folder and from inside the content folder."""
    project = tmp_path / "project"
    shutil.copytree(CONTENT, project / "content")
    copy_rules(project)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    cache = tmp_path / "cache"
    assert len({game for game, _what, _apply in MUTATIONS}) == 3
    for game, what, apply in MUTATIONS:
        game_dir = project / "content" / game
        apply(game_dir)
        runs = {
            "warm cache, from the project": (project, "content", cache),
            "kept check, from another folder": (elsewhere, str(project / "content"), cache),
            "no cache, from the content folder": (project / "content", ".", None),
        }
        reports = {}
        for name, (cwd, content, cache_dir) in runs.items():
            proc = toolkit(
                "check", "--content", content, "--game", game, cwd=cwd, env=_env(cache_dir)
            )
            reports[name] = (proc.returncode, proc.stdout, proc.stderr)
        first = reports["warm cache, from the project"]
        assert first[0] == 1, f"{what}: expected findings\n{first[1]}{first[2]}"
        assert f"content/{game}/" in first[1], f"{what}: paths as the project names them"
        for name, report in reports.items():
            assert report == first, f"{what}: {name} differs\n{report}\n{first}"
        shutil.rmtree(game_dir)  # as shipped again, for the next edit
        shutil.copytree(CONTENT / game, game_dir)
    assert any(cache.rglob("*")), "the warm runs kept nothing: the test compared no cache"


@pytest.mark.slow
def test_a_kit_built_from_another_folder_is_up_to_date_and_the_same(tmp_path: Path) -> None:
    """Built once from the project, then from another folder with the same content and
    output folder: nothing is rebuilt, and the manifest and coverage page are the same."""
    project = tmp_path / "project"
    shutil.copytree(CONTENT / WS, project / "content" / WS)
    copy_rules(project)
    env = _env(None)
    first = toolkit("build", "--game", WS, cwd=project, env=env)
    assert first.returncode == 0, first.stdout + first.stderr
    kit = project / "build" / WS / "kit"
    manifest = (kit / "manifest.json").read_bytes()
    coverage = (kit / "coverage.html").read_bytes()
    again = toolkit(
        "build",
        "--game",
        WS,
        "--content",
        str(project / "content"),
        "--out",
        str(project / "build"),
        cwd=tmp_path,
        env=env,
    )
    assert again.returncode == 0, again.stdout + again.stderr
    assert f"{WS}: 0 built" in again.stdout, again.stdout
    assert (kit / "manifest.json").read_bytes() == manifest
    assert (kit / "coverage.html").read_bytes() == coverage
    sources = {s for o in json.loads(manifest)["outputs"] for s in o["sources"]}
    assert sources and all(not os.path.isabs(s) for s in sources), sorted(sources)[:5]
