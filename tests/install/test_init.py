"""`toolkit init`: a designer's own content repository made from a shipped game, as the
designer uses it: checked and built from inside it, its editor schemas where each file's
`$schema` line leads, its pre-commit config and workflow installing the same toolkit, and a
template override there changing the page that uses it and no other."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.support.shipped import CONTENT, ROOT

REPO, REV = "https://example.org/toolkit.git", "v1.2.3"
MODELINE = re.compile(r"#\s*yaml-language-server:\s*\$schema=(\S+)")


def toolkit(
    cwd: Path, *args: str | Path, home: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """`toolkit ARGS` in a fresh interpreter, from `cwd`, with a cache of its own."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "TOOLKIT_NO_CACHE")}
    env["XDG_CACHE_HOME"] = str((home or cwd) / ".test-cache")
    return subprocess.run(
        [sys.executable, "-m", "toolkit", *map(str, args)],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def init(tmp_path: Path, game: str, *extra: str) -> Path:
    """A repository made by `toolkit init` from the project's shipped `game`."""
    repo = tmp_path / "designer"
    args = ["init", repo, "--from", game, "--content", CONTENT, *extra]
    proc = toolkit(tmp_path, *args, "--toolkit-repo", REPO, "--toolkit-rev", REV)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    return repo


def test_an_init_repository_holds_the_game_its_rules_schemas_and_configs(tmp_path: Path) -> None:
    repo = init(tmp_path, "god-emperor")
    shipped = sorted(
        p.relative_to(CONTENT).as_posix()
        for p in (CONTENT / "god-emperor").rglob("*")
        if p.is_file()
    )
    copied = sorted(
        p.relative_to(repo / "content").as_posix()
        for p in (repo / "content").rglob("*")
        if p.is_file()
    )
    assert copied == shipped
    declared = yaml.safe_load((CONTENT / "god-emperor/game.yaml").read_text())["rules_texts"]
    for path in declared.values():  # each rules text where game.yaml says, as shipped
        assert (repo / path).read_bytes() == (ROOT / path).read_bytes()
    modelines = 0
    for path in (repo / "content").rglob("*.yaml"):  # every `$schema` line leads to a schema
        found = MODELINE.search(path.read_text(encoding="utf-8").split("\n", 1)[0])
        if found:
            modelines += 1
            schema = (path.parent / found.group(1)).resolve()
            assert schema.is_relative_to(repo.resolve() / "schemas"), schema
            assert json.loads(schema.read_text())["$schema"], schema
    assert modelines > 0
    hooks = yaml.safe_load((repo / ".pre-commit-config.yaml").read_text())["repos"]
    assert [(h["repo"], h["rev"], [x["id"] for x in h["hooks"]]) for h in hooks] == [
        (REPO, REV, ["toolkit-check"])
    ]
    workflow = (repo / ".github/workflows/content.yml").read_text()
    steps = yaml.safe_load(workflow)["jobs"]["check-and-build"]["steps"]
    runs = [s.get("run", "") for s in steps]
    assert f"toolkit @ git+{REPO}@{REV}" in workflow
    assert "toolkit check --format github" in runs
    assert any(s.get("uses", "").startswith("actions/upload-artifact") for s in steps)
    assert "build/" in (repo / ".gitignore").read_text().split()
    assert "toolkit build" in (repo / "README.md").read_text()


@pytest.mark.slow
def test_an_init_repository_checks_and_builds_from_inside_it(tmp_path: Path) -> None:
    repo = init(tmp_path, "forty-factions")
    checked = toolkit(repo, "check")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert re.search(r"\b0 errors\b", checked.stdout.splitlines()[-1]), checked.stdout
    built = toolkit(repo, "build", "--only", "boards/council.svg")
    assert built.returncode == 0, built.stdout + built.stderr
    assert "forty-factions: 1 built" in built.stdout
    assert (repo / "build/forty-factions/boards/council.svg").stat().st_size > 0


def test_init_refuses_a_folder_that_is_not_empty_and_writes_nothing(tmp_path: Path) -> None:
    used = tmp_path / "used"
    used.mkdir()
    (used / "notes.txt").write_text("mine\n")
    proc = toolkit(
        tmp_path,
        "init",
        used,
        "--from",
        "forty-factions",
        "--content",
        CONTENT,
        "--toolkit-repo",
        REPO,
        "--toolkit-rev",
        REV,
    )
    assert proc.returncode == 2
    assert "not empty" in proc.stderr and "Traceback" not in proc.stderr
    assert [p.name for p in used.iterdir()] == ["notes.txt"]


def test_init_names_the_games_there_when_the_game_is_missing(tmp_path: Path) -> None:
    target = tmp_path / "new"
    proc = toolkit(
        tmp_path,
        "init",
        target,
        "--from",
        "fifty-factions",
        "--content",
        CONTENT,
        "--toolkit-repo",
        REPO,
        "--toolkit-rev",
        REV,
    )
    assert proc.returncode == 2
    assert "no game 'fifty-factions'" in proc.stderr and "forty-factions" in proc.stderr
    assert not target.exists()


def _digests(repo: Path, game: str) -> dict[str, str]:
    manifest = json.loads((repo / "build" / game / "kit/manifest.json").read_text())
    return {o["path"]: o["sha256"] for o in manifest["outputs"]}


@pytest.mark.slow
def test_a_template_override_changes_the_page_that_uses_it_and_no_other(tmp_path: Path) -> None:
    """A file under the repository's templates/ replaces the packaged one of the same path
    (here extending it through `builtin/`): the board it draws changes, and only it."""
    repo = init(tmp_path, "forty-factions")
    only = ["--only", "boards/council.svg", "--only", "boards/congress.svg"]
    only += ["--only", "sheets/factions/001-*"]
    first = toolkit(repo, "build", *only)
    assert first.returncode == 0, first.stdout + first.stderr
    before = _digests(repo, "forty-factions")
    assert len(before) == 3, before

    override = repo / "templates/forty-factions/boards/council.svg.j2"
    override.parent.mkdir(parents=True)
    override.write_text(
        '{% extends "builtin/forty-factions/boards/council.svg.j2" %}\n'
        "{% block body %}{{ super() }}"
        '<text class="designer" x="5" y="5">House edition</text>{% endblock %}\n',
        encoding="utf-8",
    )
    second = toolkit(repo, "build", *only)
    assert second.returncode == 0, second.stdout + second.stderr
    after = _digests(repo, "forty-factions")
    assert [p for p in after if after[p] != before[p]] == ["boards/council.svg"]
    assert "House edition" in (repo / "build/forty-factions/boards/council.svg").read_text()
